import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEdgarClient, jobHandlers, loadPlan, runInline, silentLogger, startReplayServer, systemClock, type Job } from '../../ingest/index.ts';
import { loadConfig } from '../../schema/config.ts';
import { openEventLogDb } from '../../schema/databases.ts';
import { PACKAGE_ROOT, packagePath } from '../../schema/package-files.ts';
import { DEMO_USER_AGENT, replayManifests, SAMPLE_DIR } from '../demo.ts';
import { projectorCheckpoint } from '../catch-up.ts';

/** How often the bench looks at the projector's checkpoint: the resolution of the figures. */
const WATCH_MS = 10;

export interface FreshnessResult {
  events: number;
  discovered: number;
  fetchToApi: { p50: number; p95: number };
  discoveryToApi: { p50: number; p95: number };
  wallMs: number;
  edgarRequests: number;
  throttled: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/**
 * Replays the recorded EDGAR day of the demo (two daily indexes, the filers' submissions, their
 * prospectuses, the ticker map) through the pipeline as it runs in production: the EDGAR client at
 * the SEC's 10 requests a second against the replay server (which answers 403 above it, as EDGAR
 * does), the event log, and `ipo projector` in its own process polling at PROJECTOR_POLL_MS. A
 * watcher reads the projector's checkpoint every 10 ms: rows and checkpoint commit in one
 * transaction, and the API reads that file, so an event is served from the moment the checkpoint
 * passes it.
 *  - fetch → API: from the moment a response is recorded (the event's observation time) until served;
 *  - discovery → API: from the start of the discovery job (the daily index) until each filing it
 *    discovered is served.
 */
export async function runFreshnessBenchmark(out: NodeJS.WritableStream, options: { pollMs?: number } = {}): Promise<FreshnessResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ipo-bench-pipeline-'));
  const replay = await startReplayServer({ manifestPath: replayManifests(), rateLimitPerSecond: 10 });
  const env = { ...process.env, DATA_DIR: dataDir, REDIS_URL: '', PROJECTOR_POLL_MS: String(options.pollMs ?? 500), LOG_FORMAT: 'json' };
  const projector = spawn(process.execPath, [packagePath('scripts/ipo.mjs'), 'projector'], { cwd: PACKAGE_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let projectorErr = '';
  projector.stderr!.on('data', (chunk: Buffer) => (projectorErr += chunk.toString()));
  const events = await openEventLogDb(dataDir);
  const visibleAt = new Map<number, number>();
  let watching = true;
  try {
    const ready = Date.now() + 60_000;
    // Its log record saying it runs (LOG_FORMAT=json, one record a line).
    while (!/^\{.*"name":"projector".*"msg":"running"\}$/m.test(projectorErr)) {
      if (Date.now() > ready || projector.exitCode !== null) throw new Error(`ipo projector did not start:\n${projectorErr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    // Every seq the checkpoint passes is served from that moment.
    let covered = 0;
    const watcher = (async () => {
      while (watching) {
        const seq = projectorCheckpoint(dataDir) ?? 0;
        const now = Date.now();
        for (; covered < seq; covered++) visibleAt.set(covered + 1, now);
        await new Promise((r) => setTimeout(r, WATCH_MS));
      }
    })();

    const config = loadConfig({ DATA_DIR: dataDir, EDGAR_USER_AGENT: DEMO_USER_AGENT, EDGAR_WWW_URL: replay.urls.www, EDGAR_DATA_URL: replay.urls.data, EDGAR_MAX_RPS: '10' });
    const ctx = { client: createEdgarClient(config), log: events.log, clock: systemClock(), logger: silentLogger };
    const plan = loadPlan(join(SAMPLE_DIR, 'demo-plan.json')).jobs;
    const started = Date.now();
    // Discovery first, each index timed from its start; then the fetches of the day's filers.
    const discoveryStart = new Map<number, number>();
    for (const discovery of plan.filter((j) => j.name === 'edgar.daily_index')) {
      const from = events.log.lastSeq();
      const at = Date.now();
      await runInline([discovery as Job], { handlers: jobHandlers, ctx, concurrency: 4 });
      for (let seq = from + 1; seq <= events.log.lastSeq(); seq++) discoveryStart.set(seq, at);
    }
    await runInline(plan.filter((j) => j.name !== 'edgar.daily_index'), { handlers: jobHandlers, ctx, concurrency: 4 });
    const lastSeq = events.log.lastSeq();
    const deadline = Date.now() + 120_000;
    while ((projectorCheckpoint(dataDir) ?? 0) < lastSeq) {
      if (Date.now() > deadline) throw new Error(`the projector did not reach seq ${lastSeq}:\n${projectorErr.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, WATCH_MS));
    }
    await new Promise((r) => setTimeout(r, WATCH_MS * 3));
    watching = false;
    await watcher;
    const wallMs = Date.now() - started;

    const fetchToApi: number[] = [];
    const discoveryToApi: number[] = [];
    for (const event of events.log.readBatch(0, lastSeq)) {
      const served = visibleAt.get(event.seq);
      if (served === undefined) continue;
      fetchToApi.push(served - Date.parse(event.observedAt));
      const found = discoveryStart.get(event.seq);
      if (found !== undefined && event.type === 'edgar.index_entry') discoveryToApi.push(served - found);
    }
    const result: FreshnessResult = {
      events: fetchToApi.length,
      discovered: discoveryToApi.length,
      fetchToApi: summary(fetchToApi),
      discoveryToApi: summary(discoveryToApi),
      wallMs,
      edgarRequests: replay.requestLog.length,
      throttled: replay.requestLog.filter((r) => r.status === 403 || r.status === 429).length,
    };
    out.write(
      `\npipeline freshness (a recorded EDGAR day: ${result.edgarRequests} EDGAR requests at ≤ 10/s, ${result.throttled} answered 403/429; ` +
        `ipo projector polling every ${env.PROJECTOR_POLL_MS} ms; ${result.events} events in ${(wallMs / 1000).toFixed(1)} s)\n` +
        `  fetch → API       p50 ${result.fetchToApi.p50} ms   p95 ${result.fetchToApi.p95} ms   (${result.events} events)\n` +
        `  discovery → API   p50 ${result.discoveryToApi.p50} ms   p95 ${result.discoveryToApi.p95} ms   (${result.discovered} filings discovered)\n`,
    );
    return result;
  } finally {
    watching = false;
    projector.kill('SIGTERM');
    await new Promise((r) => (projector.exitCode !== null ? r(null) : projector.once('exit', r)));
    await events.close();
    await replay.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
