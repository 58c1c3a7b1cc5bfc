import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { realSleep, systemClock } from '../ingest/clock.ts';
import { EdgarClient } from '../ingest/edgar/edgar-client.ts';
import { createLocalEdgarGate, createRedisEdgarGate, edgarRequestsLastMinute } from '../ingest/edgar/edgar-gate.ts';
import { startReplayServer } from '../ingest/replay/replay-server.ts';

const MANIFEST = join(import.meta.dirname, '../data/sample/edgar/replay.json');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const connections: Redis[] = [];
afterAll(() => {
  for (const redis of connections) redis.disconnect();
});

/** One worker process's client: its own Redis connection, the shared budget under `prefix`. */
function workerClient(urls: Record<string, string>, prefix: string, rate: number): EdgarClient {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  connections.push(redis);
  const clock = systemClock();
  return new EdgarClient({
    userAgent: 'ipo-research tests tests@example.com',
    wwwUrl: urls.www,
    dataUrl: urls.data,
    maxRequestsPerSecond: rate,
    // A throttle shows as a failed expectation below, not as a test stuck in a ten-minute pause.
    throttleBackoffMs: 2_000,
    gate: createRedisEdgarGate({ redis, ratePerSecond: rate, sleep: realSleep, keyPrefix: prefix, fallback: createLocalEdgarGate(rate, clock, realSleep) }),
  });
}

describe('one EDGAR budget for the whole fleet (real Redis)', () => {
  it('two workers at EDGAR_MAX_RPS=8 (the default) each stay together at or under 8 requests a second: the SEC-like server never throttles', async () => {
    // The replay server answers 403 "Request Rate Threshold Exceeded" above 10 requests in any second, as EDGAR does.
    // The default's margin of two absorbs arrivals bunched by a busy machine, as on the way to sec.gov.
    const server = await startReplayServer({ manifestPath: MANIFEST, rateLimitPerSecond: 10 });
    try {
      const prefix = `test:edgar:${randomUUID()}:`;
      const [a, b] = [workerClient(server.urls, prefix, 8), workerClient(server.urls, prefix, 8)];
      await Promise.all([a, b].map(async (client) => {
        for (let i = 0; i < 12; i++) await Promise.all([client.get('www', `/no-such-file-${i}-a`), client.get('www', `/no-such-file-${i}-b`)]);
      }));
      expect(server.requestLog).toHaveLength(48);
      expect(server.requestLog.filter((r) => r.status === 403)).toEqual([]);
      expect(a.requestsSent + b.requestsSent).toBe(48);
      // The gate keeps a minute of grants: `ipo status` reports the fleet's request rate from them.
      const redis = new Redis(REDIS_URL);
      connections.push(redis);
      expect(await edgarRequestsLastMinute(redis, prefix)).toBe(48);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('a pause taken by one worker holds every worker until it ends', async () => {
    const server = await startReplayServer({ manifestPath: MANIFEST, rateLimitPerSecond: null });
    try {
      const prefix = `test:edgar:${randomUUID()}:`;
      const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      connections.push(redis);
      const clock = systemClock();
      const gateOf = () => createRedisEdgarGate({ redis, ratePerSecond: 10, sleep: realSleep, keyPrefix: prefix, fallback: createLocalEdgarGate(10, clock, realSleep) });
      const [first, second] = [gateOf(), gateOf()];
      await first.pause(700);
      const started = Date.now();
      await second.acquire();
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    } finally {
      await server.close();
    }
  }, 30_000);
});
