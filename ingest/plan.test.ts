import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companyfactsPath } from './edgar/companyfacts.handler.ts';
import { COMPANY_TICKERS_PATH } from './edgar/company-tickers.handler.ts';
import { currentFeedPath, FEED_PAGE_SIZE } from './edgar/current-feed.handler.ts';
import { dailyIndexPath } from './edgar/daily-index.handler.ts';
import { documentPath } from './edgar/document.handler.ts';
import { submissionsPath } from './edgar/submissions.handler.ts';
import type { Job } from './jobs/job-types.ts';
import { InvalidJobError } from './jobs/job-validate.ts';
import { loadPlan, parsePlan } from './plan.ts';
import { assertNever } from '../schema/exhaustive.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');

/** The path a plan job fetches first (follow-ups aside). */
function pathOf(j: Job): string {
  switch (j.name) {
    case 'edgar.company_tickers':
      return COMPANY_TICKERS_PATH;
    case 'edgar.daily_index':
      return dailyIndexPath(j.data.date, j.data.kind);
    case 'edgar.current_feed':
      return currentFeedPath(j.data.start ?? 0, j.data.count ?? FEED_PAGE_SIZE);
    case 'edgar.submissions':
      return submissionsPath(j.data.cik);
    case 'edgar.submissions_page':
      return `/submissions/${j.data.name}`;
    case 'edgar.document':
      return documentPath(j.data.cik, j.data.accessionNumber, j.data.primaryDocument);
    case 'edgar.companyfacts':
      return companyfactsPath(j.data.cik);
    case 'prices.daily_bars':
    case 'news.everything':
    case 'news.feed':
    case 'pipeline.project':
    case 'pipeline.publish':
      // The demo plan is EDGAR-only; market jobs come from the market replay manifest.
      throw new Error(`not an EDGAR job: ${j.name}`);
    default:
      return assertNever(j);
  }
}

describe('the demo plan', () => {
  const plan = loadPlan(join(SAMPLE, 'demo-plan.json'));

  it('asks for every recorded response except older pages, which come as follow-ups', () => {
    const routes = (JSON.parse(readFileSync(join(SAMPLE, 'edgar/replay.json'), 'utf8')) as { routes: { path: string }[] }).routes.map((r) => r.path);
    const planned = new Set(plan.jobs.map(pathOf));
    expect(routes.filter((p) => !planned.has(p))).toEqual(['/submissions/CIK0001318605-submissions-001.json']);
    expect([...planned].filter((p) => !routes.includes(p))).toEqual([]);
  });

  it('follows the IPO forms from both daily indexes', () => {
    const indexes = plan.jobs.filter((j) => j.name === 'edgar.daily_index');
    expect(indexes.map((j) => j.data)).toEqual([
      expect.objectContaining({ date: '2020-03-18', kind: 'form', followForms: ['S-1', 'S-1/A', 'F-1', 'F-1/A', 'S-11', 'EFFECT', 'RW', '424B4', 'DRS'] }),
      expect.objectContaining({ date: '2022-10-03', kind: 'company' }),
    ]);
  });
});

describe('parsePlan', () => {
  it('reports every invalid job with its position', () => {
    const bad = {
      jobs: [
        { name: 'edgar.submissions', data: { cik: '1318605' } },
        { name: 'edgar.nope', data: {} },
        { name: 'edgar.daily_index', data: { date: '2020-3-18', kind: 'form' } },
        { name: 'edgar.document', data: { cik: '1', accessionNumber: '0001213900-21-035033', primaryDocument: '../../etc/passwd' } },
      ],
    };
    expect(() => parsePlan(bad)).toThrow(InvalidJobError);
    try {
      parsePlan(bad);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).not.toContain('jobs[0]');
      expect(message).toContain('jobs[1]: unknown job name "edgar.nope"');
      expect(message).toContain('jobs[2]: edgar.daily_index: date must be a calendar date YYYY-MM-DD');
      expect(message).toContain('jobs[3]: edgar.document: primaryDocument must be a file name');
    }
  });

  it('rejects a document that is not a plan', () => {
    expect(() => parsePlan([])).toThrow('"jobs" array');
  });
});
