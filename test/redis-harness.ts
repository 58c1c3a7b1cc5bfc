import { Redis } from 'ioredis';
import { afterAll, afterEach } from 'vitest';

/** The machine's shared Redis, which the queue tests use under prefixes of their own. */
export const SHARED_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A client of the shared Redis for one test file, quit after its tests. */
export function sharedRedisClient(): Redis {
  const redis = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: 1 });
  afterAll(async () => {
    await redis.quit();
  });
  return redis;
}

export type Cleanup = () => Promise<unknown> | unknown;

/** Undo steps a test pushes as it goes, run after each test, last first. */
export function cleanupsAfterEach(): Cleanup[] {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  return cleanups;
}
