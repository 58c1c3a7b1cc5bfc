import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { enqueueByKind, type Job } from '../ingest/index.ts';
import { DEFAULT_REDIS_KEYS, loadConfig } from '../schema/config.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { easternDate, publishCommandLine, startScheduler, type RunningScheduler } from '../scripts/commands/schedule.ts';
import { SchedulerLock } from '../scripts/scheduler-lock.ts';
import { main } from '../scripts/cli.ts';
import { createLogger } from '../scripts/log.ts';
import { runIpo } from './cli-harness.ts';
import { logged } from './process-harness.ts';
import { cleanupsAfterEach, sharedRedisClient, SHARED_REDIS_URL } from './redis-harness.ts';

const REDIS_URL = SHARED_REDIS_URL;
const USER_AGENT = 'IPO Research Tests tests@example.com';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const redis = sharedRedisClient();
const cleanups = cleanupsAfterEach();

function uniqueKey(): string {
  const key = `test:scheduler-lock:${randomUUID()}`;
  cleanups.push(() => redis.del(key));
  return key;
}

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('the scheduler lock (real Redis)', () => {
  it('keeps a second process standing by while the holder renews, and hands over when the holder stops renewing', async () => {
    const key = uniqueKey();
    // A TTL long enough that a loaded 2-core machine's event-loop stalls do not expire the key between renewals.
    const ttlMs = 2000;
    const intervalMs = 200;
    const a = new SchedulerLock({ redis, key, owner: 'a', ttlMs, intervalMs });
    const b = new SchedulerLock({ redis, key, owner: 'b', ttlMs, intervalMs });
    cleanups.push(() => a.release(), () => b.release());
    expect(await a.tryAcquire()).toBe(true);
    const acquiredAt = Date.now();
    let aLost = '';
    a.keep((reason) => (aLost = reason));
    let standBys = 0;
    let bHolds = false;
    void b.acquire(() => standBys++).then((held) => (bHolds = held));
    // Two TTLs: without renewal the key would have expired before.
    await until(() => Date.now() - acquiredAt > 2 * ttlMs, 3 * ttlMs, 'two TTLs to pass');
    expect(aLost).toBe('');
    expect(bHolds).toBe(false);
    expect(standBys).toBe(1);
    expect(await redis.get(key)).toBe('a');
    expect(await redis.pttl(key)).toBeGreaterThan(0);

    a.stopRenewing(); // what a crash looks like: the key stays until it expires
    const stoppedAt = Date.now();
    await until(() => bHolds, 3 * ttlMs, 'b to take over');
    // The key outlives the holder by at least a TTL less the renewal interval (and any stall).
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(ttlMs - 2 * intervalMs);
    expect(await redis.get(key)).toBe('b');
    expect(standBys).toBe(1);

    // The former holder notices on its next renewal that the lock changed hands.
    let lost = '';
    a.keep((reason) => (lost = reason));
    await until(() => lost !== '', 3 * ttlMs, 'a to notice');
    expect(lost).toMatch(/another process/);
    expect(await redis.get(key)).toBe('b');
  });

  it('a released lock is taken over at once, and a release never deletes another holder’s key', async () => {
    const key = uniqueKey();
    const a = new SchedulerLock({ redis, key, owner: 'a', ttlMs: 60_000, intervalMs: 100 });
    const b = new SchedulerLock({ redis, key, owner: 'b', ttlMs: 60_000, intervalMs: 100 });
    cleanups.push(() => b.release());
    expect(await a.tryAcquire()).toBe(true);
    const bHeld = b.acquire(() => {});
    await sleep(300);
    await a.release();
    expect(await bHeld).toBe(true);
    await a.release();
    expect(await redis.get(key)).toBe('b');
  });
});

