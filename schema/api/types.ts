/**
 * Wire shapes of the REST API (../README "API"), as TypeScript. The JSON Schemas in this folder
 * describe the same shapes for ajv and the OpenAPI document; the projector builds its
 * precomputed JSON from these types, so both sides agree at compile time.
 */
import type {
  ArticleKind,
  CalendarKind,
  CalendarTermsSource,
  CompanyEndStatus,
  DealEventType,
  DealOverlay,
  DealStatus,
  DealType,
  Day1ReturnSource,
  FeesSource,
  GrossProceedsBasis,
  IssuerNameSource,
  StatusAsOfSource,
  LeadLeftSource,
  NewsDateSource,
  NewsTitleSource,
  OfferingExpensesSource,
  OfferingSource,
  OfferingStatus,
  QuietPeriodRule,
  RitterExclusion,
  ForeignListing,
  UnderwriterRole,
} from './vocabulary.ts';

export interface ApiCompany {
  cik: string;
  name: string;
  updatedAt: string | null;
  latestFormType: string | null;
  latestFilingDate: string | null;
  offeringStatus: OfferingStatus;
  dealType: DealType;
  tickerHint: string | null;
  exchangeHint: string | null;
  sicDescription: string | null;
}

export interface ApiLatestTermsCompact {
  offeringPrice: number | null;
  priceRangeLow: number | null;
  priceRangeHigh: number | null;
  grossProceeds: number | null;
  /** Range midpoint × shares offered: an estimate, never a stated amount (extension). */
  grossProceedsEstimate: number | null;
  totalSharesOffered: number | null;
  structure: string | null;
}

export interface ApiClassification {
  calendarEligibility: 'include' | 'exclude' | 'review' | null;
  issuerKind: string | null;
  listingPath: string | null;
  confidence: number | null;
}

export interface ApiConsensus {
  ticker: string | null;
  exchange: string | null;
  listingDate: string | null;
  offerPrice: number | null;
  offerPriceLow: number | null;
  offerPriceHigh: number | null;
  totalShares: number | null;
  grossProceeds: number | null;
  /** What grossProceeds counts: the final prospectus's base deal, or a vendor's size with the over-allotment. */
  grossProceedsBasis: GrossProceedsBasis | null;
  resolvedAt: string;
  sourceSummary: Record<string, string | null>;
}

export const ISSUER_STRUCTURE_FLAGS = [
  'adr',
  'foreign_private_issuer',
  'cayman_holding_company',
  'vie_structure',
  'dual_class',
  'units',
  'warrants',
  'self_underwritten',
  'best_efforts',
  'emerging_growth_company',
  'smaller_reporting_company',
] as const;
export type IssuerStructureFlag = (typeof ISSUER_STRUCTURE_FLAGS)[number];

