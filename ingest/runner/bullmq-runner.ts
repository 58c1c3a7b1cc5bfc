import { UnrecoverableError, Worker, type Job as BullJob } from 'bullmq';
import type { Redis } from 'ioredis';
import { EdgarThrottledError } from '../edgar/edgar-errors.ts';
import type { HandlerContext, HandlerResult, Logger, SomeHandlers } from '../jobs/handler-context.ts';
import { assertHandled, runJob } from '../jobs/handlers.ts';
import { NewsRateLimitedError } from '../news/newsapi-client.ts';
import { jobId, type Job } from '../jobs/job-types.ts';
import { isPermanentFailure, validateJob } from '../jobs/job-validate.ts';
import { recordFinalFailure } from './job-failure.ts';
import { openJobQueue, type JobQueue, type QueueOptions } from './job-queue.ts';
import { isRedisUnreachable, workerRedis } from './redis-connections.ts';
import { DEFAULT_REDIS_KEYS } from '../../schema/config.ts';

/** Pause of the news queue after a 429 without Retry-After. */
const NEWS_DEFAULT_PAUSE_MS = 15 * 60_000;

/** A worker runs every job of its queue's `kind`: each of them needs a handler, checked at startup. */
export interface WorkerOptions extends QueueOptions {
  handlers: SomeHandlers;
  ctx: HandlerContext;
  /** Requests per second across ALL workers on this queue (BullMQ's limiter lives in Redis); null = no limiter. */
  maxRequestsPerSecond: number | null;
  concurrency?: number;
  /** How long the whole queue pauses when the client gives up on a throttled request. */
  throttleBackoffMs: number;
  /**
   * Lock on a running job (renewed at half of it) and interval of the stalled-job check: a job
   * whose worker died runs again on another worker within about twice this. Default 30 s.
   */
  lockMs?: number;
}

export interface JobWorkers {
  worker: Worker;
  close(): Promise<void>;
}

/** What every attempt of the worker shares: its options, where follow-ups go, the errors already logged. */
interface WorkerScope {
  options: WorkerOptions;
  queueName: string;
  logger: Logger;
  followUps: JobQueue;
  /** Errors whose job already has its log line: BullMQ's 'failed' event reports only the others. */
  reported: WeakSet<object>;
}

/**
 * Starts a worker on one queue that runs the same handlers as the inline runner. An EDGAR handler
 * makes one request per job, so the edgar queue's limiter (max per 1000 ms) is the global request
 * limit. Throws `MissingHandlerError` at once when a job name of the queue's kind has no handler.
 */
export function startWorkers(options: WorkerOptions): JobWorkers {
  // Before any connection: a queue with a job name this process cannot run is a startup error.
  assertHandled([options.kind], options.handlers);
  const scope: WorkerScope = {
    options,
    queueName: options.queueName ?? options.kind,
    logger: options.ctx.logger,
    followUps: openJobQueue(options),
    reported: new WeakSet<object>(),
  };
  const connection = workerRedis(options.redisUrl);
  // Jobs whose handler is running, so a shutdown can let them end without asking Redis.
  const running = new Set<Promise<unknown>>();
  const worker = createWorker(scope, connection, (bullJob) => {
    const handled = runAttempt(scope, bullJob);
    running.add(handled);
    const done = () => running.delete(handled);
    handled.then(done, done);
    return handled;
  });
  watchWorker(scope, worker, connection);
  return { worker, close: () => closeWorker(scope, worker, connection, running) };
}

function createWorker(scope: WorkerScope, connection: Redis, process: (bullJob: BullJob) => Promise<unknown>): Worker {
  const { options } = scope;
  const lockMs = options.lockMs ?? 30_000;
  return new Worker(scope.queueName, process, {
    connection,
    prefix: options.prefix ?? DEFAULT_REDIS_KEYS.queues,
    concurrency: options.concurrency ?? 4,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    ...(options.maxRequestsPerSecond !== null ? { limiter: { max: options.maxRequestsPerSecond, duration: 1000 } } : {}),
  });
}

type AttemptOutcome = 'completed' | 'not_found' | 'failed' | 'postponed';

/** One attempt of one job: its log line, and how it gives up (recorded once as `ingest.job_failed`). */
function attemptOf(scope: WorkerScope, bullJob: BullJob) {
  // BullMQ counts finished attempts; this one is the next.
  const attempt = bullJob.attemptsMade + 1;
  const started = Date.now();
  const logged = <E>(error: E): E => {
    if (typeof error === 'object' && error !== null) scope.reported.add(error);
    return error;
  };
  // One line per attempt of a job: what it was, how it ended, how long it took.
  const line = (outcome: AttemptOutcome, fields: Record<string, unknown> = {}) => ({
    queue: scope.queueName,
    job: bullJob.name,
    id: bullJob.id,
    outcome,
    attempt,
    ms: Date.now() - started,
    ...fields,
  });
  const giveUp = (error: Error | null, data: unknown, reason: 'permanent' | 'exhausted') =>
    recordFinalFailure(scope.options.ctx, { name: bullJob.name, id: bullJob.id ?? jobId({ name: bullJob.name, data } as Job), data, error, attempts: attempt, reason });
  const failFor = (error: Error, data: unknown): never => {
    giveUp(error, data, 'permanent');
    scope.logger.error('job failed', line('failed', { final: true, error: error.message }));
    throw logged(new UnrecoverableError(error.message));
  };
  // Invalid data is the enqueuer's mistake, not a source's answer: failed without retries and
  // logged, with the reason in BullMQ's failed set, but not recorded in the event log.
  const refuse = (error: Error): never => {
    scope.logger.error('job refused', line('failed', { final: true, error: error.message }));
    throw logged(new UnrecoverableError(error.message));
  };
  return { attempt, line, giveUp, failFor, refuse, logged };
}

