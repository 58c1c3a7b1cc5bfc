import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { realSleep, systemClock } from '../ingest/clock.ts';
import { EdgarClient } from '../ingest/edgar/edgar-client.ts';
import { createLocalEdgarGate, createRedisEdgarGate } from '../ingest/edgar/edgar-gate.ts';
import { silentLogger, type Logger } from '../ingest/jobs/handler-context.ts';
import { jobHandlers } from '../ingest/jobs/handlers.ts';
import { jobId, job } from '../ingest/jobs/job-types.ts';
import type { ReplayFault } from '../ingest/replay/replay-faults.ts';
import { startReplayServer, type ReplayRequest, type ReplayServer } from '../ingest/replay/replay-server.ts';
import { startWorkers } from '../ingest/runner/bullmq-runner.ts';
import { openJobQueue } from '../ingest/runner/job-queue.ts';
import { runInline } from '../ingest/runner/inline-runner.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { eventsOf, RECORDED_JOBS, sortedEvents } from './faults-sample.ts';

const MANIFEST = join(import.meta.dirname, '../data/sample/edgar/replay.json');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const USER_AGENT = 'ipo-research tests tests@example.com';
const PAUSE_MS = 1500;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function replay(faults: ReplayFault[] = []): Promise<ReplayServer> {
  const server = await startReplayServer({ manifestPath: MANIFEST, faults });
  cleanups.push(() => server.close());
  return server;
}

async function eventLogIn(): Promise<{ dir: string; log: Awaited<ReturnType<typeof openEventLogDb>>['log'] }> {
  const dir = mkdtempSync(join(tmpdir(), 'ipo-faults-edgar-'));
  const db = await openEventLogDb(dir);
  cleanups.push(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, log: db.log };
}

/** A client as a worker process has it: short backoffs for the test, the fleet's gate in Redis under `prefix`. */
function fleetClient(server: ReplayServer, prefix: string): EdgarClient {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  cleanups.push(() => redis.disconnect());
  const gate = createRedisEdgarGate({ redis, ratePerSecond: 10, sleep: realSleep, keyPrefix: prefix, fallback: createLocalEdgarGate(10, systemClock(), realSleep) });
  return new EdgarClient({
    userAgent: USER_AGENT,
    wwwUrl: server.urls.www,
    dataUrl: server.urls.data,
    maxRequestsPerSecond: 10,
    throttleBackoffMs: PAUSE_MS,
    maxAttempts: 3,
    baseBackoffMs: 100,
    maxBackoffMs: 1000,
    gate,
  });
}

/** Arrivals at the server after `from` and before `to` (ms on the server's clock). */
const arrivalsBetween = (log: ReplayRequest[], from: number, to: number) => log.filter((r) => r.at > from && r.at < to);

