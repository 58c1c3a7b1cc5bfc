import { string, type JsonSchema } from './json-schema.ts';
import { CALENDAR_KINDS, COMPANY_KINDS, DEAL_EVENT_TYPES, OFFERING_STATUSES } from './vocabulary.ts';

/**
 * Query-parameter schemas, one closed object per endpoint. ajv validates requests against these
 * (coercing strings) and the OpenAPI document lists the same properties as parameters.
 * `x-explode` tells the document generator how an array parameter is written in the URL.
 */

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Longest request target (path and query) served; a longer one is a 414. */
export const MAX_URL_BYTES = 8 * 1024;
/** Largest request head (request line and headers); a larger one is a 431. */
export const MAX_HEADER_BYTES = 32 * 1024;
/** Filings and news embedded in a company detail, newest first; the rest are a link to the list away. */
export const DETAIL_EMBEDDED_ITEMS = 20;

export const COMPANY_LIST_INCLUDES = ['latest_terms', 'classification', 'consensus'] as const;
export const COMPANY_DETAIL_INCLUDES = [
  'latest_terms',
  'classification',
  'consensus',
  'filings',
  'news',
  'financial_snapshot',
  'lockup_schedule',
  'price_history',
  'offerings',
] as const;
export const FILING_INCLUDES = ['ai_enrichment', 'terms'] as const;
export const NEWS_INCLUDES = ['content'] as const;
export const SCOPES = ['ipo', 'all'] as const;
export const MARKETS = ['all', 'exchange', 'otc', 'unknown'] as const;
export const OUTCOME_STATUSES = ['partial', 'complete'] as const;

/**
 * Free-text parameters refuse control characters (C0 and DEL): SQLite's LIKE and FTS5 read text up
 * to a NUL, so `%00` would turn a filter into "match everything" or a syntax error, and no name,
 * ticker, form type or source holds one. The validator reports this pattern by its meaning.
 */
export const PRINTABLE_TEXT_PATTERN = '^[^\\u0000-\\u001F\\u007F]*$';
const text = (extra: JsonSchema): JsonSchema =>
  string({ ...extra, pattern: PRINTABLE_TEXT_PATTERN, description: `${extra.description as string} Control characters are a 400.` });

const limit: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_PAGE_SIZE,
  default: DEFAULT_PAGE_SIZE,
  description: `Page size, 1 to ${MAX_PAGE_SIZE}; default ${DEFAULT_PAGE_SIZE}.`,
};
const cursor = text({
  minLength: 1,
  maxLength: 1024,
  description:
    'Opaque keyset cursor from a previous response\'s next_cursor, signed and bound to this endpoint. Repeat the same filters when passing it. A malformed, tampered or other-endpoint cursor is a 400.',
});
const date = (description: string): JsonSchema => string({ format: 'date', description });
const timestamp = (description: string): JsonSchema =>
  string({
    // Each alternative typed, so the document (and clients generated from it) say string, not unknown.
    anyOf: [string({ format: 'date' }), string({ format: 'date-time' })],
    description: `${description} ISO-8601: a date (YYYY-MM-DD) or a date-time with offset (2017-03-02T14:30:00Z).`,
  });
const includeOf = (tokens: readonly string[]): JsonSchema => ({
  type: 'array',
  items: { type: 'string', enum: [...tokens] },
  'x-explode': false,
  description: `Comma-separated enrichment tokens: ${tokens.join(', ')}. Unknown tokens and empty items are a 400.`,
});
const cik = string({
  pattern: '^(\\d{1,10}|V-[A-Za-z0-9.-]+-\\d{4}-\\d{2}-\\d{2})$',
  description: 'SEC CIK, with or without leading zeros (or the V-… identifier of a company known only from a vendor IPO table row).',
});
const companyName = text({ minLength: 1, maxLength: 200, description: 'Case-insensitive contains match on the company name.' });
const namePrefix = text({ minLength: 1, maxLength: 200, description: 'Case-insensitive prefix match on the company name.' });
const ticker = text({
  minLength: 1,
  maxLength: 20,
  description:
    "Ticker symbol (any case); matches every ticker a company is known by. A class, unit, warrant or preferred suffix may be written as the exchanges or the SEC write it: BRK.B, BRK/B, BRK B and BRK-B name one security; so do LCW.U and LCW-UN (units), LCW.WS and LCW-WT (warrants), NS PR B and NS-PB (preferred). Units written the Nasdaq way (LCWU, TPGHU: a fourth or fifth letter U with no separator) name LCW-U or TPGH-U when no company is known by the symbol as written.",
});

