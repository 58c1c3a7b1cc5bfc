import {
  nullableBoolean,
  nullableInteger,
  nullableNumber,
  nullableString,
  nullableStringArray,
  object,
  orNull,
  string,
  stringArray,
  type JsonSchema,
} from './json-schema.ts';
import { DETAIL_EMBEDDED_ITEMS, MAX_HEADER_BYTES, MAX_URL_BYTES } from './params.schema.ts';
import { ISSUER_STRUCTURE_FLAGS } from './types.ts';
import { FEES_AND_ADVISERS } from './fees-advisers.schema.ts';
import {
  ARTICLE_KINDS,
  DEAL_OVERLAYS,
  CALENDAR_KINDS,
  CALENDAR_TERMS_SOURCES,
  DEAL_STATUSES,
  DEAL_TYPES,
  DAY1_RETURN_SOURCES,
  GROSS_PROCEEDS_BASES,
  ISSUER_NAME_SOURCES,
  STATUS_AS_OF_SOURCES,
  LEAD_LEFT_SOURCES,
  NEWS_DATE_SOURCES,
  NEWS_TITLE_SOURCES,
  OFFERING_SOURCES,
  OFFERING_STATUSES,
  QUIET_PERIOD_RULES,
  RITTER_EXCLUSIONS,
  FOREIGN_LISTINGS,
  UNDERWRITER_ROLES,
} from './vocabulary.ts';

/** Response shapes of the API (mirrors types.ts). Keys are the OpenAPI component names. */

/** A 10-digit SEC CIK, or the identifier of a company known only from a vendor IPO table row. */
export const COMPANY_ID_PATTERN = '^(\\d{10}|V-[A-Z0-9.-]+-\\d{4}-\\d{2}-\\d{2})$';
const COMPANY_ID_DESCRIPTION =
  '10-digit zero-padded SEC CIK. A company known only from a vendor IPO table row (its CIK is in no EDGAR data the service holds) has `V-<ticker>-<trade date>` instead; it is replaced by the CIK once EDGAR data names the company.';

export const ApiErrorInfoSchema = object(
  {
    code: string({
      enum: [
        'invalid_request',
        'unauthorized',
        'not_found',
        'method_not_allowed',
        'not_acceptable',
        'request_timeout',
        'uri_too_long',
        'headers_too_large',
        'rate_limited',
        'service_unavailable',
        'internal_error',
      ],
      description: `Closed set: invalid_request (400: bad, unknown or repeated query parameter, malformed or tampered cursor, malformed Accept or Last-Event-ID header, malformed HTTP), unauthorized (401), not_found (404: unknown route or company), method_not_allowed (405), not_acceptable (406: a list's Accept header admits neither JSON nor CSV), request_timeout (408: the request head did not arrive in time), uri_too_long (414: request target over ${MAX_URL_BYTES} bytes), headers_too_large (431: request line and headers over ${MAX_HEADER_BYTES} bytes), rate_limited (429), service_unavailable (503: no read database published yet), internal_error (500; never carries internal messages).`,
    }),
    message: string(),
    details: {
      description:
        'For invalid_request: an array of {parameter, message}, one element per offending query parameter (including "cursor", unknown parameters, and a one-value parameter given more than once), the message then starting `Invalid query parameter(s):`; or one naming the request header (`Accept`, `Last-Event-ID`) when it is malformed, the message then `Invalid <header> header`. Otherwise absent or null.',
    },
  },
  ['details'],
  { description: 'What went wrong: a code from a closed set and a message for people.' },
);

export const ApiErrorSchema = object({ error: ApiErrorInfoSchema });

export const ApiMetaSchema = object({ count: { type: 'integer', minimum: 0, description: 'Number of items in `data` on this page.' } });

export const ApiCompanySchemaBase: Record<string, JsonSchema> = {
  cik: string({ description: COMPANY_ID_DESCRIPTION, pattern: COMPANY_ID_PATTERN }),
  name: string(),
  updatedAt: nullableString({ format: 'date-time', description: 'ISO-8601 timestamp of the last change to this company row.' }),
  latestFormType: nullableString(),
  latestFilingDate: nullableString({ format: 'date', description: 'YYYY-MM-DD.' }),
  offeringStatus: string({
    enum: [...OFFERING_STATUSES],
    description:
      "Lifecycle of the current deal. A company known only from a vendor IPO table row (linked by a company_tickers.json ticker and a matching name, with no EDGAR filings or submissions yet) is listed once a daily bar exists on or after the vendor's trade date, else priced; once EDGAR shows a registration deal for the company, the status comes from EDGAR (a vendor row still gives the status of a company EDGAR knows only from unrelated filings such as Form 4s). An EDGAR deal that priced or went effective is listed from its first trade, its first daily bar or its vendor row's trade date (within ten days after its pricing), so a status never precedes the consensus.listingDate served beside it.",
  }),
  dealType: string({ enum: [...DEAL_TYPES] }),
  tickerHint: nullableString(),
  exchangeHint: nullableString(),
  sicDescription: nullableString(),
};

const GROSS_PROCEEDS_ESTIMATE: JsonSchema = {
  ...nullableNumber(),
  description:
    'Extension: price-range midpoint × shares offered, when the document states a range but no fixed price. An estimate, never a stated amount; `grossProceeds` is only the stated total or the fixed price × shares.',
};

export const ApiLatestTermsCompactSchema = object({
  offeringPrice: nullableNumber(),
  priceRangeLow: nullableNumber(),
  priceRangeHigh: nullableNumber(),
  grossProceeds: nullableNumber(),
  grossProceedsEstimate: GROSS_PROCEEDS_ESTIMATE,
  totalSharesOffered: nullableNumber(),
  structure: nullableString(),
});

export const ApiClassificationSchema = object({
  calendarEligibility: orNull(string({ enum: ['include', 'exclude', 'review'] })),
  issuerKind: nullableString(),
  listingPath: nullableString(),
  confidence: nullableNumber(),
});

/** The exchange at listing, as consensus.exchange and an outcome's exchange serve it. */
const EXCHANGE_AT_LISTING =
  'The exchange the company listed on at its IPO: the exchange\'s own certification of the listing (CERTNYS, CERTNAS … or a CERT its filer names), else the IPO prospectus cover\'s listing sentence, else today\'s market from SEC\'s current files; one name per market (NYSE, Nasdaq, NYSE American, NYSE Arca, Cboe BZX, Cboe, OTC). Null when none of them names one.';

/** What a served gross proceeds value counts, beside it (consensus and each offering). */
const GROSS_PROCEEDS_BASIS = {
  ...orNull(string({ enum: [...GROSS_PROCEEDS_BASES] })),
  description:
    'Extension: what grossProceeds counts. base_deal: the shares a final prospectus (or a fixed-price registration) totals on its cover, without the underwriters\' over-allotment option (an S-1MEF\'s added shares count), the basis of Ritter\'s proceeds; vendor_offer_size: the vendor IPO table\'s offer size (Bloomberg\'s Offer Size), which counts the option shares exercised by the closing for some deals and not for others, and does not say which: Twitter\'s $2,093M is 80.5M shares × $26, its base deal 70M shares, $1,820M; Facebook\'s $16,007M is its base deal, 421.2M shares × $38, as are Lyft\'s, Uber\'s and DoorDash\'s. Null when grossProceeds is null. A sum or comparison across offerings of both bases mixes them: filter on one basis.',
};

