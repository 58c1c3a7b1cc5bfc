import type { ApiOutcome } from '../../schema/api/types.ts';
import type { GrossProceedsBasis } from '../../schema/api/vocabulary.ts';

export type { ArticleKind } from '../../schema/api/vocabulary.ts';
import type { ArticleKind } from '../../schema/api/vocabulary.ts';

/** A generated article: the `article.published` payload and the `articles` read row. */
export interface Article {
  /** Stable id, e.g. `daily-2017-03-02`, `weekly-2014-W26`, `quarterly-2014-Q2`. */
  id: string;
  sourceKind: ArticleKind;
  title: string;
  /** ISO-8601 timestamp, fixed by the period (never the wall clock), so a rebuild is identical. */
  publishedAt: string;
  /** `/articles/<id>`, appended to PUBLIC_BASE_URL. */
  path: string;
  html: string;
  /** Plain text for feeds. */
  summary: string;
}

/**
 * Where a number comes from: `url` is a public page that states it (an SEC filing), or null for a
 * source with no public page (daily prices, a vendor IPO table), which is then named in words.
 */
export interface SourceLink {
  label: string;
  url: string | null;
}

/** The IPO calendar's verdict on a deal (the projector's classification): `review` = needs a person to look. */
export type CalendarEligibility = 'include' | 'exclude' | 'review';

export interface ArticleFiling {
  cik: string;
  companyName: string;
  formType: string;
  filingDate: string;
  accessionNumber: string;
  /** The SEC file number (333-…), null on index rows, which carry none. */
  fileNumber?: string | null;
  /** The filing's EDGAR URL (index or primary document). */
  url: string;
  /** The deal's lifecycle status as of this filing (the projector's inferredStatus), when known. */
  inferredStatus?: string | null;
  /** The deal type (ipo, spac, follow_on, ...) of the offering the filing belongs to, when known. */
  dealType?: string | null;
  /** The first trading day of the offering the filing belongs to, when the data shows one (a vendor row, bars, the listing filings). */
  listingDate?: string | null;
  /** The filer's company is served with a ticker: among co-registrants, the issuer (offering/co-registrants.derive.ts). */
  listed?: boolean;
}

/** A final prospectus (424B4 or 424B1) this service holds. */
export interface ArticlePricing {
  cik: string;
  companyName: string;
  formType: string;
  accessionNumber: string;
  ticker: string | null;
  exchange: string | null;
  /** The deal type of the offering this prospectus belongs to. */
  dealType: string;
  /** The IPO calendar's verdict on that offering; null when it has none (or it is not the company's current one). */
  calendarEligibility: CalendarEligibility | null;
  /** The prospectus's filing date. Pricing precedes it (by up to two business days under Rule 424(b)). */
  pricingDate: string;
  /** False when this service has not read the document's terms: its price is then unknown here, not absent. */
  termsRead: boolean;
  offerPrice: number | null;
  sharesOffered: number | null;
  grossProceeds: number | null;
  /** What grossProceeds counts: a prospectus's total is its base deal. */
  grossProceedsBasis?: GrossProceedsBasis | null;
  /** The prospectus itself. */
  source: SourceLink;
}

/**
 * A deal the database serves as having begun trading: one served offering with a listing date (the
 * `offerings` read rows), carrying the values the `ipo_calendar` view serves for it (listing date,
 * offer price, gross proceeds and their basis, exchange), typed as the served deal type says. Its
 * first-day and first-week returns come from daily price bars, which the data holds for some
 * listings only.
 */
export interface ArticleListing {
  cik: string;
  /** The issuer as the article names it: its name at the offering when EDGAR gives a different one. */
  companyName: string;
  ticker: string | null;
  exchange: string | null;
  listingDate: string;
  dealType: string;
  offerPrice: number | null;
  grossProceeds: number | null;
  /** What grossProceeds counts (the served offering's grossProceedsBasis). */
  grossProceedsBasis?: GrossProceedsBasis | null;
  /** From classification; `exclude` rows are left out of the aggregates. */
  calendarEligibility: CalendarEligibility | null;
  /** A vendor IPO table holds a row of this listing. */
  inVendorTable: boolean;
  /** Source of the offer price and proceeds (424B4 or vendor table). */
  offerSource: SourceLink;
  /** The first-day and first-week closes from daily price bars; null when the data holds no bars of the listing. */
  outcome: ApiOutcome | null;
  /** Source of the closes (the bars), when there are any. */
  priceSource: SourceLink | null;
  /** Without bars: the vendor's stated first day (a first close it states, else Bloomberg's "Offer To 1st Close"), quoted, never averaged. */
  statedDay1ReturnPct?: number | null;
}

export interface ArticleLockup {
  cik: string;
  companyName: string;
  ticker: string | null;
  expiryDate: string;
  firstSellableTradingDay: string | null;
  shares: number | null;
  source: SourceLink;
}

/** Everything an article may draw on; builders filter by their own period. */
export interface ArticleData {
  filings?: readonly ArticleFiling[];
  pricings?: readonly ArticlePricing[];
  /** Every served deal that began trading, whatever its type; returns where the data holds price bars. */
  listings?: readonly ArticleListing[];
  lockups?: readonly ArticleLockup[];
}
