import type { Redis } from 'ioredis';
import type { Clock, Sleep } from '../clock.ts';
import { TokenBucket } from './token-bucket.ts';
import { DEFAULT_REDIS_KEYS } from '../../schema/config.ts';

/**
 * Where every EDGAR request waits for its turn: under the request rate and outside any
 * rate-threshold pause. The local gate covers one process; the Redis gate covers every worker of
 * the fleet, retries included, since the client takes a slot for each attempt.
 */
/**
 * What a request is for, as the fleet's budget counts it: a poll of the latest-filings feed, or any
 * other fetch. `ipo status` shows the polls' share of the SEC's 10 requests a second.
 */
export const EDGAR_REQUEST_KINDS = ['poll', 'fetch'] as const;
export type EdgarRequestKind = (typeof EDGAR_REQUEST_KINDS)[number];

export interface EdgarGate {
  /** Resolves when one request (of `kind`, default `fetch`) may be sent. */
  acquire(kind?: EdgarRequestKind): Promise<void>;
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
/**
 * A sliding-window log: a request is granted only when fewer than ARGV[2] requests were granted in
 * the last ARGV[1] ms and none in the last ARGV[4] ms, and the grant is logged when it is given. Slots reserved ahead would be
 * spent whenever the sleeping worker wakes, and on a loaded machine late wakers bunch up.
 */
const HISTORY_MS = 60_000;
/** REDIS_PREFIX's `edgarGate` keys when not told otherwise: `ipo:edgar:`. */
export const DEFAULT_GATE_PREFIX = DEFAULT_REDIS_KEYS.edgarGate;

const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return {1, paused - now} end
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ${HISTORY_MS})
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if newest[2] and now - tonumber(newest[2]) < tonumber(ARGV[4]) then return {2, tonumber(newest[2]) + tonumber(ARGV[4]) - now} end
if redis.call('ZCOUNT', KEYS[1], now - window + 1, '+inf') < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ${HISTORY_MS})
  return {0, 0}
end
local inWindow = redis.call('ZRANGEBYSCORE', KEYS[1], now - window + 1, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
return {2, tonumber(inWindow[2]) + window - now}`;

/** Grants of the last minute are kept, for the request rate `ipo status` shows. */
const GRANTS_KEY = 'grants';

async function redisNow(redis: Redis): Promise<number> {
  const [seconds, micros] = await redis.time();
  return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
}

/** EDGAR requests the fleet sent in the last minute (grants of the Redis gate under `keyPrefix`). */
export async function edgarRequestsLastMinute(redis: Redis, keyPrefix = DEFAULT_GATE_PREFIX): Promise<number> {
  return redis.zcount(`${keyPrefix}${GRANTS_KEY}`, (await redisNow(redis)) - HISTORY_MS + 1, '+inf');
}

/** The same per kind of request: each grant is named after its kind (`poll:…`, `fetch:…`). */
export async function edgarRequestsByKindLastMinute(redis: Redis, keyPrefix = DEFAULT_GATE_PREFIX): Promise<Record<EdgarRequestKind, number>> {
  const members = await redis.zrangebyscore(`${keyPrefix}${GRANTS_KEY}`, (await redisNow(redis)) - HISTORY_MS + 1, '+inf');
  const counts = Object.fromEntries(EDGAR_REQUEST_KINDS.map((kind) => [kind, 0])) as Record<EdgarRequestKind, number>;
  for (const member of members) {
    const kind = member.slice(0, member.indexOf(':')) as EdgarRequestKind;
    // Grants from before kinds were named (`pid:n:…`) count as fetches.
    counts[kind in counts ? kind : 'fetch']++;
  }
  return counts;
}

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

/** One EDGAR budget for the whole fleet: at most `ratePerSecond` grants in any 1.15 s, across every worker. */
export function createRedisEdgarGate(options: RedisEdgarGateOptions): EdgarGate {
  const prefix = options.keyPrefix ?? DEFAULT_GATE_PREFIX;
  const grantsKey = `${prefix}${GRANTS_KEY}`;
  const pauseKey = `${prefix}paused-until`;
  // The SEC counts arrivals, which trail grants by a stall of the granted process: the rate holds over
  // a window 15% longer than a second, so a request delayed by up to 150 ms still fits under the limit.
  // Grants are also spaced 1/rate apart, so no burst at the window's start crowds the next window.
  const windowMs = 1150;
  const gapMs = Math.floor(1000 / options.ratePerSecond);
  let grants = 0;
  const member = (kind: EdgarRequestKind) => `${kind}:${process.pid}:${++grants}:${Math.random().toString(36).slice(2)}`;
  const timeoutMs = options.timeoutMs ?? 2000;
  let warned = false;
  const degraded = (error: unknown) => {
    if (!warned) options.onFallback?.((error as Error).message);
    warned = true;
  };
  return {
    async acquire(kind = 'fetch') {
      for (;;) {
        let reply: [number, number];
        try {
          reply = (await answered(options.redis.eval(ACQUIRE_SCRIPT, 2, grantsKey, pauseKey, String(windowMs), String(options.ratePerSecond), member(kind), String(gapMs)), timeoutMs)) as [number, number];
        } catch (error) {
          degraded(error);
          return options.fallback.acquire(kind);
        }
        warned = false;
        const [state, wait] = reply;
        if (state === 0) return;
        await options.sleep(wait);
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