export const ApiConsensusSchema = object({
  ticker: nullableString({
    description:
      'The company\'s symbol, by the first source that lists one: its submissions page\'s first ticker, the SEC\'s company_tickers.json, a read prospectus\'s, else its vendor row\'s (the IPO\'s symbol as ipo_outcomes.ticker gives it); never with a bankruptcy marker (Acorda\'s ACORQ as ACOR). It is the company\'s, not the symbol the IPO listed under, which the IPO offering\'s listingSymbol and ipo_calendar.ticker serve: DiamondHead Holdings\' units DHHCU, where the company it became, United Homes Group, is UHG.',
  }),
  exchange: nullableString({ description: `${EXCHANGE_AT_LISTING} \`sourceSummary.exchange\` says which, or why it is null.` }),
  listingDate: nullableString({ format: 'date' }),
  offerPrice: nullableNumber(),
  offerPriceLow: nullableNumber(),
  offerPriceHigh: nullableNumber(),
  totalShares: nullableNumber({
    description:
      'Shares offered, from the document the price and proceeds stand on: the final prospectus when read, or the registration\'s latest prospectus while no other source gave the price or the proceeds (a deal in registration: the shares beside its range). Null beside a vendor\'s price or offer size: a preliminary\'s count is another deal\'s size (Unicycive\'s S-1/A 4,550,000 beside the vendor\'s $5.00 and $25.0M), and the vendor states no share count (its offer size is dollars, rounded, and may count the over-allotment). sourceSummary.edgar keeps what the document said.',
  }),
  grossProceeds: nullableNumber({ description: 'Gross proceeds in USD: the latest read prospectus\'s stated total (or fixed price × shares), else the vendor IPO table\'s offer size; grossProceedsBasis says which basis.' }),
  grossProceedsBasis: GROSS_PROCEEDS_BASIS,
  resolvedAt: string({ format: 'date-time' }),
  sourceSummary: {
    type: 'object',
    additionalProperties: nullableString(),
    description:
      'Source name → value it reported; `exchange`: the evidence `exchange` rests on (filing, accession number, date), or why it is unknown. The vendor IPO table\'s entry names its issuer as the vendor did at its export, which may be a later name than the one the issuer had at its IPO (a SPAC under the name of the company it merged with): see the offering\'s issuerNameAtOffering.',
  },
});

const issuerStructureFlags = orNull({ type: 'array', items: string({ enum: [...ISSUER_STRUCTURE_FLAGS] }) });

/**
 * The syndicate's roles, read from the same document as `underwriters` and named by the same
 * canonical-name rule (projector/extract/fields/syndicate-roles.extract.ts).
 */
const SYNDICATE_ROLES: Record<string, JsonSchema> = {
  underwriterRoles: orNull({
    type: 'array',
    items: string({ enum: [...UNDERWRITER_ROLES] }),
    description:
      "Extension: what each firm of `underwriters` is to the offering, in the same order. bookrunner: named a representative of the underwriters or a (joint, sole) book-running manager in the underwriting section, or printed in a tier of the cover's banks that is labelled book-running managers or holds a representative (the top tier when none does), or the sole underwriter; co_manager: printed in a tier labelled co-managers or lead manager, or in an unlabelled tier below the bookrunners; syndicate_member: in the allocation table and named as no manager; placement_agent, sales_agent: the agents of a best-efforts or at-the-market sale. Null when `underwriters` is null.",
  }),
  bookrunners: nullableStringArray({
    description: 'Extension: the firms of `underwriters` whose role is bookrunner, in its order; empty when agents sell the offering; null when `underwriters` is null.',
  }),
  coManagers: nullableStringArray({
    description: 'Extension: the firms of `underwriters` whose role is co_manager, in its order; empty when there are none or agents sell the offering; null when `underwriters` is null.',
  }),
  leadLeftBookrunner: nullableString({
    description:
      "Extension: the lead-left bookrunner, as named in `underwriters`: the first (left-most) name of the cover's top tier of bookrunners; else the first representative or book-running manager the underwriting section names; else the sole underwriter; else the allocation table's first row (US practice lists the lead-left first). `leadLeftBookrunnerSource` says which, or why it is null.",
  }),
  leadLeftBookrunnerSource: string({
    enum: [...LEAD_LEFT_SOURCES],
    description:
      'Extension: where `leadLeftBookrunner` was read (cover, representatives, sole_underwriter, allocation_table), or why it is null: no_underwriters (the document names none), agented_offering (placement or sales agents sell the offering: there is no book), not_stated (underwriters are named but nothing says who leads).',
  }),
};

export const ApiTermsExtendedSchema = object({
  confidence: nullableNumber(),
  offeringPrice: nullableNumber(),
  priceRangeLow: nullableNumber(),
  priceRangeHigh: nullableNumber(),
  totalSharesOffered: nullableNumber(),
  grossProceeds: nullableNumber(),
  grossProceedsEstimate: GROSS_PROCEEDS_ESTIMATE,
  overAllotmentShares: nullableNumber(),
  shareClass: nullableString(),
  securityDescription: nullableString(),
  exchangeHint: nullableString(),
  tickerHint: nullableString(),
  unitDescription: nullableString(),
  warrantSummary: nullableString(),
  useOfProceedsSummary: nullableString(),
  isPrimaryOffering: nullableBoolean(),
  isSecondaryOffering: nullableBoolean(),
  isSellingStockholdersOnly: nullableBoolean(),
  issuerStructureFlags,
  underwriters: nullableStringArray({
    description:
      "The firms that distribute the offering, lead first, one canonical name per bank: the underwriting section's allocation table; else the placement or sales agents a sentence engages; else a sole underwriter a sentence names; else the banks printed at the foot of the cover. Null when the document names none.",
  }),
  underwritersAsPrinted: {
    ...nullableStringArray(),
    description: 'Extension: the underwriters as the document prints them; `underwriters` holds one canonical name per bank (BofA Securities and Merrill Lynch, Pierce, Fenner & Smith are one).',
  },
  ...SYNDICATE_ROLES,
  ...FEES_AND_ADVISERS,
});

/** Compact terms (filing list): the same fields as the extended form, a subset of its keys. */
const COMPACT_TERMS_KEYS = [
  'offeringPrice',
  'priceRangeLow',
  'priceRangeHigh',
  'totalSharesOffered',
  'grossProceeds',
  'exchangeHint',
  'tickerHint',
  'useOfProceedsSummary',
  'isPrimaryOffering',
  'isSecondaryOffering',
  'isSellingStockholdersOnly',
  'issuerStructureFlags',
  'underwriters',
  'bookrunners',
  'coManagers',
  'leadLeftBookrunner',
  'leadLeftBookrunnerSource',
] as const;
const extendedTermsProperties = ApiTermsExtendedSchema.properties as Record<string, JsonSchema>;
export const ApiTermsCompactSchema = object(Object.fromEntries(COMPACT_TERMS_KEYS.map((key) => [key, extendedTermsProperties[key]])));

