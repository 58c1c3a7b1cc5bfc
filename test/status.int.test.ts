import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../ingest/clock.ts';
import { EdgarClient } from '../ingest/edgar/edgar-client.ts';
import { silentLogger } from '../ingest/jobs/handler-context.ts';
import { jobHandlers } from '../ingest/jobs/handlers.ts';
import { job, type Job } from '../ingest/jobs/job-types.ts';
import { openJobQueue } from '../ingest/runner/job-queue.ts';
import { queueCounts } from '../ingest/runner/queue-counts.ts';
import { runInline } from '../ingest/runner/inline-runner.ts';
import { startReplayServer, type ReplayServer } from '../ingest/replay/replay-server.ts';
import { loadConfig } from '../schema/config.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { collectStatus, statusText, type PipelineStatus } from '../scripts/commands/status.ts';
import { runIpo, runIpoWithEnv } from './cli-harness.ts';
import { spawnIpo, until, type Spawned } from './process-harness.ts';
import { sharedRedisClient } from './redis-harness.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let server: ReplayServer;
const dataDir = mkdtempSync(join(tmpdir(), 'ipo-status-'));

beforeAll(async () => {
  server = await startReplayServer({ manifestPath: join(import.meta.dirname, '../data/sample/edgar/replay.json'), rateLimitPerSecond: null });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Ingests real sample responses into DATA_DIR with the inline runner, as `ipo ingest` does. */
async function ingest(jobs: Job[]) {
  const db = await openEventLogDb(dataDir);
  try {
    const client = new EdgarClient({ userAgent: 'ipo-research tests tests@example.com', wwwUrl: server.urls.www, dataUrl: server.urls.data, maxRequestsPerSecond: 10, throttleBackoffMs: 1000 });
    return await runInline(jobs, { handlers: jobHandlers, ctx: { client, log: db.log, clock: systemClock(), logger: silentLogger } });
  } finally {
    await db.close();
  }
}

describe('ipo status', () => {
  it('reports an empty DATA_DIR without creating an event log', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ipo-status-empty-'));
    try {
      const { code, out } = await runIpo(empty, 'status');
      expect(code).toBe(0);
      expect(out).toContain('events: none');
      expect(out).toContain('projector: no read.db yet');
      expect(out).toContain('queues: not configured (REDIS_URL is not set)');
      // Without Redis no scheduler's period can be known: this process's settings are said to be only that.
      expect(out).toMatch(/^latest-filings feed: never polled, every (2|60) s now by this process's settings \(EDGAR (open|closed)\); the scheduler's own period is not known: no REDIS_URL, where a scheduler records it$/m);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('shows events by type, failed jobs apart from the expected 404s, and the projector lag before and after projecting', async () => {
    // Tesla: recent page + one older page. UTime (1789299) and a Saturday's index: 404s EDGAR may
    // rightly answer. A primary document the submissions never listed: a 404 that needs a look.
    const missingDocument = job('edgar.document', { cik: '1318605', accessionNumber: '0001318605-99-000001', primaryDocument: 'missing.htm' });
    const report = await ingest([job('edgar.submissions', { cik: '1318605' }), job('edgar.submissions', { cik: '1789299' }), job('edgar.daily_index', { date: '2020-03-21', kind: 'form' }), missingDocument]);
    expect(report).toMatchObject({ succeeded: 2, notFound: 3, failures: [] });

    const before = await runIpo(dataDir, 'status');
    expect(before.code).toBe(0);
    expect(before.out).toMatch(/^events: 5 \(last seq 5, last observed \d{4}-\d\d-\d\dT/m);
    expect(before.out).toMatch(/^ {2}edgar\.submissions +2 +last \d{4}-\d\d-\d\dT/m);
    // The log keeps every give-up as it always has; status reads them by their recorded status and job.
    expect(before.out).toMatch(/^ {2}ingest\.job_failed +3 +last /m);
    expect(before.out).toContain('failed jobs (ingest.job_failed): 1\n');
    expect(before.out).toMatch(/edgar\.document \{"cik":"0001318605","accessionNumber":"0001318605-99-000001","primaryDocument":"missing.htm"\} {2}NotFound 404: .* \(permanent, 1 attempt\)/);
    expect(before.out).toContain('not found (404, expected): 2 (edgar.daily_index 1, edgar.submissions 1)\n');
    expect(before.out).not.toMatch(/^ {2}\S+ {2}edgar\.submissions \{"cik":"0001789299"\}/m);
    expect(before.out).toContain('projector: no read.db yet');
    // The Tesla run is a success; the 404s are not.
    expect(before.out).toMatch(/^last successful run per source:\n {2}edgar\.submissions +\d{4}-\d\d-\d\dT\S+ {2}\(\+1 event; 1 runs\)\n {2}edgar\.submissions_page +\d{4}-/m);
    expect(before.out).not.toMatch(/^ {2}edgar\.daily_index +\d{4}/m);

    expect((await runIpo(dataDir, 'project')).code).toBe(0);
    const projected = await runIpo(dataDir, 'status');
    expect(projected.out).toContain('projector: checkpoint seq 5, last event seq 5, lag 0 events (0 s)');
    expect(projected.out).toMatch(/^read\.db: last batch \d{4}-\d\d-\d\dT\S+ \(\d+ s ago\)$/m);
    expect(projected.out).toContain('edgar requests: no REDIS_URL');

    // New events after the checkpoint are the lag. Re-running the 404 adds no second failure event,
    // though its append uses up a seq: the lag counts events, not seq numbers.
    expect((await ingest([job('edgar.submissions', { cik: '0001789299' })])).appended).toBe(0);
    const more = await ingest([job('edgar.submissions', { cik: '1158114' })]);
    const after = await runIpo(dataDir, 'status');
    expect(after.out).toContain(`lag ${more.appended} event${more.appended === 1 ? '' : 's'}`);
    expect(more.appended).toBeGreaterThan(0);
    expect(after.out).toContain('failed jobs (ingest.job_failed): 1\n');
    expect(after.out).toContain('not found (404, expected): 2 ');

    // The same for scripts, as one JSON object.
    const json = JSON.parse((await runIpo(dataDir, 'status', '--json')).out);
    expect(json).toMatchObject({
      events: { lastSeq: 6 + more.appended, byType: expect.arrayContaining([expect.objectContaining({ type: 'ingest.job_failed', events: 3 })]) },
      lastPolls: [expect.objectContaining({ job: 'edgar.submissions', successes: 2 }), expect.objectContaining({ job: 'edgar.submissions_page' })],
      failedJobs: { total: 1, latest: [expect.objectContaining({ job: 'edgar.document', status: 404, reason: 'permanent' })] },
      notFoundJobs: {
        total: 2,
        byJob: [
          { job: 'edgar.daily_index', count: 1, lastObservedAt: expect.any(String) },
          { job: 'edgar.submissions', count: 1, lastObservedAt: expect.any(String) },
        ],
      },
      projector: { checkpointSeq: 5, lagEvents: more.appended, lastBatchAt: expect.any(String) },
      queues: { configured: false },
      edgar: { requestsLastMinute: null },
    });
    expect(json.projector.lagSeconds).toBeGreaterThanOrEqual(0);
  });

  it('says in one line when Redis does not answer, and still exits 0', async () => {
    const started = Date.now();
    const { code, out } = await runIpoWithEnv({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:1' }, 'status');
    expect(code).toBe(0);
    expect(out.split('\n').filter((l) => l.startsWith('queues'))).toEqual([expect.stringMatching(/^queues: Redis unreachable \(.+\)$/)]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('prints queue counts from the real Redis', async () => {
    // Read-only look at the default queues: only the shape is asserted.
    const { code, out } = await runIpoWithEnv({ DATA_DIR: dataDir, REDIS_URL }, 'status');
    expect(code).toBe(0);
    expect(out).toMatch(/^queues:\n {2}edgar: waiting \d+, active \d+, delayed \d+, failed \d+, completed \d+$/m);
    expect(out).toMatch(/^edgar requests: \d+ in the last minute \([\d.]+\/s\)$/m);

    // Exact counts on a queue of this test's own.
    const queueName = `status-test-${randomUUID()}`;
    const queue = openJobQueue({ redisUrl: REDIS_URL, kind: 'edgar', queueName });
    try {
      await queue.enqueue([job('edgar.submissions', { cik: '320193' }), job('edgar.submissions', { cik: '0000320193' }), job('edgar.companyfacts', { cik: '320193' })]);
      expect(await queueCounts({ redisUrl: REDIS_URL }, [queueName])).toEqual({ [queueName]: { waiting: 2, active: 0, delayed: 0, failed: 0, completed: 0 } });
    } finally {
      await queue.queue.obliterate({ force: true });
      await queue.close();
    }
  });
});

describe('ipo status and the running scheduler (real Redis)', () => {
  const redis = sharedRedisClient();
  const prefix = `test-status-${randomUUID()}`;
  const pollDir = mkdtempSync(join(tmpdir(), 'ipo-status-polling-'));
  // The status process keeps the default periods (2 s in EDGAR's hours, 60 s outside): the
  // scheduler's 3 s can only come from the scheduler.
  const env = { DATA_DIR: pollDir, REDIS_URL, REDIS_PREFIX: prefix };
  let scheduler: Spawned | null = null;
  afterAll(async () => {
    await scheduler?.stop();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    rmSync(pollDir, { recursive: true, force: true });
  });
  const feed = async () => (JSON.parse((await runIpoWithEnv(env, 'status', '--json')).out) as PipelineStatus).feed;
  const feedLine = async () => (await runIpoWithEnv(env, 'status')).out.split('\n').find((line) => line.startsWith('latest-filings feed:'));

  it("shows the period the scheduler polls at, not this process's settings, and says when polls stop: the worker's, then the scheduler's", async () => {
    const events = await openEventLogDb(pollDir);
    events.log.recordPoll('edgar.current_feed', new Date().toISOString(), 0);
    await events.close();
    // Before any scheduler ran under this prefix.
    expect(await feedLine()).toMatch(/, every (2|60) s now by this process's settings \(EDGAR (open|closed)\); the scheduler's own period is not known: no scheduler has recorded one in test-status-[\w-]+:feed:polling \(is `ipo scheduler` running\?\)$/);

    scheduler = spawnIpo(['scheduler'], { ...env, EDGAR_USER_AGENT: 'ipo-research tests tests@example.com', FEED_POLL_SECONDS: '3', FEED_POLL_CLOSED_SECONDS: '3', LOG_FORMAT: 'json' });
    await until(async () => (await feed()).pollEverySeconds === 3 || !scheduler!.alive(), 30_000, 'the scheduler to record its period');
    expect(scheduler.alive(), scheduler.err()).toBe(true);
    expect(await feed()).toMatchObject({ pollEverySeconds: 3, settingsPollEverySeconds: expect.any(Number), pollingStopped: null, pollPeriodNote: null });
    expect(await feedLine()).toMatch(/^latest-filings feed: last poll \S+ \([\d.]+ s ago\), polled every 3 s \(EDGAR (open|closed); the scheduler's period, recorded [\d.]+ s ago\)$/);

    // No worker runs the polls it enqueues: once more than 10 s (3 periods, at least 10 s) pass
    // without one, polling looks stopped, and the scheduler, still recording, is not the one to ask.
    await until(async () => (await feed()).pollingStopped !== null, 30_000, 'polling to look stopped');
    expect((await feed()).pollingStopped).toMatchObject({ suspect: 'worker' });
    expect(await feedLine()).toMatch(
      /^latest-filings feed: last poll \S+ \([\d.]+ s ago\), polling looks stopped: no poll for \d+ s, \d+ periods of the scheduler's 3 s, though it schedules them \(recorded [\d.]+ s ago\): is `ipo worker` running, or the edgar queue backed up\?$/,
    );

    // The scheduler stops: its record is no longer renewed. A minute on, the scheduler is the one to ask.
    expect((await scheduler.stop()).code).toBe(0);
    const lastPollAt = (await feed()).lastPollAt!;
    const later = new Date(Date.now() + 60_000);
    const status = await collectStatus(loadConfig(env), later);
    const noPollFor = Math.round((later.getTime() - Date.parse(lastPollAt)) / 1000);
    expect(status.feed).toMatchObject({ pollEverySeconds: 3, pollingStopped: { suspect: 'scheduler', noPollForSeconds: noPollFor, periods: Math.floor(noPollFor / 3) } });
    expect(statusText(status)).toMatch(
      new RegExp(`^latest-filings feed: last poll ${lastPollAt} \\([\\d.]+ s ago\\), polling looks stopped: no poll for ${noPollFor} s, ${Math.floor(noPollFor / 3)} periods of the scheduler's 3 s: is \`ipo scheduler\` running\\? \\(its period was last recorded [\\d.]+ s ago\\)$`, 'm'),
    );
  }, 90_000);
});
