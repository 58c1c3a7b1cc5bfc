import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueByKind, job, startReplayServer } from '../ingest/index.ts';
import { projectorLockPath } from '../projector/index.ts';
import { DEFAULT_REDIS_KEYS } from '../schema/config.ts';
import { openEventLogDb } from '../schema/databases.ts';
import type { EventLog } from '../schema/events/event-log.ts';
import { liveReadDbPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { projectorCheckpoint } from '../scripts/catch-up.ts';
import { replayManifests } from '../scripts/demo.ts';
import { emptyDataDir, removeDataDir, startApi } from './api-harness.ts';
import { runIpo, runIpoWithEnv } from './cli-harness.ts';
import { logged, privateRedis, sleep, spawnIpo, until, type Spawned } from './process-harness.ts';
import { DOCUMENTS, documentEvent } from './projector-enrichment-events.ts';
import { companyTickersEvent, dumpLiveReadDb, indexEntryEvents, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const USER_AGENT = 'IPO Research Tests tests@example.com';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** `ipo projector` as its own process, as it runs in production. No REDIS_URL unless `env` gives one. */
function launchProjector(env: Record<string, string>): Spawned {
  const projector = spawnIpo(['projector'], { REDIS_URL: '', ...env });
  cleanups.push(() => projector.stop('SIGKILL'));
  return projector;
}

async function newDataDir(name: string): Promise<{ dir: string; log: EventLog }> {
  const tmp = tempDir(name);
  const events = await openEventLogDb(tmp.dir);
  cleanups.push(tmp.remove, () => events.close());
  return { dir: tmp.dir, log: events.log };
}

const batchLines = (text: string) => logged(text, 'projector', 'batch projected').length;
const running = (projector: Spawned) => logged(projector.err(), 'projector', 'running').length > 0;

describe('ipo projector', () => {
  // How fast is the freshness bench's to measure (npm run bench -- --only pipeline): a test on a loaded
  // machine waits for the filing to appear, with only a safety limit, and prints how long it took.
  it('makes a fetched filing visible through the API once the live projector has run', async () => {
    const dataDir = await emptyDataDir();
    cleanups.push(() => removeDataDir(dataDir));
    const projector = launchProjector({ DATA_DIR: dataDir });
    await until(() => running(projector), 30_000, 'the projector to start');
    const api = await startApi(dataDir);
    cleanups.push(() => api.close());
    const replay = await startReplayServer({ manifestPath: replayManifests() });
    cleanups.push(() => replay.close());

    // A real fetch through the EDGAR client, against the recorded response: Pandora's S-1.
    const env = { DATA_DIR: dataDir, EDGAR_USER_AGENT: USER_AGENT, EDGAR_WWW_URL: replay.urls.www, EDGAR_DATA_URL: replay.urls.data };
    const ingest = await runIpoWithEnv(env, 'ingest', 'document', '--cik', '1230276', '--accession', '0001193125-11-032963', '--document', 'ds1.htm');
    expect(ingest.code, ingest.err).toBe(0);
    const fetchedAt = Date.now();
    let body: { data?: { name: string; filings?: Array<{ accessionNumber: string }> } } = {};
    await until(
      async () => {
        const res = await api.get('/api/v1/companies/1230276?include=filings');
        if (res.status !== 200) return false;
        body = (await res.json()) as typeof body;
        return true;
      },
      60_000,
      'Pandora in the API',
    );
    const visibleAfter = Date.now() - fetchedAt;
    expect(body.data?.name).toBe('PANDORA MEDIA, INC.');
    expect(body.data?.filings?.map((f) => f.accessionNumber)).toContain('0001193125-11-032963');
    console.info(`fetched filing visible through the API after ${visibleAfter} ms`);
  }, 60_000);

  it('killed with -9 mid-backlog, it resumes from its last committed batch and ends equal to a clean rebuild', async () => {
    const { dir, log } = await newDataDir('projector-kill');
    log.appendMany(indexEntryEvents('form.20200318.idx.gz'));
    expect((await runIpo(dir, 'project')).code).toBe(0);
    // The backlog: the second daily index, the tickers snapshot, every submissions page and the prospectuses.
    log.appendMany([
      ...indexEntryEvents('company.20221003.idx.gz'),
      companyTickersEvent(),
      ...SUBMISSIONS_FILES.map((f) => submissionsEvent(f)),
      ...Object.values(DOCUMENTS).map((d) => documentEvent(d)),
    ]);
    const lastSeq = log.lastSeq();
    const env = { DATA_DIR: dir, PROJECTOR_BATCH_SIZE: '50', PROJECTOR_POLL_MS: '100' };

    const first = launchProjector(env);
    await until(() => batchLines(first.err()) >= 3, 60_000, 'three committed batches');
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const atKill = projectorCheckpoint(dir)!;
    expect(atKill).toBeLessThan(lastSeq);
    // A dead holder's lock stays behind; the next projector takes it over.
    expect(existsSync(projectorLockPath(dir))).toBe(true);

    const second = launchProjector(env);
    await until(() => projectorCheckpoint(dir) === lastSeq, 120_000, 'the restarted projector to catch up');
    expect(logged(second.err(), 'projector', 'running', { generation: 'live', seq: atKill })).toHaveLength(1);
    // One line per batch: events, companies re-derived, the checkpoint reached, time, documents read.
    // The line follows the batch's commit, so it may reach stderr a moment after the checkpoint.
    await until(() => logged(second.err(), 'projector', 'batch projected').at(-1)?.seq === lastSeq, 10_000, 'the last batch line');
    const batches = logged(second.err(), 'projector', 'batch projected');
    expect(batches.at(-1)).toMatchObject({ level: 'info', seq: lastSeq, events: expect.any(Number), companies: expect.any(Number), ms: expect.any(Number), documents: expect.any(Number) });
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(existsSync(projectorLockPath(dir))).toBe(false);

    const resumed = dumpLiveReadDb(dir);
    const rebuild = await runIpo(dir, 'project', '--rebuild');
    expect(rebuild.code, rebuild.err).toBe(0);
    expect(dumpLiveReadDb(dir)).toBe(resumed);
    expect(resumed).toContain('PANDORA MEDIA, INC.');
  }, 240_000);

  it('without Redis a publish job runs in the process that dispatches it, which waits for the running projector to project', async () => {
    const { dir, log } = await newDataDir('projector-inline-publish');
    log.appendMany(indexEntryEvents('form.20200318.idx.gz'));
    const projector = launchProjector({ DATA_DIR: dir, PROJECTOR_POLL_MS: '100' });
    await until(() => running(projector), 30_000, 'the projector to start');
    const plan = `${dir}/publish-plan.json`;
    writeFileSync(plan, JSON.stringify({ jobs: [{ name: 'pipeline.publish', data: { kind: 'daily', date: '2020-03-18' } }] }));
    const run = await runIpo(dir, 'ingest', 'plan', plan);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^1 jobs: 1 succeeded, 0 not found, 0 failed; 1 new events/);
    expect(logged(run.err, 'ingest', 'publish daily-2020-03-18: published')).toHaveLength(1);
    expect(run.err).toContain(`project: another projector (pid ${projector.child.pid}) holds ${projectorLockPath(dir)}; waiting for it to project what was recorded`);
    // The job completed only once the publication was projected.
    expect(projectorCheckpoint(dir)).toBe(log.lastSeq());
    const db = openSqlite(liveReadDbPath(dir)!, { readonly: true });
    cleanups.push(() => db.close());
    expect(db.prepare('SELECT article_id FROM articles').pluck().all()).toEqual(['daily-2020-03-18']);
  }, 60_000);

  it('a second copy exits at once with one line naming the holder', async () => {
    const { dir } = await newDataDir('projector-second');
    const first = launchProjector({ DATA_DIR: dir });
    await until(() => running(first), 30_000, 'the first projector');
    const second = launchProjector({ DATA_DIR: dir });
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.err()).toBe(`ipo projector: another projector (pid ${first.child.pid}) holds ${projectorLockPath(dir)}; exiting\n`);
  }, 60_000);
});

