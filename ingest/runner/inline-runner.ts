import { realSleep, type Sleep } from '../clock.ts';
import type { HandlerContext, SomeHandlers } from '../jobs/handler-context.ts';
import { assertHandled, runJob } from '../jobs/handlers.ts';
import { JOB_NAMES, jobId, queueOf, type Job } from '../jobs/job-types.ts';
import { isPermanentFailure, validateJob } from '../jobs/job-validate.ts';
import { recordFinalFailure } from './job-failure.ts';
import { backoffDelay, retryPolicy, type RetryPolicy } from './retry-policy.ts';

export interface JobFailure {
  id: string;
  job: Job;
  error: Error;
  /** Retrying cannot help (bad job data, undeclared User-Agent, unexpected 4xx). Bad job data is refused unrecorded. */
  permanent: boolean;
  /** Tries made, the failing one included (a transient failure is retried up to the policy's attempts). */
  attempts: number;
}

export interface RunProgress {
  done: number;
  pending: number;
  running: number;
  appended: number;
  notFound: number;
  failed: number;
  /** The job that just finished. */
  last: { id: string; name: Job['name']; outcome: 'ok' | 'not_found' | 'failed' };
}

export interface InlineRunReport {
  /** Distinct jobs run, follow-ups included. */
  jobs: number;
  succeeded: number;
  notFound: number;
  appended: number;
  /** Jobs skipped because a job with the same id was already run in this run. */
  duplicates: number;
  failures: JobFailure[];
}

export interface InlineRunOptions {
  /** Checked at the start: every job of the queues of the given jobs needs a handler. */
  handlers: SomeHandlers;
  ctx: HandlerContext;
  /** Jobs in flight at once; the client's token bucket still paces the requests. Default 4. */
  concurrency?: number;
  /** Retries of transient failures; the same defaults as the BullMQ queues (see retry-policy.ts). */
  retry?: Partial<RetryPolicy>;
  /** Waits out the backoff; tests pass a fake one. */
  sleep?: Sleep;
  onProgress?: (progress: RunProgress) => void;
}

/**
 * Runs jobs and all their follow-ups in this process until none are left: the same handlers the
 * BullMQ workers run, for a laptop without Redis. Each job id runs once per run; a transient
 * failure is retried with the BullMQ queues' backoff. A job given up on (permanent error, 404,
 * retries exhausted) is recorded as an `ingest.job_failed` event; failures are also collected and
 * returned (the caller decides the exit code), never dropped. A 404 counts as not found, not failed.
 * A job whose data is invalid is refused: collected as a failure, logged, and not recorded.
 */
export async function runInline(jobs: Job[], options: InlineRunOptions): Promise<InlineRunReport> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const policy = retryPolicy(options.retry);
  const sleep = options.sleep ?? realSleep;
  const { ctx } = options;
  assertHandled(
    jobs.flatMap((j) => (typeof j?.name === 'string' && JOB_NAMES.includes(j.name) ? [queueOf(j.name)] : [])),
    options.handlers,
  );
  const report: InlineRunReport = { jobs: 0, succeeded: 0, notFound: 0, appended: 0, duplicates: 0, failures: [] };
  const seen = new Set<string>();
  const pending: { id: string; job: Job; attempt: number }[] = [];
  let running = 0;
  // Jobs sleeping before a retry: the run is not over while any is.
  let backingOff = 0;

  const add = (candidates: Job[]) => {
    for (const candidate of candidates) {
      let valid: Job;
      try {
        valid = validateJob(candidate);
      } catch (error) {
        // Whoever made the job got it wrong; no source said anything, so the event log gets nothing.
        report.failures.push({ id: '(invalid)', job: candidate, error: error as Error, permanent: true, attempts: 1 });
        ctx.logger.error('job refused', { job: String((candidate as { name?: unknown } | null)?.name), error: (error as Error).message });
        continue;
      }
      const id = jobId(valid);
      if (seen.has(id)) {
        report.duplicates++;
        continue;
      }
      seen.add(id);
      pending.push({ id, job: valid, attempt: 1 });
    }
  };

  const progress = (id: string, j: Job, outcome: RunProgress['last']['outcome']) =>
    options.onProgress?.({
      done: report.succeeded + report.notFound + report.failures.length,
      pending: pending.length + backingOff,
      running,
      appended: report.appended,
      notFound: report.notFound,
      failed: report.failures.length,
      last: { id, name: j.name, outcome },
    });

  add(jobs);
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      while (running < concurrency && pending.length > 0) {
        const next = pending.shift()!;
        running++;
        if (next.attempt === 1) report.jobs++;
        runJob(options.handlers, next.job, ctx)
          .then(
            (result) => {
              running--;
              report.appended += result.appended;
              if (result.notFound) {
                report.notFound++;
                recordFinalFailure(ctx, { name: next.job.name, id: next.id, data: next.job.data, error: null, attempts: next.attempt, reason: 'permanent' });
              } else report.succeeded++;
              add(result.followUps);
              progress(next.id, next.job, result.notFound ? 'not_found' : 'ok');
            },
            (error: unknown) => {
              running--;
              const err = error instanceof Error ? error : new Error(String(error));
              const permanent = isPermanentFailure(err);
              if (!permanent && next.attempt < policy.attempts) {
                const delay = backoffDelay(policy, next.attempt);
                ctx.logger.warn('job failed, retrying', { id: next.id, job: next.job.name, attempt: next.attempt, delayMs: delay, error: err.message });
                backingOff++;
                void sleep(delay).then(() => {
                  backingOff--;
                  pending.push({ ...next, attempt: next.attempt + 1 });
                  pump();
                });
                return;
              }
              recordFinalFailure(ctx, { name: next.job.name, id: next.id, data: next.job.data, error: err, attempts: next.attempt, reason: permanent ? 'permanent' : 'exhausted' });
              report.failures.push({ id: next.id, job: next.job, error: err, permanent, attempts: next.attempt });
              ctx.logger.error('job failed', { id: next.id, job: next.job.name, attempts: next.attempt, error: err.message });
              progress(next.id, next.job, 'failed');
            },
          )
          // Only recording can throw here (the event log is gone): stop the run rather than lose it.
          .then(pump, reject);
      }
      if (running === 0 && pending.length === 0 && backingOff === 0) resolve();
    };
    pump();
  });
  return report;
}