/** Extended terms: company-detail latestTerms and each detail filing's `terms`. */
export interface ApiTermsExtended {
  confidence: number | null;
  offeringPrice: number | null;
  priceRangeLow: number | null;
  priceRangeHigh: number | null;
  totalSharesOffered: number | null;
  grossProceeds: number | null;
  /** Range midpoint × shares offered: an estimate, never a stated amount (extension). */
  grossProceedsEstimate: number | null;
  overAllotmentShares: number | null;
  shareClass: string | null;
  securityDescription: string | null;
  exchangeHint: string | null;
  tickerHint: string | null;
  unitDescription: string | null;
  warrantSummary: string | null;
  useOfProceedsSummary: string | null;
  isPrimaryOffering: boolean | null;
  isSecondaryOffering: boolean | null;
  isSellingStockholdersOnly: boolean | null;
  issuerStructureFlags: IssuerStructureFlag[] | null;
  underwriters: string[] | null;
  /** The underwriters' names as the document prints them (`underwriters` holds one canonical name per bank; extension). */
  underwritersAsPrinted: string[] | null;
  /** What each firm of `underwriters` is to the offering, in the same order (extension). */
  underwriterRoles: UnderwriterRole[] | null;
  /** The bookrunners among `underwriters`, in its order; empty when agents sell the offering (extension). */
  bookrunners: string[] | null;
  /** The co-managers among `underwriters`, in its order; empty when there are none (extension). */
  coManagers: string[] | null;
  /** The lead-left bookrunner, one of `bookrunners` (extension). */
  leadLeftBookrunner: string | null;
  /** Where `leadLeftBookrunner` was read, or why it is null (extension). */
  leadLeftBookrunnerSource: LeadLeftSource;
  /** The cover's underwriting discount (or placement agents' fee) per share or unit (extension). */
  underwritingDiscountPerShare: number | null;
  /** The cover's underwriting discount in total (extension). */
  underwritingDiscountTotal: number | null;
  /** The cover's proceeds to the issuer before expenses, per share or unit (extension). */
  proceedsToIssuerPerShare: number | null;
  /** The cover's proceeds to the issuer before expenses, in total (extension). */
  proceedsToIssuerTotal: number | null;
  /** The cover's proceeds to the selling stockholders before expenses, per share or unit (extension). */
  proceedsToSellingStockholdersPerShare: number | null;
  /** The cover's proceeds to the selling stockholders before expenses, in total (extension). */
  proceedsToSellingStockholdersTotal: number | null;
  /** Where the six fee figures above were read, or why they are null (extension). */
  feesSource: FeesSource;
  /** The issuer's estimated offering expenses, excluding the underwriting discount (extension). */
  offeringExpenses: number | null;
  /** Where `offeringExpenses` was read, or why it is null (extension). */
  offeringExpensesSource: OfferingExpensesSource;
  /** The issuer's counsel, one name per firm (extension). */
  issuerCounsel: string[] | null;
  /** The underwriters' (or placement agents') counsel, one name per firm (extension). */
  underwritersCounsel: string[] | null;
  /** The issuer's auditors, one name per firm (extension). */
  auditors: string[] | null;
}

/** Compact terms: the filing list's `terms`, a subset of the extended form's keys. */
export type ApiTermsCompact = Pick<
  ApiTermsExtended,
  | 'offeringPrice'
  | 'priceRangeLow'
  | 'priceRangeHigh'
  | 'totalSharesOffered'
  | 'grossProceeds'
  | 'exchangeHint'
  | 'tickerHint'
  | 'useOfProceedsSummary'
  | 'isPrimaryOffering'
  | 'isSecondaryOffering'
  | 'isSellingStockholdersOnly'
  | 'issuerStructureFlags'
  | 'underwriters'
  | 'bookrunners'
  | 'coManagers'
  | 'leadLeftBookrunner'
  | 'leadLeftBookrunnerSource'
>;

export interface ApiAiEnrichment {
  narrativeSummary: string | null;
  materialChanges: string[] | null;
  riskFlags: string[] | null;
  confidence: number | null;
}

export interface ApiFinancialSnapshot {
  cashAndCashEquivalents: number | null;
  cashAndMarketableSecurities: number | null;
  workingCapital: number | null;
  totalAssets: number | null;
  totalLiabilities: number | null;
  accumulatedDeficit: number | null;
  netLossLatestPeriod: number | null;
  netLossPriorPeriod: number | null;
  source: {
    accessionNumber: string;
    filingDate: string | null;
    formType: string | null;
    extractedAt: string | null;
  } | null;
}

/** Company-detail `filings` element: the required fields, then aiEnrichment and the extended terms. */
export interface ApiCompanyFiling {
  accessionNumber: string;
  filingDate: string;
  formType: string;
  primaryDocument: string;
  inferredStatus: string;
  formTitle: string | null;
  formSummary: string | null;
  changeSummary: string | null;
  aiEnrichment?: ApiAiEnrichment | null;
  terms?: ApiTermsExtended | null;
}

/** Filing list element. */
export interface ApiFiling {
  cik: string;
  companyName: string | null;
  accessionNumber: string;
  filingDate: string;
  formType: string;
  primaryDocument: string;
  inferredStatus: string;
  formTitle: string | null;
  formSummary: string | null;
  changeSummary: string | null;
  aiEnrichment?: ApiAiEnrichment | null;
  terms?: ApiTermsCompact | null;
}

/** How a news item was linked to its company (domain §6.3), strongest evidence first. */
export type NewsMatchReason = 'exchange_ticker' | 'cashtag' | 'name_in_title' | 'name_in_text' | 'name_in_url' | 'name_in_search';

