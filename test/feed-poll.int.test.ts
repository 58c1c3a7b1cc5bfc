import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createLiveFeed,
  edgarRequestsByKindLastMinute,
  EdgarClient,
  job,
  jobHandlers,
  openJobProducer,
  runJob,
  startReplayServer,
  type HandlerContext,
  type Job,
  type ReplayServer,
} from '../ingest/index.ts';
import { fakeTime } from '../ingest/testing/fake-time.ts';
import { loadConfig } from '../schema/config.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { currentFeedJob } from '../scripts/commands/feed-poll.ts';
import { startIngestWorkers } from '../scripts/commands/ingest.ts';
import { startScheduler } from '../scripts/commands/schedule.ts';
import { createLogger } from '../scripts/log.ts';
import { replayManifests } from '../scripts/demo.ts';
import { emptyDataDir, removeDataDir } from './api-harness.ts';
import { until } from './process-harness.ts';
import { cleanupsAfterEach, sharedRedisClient, SHARED_REDIS_URL } from './redis-harness.ts';

const REDIS_URL = SHARED_REDIS_URL;
const USER_AGENT = 'IPO Research Tests tests@example.com';
const SAMPLE = join(import.meta.dirname, '../data/sample');
const UNICYCIVE = readFileSync(join(SAMPLE, 'edgar/submissions/CIK0001766140_unicycive.json'));
const silent = createLogger({ level: 'silent', format: 'json' }, new PassThrough());
const isPoll = (r: { query?: string }) => r.query?.startsWith('action=getcurrent') ?? false;

const redis = sharedRedisClient();
const cleanups = cleanupsAfterEach();

async function deleteUnder(prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
}

describe('two schedulers, one worker, real Redis: one poll per time slot', () => {
  it('polls every slot once, even when both schedulers enqueue it and one enqueues it again after it ran; the polls take their slots in the fleet’s EDGAR budget', async () => {
    const feed = createLiveFeed({ submissions: [UNICYCIVE] });
    feed.reveal();
    const replay = await startReplayServer({ manifestPath: replayManifests(), overlays: [feed], rateLimitPerSecond: 10 });
    cleanups.push(() => replay.close());
    const dataDir = await emptyDataDir();
    cleanups.push(() => removeDataDir(dataDir));
    const prefix = `test-${randomUUID()}`;
    cleanups.push(() => deleteUnder(prefix));
    // One-second slots at any hour, so the test does not depend on EDGAR's.
    const config = loadConfig({
      DATA_DIR: dataDir,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      EDGAR_USER_AGENT: USER_AGENT,
      EDGAR_WWW_URL: replay.urls.www,
      EDGAR_DATA_URL: replay.urls.data,
      FEED_POLL_SECONDS: '1',
      FEED_POLL_CLOSED_SECONDS: '1',
    });
    const worker = await startIngestWorkers(config, silent, 4);
    cleanups.push(() => worker.close());

    // Two schedulers as two processes would run them without a lock between them (the lock keeps
    // one running; this is the case it cannot rule out, a hand-over): each its own producer.
    const slots: Array<Set<string>> = [new Set(), new Set()];
    const schedulers = slots.map((mine) => {
      const producer = openJobProducer({ redisUrl: REDIS_URL, prefix: config.redisKeys.queues });
      const scheduler = startScheduler({
        config,
        io: { out: new PassThrough(), err: new PassThrough(), env: {} },
        logger: silent,
        lock: null,
        queued: true,
        dispatch: async (jobs: Job[]) => {
          for (const j of jobs) if (j.name === 'edgar.current_feed') mine.add((j.data as { since: string }).since);
          return producer.enqueue(jobs);
        },
      });
      cleanups.push(() => producer.close(), () => scheduler.stop());
      return scheduler;
    });
    await until(() => slots.every((mine) => mine.size >= 5), 30_000, 'five slots from each scheduler');
    for (const scheduler of schedulers) await scheduler.stop();

    const edgar = new Queue('edgar', { connection: { url: REDIS_URL }, prefix: config.redisKeys.queues });
    cleanups.push(() => edgar.close());
    const idle = async () => Object.values(await edgar.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).every((n) => n === 0);
    const every = new Set([...slots[0], ...slots[1]]);
    await until(async () => (await idle()) && replay.requestLog.filter(isPoll).length >= every.size, 30_000, 'every slot polled');
    const both = [...slots[0]].filter((since) => slots[1].has(since));
    expect(both.length).toBeGreaterThanOrEqual(4);
    expect(replay.requestLog.filter(isPoll)).toHaveLength(every.size);
    // Each ran and was dropped: no poll stays in the queue (the follow-ups keep their ids a day, as before).
    expect((await edgar.getJobs(['completed', 'failed'])).filter((j) => j.name === 'edgar.current_feed')).toEqual([]);

    // A scheduler that comes late with a slot already polled: the slot's id is still taken.
    const late = openJobProducer({ redisUrl: REDIS_URL, prefix: config.redisKeys.queues });
    cleanups.push(() => late.close());
    await late.enqueue([currentFeedJob(new Date(Date.parse(both[0]) + 30 * 60_000), 1000)]);
    expect(await idle()).toBe(true);
    expect(replay.requestLog.filter(isPoll)).toHaveLength(every.size);

    const events = await openEventLogDb(dataDir);
    cleanups.push(() => events.close());
    expect(events.log.polls().find((p) => p.job === 'edgar.current_feed')?.successes).toBe(every.size);
    // Unicycive's S-1, read off the feed once however many polls listed it.
    expect(events.log.ofType('edgar.index_entry').map((e) => e.subject)).toEqual([feed.filings[0].accessionNumber]);
    const spent = await edgarRequestsByKindLastMinute(redis, config.redisKeys.edgarGate);
    expect(spent.poll).toBe(every.size);
    expect(spent.fetch).toBe(replay.requestLog.filter((r) => !isPoll(r)).length);
  }, 90_000);
});

