import { describe, expect, it } from 'vitest';
import { EdgarPermanentError } from '../edgar/edgar-errors.ts';
import type { EdgarClient } from '../edgar/edgar-client.ts';
import type { EventLog } from '../../schema/events/event-log.ts';
import { silentLogger, type HandlerContext, type HandlerMap, type HandlerResult } from '../jobs/handler-context.ts';
import { job } from '../jobs/job-types.ts';
import { fakeTime } from '../testing/fake-time.ts';
import { runInline, type RunProgress } from './inline-runner.ts';

// The runner's contract is control flow (dedupe, follow-ups, bounded concurrency, failures), so
// its handlers here are scripted; the real handlers run against recorded EDGAR data in test/.
const ctx = { client: {} as EdgarClient, log: {} as EventLog, clock: fakeTime().clock, logger: silentLogger } satisfies HandlerContext;

function scripted(behaviour: (name: string, data: Record<string, unknown>) => Promise<HandlerResult>): HandlerMap {
  const h = (name: string) => (data: unknown) => behaviour(name, data as Record<string, unknown>);
  return {
    'edgar.company_tickers': h('edgar.company_tickers'),
    'edgar.daily_index': h('edgar.daily_index'),
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
      if (name === 'edgar.submissions' && data.cik === '2') return { appended: 0, followUps: [], notFound: true };
      return { appended: 1, followUps: [] };
    });
    const progress: RunProgress[] = [];
    const report = await runInline(
      [job('edgar.daily_index', { date: '2020-03-18', kind: 'form' }), job('edgar.submissions', { cik: '1' }), job('edgar.companyfacts', { cik: '9' }), job('edgar.company_tickers', {})],
      { handlers, ctx, concurrency: 2, onProgress: (p) => progress.push(p) },
    );
    expect(report).toMatchObject({ jobs: 5, succeeded: 4, notFound: 1, appended: 6, duplicates: 2, failures: [] });
    expect(ran.sort()).toEqual(['edgar.company_tickers:', 'edgar.companyfacts:9', 'edgar.daily_index:2020-03-18', 'edgar.submissions:1', 'edgar.submissions:2']);
    expect(peak).toBe(2);
    expect(progress).toHaveLength(5);
    expect(progress.at(-1)).toMatchObject({ done: 5, pending: 0, running: 0 });
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
      { handlers, ctx },
    );
    expect(report.succeeded).toBe(1);
    expect(report.failures.map((f) => [f.job.name, f.permanent, f.error.message])).toEqual([
      ['edgar.submissions', true, 'edgar.submissions: cik must be 1 to 10 digits'],
      ['edgar.document', true, 'HTTP 400'],
      ['edgar.companyfacts', false, 'socket hang up'],
    ]);
  });

  it('finishes at once with nothing to do', async () => {
    const report = await runInline([], { handlers: scripted(async () => ({ appended: 0, followUps: [] })), ctx });
    expect(report).toEqual({ jobs: 0, succeeded: 0, notFound: 0, appended: 0, duplicates: 0, failures: [] });
  });
});
