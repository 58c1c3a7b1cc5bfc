import { join } from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COMPANY_DETAIL_INCLUDES, DETAIL_EMBEDDED_ITEMS } from '../schema/api/params.schema.ts';
import { ANALYST_VIEWS } from '../schema/read/analyst-views.ts';
import { readMigrations } from '../schema/read/migrations.ts';
import { liveReadDbPath } from '../schema/read/location.ts';
import { kyselyFor, openSqlite } from '../schema/sqlite.ts';
import { useServedFullSample } from './api-harness.ts';
import { FILING_DETAIL_SQL } from '../schema/read/filing-detail.ts';

/**
 * Every stored JSON value of read.db is what the API serves for it: each row of every served
 * table, walked through the API over the bundled sample. "Is" means the served value, written
 * back with JSON.stringify, is the stored text byte for byte: the same members, values and order.
 */

type Item = Record<string, unknown>;
type Row = Record<string, string>;

const sample = useServedFullSample();

const rows = (sql: string) => sample.db.prepare(sql).all() as Row[];

function expectStored(served: unknown, stored: string, what: string): void {
  expect(JSON.stringify(served), what).toBe(stored);
}

/** `item` without the members named. */
function without(item: Item, ...names: string[]): Item {
  const rest = { ...item };
  for (const name of names) delete rest[name];
  return rest;
}

