import { Redis } from 'ioredis';

// A worker's connections wait for Redis as long as it takes: BullMQ requires it of the blocking
// commands, and a job's outcome is recorded when Redis is back rather than lost.
export const workerRedis = (url: string) => new Redis(url, { maxRetriesPerRequest: null });

// Producers fail fast while Redis is away instead of queueing commands in memory until it returns:
// the caller (a job adding its follow-ups, `--queue`) learns at once and nothing waits forever.
export const producerRedis = (url: string) => new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });

/** A producer found Redis away: nothing was handed over. */
class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/**
 * Resolves when `connection` can take commands. A connection being made gets `ms` to answer; one
 * whose Redis went away fails at once, with the cause, rather than waiting for it to return.
 */
export function whenReady(connection: Redis, ms: number): Promise<void> {
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
export function isRedisUnreachable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(code)) ||
    /ECONNREFUSED|ECONNRESET|Connection is closed|Stream isn't writeable/.test(error.message)
  );
}
