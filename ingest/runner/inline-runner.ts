import type { HandlerContext, HandlerMap } from '../jobs/handler-context.ts';
import { runJob } from '../jobs/handlers.ts';
import { jobId, type Job } from '../jobs/job-types.ts';
import { isPermanentFailure, validateJob } from '../jobs/job-validate.ts';

export interface JobFailure {
  id: string;
  job: Job;
  error: Error;
  /** Retrying cannot help (bad job data, undeclared User-Agent, unexpected 4xx). */
  permanent: boolean;
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
  handlers: HandlerMap;
  ctx: HandlerContext;
  /** Jobs in flight at once; the client's token bucket still paces the requests. Default 4. */
  concurrency?: number;
  onProgress?: (progress: RunProgress) => void;
}

/**
 * Runs jobs and all their follow-ups in this process until none are left: the same handlers the
 * BullMQ workers run, for a laptop without Redis. Each job id runs once per run; failures are
 * collected and returned (the caller decides the exit code), never dropped.
 */
export async function runInline(jobs: Job[], options: InlineRunOptions): Promise<InlineRunReport> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const report: InlineRunReport = { jobs: 0, succeeded: 0, notFound: 0, appended: 0, duplicates: 0, failures: [] };
  const seen = new Set<string>();
  const pending: { id: string; job: Job }[] = [];
  let running = 0;

  const add = (candidates: Job[]) => {
    for (const candidate of candidates) {
      let valid: Job;
      try {
        valid = validateJob(candidate);
      } catch (error) {
        report.failures.push({ id: '(invalid)', job: candidate, error: error as Error, permanent: true });
        continue;
      }
      const id = jobId(valid);
      if (seen.has(id)) {
        report.duplicates++;
        continue;
      }
      seen.add(id);
      pending.push({ id, job: valid });
    }
  };

  const progress = (id: string, j: Job, outcome: RunProgress['last']['outcome']) =>
    options.onProgress?.({
      done: report.succeeded + report.notFound + report.failures.length,
      pending: pending.length,
      running,
      appended: report.appended,
      notFound: report.notFound,
      failed: report.failures.length,
      last: { id, name: j.name, outcome },
    });

  add(jobs);
  await new Promise<void>((resolve) => {
    const pump = () => {
      while (running < concurrency && pending.length > 0) {
        const next = pending.shift()!;
        running++;
        report.jobs++;
        runJob(options.handlers, next.job, options.ctx).then(
          (result) => {
            running--;
            report.appended += result.appended;
            if (result.notFound) report.notFound++;
            else report.succeeded++;
            add(result.followUps);
            progress(next.id, next.job, result.notFound ? 'not_found' : 'ok');
            pump();
          },
          (error: unknown) => {
            running--;
            const err = error instanceof Error ? error : new Error(String(error));
            report.failures.push({ id: next.id, job: next.job, error: err, permanent: isPermanentFailure(err) });
            options.ctx.logger.error('job failed', { id: next.id, name: next.job.name, error: err.message });
            progress(next.id, next.job, 'failed');
            pump();
          },
        );
      }
      if (running === 0 && pending.length === 0) resolve();
    };
    pump();
  });
  return report;
}
