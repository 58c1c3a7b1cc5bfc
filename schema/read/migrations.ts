import { sql, type Kysely, type Migration } from 'kysely';
import { ANALYST_VIEWS, analystViewStatements } from './analyst-views.ts';
import { COMPANY_LIST_ITEM_SQL } from './company-list.ts';

/** Every view analysts query: dropped before a migration changes what they read, and created again by the last one that does. */
const DROP_ANALYST_VIEWS = ANALYST_VIEWS.map((view) => `DROP VIEW IF EXISTS ${view}`);

const statements = [
  `CREATE TABLE companies (
    sort_date TEXT NOT NULL,
    cik TEXT NOT NULL,
    name TEXT NOT NULL,
    name_lower TEXT NOT NULL,
    ticker TEXT,
    exchange TEXT,
    offering_status TEXT NOT NULL,
    deal_type TEXT NOT NULL,
    market TEXT NOT NULL,
    is_ipo INTEGER NOT NULL,
    kind TEXT,
    gross_proceeds REAL,
    updated_at TEXT,
    json TEXT NOT NULL,
    latest_terms_json TEXT NOT NULL DEFAULT 'null',
    latest_terms_detail_json TEXT NOT NULL DEFAULT 'null',
    classification_json TEXT NOT NULL DEFAULT 'null',
    consensus_json TEXT NOT NULL DEFAULT 'null',
    financial_snapshot_json TEXT NOT NULL DEFAULT 'null',
    lockup_schedule_json TEXT NOT NULL DEFAULT 'null',
    PRIMARY KEY (sort_date, cik)
  ) WITHOUT ROWID`,
  `CREATE UNIQUE INDEX companies_by_cik ON companies(cik)`,
  `CREATE INDEX companies_by_name ON companies(name_lower)`,
  `CREATE INDEX companies_by_updated ON companies(updated_at)`,
  `CREATE TABLE company_tickers (
    ticker TEXT NOT NULL,
    cik TEXT NOT NULL,
    is_primary INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (ticker, cik)
  ) WITHOUT ROWID`,
  `CREATE INDEX company_tickers_by_cik ON company_tickers(cik)`,
  // Full-text company search; the projector keeps it in step with `companies`.
  `CREATE VIRTUAL TABLE company_search USING fts5(cik UNINDEXED, name, tickers, tokenize = 'unicode61 remove_diacritics 2')`,
  `CREATE TABLE filings (
    filing_date TEXT NOT NULL,
    accession_number TEXT NOT NULL,
    cik TEXT NOT NULL,
    company_name TEXT,
    name_lower TEXT,
    form_type TEXT NOT NULL,
    file_number TEXT,
    json TEXT NOT NULL,
    detail_json TEXT NOT NULL,
    ai_enrichment_json TEXT NOT NULL DEFAULT 'null',
    terms_json TEXT NOT NULL DEFAULT 'null',
    terms_detail_json TEXT NOT NULL DEFAULT 'null',
    PRIMARY KEY (filing_date, accession_number, cik)
  ) WITHOUT ROWID`,
  `CREATE INDEX filings_by_cik ON filings(cik, filing_date, accession_number)`,
  `CREATE INDEX filings_by_form ON filings(form_type, filing_date, accession_number)`,
  `CREATE INDEX filings_by_accession ON filings(accession_number)`,
  `CREATE TABLE news (
    published_at TEXT NOT NULL,
    news_id TEXT NOT NULL,
    cik TEXT NOT NULL,
    company_name TEXT,
    name_lower TEXT,
    provider TEXT,
    source_name TEXT NOT NULL,
    json TEXT NOT NULL,
    detail_json TEXT NOT NULL,
    content_json TEXT NOT NULL DEFAULT 'null',
    PRIMARY KEY (published_at, news_id, cik)
  ) WITHOUT ROWID`,
  `CREATE INDEX news_by_cik ON news(cik, published_at)`,
  `CREATE TABLE outcomes (
    trading_start_date TEXT NOT NULL,
    cik TEXT NOT NULL,
    ticker TEXT NOT NULL,
    company_name TEXT,
    name_lower TEXT,
    status TEXT NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (trading_start_date, cik, ticker)
  ) WITHOUT ROWID`,
  `CREATE INDEX outcomes_by_cik ON outcomes(cik)`,
  `CREATE TABLE articles (
    published_at TEXT NOT NULL,
    article_id TEXT NOT NULL,
    source_kind TEXT NOT NULL,
    title TEXT NOT NULL,
    path TEXT NOT NULL,
    html TEXT NOT NULL,
    summary TEXT NOT NULL,
    PRIMARY KEY (published_at, article_id)
  ) WITHOUT ROWID`,
  `CREATE UNIQUE INDEX articles_by_id ON articles(article_id)`,
  `CREATE TABLE projector_checkpoint (
    projection TEXT PRIMARY KEY,
    last_seq INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE TABLE read_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
];

// Internal projector state (not served): facts merged from every event, from which the served rows
// of a company are re-derived whole, so incremental projection and a rebuild agree byte for byte.
const projectorStateStatements = [
  `CREATE TABLE proj_company_state (
    cik TEXT PRIMARY KEY,
    name TEXT,
    entity_type TEXT,
    sic TEXT,
    sic_description TEXT,
    tickers_json TEXT NOT NULL DEFAULT '[]',
    exchanges_json TEXT NOT NULL DEFAULT '[]',
    updated_at TEXT
  ) WITHOUT ROWID`,
  `CREATE TABLE proj_filing_state (
    cik TEXT NOT NULL,
    accession_number TEXT NOT NULL,
    form_type TEXT NOT NULL,
    filing_date TEXT NOT NULL,
    file_number TEXT,
    primary_document TEXT,
    acceptance_date_time TEXT,
    act TEXT,
    items TEXT,
    report_date TEXT,
    company_name TEXT,
    source TEXT NOT NULL,
    PRIMARY KEY (cik, accession_number)
  ) WITHOUT ROWID`,
  `CREATE TABLE proj_ticker_hints (
    cik TEXT NOT NULL,
    ord INTEGER NOT NULL,
    ticker TEXT NOT NULL,
    title TEXT NOT NULL,
    exchange TEXT,
    PRIMARY KEY (cik, ord)
  ) WITHOUT ROWID`,
  `CREATE TABLE proj_skipped_events (
    seq INTEGER PRIMARY KEY,
    type TEXT NOT NULL,
    reason TEXT NOT NULL
  )`,
];

// Offering intelligence and market data (migration 0003): what expensive parsing read from one event,
// stored once so a company's re-derivation never re-reads a document, a facts file or a price body.
const enrichmentStateStatements = [
  // Keyed by the CIK the document was fetched for: a document may arrive before its filing's row.
  `CREATE TABLE proj_document_terms (
    cik TEXT NOT NULL,
    accession_number TEXT NOT NULL,
    form_type TEXT,
    seq INTEGER NOT NULL,
    observed_at TEXT NOT NULL,
    terms_json TEXT NOT NULL,
    provenance_json TEXT NOT NULL,
    estimates_json TEXT NOT NULL,
    signals_json TEXT NOT NULL,
    lockup_json TEXT NOT NULL,
    enrichment_json TEXT NOT NULL,
    PRIMARY KEY (cik, accession_number)
  ) WITHOUT ROWID`,
  `CREATE TABLE proj_financial_snapshots (
    cik TEXT PRIMARY KEY,
    snapshot_json TEXT NOT NULL,
    observed_at TEXT NOT NULL
  ) WITHOUT ROWID`,
  `CREATE TABLE proj_ipo_rows (
    ticker TEXT NOT NULL,
    bloomberg_ticker TEXT NOT NULL,
    trade_date TEXT NOT NULL,
    row_json TEXT NOT NULL,
    observed_at TEXT NOT NULL,
    PRIMARY KEY (ticker, bloomberg_ticker, trade_date)
  ) WITHOUT ROWID`,
  `CREATE TABLE proj_daily_bars (
    ticker TEXT PRIMARY KEY,
    bars_json TEXT NOT NULL,
    adjusted INTEGER,
    observed_at TEXT NOT NULL
  ) WITHOUT ROWID`,
  `CREATE TABLE proj_news (
    news_id TEXT PRIMARY KEY,
    payload_json TEXT NOT NULL,
    observed_at TEXT NOT NULL
  ) WITHOUT ROWID`,
  `CREATE TABLE proj_news_links (
    cik TEXT NOT NULL,
    news_id TEXT NOT NULL,
    confidence REAL NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY (cik, news_id)
  ) WITHOUT ROWID`,
  `CREATE INDEX proj_news_links_by_news ON proj_news_links(news_id)`,
  // EDGAR formerNames of the submissions page: SPAC names before a merger, news under an old name.
  `ALTER TABLE proj_company_state ADD COLUMN former_names_json TEXT NOT NULL DEFAULT '[]'`,
  // The name and tickers a company's news links were computed for; a change re-links its news.
  `CREATE TABLE proj_link_signatures (
    cik TEXT PRIMARY KEY,
    signature TEXT NOT NULL
  ) WITHOUT ROWID`,
];

// Lookups the projector makes per event (migration 0004): which companies carry a ticker, without
// scanning every company's tickers_json; and where a news article's served date came from.
const lookupStatements = [
  // The tickers of each company's submissions page, upper-cased; kept in step with tickers_json.
  `CREATE TABLE proj_company_tickers (
    ticker TEXT NOT NULL,
    cik TEXT NOT NULL,
    PRIMARY KEY (ticker, cik)
  ) WITHOUT ROWID`,
  `CREATE INDEX proj_ticker_hints_by_ticker ON proj_ticker_hints(ticker)`,
  // The date a news article is served under and its source: 'provider' (the article's own
  // publishedAt) or 'url_path' (a full date in the article's URL path); both null when neither has one.
  `ALTER TABLE proj_news ADD COLUMN published_at TEXT`,
  `ALTER TABLE proj_news ADD COLUMN published_at_source TEXT`,
];

// Migration 0005: the price-range history served with include=price_history; the financial snapshot
// a prospectus's summary tables give (read with the document, once); and when each CIK's
// company_tickers.json rows last changed, which dates a company created from a vendor IPO row.
const priceHistoryStatements = [
  `ALTER TABLE companies ADD COLUMN price_history_json TEXT NOT NULL DEFAULT 'null'`,
  `ALTER TABLE proj_document_terms ADD COLUMN snapshot_json TEXT NOT NULL DEFAULT 'null'`,
  `ALTER TABLE proj_ticker_hints ADD COLUMN observed_at TEXT`,
];

// Migration 0006: the deal database. Every offering of a company (include=offerings) and how its
// lifecycle ended; an index of the names EDGAR gave each company, so a vendor IPO row joins its
// company by name and date when the ticker alone cannot say; and build metadata (when a generation
// was projected) apart from the read tables, so two rebuilds of the same events are byte-identical.
const dealDatabaseStatements = [
  `ALTER TABLE companies ADD COLUMN offerings_json TEXT NOT NULL DEFAULT '[]'`,
  `ALTER TABLE companies ADD COLUMN lifecycle_end_json TEXT NOT NULL DEFAULT 'null'`,
  `CREATE TABLE proj_company_names (
    name_key TEXT NOT NULL,
    cik TEXT NOT NULL,
    PRIMARY KEY (name_key, cik)
  ) WITHOUT ROWID`,
  `ALTER TABLE proj_ipo_rows ADD COLUMN issuer_key TEXT`,
  `CREATE INDEX proj_ipo_rows_by_issuer ON proj_ipo_rows(issuer_key)`,
  `ALTER TABLE company_tickers ADD COLUMN is_current INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE company_tickers ADD COLUMN held_since TEXT`,
  `CREATE TABLE build_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `ALTER TABLE projector_checkpoint DROP COLUMN updated_at`,
];

