import { describe, expect, it } from 'vitest';
import { EXPECTED_NOT_FOUND_JOBS, isExpectedNotFound } from './not-found.ts';

describe('expected not-found answers', () => {
  it('are the 404s of jobs naming something the source may rightly lack', () => {
    expect(EXPECTED_NOT_FOUND_JOBS).toEqual(['edgar.daily_index', 'edgar.current_feed', 'edgar.submissions', 'edgar.submissions_page', 'edgar.companyfacts', 'prices.daily_bars']);
    expect(isExpectedNotFound('edgar.submissions', 404)).toBe(true);
    // What should always be there is a failure when it is not.
    expect(isExpectedNotFound('edgar.company_tickers', 404)).toBe(false);
    expect(isExpectedNotFound('edgar.document', 404)).toBe(false);
    expect(isExpectedNotFound('news.feed', 404)).toBe(false);
  });

  it('read only the recorded status: any other answer, or none, is a failure', () => {
    expect(isExpectedNotFound('edgar.submissions', 403)).toBe(false);
    expect(isExpectedNotFound('edgar.daily_index', null)).toBe(false);
    // An invalid job recorded under a name that is no job.
    expect(isExpectedNotFound('edgar.nonsense', 404)).toBe(false);
  });
});
