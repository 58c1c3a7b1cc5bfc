/**
 * EDGAR facts the projector keeps (proj_* tables in read.db), as plain values: filings, the company
 * as its submissions page describes it, ticker hints. Stores read and write them; derivations read
 * them and nothing else, so a company's served rows are a pure function of them.
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import type { CoverSignals } from '../extract/cover-signals.ts';

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
  /**
   * YYYY-MM-DD: the date of report an 8-K's cover states (the earliest event it reports), as the
   * submissions page lists it; null/absent when none is stated or known (index rows).
   */
  reportDate?: string | null;
  /**
   * The other CIKs that filed this same accession (co-registrants: a parent and its guarantor
   * subsidiaries register one offering under several CIKs); absent or empty when none is known.
   */
  coRegistrants?: readonly string[];
  /** Of the filers of this accession (the company and its co-registrants), those the SEC's ticker file or submissions list a ticker for. */
  listedFilers?: readonly string[];
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
  /**
   * The entity's first filing on EDGAR: the earliest date its submissions page lists (its older pages'
   * `filingFrom` included, fetched or not). Null or absent when no submissions page was read.
   */
  firstFilingDate?: string | null;
}

/** One company_tickers.json row of the company. */
export interface TickerHint {
  ticker: string;
  title: string;
  exchange: string | null;
  /** When the data first saw company_tickers.json list the company's rows as they are (absent where unknown). */
  observedAt?: string | null;
}

/** What the terms extractor read from one filing's document. */
export interface FilingTerms {
  accessionNumber: string;
  formType: string;
  filingDate: string;
  terms: ApiTermsExtended;
  signals?: CoverSignals | null;
}


