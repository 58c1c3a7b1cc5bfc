import { Queue, UnrecoverableError, Worker, type Job as BullJob, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { EdgarThrottledError } from '../edgar/edgar-errors.ts';
import type { HandlerContext, SomeHandlers } from '../jobs/handler-context.ts';
import { assertHandled, runJob } from '../jobs/handlers.ts';
import { NewsRateLimitedError } from '../news/newsapi-client.ts';
import { jobId, queueOf, type Job, type QueueName } from '../jobs/job-types.ts';
import { isPermanentFailure, validateJob } from '../jobs/job-validate.ts';
import { recordFinalFailure } from './job-failure.ts';
import { bullBackoff, retryPolicy, type RetryPolicy } from './retry-policy.ts';
import { DEFAULT_REDIS_KEYS } from '../../schema/config.ts';

/** EDGAR jobs share one queue and one rate limiter. */
export const EDGAR_QUEUE = 'edgar';

/**
 * Default queue name per kind of job (see `queueOf`); prices and news run without the EDGAR
 * limiter; `ipo projector` consumes the pipeline queue.
 */
export const QUEUE_NAMES: Readonly<Record<QueueName, string>> = { edgar: EDGAR_QUEUE, prices: 'prices', news: 'news', pipeline: 'pipeline' };

/** Pause of the news queue after a 429 without Retry-After. */
const NEWS_DEFAULT_PAUSE_MS = 15 * 60_000;

export interface QueueOptions {
  redisUrl: string;
  /** Queue name (no ':'); tests use a unique one each. */
  queueName?: string;
  /** BullMQ's key prefix (REDIS_PREFIX's `queues`); default `ipo:bull`, what REDIS_PREFIX=ipo gives. */
  prefix?: string;
  /** Attempts per job for transient failures, first try included (default 5, see retry-policy.ts). */
  attempts?: number;
  /** First retry delay of the exponential backoff (default 5 s). */
  backoffMs?: number;
  /** Random fraction of each backoff delay, 0 to 1 (default 0.5). */
  jitter?: number;
}

function policyOf(options: QueueOptions): RetryPolicy {
  return retryPolicy({
    ...(options.attempts !== undefined ? { attempts: options.attempts } : {}),
    ...(options.backoffMs !== undefined ? { delayMs: options.backoffMs } : {}),
    ...(options.jitter !== undefined ? { jitter: options.jitter } : {}),
  });
}

export interface EdgarQueue {
  /** The BullMQ queue, made on first use. */
  readonly queue: Queue;
  /** Adds jobs with deterministic ids: a job already queued, running or recently done is not added again. */
  enqueue(jobs: Job[]): Promise<number>;
  /** Keeps every worker of this queue from taking jobs for `ms` (a source asked to slow down). */
  rateLimit(ms: number): Promise<void>;
  /** Resolves when nothing is waiting, delayed or active (polls; for CLIs and tests). */
  waitUntilIdle(options?: { pollMs?: number; timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
}

// A worker's connections wait for Redis as long as it takes: BullMQ requires it of the blocking
// commands, and a job's outcome is recorded when Redis is back rather than lost.
const workerRedis = (url: string) => new Redis(url, { maxRetriesPerRequest: null });

// Producers fail fast while Redis is away instead of queueing commands in memory until it returns:
// the caller (a job adding its follow-ups, `--queue`) learns at once and nothing waits forever.
const producerRedis = (url: string) => new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });

/** A producer found Redis away: nothing was handed over. */
class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/** How long a producer waits for a connection still being made (a CLI just started) before giving up. */
const PRODUCER_CONNECT_MS = 5_000;

/**
 * Resolves when `connection` can take commands. A connection being made gets `ms` to answer; one
 * whose Redis went away fails at once, with the cause, rather than waiting for it to return.
 */
function whenReady(connection: Redis, ms: number): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  const unreachable = (cause: string) => new RedisUnavailableError(`Redis does not answer (${cause})`);
  if (!['wait', 'connecting', 'connect'].includes(connection.status)) return Promise.reject(unreachable(connection.status));
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      connection.off('ready', onReady);
      connection.off('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    const onError = (error: Error) => settle(unreachable(error.message));
    const timer = setTimeout(() => settle(unreachable(`no answer within ${ms} ms`)), ms);
    connection.once('ready', onReady);
    connection.once('error', onError);
  });
}

/** Errors that only say Redis cannot be reached (the worker reconnects by itself). */
function isRedisUnreachable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(code)) ||
    /ECONNREFUSED|ECONNRESET|Connection is closed|Stream isn't writeable/.test(error.message)
  );
}

function jobOptions(policy: RetryPolicy, j: Job): JobsOptions {
  return {
    jobId: jobId(j),
    attempts: policy.attempts,
    // Exponential with jitter: jobs that failed together (an EDGAR outage) do not retry in lockstep.
    backoff: bullBackoff(policy),
    // Keep finished ids for a day so re-enqueueing the same job is a no-op, without growing forever.
    // A project job is the exception: all share one id, so a waiting one absorbs the next enqueue,
    // and a finished one is dropped at once so the next enqueue is a new job.
    ...(j.name === 'pipeline.project'
      ? { removeOnComplete: true, removeOnFail: true }
      : { removeOnComplete: { age: 24 * 3600, count: 50_000 }, removeOnFail: { age: 7 * 24 * 3600 } }),
  };
}

