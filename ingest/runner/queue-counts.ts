import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DEFAULT_REDIS_KEYS } from '../../schema/config.ts';

/** Job states `queueCounts` reports. */
export const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

type StateCounts = Record<(typeof COUNTED_STATES)[number], number>;

/**
 * Job counts per queue, for `ipo status`. Gives up after `timeoutMs` instead of waiting for a Redis
 * that does not answer: the caller reports it unreachable in one line.
 */
export async function queueCounts(
  options: { redisUrl: string; prefix?: string; timeoutMs?: number },
  queueNames: readonly string[],
): Promise<Record<string, StateCounts>> {
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
      const counts: Record<string, StateCounts> = {};
      for (const name of queueNames) {
        const queue = new Queue(name, { connection, prefix: options.prefix ?? DEFAULT_REDIS_KEYS.queues });
        queues.push(queue);
        const all = await queue.getJobCounts(...COUNTED_STATES);
        // BullMQ adds states it folds into `waiting` (paused); report only the ones asked for.
        counts[name] = Object.fromEntries(COUNTED_STATES.map((state) => [state, all[state] ?? 0])) as StateCounts;
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
