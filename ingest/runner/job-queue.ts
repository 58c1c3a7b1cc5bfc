import { Queue, type JobsOptions } from 'bullmq';
import { jobId, queueOf, QUEUE_NAMES, type Job, type QueueName } from '../jobs/job-types.ts';
import { validateJob } from '../jobs/job-validate.ts';
import { bullBackoff, retryPolicy, type RetryPolicy } from './retry-policy.ts';
import { producerRedis, whenReady } from './redis-connections.ts';
import { DEFAULT_REDIS_KEYS } from '../../schema/config.ts';

export interface QueueOptions {
  redisUrl: string;
  /** Which queue (see `queueOf`): the jobs it carries, and its BullMQ name unless `queueName` says otherwise. */
  kind: QueueName;
  /** BullMQ queue name instead of the kind (no ':'); tests use a unique one each. */
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

export interface JobQueue {
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

/** How long a producer waits for a connection still being made (a CLI just started) before giving up. */
const PRODUCER_CONNECT_MS = 5_000;

/**
 * How long a feed poll's id stays taken after the poll is added: two schedulers enqueueing the
 * same time slot, however late the second, make one job.
 */
export const POLL_DEDUPLICATION_MS = 10 * 60_000;

function retention(j: Job): JobsOptions {
  // A project job: all share one id, so a waiting one absorbs the next enqueue, and a finished
  // one is dropped at once so the next enqueue is a new job.
  if (j.name === 'pipeline.project') return { removeOnComplete: true, removeOnFail: true };
  // A feed poll (one per time slot, 43,200 a day at 2 s): dropped when done, its id kept as a
  // deduplication key for a while instead. Keeping the jobs themselves would crowd the other
  // jobs' ids out of the completed set, whose trimming by count is queue-wide.
  if (j.name === 'edgar.current_feed') {
    return { removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 }, deduplication: { id: jobId(j), ttl: POLL_DEDUPLICATION_MS } };
  }
  // Keep finished ids for a day so re-enqueueing the same job is a no-op, without growing forever.
  return { removeOnComplete: { age: 24 * 3600, count: 50_000 }, removeOnFail: { age: 7 * 24 * 3600 } };
}

function jobOptions(policy: RetryPolicy, j: Job): JobsOptions {
  return {
    jobId: jobId(j),
    attempts: policy.attempts,
    // Exponential with jitter: jobs that failed together (an EDGAR outage) do not retry in lockstep.
    backoff: bullBackoff(policy),
    ...retention(j),
  };
}

/** A long-lived producer for every queue: a process that enqueues often (the scheduler) keeps one. */
export interface JobProducer {
  /** Adds jobs to the queue of their kind; returns the number handed over per queue. */
  enqueue(jobs: Job[]): Promise<Record<QueueName, number>>;
  close(): Promise<void>;
}

/**
 * Opens a producer that hands jobs to the queue of their kind (edgar, prices, news, pipeline),
 * each queue's connection made on first use; `queueNames` overrides the BullMQ names (tests use
 * unique ones).
 */
export function openJobProducer(options: Omit<QueueOptions, 'queueName' | 'kind'>, queueNames: Partial<Record<QueueName, string>> = {}): JobProducer {
  const open = new Map<QueueName, JobQueue>();
  const queueFor = (kind: QueueName) => {
    let queue = open.get(kind);
    if (!queue) {
      const queueName = queueNames[kind];
      open.set(kind, (queue = openJobQueue({ ...options, kind, ...(queueName !== undefined ? { queueName } : {}) })));
    }
    return queue;
  };
  return {
    async enqueue(jobs) {
      const counts = Object.fromEntries(QUEUE_NAMES.map((kind) => [kind, 0])) as Record<QueueName, number>;
      for (const kind of QUEUE_NAMES) {
        const mine = jobs.filter((j) => queueOf(validateJob(j).name) === kind);
        if (mine.length > 0) counts[kind] = await queueFor(kind).enqueue(mine);
      }
      return counts;
    },
    async close() {
      const queues = [...open.values()];
      open.clear();
      await Promise.all(queues.map((q) => q.close()));
    },
  };
}

/** Adds jobs to the queue of their kind through a producer opened for this call (see `openJobProducer`). */
export async function enqueueByKind(options: Omit<QueueOptions, 'queueName' | 'kind'>, jobs: Job[], queueNames: Partial<Record<QueueName, string>> = {}): Promise<Record<QueueName, number>> {
  const producer = openJobProducer(options, queueNames);
  try {
    return await producer.enqueue(jobs);
  } finally {
    await producer.close();
  }
}

/** Polls the queue's counts until nothing is waiting, delayed or active, or the time is up. */
async function untilIdle(ready: () => Promise<Queue>, { pollMs = 100, timeoutMs = 120_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const q = await ready();
  for (;;) {
    const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'paused');
    if (Object.values(counts).every((n) => n === 0)) return;
    if (Date.now() > deadline) throw new Error(`queue ${q.name} not idle after ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** A producer's handle on one queue: adds jobs, pauses the queue, waits for it to drain. */
export function openJobQueue(options: QueueOptions): JobQueue {
  const connection = producerRedis(options.redisUrl);
  // Reported by the caller's failing command; without a listener ioredis prints each reconnect attempt.
  connection.on('error', () => {});
  // Made once Redis has answered: BullMQ's start-up waits for Redis without end, and one still
  // waiting when the queue closes fails later with nobody listening, which ends the process.
  let made: Queue | null = null;
  const queue = () => (made ??= new Queue(options.queueName ?? options.kind, { connection, prefix: options.prefix ?? DEFAULT_REDIS_KEYS.queues }));
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
    async waitUntilIdle(wait) {
      await untilIdle(ready, wait);
    },
    async close() {
      await made?.close();
      // Every command was awaited; a QUIT would only fail (or wait) while Redis is away.
      connection.disconnect();
    },
  };
}
