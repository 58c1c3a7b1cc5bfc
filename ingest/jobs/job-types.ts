import { createHash } from 'node:crypto';
import { isCikLike, padCik } from '../../schema/cik.ts';
import type { IndexKind } from '../../schema/edgar/index.parse.ts';
import type { PipelineJobPayloads } from '../../schema/pipeline/jobs.ts';

/** The ingest stage's jobs: job name → payload type. Their handlers are `jobHandlers` (handlers.ts). */
export interface IngestJobPayloads {
  'edgar.company_tickers': Record<string, never>;
  'edgar.daily_index': { date: string; kind: IndexKind; followForms?: string[] };
  /**
   * One page of the latest-filings feed (`count` entries from `start`, newest first). Entries of
   * `followForms` (default: the offering forms) are recorded and their new filings followed; with
   * `since`, the next page is read too while this one reaches no entry older than it, nor than a
   * minute before the latest poll (current-feed.handler.ts). The scheduler's polls set `since` 30
   * minutes before their time slot, so a slot's poll is one job.
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

/**
 * The closed set of jobs: job name → payload type. The ingest jobs, plus the pipeline's project
 * and publish jobs (schema/pipeline/jobs.ts), whose handlers the composition root (scripts/) builds.
 */
export interface JobPayloads extends IngestJobPayloads, PipelineJobPayloads {}

export type JobName = keyof JobPayloads;

/**
 * The queues, one per kind of job; a queue's BullMQ name is its kind unless a test gives another.
 * EDGAR jobs share the SEC rate limiter; prices and news have no such limit and must not wait
 * behind it, and a news 429 pauses only the news queue. Pipeline jobs go to `ipo projector`, the
 * single writer of read.db.
 */
export const QUEUE_NAMES = ['edgar', 'prices', 'news', 'pipeline'] as const;

export type QueueName = (typeof QUEUE_NAMES)[number];

/** The queues whose jobs `ipo worker` runs. */
export type IngestQueueName = Exclude<QueueName, 'pipeline'>;

/**
 * The closed map from job name to queue: a name missing here, or one that is not a job, does not
 * compile. A handler map is checked against it when a runner starts (see `assertHandled`).
 */
export const JOB_QUEUES = {
  'edgar.company_tickers': 'edgar',
  'edgar.daily_index': 'edgar',
  'edgar.current_feed': 'edgar',
  'edgar.submissions': 'edgar',
  'edgar.submissions_page': 'edgar',
  'edgar.document': 'edgar',
  'edgar.companyfacts': 'edgar',
  'prices.daily_bars': 'prices',
  'news.everything': 'news',
  'news.feed': 'news',
  'pipeline.project': 'pipeline',
  'pipeline.publish': 'pipeline',
} as const satisfies { [N in JobName]: QueueName };

export const JOB_NAMES = Object.keys(JOB_QUEUES) as readonly JobName[];

/** The job names a queue runs. */
export type JobsOf<Q extends QueueName> = { [N in JobName]: (typeof JOB_QUEUES)[N] extends Q ? N : never }[JobName];

export function queueOf(name: JobName): QueueName {
  return JOB_QUEUES[name];
}

export function jobNamesOf(queue: QueueName): JobName[] {
  return JOB_NAMES.filter((name) => JOB_QUEUES[name] === queue);
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
