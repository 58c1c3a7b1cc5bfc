import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter } from '../api/index.ts';
import { documentValidator, emptyDataDir, removeDataDir, startApi, type RunningApi } from './api-harness.ts';

// A fixed instant 20 s into a minute window, so the whole test runs inside one window.
const NOW = Date.UTC(2024, 0, 1, 12, 0, 20);

describe('per-key rate limit over HTTP', () => {
  let dataDir: string;
  let redis: Redis;
  const started: RunningApi[] = [];

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    for (const api of started) await api.close();
    await redis.quit();
    removeDataDir(dataDir);
  });

  it('answers 429 with Retry-After and RateLimit headers once the in-memory budget is spent', async () => {
    const api = await startApi(dataDir, { rateLimiter: createMemoryRateLimiter({ limitPerMinute: 3, now: () => NOW }) });
    started.push(api);
    const check = documentValidator(await (await api.get('/api/v1/openapi.json', { key: null })).json());

    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.get('/api/v1/filings');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60');
      remaining.push(res.headers.get('ratelimit')!);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      await res.arrayBuffer();
    }
    expect(remaining).toEqual(['"default";r=2;t=40', '"default";r=1;t=40', '"default";r=0;t=40']);

    const limited = await api.get('/api/v1/companies');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('ratelimit')).toBe('"default";r=0;t=40');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('ratelimit-reset')).toBe('40');
    const body: any = await limited.json();
    check('/api/v1/companies', 429, body);
    expect(body.error.code).toBe('rate_limited');

    // Another key has its own budget; the public feed and the document are never limited.
    const other = await api.keys.create('other');
    expect((await api.get('/api/v1/companies', { key: other.key })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await api.get('/api/v1/articles', { key: api.key })).status).toBe(200);
    expect((await api.get('/api/v1/openapi.json', { key: null })).status).toBe(200);
  });

  it('shares one Redis budget between two API processes', async () => {
    const keyPrefix = `test:ratelimit:${randomUUID()}:`;
    const limiter = () => createRedisRateLimiter({ redis, keyPrefix, limitPerMinute: 4, now: () => NOW });
    const first = await startApi(dataDir, { rateLimiter: limiter() });
    started.push(first);
    const { key } = first;
    const second = await startApi(dataDir, { rateLimiter: limiter() });
    started.push(second);

    const statuses: number[] = [];
    for (const api of [first, second, first, second, first, second]) {
      const res = await api.get('/api/v1/outcomes', { key });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys).toHaveLength(1);
    expect(await redis.pttl(keys[0])).toBeGreaterThan(0);
    await redis.del(...keys);
  });

  it('keeps serving authenticated reads while Redis does not answer, counting per process and saying so once', async () => {
    // A real client to a port nothing listens on: it never becomes ready.
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const switches: Array<[boolean, string]> = [];
    const api = await startApi(dataDir, {
      rateLimiter: createRedisRateLimiter({ redis: down, limitPerMinute: 3, now: () => NOW, onFallback: (local, reason) => switches.push([local, reason]) }),
    });
    started.push(api);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await api.get('/api/v1/outcomes');
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(switches).toHaveLength(1);
    expect(switches[0][0]).toBe(true);
    down.disconnect();
  });
});
