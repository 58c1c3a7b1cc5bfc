/**
 * Read tables: one row per served API object, with the object precomputed as JSON by the
 * projector. Every `json` and `*_json` column holds a complete JSON value, exactly as the API
 * serves it without includes; the API splices requested includes in before the closing brace
 * (api/db/keyset.ts) without parsing or re-serialising anything.
 *
 * Each list table is WITHOUT ROWID and clustered on its page order, so a page is one range scan.
 */
import type { CalendarKind, CompanyKind, DealEventType, DealType, OfferingStatus } from '../api/vocabulary.ts';

export interface CompaniesTable {
  /** Latest filing date (YYYY-MM-DD) or '' when the company has none: page order, newest first. */
  sort_date: string;
  /** 10-digit CIK: the unique tiebreaker. */
  cik: string;
  name: string;
  /** Lower-cased name for the case-insensitive contains and prefix filters. */
  name_lower: string;
  /** Primary ticker hint (upper case) or null. All tickers are in `company_tickers`. */
  ticker: string | null;
  exchange: string | null;
  offering_status: OfferingStatus;
  deal_type: DealType;
  /** Normalised market family of the served exchange (consensus.exchange): exchange, otc or unknown. */
  market: 'exchange' | 'otc' | 'unknown';
  /** 1 when the company's current deal is an IPO-family deal (scope=ipo). */
  is_ipo: number;
  /** Company kind for the `kind` filter: operating, spac, funds, follow_on; null when none applies. */
  kind: CompanyKind | null;
  /** The gross_proceeds_gt/lt basis: the served consensus.grossProceeds, else the range-midpoint estimate; null when neither. */
  gross_proceeds: number | null;
  /** The served consensus.listingDate (YYYY-MM-DD) or null: the listing_date_from/to basis. */
  listing_date: string | null;
  updated_at: string | null;
  /** ApiCompany: the ten identity fields. */
  json: string;
  /** JSON text of each enrichment, 'null' until derived. */
  latest_terms_json: string;
  latest_terms_detail_json: string;
  classification_json: string;
  consensus_json: string;
  financial_snapshot_json: string;
  lockup_schedule_json: string;
  /** ApiPriceHistory JSON (include token price_history, migration 0005), 'null' when none. */
  price_history_json: string;
  /** ApiOffering[] JSON (include token offerings, migration 0006). */
  offerings_json: string;
  /** ApiLifecycleEnd JSON or 'null' (served with include=offerings). */
  lifecycle_end_json: string;
}

/**
 * What a company list item serves, copied from its companies row (migration 0021): narrow rows
 * clustered in page order, so a list page never reads the detail-only columns' overflow pages.
 */
export type CompanyListTable = Pick<
  CompaniesTable,
  'sort_date' | 'cik' | 'json' | 'latest_terms_json' | 'classification_json' | 'consensus_json'
>;

/** Each company list item with every list include already spliced in (migration 0021, COMPANY_LIST_ITEM_SQL). */
export interface CompanyListItemsTable {
  sort_date: string;
  cik: string;
  /** ApiCompany with latestTerms, classification and consensus. */
  json: string;
}

/** Every ticker a company is known by (upper case) → CIK, for lookups and the ticker filter. */
export interface CompanyTickersTable {
  ticker: string;
  cik: string;
  /** 1 for the company's primary ticker hint. */
  is_primary: number;
  /** 1 when SEC's current data (the submissions page, company_tickers.json) lists the ticker for the company (migration 0006). */
  is_current: number;
  /** The first trading day under the ticker when a vendor IPO row gives it, else null (migration 0006). */
  held_since: string | null;
}

export interface FilingsTable {
  filing_date: string;
  accession_number: string;
  /** A filing with several filers is listed once per filer CIK. */
  cik: string;
  company_name: string | null;
  name_lower: string | null;
  form_type: string;
  file_number: string | null;
  /** ApiFiling: the required fields, including cik and companyName. */
  json: string;
  /** The filing's aiEnrichment (include token ai_enrichment), 'null' when none. */
  ai_enrichment_json: string;
  /** Compact terms (filing list) and extended terms (company detail), 'null' when none. */
  terms_json: string;
  terms_detail_json: string;
}

export interface NewsTable {
  /** 1 when the publication date is known, 0 for publishedAtSource first_seen: those list after the dated. */
  date_known: number;
  published_at: string;
  news_id: string;
  cik: string;
  company_name: string | null;
  name_lower: string | null;
  provider: string | null;
  source_name: string;
  /** ApiNews (with titleSource, publishedAtSource and match) whose last member is `"content":null`. */
  json: string;
  /** Company-detail news element, with its content. */
  detail_json: string;
  /** The article body (include token content), 'null' when none. */
  content_json: string;
}

export interface OutcomesTable {
  trading_start_date: string;
  cik: string;
  ticker: string;
  company_name: string | null;
  name_lower: string | null;
  status: 'partial' | 'complete';
  /** Complete ApiOutcome JSON. */
  json: string;
}