export const ApiAiEnrichmentSchema = object({
  narrativeSummary: nullableString(),
  materialChanges: nullableStringArray(),
  riskFlags: nullableStringArray(),
  confidence: nullableNumber(),
});

export const ApiFinancialSnapshotSourceSchema = object(
  {
    accessionNumber: string(),
    filingDate: nullableString({ format: 'date' }),
    formType: nullableString(),
    extractedAt: nullableString({ format: 'date-time' }),
  },
  [],
  { description: 'The filing the financial snapshot was extracted from.' },
);

export const ApiFinancialSnapshotSchema = object(
  {
    cashAndCashEquivalents: nullableNumber(),
    cashAndMarketableSecurities: nullableNumber(),
    workingCapital: nullableNumber(),
    totalAssets: nullableNumber(),
    totalLiabilities: nullableNumber(),
    accumulatedDeficit: nullableNumber(),
    netLossLatestPeriod: nullableNumber(),
    netLossPriorPeriod: nullableNumber(),
    source: orNull(ApiFinancialSnapshotSourceSchema),
  },
  [],
  {
    description:
      'Extracted from regulatory filings. Values may reflect different period ends or accounting presentations; verify against the source filing.',
  },
);

export const ApiLockupTrancheSchema = object(
  {
    startDate: nullableString({
      format: 'date',
      description:
        'YYYY-MM-DD this tranche counts from: the schedule\'s startDate (the prospectus date), or the closing for a period the prospectus counts "following the closing" (Unicycive: priced 2021-07-12, closed 2021-07-15). The same start as its expiry-calendar entry.',
    }),
    days: { type: 'integer', minimum: 0, description: 'Length of the lock-up in calendar days after the tranche\'s startDate.' },
    shares: nullableNumber({ description: 'Shares released at expiry, when the prospectus states it.' }),
    description: string({ description: 'The prospectus wording this tranche was read from.' }),
    expiryDate: nullableString({ format: 'date', description: 'YYYY-MM-DD: the tranche\'s startDate + days.' }),
    firstSellableTradingDay: nullableString({ format: 'date', description: 'YYYY-MM-DD: the first NYSE trading day after expiryDate.' }),
  },
  [],
  { description: 'One lock-up expiry: shares that become sellable after a number of days.' },
);

export const ApiLockupScheduleSchema = object(
  {
    sourceAccessionNumber: string({ description: 'Accession number of the prospectus the lock-up terms were read from.' }),
    startDate: nullableString({ format: 'date', description: 'YYYY-MM-DD the prospectus date, from which the lock-up counts unless a tranche counts from the closing (its own startDate).' }),
    tranches: { type: 'array', items: ApiLockupTrancheSchema },
    earlyReleaseConditions: stringArray({ description: 'Early-release provisions quoted from the prospectus (waivers, earnings or price triggers).' }),
  },
  [],
  { description: 'Lock-up schedule (include token lockup_schedule). Null when no prospectus lock-up terms were found.' },
);

/** How the calendar's periods are set, in the words the OpenAPI document and the README repeat. */
export const QUIET_PERIOD_DESCRIPTION =
  'The research quiet period after an IPO: the days after the IPO date (the first trading day, which starts the count) during which the underwriters\' research analysts do not publish research on the issuer or appear in public about it; its end is when research initiations come. The days are chosen by the listing date\'s era: from 2015-12-24, 25 days by the syndicates\' custom (termsSource market_custom), the date IPO calendars publish, though FINRA Rule 2241(b)(2)(I) bars only 10 days for the participating underwriters and dealers and exempts emerging growth companies (rule finra_2241); from 2012-04-05, by what the offering\'s filings show (the issuer structure flag emerging_growth_company read from its prospectus, or a confidential draft submitted before 2017-07-10, which only emerging growth companies could): an emerging growth company, which the JOBS Act exempted from NASD Rule 2711, 25 days by custom (market_custom, rule nasd_2711), an issuer that was not one the rule\'s 40 days (rule, nasd_2711; Facebook\'s ran to 2012-06-27), and an IPO whose prospectus the data does not hold 25 days labelled assumed_default (most IPOs of those years were emerging growth companies); from 2002-07-09, NASD Rule 2711(f)\'s 40 days for the managers and co-managers (25 for other participants, not listed separately; termsSource rule, rule nasd_2711); before, 25 days, the custom the rule lengthened (market_custom, rule null). An offering whose first trading day the data does not hold has no quiet-period entry; direct listings have no underwriters and none either, nor do SPACs (a blank check has no business for research to initiate on). The SEC\'s prospectus-delivery periods (Rule 174: 25 or 40 days) are a different obligation and are not on the calendar.';
export const LOCKUP_EXPIRY_DESCRIPTION =
  'Lock-up expiries: each tranche of the offering\'s lock-up terms as read from its prospectus (include token lockup_schedule of the company detail: the same dates), counted from the prospectus (pricing) date (the EFFECT date, else the trading day before the final prospectus was filed, else the trading day before listing) or from the closing, as the terms say (termsSource prospectus). A tranche whose start is unknown has no entry. An IPO (dealType ipo) whose lock-up terms the data does not hold gets one entry of 180 days from the pricing date, the market practice, labelled termsSource assumed_default; SPACs (founder shares are locked until after the business combination), direct listings and uplistings without stated terms get none.';