// Migration 0008: which read budgets (projector/extract/read-budget.ts) cut a document's read
// short, as a JSON array of their names; NULL for a document read whole.
const readLimitsStatements = [`ALTER TABLE proj_document_terms ADD COLUMN read_limits TEXT`];

// Migration 0009: every stored JSON object complete, exactly as the API serves it without includes
// (the API splices includes in before the closing brace), and the served filings and news tables
// renamed, which frees `filings` and `news` for the analysts' views. A generation migrated in place
// has its objects completed here, as the API served them, so it serves the same bytes until the
// new projector version rebuilds it.
const completeJsonStatements = [
  ...['ipo_calendar', 'offerings', 'ipo_outcomes', 'underwriters'].map((view) => `DROP VIEW IF EXISTS ${view}`),
  `ALTER TABLE filings RENAME TO api_filings`,
  `ALTER TABLE news RENAME TO api_news`,
  ...['filings_by_cik', 'filings_by_form', 'filings_by_accession', 'news_by_cik'].map((index) => `DROP INDEX ${index}`),
  `CREATE INDEX api_filings_by_cik ON api_filings(cik, filing_date, accession_number)`,
  `CREATE INDEX api_filings_by_form ON api_filings(form_type, filing_date, accession_number)`,
  `CREATE INDEX api_filings_by_accession ON api_filings(accession_number)`,
  `CREATE INDEX api_news_by_cik ON api_news(cik, published_at)`,
  `UPDATE companies SET json = json || '}'`,
  `UPDATE api_filings SET json = json || '}',
     detail_json = detail_json || ',"aiEnrichment":' || ai_enrichment_json || ',"terms":' || terms_detail_json || '}'`,
  `UPDATE api_news SET json = json || ',"content":null}', detail_json = detail_json || ',"content":' || content_json || '}'`,
  // The analysts' views are created by 0010 (see analyst-views.ts).
];

