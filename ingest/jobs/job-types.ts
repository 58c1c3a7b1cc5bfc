import { createHash } from 'node:crypto';
import { isCikLike, padCik } from '../../schema/cik.ts';
import type { IndexKind } from '../../schema/edgar/index.parse.ts';

/**
 * The closed set of ingest jobs: job name → payload type. The handler map is typed against this,
 * so adding a job here without a handler does not compile.
 */
export interface JobPayloads {
  'edgar.company_tickers': Record<string, never>;
  'edgar.daily_index': { date: string; kind: IndexKind; followForms?: string[] };
  /**
   * One page of the latest-filings feed (`count` entries from `start`, newest first). Entries of
   * `followForms` (default: the offering forms) are recorded and their new filings followed; with
   * `since`, the next page is read too while this one reaches no entry older than it.
   */
  'edgar.current_feed': { since?: string; start?: number; count?: number; followForms?: string[] };
  /**
   * A company's submissions JSON. `accessions`: new filings to follow (their primary documents when
   * the projector reads them), `filedOn` the latest of their filing dates (see submissions.handler.ts).
   */
  'edgar.submissions': { cik: string; accessions?: string[]; filedOn?: string };
  'edgar.submissions_page': { cik: string; name: string; accessions?: string[] };
  'edgar.document': { cik: string; accessionNumber: string; primaryDocument: string };
  'edgar.companyfacts': { cik: string };
  /** Daily bars of one listed ticker from the prices provider. */
  'prices.daily_bars': { ticker: string };
  /** One NewsAPI `/v2/everything` search (the newest 100 articles). */
  'news.everything': { query: string; from?: string; to?: string };
  /** One RSS/Atom press-release feed. */
  'news.feed': { url: string };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES = [
  'edgar.company_tickers',
  'edgar.daily_index',
  'edgar.current_feed',
  'edgar.submissions',
  'edgar.submissions_page',
  'edgar.document',
  'edgar.companyfacts',
  'prices.daily_bars',
  'news.everything',
  'news.feed',
] as const satisfies readonly JobName[];

// Fails to compile if JOB_NAMES misses a name of JobPayloads.
type MissingName = Exclude<JobName, (typeof JOB_NAMES)[number]>;
const _allNamesListed: MissingName extends never ? true : never = true;
void _allNamesListed;

/**
 * Which BullMQ queue runs a job. EDGAR jobs share the SEC rate limiter; prices and news have no
 * such limit and must not wait behind it, and a news 429 pauses only the news queue.
 */
export type QueueName = 'edgar' | 'prices' | 'news';

export function queueOf(name: JobName): QueueName {
  return name.startsWith('edgar.') ? 'edgar' : name.startsWith('prices.') ? 'prices' : 'news';
}

export type Job = { [N in JobName]: { name: N; data: JobPayloads[N] } }[JobName];

export function job<N extends JobName>(name: N, data: JobPayloads[N]): Job {
  return normalizeJob({ name, data } as Job);
}

/**
 * One spelling per job: a CIK is always the 10-digit padded form, so `320193` and `0000320193`
 * are the same job with the same id. A malformed CIK is left as is for the validator to reject.
 */
export function normalizeJob(j: Job): Job {
  const data = j.data as Record<string, unknown>;
  if (typeof data?.cik !== 'string' || !isCikLike(data.cik)) return j;
  const cik = padCik(data.cik);
  return cik === data.cik ? j : ({ name: j.name, data: { ...data, cik } } as Job);
}

/** JSON with sorted keys, so equal payloads give equal ids whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}${':'}${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Deterministic job id: the same job enqueued twice is one job. BullMQ forbids ':' in custom ids,
 * so the payload is hashed rather than spelled out. The job is normalized first (see `normalizeJob`).
 */
export function jobId(candidate: Job): string {
  const j = normalizeJob(candidate);
  const digest = createHash('sha256').update(`${j.name}\u0000${stableJson(j.data)}`).digest('hex').slice(0, 32);
  return `${j.name}-${digest}`;
}
