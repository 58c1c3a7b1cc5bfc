/**
 * Views for analysts who open read.db directly: plain columns, one row per thing, no JSON
 * functions needed. They read the served tables (whose `json` columns hold the API's objects) and
 * never the projector's internal `proj_*` state. Columns are CAST so each has one type.
 *
 * Migration 0017 creates them. To change one, drop and create them all in a new migration and take
 * them out of the one before (as 0007's `up` was emptied and 0009's to 0012's lost them): a
 * fresh database then creates them once, over the final tables, and an existing one replaces its views.
 */

const text = (expr: string, as: string) => `CAST(${expr} AS TEXT) AS ${as}`;
const real = (expr: string, as: string) => `CAST(${expr} AS REAL) AS ${as}`;
const integer = (expr: string, as: string) => `CAST(${expr} AS INTEGER) AS ${as}`;
const bool = (expr: string, as: string) => `(CASE ${expr} WHEN 1 THEN 1 WHEN 0 THEN 0 END) AS ${as}`;
/** The typed offer terms of an ApiTermsExtended object at `path` of the JSON in `source`. */
const termsColumns = (source: string, path: string) => [
  real(`json_extract(${source}, '${path}.offeringPrice')`, 'offer_price'),
  real(`json_extract(${source}, '${path}.priceRangeLow')`, 'price_range_low'),
  real(`json_extract(${source}, '${path}.priceRangeHigh')`, 'price_range_high'),
  integer(`json_extract(${source}, '${path}.totalSharesOffered')`, 'shares_offered'),
  integer(`json_extract(${source}, '${path}.overAllotmentShares')`, 'over_allotment_shares'),
  real(`json_extract(${source}, '${path}.grossProceeds')`, 'gross_proceeds'),
  real(`json_extract(${source}, '${path}.grossProceedsEstimate')`, 'gross_proceeds_estimate'),
].join(',\n     ');
/** The lead-left bookrunner of an ApiTermsExtended object at `path`, and where it was read (or why it is null). */
const leadLeftColumns = (source: string, path: string) => [
  text(`json_extract(${source}, '${path}.leadLeftBookrunner')`, 'lead_left_bookrunner'),
  text(`json_extract(${source}, '${path}.leadLeftBookrunnerSource')`, 'lead_left_bookrunner_source'),
].join(',\n     ');
/**
 * The fees, expenses and advisers of an ApiTermsExtended object at `path`. Net proceeds are the
 * proceeds before expenses less the estimated expenses, when the document states both. Firm names
 * hold commas ("Morgan, Lewis & Bockius"), so a list is joined with "; ".
 */
const feesColumns = (source: string, path: string) => {
  const at = (field: string) => `json_extract(${source}, '${path}.${field}')`;
  const firms = (field: string) => `(SELECT group_concat(a.value, '; ') FROM json_each(${source}, '${path}.${field}') a)`;
  return [
    real(at('underwritingDiscountPerShare'), 'underwriting_discount_per_share'),
    real(at('underwritingDiscountTotal'), 'underwriting_discount_total'),
    real(at('proceedsToIssuerPerShare'), 'proceeds_to_issuer_per_share'),
    real(at('proceedsToIssuerTotal'), 'proceeds_to_issuer_total'),
    real(at('proceedsToSellingStockholdersPerShare'), 'proceeds_to_selling_stockholders_per_share'),
    real(at('proceedsToSellingStockholdersTotal'), 'proceeds_to_selling_stockholders_total'),
    text(at('feesSource'), 'fees_source'),
    real(at('offeringExpenses'), 'offering_expenses'),
    text(at('offeringExpensesSource'), 'offering_expenses_source'),
    real(`${at('proceedsToIssuerTotal')} - ${at('offeringExpenses')}`, 'net_proceeds_to_issuer'),
    text(firms('issuerCounsel'), 'issuer_counsel'),
    text(firms('underwritersCounsel'), 'underwriters_counsel'),
    text(firms('auditors'), 'auditors'),
  ].join(',\n     ');
};
/** A filing's EDGAR archive folder: the unpadded CIK, then the accession number without dashes. */
const ARCHIVE_FOLDER = `'https://www.sec.gov/Archives/edgar/data/' || ltrim(f.cik, '0') || '/' || replace(f.accession_number, '-', '')`;