/** Extension of the specification: the evidence the item was linked to its CIK by. */
export interface ApiNewsMatch {
  reason: NewsMatchReason;
  /** 0–1, two decimals. */
  confidence: number;
}

export interface ApiCompanyNews {
  sourceName: string;
  /** The headline; empty exactly when `titleSource` is `untitled` (no headline is known). */
  title: string;
  /**
   * Extension: `provider` (the record's title), `description` (no title; the record's description),
   * `untitled` (neither; `title` is empty).
   */
  titleSource: NewsTitleSource;
  description: string | null;
  url: string;
  /** Extension: the words of the URL path's slug as the publisher wrote them (not a headline), or null. */
  urlSlug: string | null;
  urlToImage: string | null;
  /** The publication time, or the first observation when `publishedAtSource` is `first_seen`. */
  publishedAt: string;
  /**
   * Extension: `provider` (the provider's date), `url_path` (midnight UTC of the full date in the URL
   * path), `first_seen` (neither: the date is unknown and `publishedAt` is when the service first saw
   * the record; such items list after every dated one).
   */
  publishedAtSource: NewsDateSource;
  match: ApiNewsMatch;
  content: string | null;
}

export interface ApiNews extends ApiCompanyNews {
  cik: string;
  companyName: string | null;
  provider: string | null;
}

export interface ApiOutcome {
  cik: string;
  companyName: string | null;
  ticker: string | null;
  exchange: string | null;
  sicDescription: string | null;
  tradingStartDate: string;
  offerPrice: number | null;
  closeDay1: number | null;
  closeWeek1: number | null;
  week1TradingDays: number | null;
  day1ReturnPct: number | null;
  /** Extension: where day1ReturnPct comes from (`price_series`, `vendor_close` or `vendor_stated`). */
  day1ReturnSource: Day1ReturnSource | null;
  week1ReturnPct: number | null;
  /** Extension, Ritter's measures: base-deal shares, proceeds with their basis, money left on the table. */
  sharesSold: number | null;
  grossProceeds: number | null;
  grossProceedsBasis: GrossProceedsBasis | null;
  moneyLeftOnTable: number | null;
  status: 'partial' | 'complete';
  updatedAt: string | null;
}

export interface ApiArticleFeedItem {
  id: string;
  sourceKind: ArticleKind;
  title: string;
  url: string;
  publishedAt: string;
}

/** Lock-up schedule (include token `lockup_schedule`; the spec leaves its shape to us). */
export interface ApiLockupSchedule {
  sourceAccessionNumber: string;
  startDate: string | null;
  tranches: Array<{
    /** What this tranche counts from: the prospectus date, or the closing for a period "following the closing". */
    startDate: string | null;
    days: number;
    shares: number | null;
    description: string;
    expiryDate: string | null;
    firstSellableTradingDay: string | null;
  }>;
  earlyReleaseConditions: string[];
}

/**
 * One price range a source stated for the IPO (include token `price_history`, an extension of the
 * spec). `source` is `edgar` (a prospectus the projector read) or `vendor_ipo_table` (a vendor IPO
 * table row, which names no filing: accessionNumber, filingDate and formType are then null).
 */
export interface ApiPriceRange {
  low: number;
  high: number;
  accessionNumber: string | null;
  filingDate: string | null;
  formType: string | null;
  source: string;
}

/** A change of range: the filing that stated the new range, and the range it replaced. */
export interface ApiPriceRevision extends ApiPriceRange {
  previousLow: number;
  previousHigh: number;
  direction: 'raised' | 'lowered' | 'widened' | 'narrowed';
}

export interface ApiPriceHistory {
  initialRange: ApiPriceRange | null;
  earliestKnownRange: ApiPriceRange | null;
  revisions: ApiPriceRevision[];
  lastRange: ApiPriceRange | null;
  finalPrice: {
    price: number;
    accessionNumber: string | null;
    filingDate: string | null;
    formType: string | null;
    source: string;
  } | null;
  pricedVsRange: 'above' | 'within' | 'below' | null;
}

