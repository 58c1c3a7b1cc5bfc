import type { Redis } from 'ioredis';
import type { Clock, Sleep } from '../clock.ts';
import { TokenBucket } from './token-bucket.ts';

/**
 * Where every EDGAR request waits for its turn: under the request rate and outside any
 * rate-threshold pause. The local gate covers one process; the Redis gate covers every worker of
 * the fleet, retries included, since the client takes a slot for each attempt.
 */
export interface EdgarGate {
  /** Resolves when one request may be sent. */
  acquire(): Promise<void>;
  /** Stops all EDGAR traffic behind this gate for `ms` (a 403 or 429 from EDGAR). */
  pause(ms: number): Promise<void>;
}

export function createLocalEdgarGate(ratePerSecond: number, clock: Clock, sleep: Sleep): EdgarGate {
  const bucket = new TokenBucket(ratePerSecond, clock, sleep);
  let pausedUntil = 0;
  const waitForPause = async () => {
    // Loop: another request may extend the pause while this one sleeps.
    for (let wait = pausedUntil - clock.now(); wait > 0; wait = pausedUntil - clock.now()) await sleep(wait);
  };
  return {
    async acquire() {
      for (;;) {
        await waitForPause();
        await bucket.take();
        if (clock.now() >= pausedUntil) return;
      }
    },
    async pause(ms) {
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
    },
  };
}

// Reserves the next slot on Redis's own clock, so workers on machines whose clocks disagree still
// share one schedule: returns {paused, wait in ms}.
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return {1, paused - now} end
local nxt = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = math.max(now, nxt)
redis.call('SET', KEYS[1], tostring(at + tonumber(ARGV[1])), 'PX', 60000)
return {0, at - now}`;

const PAUSE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = now + tonumber(ARGV[1])
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > cur then redis.call('SET', KEYS[1], tostring(untilMs), 'PX', tonumber(ARGV[1])) end
return untilMs`;

export interface RedisEdgarGateOptions {
  redis: Redis;
  ratePerSecond: number;
  sleep: Sleep;
  /** Namespaces the keys (tests use a unique one each). */
  keyPrefix?: string;
  /** Used while Redis does not answer, so a Redis outage slows this worker to its own share rather than stopping it. */
  fallback: EdgarGate;
  onFallback?: (reason: string) => void;
  /** Longest wait for Redis (a connecting client queues the command) before the fallback paces this request. */
  timeoutMs?: number;
}

/** The command's answer, or a rejection once `ms` have passed without one. */
async function answered<T>(command: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([command, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One EDGAR budget for the whole fleet: slots spaced 1/rate apart (plus a margin) across every worker. */
export function createRedisEdgarGate(options: RedisEdgarGateOptions): EdgarGate {
  const prefix = options.keyPrefix ?? 'ipo:edgar:';
  const slotKey = `${prefix}next-slot`;
  const pauseKey = `${prefix}paused-until`;
  // The same margin as the local bucket: the SEC counts arrivals, which drift from send times.
  const intervalMs = Math.ceil((1000 + 50) / options.ratePerSecond);
  const timeoutMs = options.timeoutMs ?? 2000;
  let warned = false;
  const degraded = (error: unknown) => {
    if (!warned) options.onFallback?.((error as Error).message);
    warned = true;
  };
  return {
    async acquire() {
      for (;;) {
        let reply: [number, number];
        try {
          reply = (await answered(options.redis.eval(ACQUIRE_SCRIPT, 2, slotKey, pauseKey, String(intervalMs)), timeoutMs)) as [number, number];
        } catch (error) {
          degraded(error);
          return options.fallback.acquire();
        }
        warned = false;
        const [paused, wait] = reply;
        if (wait > 0) await options.sleep(wait);
        if (paused === 0) return;
      }
    },
    async pause(ms) {
      await options.fallback.pause(ms);
      try {
        await answered(options.redis.eval(PAUSE_SCRIPT, 1, pauseKey, String(ms)), timeoutMs);
      } catch (error) {
        degraded(error);
      }
    },
  };
}