describe('ipo scheduler', () => {
  it('only enqueues: --run-now puts the discovery jobs on the queue, projects nothing, and a second scheduler stands by until the first stops', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ipo-scheduler-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const queueName = `test-scheduler-${randomUUID()}`;
    const queues = { edgar: `${queueName}-edgar`, prices: `${queueName}-prices`, news: `${queueName}-news`, pipeline: `${queueName}-pipeline` };
    const edgar = new Queue(queues.edgar, { connection: { url: REDIS_URL }, prefix: DEFAULT_REDIS_KEYS.queues });
    cleanups.push(async () => {
      await edgar.obliterate({ force: true });
      await edgar.close();
    });
    // Feed polls (every 2 s in EDGAR's hours) kept out of the way: this test counts the discovery jobs.
    const config = loadConfig({ DATA_DIR: dataDir, EDGAR_USER_AGENT: USER_AGENT, REDIS_URL, FEED_POLL_SECONDS: '3600', FEED_POLL_CLOSED_SECONDS: '3600' });
    const key = uniqueKey();
    const start = (owner: string, runNow: boolean) => {
      const err = capture();
      const scheduler: RunningScheduler = startScheduler({
        config,
        io: { out: new PassThrough(), err: err.stream, env: {} },
        logger: createLogger({ level: 'info', format: 'json' }, err.stream, 'scheduler'),
        lock: new SchedulerLock({ redis, key, owner, ttlMs: 3000, intervalMs: 200 }), // a TTL that outlasts a loaded machine's stalls
        runNow,
        dispatch: (jobs) => enqueueByKind({ redisUrl: REDIS_URL }, jobs, queues),
      });
      cleanups.push(() => scheduler.stop());
      let leading = false;
      void scheduler.leading.then(() => (leading = true));
      return { scheduler, err, isLeading: () => leading };
    };

    const first = start('first', true);
    await first.scheduler.leading;
    await until(async () => (await edgar.count()) === 2, 10_000, 'the discovery jobs');
    const names = (await edgar.getJobs(['waiting', 'delayed', 'prioritized'])).map((j) => j.name).sort();
    expect(names).toEqual(['edgar.company_tickers', 'edgar.daily_index']);
    expect(logged(first.err.text(), 'scheduler', 'running', { tasks: 7 })).toHaveLength(1);
    expect(existsSync(readDbLinkPath(dataDir))).toBe(false);

    const second = start('second', true);
    await until(() => second.err.text().includes('standing by'), 5000, 'the second to stand by');
    await sleep(1500);
    expect(second.isLeading()).toBe(false);
    expect(second.err.text().match(/standing by/g)).toHaveLength(1);
    expect(first.err.text()).not.toContain('lost the lock');

    await first.scheduler.stop();
    await second.scheduler.leading;
    expect(logged(second.err.text(), 'scheduler', 'running')).toHaveLength(1);
    expect(await redis.get(key)).toBe('second');
  });

  it('a killed scheduler process is replaced by the one standing by once the lock expires', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ipo-scheduler-proc-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const key = uniqueKey();
    // A prefix of its own: what a scheduler records in Redis (its feed poll period) stays out of the default deployment's keys.
    const prefix = `test-scheduler-${randomUUID()}`;
    cleanups.push(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
    });
    // No feed polls into the shared Redis's default queue while the lock changes hands.
    const env = { ...process.env, DATA_DIR: dataDir, EDGAR_USER_AGENT: USER_AGENT, REDIS_URL, REDIS_PREFIX: prefix, SCHEDULER_LOCK_KEY: key, SCHEDULER_LOCK_TTL_SECONDS: '2', FEED_POLL_SECONDS: '3600', FEED_POLL_CLOSED_SECONDS: '3600' };
    const launch = (name: string) => {
      const child: ChildProcess = spawn(process.execPath, ['scripts/ipo.mjs', name], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      cleanups.push(async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      });
      return { child, err: () => err };
    };
    const first = launch('scheduler');
    await until(() => logged(first.err(), 'scheduler', 'running').length > 0, 20_000, 'the first scheduler');
    const second = launch('schedule');
    await until(() => second.err().includes('standing by'), 20_000, 'the second to stand by');
    expect(logged(second.err(), 'scheduler', 'running')).toEqual([]);

    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await until(() => logged(second.err(), 'scheduler', 'running').length > 0, 10_000, 'the takeover');
    expect(Date.now() - killedAt).toBeGreaterThan(500);
    expect(await redis.get(key)).toContain(`:${second.child.pid}:`);
  }, 60_000);

  it('refuses to start without a declared EDGAR_USER_AGENT, in one line and without a stack trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ipo-scheduler-ua-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    for (const name of ['scheduler', 'schedule']) {
      const result = await runIpo(dataDir, name);
      expect(result.code, name).toBe(2);
      expect(result.err).toBe(
        'ipo scheduler: set EDGAR_USER_AGENT="Your Name you@example.com" (the SEC requires a declared User-Agent with an e-mail)\n',
      );
    }
  });

  it('names a malformed cron setting in one line', async () => {
    const err = capture();
    const code = await main(['scheduler'], { out: new PassThrough(), err: err.stream, env: { EDGAR_USER_AGENT: USER_AGENT, CRON_NEWS: '15 */2 * *' } });
    expect(code).toBe(2);
    expect(err.text()).toBe('ipo scheduler: CRON_NEWS must be a cron expression such as "15 */2 * * *", got "15 */2 * *"\n');
  });

  it('a publication slot hands one pipeline.publish job to dispatch (the queue for `ipo projector`, or the in-process runner)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ipo-scheduler-publish-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Every second (node-cron's six-field form), so the slot fires during the test.
    // Feed polls (every 2 s in EDGAR's hours) kept out of the way: this test waits for the publication slot.
    const config = loadConfig({ DATA_DIR: dataDir, EDGAR_USER_AGENT: USER_AGENT, CRON_PUBLISH_DAILY: '* * * * * *', FEED_POLL_SECONDS: '3600', FEED_POLL_CLOSED_SECONDS: '3600' });
    const dispatched: Job[][] = [];
    const err = capture();
    const logger = createLogger({ level: 'info', format: 'text' }, err.stream, 'scheduler');
    const scheduler = startScheduler({ config, io: { out: new PassThrough(), err: err.stream, env: {} }, logger, lock: null, queued: true, dispatch: async (jobs) => dispatched.push(jobs) });
    cleanups.push(() => scheduler.stop());
    const publications = () => dispatched.filter((jobs) => jobs.some((j) => j.name.startsWith('pipeline.')));
    await until(() => publications().length > 0, 5000, 'the daily slot');
    await scheduler.stop();
    const [slot] = publications();
    expect(slot).toEqual([{ name: 'pipeline.publish', data: { kind: 'daily', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } }]);
    // The slot's US/Eastern day (the test may straddle midnight there).
    expect([easternDate(new Date()), easternDate(new Date(Date.now() - 5000))]).toContain((slot[0].data as { date: string }).date);
    // LOG_FORMAT=text, as on a terminal.
    expect(err.text()).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  scheduler: article due kind=daily job=pipeline\.publish as="ipo publish daily --date \d{4}-\d{2}-\d{2}" runner="ipo projector"$/m);
  });

  it('names the publish command for each publication slot', () => {
    expect(publishCommandLine({ kind: 'daily', date: '2026-11-24' })).toBe('ipo publish daily --date 2026-11-24');
    expect(publishCommandLine({ kind: 'quarterly', year: 2026, quarter: 3 })).toBe('ipo publish quarterly --date 2026-07-01');
    expect(publishCommandLine({ kind: 'quarterly', year: 2025, quarter: 4 })).toBe('ipo publish quarterly --date 2025-10-01');
  });
});
