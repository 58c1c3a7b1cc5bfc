import type { JobFailedPayload } from '../../schema/events/event-types.ts';
import { isoAt } from '../clock.ts';
import type { HandlerContext } from '../jobs/handler-context.ts';

export interface FinalFailure {
  /** Job name as given (it may be unknown when the job was invalid). */
  name: string;
  id: string;
  data: unknown;
  /** The error, or null for a 404 answered as "not found" by the handler. */
  error: Error | null;
  attempts: number;
  reason: JobFailedPayload['reason'];
}

function describeError(error: Error | null): JobFailedPayload['error'] {
  if (error === null) return { class: 'NotFound', status: 404, message: 'the source has nothing at this address (404 or no data)' };
  const status = (error as { status?: unknown }).status;
  return { class: error.name || error.constructor.name, status: typeof status === 'number' ? status : null, message: error.message };
}

/**
 * Appends `ingest.job_failed` for a job a runner gives up on. Idempotent like every append: the
 * same job failing the same way again is one event.
 */
export function recordFinalFailure(ctx: Pick<HandlerContext, 'log' | 'clock'>, failure: FinalFailure): void {
  const payload: JobFailedPayload = {
    job: failure.name,
    jobId: failure.id,
    data: failure.data ?? null,
    error: describeError(failure.error),
    attempts: failure.attempts,
    reason: failure.reason,
  };
  ctx.log.append({ type: 'ingest.job_failed', source: 'ingest', subject: failure.id, observedAt: isoAt(ctx.clock), payload });
}
