import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseEdgarIndex } from '../schema/edgar/index.parse.ts';
import type { EventLog, NewEvent } from '../schema/events/event-log.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite, type SqliteHandle } from '../schema/sqlite.ts';

/**
 * Appends the real recorded EDGAR sample to an event log the way the ingest does: submissions
 * pages as raw bodies with meta {url, page}, company_tickers.json as a raw body, and one
 * `edgar.index_entry` per parsed row of the real daily indexes.
 */
const EDGAR = join(import.meta.dirname, '../data/sample/edgar');

export function sampleBytes(relative: string): Buffer {
  const bytes = readFileSync(join(EDGAR, relative));
  return relative.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

export const SUBMISSIONS_FILES: Array<{ file: string; cik: string; page: string }> = [
  { file: 'CIK0000895419_wolfspeed.json', cik: '0000895419', page: 'recent' },
  { file: 'CIK0001158114_applied-optoelectronics.json.gz', cik: '0001158114', page: 'recent' },
  { file: 'CIK0001318605_tesla.json', cik: '0001318605', page: 'recent' },
  { file: 'CIK0001318605-submissions-001_tesla-older-page.json', cik: '0001318605', page: 'CIK0001318605-submissions-001.json' },
  { file: 'CIK0001677077_alzamend.json', cik: '0001677077', page: 'recent' },
  { file: 'CIK0001766140_unicycive.json', cik: '0001766140', page: 'recent' },
  { file: 'CIK0001796129_vincerx.json', cik: '0001796129', page: 'recent' },
  { file: 'CIK0001814722_tr-finance.json', cik: '0001814722', page: 'recent' },
  { file: 'CIK0001835632_marvell.json', cik: '0001835632', page: 'recent' },
  { file: 'CIK0001847577_learncw-spac.json', cik: '0001847577', page: 'recent' },
  { file: 'CIK0001881551_solidion.json', cik: '0001881551', page: 'recent' },
];

// Observation times of this test run's fetches (when our ingest saw the files), one per kind.
const OBSERVED = {
  submissions: '2026-02-01T10:00:00.000Z',
  tickers: '2026-02-01T09:00:00.000Z',
  index: '2026-02-01T08:00:00.000Z',
};

export function submissionsEvent(entry: (typeof SUBMISSIONS_FILES)[number], observedAt = OBSERVED.submissions): NewEvent {
  const name = entry.page === 'recent' ? `CIK${entry.cik}.json` : entry.page;
  return {
    type: 'edgar.submissions',
    source: 'edgar',
    subject: entry.cik,
    observedAt,
    body: sampleBytes(`submissions/${entry.file}`),
    meta: { url: `https://data.sec.gov/submissions/${name}`, page: entry.page },
  };
}

export function companyTickersEvent(observedAt = OBSERVED.tickers): NewEvent {
  return {
    type: 'edgar.company_tickers',
    source: 'edgar',
    subject: 'company_tickers',
    observedAt,
    body: sampleBytes('company_tickers.json.gz'),
    meta: { url: 'https://www.sec.gov/files/company_tickers.json' },
  };
}

export function indexEntryEvents(file: string, observedAt = OBSERVED.index): NewEvent[] {
  return parseEdgarIndex(sampleBytes(`index/${file}`)).entries.map((entry) => ({
    type: 'edgar.index_entry',
    source: 'edgar',
    subject: entry.accessionNumber,
    observedAt,
    payload: entry,
    meta: { url: `https://www.sec.gov/Archives/edgar/daily-index/${file.replace(/\.gz$/, '')}` },
  }));
}

/** The whole demo sample: both real daily indexes, the tickers snapshot and every submissions page. */
export function appendWholeSample(log: EventLog): number {
  const events = [
    ...indexEntryEvents('form.20200318.idx.gz'),
    ...indexEntryEvents('company.20221003.idx.gz'),
    companyTickersEvent(),
    ...SUBMISSIONS_FILES.map((f) => submissionsEvent(f)),
  ];
  log.appendMany(events);
  return events.length;
}

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const DUMP_ORDER: Record<string, string> = {
  companies: 'cik',
  company_list: 'cik',
  company_list_items: 'cik',
  company_tickers: 'ticker, cik',
  company_search: 'rowid',
  filings: 'filing_date, accession_number, cik',
  news: 'published_at, news_id, cik',
  outcomes: 'trading_start_date, cik, ticker',
  calendar_entries: 'expiry_date, entry_id',
  articles: 'published_at, article_id',
  proj_company_state: 'cik',
  proj_filing_state: 'cik, accession_number',
  proj_ticker_hints: 'cik, ord',
  proj_skipped_events: 'seq',
  proj_document_terms: 'cik, accession_number',
  proj_financial_snapshots: 'cik',
  proj_ipo_rows: 'ticker, bloomberg_ticker, trade_date',
  proj_daily_bars: 'ticker',
  proj_news: 'news_id',
  proj_news_links: 'cik, news_id',
  proj_company_tickers: 'ticker, cik',
  proj_link_signatures: 'cik',
  proj_company_names: 'name_key, cik',
  read_meta: 'key',
};

/** Every read table as text, in key order; the checkpoint without its wall-clock stamp. */
export function dumpReadDb(db: SqliteHandle): string {
  const parts: string[] = [];
  for (const [table, order] of Object.entries(DUMP_ORDER)) {
    const select = table === 'company_search' ? 'SELECT rowid, * FROM company_search' : `SELECT * FROM ${table}`;
    const rows = db.prepare(`${select} ORDER BY ${order}`).raw().all();
    parts.push(`## ${table} (${rows.length})`, ...rows.map((r) => JSON.stringify(r)));
  }
  const checkpoint = db.prepare('SELECT projection, last_seq FROM projector_checkpoint ORDER BY projection').raw().all();
  parts.push('## projector_checkpoint', ...checkpoint.map((r) => JSON.stringify(r)));
  return parts.join('\n');
}

/**
 * The change log's facts, one line each: what a rebuild and an incremental projection must agree on.
 * Ids and recording times are history (which batch first saw a fact, when it committed), and so are a
 * fact's revisions (`key#values`: the states an incremental run saw between its batches), so they are
 * left out; the fact's key, type and the date of its first event are not, nor the values its latest
 * event states for what may be revised (deal-events.derive.ts): both runs must end in the same state.
 */
export const DEAL_EVENT_FACTS_SQL = `
  SELECT fact, type, coalesce(first_on, '-') AS first_on, latest FROM (
    SELECT substr(key, 1, instr(key || '#', '#') - 1) AS fact, type,
      first_value(occurred_on) OVER (PARTITION BY substr(key, 1, instr(key || '#', '#') - 1) ORDER BY id) AS first_on,
      row_number() OVER (PARTITION BY substr(key, 1, instr(key || '#', '#') - 1) ORDER BY id DESC) AS latest_first,
      CASE type
        WHEN 'company' THEN json_array(json_extract(data_json, '$.name'), json_extract(data_json, '$.dealType'), json_extract(data_json, '$.offeringStatus'), json_extract(data_json, '$.servedAs'))
        WHEN 'priced' THEN json_array(json_extract(data_json, '$.pricedDate'), json_extract(data_json, '$.offerPrice'))
        WHEN 'listed' THEN json_array(json_extract(data_json, '$.offerPrice'), json_extract(data_json, '$.ticker'), json_extract(data_json, '$.exchange'))
        ELSE '' END AS latest
    FROM deal_events)
  WHERE latest_first = 1 ORDER BY fact`;

export function dealEventFacts(db: SqliteHandle): string[] {
  return (db.prepare(DEAL_EVENT_FACTS_SQL).raw().all() as string[][]).map((r) => r.join(' '));
}

/**
 * Where a rebuild's change log and an incremental projection's of the same events disagree on the
 * final facts; empty when they agree. A rebuild derives each company once, from its final state
 * (README, "The change log"), so:
 * - every fact it holds is in the incremental log with the same type and latest values, and the
 *   same first date, save a `company` fact's: the rebuild dates it by the earliest filing the final
 *   state holds, the incremental run by the earliest it knew when it first derived the company (a
 *   submissions page may reveal an earlier one later), so the rebuild's is the same or earlier;
 * - a fact only the incremental log holds is one later evidence revised: a fact of the same kind of
 *   the same company is in the rebuild's (a listing date corrected is another `listed` key), or the
 *   company's deal was retyped since (its `company` fact names another deal type than it first did):
 *   an S-1's range recorded while it was an IPO's is no fact of the follow-on a later amendment showed.
 */
export function finalFactDifferences(rebuilt: SqliteHandle, incremental: SqliteHandle): string[] {
  type Fact = { type: string; firstOn: string; latest: string };
  const factsOf = (db: SqliteHandle) =>
    new Map((db.prepare(DEAL_EVENT_FACTS_SQL).raw().all() as string[][]).map(([fact, type, firstOn, latest]): [string, Fact] => [fact, { type, firstOn, latest }]));
  const once = factsOf(rebuilt);
  const batched = factsOf(incremental);
  const kindAndCompany = (fact: string) => fact.split(':').slice(0, 2).join(':');
  const companiesKinds = new Set([...once.keys()].map(kindAndCompany));
  const retyped = new Set(
    incremental
      .prepare(`SELECT cik FROM deal_events WHERE type = 'company' GROUP BY cik HAVING count(DISTINCT json_extract(data_json, '$.dealType')) > 1`)
      .pluck()
      .all() as string[],
  );
  const found: string[] = [];
  for (const [fact, a] of once) {
    const b = batched.get(fact);
    if (!b) {
      found.push(`only in the rebuild: ${fact}`);
      continue;
    }
    const sameDate = a.firstOn === b.firstOn || (a.type === 'company' && a.firstOn !== '-' && b.firstOn !== '-' && a.firstOn < b.firstOn);
    if (a.type !== b.type || a.latest !== b.latest || !sameDate) found.push(`${fact}: ${a.type} ${a.firstOn} ${a.latest} rebuilt, ${b.type} ${b.firstOn} ${b.latest} incremental`);
  }
  for (const fact of batched.keys()) {
    if (!once.has(fact) && !companiesKinds.has(kindAndCompany(fact)) && !retyped.has(fact.split(':')[1])) {
      found.push(`only in the incremental log, and nothing of its kind replaced it: ${fact}`);
    }
  }
  return found;
}

/**
 * Companies whose list rows (company_list, company_list_items) are missing, stale or left over:
 * every companies row must have one in each with the same key and served columns (its item with
 * every list include spliced as the API splices them), and no list row may lack its company.
 */
export function companyListDrift(db: SqliteHandle): string[] {
  const columns = 'sort_date, cik, json, latest_terms_json, classification_json, consensus_json';
  const item = `sort_date, cik, substr(CAST(json AS BLOB), 1, length(CAST(json AS BLOB)) - 1) || ',"latestTerms":' || latest_terms_json
    || ',"classification":' || classification_json || ',"consensus":' || consensus_json || '}'`;
  return db
    .prepare(
      `SELECT cik FROM (SELECT ${columns} FROM companies EXCEPT SELECT ${columns} FROM company_list)
       UNION SELECT cik FROM (SELECT ${columns} FROM company_list EXCEPT SELECT ${columns} FROM companies)
       UNION SELECT cik FROM (SELECT ${item} FROM companies EXCEPT SELECT sort_date, cik, json FROM company_list_items)
       UNION SELECT cik FROM (SELECT sort_date, cik, json FROM company_list_items EXCEPT SELECT ${item} FROM companies) ORDER BY cik`,
    )
    .pluck()
    .all() as string[];
}

/** `dumpReadDb` of the read.db a data directory's link points at. */
export function dumpLiveReadDb(dataDir: string): string {
  const db = openSqlite(readDbLinkPath(dataDir), { readonly: true });
  try {
    return dumpReadDb(db);
  } finally {
    db.close();
  }
}