export const ApiCalendarEntrySchema = object(
  {
    id: string({ description: 'Stable entry id, `<kind>:<cik>:<file number, or listed-<listing date> for a vendor offering>:<tranche>`; the iCalendar UID and the Atom entry id are built from it.' }),
    kind: string({ enum: [...CALENDAR_KINDS], description: 'lockup = a lock-up tranche ends; quiet_period = the research quiet period ends.' }),
    expiryDate: string({ format: 'date', description: 'YYYY-MM-DD: startDate + days, calendar days. A lock-up: the last day shares are locked (sellable from firstSellableTradingDay). A quiet period: the day research may come out, as IPO calendars date initiations (Snap: 2017-03-27).' }),
    firstSellableTradingDay: nullableString({ format: 'date', description: 'Lock-up: the first NYSE trading day after expiryDate. Null for a quiet period.' }),
    cik: string({ pattern: COMPANY_ID_PATTERN }),
    companyName: string(),
    ticker: nullableString({ description: 'The symbol the IPO listed under, as the company\'s outcome gives it (FB for Facebook\'s 2012 IPO; a SPAC\'s unit symbol), for the offering that outcome describes; else the company\'s primary ticker now.' }),
    dealType: string({ enum: [...DEAL_TYPES], description: 'The offering\'s deal type (an IPO-family type).' }),
    fileNumber: nullableString({ description: 'The offering\'s SEC file number; null for an offering known from a vendor row alone.' }),
    offeringSource: string({ enum: [...OFFERING_SOURCES] }),
    listingDate: nullableString({ format: 'date', description: 'The offering\'s first trading day, when known.' }),
    startDate: string({ format: 'date', description: 'YYYY-MM-DD the period counts from: the lock-up\'s start, or the listing date for a quiet period.' }),
    days: { type: 'integer', minimum: 0, description: 'Length of the period in calendar days.' },
    tranche: { type: 'integer', minimum: 1, description: '1-based position among the offering\'s entries of this kind.' },
    shares: nullableNumber({ description: 'Shares released at expiry, when the prospectus states it.' }),
    termsSource: string({ enum: [...CALENDAR_TERMS_SOURCES], description: 'prospectus = lock-up terms read from the prospectus; assumed_default = not stated but assumed: a lock-up with no terms read, 180 days (market practice), or a quiet period of 2012-04-05 to 2015-12-23 whose issuer\'s emerging-growth-company status no prospectus in the data states, 25 days; rule = a quiet period the rule named in `rule` sets; market_custom = a quiet period of 25 days the syndicates keep by custom where the rule asks less or exempts the issuer.' }),
    rule: { ...orNull(string({ enum: [...QUIET_PERIOD_RULES] })), description: 'Quiet period: the research rule in force at listing (finra_2241: 10 days, emerging growth companies exempt; nasd_2711: 40 days for managers and co-managers, emerging growth companies exempt from 2012-04-05), whatever the days the custom keeps; null before 2002-07-09 and for a lock-up.' },
    sourceAccessionNumber: nullableString({ description: 'The prospectus the lock-up terms were read from; null when assumed and for a quiet period.' }),
    description: string({ description: 'The prospectus sentence stating the period, or what was assumed, or the rule, in words.' }),
  },
  [],
  { description: `One expiry on the calendar. ${LOCKUP_EXPIRY_DESCRIPTION} ${QUIET_PERIOD_DESCRIPTION}` },
);

const priceSource: Record<string, JsonSchema> = {
  accessionNumber: nullableString({ description: 'The prospectus that stated it; null for a vendor row.' }),
  filingDate: nullableString({ format: 'date', description: 'YYYY-MM-DD filing date of that prospectus; null for a vendor row.' }),
  formType: nullableString({ description: 'S-1/A, F-1/A, 424B4, …; null for a vendor row.' }),
  source: string({ enum: ['edgar', 'vendor_ipo_table'], description: 'edgar = a prospectus read from EDGAR; vendor_ipo_table = a vendor IPO table row.' }),
};

export const ApiPriceRangeSchema = object(
  { low: { type: 'number' }, high: { type: 'number' }, ...priceSource },
  [],
  { description: 'A per-share price range one source stated for the offering.' },
);

export const ApiPriceRevisionSchema = object(
  {
    low: { type: 'number' },
    high: { type: 'number' },
    ...priceSource,
    previousLow: { type: 'number' },
    previousHigh: { type: 'number' },
    direction: string({ enum: ['raised', 'lowered', 'widened', 'narrowed'] }),
  },
  [],
  { description: 'A change of range: the filing that stated the new range (low, high) and the range it replaced.' },
);

export const ApiFinalPriceSchema = object(
  { price: { type: 'number' }, ...priceSource },
  [],
  { description: 'The offering price: the final prospectus (424B4/424B1) when read, else the latest price a source stated.' },
);

export const ApiPriceHistorySchema = object(
  {
    initialRange: {
      ...orNull(ApiPriceRangeSchema),
      description:
        'The first range the IPO\'s registration statement stated: served only when a read registration document states it and every registration filing of the deal filed before it was read and stated none. Null otherwise, including when the earliest range held is a vendor\'s (its last filing range) or an amendment whose earlier filings were not read: see earliestKnownRange.',
    },
    earliestKnownRange: {
      ...orNull(ApiPriceRangeSchema),
      description:
        'Extension: the earliest range the data holds, with its source and filing (a read S-1/A, or the vendor IPO table\'s filing range, which has no date of its own). Equals initialRange when that is known; null when no source states a range.',
    },
    revisions: { type: 'array', items: ApiPriceRevisionSchema, description: 'Every change of range after the earliest known one, oldest first.' },
    lastRange: { ...orNull(ApiPriceRangeSchema), description: 'The range in force before pricing.' },
    finalPrice: orNull(ApiFinalPriceSchema),
    pricedVsRange: orNull(string({ enum: ['above', 'within', 'below'], description: 'finalPrice against lastRange; null unless both are known.' })),
  },
  [],
  {
    description:
      'Price-range history of the IPO (include token price_history, an extension of the specification): the ranges stated in its prospectuses, each revision, and where the offering priced against the last range. Null when the company has no IPO-family deal with a stated range or price.',
  },
);

const filingCore: Record<string, JsonSchema> = {
  accessionNumber: string(),
  filingDate: string({ format: 'date', description: 'YYYY-MM-DD.' }),
  formType: string(),
  primaryDocument: string(),
  inferredStatus: string(),
  formTitle: nullableString(),
  formSummary: nullableString(),
  changeSummary: nullableString(),
};

export const ApiFilingSchema = object(
  {
    cik: string({ pattern: COMPANY_ID_PATTERN }),
    companyName: nullableString(),
    ...filingCore,
    aiEnrichment: { ...orNull(ApiAiEnrichmentSchema), description: 'Present with include=ai_enrichment.' },
    terms: { ...orNull(ApiTermsCompactSchema), description: 'Present with include=terms (compact form).' },
  },
  ['aiEnrichment', 'terms'],
);

export const ApiCompanyFilingSchema = object(
  {
    ...filingCore,
    aiEnrichment: orNull(ApiAiEnrichmentSchema),
    terms: { ...orNull(ApiTermsExtendedSchema), description: 'Extended terms form.' },
  },
  ['aiEnrichment', 'terms'],
);

export const ApiNewsMatchSchema = object(
  {
    reason: string({
      enum: ['exchange_ticker', 'cashtag', 'name_in_title', 'name_in_text', 'name_in_url', 'name_in_search'],
      description:
        'exchange_ticker: one of the company\'s tickers after an exchange ("NYSE: SNAP", "Nasdaq \'GPRO\'"); cashtag: "$SNAP"; name_in_title / name_in_text / name_in_url: the company\'s normalised name or a former name as a run of words of the title, of the title, description or content, or of the URL slug; name_in_search: the company\'s whole normalised name was a quoted phrase of the provider search that returned the article (NewsAPI matches it in the full text the record does not keep). Name matches require an IPO or listing keyword (in the article, or in the search for name_in_search) and never use generic one-word names.',
    }),
    confidence: { type: 'number', minimum: 0, maximum: 1, description: 'Score of the strongest evidence, two decimals (exchange_ticker 0.95, name_in_title 0.85, cashtag 0.8, name_in_text 0.75, name_in_url 0.7, name_in_search 0.65).' },
  },
  [],
  { description: 'Extension of the specification: the evidence this item was linked to its CIK by. An article that names two companies is listed once per company, each with its own match.' },
);