// Migration 0010, the research-grade read model. A news item whose publication date is unknown (publishedAtSource first_seen, served
// under its first observation) lists after every dated one. api_news gains `date_known` (0 for
// first_seen, else 1) at the head of its primary key, so the news list still walks the clustered key.
// The views are dropped first (SQLite refuses to rename a table while a view reads a missing one) and
// created again (now by 0012): the news view with its new columns, `offerings` with each offering's served offer
// price, proceeds, listing date and source (vendor offerings included) and Ritter's exclusion flags,
// ipo_calendar and ipo_outcomes with the exchange at listing the company's consensus serves.
const researchGradeStatements = [
  ...DROP_ANALYST_VIEWS,
  `CREATE TABLE api_news_0010 (
    date_known INTEGER NOT NULL,
    published_at TEXT NOT NULL,
    news_id TEXT NOT NULL,
    cik TEXT NOT NULL,
    company_name TEXT,
    name_lower TEXT,
    provider TEXT,
    source_name TEXT NOT NULL,
    json TEXT NOT NULL,
    detail_json TEXT NOT NULL,
    content_json TEXT NOT NULL DEFAULT 'null',
    PRIMARY KEY (date_known, published_at, news_id, cik)
  ) WITHOUT ROWID`,
  `INSERT INTO api_news_0010 SELECT CASE json_extract(json, '$.publishedAtSource') WHEN 'first_seen' THEN 0 ELSE 1 END,
     published_at, news_id, cik, company_name, name_lower, provider, source_name, json, detail_json, content_json FROM api_news`,
  `DROP TABLE api_news`,
  `ALTER TABLE api_news_0010 RENAME TO api_news`,
  `CREATE INDEX api_news_by_cik ON api_news(cik, date_known, published_at)`,
  // The listing_date_from/to filters read the served consensus.listingDate.
  `ALTER TABLE companies ADD COLUMN listing_date TEXT`,
  // Co-registrants: every filer of an accession (offering/co-registrants.derive.ts).
  `CREATE INDEX proj_filing_state_by_accession ON proj_filing_state(accession_number, cik)`,
  // Every name and ticker EDGAR gave a company, read by its CIK whenever the company changes (which
  // vendor IPO rows it may now be the issuer of): with every US vendor row served, scanning for them
  // cost seconds a projection.
  `CREATE INDEX proj_company_names_by_cik ON proj_company_names(cik)`,
  `CREATE INDEX proj_company_tickers_by_cik ON proj_company_tickers(cik)`,
  `UPDATE companies SET listing_date = json_extract(consensus_json, '$.listingDate')`,
  // The analysts' views are created by 0012 (see analyst-views.ts).
];

