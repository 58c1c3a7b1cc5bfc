/**
 * `npm run bench -- --only scale`: the projector on generated load shaped like 25 years of EDGAR
 * (scale-log.ts), at each size: generation time, a full rebuild (`ipo project --rebuild` in its own
 * process), the same rebuild again (documents copied from the document-read cache the first one
 * filled, the first one's change log carried), live batches (`ipo projector` catching up with events appended after the rebuild), peak
 * RSS of each projector process, events.db and read.db sizes, and API latency on the result.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statfsSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventsDbPath, openEventLogDb } from '../../schema/databases.ts';
import { packagePath, PACKAGE_ROOT } from '../../schema/package-files.ts';
import { readDbLinkPath } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';
import { GENERATED_LOAD_MARKER, markGeneratedLoad } from '../generated-load.ts';
import { benchPort, startBenchServer } from './bench-servers.ts';
import { cpuSeconds } from './proc.ts';
import { loadScaleMaterial, type ScaleMaterial } from './scale-material.ts';
import { ScaleLogGenerator, ScaleLogWriter } from './scale-log.ts';

export const DEFAULT_SCALE_SIZES = [1_000_000, 5_000_000, 30_000_000];
/** Page cache of the generated events.db, in KiB. */
const GENERATION_CACHE_KIB = 256 * 1024;
/** Events a day's index brings at 25 years' density: the size of one live append. */
const LIVE_CHUNK = 4_000;
const LATENCY_REQUESTS = 200;

export interface ScaleBenchOptions {
  sizes: number[];
  /** Events appended after the rebuild for the live measure; default a tenth of the size, at most 100,000. */
  liveEvents?: number;
  /** Keep each temporary DATA_DIR (printed) instead of deleting it. */
  keep?: boolean;
}

interface ProcessRun {
  seconds: number;
  /** CPU seconds (user + system, all threads) the process used in the measured span, from /proc; null without it. */
  cpuSeconds: number | null;
  /** Peak resident set (VmHWM) in MiB, sampled from /proc; null without /proc. */
  peakMiB: number | null;
}

interface ScaleResult {
  events: number;
  generateSeconds: number;
  generateCpuSeconds: number;
  rebuild: ProcessRun;
  /** The second rebuild of the same log: its reads come from `document-reads.db`; null when the disk could not hold a second generation. */
  rebuildAgain: ProcessRun | null;
  liveEvents: number;
  live: ProcessRun;
  eventsDbMiB: number;
  readDbMiB: number;
  companies: number;
  latency: Array<{ name: string; p50: number; p99: number }>;
}

const mib = (bytes: number) => bytes / 1024 / 1024;
const freeMiB = (dir: string) => {
  const fs = statfsSync(dir);
  return mib(fs.bavail * fs.bsize);
};

/**
 * Disk a size needs, in MiB per million events: events.db and read.db of the 1,000,000-event run
 * (632 and 1,687 MiB, 2026-11-28, before filings stopped storing their detail element: a margin),
 * with a tenth more for the sort space of the indexes a rebuild builds after its bulk load. A second
 * rebuild writes a second read.db beside the live one.
 */
const DISK_MIB_PER_MILLION = (632 + 1_687) * 1.1;
const fileMiB = (path: string) => mib([path, `${path}-wal`].filter(existsSync).reduce((sum, p) => sum + statSync(p).size, 0));

function vmHwm(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}

/** Runs an `ipo` command of the built service (dist/) in its own process, sampling its peak RSS. */
function ipo(dataDir: string, args: string[]): { child: ChildProcess; peak: () => number | null; cpu: () => number | null; exited: Promise<number> } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PROJECTOR_POLL_MS: '50', LOG_LEVEL: 'warn' };
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [packagePath('scripts/ipo.mjs'), ...args], { cwd: PACKAGE_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let peak: number | null = null;
  let cpu: number | null = null;
  // Sampled to the end: once the process exits, /proc no longer tells its peak or its CPU time.
  const sample = () => {
    peak = vmHwm(child.pid) ?? peak;
    cpu = cpuSeconds(child.pid) ?? cpu;
  };
  const timer = setInterval(sample, 200);
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => {
      clearInterval(timer);
      if (code !== 0 && signal !== 'SIGTERM') process.stderr.write(`ipo ${args.join(' ')} exited with ${code ?? signal}:\n${stderr}\n`);
      resolve(code ?? 0);
    }),
  );
  return {
    child,
    peak: () => (sample(), peak),
    cpu: () => (sample(), cpu),
    exited,
  };
}

async function rebuild(dataDir: string): Promise<ProcessRun> {
  const started = performance.now();
  const run = ipo(dataDir, ['project', '--rebuild']);
  const code = await run.exited;
  if (code !== 0) throw new Error(`ipo project --rebuild exited with ${code}`);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: run.cpu(), peakMiB: run.peak() };
}