function params(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', additionalProperties: false, properties };
}

export const ArticleFeedQuerySchema = params({ limit });

export const CompanyListQuerySchema = params({
  limit,
  cursor,
  q: text({
    minLength: 1,
    maxLength: 200,
    description:
      'Full-text search over company names (the current one and every other name EDGAR gave the company: former names, names it filed under, the title in the SEC ticker file; and the name each of its offerings is served under, a vendor list\'s name of the day included: ShotSpotter Inc for SoundThinking) and tickers; every term must match and the final term is prefix-matched. Search syntax in the input is treated as plain text.',
  }),
  company_name: companyName,
  name_prefix: namePrefix,
  ticker,
  offering_status: string({ enum: [...OFFERING_STATUSES], description: 'Exact offering status (ApiCompany.offeringStatus); an unknown value is a 400 naming the allowed ones.' }),
  scope: string({ enum: [...SCOPES], default: 'all', description: 'ipo = IPO-family deals only; all (default) = every deal row.' }),
  market: string({
    enum: [...MARKETS],
    default: 'all',
    description:
      'Normalised market family of the listing venue, read from the served exchange: consensus.exchange (the exchange at listing), else exchangeHint (today\'s market), else latestTerms.exchangeHint (the market the latest prospectus cover names, as a resale or follow-on of a listed company states it): exchange = NYSE, NYSE American, NYSE Arca, any Nasdaq tier or Cboe; otc = quoted over the counter (OTC Bulletin Board, OTC Markets, Pink); unknown = no exchange known; all (default) = no filter. An unknown value is a 400 naming the allowed ones.',
  }),
  kind: {
    type: 'array',
    items: { type: 'string', enum: [...COMPANY_KINDS] },
    'x-explode': true,
    description:
      'Company kind, from the current deal\'s type: spac (blank-check evidence: SIC 6770, units at $10.00, a blank-check name, the vendor\'s blank-check subgroup), funds (fund evidence: an N-2, an issuer named a fund — Reg A Tier 2 funds included —, the vendor\'s fund classifications), follow_on, operating (IPOs, direct listings, uplistings, Reg A offerings of operating companies). A company whose current deal is of no kind (a registration the data cannot type, dealType unknown; a co-registrant of another issuer\'s statement; debt; a business combination) matches none: every kind together is not the same as no filter. Repeat (kind=a&kind=b) or comma-separate (kind=a,b) for any of several.',
  },
  include: includeOf(COMPANY_LIST_INCLUDES),
  updated_since: timestamp(
    'Companies whose updatedAt is at or after this instant. Polled with the previous answer\'s ETag in If-None-Match, a cheap change feed: a 304 until the projector commits (see Change feed in the API description).',
  ),
  gross_proceeds_gt: {
    type: 'number',
    exclusiveMinimum: 0,
    description:
      'Gross proceeds strictly greater than this, compared with what the company serves: consensus.grossProceeds (stated in the final prospectus, else the vendor row), else the range midpoint × shares offered; companies with neither are excluded. The served values mix bases (consensus.grossProceedsBasis): a prospectus\'s total is its base deal, a vendor\'s offer size may include the over-allotment sold, so a deal near the bound may fall on either side depending on its source.',
  },
  gross_proceeds_lt: { type: 'number', exclusiveMinimum: 0, description: 'Gross proceeds strictly less than this, compared with the same served value (whose basis consensus.grossProceedsBasis states).' },
  listing_date_from: date('Extension: companies whose served listing date (consensus.listingDate) is on or after this date (YYYY-MM-DD); companies without one are excluded.'),
  listing_date_to: date('Extension: companies whose served listing date is on or before this date (YYYY-MM-DD).'),
  latest_filing_date_from: date('Extension: companies whose latestFilingDate is on or after this date (YYYY-MM-DD); companies known only from a vendor row have none and are excluded.'),
  latest_filing_date_to: date('Extension: companies whose latestFilingDate is on or before this date (YYYY-MM-DD).'),
});

export const CompanyDetailQuerySchema = params({
  include: includeOf(COMPANY_DETAIL_INCLUDES),
  as_of: date(
    'Extension: for a ticker several companies held over time (tickers are recycled), the company that traded under it on this date (YYYY-MM-DD). Without it a ticker names its current holder in SEC data, else its primary holder, else the latest filer.',
  ),
});

/** The page and name parameters every list endpoint but companies and articles shares (spec §4.0). */
const LIST_NAME_FILTERS = { limit, cursor, cik, company_name: companyName, name_prefix: namePrefix, ticker };