/**
 * The expiry calendar (migration 0017): one row per priced IPO-family offering, expiry kind and
 * tranche (projector/offering/expiry-calendar.derive.ts), in page order: expiry date, then entry id.
 */
export interface CalendarEntriesTable {
  /** YYYY-MM-DD: page order, earliest first. */
  expiry_date: string;
  /** ApiCalendarEntry.id: the unique tiebreaker. */
  entry_id: string;
  kind: CalendarKind;
  cik: string;
  /** The company's primary ticker (upper case) or null; its other tickers match through company_tickers. */
  ticker: string | null;
  company_name: string;
  name_lower: string;
  /** Complete ApiCalendarEntry JSON. */
  json: string;
}

export interface ArticlesTable {
  published_at: string;
  article_id: string;
  source_kind: string;
  title: string;
  /** Path under PUBLIC_BASE_URL, e.g. /articles/daily-2017-03-02. */
  path: string;
  html: string;
  /** Plain-text summary for feeds. */
  summary: string;
}

/**
 * The change log of the read model (migration 0013): one row per deal event, written by the projector
 * in the batch's transaction, carried over by a rebuild. Served by GET /api/v1/events and webhooks.
 * A live projection derives a company after every batch, so its rows include facts later evidence
 * revised; a rebuild derives each company once, from its final state, and adds only final facts,
 * each dated by its evidence (README, "A rebuild records final facts").
 */
export interface DealEventsTable {
  /** Insertion order: the SSE id and the webhook cursor. */
  id: number;
  /** The fact, e.g. `priced:0001847577:0001140361-21-034373`; recorded once. */
  key: string;
  type: DealEventType;
  cik: string | null;
  /** The company's primary ticker when recorded. */
  ticker: string | null;
  occurred_on: string | null;
  /** When the projector committed it (ISO-8601 UTC). */
  recorded_at: string;
  /** 1 when history re-read recorded it (the first projection; a rebuild, from events the replaced generation had projected). */
  replayed: number;
  /** The event's `data` object as JSON text. */
  data_json: string;
}

/** Rows and the checkpoint are written in one transaction per batch. */
export interface ProjectorCheckpointTable {
  projection: string;
  last_seq: number;
}

/** What the projection is as of (as_of, swept_as_of) and which projector version built it: derived, deterministic. */
export interface ReadMetaTable {
  key: string;
  value: string;
}

/**
 * Build metadata (migration 0006): when this generation was last written (`last_batch_at`, the
 * wall clock). The only table two rebuilds from the same events may differ in.
 */
export interface BuildMetaTable {
  key: string;
  value: string;
}

/**
 * Projector state (migration 0002), internal to the projector: the API never reads it. Every
 * served row of a company is re-derived from these tables whenever an event touches the company.
 */
export interface ProjCompanyStateTable {
  cik: string;
  /** From the latest `filings.recent` submissions page; null until one is seen. */
  name: string | null;
  entity_type: string | null;
  sic: string | null;
  sic_description: string | null;
  /** JSON arrays from the submissions page, parallel to each other. */
  tickers_json: string;
  exchanges_json: string;
  /** Latest observedAt of an event that changed this company's facts. */
  updated_at: string | null;
  /** EDGAR formerNames ({name, from, to}[]) of the submissions page (migration 0003). */
  former_names_json: string;
  /** The entity's first EDGAR filing: the earliest date its submissions page lists, older pages included (migration 0011). */
  first_filing_date: string | null;
}

/** One filing per (cik, accession), merged from submissions pages and index entries. */
export interface ProjFilingStateTable {
  cik: string;
  accession_number: string;
  form_type: string;
  filing_date: string;
  file_number: string | null;
  primary_document: string | null;
  /** As EDGAR gives it (Eastern time with a fake Z); null for index-only filings. */
  acceptance_date_time: string | null;
  act: string | null;
  items: string | null;
  report_date: string | null;
  /** Company name as the index row gave it, or as a document-only filing's cover prints it (null for submissions rows). */
  company_name: string | null;
  /**
   * `submissions` (authoritative), `index` (until the submissions page lists the filing) or `document`
   * (read off the filing's own primary document until a submissions page or an index row names it).
   */
  source: 'submissions' | 'index' | 'document';
}

/** Rows of the latest `company_tickers.json` snapshot for known and unknown CIKs alike. */
export interface ProjTickerHintsTable {
  cik: string;
  /** Row position in the file: the first row of a CIK is its primary class. */
  ord: number;
  ticker: string;
  title: string;
  exchange: string | null;
  /** observedAt of the snapshot that last changed this CIK's rows (migration 0005; null before it). */
  observed_at: string | null;
}

/** Events whose payload could not be read: recorded and skipped so one bad body cannot wedge the projector. */
export interface ProjSkippedEventsTable {
  seq: number;
  type: string;
  reason: string;
}

/**
 * Enrichment state (migration 0003), internal to the projector: what one event's expensive parse
 * read, stored once. Re-derivation reads these rows and never the raw bodies.
 */
