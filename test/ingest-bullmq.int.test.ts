import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { systemClock } from '../ingest/clock.ts';
import { EdgarClient } from '../ingest/edgar/edgar-client.ts';
import { EdgarTransientError } from '../ingest/edgar/edgar-errors.ts';
import { silentLogger, type HandlerMap } from '../ingest/jobs/handler-context.ts';
import type { JobFailedPayload } from '../schema/events/event-types.ts';
import { jobHandlers } from '../ingest/jobs/handlers.ts';
import { job, jobId } from '../ingest/jobs/job-types.ts';
import { startWorkers } from '../ingest/runner/bullmq-runner.ts';
import { openJobQueue } from '../ingest/runner/job-queue.ts';
import { startReplayServer } from '../ingest/replay/replay-server.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function setup(handlers: HandlerMap = jobHandlers) {
  const queueName = `edgar-test-${randomUUID()}`;
  const server = await startReplayServer({ manifestPath: join(import.meta.dirname, '../data/sample/edgar/replay.json') });
  cleanups.push(() => server.close());
  const dir = mkdtempSync(join(tmpdir(), 'ingest-bullmq-'));
  const db = await openEventLogDb(dir);
  cleanups.push(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const client = new EdgarClient({ userAgent: 'ipo-research tests tests@example.com', wwwUrl: server.urls.www, dataUrl: server.urls.data, maxRequestsPerSecond: 10, throttleBackoffMs: 1000 });
  const ctx = { client, log: db.log, clock: systemClock(), logger: silentLogger };
  const queue = openJobQueue({ redisUrl: REDIS_URL, kind: 'edgar', queueName, attempts: 2, backoffMs: 50 });
  cleanups.push(async () => {
    await queue.queue.obliterate({ force: true });
    await queue.close();
  });
  const workers = startWorkers({ redisUrl: REDIS_URL, kind: 'edgar', queueName, handlers, ctx, maxRequestsPerSecond: 10, throttleBackoffMs: 1000, attempts: 2, backoffMs: 50 });
  cleanups.push(() => workers.close());
  return { server, db, queue };
}

describe('BullMQ runner on the real Redis', () => {
  it('runs a Tesla submissions job and its older-page follow-up into the event log', async () => {
    const { db, queue, server } = await setup();
    const tesla = job('edgar.submissions', { cik: '1318605' });
    await queue.enqueue([tesla]);
    // The same job again, with the CIK spelled padded or not, is a no-op: same deterministic id.
    await queue.enqueue([tesla, { name: 'edgar.submissions', data: { cik: '0001318605' } }, { name: 'edgar.submissions', data: { cik: '1318605' } }]);
    await queue.waitUntilIdle({ timeoutMs: 30_000 });
    const events = db.log.ofType('edgar.submissions');
    expect(events.map((e) => [e.subject, e.meta.page])).toEqual([
      ['0001318605', 'recent'],
      ['0001318605', 'CIK0001318605-submissions-001.json'],
    ]);
    expect(server.requestLog.map((r) => r.path)).toEqual(['/submissions/CIK0001318605.json', '/submissions/CIK0001318605-submissions-001.json']);
    const done = await queue.queue.getJob(jobId(tesla));
    expect(done?.returnvalue).toEqual({ appended: 1, notFound: false, followUps: 1 });
    expect(done?.data).toEqual({ cik: '0001318605' });
    expect(done?.opts.backoff).toEqual({ type: 'exponential', delay: 50, jitter: 0.5 });
    expect(await queue.queue.getJobCounts('completed', 'failed')).toEqual({ completed: 2, failed: 0 });
  });

  it('records a 404 as a permanent failure event and fails the job once, without retries', async () => {
    const { db, queue, server } = await setup();
    const utime = job('edgar.submissions', { cik: '1789299' });
    await queue.enqueue([utime, job('edgar.submissions', { cik: '1318605' })]);
    await queue.waitUntilIdle({ timeoutMs: 30_000 });
    const failed = await queue.queue.getJob(jobId(utime));
    expect(await failed?.getState()).toBe('failed');
    expect(failed?.attemptsMade).toBe(1);
    expect(server.requestLog.filter((r) => r.path === '/submissions/CIK0001789299.json')).toHaveLength(1);
    // The other job went on.
    expect(db.log.ofType('edgar.submissions').length).toBeGreaterThan(0);
    const events = db.log.ofType('ingest.job_failed');
    expect(events.map((e) => [e.subject, e.source])).toEqual([[jobId(utime), 'ingest']]);
    expect(events[0].payload as JobFailedPayload).toEqual({
      job: 'edgar.submissions',
      jobId: jobId(utime),
      data: { cik: '0001789299' },
      error: { class: 'NotFound', status: 404, message: expect.any(String) },
      attempts: 1,
      reason: 'permanent',
    });
  });

  it('retries a transient failure with backoff until its attempts are used up, then records it', async () => {
    let calls = 0;
    const handlers: HandlerMap = {
      ...jobHandlers,
      'edgar.companyfacts': async () => {
        calls++;
        throw new EdgarTransientError('HTTP 503', 503, 'https://data.sec.gov/x');
      },
    };
    const { db, queue } = await setup(handlers);
    const facts = job('edgar.companyfacts', { cik: '320193' });
    await queue.enqueue([facts]);
    await queue.waitUntilIdle({ timeoutMs: 30_000 });
    const failed = await queue.queue.getJob(jobId(facts));
    expect(await failed?.getState()).toBe('failed');
    expect(failed?.attemptsMade).toBe(2);
    expect(calls).toBe(2);
    expect(db.log.ofType('ingest.job_failed').map((e) => e.payload as JobFailedPayload)).toEqual([
      { job: 'edgar.companyfacts', jobId: jobId(facts), data: { cik: '0000320193' }, error: { class: 'EdgarTransientError', status: 503, message: 'HTTP 503' }, attempts: 2, reason: 'exhausted' },
    ]);
  });

  it('fails a job with invalid data at once, without retries, and leaves the event log alone', async () => {
    const { queue, db } = await setup();
    await queue.queue.add('edgar.submissions', { cik: 'not-a-cik' }, { jobId: 'bad-job', attempts: 5, backoff: { type: 'fixed', delay: 10 } });
    await queue.waitUntilIdle({ timeoutMs: 30_000 });
    const failed = await queue.queue.getJob('bad-job');
    expect(await failed?.getState()).toBe('failed');
    expect(failed?.attemptsMade).toBe(1);
    expect(failed?.failedReason).toContain('cik must be 1 to 10 digits');
    // Nothing was asked of EDGAR, so the log, which keeps what sources answered, gets no event.
    expect(db.log.ofType('ingest.job_failed')).toEqual([]);
  });
});
