import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeyStore } from '../api/index.ts';
import { ConfigError, loadConfig } from '../schema/config.ts';
import { openOpsDb } from '../schema/databases.ts';
import { startApiServer, type RunningApi } from '../scripts/api-server.ts';
import { collectStatus } from '../scripts/commands/status.ts';
import { fleetEdgarGate } from '../scripts/commands/ingest.ts';
import { createLogger } from '../scripts/log.ts';
import { SchedulerLock } from '../scripts/scheduler-lock.ts';
import { emptyDataDir, removeDataDir } from './api-harness.ts';
import { runIpoWithEnv } from './cli-harness.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const USER_AGENT = 'ipo-research tests tests@example.com';
const silent = createLogger({ level: 'silent', format: 'json' }, process.stderr);

describe('REDIS_PREFIX', () => {
  it('puts every key under one prefix, `ipo` unless set, and refuses a malformed one', () => {
    expect(loadConfig({}).redisKeys).toEqual({ queues: 'ipo:bull', edgarGate: 'ipo:edgar:', rateLimit: 'ipo:ratelimit:', schedulerLock: 'ipo:scheduler:lock', feedServed: 'ipo:feed:served', feedPolling: 'ipo:feed:polling' });
    expect(loadConfig({}).schedulerLock.key).toBe('ipo:scheduler:lock');
    expect(loadConfig({ REDIS_PREFIX: 'staging' }).schedulerLock.key).toBe('staging:scheduler:lock');
    expect(loadConfig({ REDIS_PREFIX: '{eu}:ipo' }).redisKeys.queues).toBe('{eu}:ipo:bull');
    // An explicit lock key is used as given.
    expect(loadConfig({ REDIS_PREFIX: 'staging', SCHEDULER_LOCK_KEY: 'locks:one' }).schedulerLock.key).toBe('locks:one');
    for (const bad of ['ipo:', 'two words', ':ipo']) expect(() => loadConfig({ REDIS_PREFIX: bad }), bad).toThrow(ConfigError);
  });
});

describe('two deployments on one Redis (6379) with different REDIS_PREFIX', () => {
  const prefixes = { a: `test-${randomUUID()}-a`, b: `test-${randomUUID()}-b` };
  let dataDir: string;
  let redis: Redis;
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const env = (prefix: string) => ({ DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, EDGAR_USER_AGENT: USER_AGENT, RATE_LIMIT_PER_MINUTE: '1000' });
  const config = (prefix: string) => loadConfig(env(prefix));
  const keysOf = (prefix: string) => redis.keys(`${prefix}:*`);

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    while (cleanups.length) await cleanups.pop()!();
    for (const prefix of Object.values(prefixes)) {
      const keys = await keysOf(prefix);
      if (keys.length > 0) await redis.del(...keys);
    }
    await redis.quit();
    removeDataDir(dataDir);
  });

  it('do not see each other’s queued jobs', async () => {
    const queued = await runIpoWithEnv(env(prefixes.a), 'ingest', 'tickers', '--queue');
    expect(queued.code, queued.err).toBe(0);
    const [a, b] = await Promise.all([collectStatus(config(prefixes.a)), collectStatus(config(prefixes.b))]);
    expect(a.queues.counts.edgar).toMatchObject({ waiting: 1 });
    expect(b.queues.counts.edgar).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 });
    expect((await keysOf(prefixes.a)).filter((k) => !k.startsWith(`${prefixes.a}:bull:`))).toEqual([]);
    // Reading b's queues wrote only their version stamps (BullMQ's meta keys).
    expect((await keysOf(prefixes.b)).filter((k) => !/:bull:\w+:meta$/.test(k))).toEqual([]);
  });

  it('count their EDGAR requests apart', async () => {
    const fleet = fleetEdgarGate(config(prefixes.a), REDIS_URL, silent);
    cleanups.push(fleet.close);
    for (let i = 0; i < 3; i++) await fleet.gate.acquire();
    const [a, b] = await Promise.all([collectStatus(config(prefixes.a)), collectStatus(config(prefixes.b))]);
    expect(a.edgar.requestsLastMinute).toBe(3);
    expect(b.edgar.requestsLastMinute).toBe(0);
  });

  it('keep their API rate-limit counts apart', async () => {
    const ops = await openOpsDb(dataDir);
    const { key } = await createApiKeyStore(ops).create('prefix-test');
    await ops.close();
    const apis: Record<string, RunningApi> = {};
    for (const [name, prefix] of Object.entries(prefixes)) {
      apis[name] = await startApiServer(config(prefix), { port: 0, logger: silent });
      cleanups.push(apis[name].close);
    }
    const get = async (api: RunningApi) => {
      const res = await fetch(`${api.url}/api/v1/filings`, { headers: { Authorization: `Bearer ${key}` } });
      await res.arrayBuffer();
      return res.status;
    };
    // Requests in every window alive (a minute may turn meanwhile) under one deployment's prefix.
    const counted = async (prefix: string) => {
      const keys = (await keysOf(prefix)).filter((k) => k.startsWith(`${prefix}:ratelimit:`));
      return (await Promise.all(keys.map((k) => redis.get(k)))).reduce((n, v) => n + Number(v), 0);
    };
    // A request served before an API's Redis connection is up counts in that process only.
    const deadline = Date.now() + 10_000;
    while ((await counted(prefixes.a)) === 0 || (await counted(prefixes.b)) === 0) {
      if (Date.now() > deadline) throw new Error('the counts never reached Redis');
      await Promise.all([get(apis.a), get(apis.b)]);
    }
    const before = { a: await counted(prefixes.a), b: await counted(prefixes.b) };
    for (let i = 0; i < 3; i++) await get(apis.a);
    await get(apis.b);
    // The same API key on both: each deployment counts only its own requests.
    expect((await counted(prefixes.a)) - before.a).toBe(3);
    expect((await counted(prefixes.b)) - before.b).toBe(1);
  });

  it('each have their own scheduler lock', async () => {
    const lock = (prefix: string, owner: string) => new SchedulerLock({ redis, key: config(prefix).schedulerLock.key, owner, ttlMs: 10_000 });
    const a = lock(prefixes.a, 'a');
    const b = lock(prefixes.b, 'b');
    cleanups.push(() => a.release(), () => b.release());
    expect(await a.tryAcquire()).toBe(true);
    expect(await b.tryAcquire()).toBe(true);
    // Within one deployment the lock still excludes.
    expect(await lock(prefixes.a, 'a2').tryAcquire()).toBe(false);
    expect(await redis.get(`${prefixes.b}:scheduler:lock`)).toBe('b');
  });
});