describe('EDGAR answering 403, 429 and 5xx (faults injected by the replay server) to a fleet of BullMQ workers (real Redis)', () => {
  it('every job completes, the log equals a clean run, 403/429 pause the whole fleet, 5xx are retried with backoff', async () => {
    // The clean run: the same jobs, inline, against a replay server that behaves.
    const cleanServer = await replay();
    const clean = await eventLogIn();
    const cleanClient = new EdgarClient({ userAgent: USER_AGENT, wwwUrl: cleanServer.urls.www, dataUrl: cleanServer.urls.data, maxRequestsPerSecond: 10, throttleBackoffMs: PAUSE_MS });
    const cleanRun = await runInline(RECORDED_JOBS, { handlers: jobHandlers, ctx: { client: cleanClient, log: clean.log, clock: systemClock(), logger: silentLogger } });
    expect(cleanRun.failures).toEqual([]);

    const AOI = '/submissions/CIK0001158114.json';
    const server = await replay([
      // The SEC's rate-threshold page once: the client pauses the fleet, then retries.
      { path: '/submissions/CIK0000895419.json', status: 403, times: 1 },
      // Three in a row on the first document asked for: past the client's two pauses, the job goes back to the queue.
      { path: '/Archives/edgar/data/', status: 403, times: 3 },
      { path: '/api/xbrl/companyfacts/', status: 429, retryAfterSeconds: 2, times: 2 },
      // Six 502s: the client gives up twice (3 attempts each), BullMQ retries the job with backoff.
      { path: AOI, status: 502, times: 6 },
      // And every 4th other request fails once, at most 6 times.
      { status: 503, every: 4, times: 6 },
    ]);

    // A fleet of two workers, each with its own client and connections, sharing one queue and one EDGAR budget.
    const queueName = `faults-edgar-${randomUUID()}`;
    const prefix = `test:faults:${randomUUID()}:`;
    const faulty = await eventLogIn();
    const failures: string[] = [];
    // The workers' line for each failed attempt: a warning while it will be retried, an error once given up.
    const failed = (message: string, fields?: Record<string, unknown>) => {
      if (message === 'job failed') failures.push(JSON.stringify(fields));
    };
    const logger: Logger = { ...silentLogger, warn: failed, error: failed };
    const queue = openJobQueue({ redisUrl: REDIS_URL, kind: 'edgar', queueName, attempts: 5, backoffMs: 200 });
    cleanups.push(async () => {
      await queue.queue.obliterate({ force: true });
      await queue.close();
    });
    for (let i = 0; i < 2; i++) {
      const workers = startWorkers({
        redisUrl: REDIS_URL,
        kind: 'edgar',
        queueName,
        attempts: 5,
        backoffMs: 200,
        handlers: jobHandlers,
        ctx: { client: fleetClient(server, prefix), log: faulty.log, clock: systemClock(), logger },
        maxRequestsPerSecond: 10,
        throttleBackoffMs: PAUSE_MS,
        concurrency: 2,
      });
      cleanups.push(() => workers.close());
    }
    const startedAt = Date.now();
    await queue.enqueue(RECORDED_JOBS);
    await queue.waitUntilIdle({ timeoutMs: 60_000 });
    const elapsedMs = Date.now() - startedAt;

    // Every job completed but the clean run's own 404s; nothing was given up for the faults.
    const counts = await queue.queue.getJobCounts('completed', 'failed');
    expect(counts).toEqual({ completed: cleanRun.jobs - cleanRun.notFound, failed: cleanRun.notFound });
    // Exactly the events of the clean run: nothing lost, nothing twice.
    const events = eventsOf(faulty.dir);
    expect(sortedEvents(events)).toEqual(sortedEvents(eventsOf(clean.dir)));
    expect(new Set(events.map(([, , id]) => id)).size).toBe(events.length);

    const log = server.requestLog;
    const injected = log.filter((r) => r.injected);
    const byStatus = (status: number) => injected.filter((r) => r.status === status);
    expect(byStatus(403)).toHaveLength(4);
    expect(byStatus(429)).toHaveLength(2);
    expect(byStatus(502)).toHaveLength(6);
    expect(byStatus(503).length).toBeGreaterThan(0);
    // The fleet stayed under the SEC's rate: the only 403s were the injected ones.
    expect(log.filter((r) => r.status === 403 && !r.injected)).toEqual([]);

    // A 403 or 429 (Retry-After 2 s, capped at the pause) stops the whole fleet, both workers, for
    // the pause: after a grace for requests already on the wire, nothing arrives until it is nearly over.
    for (const refusal of [...byStatus(403), ...byStatus(429)]) {
      expect(arrivalsBetween(log, refusal.at + 400, refusal.at + PAUSE_MS - 100), `after the ${refusal.status} on ${refusal.path}`).toEqual([]);
    }
    // 5xx: retried with growing waits, by the client and then by BullMQ.
    const aoi = log.filter((r) => r.path === AOI);
    // (The every-4th 503 may land on a later try too.)
    expect(aoi.slice(0, 6).map((r) => r.status)).toEqual([502, 502, 502, 502, 502, 502]);
    expect(aoi.at(-1)?.status).toBe(200);
    const gaps = aoi.slice(1).map((r, i) => r.at - aoi[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(40);
    const aoiJob = await queue.queue.getJob(jobId(job('edgar.submissions', { cik: '0001158114' })));
    expect(aoiJob?.attemptsMade).toBe(3);
    expect(failures.filter((f) => f.includes('HTTP 502'))).toHaveLength(2);

    const extraRequests = log.length - cleanServer.requestLog.length;
    console.info(
      `[faults] EDGAR faults injected: ${byStatus(403).length}×403, ${byStatus(429).length}×429, ${byStatus(502).length}×502, ${byStatus(503).length}×503; ` +
        `${extraRequests} extra requests (retries), ${failures.filter((f) => !f.includes('404')).length} job attempts retried by BullMQ; ` +
        `${events.length} events as in the clean run; ${elapsedMs} ms`,
    );
  }, 90_000);
});
