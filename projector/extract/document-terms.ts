/** What one prospectus yielded, as the projector keeps it (proj_document_terms). */
import type { ApiAiEnrichment, ApiFinancialSnapshot, ApiTermsExtended } from '../../schema/api/types.ts';
import type { CoverSignals } from './cover-signals.ts';
import type { LockupExtraction } from './lockup.extract.ts';
import type { Provenance, TermsExtraction } from './terms.extract.ts';

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
