import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../../schema/databases.ts';
import type { JobFailedPayload } from '../../schema/events/event-types.ts';
import { EdgarPermanentError, EdgarTransientError } from '../edgar/edgar-errors.ts';
import type { EdgarClient } from '../edgar/edgar-client.ts';
import { silentLogger, type HandlerContext, type HandlerMap, type HandlerResult } from '../jobs/handler-context.ts';
import { job, jobId } from '../jobs/job-types.ts';
import { fakeTime, type FakeTime } from '../testing/fake-time.ts';
import { runInline, type RunProgress } from './inline-runner.ts';

// The runner's contract is control flow (dedupe, follow-ups, bounded concurrency, retries,
// failures), so its handlers here are scripted; the real handlers run against recorded EDGAR data
// in test/. Final failures are written to a real event log.
let dir: string;
let db: Awaited<ReturnType<typeof openEventLogDb>>;
let time: FakeTime;
let ctx: HandlerContext;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inline-runner-'));
  db = await openEventLogDb(dir);
  time = fakeTime();
  ctx = { client: {} as EdgarClient, log: db.log, clock: time.clock, logger: silentLogger };
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const failures = () => db.log.ofType('ingest.job_failed').map((e) => e.payload as JobFailedPayload);

function scripted(behaviour: (name: string, data: Record<string, unknown>) => Promise<HandlerResult>): HandlerMap {
  const h = (name: string) => (data: unknown) => behaviour(name, data as Record<string, unknown>);
  return {
    'edgar.company_tickers': h('edgar.company_tickers'),
    'edgar.daily_index': h('edgar.daily_index'),
    'edgar.current_feed': h('edgar.current_feed'),
    'edgar.submissions': h('edgar.submissions'),
    'edgar.submissions_page': h('edgar.submissions_page'),
    'edgar.document': h('edgar.document'),
    'edgar.companyfacts': h('edgar.companyfacts'),
    'prices.daily_bars': h('prices.daily_bars'),
    'news.everything': h('news.everything'),
    'news.feed': h('news.feed'),
  };
}

