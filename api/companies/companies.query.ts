import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { COMPANY_DETAIL_INCLUDES, COMPANY_LIST_INCLUDES } from '../../schema/api/params.schema.ts';
import { companyKey } from '../../schema/cik.ts';
import { FILING_DETAIL_SQL } from '../../schema/read/filing-detail.ts';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { bind, type Param, type ShapeCompiler } from '../db/compiled-query.ts';
import { keyedRow, keysetBefore, keysetValues, openObjectSql, withIncludesSql } from '../db/keyset.ts';
import { FILING_KEY } from '../filings/filings.query.ts';
import { NEWS_KEY, newestFirst } from '../news/news.query.ts';
import { ActiveFilters, nameFilterSql } from '../db/name-filters.ts';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from '../http/cursor.ts';
import { ftsQuery, lowerInstant, nasdaqUnitSpellings, tickerSpellings } from '../http/filter-values.ts';
import type { CompanyDetailQuery, CompanyListQuery } from './companies.schema.ts';

/** Page order: latest filing date, newest first, CIK as the unique tiebreaker. */
export const COMPANY_KEY = ['sort_date', 'cik'] as const;
const DATE_RANGE_FILTERS = ['listing_date_from', 'listing_date_to', 'latest_filing_date_from', 'latest_filing_date_to'] as const;

/** Cursor namespace of this endpoint: a cursor it issued is refused elsewhere. */
export const COMPANIES_ENDPOINT = 'companies';

/**
 * The tables a list page is read from: company_list_items (each item with every list include),
 * company_list (the item and its includes apart) or companies (every filter column).
 */
type ListTable = 'companies' | 'company_list' | 'company_list_items';
type CompanyQb = SelectQueryBuilder<ReadDatabase, 'companies', any>;
type Filter = (qb: CompanyQb, param: Param) => CompanyQb;

/**
 * Filters on the page-order key alone, which the list tables carry too. Typed on companies: Kysely
 * cannot narrow the column names of a table union, and every one of them has these columns.
 */
const KEY_FILTERS: Record<string, Filter> = {
  // sort_date is the latest filing date, '' for a company without filings: never in a date range.
  latest_filing_date_from: (qb, p) => qb.where('sort_date', '>=', p('latest_filing_date_from')),
  latest_filing_date_to: (qb, p) => qb.where(sql<boolean>`sort_date <= ${p('latest_filing_date_to')} AND sort_date <> ''`),
  after: (qb, p) => qb.where(keysetBefore(COMPANY_KEY, p)),
};

const FILTERS: Record<string, Filter> = {
  q: (qb, p) => qb.where(sql<boolean>`cik IN (SELECT cik FROM company_search WHERE company_search MATCH ${p('q')})`),
  ...nameFilterSql<'companies'>(),
  offering_status: (qb, p) => qb.where('offering_status', '=', p('offering_status')),
  scope: (qb) => qb.where(sql<boolean>`is_ipo = 1`),
  market: (qb, p) => qb.where('market', '=', p('market')),
  kind: (qb, p) => qb.where(sql<boolean>`kind IN (SELECT value FROM json_each(${p('kind')}))`),
  updated_since: (qb, p) => qb.where('updated_at', '>=', p('updated_since')),
  gross_proceeds_gt: (qb, p) => qb.where('gross_proceeds', '>', p('gross_proceeds_gt')),
  gross_proceeds_lt: (qb, p) => qb.where('gross_proceeds', '<', p('gross_proceeds_lt')),
  listing_date_from: (qb, p) => qb.where('listing_date', '>=', p('listing_date_from')),
  listing_date_to: (qb, p) => qb.where('listing_date', '<=', p('listing_date_to')),
  ...KEY_FILTERS,
};

/**
 * The table whose rows hold the list items with `includes`: with every list include, the items
 * stored spliced (company_list_items); else the item and its includes apart (company_list). Both
 * have narrow rows clustered in page order, which fit in their b-tree pages.
 */
function itemTable(includes: readonly string[]): 'company_list' | 'company_list_items' {
  return includes.length === COMPANY_LIST_INCLUDES.length ? 'company_list_items' : 'company_list';
}

/**
 * The table a page of these filters is read from: the items' own table when the filters read only
 * the key (the first page, cursor walks and latest-filing-date ranges); companies otherwise, whose
 * wide rows carry every filter column and its indexes.
 */
function listTable(names: readonly string[], includes: readonly string[]): ListTable {
  return names.every((name) => name in KEY_FILTERS) ? itemTable(includes) : 'companies';
}

/**
 * The keyed row of a list item with `includes`, read from `table`: stored whole in
 * company_list_items, else the object with the includes spliced in. A filtered page reads its items
 * from companies, spliced there: a lookup of each in the list tables by key cost more than the
 * overflow pages it spares when the file is read through mmap (bench read.db, 51 rows, offering_status
 * with the three includes: 55 µs against 49 µs).
 */
