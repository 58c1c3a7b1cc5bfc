import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyNewsQuery } from '../ingest/news/newsapi-client.ts';
import { createNewsSource } from '../ingest/news/news-source.ts';
import { silentLogger } from '../ingest/jobs/handler-context.ts';
import { jobHandlers } from '../ingest/jobs/handlers.ts';
import { job } from '../ingest/jobs/job-types.ts';
import { createPricesSource } from '../ingest/prices/prices-source.ts';
import { startReplayServer } from '../ingest/replay/replay-server.ts';
import { runInline } from '../ingest/runner/inline-runner.ts';
import { fakeTime } from '../ingest/testing/fake-time.ts';
import type { ApiOutcome } from '../schema/api/types.ts';
import { parseEdgarIndex } from '../schema/edgar/index.parse.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { liveReadDbPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { describeImport, importIpoTable, readIpoTableFile } from '../scripts/commands/import.ts';
import { runIpo } from './cli-harness.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
const dataDir = mkdtempSync(join(tmpdir(), 'market-publish-'));

/** Real listings with window prices whose issuers appear in the sample's EDGAR daily indexes, and Bloomberg's day-1 return. */
const LISTINGS: Record<string, { cik: string; day1: number }> = {
  SNAP: { cik: '0001564408', day1: 44.0 },
  OKTA: { cik: '0001660134', day1: 38.29 },
  RDFN: { cik: '0001382821', day1: 44.67 },
  WDAY: { cik: '0001327811', day1: 73.89 },
  PANW: { cik: '0001327567', day1: 26.5 },
};

const ipo = (...argv: string[]) => runIpo(dataDir, ...argv);

function readRows<T>(sql: string): T[] {
  const db = openSqlite(liveReadDbPath(dataDir)!, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  const events = await openEventLogDb(dataDir);
  const replay = await startReplayServer({ manifestPath: join(SAMPLE, 'market-replay.json') });
  try {
    // The five issuers' rows of the real daily indexes: what makes them companies of the read model.
    const ciks = new Set(Object.values(LISTINGS).map((l) => l.cik));
    for (const [file, kind] of [['edgar/index/form.20200318.idx.gz', 'form'], ['edgar/index/company.20221003.idx.gz', 'company']] as const) {
      const entries = parseEdgarIndex(gunzipSync(readFileSync(join(SAMPLE, file))), kind).entries.filter((e) => ciks.has(e.cik.padStart(10, '0')));
      events.log.appendMany(entries.map((entry) => ({ type: 'edgar.index_entry', source: 'edgar', subject: entry.accessionNumber, observedAt: '2024-06-03T12:00:00.000Z', payload: entry })));
    }
    events.log.append({ type: 'edgar.company_tickers', source: 'edgar', subject: 'company_tickers', observedAt: '2024-06-03T12:00:00.000Z', body: gunzipSync(readFileSync(join(SAMPLE, 'edgar/company_tickers.json.gz'))) });
    const imported = await importIpoTable(events.log, null, readIpoTableFile(join(SAMPLE, 'reference/bloomberg_ipo_data_2000_2025.csv.gz')), {
      source: 'bloomberg',
      file: 'bloomberg_ipo_data_2000_2025.csv.gz',
      filter: { tickers: new Set(Object.keys(LISTINGS)) },
      observedAt: '2024-06-03T12:00:00.000Z',
    });
    expect(describeImport(imported, false)).toMatch(/5 linked to a CIK, 0 unlinked/);
    const time = fakeTime(Date.UTC(2024, 5, 3, 12));
    const report = await runInline([...Object.keys(LISTINGS).map((ticker) => job('prices.daily_bars', { ticker })), job('news.everything', { query: companyNewsQuery('Snap') })], {
      handlers: jobHandlers,
      ctx: { log: events.log, clock: time.clock, logger: silentLogger, prices: createPricesSource({ baseUrl: replay.urls.prices, format: 'stooq_csv' }), news: createNewsSource({ apiUrl: replay.urls.news, apiKey: 'k' }) },
      concurrency: 6,
    });
    expect(report).toMatchObject({ jobs: 6, succeeded: 6, appended: 10, failures: [] });
  } finally {
    await replay.close();
    await events.close();
  }
  expect((await ipo('project')).code).toBe(0);
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('market data end to end', () => {
  it('projects outcomes for the real tickers that agree with Bloomberg day-1 returns', () => {
    const outcomes = readRows<{ json: string }>('SELECT json FROM outcomes').map((r) => JSON.parse(r.json) as ApiOutcome);
    expect(outcomes.map((o) => o.ticker).sort()).toEqual(Object.keys(LISTINGS).sort());
    for (const o of outcomes) {
      const ticker = o.ticker as string;
      expect(o.cik).toBe(LISTINGS[ticker].cik);
      expect(Math.abs(o.day1ReturnPct! - LISTINGS[ticker].day1), ticker).toBeLessThanOrEqual(0.01);
    }
  });
});

describe('ipo publish', () => {
  it('publishes a quarterly review once: the same id again adds no event, and a rebuild keeps it', async () => {
    const first = await ipo('publish', 'quarterly', '--date', '2017-03-02');
    expect(first.code).toBe(0);
    expect(first.out).toContain('published quarterly-2017-Q1');
    const articles = readRows<{ article_id: string; summary: string; published_at: string }>('SELECT article_id, summary, published_at FROM articles');
    expect(articles).toEqual([{ article_id: 'quarterly-2017-Q1', published_at: '2017-04-03T12:00:00.000Z', summary: expect.stringMatching(/^2017 Q1: 1 IPO, \$3,910\.0M raised, first-day returns known for 1: mean day-1 return \+44\.00%/) }]);

    const again = await ipo('publish', 'quarterly', '--all-quarters', '2016Q4..2017Q1');
    expect(again.out).toContain('0 published, 0 replaced, 1 unchanged, 0 kept, 1 with nothing to publish');
    expect(again.err).toContain('nothing to publish for quarterly-2016-Q4');
    const events = await openEventLogDb(dataDir);
    try {
      expect(events.log.ofType('article.published').map((e) => e.subject)).toEqual(['quarterly-2017-Q1']);
    } finally {
      await events.close();
    }
    expect((await ipo('project', '--rebuild')).code).toBe(0);
    expect(readRows<{ article_id: string }>('SELECT article_id FROM articles')).toEqual([{ article_id: 'quarterly-2017-Q1' }]);
  });

  it('publishes the Snap debut day and week, and says so for a quiet day', async () => {
    const r = await ipo('publish', 'daily', '--date', '2017-03-02');
    expect(r.out).toContain('published daily-2017-03-02');
    expect((await ipo('publish', 'weekly', '--date', '2017-03-02')).out).toContain('published weekly-2017-W09');
    const quiet = await ipo('publish', 'daily', '--date', '2017-03-05');
    expect(quiet.code).toBe(0);
    expect(quiet.err).toContain('nothing to publish for daily-2017-03-05');
    const html = readRows<{ html: string }>("SELECT html FROM articles WHERE article_id = 'daily-2017-03-02'")[0].html;
    expect(html).toContain('Snap Inc');
    expect((await ipo('publish', 'monthly')).code).toBe(2);
    expect((await ipo('publish', 'daily', '--date', '2017-3-2')).code).toBe(2);
  });
});