/**
 * Adds jobs to the queue of their kind (edgar, prices, news); `queueNames` overrides the default
 * names (tests use unique ones). Returns the number of jobs handed over.
 */
export async function enqueueByKind(options: Omit<QueueOptions, 'queueName'>, jobs: Job[], queueNames: Partial<Record<QueueName, string>> = {}): Promise<Record<QueueName, number>> {
  const counts: Record<QueueName, number> = { edgar: 0, prices: 0, news: 0, pipeline: 0 };
  for (const kind of Object.keys(counts) as QueueName[]) {
    const mine = jobs.filter((j) => queueOf(validateJob(j).name) === kind);
    if (mine.length === 0) continue;
    const queue = openEdgarQueue({ ...options, queueName: queueNames[kind] ?? QUEUE_NAMES[kind] });
    try {
      counts[kind] = await queue.enqueue(mine);
    } finally {
      await queue.close();
    }
  }
  return counts;
}

export function openEdgarQueue(options: QueueOptions): EdgarQueue {
  const connection = producerRedis(options.redisUrl);
  // Reported by the caller's failing command; without a listener ioredis prints each reconnect attempt.
  connection.on('error', () => {});
  // Made once Redis has answered: BullMQ's start-up waits for Redis without end, and one still
  // waiting when the queue closes fails later with nobody listening, which ends the process.
  let made: Queue | null = null;
  const queue = () => (made ??= new Queue(options.queueName ?? EDGAR_QUEUE, { connection, prefix: options.prefix ?? DEFAULT_REDIS_KEYS.queues }));
  const ready = async () => {
    await whenReady(connection, PRODUCER_CONNECT_MS);
    return queue();
  };
  const policy = policyOf(options);
  return {
    get queue() {
      return queue();
    },
    async enqueue(jobs) {
      if (jobs.length === 0) return 0;
      const valid = jobs.map((j) => validateJob(j));
      await (await ready()).addBulk(valid.map((j) => ({ name: j.name, data: j.data, opts: jobOptions(policy, j) })));
      return valid.length;
    },
    async rateLimit(ms) {
      await (await ready()).rateLimit(ms);
    },
    async waitUntilIdle({ pollMs = 100, timeoutMs = 120_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const q = await ready();
      for (;;) {
        const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'paused');
        if (Object.values(counts).every((n) => n === 0)) return;
        if (Date.now() > deadline) throw new Error(`queue ${q.name} not idle after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
        await new Promise((r) => setTimeout(r, pollMs));
      }
    },
    async close() {
      await made?.close();
      // Every command was awaited; a QUIT would only fail (or wait) while Redis is away.
      connection.disconnect();
    },
  };
}

export interface WorkerOptions extends QueueOptions {
  /** Which jobs this queue carries (default edgar): every one of them needs a handler, checked at startup. */
  kind?: QueueName;
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

export interface EdgarWorkers {
  worker: Worker;
  close(): Promise<void>;
}

/**
 * Starts a worker that runs the same handlers as the inline runner. Each handler makes one EDGAR
 * request per job, so the queue's limiter (max per 1000 ms) is the global request limit. Throws
 * `MissingHandlerError` at once when a job name of the queue's kind has no handler.
 */
export function startWorkers(options: WorkerOptions): EdgarWorkers {
  // Before any connection: a queue with a job name this process cannot run is a startup error.
  assertHandled([options.kind ?? 'edgar'], options.handlers);
  const queueName = options.queueName ?? EDGAR_QUEUE;
  const logger = options.ctx.logger;
  const followUps = openEdgarQueue(options);
  const connection = workerRedis(options.redisUrl);
  // Jobs whose handler is running, so a shutdown can let them end without asking Redis.
  const running = new Set<Promise<unknown>>();
  const lockMs = options.lockMs ?? 30_000;
  const worker: Worker = new Worker(
    queueName,
    (bullJob: BullJob) => {
      const handled = handle(bullJob);
      running.add(handled);
      const done = () => running.delete(handled);
      handled.then(done, done);
      return handled;
    },
    {
      connection,
      prefix: options.prefix ?? DEFAULT_REDIS_KEYS.queues,
      concurrency: options.concurrency ?? 4,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      ...(options.maxRequestsPerSecond !== null ? { limiter: { max: options.maxRequestsPerSecond, duration: 1000 } } : {}),
    },
  );

  // Errors whose job already has its log line: BullMQ's 'failed' event reports only the others.
  const reported = new WeakSet<object>();
  const logged = <E>(error: E): E => {
    if (typeof error === 'object' && error !== null) reported.add(error);
    return error;
  };

  async function handle(bullJob: BullJob): Promise<unknown> {
    // BullMQ counts finished attempts; this one is the next.
    const attempt = bullJob.attemptsMade + 1;
    const started = Date.now();
    // One line per attempt of a job: what it was, how it ended, how long it took.
    const line = (outcome: 'completed' | 'not_found' | 'failed' | 'postponed', fields: Record<string, unknown> = {}) => ({
      queue: queueName,
      job: bullJob.name,
      id: bullJob.id,
      outcome,
      attempt,
      ms: Date.now() - started,
      ...fields,
    });
    const giveUp = (error: Error | null, data: unknown, reason: 'permanent' | 'exhausted') =>
      recordFinalFailure(options.ctx, { name: bullJob.name, id: bullJob.id ?? jobId({ name: bullJob.name, data } as Job), data, error, attempts: attempt, reason });
    const failFor = (error: Error, data: unknown): never => {
      giveUp(error, data, 'permanent');
      logger.error('job failed', line('failed', { final: true, error: error.message }));
      throw logged(new UnrecoverableError(error.message));
    };
    let j: Job;
    try {
      j = validateJob({ name: bullJob.name, data: bullJob.data });
    } catch (error) {
      return failFor(error as Error, bullJob.data);
    }
    try {
      const result = await runJob(options.handlers, j, options.ctx);
      if (result.notFound) {
        // A 404 will be a 404 next time too: recorded once, failed without retries; other jobs go on.
        giveUp(null, j.data, 'permanent');
        logger.info('job not found', line('not_found', { appended: result.appended }));
        throw logged(new UnrecoverableError(`${j.name}: not found (404)`));
      }
      await followUps.enqueue(result.followUps);
      logger.info('job completed', line('completed', { appended: result.appended, followUps: result.followUps.length }));
      return { appended: result.appended, notFound: false, followUps: result.followUps.length };
    } catch (error) {
      if (error instanceof UnrecoverableError) throw error;
      if (isPermanentFailure(error)) return failFor(error as Error, j.data);
      if (error instanceof NewsRateLimitedError) {
        // The provider's quota is per key: pause this queue until it refills instead of failing each search.
        await followUps.rateLimit(error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : NEWS_DEFAULT_PAUSE_MS);
        logger.warn('job postponed', line('postponed', { error: error.message }));
        throw logged(Worker.RateLimitError());
      }
      if (error instanceof EdgarThrottledError) {
        // Stop every worker on this queue, not just this one, then put the job back untouched.
        await followUps.rateLimit(options.throttleBackoffMs);
        logger.warn('job postponed', line('postponed', { error: error.message, pauseMs: options.throttleBackoffMs }));
        throw logged(Worker.RateLimitError());
      }
      const err = error instanceof Error ? error : new Error(String(error));
      const final = attempt >= (bullJob.opts.attempts ?? 1);
      if (final) {
        giveUp(err, j.data, 'exhausted');
        logger.error('job failed', line('failed', { final, error: err.message }));
      } else logger.warn('job failed', line('failed', { final, error: err.message }));
      throw logged(err);
    }
  }

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
    if (reported.has(error)) return;
    logger.error('job failed', { queue: queueName, job: bullJob?.name, id: bullJob?.id, outcome: 'failed', attempt: bullJob?.attemptsMade, error: error.message });
  });
  return {
    worker,
    async close() {
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
      await followUps.close();
    },
  };
}

/** Job states `queueCounts` reports. */
export const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * Job counts per queue, for `ipo status`. Gives up after `timeoutMs` instead of waiting for a Redis
 * that does not answer: the caller reports it unreachable in one line.
 */
export async function queueCounts(
  options: { redisUrl: string; prefix?: string; timeoutMs?: number },
  queueNames: readonly string[],
): Promise<Record<string, Record<(typeof COUNTED_STATES)[number], number>>> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  // No reconnect loop and no offline queue: a dead Redis is an error at once, not a hang.
  const connection = new Redis(options.redisUrl, { lazyConnect: true, connectTimeout: timeoutMs, disconnectTimeout: 100, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  // The 'error' event carries the cause (ECONNREFUSED, ENOTFOUND); the rejected command only says "closed".
  let cause: Error | null = null;
  connection.on('error', (error: Error) => (cause ??= error));
  const queues: Queue[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const work = (async () => {
      await connection.connect();
      const counts: Record<string, Record<(typeof COUNTED_STATES)[number], number>> = {};
      for (const name of queueNames) {
        const queue = new Queue(name, { connection, prefix: options.prefix ?? DEFAULT_REDIS_KEYS.queues });
        queues.push(queue);
        const all = await queue.getJobCounts(...COUNTED_STATES);
        // BullMQ adds states it folds into `waiting` (paused); report only the ones asked for.
        counts[name] = Object.fromEntries(COUNTED_STATES.map((state) => [state, all[state] ?? 0])) as Record<(typeof COUNTED_STATES)[number], number>;
      }
      return counts;
    })();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    return await Promise.race([work, timeout]);
  } catch (error) {
    throw cause ?? error;
  } finally {
    clearTimeout(timer);
    for (const queue of queues) await queue.close().catch(() => {});
    connection.disconnect();
  }
}
