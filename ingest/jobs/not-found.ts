import { JOB_NAMES, type JobName } from './job-types.ts';

/**
 * Whether a 404 is an answer the source may rightly give a job: true where the job names something
 * the source can lack as a matter of fact (a day, a CIK, a page, a ticker), false where it names
 * something that always exists or that the source itself listed, so a 404 means a wrong URL, a
 * moved feed or a bug, which an operator should look at. Closed over every job: a new job does not
 * compile without this decision.
 */
const EXPECTED_NOT_FOUND: { readonly [N in JobName]: boolean } = {
  // Always published: a 404 means EDGAR_WWW_URL points at the wrong place.
  'edgar.company_tickers': false,
  // No index on weekends, holidays and closures, nor before the day's index is published.
  'edgar.daily_index': true,
  // A page past the feed's last entry answers as any unknown address does.
  'edgar.current_feed': true,
  // EDGAR has no submissions file for many CIKs of an index (filer agents, individuals, funds).
  'edgar.submissions': true,
  'edgar.submissions_page': true,
  // The submissions listing named this document: EDGAR should serve it.
  'edgar.document': false,
  // A company without XBRL financial data yet (a new registrant, most foreign filers).
  'edgar.companyfacts': true,
  // A symbol the provider never carried (not listed yet, delisted long ago).
  'prices.daily_bars': true,
  // A search endpoint answers even when it finds nothing; a configured feed that is gone needs a new URL.
  'news.everything': false,
  'news.feed': false,
  'pipeline.project': false,
  'pipeline.publish': false,
};

/** The jobs whose 404 is an expected answer, for queries over recorded failures. */
export const EXPECTED_NOT_FOUND_JOBS: readonly JobName[] = JOB_NAMES.filter((name) => EXPECTED_NOT_FOUND[name]);

/**
 * A recorded `ingest.job_failed` that is an expected "not found" rather than a failure: decided by
 * the recorded HTTP status and the job name, so events written before this rule read the same.
 */
export function isExpectedNotFound(job: string, status: number | null): boolean {
  return status === 404 && (EXPECTED_NOT_FOUND_JOBS as readonly string[]).includes(job);
}
