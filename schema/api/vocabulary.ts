/**
 * The closed vocabularies of the API, each one `as const` list: the types derive from the lists,
 * the wire types and the JSON Schemas' enums use them, and a switch over one ends in assertNever
 * (schema/exhaustive.ts). Adding a value here is a contract change documented in the OpenAPI text.
 */

/** A deal's own lifecycle status, in the order a deal moves through them (withdrawn can follow any). */
export const DEAL_STATUSES = ['draft', 'filed', 'amended', 'launched', 'effective', 'priced', 'listed', 'withdrawn'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** Shown over a deal that never priced: idle 90 days (stale), 270 (dormant), effective without a final prospectus (postponed). */
export const DEAL_OVERLAYS = ['stale', 'postponed', 'dormant'] as const;
export type DealOverlay = (typeof DEAL_OVERLAYS)[number];

/** How a company's story ended after listing. */
export const COMPANY_END_STATUSES = ['combined', 'delisted'] as const;
export type CompanyEndStatus = (typeof COMPANY_END_STATUSES)[number];

/** A company's offering status (spec: "not shown"; documented in the OpenAPI document). */
export const OFFERING_STATUSES = ['none', ...DEAL_STATUSES, ...DEAL_OVERLAYS, ...COMPANY_END_STATUSES] as const;
export type OfferingStatus = (typeof OFFERING_STATUSES)[number];

/** What kind of offering one deal is (domain.md §2.4; projector/offering/deal-type.derive.ts). */
export const DEAL_TYPES = [
  'ipo',
  'spac',
  'direct_listing',
  'uplisting',
  'follow_on',
  'reg_a',
  'fund',
  'resale',
  'debt',
  'business_combination',
  'co_registrant',
  'other',
  'unknown',
] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/** The `kind` filter of /companies: what the company's current deal makes it. */
export const COMPANY_KINDS = ['operating', 'spac', 'funds', 'follow_on'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

/** Published article kinds (spec §2: sourceKind). */
export const ARTICLE_KINDS = ['daily_spotlight', 'weekly_review', 'quarterly_review'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/**
 * Jay Ritter's exclusions from an academic IPO sample (IPO statistics, Table 8 note; see
 * docs/research-grade): an offering carrying none of these is in his operating-company sample.
 */
export const RITTER_EXCLUSIONS = [
  'unit_offer',
  'adr',
  'reit',
  'closed_end_fund',
  'spac',
  'bank_or_thrift',
  'limited_partnership',
  'offer_price_under_5',
] as const;
export type RitterExclusion = (typeof RITTER_EXCLUSIONS)[number];

/**
 * What a foreign issuer's offering listed (projector/offering/listed-security.derive.ts): `ads`, American
 * depositary shares a US depositary issues against its shares; `shares`, its own ordinary or common
 * shares listed directly (Herbalife, Ferrari's N.V. shares, a Canadian company's common shares);
 * `unknown`, a foreign issuer whose listed security no evidence shows. Ritter's sample excludes ADRs
 * only, so an unknown one is left out of it, as an offering without a known offer price is.
 */
export const FOREIGN_LISTINGS = ['ads', 'shares', 'unknown'] as const;
export type ForeignListing = (typeof FOREIGN_LISTINGS)[number];

/** Where an offering is known from: EDGAR filings, or only a vendor IPO row (no registration in the data). */
export const OFFERING_SOURCES = ['edgar', 'vendor'] as const;
export type OfferingSource = (typeof OFFERING_SOURCES)[number];

/**
 * What a gross proceeds value counts: `base_deal`, the shares a final prospectus's cover totals (its
 * "Total" excludes the underwriters' over-allotment option; an S-1MEF's added shares count);
 * `vendor_offer_size`, the size a vendor reports after the closing (Bloomberg's "Offer Size (M)"),
 * which counts the over-allotment shares exercised for some deals and not for others, without saying
 * which: Twitter's $2,093M is 80.5M shares × $26 (its 70M-share base deal and 10.5M option shares),
 * Facebook's $16,007M its base deal (421.2M shares × $38), as are Lyft's, Uber's and DoorDash's.
 */
export const GROSS_PROCEEDS_BASES = ['base_deal', 'vendor_offer_size'] as const;
export type GrossProceedsBasis = (typeof GROSS_PROCEEDS_BASES)[number];

/**
 * Where an outcome's first-day return comes from: `price_series`, offer → the first bar's close;
 * `vendor_close`, offer → the first close a vendor row states (the Yahoo list's close of its first
 * bar, when that bar is the first trade: Facebook's $38.23), for a deal the data holds no bars for;
 * `vendor_stated`, the vendor IPO table's own offer-to-first-close figure (Bloomberg's "Offer To 1st
 * Close", rounded: Facebook's 0.61003%), for a deal with neither bars nor a stated close.
 */
export const DAY1_RETURN_SOURCES = ['price_series', 'vendor_close', 'vendor_stated'] as const;
export type Day1ReturnSource = (typeof DAY1_RETURN_SOURCES)[number];

/**
 * Where an offering's `issuerNameAtOffering` comes from: `submissions`, EDGAR's submissions page (the
 * name, or a former name whose dates cover the offering's date); `filing`, the name the offering's own
 * filing carried (a daily-index row); `vendor_listing`, for a vendor offering, the issuer as the Yahoo
 * IPO list names it on its IPO date (abbreviated at times: "Fortress Transp & Infra Inv"), where
 * EDGAR does not name it for the day (projector/company/vendor-symbol.derive.ts).
 */
export const ISSUER_NAME_SOURCES = ['submissions', 'filing', 'vendor_listing'] as const;
export type IssuerNameSource = (typeof ISSUER_NAME_SOURCES)[number];

/**
 * What an offering's `statusAsOf` is the date of (projector/company/status-as-of.derive.ts): `filing`,
 * the company's newest filing; `daily_bar`, its last daily bar; `vendor_trade_date`, a vendor row's
 * trade date (a status no later evidence updates: a listing with only IPO-day evidence is listed as of
 * its IPO day); `vendor_ipo_date`, the IPO date a vendor row states when it dates no first trade (a Yahoo
 * row whose first bar is another security's history; the same reading as a trade date); `sec_ticker_file`, the day the data first saw company_tickers.json list the symbol that
 * ends the company (BIOCQ: delisted); `sec_submissions`, an end the submissions page's symbol shows,
 * whose observation the data does not date (statusAsOf null); `vendor_export`, an end a vendor export
 * shows (a bankrupt symbol, a SPAC filed under the business it combined with), which states no date of
 * its own (statusAsOf null: the status is as of a day after the company's other evidence);
 * `inactivity`, the first day a status of the clock held, when no evidence is later: dormant (the
 * 271st day after the registration's last activity), stale (the 91st), postponed (the day after the
 * 15th NYSE day from the EFFECT). `sec_ticker_file` also dates an idle registration the SEC's ticker
 * file shows listed: the day the data first saw it list the symbol (UTime's WTO).
 */
export const STATUS_AS_OF_SOURCES = ['filing', 'daily_bar', 'vendor_trade_date', 'vendor_ipo_date', 'sec_ticker_file', 'sec_submissions', 'vendor_export', 'inactivity', 'expected_first_trade'] as const;
export type StatusAsOfSource = (typeof STATUS_AS_OF_SOURCES)[number];

/**
 * Where a news item's `publishedAt` came from (projector/news/published-at.derive.ts). Only
 * `first_seen` leaves the publication date unknown: `publishedAt` then holds the first observation.
 */
export const NEWS_DATE_SOURCES = ['provider', 'url_path', 'first_seen'] as const;
export type NewsDateSource = (typeof NEWS_DATE_SOURCES)[number];

/** Where a news item's `title` came from (projector/news/news-title.derive.ts); `untitled` serves an empty title. */
export const NEWS_TITLE_SOURCES = ['provider', 'description', 'untitled'] as const;
export type NewsTitleSource = (typeof NEWS_TITLE_SOURCES)[number];

/**
 * What a firm of a prospectus's `underwriters` is to the offering (projector/extract/fields/
 * syndicate-roles.extract.ts): a bookrunner (a representative of the underwriters, a book-running
 * manager, the cover's top tier of banks, or a sole underwriter), a co-manager (the cover's lower
 * tiers, or a tier labelled co-manager or lead manager), another member of the syndicate (named only
 * in the allocation table), or the placement or sales agent of a best-efforts or at-the-market sale.
 */
export const UNDERWRITER_ROLES = ['bookrunner', 'co_manager', 'syndicate_member', 'placement_agent', 'sales_agent'] as const;
export type UnderwriterRole = (typeof UNDERWRITER_ROLES)[number];

/**
 * Where a prospectus's lead-left bookrunner was read, or why there is none. Read: `cover` (the first
 * name of the cover's top tier of bookrunners), `representatives` (the first representative or
 * book-running manager the underwriting section names, when the cover prints no bank of the
 * syndicate), `sole_underwriter`, `allocation_table` (the table's first row, when nothing else says).
 * Null: `no_underwriters` (the document names none), `agented_offering` (placement or sales agents
 * sell it: there is no book), `not_stated` (underwriters named, none of the above says who leads).
 */
export const LEAD_LEFT_SOURCES = ['cover', 'representatives', 'sole_underwriter', 'allocation_table', 'no_underwriters', 'agented_offering', 'not_stated'] as const;
export type LeadLeftSource = (typeof LEAD_LEFT_SOURCES)[number];

/**
 * Where a prospectus's fee figures (underwriting discount, proceeds before expenses) were read, or why
 * they are null (projector/extract/fields/cover-fees.extract.ts): `cover_table` (the cover's price
 * table states them), `blank_cover_table` (the table is there, its cells left blank: a preliminary
 * prospectus before pricing), `no_cover_table` (the cover has no price table: a resale at market
 * prices, a shelf's base prospectus, an at-the-market program).
 */
export const FEES_SOURCES = ['cover_table', 'blank_cover_table', 'no_cover_table'] as const;
export type FeesSource = (typeof FEES_SOURCES)[number];

/**
 * Where a prospectus's estimated offering expenses were read, or why they are null
 * (projector/extract/fields/offering-expenses.extract.ts): `prospectus` (the Underwriting or Plan of
 * Distribution section's estimate), `registration_statement` (the total of Part II's "Other Expenses of
 * Issuance and Distribution"), `blank` (a statement or table is there, its amount left blank or "to
 * be filed by amendment"), `not_stated` (the document states none).
 */
export const OFFERING_EXPENSES_SOURCES = ['prospectus', 'registration_statement', 'blank', 'not_stated'] as const;
export type OfferingExpensesSource = (typeof OFFERING_EXPENSES_SOURCES)[number];

/**
 * What an adviser named in a prospectus is to the offering (the `advisers` view): the issuer's counsel
 * and the underwriters' (or agents') counsel from "Legal Matters", the issuer's auditor from "Experts".
 */
export const ADVISER_ROLES = ['issuer_counsel', 'underwriters_counsel', 'auditor'] as const;
export type AdviserRole = (typeof ADVISER_ROLES)[number];

/**
 * What a deal event says happened (GET /api/v1/events, webhooks; projector/company/deal-events.derive.ts):
 * a company first served, a filing served, a registration statement that opens a deal, a price range
 * first stated or changed, a deal priced (final prospectus), listed (first trade), withdrawn, the
 * company delisted or combined (a SPAC's business combination), an article published.
 */
export const DEAL_EVENT_TYPES = [
  'company',
  'filing',
  'registration',
  'range_set',
  'range_revised',
  'priced',
  'listed',
  'withdrawn',
  'delisted',
  'combined',
  'article',
] as const;
export type DealEventType = (typeof DEAL_EVENT_TYPES)[number];

/**
 * The one stream message that is not a deal event: the client's position (Last-Event-ID or `after`)
 * is ahead of the change log the answering API process serves. Not a deal type, so a client that
 * listens to deal types never mistakes it for one.
 */
export const POSITION_AHEAD_EVENT = 'position_ahead';

/** What an expiry calendar entry marks (GET /api/v1/calendar, the expiry_calendar view): a lock-up tranche's end, or the research quiet period's. */
export const CALENDAR_KINDS = ['lockup', 'quiet_period'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/**
 * Where an entry's period comes from: `prospectus` (lock-up terms read from the offering's
 * prospectus), `assumed_default` (no lock-up terms were read: 180 days, market practice for an
 * IPO, labelled as assumed), `rule` (a quiet period the research rule in force at listing sets),
 * `market_custom` (a quiet period the syndicates' custom sets where the rule asks less or exempts
 * the issuer: 25 days, the date IPO calendars publish).
 */
export const CALENDAR_TERMS_SOURCES = ['prospectus', 'assumed_default', 'rule', 'market_custom'] as const;
export type CalendarTermsSource = (typeof CALENDAR_TERMS_SOURCES)[number];

/**
 * The research quiet-period rule in force on the listing date: `nasd_2711` (from 2002-07-09: 40
 * days after the IPO for managers and co-managers) and `finra_2241` (from 2015-12-24: 10 days for
 * every participating underwriter or dealer).
 */
export const QUIET_PERIOD_RULES = ['nasd_2711', 'finra_2241'] as const;
export type QuietPeriodRule = (typeof QUIET_PERIOD_RULES)[number];
