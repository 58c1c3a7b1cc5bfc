/**
 * Plain inputs of the offering-intelligence rules. The runner builds these from its proj_* rows;
 * tests build them from the real submissions JSON and prospectuses in data/sample.
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import type { CoverSignals } from '../extract/cover-signals.ts';

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
}

export interface CompanyFacts {
  cik: string;
  name: string | null;
  sic: string | null;
  sicDescription: string | null;
  tickers: string[];
  /** Parallel to `tickers`. */
  exchanges: Array<string | null>;
  /** Names the company filed under before, with the ISO dates they applied. */
  formerNames?: Array<{ name: string; from: string | null; to: string | null }>;
  /** True when the company has filed 10-K/10-Q/20-F/40-F (the runner may know it from pages we do not hold). */
  hasPeriodicReports?: boolean;
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
