import type { Redis } from 'ioredis';
import { DEFAULT_REDIS_KEYS } from '../../schema/config.ts';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the current window resets (at least 1). */
  resetSeconds: number;
}

/** Fixed one-minute windows per key; both implementations share the window arithmetic. */
export interface RateLimiter {
  readonly limit: number;
  readonly windowSeconds: number;
  /** Synchronous when the count is local (no promise, no microtask on the hot path). */
  hit(key: string): RateLimitDecision | Promise<RateLimitDecision>;
}

export interface RateLimiterOptions {
  limitPerMinute: number;
  now?: () => number;
}

const WINDOW_MS = 60_000;

function decide(limit: number, count: number, now: number, windowIndex: number): RateLimitDecision {
  const resetMs = (windowIndex + 1) * WINDOW_MS - now;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
  };
}

/** One process's budget; memory is bounded by dropping windows that have ended. */
export function createMemoryRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const limit = options.limitPerMinute;
  let currentWindow = -1;
  let counts = new Map<string, number>();
  return {
    limit,
    windowSeconds: WINDOW_MS / 1000,
    hit(key) {
      const at = now();
      const window = Math.floor(at / WINDOW_MS);
      if (window !== currentWindow) {
        currentWindow = window;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return decide(limit, count, at, window);
    },
  };
}

export interface RedisRateLimiterOptions extends RateLimiterOptions {
  redis: Redis;
  /** Namespaces the counters (REDIS_PREFIX's `rateLimit`; tests use a unique one each). Default `ipo:ratelimit:`. */
  keyPrefix?: string;
  /** Longest wait for Redis before this request is counted locally instead (default 250 ms). */
  timeoutMs?: number;
  /** Told once each time counting moves to this process (Redis unreachable) and back. */
  onFallback?: (usingLocal: boolean, reason: string) => void;
}

// INCR and the expiry in one round trip and one atomic step.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * Shared budget across API processes: one counter per key and window in Redis. Windows are
 * aligned to the wall clock, so processes agree on them without coordination. While Redis does not
 * answer, each process counts on its own (an insurance limiter with the same quota) and says so
 * once, so authenticated reads keep being served; the shared count resumes when Redis is back.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const limit = options.limitPerMinute;
  const prefix = options.keyPrefix ?? DEFAULT_REDIS_KEYS.rateLimit;
  const timeoutMs = options.timeoutMs ?? 250;
  const insurance = createMemoryRateLimiter({ limitPerMinute: limit, now });
  let usingLocal = false;
  const switchTo = (local: boolean, reason: string) => {
    if (local === usingLocal) return;
    usingLocal = local;
    options.onFallback?.(local, reason);
  };
  const shared = async (key: string, at: number, window: number): Promise<RateLimitDecision> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)));
    try {
      const count = Number(await Promise.race([options.redis.eval(HIT_SCRIPT, 1, `${prefix}${key}:${window}`, String(2 * WINDOW_MS)), timeout]));
      return decide(limit, count, at, window);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    limit,
    windowSeconds: WINDOW_MS / 1000,
    async hit(key) {
      const at = now();
      const window = Math.floor(at / WINDOW_MS);
      // A client that is not connected would queue the command until it reconnects: count locally at once.
      if (options.redis.status !== 'ready') {
        switchTo(true, `redis ${options.redis.status}`);
        return insurance.hit(key);
      }
      try {
        const decision = await shared(key, at, window);
        switchTo(false, 'redis answers again');
        return decision;
      } catch (error) {
        switchTo(true, (error as Error).message);
        return insurance.hit(key);
      }
    },
  };
}