const newsCore: Record<string, JsonSchema> = {
  sourceName: string(),
  title: string({
    description:
      'The headline: the record\'s title, else its description (see titleSource). The empty string when the record has neither (titleSource untitled): the headline is unknown, and the specification requires a string, so the service serves the empty one rather than a sentence that would read as a headline. Render such an item by sourceName, urlSlug or url.',
  }),
  titleSource: string({
    enum: [...NEWS_TITLE_SOURCES],
    description:
      'Extension of the specification. provider: the record\'s own title. description: the record has no title; its description is the headline. untitled: the record has neither; title is the empty string.',
  }),
  description: nullableString(),
  url: string(),
  urlSlug: nullableString({
    description:
      'Extension of the specification: the words of the URL path\'s slug as the publisher wrote them (the path segment with the most words, its file extension and trailing numeric id dropped, `-` and `_` as spaces), e.g. `twitter sets ipo price now worth 18b`. Not a headline: a slug can be stale or say something the article does not. Null when no path segment has a letter.',
  }),
  urlToImage: nullableString(),
  publishedAt: string({
    format: 'date-time',
    description:
      'ISO-8601 timestamp: the publication time, or, when publishedAtSource is first_seen (the publication date is unknown), the time the service first observed the record, an upper bound on the publication time.',
  }),
  publishedAtSource: string({
    enum: [...NEWS_DATE_SOURCES],
    description:
      'Extension of the specification. provider: the news provider\'s publication time. url_path: the provider gave none; midnight UTC of the one full date (year, month and day) in the URL path (`/2014/10/03/`, `/2014/jun/26/`, `20141002`, `2013-11-06`; a year and month alone never count). first_seen: neither, so the publication date is unknown: publishedAt is the time the service first observed the record (the same after a rebuild). The news list orders first_seen items after every dated one, and published_at_from never matches them.',
  }),
  match: ApiNewsMatchSchema,
  content: nullableString({ description: 'Article body; on the news list only with include=content, otherwise null.' }),
};

export const ApiCompanyNewsSchema = object(newsCore);

export const ApiNewsSchema = object({
  cik: string({ pattern: COMPANY_ID_PATTERN }),
  companyName: nullableString(),
  ...newsCore,
  provider: nullableString(),
});

export const ApiOutcomeSchema = object({
  cik: string({ pattern: COMPANY_ID_PATTERN }),
  companyName: nullableString(),
  ticker: nullableString({
    description:
      "The symbol the listed security traded under: its daily bars' ticker, else the vendor row's symbol of the day (the Yahoo list's, else Bloomberg's), else the company's ticker; null when none is known. A Bloomberg placeholder for a security that no longer trades (digits and a letter: 9990620D, 316623Q) is never served as a ticker.",
  }),
  exchange: nullableString({ description: `${EXCHANGE_AT_LISTING} The company's consensus.exchange, whose sourceSummary says which.` }),
  sicDescription: nullableString(),
  tradingStartDate: string({ format: 'date', description: 'YYYY-MM-DD of the first trading session.' }),
  offerPrice: nullableNumber(),
  closeDay1: nullableNumber(),
  closeWeek1: nullableNumber(),
  week1TradingDays: nullableInteger(),
  day1ReturnPct: nullableNumber({ description: 'First-day return from the offer price, 100 × (first close − offer) / offer, as Ritter measures it (not from the open); day1ReturnSource says where it comes from.' }),
  day1ReturnSource: {
    ...orNull(string({ enum: [...DAY1_RETURN_SOURCES] })),
    description:
      'Extension: price_series, the offer price and the first daily bar\'s close (closeDay1); vendor_close, the offer price and the first close a vendor row states (the Yahoo list\'s close of its first bar, when that bar is the first trade), served as closeDay1, for a deal the data holds no bars for; vendor_stated, the vendor IPO table\'s own first-day return (Bloomberg\'s "Offer To 1st Close", rounded), for a deal with neither bars nor a stated close (closeDay1 is then null). Without bars closeWeek1 and the week-1 fields are null and status partial. Null with day1ReturnPct.',
  },
  week1ReturnPct: nullableNumber(),
  sharesSold: nullableNumber({ description: 'Extension: shares (or units) sold in the base deal, the final prospectus\'s cover total without the underwriters\' over-allotment option; null when no read final prospectus states it.' }),
  grossProceeds: nullableNumber({ description: 'Extension: gross proceeds in USD as Ritter counts them, the base deal (the final prospectus\'s stated total, else sharesSold × offerPrice), else the vendor IPO table\'s offer size; grossProceedsBasis says which.' }),
  grossProceedsBasis: GROSS_PROCEEDS_BASIS,
  moneyLeftOnTable: nullableNumber({
    description:
      'Extension: money left on the table in USD, sharesSold × (closeDay1 − offerPrice); without sharesSold or closeDay1, grossProceeds × day1ReturnPct / 100 (the same quantity on grossProceedsBasis). Negative for a deal that closed below its offer. Null when either side is missing.',
  }),
  status: string({ enum: ['partial', 'complete'], description: 'complete when every horizon (first day, first week) is known from daily bars; partial when one is not: the first week has not passed in the bars, or the outcome is vendor-stated (no bars, only the vendor\'s first-day return).' }),
  updatedAt: nullableString({ format: 'date-time' }),
});

export const ApiArticleFeedItemSchema = object({
  id: string({ description: 'Stable article id for deduplication.' }),
  sourceKind: string({ enum: [...ARTICLE_KINDS] }),
  title: string(),
  url: string({ format: 'uri' }),
  publishedAt: string({ format: 'date-time' }),
});