// Migration 0011: the entity's first EDGAR filing (the earliest date its submissions page lists), so a
// vendor IPO row dated before it is never joined to it (vendor-company.derive.ts); and the views anew:
// offerings with each offering's proceeds basis, the stage it reached before the company's end and the
// issuer's name at the offering, ipo_calendar with the served consensus proceeds and their basis (now
// created by 0012). PROJECTOR_VERSION 13 rebuilds a generation migrated in place, which fills the new
// column and JSON.
const firstFilingStatements = [
  ...DROP_ANALYST_VIEWS,
  `ALTER TABLE proj_company_state ADD COLUMN first_filing_date TEXT`,
  // The analysts' views are created by 0012 (see analyst-views.ts).
];

// Migration 0012: the views again, `underwriters` with each firm's role in the syndicate and whether
// it is the lead-left bookrunner, `filings` and `offerings` with the lead-left and its source (the
// served terms' underwriterRoles, leadLeftBookrunner and leadLeftBookrunnerSource). PROJECTOR_VERSION 14
// rebuilds a generation migrated in place, whose stored terms do not carry them yet. (Its views are
// now created by 0015.)
const syndicateRoleStatements = DROP_ANALYST_VIEWS;

// Migration 0013: the read model's change log (api/events, webhooks). The projector writes it in the
// same transaction as the rows (projector/runner/deal-events.store.ts); a rebuild carries it over, so
// ids stay what clients hold. `key` names the fact (company/deal-events.derive.ts); ids follow
// insertion, so `id > n` never misses a later row.
const dealEventStatements = [
  `CREATE TABLE deal_events (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    cik TEXT,
    ticker TEXT,
    occurred_on TEXT,
    recorded_at TEXT NOT NULL,
    replayed INTEGER NOT NULL DEFAULT 0,
    data_json TEXT NOT NULL
  )`,
  `CREATE INDEX deal_events_by_cik ON deal_events(cik, id)`,
];