function listItemSql(table: ListTable, includes: readonly string[]): RawBuilder<string> {
  const fragments = table === 'company_list_items' ? [] : includes.map((token) => INCLUDE_FRAGMENTS[token]);
  return keyedRow(COMPANY_KEY, withIncludesSql('json', fragments));
}

const INCLUDE_FRAGMENTS: Record<string, string> = {
  latest_terms: `',"latestTerms":' || latest_terms_json`,
  classification: `',"classification":' || classification_json`,
  consensus: `',"consensus":' || consensus_json`,
  financial_snapshot: `',"financialSnapshot":' || financial_snapshot_json`,
  lockup_schedule: `',"lockupSchedule":' || lockup_schedule_json`,
  price_history: `',"priceHistory":' || price_history_json`,
  offerings: `',"offerings":' || offerings_json || ',"lifecycleEnd":' || lifecycle_end_json`,
};

/**
 * Filter values keyed by the FILTERS entry that uses them; the active names form the shape.
 * Written without per-request closures: this runs on every list request.
 */
function listFilters(query: CompanyListQuery, after: CursorKey | null, limit: number): ActiveFilters {
  const filters = new ActiveFilters(limit);
  if (query.q !== undefined) filters.use('q', { q: ftsQuery(query.q) });
  filters.useNameFilters(query);
  if (query.offering_status !== undefined) filters.use('offering_status', { offering_status: query.offering_status });
  if (query.scope === 'ipo') filters.use('scope', {});
  if (query.market !== undefined && query.market !== 'all') filters.use('market', { market: query.market });
  if (query.kind !== undefined && query.kind.length > 0) filters.use('kind', { kind: JSON.stringify(query.kind) });
  if (query.updated_since !== undefined) {
    filters.use('updated_since', { updated_since: lowerInstant('updated_since', query.updated_since) });
  }
  if (query.gross_proceeds_gt !== undefined) filters.use('gross_proceeds_gt', { gross_proceeds_gt: query.gross_proceeds_gt });
  if (query.gross_proceeds_lt !== undefined) filters.use('gross_proceeds_lt', { gross_proceeds_lt: query.gross_proceeds_lt });
  for (const name of DATE_RANGE_FILTERS) {
    const value = query[name];
    if (value !== undefined) filters.use(name, { [name]: value });
  }
  if (after !== null) filters.use('after', keysetValues(after));
  return filters;
}

/** The requested list includes, in their canonical order. */
function listIncludes(query: CompanyListQuery): string[] {
  const includes: string[] = [];
  if (query.include === undefined) return includes;
  for (const token of COMPANY_LIST_INCLUDES) if (query.include.includes(token)) includes.push(token);
  return includes;
}

/** The company queries, each compiled once per shape by `compiler`. */
export function createCompanyQueries(compiler: ShapeCompiler) {
  return {
    /** `limit + 1` keyed rows: sort_date, cik, companyJson. */
    list: (conn: ReadConnection, query: CompanyListQuery, after: CursorKey | null, limit: number) => listCompanies(compiler, conn, query, after, limit),
    /** CIK for a detail identifier: a CIK (any padding) or a vendor company key first, else a ticker in any case. */
    resolveIdentifier: (conn: ReadConnection, identifier: string, asOf: string | null = null) => resolveIdentifier(compiler, conn, identifier, asOf),
    /** Detail head: identity, extended latestTerms and the requested object includes, still open. */
    detailHead: (conn: ReadConnection, cik: string, query: CompanyDetailQuery) => detailHead(compiler, conn, cik, query),
    /**
     * The company's `limit + 1` newest filings as keyed rows of the filings list (same key, same
     * order for one CIK), so the last one shown gives that list's cursor; their stored detail
     * elements carry aiEnrichment and extended terms.
     */
    filingsOf: (conn: ReadConnection, cik: string, limit: number) => filingsOf(compiler, conn, cik, limit),
    /** The company's `limit + 1` newest news items as keyed rows of the news list, content included. */
    newsOf: (conn: ReadConnection, cik: string, limit: number) => newsOf(compiler, conn, cik, limit),
  };
}

function listCompanies(compiler: ShapeCompiler, conn: ReadConnection, query: CompanyListQuery, after: CursorKey | null, limit: number): string[] {
  const includes = listIncludes(query);
  const filters = listFilters(query, after, limit);
  const key = `${filters.shapeKey('companies')}|${includes.join(',')}`;
  // The builder closure is only made on the first request of a shape.
  const shape = compiler.cached(key) ?? compiler.shape(key, (param) => {
    const table = listTable(filters.names, includes);
    let qb = compiler.builder.selectFrom(table as 'companies').select(listItemSql(table, includes).as('row'));
    for (const name of filters.names) qb = FILTERS[name](qb, param);
    return qb.orderBy('sort_date', 'desc').orderBy('cik', 'desc').limit(param('limit'));
  });
  return conn.values(shape.sql).all(...bind(shape, filters.values)) as string[];
}

