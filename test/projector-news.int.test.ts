import { describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite } from '../schema/databases.ts';
import type { NewEvent } from '../schema/events/event-log.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { projectIncremental, rebuildReadDb } from '../projector/index.ts';
import { NewsStore } from '../projector/runner/news.store.ts';
import { bloombergRows, ipoRowEvents, newsEvents } from './projector-enrichment-events.ts';
import { companyTickersEvent, dumpReadDb, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';

const GOPRO = '0001500435';
const WOLFSPEED = '0000895419';
const fixedClock = () => new Date('2026-02-02T00:00:00.000Z');
const FUTUREZONE = 'https://futurezone.at/b2b/actioncam-anbieter-gopro-mit-plus-30-prozent-an-boerse/72.258.606';

/** GoPro served from its real Bloomberg row and the tickers file; Wolfspeed from its submissions page; the 20 records. */
const base = (): NewEvent[] => [
  companyTickersEvent(),
  submissionsEvent(SUBMISSIONS_FILES.find((f) => f.cik === WOLFSPEED)!),
  ...ipoRowEvents(bloombergRows().filter((r) => r.ticker === 'GPRO')),
  ...newsEvents('2026-02-01T12:00:00.000Z'),
];
const futurezone = (events: NewEvent[]) => events.find((e) => (e.payload as { article: { url: string } }).article?.url === FUTUREZONE)!;

describe('news dated by first observation', () => {
  it('keeps the earliest observation of a record across re-fetches and late backfills; a rebuild reproduces it', async () => {
    const tmp = tempDir('projector-news');
    const events = await openEventLogDb(tmp.dir);
    const read = await openReadDbForWrite(`${tmp.dir}/incremental.db`);
    const project = () => projectIncremental({ eventLog: events.log, readDb: read.sqlite, clock: fixedClock, lockDir: null });
    const served = () =>
      (read.sqlite.prepare('SELECT published_at, json FROM api_news WHERE cik = ? AND source_name = ?').all(GOPRO, 'futurezone.at') as Array<{
        published_at: string;
        json: string;
      }>).map((r) => ({ publishedAt: r.published_at, ...JSON.parse(r.json) }));
    try {
      events.log.appendMany(base());
      expect(project().skipped).toBe(0);
      expect(served()).toMatchObject([{ publishedAt: '2026-02-01T12:00:00.000Z', publishedAtSource: 'first_seen', match: { reason: 'name_in_url' } }]);

      // The log keeps one event per distinct payload, so only a record found again by another query (or
      // feed) is a new event. Found a month later: nothing served changes.
      const servedRows = () => read.sqlite.prepare('SELECT * FROM api_news ORDER BY published_at, news_id, cik').raw().all();
      const before = servedRows();
      const requery = (e: NewEvent, query: string, observedAt: string): NewEvent => ({
        ...e,
        observedAt,
        payload: { ...(e.payload as object), query },
      });
      // A search finds only stories that name what it searched for: GoPro's search finds GoPro's six.
      const goproStories = newsEvents().filter((e) => /gopro/i.test((e.payload as { article: { url: string } }).article.url));
      expect(goproStories).toHaveLength(6);
      expect(events.log.appendMany(goproStories.map((e) => requery(e, '"GoPro" AND (IPO OR "initial public offering")', '2026-03-01T00:00:00.000Z')))
        .every((r) => r.inserted)).toBe(true);
      project();
      expect(servedRows()).toEqual(before);

      // A backfill that had seen the record earlier, appended later: the earlier time wins.
      events.log.appendMany([requery(futurezone(newsEvents()), 'backfill', '2026-01-15T08:00:00.000Z')]);
      project();
      expect(served()).toMatchObject([{ publishedAt: '2026-01-15T08:00:00.000Z', publishedAtSource: 'first_seen' }]);
      expect(read.sqlite.prepare('SELECT count(*) FROM api_news WHERE cik = ?').pluck().get(GOPRO)).toBe(6);

      const rebuilt = await rebuildReadDb({ dataDir: tmp.dir, eventLog: events.log });
      expect(rebuilt.skipped).toBe(0);
      const db = openSqlite(readDbLinkPath(tmp.dir), { readonly: true });
      try {
        expect(dumpReadDb(read.sqlite)).toBe(dumpReadDb(db));
      } finally {
        db.close();
      }
    } finally {
      await read.close();
      await events.close();
      tmp.remove();
    }
  });

  it('links a later article by the names a company\'s news was linked by (its former names included)', async () => {
    const tmp = tempDir('projector-news-candidates');
    const events = await openEventLogDb(tmp.dir);
    const read = await openReadDbForWrite(`${tmp.dir}/read.db`);
    try {
      events.log.appendMany(base());
      projectIncremental({ eventLog: events.log, readDb: read.sqlite, clock: fixedClock, lockDir: null });
      const candidates = new NewsStore(read.sqlite).servedCandidates();
      expect(candidates.find((c) => c.cik === WOLFSPEED)).toMatchObject({ name: 'WOLFSPEED, INC.', formerNames: ['CREE, INC.', 'CREE INC', 'CREE RESEARCH INC /NC/'] });
      // A company served from a vendor row has no EDGAR former names; the vendor's issuer name stands with its SEC title.
      expect(candidates.find((c) => c.cik === GOPRO)).toMatchObject({ name: 'GoPro, Inc.', tickers: ['GPRO'], formerNames: ['GoPro Inc'] });
      // Each is exactly what relinkIfChanged linked the company's news by.
      const signatures = read.sqlite.prepare('SELECT cik, signature FROM proj_link_signatures').all() as Array<{ cik: string; signature: string }>;
      const served = read.sqlite.prepare('SELECT cik FROM companies ORDER BY cik').pluck().all() as string[];
      expect(signatures.map((s) => s.cik).sort()).toEqual(served);
      for (const { cik, signature } of signatures) {
        const c = candidates.find((x) => x.cik === cik)!;
        expect(JSON.stringify([c.name, [...c.tickers].sort(), c.formerNames])).toBe(signature);
      }
    } finally {
      await read.close();
      await events.close();
      tmp.remove();
    }
  });
});
