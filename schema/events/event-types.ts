import type { ArticleKind } from '../api/vocabulary.ts';
import type { NewsApiArticle } from '../news/newsapi.parse.ts';

/**
 * The closed set of event types. Each names a fact observed at a time; the projector derives
 * every read table from these and nothing else.
 */
export const EVENT_TYPES = [
  /** A row of an EDGAR daily or full index (form, master or company). Subject: accession number. */
  'edgar.index_entry',
  /** A company submissions JSON page, raw body. Subject: 10-digit CIK. */
  'edgar.submissions',
  /** A filing's primary document, raw body. Subject: accession number. */
  'edgar.document',
  /** SEC company_tickers.json, raw body. Subject: `company_tickers`. */
  'edgar.company_tickers',
  /** XBRL company facts JSON, raw body. Subject: 10-digit CIK. */
  'edgar.companyfacts',
  /** One news article from a provider. Subject: canonical URL. */
  'news.article',
  /** Daily OHLCV bars for a ticker, raw body as fetched. Subject: ticker. */
  'market.daily_bars',
  /** One row of a vendor IPO table (e.g. a Bloomberg export). Subject: ticker. */
  'reference.ipo_row',
  /** A published article (daily spotlight, weekly or quarterly review). Subject: article id. */
  'article.published',
  /** An operator's override of a derived value. Subject: the overridden key. */
  'correction',
  /** An ingest job that failed for good (404, malformed data, retries exhausted). Subject: job id. */
  'ingest.job_failed',
  /**
   * The projector gave up reading a document (its time budget ran out, or its worker died).
   * Subject: the document event's event_id. Every later projection reads that document as
   * unreadable, so a rebuild gives what the live projection gave.
   */
  'projector.extraction_failed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Payload of `edgar.index_entry`. Dates are normalised to YYYY-MM-DD. */
export interface IndexEntryPayload {
  cik: string;
  companyName: string;
  formType: string;
  dateFiled: string;
  accessionNumber: string;
  fileName: string;
}

/** Meta of `edgar.submissions`: which page of the company's history this body is. */
export interface SubmissionsMeta {
  url: string;
  /** `recent` for CIK##########.json, else the older page's file name. */
  page: string;
}

/** Meta of `edgar.document`. */
export interface DocumentMeta {
  url: string;
  cik: string;
  accessionNumber: string;
  primaryDocument: string;
  contentType?: string;
}

/** Meta of `market.daily_bars` (the body is the raw CSV or chart JSON as fetched). */
export interface DailyBarsMeta {
  url: string;
  ticker: string;
  /** Which parser reads the body. */
  format: 'stooq_csv' | 'yahoo_chart';
  /** Whether the vendor's prices are split/dividend-adjusted (Stooq's are). */
  adjusted: boolean | null;
}

/** Payload of `news.article`: one article in NewsAPI shape, whichever provider delivered it. */
export interface NewsArticlePayload {
  /** `newsapi` or `rss:<feed url>`. */
  provider: string;
  /** The query or feed that found it, for provenance. */
  query: string | null;
  article: NewsApiArticle;
}

/** Payload of `article.published`: a generated article, as built (see projector/articles). */
export interface ArticlePublishedPayload {
  id: string;
  sourceKind: ArticleKind;
  title: string;
  publishedAt: string;
  path: string;
  html: string;
  summary: string;
}

/**
 * The layouts of vendor IPO tables the importer reads (projector/market/ipo-table.parse.ts detects
 * one from the header): a Bloomberg export, or the Yahoo Finance IPO list.
 */
export const IPO_TABLE_LAYOUTS = ['bloomberg', 'yahoo'] as const;
export type IpoTableLayout = (typeof IPO_TABLE_LAYOUTS)[number];

/**
 * Payload of `reference.ipo_row`: one row of a vendor IPO table as parsed (projector/market's
 * IpoTableRow). Subject: `ticker`. Sizes are in USD millions, percentages in percent. The fields
 * were first written for Bloomberg exports; a Yahoo row fills those its table has and leaves the
 * rest null. The optional fields came later: events logged before them are Bloomberg rows.
 */
export interface IpoRowPayload {
  /** The vendor's symbol as exported: Bloomberg's ticker with its country (`TWTR US`, `TPGE/U US`), Yahoo's symbol (`SLAB`). */
  bloombergTicker: string;
  /** Exchange symbol without the country suffix; unit/class slashes become dashes (TPGE-U). */
  ticker: string;
  /** Bloomberg country code after the space (US, LN, CN…); `US` for a Yahoo row listed on a US market in dollars. */
  country: string;
  issuer: string;
  offerPrice: number | null;
  rangeLow: number | null;
  rangeHigh: number | null;
  /** First trade date, YYYY-MM-DD; null when the table left it blank or (Yahoo) states one its rule rejects. */
  tradeDate: string | null;
  /** The vendor's offer-to-first-close return, in percent (Bloomberg "Offer To 1st Close"; Yahoo `returns` × 100). */
  offerToFirstClosePct: number | null;
  /** Offer size in USD millions. */
  offerSizeMillions: number | null;
  sharesOutstandingMillions: number | null;
  marketCapAtOfferMillions: number | null;
  pricedRange: string | null;
  cusip: string | null;
  industrySector: string | null;
  industryGroup: string | null;
  industrySubgroup: string | null;
  /** The table's layout; absent on rows logged before Yahoo tables were read, which are Bloomberg's. */
  layout?: IpoTableLayout;
  /** The exchange as the vendor wrote it (Yahoo `NasdaqGM`, `NYSE`); Bloomberg exports have no such column. */
  exchange?: string | null;
  /** The vendor's IPO date in a column apart from its first trade (Yahoo `date.x`), YYYY-MM-DD; Bloomberg rows have only the trade date. */
  ipoDate?: string | null;
  /**
   * The first bar of the symbol's price history as the list merged it in (Yahoo `date.y` and its
   * `close`), whatever its date; `tradeDate` is set only when it falls on the IPO date. Bloomberg
   * rows and rows logged before the fields existed have neither.
   */
  firstBarDate?: string | null;
  firstBarClose?: number | null;
  /**
   * Set (true) on a Yahoo row whose first bar, within a week of its IPO date, closes at more than
   * three times its offer price or under a third of it: the two are quoted in different units (a
   * share and an ADS of several) or the history was re-based since, and the data cannot tell which
   * is the listed security's. Its offer price is then not served (projector/market/yahoo-ipo-table.parse.ts).
   */
  priceUnitsDiffer?: boolean;
}

/** Meta of `edgar.companyfacts` (the body is the raw XBRL company facts JSON). Subject: 10-digit CIK. */
export interface CompanyFactsMeta {
  url: string;
}

/**
 * Payload of `ingest.job_failed`: a job the runners gave up on. Subject: the deterministic job id.
 * Recorded so a permanent failure is visible (`ipo status`) instead of retried forever or lost.
 */
export interface JobFailedPayload {
  /** Job name, e.g. `edgar.document`. */
  job: string;
  jobId: string;
  /** The job's data as it was run (normalized when it was valid). */
  data: unknown;
  error: {
    /** Error class name (`EdgarPermanentError`, `InvalidJobError`…), or `NotFound` for a 404. */
    class: string;
    /** HTTP status when the failure was an HTTP answer, else null. */
    status: number | null;
    message: string;
  };
  /** Attempts made, the failing one included. */
  attempts: number;
  /** `permanent`: retrying cannot help; `exhausted`: a transient failure that used up its attempts. */
  reason: 'permanent' | 'exhausted';
}

/** Payload of `projector.extraction_failed`. Subject: `documentEventId`. */
export interface ExtractionFailedPayload {
  documentEventId: string;
  /** Seq of the document event in this log, for people reading the log. */
  documentSeq: number;
  cik: string;
  accessionNumber: string;
  /** `timeout`: the extraction overran its time budget; `worker_exit`: its worker thread died (out of memory, crash). */
  reason: 'timeout' | 'worker_exit';
  /** The time budget in force (EXTRACTION_TIMEOUT_MS), in ms. */
  budgetMs: number;
  /** Size of the document body in bytes. */
  bytes: number;
  /** The worker's last words for `worker_exit`, else null. */
  detail: string | null;
}