const checkpointOf = (db: ReturnType<typeof openSqlite>) => (db.prepare(`SELECT last_seq FROM projector_checkpoint WHERE projection = 'core'`).pluck().get() as number | undefined) ?? 0;
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `ipo projector` running on the rebuilt read.db while `count` events arrive a day at a time; timed from the first append to catching up. */
async function liveBatches(dataDir: string, writer: ScaleLogWriter, generator: ScaleLogGenerator, count: number, lastSeq: () => number): Promise<ProcessRun> {
  const run = ipo(dataDir, ['projector']);
  const readDb = openSqlite(readDbLinkPath(dataDir), { readonly: true });
  try {
    const before = lastSeq();
    // Started once it has opened read.db and found nothing to do (its lock file and first poll).
    await tick(3_000);
    if (run.child.exitCode !== null) throw new Error('ipo projector exited at start');
    if (checkpointOf(readDb) !== before) throw new Error(`the live projector starts at seq ${checkpointOf(readDb)}, not the rebuild's ${before}`);
    const started = performance.now();
    const cpuBefore = run.cpu();
    for (let written = 0; written < count; written += LIVE_CHUNK) {
      writer.write(generator, Math.min(LIVE_CHUNK, count - written));
      await tick(0);
    }
    const target = lastSeq();
    while (checkpointOf(readDb) < target) {
      if (run.child.exitCode !== null) throw new Error('ipo projector exited before catching up');
      await tick(50);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = run.cpu();
    const peakMiB = run.peak();
    run.child.kill('SIGTERM');
    await run.exited;
    return { seconds, cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, peakMiB };
  } finally {
    readDb.close();
    if (run.child.exitCode === null) run.child.kill('SIGTERM');
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Sequential requests against the API app on the result (bench-server.ts, pinned): p50 and p99 in ms. */
async function apiLatency(dataDir: string, cik: string | null): Promise<ScaleResult['latency']> {
  const port = benchPort();
  const server = await startBenchServer('api', dataDir, port);
  try {
    const paths: Array<[string, string]> = [['companies?limit=50', '/api/v1/companies?limit=50']];
    if (cik) paths.push(['companies/{cik}', `/api/v1/companies/${cik}`]);
    const results: ScaleResult['latency'] = [];
    for (const [name, path] of paths) {
      const times: number[] = [];
      for (let i = 0; i < LATENCY_REQUESTS + 20; i++) {
        const started = performance.now();
        const response = await fetch(server.origin + path, { headers: { authorization: `Bearer ${server.key}` } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        if (i >= 20) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      results.push({ name, p50: percentile(times, 50), p99: percentile(times, 99) });
    }
    return results;
  } finally {
    await server.stop();
  }
}

async function measureSize(material: ScaleMaterial, events: number, options: ScaleBenchOptions, out: NodeJS.WritableStream): Promise<ScaleResult> {
  // Refused before hours of work fill the disk, rather than after.
  const needMiB = (events / 1e6) * DISK_MIB_PER_MILLION;
  const freeBefore = freeMiB(tmpdir());
  if (freeBefore < needMiB) {
    throw new Error(`${events.toLocaleString('en-US')} events need about ${fmt(needMiB / 1024)} GiB in ${tmpdir()}, which has ${fmt(freeBefore / 1024)} GiB free`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ipo-scale-'));
  markGeneratedLoad(dataDir, `${events} events shaped like 25 years of EDGAR`);
  const liveEvents = options.liveEvents ?? Math.min(100_000, Math.max(1_000, Math.round(events / 10)));
  const log = await openEventLogDb(dataDir);
  // Generated load in a temporary folder: written without syncs (an OS crash would lose only the
  // bench) and with a page cache for its randomly keyed indexes (event ids, subjects). 2,000,000
  // events generated in 64.8 s against 112.3 s with the log's own settings (65.8 and 76.2 CPU-s).
  log.sqlite.pragma('synchronous = OFF');
  log.sqlite.pragma(`cache_size = -${GENERATION_CACHE_KIB}`);
  try {
    out.write(`\n${events.toLocaleString('en-US')} events in ${dataDir}\n`);
    const generator = new ScaleLogGenerator(material, { plannedEvents: events });
    const writer = new ScaleLogWriter(log.sqlite);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    writer.write(generator, events, 10_000, (n) => n % 1_000_000 === 0 && out.write(`  generated ${n.toLocaleString('en-US')}\n`));
    const generateSeconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpuStarted);
    const generateCpuSeconds = (used.user + used.system) / 1e6;
    out.write(`  generated in ${generateSeconds.toFixed(1)} s; rebuilding\n`);
    const rebuilt = await rebuild(dataDir);
    // The second rebuild writes its generation beside the live one, which it replaces at the end.
    const generationMiB = fileMiB(realpathSync(readDbLinkPath(dataDir))) * 1.1;
    const freeAfter = freeMiB(dataDir);
    let rebuiltAgain: ProcessRun | null = null;
    if (freeAfter < generationMiB) {
      out.write(`  rebuilt in ${rebuilt.seconds.toFixed(1)} s; not rebuilt again: a second generation of about ${fmt(generationMiB)} MiB does not fit in ${fmt(freeAfter)} MiB free\n`);
    } else {
      out.write(`  rebuilt in ${rebuilt.seconds.toFixed(1)} s; rebuilding again (document reads cached)\n`);
      rebuiltAgain = await rebuild(dataDir);
      out.write(`  rebuilt again in ${rebuiltAgain.seconds.toFixed(1)} s\n`);
    }
    out.write(`  ${liveEvents} live events\n`);
    const live = await liveBatches(dataDir, writer, generator, liveEvents, () => log.log.lastSeq());
    out.write(`  caught up in ${live.seconds.toFixed(1)} s; API latency\n`);
    const readDbPath = realpathSync(readDbLinkPath(dataDir));
    const readDb = openSqlite(readDbPath, { readonly: true });
    let companies: number;
    let cik: string | null;
    try {
      companies = readDb.prepare('SELECT count(*) FROM companies').pluck().get() as number;
      cik = (readDb.prepare('SELECT cik FROM companies ORDER BY cik LIMIT 1 OFFSET ?').pluck().get(companies >> 1) as string | undefined) ?? null;
    } finally {
      readDb.close();
    }
    const latency = await apiLatency(dataDir, cik);
    return { events, generateSeconds, generateCpuSeconds, rebuild: rebuilt, rebuildAgain: rebuiltAgain, liveEvents, live, eventsDbMiB: fileMiB(eventsDbPath(dataDir)), readDbMiB: fileMiB(readDbPath), companies, latency };
  } finally {
    await log.close();
    if (options.keep) out.write(`  kept ${dataDir} (generated load: never serve it)\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number | null, digits = 0) => (n === null ? 'n/a' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }));

function printTable(out: NodeJS.WritableStream, results: ScaleResult[]): void {
  const perCpu = (events: number, cpu: number | null) => (cpu === null || cpu === 0 ? null : events / cpu);
  const header = ['events', 'gen s', 'gen ev/s', 'gen ev/cpu-s', 'rebuild s', 'rebuild ev/s', 'ev/cpu-s', 'peak MiB', 'again s', 'again ev/cpu-s', 'live events', 'live s', 'live ev/s', 'ev/cpu-s', 'peak MiB', 'events.db MiB', 'read.db MiB', 'companies'];
  const rows = results.map((r) => [
    fmt(r.events),
    fmt(r.generateSeconds, 1),
    fmt(r.events / r.generateSeconds),
    fmt(perCpu(r.events, r.generateCpuSeconds)),
    fmt(r.rebuild.seconds, 1),
    fmt(r.events / r.rebuild.seconds),
    fmt(perCpu(r.events, r.rebuild.cpuSeconds)),
    fmt(r.rebuild.peakMiB),
    fmt(r.rebuildAgain?.seconds ?? null, 1),
    fmt(r.rebuildAgain ? perCpu(r.events, r.rebuildAgain.cpuSeconds) : null),
    fmt(r.liveEvents),
    fmt(r.live.seconds, 1),
    fmt(r.liveEvents / r.live.seconds),
    fmt(perCpu(r.liveEvents, r.live.cpuSeconds)),
    fmt(r.live.peakMiB),
    fmt(r.eventsDbMiB, 1),
    fmt(r.readDbMiB, 1),
    fmt(r.companies),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)) + 2);
  out.write('\nev/s: events over wall seconds; ev/cpu-s: over the process\'s CPU seconds (all its threads), steadier on a shared machine; again: the same log rebuilt a second time, its document reads copied from document-reads.db\n');
  out.write(header.map((h, i) => h.padStart(widths[i])).join('') + '\n');
  for (const row of rows) out.write(row.map((c, i) => c.padStart(widths[i])).join('') + '\n');
  out.write(`\nAPI latency on the result (${LATENCY_REQUESTS} sequential requests each, after 20 to warm up; server pinned to core 0):\n`);
  for (const r of results) {
    for (const l of r.latency) out.write(`  ${fmt(r.events).padStart(12)} events  ${l.name.padEnd(20)} p50 ${l.p50.toFixed(2)} ms  p99 ${l.p99.toFixed(2)} ms\n`);
  }
}

export async function runScaleBenchmark(out: NodeJS.WritableStream, options: ScaleBenchOptions): Promise<ScaleResult[]> {
  const loadBefore = loadavg();
  out.write(`scale: generated load (source generated-load, DATA_DIR marked ${GENERATED_LOAD_MARKER}) at ${options.sizes.map((s) => s.toLocaleString('en-US')).join(', ')} events\n`);
  const material = loadScaleMaterial();
  out.write(`forms in the proportions of ${material.totalRows.toLocaleString('en-US')} real daily-index rows (${material.forms.length} forms); ${material.registrations.length} registration statements and ${material.finals.length} 424B prospectuses re-used; ${material.vendorRows.length} real vendor rows lend their figures\n`);
  const results: ScaleResult[] = [];
  for (const size of options.sizes) {
    results.push(await measureSize(material, size, options, out));
    // Each size as soon as it is measured: the largest take hours.
    if (options.sizes.length > 1) printTable(out, results.slice(-1));
  }
  printTable(out, results);
  const loadAfter = loadavg();
  out.write(`\nmachine noise: load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after (1, 5, 15 min)\n`);
  return results;
}