/**
 * The company's symbol now, as the SEC's files give it: its primary ticker when the SEC lists it
 * today, else another the SEC lists; null when the SEC lists none (a company gone from its files,
 * whose served ticker is the last one the data holds: TWTR, VMW; one known only from a vendor row).
 */
const CURRENT_TICKER = `COALESCE(
       (SELECT t.ticker FROM company_tickers t WHERE t.cik = c.cik AND t.ticker = c.ticker AND t.is_current = 1),
       (SELECT t.ticker FROM company_tickers t WHERE t.cik = c.cik AND t.is_current = 1 ORDER BY t.is_primary DESC, t.ticker LIMIT 1))`;

/**
 * An offering's terms are the document of its price and proceeds when they are its final prospectus's or
 * state the price it is served at, or when no final prospectus priced it and its proceeds are not a vendor's offer size
 * (an unread final prospectus priced Applied Optoelectronics' 2014 follow-on: no count). Unicycive's terms are its
 * preliminary S-1/A (4,550,000 units at $5.00–$6.00); the IPO sold 5,000,000 shares at $5.00, so the
 * units count is not served beside the $5.00 and the vendor's $25M.
 */
const TERMS_PRICE_THE_DEAL = `(CASE WHEN json_extract(o.value, '$.termsAccessionNumber') = json_extract(o.value, '$.finalProspectusAccessionNumber') THEN 1
       WHEN json_extract(o.value, '$.offerPrice') IS NULL THEN json_extract(o.value, '$.finalProspectusAccessionNumber') IS NULL
         AND COALESCE(json_extract(o.value, '$.grossProceedsBasis'), '') != 'vendor_offer_size'
       ELSE json_extract(o.value, '$.terms.offeringPrice') = json_extract(o.value, '$.offerPrice') END)`;

/** The consensus range of the company (its vendor row's filing range) for the vendor offering `o`, else null. */
/** A unit symbol as the SEC's files and the vendors write it (MOSC-U, LCW.U, CBASU: vendor-deal-type.derive.ts isUnitSymbol). */
const UNIT_SYMBOL = (column: string) =>
  `(${column} GLOB '[A-Z][A-Z][A-Z][A-Z]U' OR ${column} GLOB '*[-./ ]U' OR ${column} GLOB '*[-./ ]UN' OR ${column} GLOB '[A-Z][A-Z][A-Z]U[EF]')`;

const VENDOR_OFFERING_RANGE = (bound: 'Low' | 'High') =>
  `CASE WHEN json_extract(o.value, '$.source') = 'vendor'
     OR (json_extract(o.value, '$.isCurrent') AND json_extract(o.value, '$.offerPrice') IS json_extract(c.consensus_json, '$.offerPrice'))
   THEN json_extract(c.consensus_json, '$.offerPrice${bound}') END`;

