/**
 * The facts the projector keeps per company (proj_* tables in read.db), as plain values. Every
 * derivation reads these and nothing else, so a company's served rows are a pure function of them.
 */
export interface FilingFact {
  cik: string;
  accessionNumber: string;
  formType: string;
  filingDate: string;
  fileNumber: string | null;
  primaryDocument: string | null;
  /** Eastern wall time with EDGAR's fake Z; compared as text only, never converted. */
  acceptanceDateTime: string | null;
  /** Name on the index row (index-only filings). */
  companyName: string | null;
  source: 'submissions' | 'index';
}

export interface CompanyFacts {
  cik: string;
  name: string | null;
  entityType: string | null;
  sic: string | null;
  sicDescription: string | null;
  tickers: string[];
  exchanges: Array<string | null>;
  /** Names the company filed under before, with the dates they applied (submissions formerNames). */
  formerNames: Array<{ name: string; from: string | null; to: string | null }>;
  updatedAt: string | null;
}

export interface TickerHint {
  ticker: string;
  title: string;
  exchange: string | null;
}

/** Oldest first: filing date, then EDGAR acceptance time, then accession as the final tiebreaker. */
export function chronological(a: FilingFact, b: FilingFact): number {
  return (
    cmp(a.filingDate, b.filingDate) ||
    cmp(a.acceptanceDateTime ?? '', b.acceptanceDateTime ?? '') ||
    cmp(a.accessionNumber, b.accessionNumber)
  );
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `S-1/A` → `S-1`; form types compare without their amendment suffix. */
export function baseForm(form: string): string {
  return form.endsWith('/A') ? form.slice(0, -2) : form;
}