// Migration 0014: what finds a vendor row's other rows of the same IPO besides its symbol and issuer
// name (projector/company/vendor-same-ipo.derive.ts): its first trading day and its CUSIP issuer
// number. PROJECTOR_VERSION 16 rebuilds a generation migrated in place, whose rows lack them.
const vendorIdentityStatements = [
  `ALTER TABLE proj_ipo_rows ADD COLUMN first_trade_day TEXT`,
  `ALTER TABLE proj_ipo_rows ADD COLUMN cusip_issuer TEXT`,
  `CREATE INDEX proj_ipo_rows_by_first_trade_day ON proj_ipo_rows(first_trade_day)`,
  `CREATE INDEX proj_ipo_rows_by_cusip_issuer ON proj_ipo_rows(cusip_issuer)`,
];

// Migration 0015: the views again, `offerings` with each offering's fees, expenses, net proceeds and
// advisers (the served terms' underwritingDiscount…, proceedsTo…, offeringExpenses, issuerCounsel,
// underwritersCounsel, auditors), and a new `advisers` view, one row per offering, firm and role.
// PROJECTOR_VERSION 17 rebuilds a generation migrated in place, whose stored terms do not carry them yet.
// (Its views are now created by 0016.)
const feesAndAdvisersStatements = DROP_ANALYST_VIEWS;

// Migration 0016: the views again, `ipo_outcomes` with Ritter's measures (the served outcome's
// day1ReturnSource, sharesSold, grossProceeds with its basis, moneyLeftOnTable). PROJECTOR_VERSION 20
// rebuilds a generation migrated in place, whose stored outcomes do not carry them yet. (Its views are
// now created by 0017.)
const ritterMeasuresStatements = DROP_ANALYST_VIEWS;

