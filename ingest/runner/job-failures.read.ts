import { sql, type Kysely } from 'kysely';
import type { JobFailedPayload } from '../../schema/events/event-types.ts';
import type { EventLogDatabase } from '../../schema/events/tables.ts';
import { EXPECTED_NOT_FOUND_JOBS, isExpectedNotFound } from '../jobs/not-found.ts';

/** One recorded `ingest.job_failed`, as `ipo status` shows it. */
export interface RecordedFailure {
  observedAt: string;
  job: string;
  data: unknown;
  errorClass: string;
  status: number | null;
  message: string;
  reason: string;
  attempts: number;
}

/** The jobs runners gave up on, told apart: real failures, and the 404s the source may rightly answer. */
export interface JobFailureSummary {
  failed: { total: number; latest: RecordedFailure[] };
  notFound: { total: number; byJob: Array<{ job: string; count: number; lastObservedAt: string }> };
}

const STATUS = sql<number>`coalesce(json_extract(payload, '$.error.status'), 0)`;
const JOB = sql<string>`coalesce(json_extract(payload, '$.job'), '')`;

/**
 * Counts the `ingest.job_failed` events by job and status and splits them by `isExpectedNotFound`;
 * reads the newest `latest` real failures in full. Every event ever recorded carries its status, so
 * the split holds for old logs too.
 */
export async function readJobFailures(db: Kysely<EventLogDatabase>, latest: number): Promise<JobFailureSummary> {
  const groups = await db
    .selectFrom('events')
    .select([JOB.as('job'), STATUS.as('status'), sql<number>`count(*)`.as('count'), sql<string>`max(observed_at)`.as('last')])
    .where('type', '=', 'ingest.job_failed')
    .groupBy([JOB, STATUS])
    .orderBy(JOB)
    .execute();
  const expected = groups.filter((g) => isExpectedNotFound(g.job, g.status));
  const total = (rows: typeof groups) => rows.reduce((n, g) => n + g.count, 0);
  const newest = await db
    .selectFrom('events')
    .select(['observed_at', 'payload'])
    .where('type', '=', 'ingest.job_failed')
    // The same rule as isExpectedNotFound, so the newest rows are real failures only.
    .where((eb) => eb.not(eb.and([eb(STATUS, '=', 404), eb(JOB, 'in', EXPECTED_NOT_FOUND_JOBS.length > 0 ? [...EXPECTED_NOT_FOUND_JOBS] : [''])])))
    .orderBy('seq', 'desc')
    .limit(latest)
    .execute();
  return {
    failed: { total: total(groups) - total(expected), latest: newest.map((row) => recordedFailure(row.observed_at, row.payload)) },
    notFound: { total: total(expected), byJob: expected.map((g) => ({ job: g.job, count: g.count, lastObservedAt: g.last })) },
  };
}

function recordedFailure(observedAt: string, payload: string | null): RecordedFailure {
  const p = JSON.parse(payload ?? 'null') as JobFailedPayload;
  return { observedAt, job: p.job, data: p.data, errorClass: p.error.class, status: p.error.status, message: p.error.message, reason: p.reason, attempts: p.attempts };
}