export const FilingListQuerySchema = params({
  ...LIST_NAME_FILTERS,
  form_type: text({ minLength: 1, maxLength: 40, description: 'Exact SEC form type, any case (S-1, S-1/A, 424B4, …).' }),
  filing_date_from: date('Filings filed on or after this date (YYYY-MM-DD).'),
  filing_date_to: date('Filings filed on or before this date (YYYY-MM-DD).'),
  include: includeOf(FILING_INCLUDES),
});

export const NewsListQuerySchema = params({
  ...LIST_NAME_FILTERS,
  published_at_from: timestamp('News published at or after this instant. An item whose publication date is unknown (publishedAtSource first_seen) never matches.'),
  published_at_to: timestamp(
    'News published at or before this instant; a bare date includes that whole UTC day. An item whose publication date is unknown matches when it was first observed by then (it was published before).',
  ),
  provider: text({ minLength: 1, maxLength: 100, description: 'Exact news provider id.' }),
  source_name: text({ minLength: 1, maxLength: 200, description: 'Exact source (publication) name.' }),
  include: includeOf(NEWS_INCLUDES),
});

export const OutcomeListQuerySchema = params({
  ...LIST_NAME_FILTERS,
  status: string({ enum: [...OUTCOME_STATUSES], description: 'partial = some horizon is not known: the first week has not passed in the data\'s bars, or the outcome is vendor-stated (day1ReturnSource vendor_close or vendor_stated: no bars at all, only the first day); complete = every horizon known from bars.' }),
  trading_start_date_from: timestamp('Outcomes whose first trading day is on or after the date part of this value.'),
  trading_start_date_to: timestamp('Outcomes whose first trading day is on or before the date part of this value.'),
});

/** The filters of the expiry calendar, shared by its list and its Atom and iCalendar feeds. */
const CALENDAR_FILTERS = {
  cik,
  company_name: companyName,
  name_prefix: namePrefix,
  ticker,
  kind: string({ enum: [...CALENDAR_KINDS], description: 'lockup = lock-up expiries only; quiet_period = research quiet-period expiries only; default both. An unknown value is a 400 naming the allowed ones.' }),
  expiry_date_from: date('Entries whose expiryDate is on or after this date (YYYY-MM-DD): today\'s date lists the coming expiries.'),
  expiry_date_to: date('Entries whose expiryDate is on or before this date (YYYY-MM-DD).'),
};

export const CalendarListQuerySchema = params({ limit, cursor, ...CALENDAR_FILTERS });

/** The feeds hold every entry the filters select (no pages): a calendar application subscribes to one URL. */
export const CalendarFeedQuerySchema = params(CALENDAR_FILTERS);

/** Most companies one event stream (or webhook) follows by CIK or by ticker. */
export const MAX_FOLLOWED = 100;

const listOf = (item: JsonSchema, description: string, maxItems = MAX_FOLLOWED): JsonSchema => ({
  type: 'array',
  items: item,
  maxItems,
  'x-explode': false,
  description: `${description} Comma-separated (a,b) and/or repeated; at most ${maxItems}; an empty item is a 400.`,
});

/** GET /api/v1/events: which deal events the stream sends (every filter given must match), and from where. */
export const EventStreamQuerySchema = params({
  after: {
    type: 'integer',
    minimum: 0,
    maximum: 999_999_999_999_999,
    description:
      'Events after this id (0 = from the first). The stream: where to start when no Last-Event-ID header is sent (a reconnecting client sends the header, which wins); without either it starts after the newest event, live. The JSON page: default 0; pass the previous page\'s `last_event_id`.',
  },
  limit: { ...limit, description: `JSON page only: events per page, 1 to ${MAX_PAGE_SIZE}; default ${DEFAULT_PAGE_SIZE}. The stream sends every event.` },
  type: listOf(
    string({ enum: [...DEAL_EVENT_TYPES] }),
    `Event types to send: ${DEAL_EVENT_TYPES.join(', ')}; default all. An unknown type is a 400 naming the allowed ones.`,
    DEAL_EVENT_TYPES.length,
  ),
  cik: listOf(cik, 'Only events of these companies (SEC CIKs with or without leading zeros, or V-… identifiers); articles belong to no company.'),
  ticker: listOf(
    text({ minLength: 1, maxLength: 20, description: 'Ticker symbol (any case).' }),
    'Only events of the companies known by these tickers (every ticker a company is known by, as the ticker filter of the lists; BRK-B, BRK.B, BRK/B name one security), matched when the event is sent: a company that gains a ticker later is followed from then on, its earlier events included.',
  ),
});