// Migration 0017: the expiry calendar (GET /api/v1/calendar, its Atom and iCalendar feeds): one row per
// priced IPO-family offering, expiry kind (lock-up, research quiet period) and tranche, clustered on
// the page order (expiry date, then entry id); and the views again, with `expiry_calendar` over it.
// PROJECTOR_VERSION 21 rebuilds a generation migrated in place, which fills the table.
const expiryCalendarStatements = [
  ...DROP_ANALYST_VIEWS,
  `CREATE TABLE calendar_entries (
    expiry_date TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    cik TEXT NOT NULL,
    ticker TEXT,
    company_name TEXT NOT NULL,
    name_lower TEXT NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (expiry_date, entry_id)
  ) WITHOUT ROWID`,
  `CREATE INDEX calendar_entries_by_cik ON calendar_entries(cik, expiry_date, entry_id)`,
  `CREATE INDEX calendar_entries_by_kind ON calendar_entries(kind, expiry_date, entry_id)`,
  ...analystViewStatements,
];

/** A migration that runs its SQL statements in order. */
function statementsMigration(statements: readonly string[]): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}

/**
 * Vendor rows by the date they date their IPO by (proj_ipo_rows.trade_date): the same-day rows rule 5
 * of company/vendor-same-ipo.derive.ts weighs; and by offer price and size near a date (rule 6).
 */
const vendorRowDateStatements = [
  `CREATE INDEX proj_ipo_rows_by_trade_date ON proj_ipo_rows(trade_date)`,
  `ALTER TABLE proj_ipo_rows ADD COLUMN offer_key TEXT`,
  `CREATE INDEX proj_ipo_rows_by_offer_key ON proj_ipo_rows(offer_key, trade_date)`,
  // The views again: `offerings.in_ritter_sample` now asks for a known offer price (Ritter's $5 floor).
  // (Its views are now created by 0019.)
  ...DROP_ANALYST_VIEWS,
];

// Migration 0019: the views again, `ipo_outcomes.ticker` null for an outcome with no known ticker (the
// outcomes key column holds ''), never a Bloomberg placeholder. PROJECTOR_VERSION 27 rebuilds a
// generation migrated in place, whose stored outcomes may carry placeholders. (Its views are now created by 0023.)
const outcomeTickerStatements = DROP_ANALYST_VIEWS;

// Migration 0020: the views again, `offerings.in_ritter_sample` asking for a known listing date too
// (Ritter's sample is counted by the year of the first trade; an IPO with none cannot be placed in it).  (Its views are now created by 0023.)
const ritterListingDateStatements = DROP_ANALYST_VIEWS;

// Migration 0021: the company list's rows apart from the wide company rows. A companies row (identity,
// filter columns and every include of the detail page) is larger than SQLite keeps in a 4 KB b-tree
// page, so a list page with includes read an overflow page per row (about 90,000 of them for 100,000
// companies) and took twice the time of the plain list. `company_list` holds only what a list item
// serves (its object and the three list includes), and `company_list_items` each item with every list
// include already spliced in (COMPANY_LIST_ITEM_SQL), which spares SQLite the splicing of the most
// asked page; both are clustered in page order, so a page is one range scan of in-page rows. The
// projector writes them with the companies row (projector/runner/served.store.ts); a generation
// migrated in place is filled from its companies here.
const companyListStatements = [
  `CREATE TABLE company_list (
    sort_date TEXT NOT NULL,
    cik TEXT NOT NULL,
    json TEXT NOT NULL,
    latest_terms_json TEXT NOT NULL,
    classification_json TEXT NOT NULL,
    consensus_json TEXT NOT NULL,
    PRIMARY KEY (sort_date, cik)
  ) WITHOUT ROWID`,
  `INSERT INTO company_list (sort_date, cik, json, latest_terms_json, classification_json, consensus_json)
     SELECT sort_date, cik, json, latest_terms_json, classification_json, consensus_json FROM companies`,
  `CREATE TABLE company_list_items (
    sort_date TEXT NOT NULL,
    cik TEXT NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (sort_date, cik)
  ) WITHOUT ROWID`,
  `INSERT INTO company_list_items (sort_date, cik, json) SELECT sort_date, cik, ${COMPANY_LIST_ITEM_SQL} FROM company_list`,
];