async function getData(path: string): Promise<any> {
  const res = await sample.api.get(path);
  const body = (await res.json()) as any;
  expect(res.status, `${path}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
  return body;
}

/** Every item of a list, pages of 100 in page order, following next_cursor. */
async function walk(path: string): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const page = `${path}${path.includes('?') ? '&' : '?'}limit=100`;
    const body: any = await getData(cursor === null ? page : `${page}&cursor=${encodeURIComponent(cursor)}`);
    items.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor !== null);
  return items;
}

/** The list's items and the table's rows in page order, as many of each. */
async function servedRows(path: string, sql: string): Promise<Array<[Item, Row]>> {
  const [items, stored] = [await walk(path), rows(sql)];
  expect(items.length, path).toBe(stored.length);
  expect(stored.length, sql).toBeGreaterThan(0);
  return items.map((item, i) => [item, stored[i]]);
}

describe('stored JSON equals what the API serves', () => {
  it('companies: json, each list include, and in the detail every include and embedded filing and news item', async () => {
    const order = 'ORDER BY sort_date DESC, cik DESC';
    for (const [item, row] of await servedRows('/api/v1/companies?scope=all', `SELECT cik, json FROM companies ${order}`)) {
      expectStored(item, row.json, row.cik);
    }
    const listIncludes = { latestTerms: 'latest_terms_json', classification: 'classification_json', consensus: 'consensus_json' };
    const listed = await servedRows(
      '/api/v1/companies?scope=all&include=latest_terms,classification,consensus',
      `SELECT cik, json, ${Object.values(listIncludes).join(', ')} FROM companies ${order}`,
    );
    for (const [item, row] of listed) {
      expectStored(without(item, ...Object.keys(listIncludes)), row.json, row.cik);
      for (const [member, column] of Object.entries(listIncludes)) expectStored(item[member], row[column], `${row.cik} ${member}`);
    }

    const detailIncludes = {
      latestTerms: 'latest_terms_detail_json',
      classification: 'classification_json',
      consensus: 'consensus_json',
      financialSnapshot: 'financial_snapshot_json',
      lockupSchedule: 'lockup_schedule_json',
      priceHistory: 'price_history_json',
      offerings: 'offerings_json',
      lifecycleEnd: 'lifecycle_end_json',
    };
    const filingsOf = sample.db.prepare(`SELECT ${FILING_DETAIL_SQL} FROM api_filings WHERE cik = ? ORDER BY filing_date DESC, accession_number DESC LIMIT ?`).pluck();
    const newsOf = sample.db.prepare('SELECT detail_json FROM api_news WHERE cik = ? ORDER BY date_known DESC, published_at DESC, news_id DESC LIMIT ?').pluck();
    const companies = rows(`SELECT cik, json, ${Object.values(detailIncludes).join(', ')} FROM companies`);
    let embedded = 0;
    for (const row of companies) {
      const { data } = await getData(`/api/v1/companies/${row.cik}?include=${COMPANY_DETAIL_INCLUDES.join(',')}`);
      const lists = ['filings', 'filingsNext', 'news', 'newsNext'];
      expectStored(without(data, ...Object.keys(detailIncludes), ...lists), row.json, row.cik);
      for (const [member, column] of Object.entries(detailIncludes)) expectStored(data[member], row[column], `${row.cik} ${member}`);
      const filings = filingsOf.all(row.cik, DETAIL_EMBEDDED_ITEMS) as string[];
      const news = newsOf.all(row.cik, DETAIL_EMBEDDED_ITEMS) as string[];
      expect([data.filings.length, data.news.length], row.cik).toEqual([filings.length, news.length]);
      data.filings.forEach((filing: Item, i: number) => expectStored(filing, filings[i], `${row.cik} filing ${i}`));
      data.news.forEach((item: Item, i: number) => expectStored(item, news[i], `${row.cik} news ${i}`));
      embedded += filings.length + news.length;
    }
    expect(embedded).toBeGreaterThan(1000);
  }, 60_000);

  it('filings: json, the ai_enrichment and terms includes, and the detail element of every filing', async () => {
    const order = 'ORDER BY filing_date DESC, accession_number DESC, cik DESC';
    const columns = `accession_number, cik, json, ${FILING_DETAIL_SQL} AS detail_json, ai_enrichment_json, terms_json, terms_detail_json`;
    const plain = await servedRows('/api/v1/filings', `SELECT ${columns} FROM api_filings ${order}`);
    for (const [item, row] of plain) expectStored(item, row.json, `${row.accession_number} ${row.cik}`);
    const included = await servedRows('/api/v1/filings?include=ai_enrichment,terms', `SELECT ${columns} FROM api_filings ${order}`);
    let withTerms = 0;
    for (const [item, row] of included) {
      const what = `${row.accession_number} ${row.cik}`;
      expectStored(without(item, 'aiEnrichment', 'terms'), row.json, what);
      expectStored(item.aiEnrichment, row.ai_enrichment_json, `${what} aiEnrichment`);
      expectStored(item.terms, row.terms_json, `${what} terms`);
      // The company detail's element: the list item without the company, with the extended terms
      // (served in a detail as such for the newest filings, above).
      const extended = JSON.parse(row.terms_detail_json);
      expectStored({ ...without(item, 'cik', 'companyName'), terms: extended }, row.detail_json, `${what} detail`);
      if (extended !== null) withTerms++;
    }
    expect(withTerms).toBeGreaterThan(0);
  }, 60_000);

  it('news: json (content null), the content include, and the detail element of every item', async () => {
    const sql = 'SELECT news_id, cik, json, detail_json, content_json FROM api_news ORDER BY date_known DESC, published_at DESC, news_id DESC, cik DESC';
    for (const [item, row] of await servedRows('/api/v1/news', sql)) {
      expect(item.content).toBeNull();
      expectStored(item, row.json, `${row.news_id} ${row.cik}`);
    }
    // The sample's records carry no body (api/db/keyset.test.ts splices one in).
    for (const [item, row] of await servedRows('/api/v1/news?include=content', sql)) {
      const what = `${row.news_id} ${row.cik}`;
      expectStored(item.content, row.content_json, `${what} content`);
      expectStored({ ...item, content: null }, row.json, what);
      expectStored(without(item, 'cik', 'companyName', 'provider'), row.detail_json, `${what} detail`);
    }
  });

  it('outcomes: json', async () => {
    const sql = 'SELECT cik, ticker, json FROM outcomes ORDER BY trading_start_date DESC, cik DESC, ticker DESC';
    for (const [item, row] of await servedRows('/api/v1/outcomes', sql)) expectStored(item, row.json, `${row.cik} ${row.ticker}`);
  });

  it('calendar entries: json', async () => {
    const sql = 'SELECT entry_id, json FROM calendar_entries ORDER BY expiry_date, entry_id';
    for (const [item, row] of await servedRows('/api/v1/calendar', sql)) expectStored(item, row.json, row.entry_id);
  });
});

/** The columns of the served news table before migration 0010 (which adds date_known). */
const NEWS_BEFORE_0010 = 'published_at, news_id, cik, company_name, name_lower, provider, source_name, json, detail_json, content_json';
/** The companies columns before 0010 added listing_date. */
const COMPANIES_BEFORE_0010 = `sort_date, cik, name, name_lower, ticker, exchange, offering_status, deal_type, market, is_ipo, kind, gross_proceeds, updated_at,
  json, latest_terms_json, latest_terms_detail_json, classification_json, consensus_json, financial_snapshot_json, lockup_schedule_json,
  price_history_json, offerings_json, lifecycle_end_json`;

describe('migration 0009 on a generation written before it', () => {
  it('completes its stored objects to the bytes the projector writes now', async () => {
    const path = join(sample.dataDir, 'before-0009.db');
    const old = openSqlite(path);
    try {
      const kysely = kyselyFor(old);
      const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => readMigrations } });
      expect((await migrator.migrateTo('0008_document_read_limits')).error).toBeUndefined();
      // The layout before 0009: objects without their closing brace, the detail elements without
      // what the API appended (aiEnrichment and terms, content), and news items without content.
      const open = (item: Item) => JSON.stringify(item).slice(0, -1);
      old.exec(`ATTACH '${liveReadDbPath(sample.dataDir)}' AS now`);
      // By name: api_filings has been keyed by company first, its detail element made when read, since 0031.
      const filingColumns = old.prepare(`SELECT name FROM pragma_table_info('filings')`).pluck().all() as string[];
      const filingValues = filingColumns.map((c) => (c === 'detail_json' ? FILING_DETAIL_SQL : c));
      old.exec(`INSERT INTO companies SELECT ${COMPANIES_BEFORE_0010} FROM now.companies;
        INSERT INTO filings (${filingColumns.join(', ')}) SELECT ${filingValues.join(', ')} FROM now.api_filings;
        INSERT INTO news SELECT ${NEWS_BEFORE_0010} FROM now.api_news; INSERT INTO outcomes SELECT * FROM now.outcomes`);
      old.function('open_object', (json: string) => open(JSON.parse(json)));
      old.function('open_without', { varargs: true }, (json: string, ...names: string[]) => open(without(JSON.parse(json), ...names)));
      old.exec(`UPDATE companies SET json = open_object(json);
        UPDATE filings SET json = open_object(json), detail_json = open_without(detail_json, 'aiEnrichment', 'terms');
        UPDATE news SET json = open_without(json, 'content'), detail_json = open_without(detail_json, 'content')`);
      const changed = old.prepare(`SELECT count(*) FROM filings f JOIN (SELECT filing_date, accession_number, cik, json, ${FILING_DETAIL_SQL} AS detail_json FROM now.api_filings) n
        USING (filing_date, accession_number, cik)
        WHERE f.json = n.json OR f.detail_json = n.detail_json`).pluck().get();
      expect(changed).toBe(0);
      old.exec('DETACH now');

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      old.exec(`ATTACH '${liveReadDbPath(sample.dataDir)}' AS now`);
      for (const [table, key] of [
        ['companies', 'cik'],
        ['api_filings', 'filing_date, accession_number, cik'],
        ['api_news', 'date_known, published_at, news_id, cik'],
        ['outcomes', 'trading_start_date, cik, ticker'],
      ]) {
        const dump = (schema: string) => old.prepare(`SELECT * FROM ${schema}.${table} ORDER BY ${key}`).raw().all();
        expect(dump('main'), table).toEqual(dump('now'));
      }
      const views = old.prepare(`SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name`).pluck().all();
      expect(views).toEqual([...ANALYST_VIEWS].sort());
    } finally {
      old.close();
    }
  });
});