export const analystViewStatements = [
  `CREATE VIEW ipo_calendar AS
   SELECT c.cik AS cik, c.name AS company_name,
     -- The symbol the IPO listed under: the current offering's listingSymbol when its own evidence names one (CLXT for
     -- Calyxt's 2017 IPO, now Cibus's CBUS), else as ipo_outcomes gives it (FB for Facebook's 2012 IPO; none for units the
     -- vendor rebuilt on the combined company's symbol, which never traded), else, when no outcome is served, the company's.
     CASE WHEN json_extract(cur.value, '$.listingSymbol') IS NOT NULL THEN json_extract(cur.value, '$.listingSymbol')
       WHEN EXISTS (SELECT 1 FROM outcomes o WHERE o.cik = c.cik AND o.trading_start_date = json_extract(c.consensus_json, '$.listingDate'))
       THEN (SELECT NULLIF(o.ticker, '') FROM outcomes o WHERE o.cik = c.cik AND o.trading_start_date = json_extract(c.consensus_json, '$.listingDate'))
       ELSE c.ticker END AS ticker,
     ${CURRENT_TICKER} AS current_ticker,
     ${text("json_extract(c.consensus_json, '$.exchange')", 'exchange')},
     c.deal_type AS deal_type, c.offering_status AS offering_status,
     ${text("json_extract(cur.value, '$.statusAsOf')", 'status_as_of')},
     ${text("json_extract(cur.value, '$.statusAsOfSource')", 'status_as_of_source')},
     ${text("json_extract(cur.value, '$.fileNumber')", 'file_number')},
     ${text("json_extract(cur.value, '$.openedDate')", 'first_filed_date')},
     ${text("json_extract(cur.value, '$.effectiveDate')", 'effective_date')},
     ${text("json_extract(cur.value, '$.pricedDate')", 'priced_date')},
     ${text("json_extract(c.consensus_json, '$.listingDate')", 'listing_date')},
     ${text("json_extract(cur.value, '$.expectedFirstTradeDate')", 'expected_first_trade_date')},
     ${real("json_extract(c.consensus_json, '$.offerPrice')", 'offer_price')},
     ${real("json_extract(c.consensus_json, '$.offerPriceLow')", 'price_range_low')},
     ${real("json_extract(c.consensus_json, '$.offerPriceHigh')", 'price_range_high')},
     -- The consensus's shares: the document of the price and proceeds, never a preliminary's beside a vendor's price.
     ${integer("json_extract(c.consensus_json, '$.totalShares')", 'shares_offered')},
     ${real("json_extract(c.consensus_json, '$.grossProceeds')", 'gross_proceeds')},
     ${text("json_extract(c.consensus_json, '$.grossProceedsBasis')", 'gross_proceeds_basis')},
     -- A range-midpoint estimate stands for a deal not yet priced: once a price is served, a preliminary's estimate is another deal's size.
     ${real("CASE WHEN json_extract(c.consensus_json, '$.offerPrice') IS NULL THEN json_extract(c.latest_terms_json, '$.grossProceedsEstimate') END", 'gross_proceeds_estimate')},
     c.updated_at AS updated_at
   FROM companies c
   LEFT JOIN json_each(c.offerings_json) cur ON json_extract(cur.value, '$.isCurrent') = 1
   WHERE c.is_ipo = 1`,

  `CREATE VIEW offerings AS
   SELECT c.cik AS cik, c.name AS company_name,
     -- The offering's own symbol (listingSymbol: its listing's, CLXT for Calyxt's 2017 IPO, now Cibus's CBUS; else its
     -- prospectus's); else a listed offering's is its listing's, as ipo_outcomes gives it (FB for Facebook's 2012 IPO,
     -- IPOB-U for a SPAC's units, null for units whose symbol of the day is unknown); any other's is the company's, unless
     -- that is a unit symbol and the offering no IPO: units come only from an IPO (Vivint Smart Home's 2020 S-1/A is not
     -- Mosaic Acquisition's MOSC-U).
     CASE WHEN json_extract(o.value, '$.listingSymbol') IS NOT NULL THEN json_extract(o.value, '$.listingSymbol')
       WHEN EXISTS (SELECT 1 FROM outcomes x WHERE x.cik = c.cik AND x.trading_start_date = json_extract(o.value, '$.listingDate'))
       THEN (SELECT NULLIF(x.ticker, '') FROM outcomes x WHERE x.cik = c.cik AND x.trading_start_date = json_extract(o.value, '$.listingDate'))
       WHEN json_extract(o.value, '$.dealType') NOT IN ('ipo', 'spac', 'direct_listing', 'uplisting', 'reg_a') AND ${UNIT_SYMBOL('c.ticker')} THEN NULL
       ELSE c.ticker END AS ticker,
     ${CURRENT_TICKER} AS current_ticker,
     ${text("json_extract(o.value, '$.fileNumber')", 'file_number')},
     ${text("json_extract(o.value, '$.dealType')", 'deal_type')},
     ${text("json_extract(o.value, '$.status')", 'status')},
     ${text("json_extract(o.value, '$.stageBeforeEnd')", 'stage_before_end')},
     ${bool("json_extract(o.value, '$.isCurrent')", 'is_current')},
     ${text("json_extract(o.value, '$.issuerNameAtOffering')", 'issuer_name_at_offering')},
     ${text("json_extract(o.value, '$.issuerNameAtOfferingSource')", 'issuer_name_at_offering_source')},
     ${text("json_extract(o.value, '$.openedDate')", 'first_filed_date')},
     ${text("json_extract(o.value, '$.lastFilingDate')", 'last_filing_date')},
     ${text("json_extract(o.value, '$.effectiveDate')", 'effective_date')},
     ${text("json_extract(o.value, '$.pricedDate')", 'priced_date')},
     ${text("json_extract(o.value, '$.withdrawnDate')", 'withdrawn_date')},
     ${text("json_extract(o.value, '$.expectedFirstTradeDate')", 'expected_first_trade_date')},
     ${bool("json_extract(o.value, '$.upsized')", 'upsized')},
     ${integer("json_extract(o.value, '$.filingCount')", 'filing_count')},
     ${text("json_extract(o.value, '$.finalProspectusAccessionNumber')", 'final_prospectus_accession_number')},
     ${text("json_extract(o.value, '$.source')", 'source')},
     ${text("json_extract(o.value, '$.listingDate')", 'listing_date')},
     ${real("json_extract(o.value, '$.offerPrice')", 'offer_price')},
     ${real("json_extract(o.value, '$.grossProceeds')", 'gross_proceeds')},
     ${text("json_extract(o.value, '$.grossProceedsBasis')", 'gross_proceeds_basis')},
     -- A vendor offering has no terms, nor an EDGAR one whose prospectus was not read: its range is the consensus's, as
     -- ipo_calendar serves it, when the consensus speaks for the offering (the current one, at the consensus's price).
     ${real(`COALESCE(json_extract(o.value, '$.terms.priceRangeLow'), ${VENDOR_OFFERING_RANGE('Low')})`, 'price_range_low')},
     ${real(`COALESCE(json_extract(o.value, '$.terms.priceRangeHigh'), ${VENDOR_OFFERING_RANGE('High')})`, 'price_range_high')},
     -- Shares from the document of the price and proceeds, as ipo_calendar's: the terms' only while they state the served price or
     -- nothing priced the deal, never a preliminary's count beside a price or offer size from elsewhere (a vendor's, another document's).
     ${integer(`CASE WHEN ${TERMS_PRICE_THE_DEAL} THEN json_extract(o.value, '$.terms.totalSharesOffered') END`, 'shares_offered')},
     ${integer(`CASE WHEN ${TERMS_PRICE_THE_DEAL} THEN json_extract(o.value, '$.terms.overAllotmentShares') END`, 'over_allotment_shares')},
     -- A range-midpoint estimate stands for an offering not yet priced (see ipo_calendar's).
     ${real("CASE WHEN json_extract(o.value, '$.offerPrice') IS NULL THEN json_extract(o.value, '$.terms.grossProceedsEstimate') END", 'gross_proceeds_estimate')},
     ${leadLeftColumns('o.value', '$.terms')},
     ${text("(SELECT group_concat(f.value, ',') FROM json_each(o.value, '$.ritterExclusions') f)", 'ritter_exclusions')},
     ${text("json_extract(o.value, '$.foreignListing')", 'foreign_listing')},
     -- A foreign issuer whose listed security is unknown may have listed ADSs, which Ritter excludes: out, as an unknown price is.
     ${integer("json_extract(o.value, '$.dealType') = 'ipo' AND json_array_length(o.value, '$.ritterExclusions') = 0 AND json_extract(o.value, '$.offerPrice') IS NOT NULL AND json_extract(o.value, '$.listingDate') IS NOT NULL AND coalesce(json_extract(o.value, '$.foreignListing'), '') <> 'unknown'", 'in_ritter_sample')},
     ${feesColumns('o.value', '$.terms')}
   FROM companies c, json_each(c.offerings_json) o`,

  // One row per offering, firm and role, from the offering's served terms: the firms in the order the
  // document names them (position 1 = first).
  `CREATE VIEW advisers AS
   SELECT c.cik AS cik, c.name AS company_name, c.ticker AS ticker,
     ${text("json_extract(o.value, '$.fileNumber')", 'file_number')},
     ${text("json_extract(o.value, '$.dealType')", 'deal_type')},
     ${text("json_extract(o.value, '$.status')", 'status')},
     ${text("json_extract(o.value, '$.openedDate')", 'first_filed_date')},
     ${text("json_extract(o.value, '$.listingDate')", 'listing_date')},
     ${text("json_extract(o.value, '$.termsAccessionNumber')", 'terms_accession_number')},
     r.role AS role, CAST(a.value AS TEXT) AS firm, CAST(a.key AS INTEGER) + 1 AS position
   FROM companies c, json_each(c.offerings_json) o,
     (SELECT 'issuer_counsel' AS role, '$.terms.issuerCounsel' AS path
      UNION ALL SELECT 'underwriters_counsel', '$.terms.underwritersCounsel'
      UNION ALL SELECT 'auditor', '$.terms.auditors') r,
     json_each(o.value, r.path) a
   WHERE json_type(o.value, r.path) = 'array'`,

  // The expiry calendar's rows as GET /api/v1/calendar serves them (one per offering, kind and tranche).
  `CREATE VIEW expiry_calendar AS
   SELECT e.entry_id AS entry_id, e.kind AS kind, e.expiry_date AS expiry_date,
     ${text("json_extract(e.json, '$.firstSellableTradingDay')", 'first_sellable_trading_day')},
     e.cik AS cik, e.company_name AS company_name, e.ticker AS ticker,
     ${text("json_extract(e.json, '$.dealType')", 'deal_type')},
     ${text("json_extract(e.json, '$.fileNumber')", 'file_number')},
     ${text("json_extract(e.json, '$.offeringSource')", 'offering_source')},
     ${text("json_extract(e.json, '$.listingDate')", 'listing_date')},
     ${text("json_extract(e.json, '$.startDate')", 'start_date')},
     ${integer("json_extract(e.json, '$.days')", 'days')},
     ${integer("json_extract(e.json, '$.tranche')", 'tranche')},
     ${integer("json_extract(e.json, '$.shares')", 'shares')},
     ${text("json_extract(e.json, '$.termsSource')", 'terms_source')},
     ${text("json_extract(e.json, '$.rule')", 'rule')},
     ${text("json_extract(e.json, '$.sourceAccessionNumber')", 'source_accession_number')},
     ${text("json_extract(e.json, '$.description')", 'description')}
   FROM calendar_entries e`,

  // The outcomes key column holds '' for an outcome with no known ticker: served as null, as the API does.
  `CREATE VIEW ipo_outcomes AS
   SELECT o.cik AS cik, o.company_name AS company_name, NULLIF(o.ticker, '') AS ticker,
     ${text("json_extract(o.json, '$.exchange')", 'exchange')},
     o.trading_start_date AS listing_date,
     ${real("json_extract(o.json, '$.offerPrice')", 'offer_price')},
     ${real("json_extract(o.json, '$.closeDay1')", 'close_day1')},
     ${real("round(json_extract(o.json, '$.day1ReturnPct') / 100.0, 6)", 'day1_return')},
     ${text("json_extract(o.json, '$.day1ReturnSource')", 'day1_return_source')},
     ${real("json_extract(o.json, '$.closeWeek1')", 'close_week1')},
     ${real("round(json_extract(o.json, '$.week1ReturnPct') / 100.0, 6)", 'week1_return')},
     ${integer("json_extract(o.json, '$.sharesSold')", 'shares_sold')},
     ${real("json_extract(o.json, '$.grossProceeds')", 'gross_proceeds')},
     ${text("json_extract(o.json, '$.grossProceedsBasis')", 'gross_proceeds_basis')},
     ${real("json_extract(o.json, '$.moneyLeftOnTable')", 'money_left_on_table')},
     o.status AS status,
     -- The listed offering's served type: outcomes hold SPACs' units and funds too, which an IPO average leaves out.
     (SELECT json_extract(l.value, '$.dealType') FROM companies c, json_each(c.offerings_json) l
       WHERE c.cik = o.cik AND json_extract(l.value, '$.listingDate') = o.trading_start_date LIMIT 1) AS deal_type
   FROM outcomes o`,

  // A firm's role is the served underwriterRoles element beside it; is_lead_left compares it with the
  // served lead-left: 0 for an agented offering (there is no book), null when the document does not say.
  `CREATE VIEW underwriters AS
   SELECT f.cik AS cik, f.company_name AS company_name, f.accession_number AS accession_number,
     f.form_type AS form_type, f.filing_date AS filing_date, f.file_number AS file_number,
     CAST(u.value AS TEXT) AS underwriter, CAST(u.key AS INTEGER) + 1 AS position,
     ${text("json_extract(f.terms_detail_json, '$.underwriterRoles[' || u.key || ']')", 'role')},
     (CASE WHEN json_extract(f.terms_detail_json, '$.leadLeftBookrunner') IS NOT NULL
        THEN u.value = json_extract(f.terms_detail_json, '$.leadLeftBookrunner')
      WHEN json_extract(f.terms_detail_json, '$.leadLeftBookrunnerSource') = 'agented_offering' THEN 0 END) AS is_lead_left
   FROM api_filings f, json_each(f.terms_detail_json, '$.underwriters') u
   WHERE json_type(f.terms_detail_json, '$.underwriters') = 'array'`,

  `CREATE VIEW filings AS
   SELECT f.cik AS cik, f.company_name AS company_name, f.accession_number AS accession_number,
     f.form_type AS form_type, f.filing_date AS filing_date, f.file_number AS file_number,
     ${text("json_extract(f.json, '$.formTitle')", 'form_title')},
     ${text("json_extract(f.json, '$.inferredStatus')", 'inferred_status')},
     ${text("json_extract(f.json, '$.formSummary')", 'form_summary')},
     ${text("json_extract(f.json, '$.changeSummary')", 'change_summary')},
     ${text("json_extract(f.json, '$.primaryDocument')", 'primary_document')},
     ${text(`${ARCHIVE_FOLDER} || '/' || json_extract(f.json, '$.primaryDocument')`, 'document_url')},
     ${text(`${ARCHIVE_FOLDER} || '/' || f.accession_number || '-index.htm'`, 'index_url')},
     ${termsColumns('f.terms_detail_json', '$')},
     ${text("json_extract(f.terms_detail_json, '$.shareClass')", 'share_class')},
     ${text("json_extract(f.terms_detail_json, '$.exchangeHint')", 'exchange_hint')},
     ${text("json_extract(f.terms_detail_json, '$.tickerHint')", 'ticker_hint')},
     ${bool("json_extract(f.terms_detail_json, '$.isPrimaryOffering')", 'is_primary_offering')},
     ${bool("json_extract(f.terms_detail_json, '$.isSecondaryOffering')", 'is_secondary_offering')},
     ${bool("json_extract(f.terms_detail_json, '$.isSellingStockholdersOnly')", 'is_selling_stockholders_only')},
     ${integer("json_array_length(f.terms_detail_json, '$.underwriters')", 'underwriter_count')},
     ${leadLeftColumns('f.terms_detail_json', '$')},
     ${real("json_extract(f.terms_detail_json, '$.confidence')", 'terms_confidence')}
   FROM api_filings f`,

  `CREATE VIEW news AS
   SELECT n.news_id AS news_id, n.cik AS cik, n.company_name AS company_name,
     n.published_at AS published_at, ${text('substr(n.published_at, 1, 10)', 'published_date')},
     ${text("json_extract(n.json, '$.publishedAtSource')", 'published_at_source')}, ${integer('n.date_known', 'date_known')},
     ${text("json_extract(n.json, '$.title')", 'title')},
     ${text("json_extract(n.json, '$.titleSource')", 'title_source')},
     ${text("json_extract(n.json, '$.description')", 'description')},
     n.source_name AS source, n.provider AS provider,
     ${text("json_extract(n.json, '$.url')", 'url')},
     ${text("json_extract(n.json, '$.urlSlug')", 'url_slug')},
     ${text("json_extract(n.json, '$.urlToImage')", 'image_url')},
     ${text("json_extract(n.json, '$.match.reason')", 'match_reason')},
     ${real("json_extract(n.json, '$.match.confidence')", 'match_confidence')},
     ${text("json_extract(n.content_json, '$')", 'content')}
   FROM api_news n`,
];

/** Every view above, for tests and docs. */
export const ANALYST_VIEWS = ['ipo_calendar', 'offerings', 'advisers', 'expiry_calendar', 'ipo_outcomes', 'underwriters', 'filings', 'news'] as const;
