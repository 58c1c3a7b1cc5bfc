import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../ingest/clock.ts';
import { EdgarClient } from '../ingest/edgar/edgar-client.ts';
import { silentLogger } from '../ingest/jobs/handler-context.ts';
import { jobHandlers } from '../ingest/jobs/handlers.ts';
import { job, jobId } from '../ingest/jobs/job-types.ts';
import type { ReplayFault } from '../ingest/replay/replay-faults.ts';
import { startReplayServer, type ReplayServer } from '../ingest/replay/replay-server.ts';
import { enqueueByKind, openJobQueue } from '../ingest/runner/job-queue.ts';
import { runInline } from '../ingest/runner/inline-runner.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { runIpo, runIpoWithEnv } from './cli-harness.ts';
import { eventsOf, RECORDED_JOBS, sortedEvents } from './faults-sample.ts';
import { freePort, logged, privateRedis, sleep, spawnIpo, until, type PrivateRedis, type Spawned } from './process-harness.ts';
import { dumpLiveReadDb } from './projector-sample-events.ts';

const MANIFEST = join(import.meta.dirname, '../data/sample/edgar/replay.json');
const USER_AGENT = 'ipo-research tests tests@example.com';
const TESLA = '/submissions/CIK0001318605.json';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ipo-faults-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function replay(faults: ReplayFault[] = []): Promise<ReplayServer> {
  const server = await startReplayServer({ manifestPath: MANIFEST, faults });
  cleanups.push(() => server.close());
  return server;
}

async function redisServer(): Promise<PrivateRedis> {
  const redis = await privateRedis();
  cleanups.push(() => redis.kill());
  return redis;
}

/** `ipo worker` as an operator runs it, against the replay server and the private Redis. */
async function startWorker(dir: string, redis: PrivateRedis, server: ReplayServer, extra: NodeJS.ProcessEnv = {}): Promise<Spawned> {
  const worker = spawnIpo(['worker', '--concurrency', '2'], {
    DATA_DIR: dir,
    REDIS_URL: redis.url,
    EDGAR_USER_AGENT: USER_AGENT,
    EDGAR_WWW_URL: server.urls.www,
    EDGAR_DATA_URL: server.urls.data,
    ...extra,
  });
  cleanups.push(() => worker.stop('SIGKILL'));
  await until(() => logged(worker.err(), 'worker', 'running', { concurrency: 2 }).length > 0 || !worker.alive(), 30_000, 'the worker to start');
  expect(worker.alive(), worker.err()).toBe(true);
  return worker;
}

const unreachableLines = (err: string) => err.split('\n').filter((line) => line.includes('Redis unreachable'));