/** One offering of a company: a registration and its followers, keyed by its SEC file number (extension). */
export interface ApiOffering {
  fileNumber: string | null;
  dealType: DealType;
  status: OfferingStatus;
  statusAsOf: string | null;
  /** What statusAsOf is the date of; null when no evidence is dated (extension). */
  statusAsOfSource: StatusAsOfSource | null;
  /** True for the offering whose terms the company's latestTerms and consensus describe. */
  isCurrent: boolean;
  source: OfferingSource;
  /** Null for a vendor offering: the data holds no registration of it. */
  openedDate: string | null;
  lastFilingDate: string | null;
  effectiveDate: string | null;
  pricedDate: string | null;
  withdrawnDate: string | null;
  expectedFirstTradeDate: string | null;
  /** Null for a vendor offering: no filings to tell. */
  upsized: boolean | null;
  upsizeFileNumbers: string[];
  draftFileNumbers: string[];
  filingCount: number;
  finalProspectusAccessionNumber: string | null;
  termsAccessionNumber: string | null;
  offerPrice: number | null;
  grossProceeds: number | null;
  grossProceedsBasis: GrossProceedsBasis | null;
  listingDate: string | null;
  /** The symbol the offering's own evidence names: its listing's (a listed IPO), else its read prospectus's; null when none does (extension). */
  listingSymbol: string | null;
  /** The stage the offering had reached when the company's end (its `status`, delisted or combined) overtook it. */
  stageBeforeEnd: DealStatus | DealOverlay | null;
  /** The issuer's name when the offering opened (or, for a vendor offering, when it listed), where EDGAR evidence gives it. */
  issuerNameAtOffering: string | null;
  issuerNameAtOfferingSource: IssuerNameSource | null;
  ritterExclusions: RitterExclusion[];
  /** What a foreign issuer listed (ADSs, its own shares, or unknown); null where no evidence shows a foreign issuer. */
  foreignListing: ForeignListing | null;
  terms: ApiTermsExtended | null;
}

/** How a company's lifecycle ended, when it did (extension): delisting or a completed business combination. */
export interface ApiLifecycleEnd {
  status: CompanyEndStatus;
  /** Null when the evidence (a vendor row's later symbol or name) states no date. */
  date: string | null;
  accessionNumber: string | null;
  formType: string | null;
  reason: string;
  /** Whose evidence: EDGAR's filings and files, or a vendor IPO table's row. */
  source: OfferingSource;
}

/** A deal event (GET /api/v1/events, webhook deliveries; schema in events.schema.ts). */
export interface ApiDealEvent {
  id: number;
  type: DealEventType;
  key: string;
  cik: string | null;
  ticker: string | null;
  occurredOn: string | null;
  recordedAt: string;
  replayed: boolean;
  data: Record<string, unknown>;
}

export interface ApiErrorBody {
  error: { code: string; message: string; details?: unknown };
}



/**
 * One expiry of the calendar (GET /api/v1/calendar, its Atom and iCalendar feeds, the
 * expiry_calendar view): a lock-up tranche's end or the research quiet period's end, for one priced
 * IPO-family offering. Precomputed by the projector (projector/offering/expiry-calendar.derive.ts).
 */
export interface ApiCalendarEntry {
  /** Stable: `<kind>:<cik>:<offering>:<tranche>`; the iCalendar UID and Atom id are built from it. */
  id: string;
  kind: CalendarKind;
  /** YYYY-MM-DD: the last day of the restricted period (startDate + days). */
  expiryDate: string;
  /** Lock-up: the first NYSE trading day after expiryDate; null for a quiet period. */
  firstSellableTradingDay: string | null;
  cik: string;
  companyName: string;
  ticker: string | null;
  dealType: DealType;
  /** The offering's SEC file number; null for an offering known from a vendor row alone. */
  fileNumber: string | null;
  offeringSource: OfferingSource;
  listingDate: string | null;
  /** YYYY-MM-DD the period counts from. */
  startDate: string;
  days: number;
  /** 1-based position of the tranche among the offering's entries of this kind. */
  tranche: number;
  /** Shares released at expiry when the prospectus states it. */
  shares: number | null;
  termsSource: CalendarTermsSource;
  /** The quiet-period rule applied; null for a lock-up. */
  rule: QuietPeriodRule | null;
  /** The prospectus the lock-up terms were read from; null when assumed or for a quiet period. */
  sourceAccessionNumber: string | null;
  /** The prospectus sentence, or what was assumed, or the rule, in words. */
  description: string;
}