export const ApiOfferingSchema = object({
  fileNumber: { ...nullableString(), description: 'The SEC file number that keys the offering (333-, 024-); null for a draft that never flipped or an offering seen only on index rows.' },
  dealType: string({ enum: [...DEAL_TYPES] }),
  status: string({
    enum: [...OFFERING_STATUSES],
    description:
      'This offering\'s status (overlays included), as of the projection date. When the company ended (offeringStatus delisted or combined) after this offering opened, and it was not withdrawn, it is that end: an offering of a company that ended is no longer listed, priced or effective; stageBeforeEnd keeps the stage it had reached. A SPAC\'s IPO ends in its business combination: combined, whatever the combined company\'s later end (Vincerx: LifeSci Acquisition\'s IPO combined in 2020, the company delisted in 2025).',
  }),
  stageBeforeEnd: {
    ...orNull(string({ enum: [...DEAL_STATUSES, ...DEAL_OVERLAYS] })),
    description: 'Extension: the stage this offering had reached (listed, priced, effective …) when the company\'s end, its status, overtook it; null when its status is its own.',
  },
  statusAsOf: {
    ...orNull(string({ format: 'date' })),
    description:
      'The latest date of any evidence the data holds about the company, the evidence of its end included: its newest filing, its last daily bar, a vendor row\'s trade date (else the IPO date it states), or, for an end the SEC\'s ticker file shows (a bankrupt issuer\'s Q symbol), the day the data first saw company_tickers.json list that symbol. A status is as of no day before it took effect: the date of its end when later (a combination the submissions page\'s former names date), the first day a status of the clock held (dormant, stale, postponed), and for a listing the clock infers from a pricing or effectiveness that no trade confirms yet, its expected first trading day. The status is as of then: an event after it (a take-private, an acquisition, a delisting whose filings the data lacks) is not reflected, so a listing whose statusAsOf is its listing day (statusAsOfSource vendor_trade_date) is known listed on that day only (a SPAC that combined or liquidated since reads listed). Null when no evidence is dated, and for an end a vendor export shows (statusAsOfSource vendor_export: the export states no date; the end came after the company\'s other evidence) or a symbol only the submissions page lists (sec_submissions).',
  },
  statusAsOfSource: {
    ...orNull(string({ enum: [...STATUS_AS_OF_SOURCES] })),
    description:
      'Extension: what statusAsOf is the date of. filing: the company\'s newest filing; daily_bar: its last daily bar; vendor_trade_date: a vendor row\'s trade date; vendor_ipo_date: the IPO date a vendor row states when it dates no first trade (a Yahoo row whose first bar is another security\'s); sec_ticker_file: the day the data first saw company_tickers.json list the symbol that ends the company, or that shows a registration idle by the clock listed (on a day the data does not hold: listingDate null); sec_submissions: the submissions page dates the end (a rename its former names date), or leaves it undated (statusAsOf null); vendor_export: the evidence of the end is undated (statusAsOf null); expected_first_trade: a listing the clock infers (the offering priced or went effective, the exchange registration and certification are filed, and its expected first trading day, the trading day after, has passed) that no trade confirms yet, as of that day; inactivity: the first day a status of the clock held, when no evidence is later (dormant: the 271st day after the registration\'s last activity; stale: the 91st; postponed: the day after the 15th NYSE day from the EFFECT). Null when no evidence is dated.',
  },
  isCurrent: { type: 'boolean', description: 'The offering the company\'s latestTerms, consensus and offeringStatus describe: its IPO-family offering (the latest active one if it filed more than once), else its latest offering.' },
  source: string({
    enum: [...OFFERING_SOURCES],
    description: 'edgar: an offering of the company\'s filings, keyed by its file number; vendor: an IPO known only from a vendor IPO table row (the data holds no registration of it), so its filing fields are null and empty.',
  }),
  openedDate: {
    ...orNull(string({ format: 'date' })),
    description:
      'Filing date of the offering\'s registration (its opening form: S-1, F-1, S-11, 1-A, S-3 …, or the confidential draft before it). Null for a vendor offering, and for an offering whose first filing the data holds is an amendment or a prospectus: the registration was filed earlier, on a day the data does not hold.',
  },
  lastFilingDate: { ...orNull(string({ format: 'date' })), description: 'Filing date of its latest filing; null for a vendor offering.' },
  effectiveDate: orNull(string({ format: 'date' })),
  pricedDate: {
    ...orNull(string({ format: 'date' })),
    description:
      'The pricing day: the EFFECT notice when it came within ten days before the final prospectus, else the trading day before the final prospectus was filed; when the deal traded by then (first daily bar, vendor trade date), no later than the trading day before its first trade.',
  },
  withdrawnDate: orNull(string({ format: 'date' })),
  expectedFirstTradeDate: {
    ...orNull(string({ format: 'date' })),
    description: 'The trading day after pricedDate, or, for an offering effective (or qualified) with no final prospectus in the data, after its effective date: an expectation, which an offering that never priced keeps (a Reg A offering qualified in 2016 and never sold: the day after its qualification). Only for an offering that would list a new class (an IPO-family or Reg A one); the first trade itself once the data shows it.',
  },
  upsized: {
    ...orNull({ type: 'boolean' }),
    description:
      'A Rule 462(b) registration (S-1MEF/F-1MEF) added securities to this offering; an offering enlarged at pricing within the amount already registered files none and is false. Null for an offering known only from a vendor IPO row (source vendor), or one whose pricing (EFFECT or final prospectus) the data does not hold: a Rule 462(b) registration is filed on the pricing day, so without its filings the data cannot tell.',
  },
  upsizeFileNumbers: stringArray(),
  draftFileNumbers: stringArray(),
  filingCount: { type: 'integer', minimum: 0, description: 'Filings of this offering; 0 for a vendor offering.' },
  finalProspectusAccessionNumber: nullableString(),
  termsAccessionNumber: { ...nullableString(), description: 'The read document `terms` come from: the final prospectus when read, else the newest read registration document of this offering.' },
  offerPrice: {
    ...orNull({ type: 'number' }),
    description: 'Offer price per share or unit as served: for the current offering the company\'s consensus.offerPrice (final prospectus, else the vendor row), for another its own stated terms; null when no source states it.',
  },
  grossProceeds: {
    ...orNull({ type: 'number' }),
    description: 'Gross proceeds in USD as served, from the same source as offerPrice (stated, never the range-midpoint estimate, which stays in terms.grossProceedsEstimate); grossProceedsBasis says what it counts.',
  },
  grossProceedsBasis: GROSS_PROCEEDS_BASIS,
  issuerNameAtOffering: {
    ...nullableString(),
    description:
      'Extension: the issuer\'s name when the offering opened (a vendor offering: when it listed), from EDGAR: the submissions page\'s name, or the former name whose dates cover that day, or the name on the offering\'s own filing; for a vendor offering EDGAR does not name, the Yahoo IPO list\'s name of the day. Null when no source names it for the day: the company\'s name (for a company known only from a vendor IPO row, the vendor\'s name at its export) may then be a later one, such as a SPAC served under the name of the company it merged with.',
  },
  issuerNameAtOfferingSource: {
    ...orNull(string({ enum: [...ISSUER_NAME_SOURCES] })),
    description: 'submissions: EDGAR\'s submissions page (its name or a dated former name); filing: the name on the offering\'s own filing (a daily-index row); vendor_listing: the Yahoo IPO list\'s name on its IPO date (a vendor offering only; abbreviated at times); null with issuerNameAtOffering.',
  },
  listingDate: {
    ...orNull(string({ format: 'date' })),
    description: 'First trading day, for the current offering only (consensus.listingDate: first daily bar, the vendor\'s trade date, or the expected first trade date, else the IPO date a Yahoo IPO list row states when it dates no first trade, which consensus.sourceSummary says: the list\'s IPO date is Bloomberg\'s trade date for 163 of the 170 IPOs both list, a trading day off for the other seven); null otherwise.',
  },
  listingSymbol: {
    ...nullableString(),
    description:
      'Extension: the symbol this offering\'s own evidence names. For the listed IPO (the offering with a listingDate, or a vendor offering), the symbol it listed under when evidence of the listing names it: the Yahoo IPO list\'s row of the day, a Bloomberg row\'s symbol (the security\'s as of the export: not when the SEC lists it today and EDGAR renamed the company since the listing), daily bars from the first trading day, or, else, its read prospectus\'s "under the symbol" (the final prospectus, else its newest read registration\'s symbol applied for: Unicycive\'s UNCY from its S-1/A when its 424B4 was not read) (Calyxt\'s 2017 IPO: CLXT, where the company is Cibus, CBUS, today); the change log\'s listed event names the same symbol; for another offering, the symbol its read prospectus states (a follow-on\'s listed stock, an IPO\'s proposed symbol). Null when no evidence of the offering names one: the company\'s symbol today may be a later one.',
  },
  ritterExclusions: {
    type: 'array',
    items: string({ enum: [...RITTER_EXCLUSIONS] }),
    description:
      'Jay Ritter\'s exclusions that evidence shows for this offering (his IPO statistics exclude units, ADRs, REITs, closed-end funds, SPACs, banks and thrifts, limited partnerships and offers under $5). spac / closed_end_fund: its dealType, a commodity pool apart (a fund whose vendor group is Commodity Fund, SPDR Gold Shares: its shares are created at NAV, so it is no closed-end fund and carries no flag) (a vendor row sold at a blank check\'s flat trust price, $10.00 on a 10.00–10.00 range or $8.00/$6.00 before 2014, with a market cap at offer at most 1.5× its size, outside the vendor\'s banks and REITs and among its insurers only when its first close stayed within 3%, is a spac listed under its later merger\'s name: Nikola for VectoIQ, MetroMile; so are units at a flat $8.00/$6.00 that traded flat, in any vendor group; a BDC is a fund, but a holding company the vendor files beside BDCs under Investment Companies is not: Compass Diversified, Oaktree Capital Group); unit_offer: units on the cover (or in its security description; not a preliminary cover a later amendment or final prospectus of the offering superseded unread when the company\'s known tickers hold no unit symbol: then no flag is served, as the structure is not shown), a unit symbol in the vendor row (CBASU, HDP/U, Bloomberg\'s LCWUF for a NYSE LCW.U), a SPAC\'s Bloomberg CUSIP of issue number 20, its units\' (a blank check\'s shares are issue 10, its warrants 11, its units 20: Gores Holdings\' 382866200, listed by the vendor as Hostess Brands), or, for the company\'s IPO, among its tickers; adr: foreignListing is ads (ADSs on the cover, ADR/ADS/American Depositary in an issuer name: EDGAR\'s, the vendor\'s, a company_tickers.json "…/ADR" title; a vendor symbol with the ADR fifth letter Y: RNLXY; an F-6 under the issuer\'s own CIK for an F-1 or vendor-only offering; or a Bloomberg row\'s US CUSIP for an issuer foreign by a legal form no US corporation takes, plc, S.A., N.V., Cayman: Talend SA, or by its 20-F/6-K/F-1 filings); an F-1 alone is no ADS evidence; reit: SIC 6798, an S-11, a vendor REIT subgroup or a "… Capital" in its Private Equity subgroup (Jernigan Capital), or a REIT\'s name ("REIT", InfraREIT, "Real Estate Investment Trust", "… Realty/Property/Mortgage/Lodging/Hotel/Financial … Trust", "Mortgage Investment", "Real Estate Finance", a name ending bare in "Properties": Seritage Growth Properties); bank_or_thrift: SIC 6021/6022/6029/6035/6036, the vendor\'s Banks or Savings&Loans group (mortgage banks aside), or a bank\'s name (Bancorp, Bancshares, Bankshares, Banc, Banco, Bank, Banking, Savings, Thrift as words, or run in: EverBank, BankUnited), or, with no vendor industry, "Financial" sold at a thrift conversion\'s $10.00 (Entegra Financial); limited_partnership: a name ending in LP, L.P. or Limited Partnership, after a suffix such as "/Old" or "/MA" ("Partners" alone is not one), or a royalty trust\'s name ("… Royalty Trust", "… Oil Trust"), or energy units by the vendor\'s row: a royalty trust (its "Oil-US Royalty Trusts" subgroup, or a Trust under Oil&Gas: Whiting USA Trust I), or "Partners" or an LLC under Pipelines, Oil&Gas, Coal or Gas (Linn Energy LLC, TransMontaigne Partners); no name rule reads a SPAC\'s names (a vendor names it after the company it merged with), nor do its reit and bank_or_thrift flags read the SIC or vendor group of the company it became, and the REIT and bank rules no fund\'s (its name tells what it holds); offer_price_under_5: offerPrice below $5.00. Empty: none shown, so the offering is in his operating-company sample as far as the data shows.',
  },
  foreignListing: {
    ...orNull(string({ enum: [...FOREIGN_LISTINGS] })),
    description:
      'What a foreign issuer listed. ads: American depositary shares (see ritterExclusions adr). shares: its own shares listed directly: a prospectus cover naming a security that is no ADS, a Canadian issuer (40-F, F-10 filings), or a Bloomberg row whose CUSIP is a CINS (a letter first) or blank (the export leaves a CINS out: Herbalife Ltd, Jazz Pharmaceuticals PLC). unknown: a foreign issuer (a name ending in plc, S.A., N.V., AG, SE or with Cayman in it; Ltd or Limited where no US CUSIP speaks; 20-F, 6-K or F-1 filings) whose listed security no evidence shows, as for a vendor offering known only from the Yahoo list (no CUSIP): Ritter\'s sample excludes ADRs, so the offering is left out of it, as one with an unknown offer price or listing date is (the offerings view\'s in_ritter_sample is 0). null: no evidence shows a foreign issuer (a Ltd with a US CUSIP may be a US company: Wynn Resorts Ltd), or a SPAC, fund or debt offering.',
  },
  terms: { ...orNull(ApiTermsExtendedSchema), description: 'Extended terms of this offering alone (an S-1MEF\'s shares are added to the final prospectus\'s).' },
});