describe('`ipo worker` and a Redis that goes away (private redis-server, killed and restarted)', () => {
  it('SIGTERM while Redis is down: the job in flight finishes into the event log and the process exits 0', async () => {
    const dir = dataDir();
    // Tesla's submissions answer 3 s late: the job is in flight when Redis dies and SIGTERM comes.
    const server = await replay([{ path: TESLA, delayMs: 3000 }]);
    const redis = await redisServer();
    const worker = await startWorker(dir, redis, server);
    await enqueueByKind({ redisUrl: redis.url }, [job('edgar.submissions', { cik: '1318605' })]);
    await until(() => server.requestLog.some((r) => r.path === TESLA), 15_000, 'the job to be in flight');

    await redis.kill();
    await sleep(300);
    const signalledAt = Date.now();
    const exit = await worker.stop('SIGTERM', 30_000);
    const exitMs = Date.now() - signalledAt;
    console.info(`[faults] SIGTERM with Redis down and a job in flight: exited in ${exitMs} ms`);

    expect(exit, worker.err()).toEqual({ code: 0, signal: null });
    // The job's fetch (held 3 s) reached the log; only its follow-up and outcome wait for Redis.
    expect(eventsOf(dir).map(([type, subject]) => [type, subject])).toEqual([['edgar.submissions', '0001318605']]);
    // One line per queue for the outage, not one per reconnect attempt.
    expect(unreachableLines(worker.err()).length).toBeLessThanOrEqual(3);
  });

  it('SIGTERM with Redis up: the job in flight finishes and BullMQ records it completed before the exit', async () => {
    const dir = dataDir();
    const server = await replay([{ path: TESLA, delayMs: 2000 }]);
    const redis = await redisServer();
    const worker = await startWorker(dir, redis, server);
    const tesla = job('edgar.submissions', { cik: '1318605' });
    await enqueueByKind({ redisUrl: redis.url }, [tesla]);
    await until(() => server.requestLog.some((r) => r.path === TESLA), 15_000, 'the job to be in flight');

    const exit = await worker.stop('SIGTERM', 30_000);
    expect(exit, worker.err()).toEqual({ code: 0, signal: null });
    const queue = openJobQueue({ redisUrl: redis.url, kind: 'edgar' });
    try {
      expect(await (await queue.queue.getJob(jobId(tesla)))?.getState()).toBe('completed');
      expect((await queue.queue.getJobCounts('active')).active).toBe(0);
    } finally {
      await queue.close();
    }
    expect(eventsOf(dir).map(([, subject]) => subject)).toContain('0001318605');
    // One structured line for the job: what it was, how it ended, what it added, how long it took.
    const [line] = logged(worker.err(), 'worker', 'job completed', { job: 'edgar.submissions', id: jobId(tesla) });
    expect(line).toMatchObject({ level: 'info', queue: 'edgar', outcome: 'completed', attempt: 1, appended: 1, followUps: expect.any(Number), ms: expect.any(Number) });
    expect(line.ms as number).toBeGreaterThanOrEqual(1500);
  });

  it('a second SIGTERM during the shutdown exits at once, without waiting for the job in flight', async () => {
    const dir = dataDir();
    const server = await replay([{ path: TESLA, delayMs: 30_000 }]);
    const redis = await redisServer();
    const worker = await startWorker(dir, redis, server);
    await enqueueByKind({ redisUrl: redis.url }, [job('edgar.submissions', { cik: '1318605' })]);
    await until(() => server.requestLog.some((r) => r.path === TESLA), 15_000, 'the job to be in flight');
    worker.child.kill('SIGTERM');
    await until(() => worker.err().includes('shutting down'), 10_000, 'the shutdown to begin');
    expect(worker.alive()).toBe(true);
    const exit = await worker.stop('SIGTERM', 20_000);
    expect(exit, worker.err()).toEqual({ code: 1, signal: null });
    expect(worker.err()).toContain('SIGTERM again: exiting without waiting');
    expect(eventsOf(dir)).toEqual([]);
  });

  it('stays up while Redis is down, reconnects when it returns, and runs the jobs enqueued then', async () => {
    const dir = dataDir();
    const server = await replay();
    const redis = await redisServer();
    const worker = await startWorker(dir, redis, server);
    await enqueueByKind({ redisUrl: redis.url }, [job('edgar.submissions', { cik: '895419' })]);
    await until(() => eventsOf(dir).length === 1, 15_000, 'the first job');

    await redis.kill();
    await until(() => unreachableLines(worker.err()).length > 0, 10_000, 'the worker to notice');
    await sleep(3000);
    expect(worker.alive(), worker.err()).toBe(true);

    await redis.start();
    const backAt = Date.now();
    await enqueueByKind({ redisUrl: redis.url }, [job('edgar.submissions', { cik: '1158114' }), job('edgar.companyfacts', { cik: '1835632' })]);
    await until(() => eventsOf(dir).length === 3, 45_000, 'the jobs enqueued after Redis returned');
    console.info(`[faults] worker took jobs again ${Date.now() - backAt} ms after Redis returned`);
    expect(worker.alive()).toBe(true);
    expect(worker.err()).toContain('Redis answers again');
    expect(unreachableLines(worker.err()).length).toBeLessThanOrEqual(3);
    expect((await worker.stop('SIGTERM')).code).toBe(0);
  }, 90_000);

  it('enqueueing while Redis is down fails at once, in one line, instead of waiting for it', async () => {
    const nobody = `redis://127.0.0.1:${await freePort()}`;
    const result = await runIpoWithEnv({ DATA_DIR: dataDir(), REDIS_URL: nobody, EDGAR_USER_AGENT: USER_AGENT }, 'ingest', 'tickers', '--queue');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^ipo ingest tickers: Redis does not answer \(connect ECONNREFUSED 127\.0\.0\.1:\d+\) \(run with --verbose for details\)\n$/);
  });

  it('kill -9 mid-run: a restarted worker finishes the jobs, the log equals a clean run, and projecting it equals a --rebuild', async () => {
    // The clean run: the same jobs, inline, against a replay server without faults.
    const cleanDir = dataDir();
    const cleanServer = await replay();
    const cleanLog = await openEventLogDb(cleanDir);
    cleanups.push(() => cleanLog.close());
    const client = new EdgarClient({ userAgent: USER_AGENT, wwwUrl: cleanServer.urls.www, dataUrl: cleanServer.urls.data, maxRequestsPerSecond: 10, throttleBackoffMs: 1000 });
    const clean = await runInline(RECORDED_JOBS, { handlers: jobHandlers, ctx: { client, log: cleanLog.log, clock: systemClock(), logger: silentLogger } });
    expect(clean.failures).toEqual([]);
    const cleanEvents = eventsOf(cleanDir);

    // Every answer takes 400 ms, so the kill lands with jobs in flight.
    const dir = dataDir();
    const server = await replay([{ delayMs: 400 }]);
    const redis = await redisServer();
    const lock = { WORKER_LOCK_SECONDS: '2' };
    const first = await startWorker(dir, redis, server, lock);
    await enqueueByKind({ redisUrl: redis.url }, RECORDED_JOBS);
    await until(() => eventsOf(dir).length >= 4, 30_000, 'a few jobs done');
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = eventsOf(dir).length;
    expect(atKill).toBeLessThan(cleanEvents.length);
    // The read tables as a live projector would have them: part now, the rest later.
    expect((await runIpo(dir, 'project')).code).toBe(0);

    const second = await startWorker(dir, redis, server, lock);
    const queue = openJobQueue({ redisUrl: redis.url, kind: 'edgar' });
    cleanups.push(() => queue.close());
    await until(
      async () => {
        const counts = await queue.queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
        return counts.waiting + counts.active + counts.delayed === 0 && counts.completed + counts.failed === clean.jobs;
      },
      60_000,
      'the second worker to finish every job',
    );
    // The only failures are the clean run's: older submissions pages the sample has no recording of (404).
    const failedJobs = await queue.queue.getJobs(['failed']);
    expect(failedJobs.map((j) => j.failedReason), second.err()).toEqual(Array(clean.notFound).fill(expect.stringMatching(/not found \(404\)$/)));
    // The killed worker's jobs in flight were taken over once their locks expired.
    expect(second.err()).toContain('stalled');
    console.info(`[faults] kill -9 after ${atKill} of ${cleanEvents.length} events; ${clean.jobs} jobs in all`);

    // Nothing lost, nothing twice: the same events as the clean run (ids hash type, subject and content).
    const events = eventsOf(dir);
    expect(sortedEvents(events)).toEqual(sortedEvents(cleanEvents));
    expect(new Set(events.map(([, , id]) => id)).size).toBe(events.length);

    expect((await runIpo(dir, 'project')).code).toBe(0);
    const incremental = dumpLiveReadDb(dir);
    expect((await runIpo(dir, 'project', '--rebuild')).code).toBe(0);
    expect(dumpLiveReadDb(dir)).toBe(incremental);
    expect((await second.stop('SIGTERM')).code).toBe(0);
  }, 120_000);
});