export interface ProjDocumentTermsTable {
  /** The CIK the document was fetched for (DocumentMeta.cik). */
  cik: string;
  accession_number: string;
  /** The SGML `<TYPE>` of the document, when it had a wrapper; the filing row's form wins. */
  form_type: string | null;
  /** Event that carried the document: a later fetch of the same accession replaces an earlier one. */
  seq: number;
  /** When the document was fetched: counts toward the company's updatedAt. */
  observed_at: string;
  /** Extended terms (ApiTermsExtended). */
  terms_json: string;
  /** Sentence and block each field came from. */
  provenance_json: string;
  estimates_json: string;
  /** Cover signals for the deal-type rules. */
  signals_json: string;
  /** Lock-up periods as the document states them. */
  lockup_json: string;
  /** Extractive aiEnrichment without materialChanges (those compare filings at derive time). */
  enrichment_json: string;
  /**
   * ApiFinancialSnapshot from the summary financial data tables, or 'null' (migration 0005). Its
   * source's filingDate and formType are the document's as read; derivation takes the filing row's.
   */
  snapshot_json: string;
  /** JSON array of the read budgets that cut the document's read short (migration 0008); null when it was read whole. */
  read_limits: string | null;
}

export interface ProjFinancialSnapshotsTable {
  cik: string;
  /** ApiFinancialSnapshot JSON from the latest companyfacts event. */
  snapshot_json: string;
  observed_at: string;
}

/** Vendor IPO table rows (`reference.ipo_row`), linked to companies by ticker and name at derive time. */
export interface ProjIpoRowsTable {
  ticker: string;
  bloomberg_ticker: string;
  /** Trade date or '' when the vendor left it blank. */
  trade_date: string;
  row_json: string;
  observed_at: string;
  /** The issuer's normalized name (migration 0006), to join the row to its company by name. */
  issuer_key: string | null;
  /** The row's first trading day and CUSIP issuer number (migration 0014), to find the other rows of its IPO. */
  first_trade_day: string | null;
  cusip_issuer: string | null;
  /** Offer price and size, `price|size` (company/vendor-same-ipo.derive.ts `offerKey`); null when the row lacks either. */
  offer_key: string | null;
}

/** Every normalized name EDGAR gave a company (migration 0006): how a vendor row finds its company by name. */
export interface ProjCompanyNamesTable {
  name_key: string;
  cik: string;
}

/** Daily bars per ticker, merged over every `market.daily_bars` event (a later body wins per date). */
export interface ProjDailyBarsTable {
  ticker: string;
  bars_json: string;
  adjusted: number | null;
  observed_at: string;
}

/** Every news article seen, linked or not. */
export interface ProjNewsTable {
  /** newsKey(url): sha256 of the canonical URL. */
  news_id: string;
  /** NewsArticlePayload JSON. */
  payload_json: string;
  /** The earliest observedAt of a `news.article` event for this URL (the `first_seen` date). */
  observed_at: string;
  /**
   * ISO-8601 timestamp the article is served under. Null only in a row written before first_seen
   * existed (projector version 6 and earlier); the store derives it on read.
   */
  published_at: string | null;
  /** Where published_at came from: the provider's own date, a full date in the URL path, or the first observation. */
  published_at_source: 'provider' | 'url_path' | 'first_seen' | null;
}

/** The tickers of each company's submissions page (upper-cased), to find a ticker's companies by index. */
export interface ProjCompanyTickersTable {
  ticker: string;
  cik: string;
}

export interface ProjNewsLinksTable {
  cik: string;
  news_id: string;
  confidence: number;
  reason: string;
}

export interface ProjLinkSignaturesTable {
  cik: string;
  signature: string;
}

export interface ReadDatabase {
  companies: CompaniesTable;
  company_list: CompanyListTable;
  company_list_items: CompanyListItemsTable;
  company_tickers: CompanyTickersTable;
  /** Served filings (`api_` keeps the plain name for the analysts' `filings` view). */
  api_filings: FilingsTable;
  /** Served news items (`api_` keeps the plain name for the analysts' `news` view). */
  api_news: NewsTable;
  outcomes: OutcomesTable;
  calendar_entries: CalendarEntriesTable;
  articles: ArticlesTable;
  deal_events: DealEventsTable;
  projector_checkpoint: ProjectorCheckpointTable;
  read_meta: ReadMetaTable;
  build_meta: BuildMetaTable;
  proj_company_state: ProjCompanyStateTable;
  proj_filing_state: ProjFilingStateTable;
  proj_ticker_hints: ProjTickerHintsTable;
  proj_skipped_events: ProjSkippedEventsTable;
  proj_document_terms: ProjDocumentTermsTable;
  proj_financial_snapshots: ProjFinancialSnapshotsTable;
  proj_ipo_rows: ProjIpoRowsTable;
  proj_company_names: ProjCompanyNamesTable;
  proj_daily_bars: ProjDailyBarsTable;
  proj_news: ProjNewsTable;
  proj_company_tickers: ProjCompanyTickersTable;
  proj_news_links: ProjNewsLinksTable;
  proj_link_signatures: ProjLinkSignaturesTable;
}
