import type { DocumentExtraction } from './document-reads.ts';
import type { NewsLinker } from './news-linker.ts';
import type { Stores } from './stores.ts';

/** Everything an event may write: the stores and, for articles, the served table itself. */
export interface ApplyTarget extends Stores {
  linker: NewsLinker;
  /** Where document reads come from (inline or prepared) and what refuses one. */
  extraction: DocumentExtraction;
}

/** EDGAR named the company, or it is served already (from a vendor row). */
export function isFollowed(target: ApplyTarget, cik: string): boolean {
  return target.edgar.companyExists(cik) || target.served.hasCompany(cik);
}
