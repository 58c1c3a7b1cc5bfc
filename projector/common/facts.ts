/**
 * The facts the projector keeps (proj_* tables in read.db), as plain values. Stores read and write
 * them; every derivation reads these and nothing else, so a company's served rows are a pure
 * function of them. Tests build them from the real files in data/sample.
 */
import type { ApiAiEnrichment, ApiFinancialSnapshot, ApiTermsExtended } from '../../schema/api/types.ts';
import type { NewsArticlePayload } from '../../schema/events/event-types.ts';
import type { CoverSignals } from '../extract/cover-signals.ts';
import type { LockupExtraction } from '../extract/lockup.extract.ts';
import type { Provenance, TermsExtraction } from '../extract/terms.extract.ts';
import type { DailyBar } from '../market/bars.parse.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import type { LinkReason } from '../news/company.link.ts';
import type { PublishedAt } from '../news/published-at.derive.ts';

/** A filing as the offering rules see it. */
export interface FilingFact {
  accessionNumber: string;
  cik: string;
  formType: string;
  /** YYYY-MM-DD (EDGAR's filing date, Eastern). */
  filingDate: string;
  /** 333-, 377-, 024-, 001- …; null on index rows, which carry none. */
  fileNumber: string | null;
  primaryDocument: string | null;
  /** Eastern wall time with EDGAR's fake Z; only compared as text. */
  acceptanceDateTime: string | null;
  /** 8-K items as EDGAR's submissions list them ("2.01,5.06,9.01"); null/absent when empty or unknown (index rows). */
  items?: string | null;
}

/** A filing as the projector knows it: the offering rules' view plus where it learned of it. */
export interface KnownFiling extends FilingFact {
  /** Name on the index row (index-only filings), or the registrant name on the cover of a document-only filing. */
  companyName: string | null;
  /** 'document': known only from its fetched primary document, until a submissions page or an index row names it. */
  source: 'submissions' | 'index' | 'document';
}

/** A company as EDGAR's submissions page describes it (all null/empty when only index rows named it). */
export interface CompanyFacts {
  cik: string;
  name: string | null;
  entityType: string | null;
  sic: string | null;
  sicDescription: string | null;
  tickers: string[];
  /** Parallel to `tickers`. */
  exchanges: Array<string | null>;
  /** Names the company filed under before, with the ISO dates they applied. */
  formerNames: Array<{ name: string; from: string | null; to: string | null }>;
  /** The latest observedAt of an event that changed these facts. */
  updatedAt: string | null;
}

/** One company_tickers.json row of the company. */
export interface TickerHint {
  ticker: string;
  title: string;
  exchange: string | null;
}

/** What one prospectus document yielded, read once when its event was applied. */
export interface DocumentTerms {
  cik: string;
  accessionNumber: string;
  /** SGML `<TYPE>` of the document, when it had a wrapper. */
  formType: string | null;
  observedAt: string;
  terms: ApiTermsExtended;
  provenance: Provenance;
  estimates: TermsExtraction['estimates'];
  signals: CoverSignals;
  lockup: LockupExtraction;
  /** Extractive enrichment; materialChanges is filled at derive time. */
  enrichment: ApiAiEnrichment;
  /**
   * Financial snapshot from the summary financial data tables, or null. Its source names the
   * document's own form and no filing date: derivation fills both from the filing row.
   */
  snapshot: ApiFinancialSnapshot | null;
}

export interface StoredIpoRow {
  row: IpoTableRow;
  observedAt: string;
}

export interface StoredBars {
  ticker: string;
  bars: DailyBar[];
  adjusted: boolean | null;
  observedAt: string;
}

export interface StoredNews {
  newsId: string;
  payload: NewsArticlePayload;
  /** The earliest observedAt of a `news.article` event for this URL: the `first_seen` date. */
  observedAt: string;
  /** The date the article is served under, and where it came from (see news/published-at.derive.ts). */
  published: PublishedAt;
  /**
   * The link to the company it is read for: set on a company's linked news (NewsStore.linkedNews),
   * absent on an article read for linking. Typed optional so CompanyInputs.news stays StoredNews[].
   */
  link?: { confidence: number; reason: LinkReason };
}

export interface NewsLink {
  newsId: string;
  confidence: number;
  reason: LinkReason;
}

/** What the terms extractor read from one filing's document. */
export interface FilingTerms {
  accessionNumber: string;
  formType: string;
  filingDate: string;
  terms: ApiTermsExtended;
  signals?: CoverSignals | null;
}

export type DealStatus = 'draft' | 'filed' | 'amended' | 'launched' | 'effective' | 'priced' | 'listed' | 'withdrawn';
export type DealOverlay = 'stale' | 'postponed' | 'dormant';
