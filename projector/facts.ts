/**
 * The facts the projector keeps per company (proj_* tables in read.db), as plain values. Every
 * derivation reads these and nothing else, so a company's served rows are a pure function of them.
 */
import type { CompanyFacts as OfferingCompanyFacts, FilingFact as OfferingFilingFact } from './offering/types.ts';

/** A filing as the offering rules see it, plus where the projector learned of it. */
export interface FilingFact extends OfferingFilingFact {
  /** Name on the index row (index-only filings), or the registrant name on the cover of a document-only filing. */
  companyName: string | null;
  /** 'document': known only from its fetched primary document, until a submissions page or an index row names it. */
  source: 'submissions' | 'index' | 'document';
}

/** A company as the offering rules see it, with what the submissions page adds. */
export interface CompanyFacts extends OfferingCompanyFacts {
  entityType: string | null;
  /** Names the company filed under before, with the dates they applied (submissions formerNames). */
  formerNames: NonNullable<OfferingCompanyFacts['formerNames']>;
  updatedAt: string | null;
}

export interface TickerHint {
  ticker: string;
  title: string;
  exchange: string | null;
}