type Attempt = ReturnType<typeof attemptOf>;

async function runAttempt(scope: WorkerScope, bullJob: BullJob): Promise<unknown> {
  const attempt = attemptOf(scope, bullJob);
  let j: Job;
  try {
    j = validateJob({ name: bullJob.name, data: bullJob.data });
  } catch (error) {
    return attempt.refuse(error as Error);
  }
  try {
    const result = await runJob(scope.options.handlers, j, scope.options.ctx);
    return await completed(scope, attempt, j, result);
  } catch (error) {
    return failed(scope, attempt, bullJob, j, error);
  }
}

async function completed(scope: WorkerScope, attempt: Attempt, j: Job, result: HandlerResult): Promise<unknown> {
  if (result.notFound) {
    // A 404 will be a 404 next time too: recorded once, failed without retries; other jobs go on.
    attempt.giveUp(null, j.data, 'permanent');
    scope.logger.info('job not found', attempt.line('not_found', { appended: result.appended }));
    throw attempt.logged(new UnrecoverableError(`${j.name}: not found (404)`));
  }
  await scope.followUps.enqueue(result.followUps);
  scope.logger.info('job completed', attempt.line('completed', { appended: result.appended, followUps: result.followUps.length }));
  return { appended: result.appended, notFound: false, followUps: result.followUps.length };
}

/** Decides what a thrown error means: give up, pause the queue and put the job back, or retry. */
async function failed(scope: WorkerScope, attempt: Attempt, bullJob: BullJob, j: Job, error: unknown): Promise<never> {
  if (error instanceof UnrecoverableError) throw error;
  if (isPermanentFailure(error)) return attempt.failFor(error as Error, j.data);
  if (error instanceof NewsRateLimitedError) {
    // The provider's quota is per key: pause this queue until it refills instead of failing each search.
    await scope.followUps.rateLimit(error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : NEWS_DEFAULT_PAUSE_MS);
    scope.logger.warn('job postponed', attempt.line('postponed', { error: error.message }));
    throw attempt.logged(Worker.RateLimitError());
  }
  if (error instanceof EdgarThrottledError) {
    // Stop every worker on this queue, not just this one, then put the job back untouched.
    const pauseMs = scope.options.throttleBackoffMs;
    await scope.followUps.rateLimit(pauseMs);
    scope.logger.warn('job postponed', attempt.line('postponed', { error: error.message, pauseMs }));
    throw attempt.logged(Worker.RateLimitError());
  }
  const err = error instanceof Error ? error : new Error(String(error));
  const final = attempt.attempt >= (bullJob.opts.attempts ?? 1);
  if (final) {
    attempt.giveUp(err, j.data, 'exhausted');
    scope.logger.error('job failed', attempt.line('failed', { final, error: err.message }));
  } else scope.logger.warn('job failed', attempt.line('failed', { final, error: err.message }));
  throw attempt.logged(err);
}

/** The worker's own events: a lost Redis, stalled jobs, and failures no attempt logged. */
function watchWorker(scope: WorkerScope, worker: Worker, connection: Redis): void {
  const { logger, queueName } = scope;
  // Without an 'error' listener a lost Redis connection would crash the process. A lost Redis is
  // said once per outage (BullMQ reports every reconnect attempt), and again when it answers.
  let redisLost = false;
  worker.on('error', (error) => {
    if (!isRedisUnreachable(error)) return logger.error('worker error', { queue: queueName, error: error.message });
    if (!redisLost) logger.warn('Redis unreachable; jobs in flight finish, new ones wait for it', { queue: queueName, error: error.message });
    redisLost = true;
  });
  connection.on('ready', () => {
    if (redisLost) logger.info('Redis answers again; taking jobs', { queue: queueName });
    redisLost = false;
  });
  worker.on('stalled', (id) => logger.warn('job stalled (its worker stopped renewing the lock); running it again', { queue: queueName, id }));
  // Failures no handler saw, such as a job that stalled too often.
  worker.on('failed', (bullJob, error) => {
    if (scope.reported.has(error)) return;
    logger.error('job failed', { queue: queueName, job: bullJob?.name, id: bullJob?.id, outcome: 'failed', attempt: bullJob?.attemptsMade, error: error.message });
  });
}

async function closeWorker(scope: WorkerScope, worker: Worker, connection: Redis, running: Set<Promise<unknown>>): Promise<void> {
  // Take no new job (needs no Redis), then let every started job run to its end: what it
  // fetched is in the event log.
  await worker.pause(true);
  while (running.size > 0) await Promise.allSettled([...running]);
  // Recording outcomes needs Redis. When it answers, BullMQ writes them and closes. When it
  // does not, that wait would be forever: the jobs stay active in Redis and run again once
  // their locks expire, which is harmless since events dedupe.
  await worker.close(connection.status !== 'ready');
  // Only now: disconnecting while BullMQ still records an outcome would make it retry at once, in a loop.
  connection.disconnect();
  await scope.followUps.close();
}