// Migration 0022: the views again, ipo_calendar's ticker the listing's outcome symbol whenever an outcome is
// served, null for units that never traded (not the combined company's symbol, SPCE for IPOA's units).
// (Its views are now created by 0024.)
const calendarListingSymbolStatements = DROP_ANALYST_VIEWS;

// Migration 0023: the views again, `current_ticker` the SEC's symbol of the company now (null when the
// SEC lists none, not the last symbol the data holds: TWTR), and `offerings.ticker` a listed offering's
// listing symbol (FB for Facebook's 2012 IPO, not META), `offerings.current_ticker` beside it. (Its views are now created by 0024.)
const currentTickerStatements = DROP_ANALYST_VIEWS;

/** ipo_calendar gains status_as_of_source, and reads shares_offered from the consensus (the document of the price and proceeds). (Its views are now created by 0025.) */
const calendarStatusSourceStatements = DROP_ANALYST_VIEWS;

/**
 * offerings reads shares from the document of the price and proceeds (as ipo_calendar does), and both views
 * serve a range-midpoint proceeds estimate only for a deal not yet priced. (Its views are now created by 0026.)
 */
const pricedEstimateStatements = DROP_ANALYST_VIEWS;

/**
 * offerings.ticker and ipo_calendar.ticker read the offering's listingSymbol first, the symbol its own evidence
 * names (Calyxt's 2017 IPO: CLXT, not the CBUS of Cibus, which it became). (Its views are now created by 0027.)
 */
const offeringListingSymbolStatements = DROP_ANALYST_VIEWS;

/**
 * offerings gains foreign_listing, and in_ritter_sample leaves out a foreign issuer whose listed security is unknown.
 * (Its views are now created by 0028.)
 */
const foreignListingStatements = DROP_ANALYST_VIEWS;

/**
 * offerings serves the consensus's range for the current offering at the consensus's price when its own terms state
 * none (Tesla's EDGAR IPO, its prospectus unread: 14–16, as ipo_calendar), not only for a vendor offering. (Its
 * views are now created by 0029.)
 */
const currentOfferingRangeStatements = DROP_ANALYST_VIEWS;

/**
 * offerings.ticker falls back to the company's symbol only when that can be the offering's: a unit symbol is an IPO's
 * (Vivint Smart Home's 2020 S-1/A is not Mosaic Acquisition's MOSC-U). (Its views are now created by 0030.)
 */
const offeringUnitTickerStatements = DROP_ANALYST_VIEWS;

/**
 * offerings.shares_offered and over_allotment_shares are null for an offering priced by a final prospectus the
 * service has not read: the registration's count is not what was sold (Applied Optoelectronics' 2014 follow-on:
 * its S-1/A's 2,700,000 shares, upsized by an S-1MEF, beside an unread 424B4).
 */
const unreadFinalShareCountStatements = [...DROP_ANALYST_VIEWS, ...analystViewStatements];

/**
 * api_filings clustered by company (cik, filing_date, accession_number), the by-date order an
 * index: a projector derives a company's filings together, so a rebuild appends its rows in key
 * order instead of inserting each at its date across the whole table (a 30-million-event history's
 * table does not fit in memory), and a company's filings are contiguous for its page's include.
 * `detail_json` is dropped: the company detail's element is made from `json` when read
 * (filing-detail.ts FILING_DETAIL_SQL), the bytes it stored.
 */
