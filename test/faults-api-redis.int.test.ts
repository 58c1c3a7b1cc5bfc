import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { runIpo } from './cli-harness.ts';
import { freePort, logRecords, privateRedis, spawnIpo, until, type PrivateRedis, type Spawned } from './process-harness.ts';
import { companyTickersEvent, SUBMISSIONS_FILES, submissionsEvent } from './projector-sample-events.ts';

const FALLBACK = 'rate limit: Redis unavailable';
const RESUMED = 'counting in Redis';
const linesWith = (text: string, what: string) => text.split('\n').filter((line) => line.includes(what)).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('`ipo serve` while its Redis goes away and comes back (private redis-server)', () => {
  let dataDir: string;
  let redis: PrivateRedis;
  let api: Spawned;
  let baseUrl: string;
  let key: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ipo-faults-api-'));
    const events = await openEventLogDb(dataDir);
    events.log.appendMany([companyTickersEvent(), ...SUBMISSIONS_FILES.map((f) => submissionsEvent(f))]);
    await events.close();
    expect((await runIpo(dataDir, 'project')).code).toBe(0);
    const created = await runIpo(dataDir, 'keys', 'create', '--name', 'faults');
    expect(created.code).toBe(0);
    key = created.out.trim();
    redis = await privateRedis();
    const port = await freePort();
    api = spawnIpo(['serve', '--quiet'], { DATA_DIR: dataDir, REDIS_URL: redis.url, PORT: String(port), RATE_LIMIT_PER_MINUTE: '100000' });
    baseUrl = `http://127.0.0.1:${port}`;
    await until(() => api.out().includes('URL:') || !api.alive(), 30_000, 'the API to listen');
    expect(api.alive(), api.err()).toBe(true);
  });
  afterAll(async () => {
    await api?.stop('SIGTERM');
    await redis?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One authenticated read: its status, its time, and how many companies it listed. */
  async function read(withKey = key): Promise<{ status: number; ms: number; companies: number }> {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/companies`, { headers: { Authorization: `Bearer ${withKey}` } });
    const body = (await res.json()) as { data?: unknown[] };
    return { status: res.status, ms: performance.now() - started, companies: body.data?.length ?? 0 };
  }

  async function reads(n: number) {
    const results = [];
    for (let i = 0; i < n; i++) results.push(await read());
    return results;
  }

  async function counters(): Promise<string[]> {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      return await client.keys('ipo:ratelimit:*');
    } finally {
      client.disconnect();
    }
  }

  it('keeps answering authenticated reads 200 while Redis is down, says so once, and counts in Redis again when it returns', async () => {
    // A request served before the API's Redis connection is up counts locally (and says so): wait until counts reach Redis.
    await until(async () => (await read()).status === 200 && (await counters()).length === 1, 15_000, 'the count to reach Redis');
    const normal = await reads(20);
    expect(normal.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(normal[0].companies).toBeGreaterThan(0);

    const fallbacks = linesWith(api.err(), FALLBACK);
    const resumes = linesWith(api.err(), RESUMED);
    await redis.kill();
    const outage = await reads(20);
    expect(outage.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(outage.every((r) => r.companies === normal[0].companies)).toBe(true);
    // Key checks read ops.db, not Redis: a wrong key is still refused.
    expect((await read('ipo_live_' + 'x'.repeat(40))).status).toBe(401);
    expect((await read('not-a-key')).status).toBe(401);
    // One line for the switch, not one per request.
    expect(linesWith(api.err(), FALLBACK)).toBe(fallbacks + 1);

    await redis.start();
    // ioredis reconnects on its own schedule (backoff up to 2 s); reads go on meanwhile.
    await until(async () => (await read()).status === 200 && linesWith(api.err(), RESUMED) > resumes, 15_000, 'the shared count to resume');
    const back = await reads(5);
    expect(back.map((r) => r.status)).toEqual(Array(5).fill(200));
    // The restarted Redis (no persistence) holds this key's counter again: the budget is shared once more.
    expect(await counters()).toHaveLength(1);
    expect(linesWith(api.err(), FALLBACK)).toBe(fallbacks + 1);
    expect(linesWith(api.err(), RESUMED)).toBe(resumes + 1);
    expect(logRecords(api.err()).filter((r) => r.level === 'error')).toEqual([]);
    console.info(
      `[faults] GET /api/v1/companies median latency: ${median(normal.map((r) => r.ms)).toFixed(1)} ms with Redis, ` +
        `${median(outage.map((r) => r.ms)).toFixed(1)} ms while it was down (max ${Math.max(...outage.map((r) => r.ms)).toFixed(1)} ms), ` +
        `${median(back.map((r) => r.ms)).toFixed(1)} ms after it returned`,
    );
  });
});
