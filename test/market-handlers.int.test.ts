import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyNewsQuery } from '../ingest/news/newsapi-client.ts';
import { createNewsSource } from '../ingest/news/news-source.ts';
import { silentLogger, type HandlerContext } from '../ingest/jobs/handler-context.ts';
import { jobHandlers, runJob } from '../ingest/jobs/handlers.ts';
import { job } from '../ingest/jobs/job-types.ts';
import { isPermanentFailure } from '../ingest/jobs/job-validate.ts';
import { createPricesSource } from '../ingest/prices/prices-source.ts';
import { startReplayServer, type ReplayServer } from '../ingest/replay/replay-server.ts';
import { fakeTime } from '../ingest/testing/fake-time.ts';
import { openEventLogDb } from '../schema/databases.ts';
import type { DailyBarsMeta, NewsArticlePayload } from '../schema/events/event-types.ts';
import { canonicalUrl } from '../schema/news/url.normalize.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
let server: ReplayServer;
let dir: string;
let db: Awaited<ReturnType<typeof openEventLogDb>>;
let ctx: HandlerContext;

beforeAll(async () => {
  server = await startReplayServer({ manifestPath: [join(SAMPLE, 'edgar/replay.json'), join(SAMPLE, 'market-replay.json')] });
  dir = mkdtempSync(join(tmpdir(), 'market-handlers-'));
  db = await openEventLogDb(dir);
  const time = fakeTime(Date.UTC(2024, 5, 3, 12));
  ctx = {
    log: db.log,
    clock: time.clock,
    logger: silentLogger,
    prices: createPricesSource({ baseUrl: server.urls.prices, format: 'stooq_csv' }),
    news: createNewsSource({ apiUrl: server.urls.news, apiKey: 'test-key', clock: time.clock }),
  };
});

afterAll(async () => {
  await db?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('replay server routes with a query string', () => {
  it('serves each ticker its own file by exact path and query, and 404s an unknown query', async () => {
    const aaoi = await fetch(`${server.urls.prices}/q/d/l/?s=aaoi.us&i=d`);
    const snap = await fetch(`${server.urls.prices}/q/d/l/?s=snap.us&i=d`);
    expect(await aaoi.text()).toBe(readFileSync(join(SAMPLE, 'prices/window/AAOI.csv'), 'utf8'));
    expect(await snap.text()).toBe(readFileSync(join(SAMPLE, 'prices/window/SNAP.csv'), 'utf8'));
    expect((await fetch(`${server.urls.prices}/q/d/l/?s=nope.us&i=d`)).status).toBe(404);
    expect(server.requestLog.at(-1)).toMatchObject({ host: 'prices', path: '/q/d/l/', query: 's=nope.us&i=d', status: 404 });
    // Non-EDGAR hosts have no User-Agent check: fetch sent its own agent, with no e-mail, and got 200s.
    expect(server.requestLog.filter((r) => r.host === 'prices').map((r) => r.status)).toEqual([200, 200, 404]);
  });
});

describe('prices.daily_bars', () => {
  it('records the raw window file as market.daily_bars with DailyBarsMeta, once', async () => {
    expect(await runJob(jobHandlers, job('prices.daily_bars', { ticker: 'snap' }), ctx)).toEqual({ appended: 1, followUps: [] });
    expect(await runJob(jobHandlers, job('prices.daily_bars', { ticker: 'SNAP' }), ctx)).toEqual({ appended: 0, followUps: [] });
    const [event] = db.log.ofType('market.daily_bars');
    expect(event.subject).toBe('SNAP');
    expect(event.source).toBe('stooq');
    const meta = event.meta as unknown as DailyBarsMeta;
    expect(meta).toMatchObject({ ticker: 'SNAP', format: 'stooq_csv', adjusted: true, url: `${server.urls.prices}/q/d/l/?s=snap.us&i=d` });
    expect(event.body()!.toString('utf8')).toBe(readFileSync(join(SAMPLE, 'prices/window/SNAP.csv'), 'utf8'));
  });

  it('reports an unknown ticker as not found and rejects a malformed one', async () => {
    expect(await runJob(jobHandlers, job('prices.daily_bars', { ticker: 'ZZZZ' }), ctx)).toEqual({ appended: 0, followUps: [], notFound: true });
    const noSource = runJob(jobHandlers, job('prices.daily_bars', { ticker: 'SNAP' }), { ...ctx, prices: undefined });
    await expect(noSource).rejects.toSatisfy(isPermanentFailure);
  });
});

describe('news.everything', () => {
  it('splits a search page into one news.article per article, keyed by canonical URL', async () => {
    const query = companyNewsQuery('Twitter');
    expect(await runJob(jobHandlers, job('news.everything', { query }), ctx)).toEqual({ appended: 7, followUps: [] });
    expect(await runJob(jobHandlers, job('news.everything', { query }), ctx)).toEqual({ appended: 0, followUps: [] });
    const events = db.log.ofType('news.article');
    expect(events).toHaveLength(7);
    for (const e of events) {
      const p = e.payload as NewsArticlePayload;
      expect(p).toMatchObject({ provider: 'newsapi', query });
      expect(e.subject).toBe(canonicalUrl(p.article.url));
    }
    const recorded = JSON.parse(readFileSync(join(SAMPLE, 'news/twitter_01.json'), 'utf8')) as { url: string; title: string | null };
    expect(events.map((e) => (e.payload as NewsArticlePayload).article.url)).toContain(recorded.url);
  });

  it('after a 429 pauses further searches without sending them, and the failure is retryable', async () => {
    let hits = 0;
    const limited: Server = createServer((_req, res) => {
      hits++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' });
      // The documented NewsAPI error shape (domain.md §6.1).
      res.end('{"status":"error","code":"rateLimited","message":"You have made too many requests recently."}');
    });
    await new Promise<void>((ok) => limited.listen(0, '127.0.0.1', ok));
    try {
      const time = fakeTime();
      const news = createNewsSource({ apiUrl: `http://127.0.0.1:${(limited.address() as AddressInfo).port}`, apiKey: 'k', clock: time.clock });
      const local = { ...ctx, news };
      for (const name of ['Snap', 'GoPro', 'Pinterest']) {
        const run = runJob(jobHandlers, job('news.everything', { query: companyNewsQuery(name) }), local);
        await expect(run).rejects.toMatchObject({ name: 'NewsRateLimitedError' });
        await run.catch((e: unknown) => expect(isPermanentFailure(e)).toBe(false));
      }
      expect(hits).toBe(1);
      time.advance(3_601_000);
      await expect(runJob(jobHandlers, job('news.everything', { query: 'x' }), local)).rejects.toMatchObject({ name: 'NewsRateLimitedError' });
      expect(hits).toBe(2);
    } finally {
      await new Promise<void>((ok) => limited.close(() => ok()));
    }
  });

  it('news.feed reports a missing feed as not found', async () => {
    expect(await runJob(jobHandlers, job('news.feed', { url: `${server.urls.news}/rss/missing.xml` }), ctx)).toEqual({ appended: 0, followUps: [], notFound: true });
  });
});