export const ApiLifecycleEndSchema = object({
  status: string({ enum: [...OFFERING_STATUSES] }),
  date: nullableString({ format: 'date', description: 'When it ended; null when the evidence states no date (a vendor row\'s later symbol or name).' }),
  accessionNumber: nullableString(),
  formType: nullableString(),
  reason: string(),
  source: string({
    enum: [...OFFERING_SOURCES],
    description: 'edgar = the filings (Form 25, 25-NSE, 15-12B/G, an 8-K Item 2.01/5.06, a former name) or the SEC\'s current ticker; vendor = a vendor IPO row: its symbol carries the bankruptcy marker (a fifth-letter Q), or a SPAC\'s row names and classes the operating company it became.',
  }),
});

export const ApiCompanySchema = object(
  {
    ...ApiCompanySchemaBase,
    latestTerms: { ...orNull(ApiLatestTermsCompactSchema), description: 'Present with include=latest_terms (list shape).' },
    classification: { ...orNull(ApiClassificationSchema), description: 'Present with include=classification.' },
    consensus: { ...orNull(ApiConsensusSchema), description: 'Present with include=consensus.' },
  },
  ['latestTerms', 'classification', 'consensus'],
);

export const ApiCompanyDetailSchema = object(
  {
    ...ApiCompanySchemaBase,
    latestTerms: {
      ...orNull(ApiTermsExtendedSchema),
      description: 'Always present in the detail shape (extended form), null when no terms were extracted.',
    },
    classification: { ...orNull(ApiClassificationSchema), description: 'Present with include=classification.' },
    consensus: { ...orNull(ApiConsensusSchema), description: 'Present with include=consensus.' },
    financialSnapshot: { ...orNull(ApiFinancialSnapshotSchema), description: 'Present with include=financial_snapshot.' },
    lockupSchedule: { ...orNull(ApiLockupScheduleSchema), description: 'Present with include=lockup_schedule.' },
    priceHistory: { ...orNull(ApiPriceHistorySchema), description: 'Present with include=price_history.' },
    offerings: {
      type: 'array',
      items: ApiOfferingSchema,
      description: 'Present with include=offerings (extension): every offering of the company, oldest first, each with its own type, status, dates and terms.',
    },
    lifecycleEnd: {
      ...orNull(ApiLifecycleEndSchema),
      description: 'Present with include=offerings (extension): how and when the company\'s lifecycle ended (delisted, business combination completed), or null.',
    },
    filings: {
      type: 'array',
      items: ApiCompanyFilingSchema,
      maxItems: DETAIL_EMBEDDED_ITEMS,
      description: `Present with include=filings: the company's ${DETAIL_EMBEDDED_ITEMS} newest filings at most, newest first (filing date, then accession number), with aiEnrichment and extended terms. \`filingsNext\` continues the list.`,
    },
    filingsNext: nullableString({
      description: `Present with include=filings (extension): when the company has more than ${DETAIL_EMBEDDED_ITEMS} filings, the path of the filings list page that continues right after the last one in \`filings\` (\`/api/v1/filings?cik=…&include=ai_enrichment,terms&cursor=…\`, same order, cursor-paged from there; \`terms\` there is the compact form); null when \`filings\` holds every filing. \`/api/v1/filings?cik=…\` lists them all from the start.`,
    }),
    news: {
      type: 'array',
      items: ApiCompanyNewsSchema,
      maxItems: DETAIL_EMBEDDED_ITEMS,
      description: `Present with include=news: the ${DETAIL_EMBEDDED_ITEMS} newest linked news items at most, newest first, content included. \`newsNext\` continues the list.`,
    },
    newsNext: nullableString({
      description: `Present with include=news (extension): when more than ${DETAIL_EMBEDDED_ITEMS} news items are linked, the path of the news list page that continues right after the last one in \`news\` (\`/api/v1/news?cik=…&include=content&cursor=…\`); null when \`news\` holds every item.`,
    }),
  },
  [
    'classification',
    'consensus',
    'financialSnapshot',
    'lockupSchedule',
    'priceHistory',
    'offerings',
    'lifecycleEnd',
    'filings',
    'filingsNext',
    'news',
    'newsNext',
  ],
);