describe('ipo projector with Redis', () => {
  it('runs a publish job into the feed, and exits 0 on SIGTERM after its Redis died', async () => {
    // A private Redis: this test kills it.
    const redis = await privateRedis();
    cleanups.push(() => redis.kill());
    const redisUrl = redis.url;

    const { dir, log } = await newDataDir('projector-publish');
    log.appendMany(indexEntryEvents('form.20200318.idx.gz'));
    const projector = launchProjector({ DATA_DIR: dir, REDIS_URL: redisUrl });
    await until(() => running(projector), 30_000, 'the projector to start');

    await enqueueByKind({ redisUrl }, [job('pipeline.publish', { kind: 'daily', date: '2020-03-18' })]);
    const article = () => {
      const db = openSqlite(liveReadDbPath(dir)!, { readonly: true });
      try {
        return db.prepare(`SELECT article_id, source_kind FROM articles`).all();
      } finally {
        db.close();
      }
    };
    await until(() => article().length > 0, 30_000, 'the article in read.db');
    expect(article()).toEqual([{ article_id: 'daily-2020-03-18', source_kind: 'daily_spotlight' }]);
    expect(logged(projector.err(), 'projector', 'publish daily-2020-03-18: published')).toHaveLength(1);
    // The job completes after its article is in read.db: its line may still be on its way.
    const completed = () => logged(projector.err(), 'projector', 'job completed', { job: 'pipeline.publish', outcome: 'completed', attempt: 1 });
    await until(() => completed().length > 0, 10_000, 'the job completed line');
    expect(completed()).toHaveLength(1);
    expect(log.ofType('article.published').map((e) => e.subject)).toEqual(['daily-2020-03-18']);

    await redis.kill();
    await sleep(500);
    // stop() would SIGKILL after 20 s: a clean exit comes well before.
    expect(await projector.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('a waiting project job absorbs the next enqueue; a publish request for one day is one job', async () => {
    const queueName = `test-pipeline-${randomUUID()}`;
    const queue = new Queue(queueName, { connection: { url: REDIS_URL }, prefix: DEFAULT_REDIS_KEYS.queues });
    cleanups.push(async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    });
    const enqueue = (jobs: Parameters<typeof enqueueByKind>[1]) => enqueueByKind({ redisUrl: REDIS_URL }, jobs, { pipeline: queueName });
    await enqueue([job('pipeline.project', {})]);
    await enqueue([job('pipeline.project', {}), job('pipeline.publish', { kind: 'daily', date: '2026-11-24' })]);
    await enqueue([job('pipeline.publish', { kind: 'daily', date: '2026-11-24' })]);
    expect((await queue.getJobs(['waiting'])).map((j) => j.name).sort()).toEqual(['pipeline.project', 'pipeline.publish']);
  });
});