describe('runInline', () => {
  it('runs follow-ups to completion, each job id once, within the concurrency bound', async () => {
    let running = 0;
    let peak = 0;
    const ran: string[] = [];
    const handlers = scripted(async (name, data) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setImmediate(r));
      running--;
      ran.push(`${name}:${String(data.cik ?? data.date ?? '')}`);
      if (name === 'edgar.daily_index') {
        // Two follow-ups for the same CIK: one must be skipped as a duplicate.
        return { appended: 3, followUps: [job('edgar.submissions', { cik: '1' }), job('edgar.submissions', { cik: '1' }), job('edgar.submissions', { cik: '2' })] };
      }
      // Jobs reach handlers normalized: CIKs padded to 10 digits.
      if (name === 'edgar.submissions' && data.cik === '0000000002') return { appended: 0, followUps: [], notFound: true };
      return { appended: 1, followUps: [] };
    });
    const progress: RunProgress[] = [];
    const report = await runInline(
      [job('edgar.daily_index', { date: '2020-03-18', kind: 'form' }), job('edgar.submissions', { cik: '1' }), job('edgar.companyfacts', { cik: '9' }), job('edgar.company_tickers', {})],
      { handlers, ctx, concurrency: 2, onProgress: (p) => progress.push(p) },
    );
    expect(report).toMatchObject({ jobs: 5, succeeded: 4, notFound: 1, appended: 6, duplicates: 2, failures: [] });
    expect(ran.sort()).toEqual(['edgar.company_tickers:', 'edgar.companyfacts:0000000009', 'edgar.daily_index:2020-03-18', 'edgar.submissions:0000000001', 'edgar.submissions:0000000002']);
    expect(peak).toBe(2);
    expect(progress).toHaveLength(5);
    expect(progress.at(-1)).toMatchObject({ done: 5, pending: 0, running: 0 });
    // The 404 is recorded as a permanent failure, once, and the run went on.
    expect(failures()).toEqual([
      {
        job: 'edgar.submissions',
        jobId: jobId(job('edgar.submissions', { cik: '2' })),
        data: { cik: '0000000002' },
        error: { class: 'NotFound', status: 404, message: expect.any(String) },
        attempts: 1,
        reason: 'permanent',
      },
    ]);
  });

  it('retries transient failures with exponential backoff and jitter, then records the job as exhausted', async () => {
    let calls = 0;
    const handlers = scripted(async (name) => {
      if (name === 'edgar.companyfacts') {
        calls++;
        throw new EdgarTransientError('HTTP 503', 503, 'u');
      }
      if (name === 'edgar.submissions') {
        calls++;
        // Fails twice, then succeeds: no failure recorded.
        if (calls <= 2) throw new Error('socket hang up');
      }
      return { appended: 1, followUps: [] };
    });
    const report = await runInline([job('edgar.submissions', { cik: '5' })], { handlers, ctx, sleep: time.sleep, retry: { attempts: 3, delayMs: 1000, jitter: 0.5 } });
    expect(report).toMatchObject({ jobs: 1, succeeded: 1, failures: [] });
    expect(failures()).toEqual([]);
    expect(time.sleeps).toHaveLength(2);
    expect(time.sleeps[0]).toBeGreaterThanOrEqual(500);
    expect(time.sleeps[0]).toBeLessThan(1000);
    expect(time.sleeps[1]).toBeGreaterThanOrEqual(1000);
    expect(time.sleeps[1]).toBeLessThan(2000);

    calls = 0;
    const exhausted = await runInline([job('edgar.companyfacts', { cik: '6' })], { handlers, ctx, sleep: time.sleep, retry: { attempts: 3, delayMs: 1000, jitter: 0.5 } });
    expect(calls).toBe(3);
    expect(exhausted.failures.map((f) => [f.permanent, f.attempts])).toEqual([[false, 3]]);
    expect(failures()).toEqual([
      expect.objectContaining({ job: 'edgar.companyfacts', error: { class: 'EdgarTransientError', status: 503, message: 'HTTP 503' }, attempts: 3, reason: 'exhausted' }),
    ]);
  });

  it('collects failures, marks permanent ones, and keeps running the rest', async () => {
    const handlers = scripted(async (name) => {
      if (name === 'edgar.document') throw new EdgarPermanentError('HTTP 400', 400, 'u');
      if (name === 'edgar.companyfacts') throw new Error('socket hang up');
      return { appended: 1, followUps: [] };
    });
    const report = await runInline(
      [
        job('edgar.document', { cik: '1', accessionNumber: '0000000001-20-000001', primaryDocument: 'a.htm' }),
        job('edgar.companyfacts', { cik: '1' }),
        job('edgar.company_tickers', {}),
        { name: 'edgar.submissions', data: { cik: 'not-a-cik' } },
      ],
      { handlers, ctx, sleep: time.sleep },
    );
    expect(report.succeeded).toBe(1);
    expect(report.failures.map((f) => [f.job.name, f.permanent, f.error.message, f.attempts])).toEqual([
      ['edgar.submissions', true, 'edgar.submissions: cik must be 1 to 10 digits', 1],
      ['edgar.document', true, 'HTTP 400', 1],
      ['edgar.companyfacts', false, 'socket hang up', 5],
    ]);
    // Default policy: 5 attempts, 4 waits.
    expect(time.sleeps).toHaveLength(4);
    // The invalid job is refused but not recorded: no source answered it.
    expect(failures().map((f) => [f.job, f.error.class, f.error.status, f.attempts, f.reason])).toEqual([
      ['edgar.document', 'EdgarPermanentError', 400, 1, 'permanent'],
      ['edgar.companyfacts', 'Error', null, 5, 'exhausted'],
    ]);
  });

  it('finishes at once with nothing to do', async () => {
    const report = await runInline([], { handlers: scripted(async () => ({ appended: 0, followUps: [] })), ctx });
    expect(report).toEqual({ jobs: 0, succeeded: 0, notFound: 0, appended: 0, duplicates: 0, failures: [] });
  });
});