const filingsByCompanyStatements = [
  ...DROP_ANALYST_VIEWS,
  `CREATE TABLE api_filings_0031 (
    cik TEXT NOT NULL,
    filing_date TEXT NOT NULL,
    accession_number TEXT NOT NULL,
    company_name TEXT,
    name_lower TEXT,
    form_type TEXT NOT NULL,
    file_number TEXT,
    json TEXT NOT NULL,
    ai_enrichment_json TEXT NOT NULL DEFAULT 'null',
    terms_json TEXT NOT NULL DEFAULT 'null',
    terms_detail_json TEXT NOT NULL DEFAULT 'null',
    PRIMARY KEY (cik, filing_date, accession_number)
  ) WITHOUT ROWID`,
  `INSERT INTO api_filings_0031 (cik, filing_date, accession_number, company_name, name_lower, form_type, file_number, json,
     ai_enrichment_json, terms_json, terms_detail_json)
   SELECT cik, filing_date, accession_number, company_name, name_lower, form_type, file_number, json,
     ai_enrichment_json, terms_json, terms_detail_json FROM api_filings ORDER BY cik, filing_date, accession_number`,
  `DROP TABLE api_filings`,
  `ALTER TABLE api_filings_0031 RENAME TO api_filings`,
  `CREATE INDEX api_filings_by_date ON api_filings(filing_date, accession_number, cik)`,
  `CREATE INDEX api_filings_by_form ON api_filings(form_type, filing_date, accession_number)`,
  `CREATE INDEX api_filings_by_accession ON api_filings(accession_number)`,
  ...analystViewStatements,
];

export const readMigrations: Record<string, Migration> = {
  '0001_read_tables': statementsMigration(statements),
  '0002_projector_state': statementsMigration(projectorStateStatements),
  '0003_enrichment_state': statementsMigration(enrichmentStateStatements),
  '0004_projector_lookups': statementsMigration(lookupStatements),
  '0005_price_history_and_snapshots': statementsMigration(priceHistoryStatements),
  '0006_deal_database': statementsMigration(dealDatabaseStatements),
  // Its views are dropped and created anew, over the renamed tables, by 0009 (see analyst-views.ts).
  '0007_analyst_views': {
    async up() {},
  },
  '0008_document_read_limits': statementsMigration(readLimitsStatements),
  // Its views are created anew by 0010 (see analyst-views.ts).
  '0009_complete_json_and_analyst_views': statementsMigration(completeJsonStatements),
  '0010_research_grade_read_model': statementsMigration(researchGradeStatements),
  '0011_first_filing_and_offering_views': statementsMigration(firstFilingStatements),
  '0012_syndicate_roles': statementsMigration(syndicateRoleStatements),
  '0013_deal_events': statementsMigration(dealEventStatements),
  '0014_vendor_identity_lookups': statementsMigration(vendorIdentityStatements),
  '0015_fees_and_advisers': statementsMigration(feesAndAdvisersStatements),
  '0016_ritter_measures': statementsMigration(ritterMeasuresStatements),
  '0017_expiry_calendar': statementsMigration(expiryCalendarStatements),
  '0018_vendor_row_dates': statementsMigration(vendorRowDateStatements),
  '0019_outcome_ticker_views': statementsMigration(outcomeTickerStatements),
  '0020_ritter_sample_listing_date': statementsMigration(ritterListingDateStatements),
  '0021_company_list': statementsMigration(companyListStatements),
  '0022_calendar_listing_symbol': statementsMigration(calendarListingSymbolStatements),
  '0023_current_ticker': statementsMigration(currentTickerStatements),
  '0024_calendar_status_source': statementsMigration(calendarStatusSourceStatements),
  '0025_priced_estimate': statementsMigration(pricedEstimateStatements),
  '0026_offering_listing_symbol': statementsMigration(offeringListingSymbolStatements),
  '0027_foreign_listing': statementsMigration(foreignListingStatements),
  '0028_current_offering_range': statementsMigration(currentOfferingRangeStatements),
  '0029_offering_unit_ticker': statementsMigration(offeringUnitTickerStatements),
  '0030_unread_final_share_count': statementsMigration(unreadFinalShareCountStatements),
  '0031_filings_by_company': statementsMigration(filingsByCompanyStatements),
};