function resolveIdentifier(compiler: ShapeCompiler, conn: ReadConnection, identifier: string, asOf: string | null): string | null {
  const db = compiler.builder;
  const key = companyKey(identifier);
  if (key !== null) {
    const byCik = compiler.shape('company-by-cik', (param) =>
      db.selectFrom('companies').select('cik').where('cik', '=', param('cik')),
    );
    const cik = conn.values(byCik.sql).get(...bind(byCik, { cik: key }));
    if (typeof cik === 'string') return cik;
  }
  // A recycled ticker can name several companies: the one trading under it on the date asked
  // (the latest to start on or before it), else the current holder in SEC data, the latest to
  // start under it (EAGLU: Platinum Eagle's 2018 units, not Double Eagle's of 2015, when SEC data
  // lists neither), the primary holder, the most recent filer. Without a date the first key is 0
  // for every holder: left NULL for a dated holder, it sorted below an undated one (EverBank's 2012
  // IPO row answered EVER, not EverQuote, which holds it in SEC's current data).
  const byTicker = compiler.shape('company-by-ticker', (param) =>
    db
      .selectFrom('company_tickers as t')
      .innerJoin('companies as c', 'c.cik', 't.cik')
      .select('t.cik')
      .where(sql<boolean>`t.ticker IN (SELECT value FROM json_each(${param('ticker')}))`)
      .orderBy(sql`COALESCE(t.held_since IS NOT NULL AND t.held_since <= ${param('asOf')}, 0)`, 'desc')
      .orderBy(sql`CASE WHEN t.held_since <= ${param('asOf')} THEN t.held_since END`, 'desc')
      .orderBy('t.is_current', 'desc')
      .orderBy(sql`t.held_since`, 'desc')
      .orderBy('t.is_primary', 'desc')
      .orderBy('c.sort_date', 'desc')
      .orderBy('c.cik', 'desc')
      .limit(param('one')),
  );
  const holder = (spellings: string[]) => conn.values(byTicker.sql).get(...bind(byTicker, { ticker: JSON.stringify(spellings), asOf, one: 1 }));
  const units = nasdaqUnitSpellings(identifier);
  const cik = holder(tickerSpellings(identifier)) ?? (units.length > 0 ? holder(units) : undefined);
  return typeof cik === 'string' ? cik : null;
}

function detailHead(compiler: ShapeCompiler, conn: ReadConnection, cik: string, query: CompanyDetailQuery): string | null {
  const includes = COMPANY_DETAIL_INCLUDES.filter(
    (token) => token in INCLUDE_FRAGMENTS && token !== 'latest_terms' && query.include?.includes(token),
  );
  const shape = compiler.shape(`company-detail|${includes.join(',')}`, (param) =>
    compiler.builder
      .selectFrom('companies')
      .select(
        sql<string>`${sql.raw(
          [openObjectSql('json'), `',"latestTerms":' || latest_terms_detail_json`, ...includes.map((t) => INCLUDE_FRAGMENTS[t])].join(' || '),
        )}`.as('head'),
      )
      .where('cik', '=', param('cik')),
  );
  const head = conn.values(shape.sql).get(...bind(shape, { cik }));
  return typeof head === 'string' ? head : null;
}

function filingsOf(compiler: ShapeCompiler, conn: ReadConnection, cik: string, limit: number): string[] {
  const shape = compiler.shape('company-filings', (param) =>
    compiler.builder
      .selectFrom('api_filings')
      .select(keyedRow(FILING_KEY, FILING_DETAIL_SQL).as('row'))
      .where('cik', '=', param('cik'))
      .orderBy('filing_date', 'desc')
      .orderBy('accession_number', 'desc')
      .limit(param('limit')),
  );
  return conn.values(shape.sql).all(...bind(shape, { cik, limit: limit + 1 })) as string[];
}

function newsOf(compiler: ShapeCompiler, conn: ReadConnection, cik: string, limit: number): string[] {
  const shape = compiler.shape('company-news', (param) =>
    compiler.builder
      .selectFrom('api_news')
      .select(keyedRow(NEWS_KEY, 'detail_json').as('row'))
      .where('cik', '=', param('cik'))
      .$call(newestFirst)
      .limit(param('limit')),
  );
  return conn.values(shape.sql).all(...bind(shape, { cik, limit: limit + 1 })) as string[];
}

export type CompanyQueries = ReturnType<typeof createCompanyQueries>;