describe('a poll asks conditionally and pages only while a page holds something new', () => {
  let dir: string;
  let events: Awaited<ReturnType<typeof openEventLogDb>>;
  let server: ReplayServer;
  afterEach(async () => {
    await events?.close();
    await server?.close();
    if (dir) removeDataDir(dir);
  });
  const context = async (urls: Record<string, string>, time = fakeTime(Date.UTC(2026, 0, 12, 16, 20))): Promise<HandlerContext> => {
    dir = await emptyDataDir();
    events = await openEventLogDb(dir);
    const client = new EdgarClient({ userAgent: USER_AGENT, wwwUrl: urls.www, dataUrl: urls.data ?? urls.www, maxRequestsPerSecond: 10, throttleBackoffMs: 1000, sleep: time.sleep, clock: time.clock });
    return { client, log: events.log, clock: time.clock, logger: silent };
  };

  it('a feed that gives validators answers an unchanged first page with 304: nothing is parsed, nothing followed, until a filing appears', async () => {
    const feed = createLiveFeed({ submissions: [UNICYCIVE], validators: true });
    server = await startReplayServer({ manifestPath: replayManifests(), overlays: [feed], rateLimitPerSecond: null });
    const ctx = await context(server.urls);
    const [s1, s1a] = [feed.reveal()!.filing, feed.filings[1]];
    const poll = job('edgar.current_feed', {});
    const first = await runJob(jobHandlers, poll, ctx);
    expect(first).toEqual({ appended: 1, followUps: [job('edgar.submissions', { cik: s1.cik, accessions: [s1.accessionNumber], filedOn: s1.filedOn })] });
    expect(await runJob(jobHandlers, poll, ctx)).toEqual({ appended: 0, followUps: [] });
    expect(server.requestLog.filter(isPoll).map((r) => r.status)).toEqual([200, 304]);
    feed.reveal();
    const third = await runJob(jobHandlers, poll, ctx);
    expect(third.appended).toBe(1);
    expect(events.log.ofType('edgar.index_entry').map((e) => e.subject)).toEqual([s1.accessionNumber, s1a.accessionNumber]);
    expect(server.requestLog.filter(isPoll).map((r) => r.status)).toEqual([200, 304, 200]);
    // The poll recorded its run all three times: a 304 is a successful look.
    expect(events.log.polls().find((p) => p.job === 'edgar.current_feed')?.successes).toBe(3);
  });

  it('EDGAR’s feed gives no validator (as recorded): every poll reads the page', async () => {
    const feed = createLiveFeed({ submissions: [UNICYCIVE] });
    server = await startReplayServer({ manifestPath: replayManifests(), overlays: [feed], rateLimitPerSecond: null });
    const ctx = await context(server.urls);
    feed.reveal();
    for (let i = 0; i < 3; i++) await runJob(jobHandlers, job('edgar.current_feed', {}), ctx);
    expect(server.requestLog.filter(isPoll).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('reads the next recorded page back to `since`, but not once a poll read the feed after it: that page holds nothing new', async () => {
    server = await startReplayServer({ manifestPath: join(SAMPLE, 'edgar/feeds/replay.json'), rateLimitPerSecond: null });
    const time = fakeTime(Date.UTC(2026, 0, 12, 16, 20));
    const ctx = await context(server.urls, time);
    // The recorded first page reaches back from 11:27:39 to 10:52:37 EST.
    const since = '2026-01-12T10:00:00-05:00';
    const first = await runJob(jobHandlers, job('edgar.current_feed', { since }), ctx);
    expect(first.followUps.at(-1)).toEqual(job('edgar.current_feed', { since, start: 100 }));
    // Nine minutes later (11:29 EST): the last poll read the feed at 11:20, so entries before 11:19 were there to read.
    time.advance(9 * 60_000);
    const second = await runJob(jobHandlers, job('edgar.current_feed', { since }), ctx);
    expect(second.followUps.filter((j) => j.name === 'edgar.current_feed')).toEqual([]);
    expect(server.requestLog.filter(isPoll)).toHaveLength(2);
  });
});