function listEnvelope(item: JsonSchema, order: string): JsonSchema {
  return object(
    {
      data: { type: 'array', items: item, description: `Ordered ${order}.` },
      next_cursor: nullableString({
        description: 'Opaque cursor for the next page; null on the last page. Pass it back as `cursor` with the same filters.',
      }),
      has_more: { type: 'boolean', description: 'True exactly when next_cursor is non-null.' },
      meta: ApiMetaSchema,
    },
    [],
  );
}

export const CompanyListSchema = listEnvelope(ApiCompanySchema, 'by latest filing date, newest first, then CIK descending');
export const FilingListSchema = listEnvelope(ApiFilingSchema, 'by filing date, then accession number, then CIK, newest first');
export const NewsListSchema = listEnvelope(
  ApiNewsSchema,
  'newest first: the items with a known publication date by publishedAt, then the first_seen items (publication date unknown) by first observation; ties by news id, then CIK, descending',
);
export const OutcomeListSchema = listEnvelope(ApiOutcomeSchema, 'by trading start date, newest first, then CIK and ticker descending');
export const CalendarListSchema = listEnvelope(ApiCalendarEntrySchema, 'by expiry date, earliest first (a calendar reads forward), then entry id ascending');
export const CompanyDetailResponseSchema = object({ data: ApiCompanyDetailSchema });
export const ArticleFeedSchema = object({
  items: { type: 'array', items: ApiArticleFeedItemSchema, description: 'Published articles, newest first.' },
});

/** Component name → schema, in the order the OpenAPI document lists them. */
export const RESPONSE_SCHEMAS: Record<string, JsonSchema> = {
  ApiError: ApiErrorSchema,
  ApiErrorInfo: ApiErrorInfoSchema,
  ApiMeta: ApiMetaSchema,
  ApiCompany: ApiCompanySchema,
  ApiCompanyDetail: ApiCompanyDetailSchema,
  ApiLatestTermsCompact: ApiLatestTermsCompactSchema,
  ApiTermsExtended: ApiTermsExtendedSchema,
  ApiTermsCompact: ApiTermsCompactSchema,
  ApiClassification: ApiClassificationSchema,
  ApiConsensus: ApiConsensusSchema,
  ApiAiEnrichment: ApiAiEnrichmentSchema,
  ApiFinancialSnapshot: ApiFinancialSnapshotSchema,
  ApiFinancialSnapshotSource: ApiFinancialSnapshotSourceSchema,
  ApiLockupSchedule: ApiLockupScheduleSchema,
  ApiLockupTranche: ApiLockupTrancheSchema,
  ApiPriceRange: ApiPriceRangeSchema,
  ApiPriceRevision: ApiPriceRevisionSchema,
  ApiFinalPrice: ApiFinalPriceSchema,
  ApiPriceHistory: ApiPriceHistorySchema,
  ApiOffering: ApiOfferingSchema,
  ApiLifecycleEnd: ApiLifecycleEndSchema,
  ApiFiling: ApiFilingSchema,
  ApiCompanyFiling: ApiCompanyFilingSchema,
  ApiNews: ApiNewsSchema,
  ApiCompanyNews: ApiCompanyNewsSchema,
  ApiNewsMatch: ApiNewsMatchSchema,
  ApiOutcome: ApiOutcomeSchema,
  ApiArticleFeedItem: ApiArticleFeedItemSchema,
  ApiCalendarEntry: ApiCalendarEntrySchema,
  CompanyList: CompanyListSchema,
  CompanyDetailResponse: CompanyDetailResponseSchema,
  FilingList: FilingListSchema,
  NewsList: NewsListSchema,
  OutcomeList: OutcomeListSchema,
  CalendarList: CalendarListSchema,
  ArticleFeed: ArticleFeedSchema,
};
