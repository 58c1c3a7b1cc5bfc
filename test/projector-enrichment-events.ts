import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { NewEvent } from '../schema/events/event-log.ts';
import type { DailyBarsMeta, DocumentMeta, NewsArticlePayload } from '../schema/events/event-types.ts';
import { parseIpoTable, type IpoTableRow } from '../projector/market/ipo-table.parse.ts';
import { canonicalUrl } from '../schema/news/url.normalize.ts';
import type { Article } from '../projector/publish/article.types.ts';

/**
 * The real non-EDGAR-index sample as the ingest records it: prospectus documents with their
 * DocumentMeta, the Marvell company facts, Bloomberg rows as `reference.ipo_row`, the IPO-window
 * Stooq CSVs as `market.daily_bars` (meta as the price client records it) and the news records.
 */
const SAMPLE = join(import.meta.dirname, '../data/sample');
export const OBSERVED = '2026-02-01T12:00:00.000Z';

function bytes(relative: string): Buffer {
  const raw = readFileSync(join(SAMPLE, relative));
  return relative.endsWith('.gz') ? gunzipSync(raw) : raw;
}

/** Real prospectuses (primary document names from their submissions pages, or from SOURCES.md where the sample has none). */
export const DOCUMENTS = {
  unicycive: { file: 'S-1-A_0001213900-21-035033_unicycive.htm.gz', cik: '0001766140', accessionNumber: '0001213900-21-035033', primaryDocument: 'ea143554-s1a3_unicycivethera.htm' },
  aaoiFollowOn: { file: 'S-1-A_0001047469-14-002425_aaoi-followon.htm.gz', cik: '0001158114', accessionNumber: '0001047469-14-002425', primaryDocument: 'a2218972zs-1a.htm' },
  // No submissions page in the sample: accession and primary document as data/sample/SOURCES.md records them.
  pandora: { file: 'S-1_0001193125-11-032963_pandora.htm.gz', cik: '0001230276', accessionNumber: '0001193125-11-032963', primaryDocument: 'ds1.htm' },
  acurx: { file: 'S-1_0001104659-23-076317_acurx.htm.gz', cik: '0001736243', accessionNumber: '0001104659-23-076317', primaryDocument: 'tm2319782d1_s1.htm' },
} as const;

export function documentEvent(doc: (typeof DOCUMENTS)[keyof typeof DOCUMENTS], observedAt = OBSERVED): NewEvent {
  const meta: DocumentMeta = {
    url: `https://www.sec.gov/Archives/edgar/data/${Number(doc.cik)}/${doc.accessionNumber.replace(/-/g, '')}/${doc.primaryDocument}`,
    cik: doc.cik,
    accessionNumber: doc.accessionNumber,
    primaryDocument: doc.primaryDocument,
  };
  return { type: 'edgar.document', source: 'edgar', subject: doc.accessionNumber, observedAt, body: bytes(`prospectuses/${doc.file}`), meta: { ...meta } };
}

export const MARVELL = '0001835632';

export function marvellFactsEvent(observedAt = OBSERVED): NewEvent {
  return {
    type: 'edgar.companyfacts',
    source: 'edgar',
    subject: MARVELL,
    observedAt,
    body: bytes('edgar/companyfacts_CIK0001835632_marvell.json.gz'),
    meta: { url: `https://data.sec.gov/api/xbrl/companyfacts/CIK${MARVELL}.json` },
  };
}

export function bloombergRows(): IpoTableRow[] {
  return parseIpoTable(bytes('reference/bloomberg_ipo_data_2000_2025.csv.gz').toString('utf8'));
}

/** The priced rows (dated, offer price above 0) of Bloomberg's raw yearly exports (2020–2025), file after file: what the demo imports of them besides the country filter (scripts/demo.ts). */
export function bloombergRawRows(): IpoTableRow[] {
  return [2020, 2021, 2022, 2023, 2024, 2025].flatMap((year) =>
    parseIpoTable(bytes(`reference/bloomberg_raw_${year}.csv.gz`).toString('utf8')).filter((r) => r.tradeDate !== null && (r.offerPrice ?? 0) > 0),
  );
}

/** The priced US rows of the Yahoo Finance IPO list. */
export function yahooRows(): IpoTableRow[] {
  return parseIpoTable(bytes('reference/yahoo_finance_IPOs_2000_2018.csv.gz').toString('utf8'));
}

export function ipoRowEvents(rows: readonly IpoTableRow[], observedAt = OBSERVED, source = 'bloomberg'): NewEvent[] {
  return rows.map((row) => ({ type: 'reference.ipo_row', source, subject: row.ticker, observedAt, payload: row }));
}

export function windowTickers(): string[] {
  return readdirSync(join(SAMPLE, 'prices/window'))
    .filter((f) => f.endsWith('.csv') && f !== 'INDEX.csv')
    .map((f) => f.slice(0, -4))
    .sort();
}

/** A window CSV as the Stooq client fetched it: `/q/d/l/?s=<ticker>.us&i=d`, Stooq prices split/dividend-adjusted. */
export function barsEvent(ticker: string, observedAt = OBSERVED): NewEvent {
  const meta: DailyBarsMeta = {
    url: `https://stooq.com/q/d/l/?s=${ticker.toLowerCase()}.us&i=d`,
    ticker,
    format: 'stooq_csv',
    adjusted: true,
  };
  return { type: 'market.daily_bars', source: 'stooq', subject: ticker, observedAt, body: bytes(`prices/window/${ticker}.csv`), meta: { ...meta } };
}

export function newsEvents(observedAt = OBSERVED): NewEvent[] {
  return readdirSync(join(SAMPLE, 'news'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const article = JSON.parse(bytes(`news/${file}`).toString('utf8')) as NewsArticlePayload['article'];
      const payload: NewsArticlePayload = { provider: 'newsapi', query: null, article };
      return { type: 'news.article', source: 'newsapi', subject: canonicalUrl(article.url), observedAt, payload };
    });
}

export function articleEvent(article: Article, observedAt = OBSERVED): NewEvent {
  return { type: 'article.published', source: 'articles', subject: article.id, observedAt, payload: { ...article } };
}
