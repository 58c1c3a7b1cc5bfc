import type { DocumentTerms } from './document-terms.ts';
import { PROSPECTUS_FORMS } from '../common/forms.ts';
import { deriveAiEnrichment } from './ai-enrichment.extract.ts';
import { coverFormType, documentFiling, type DocumentFiling } from './document-filing.extract.ts';
import { extractFinancialSnapshot } from './financials/financial-snapshot.extract.ts';
import { extractLockup } from './lockup.extract.ts';
import { readProspectus } from './prospectus-reader.ts';
import type { ReadLimit } from './read-budget.ts';
import { extractTerms } from './terms.extract.ts';

/** Which filing a fetched document belongs to. */
export interface DocumentIdentity {
  cik: string;
  accessionNumber: string;
  /** The fetched file's name in the filing folder, when known. */
  primaryDocument?: string | null;
}

/** What reading one document gave: its terms, and what its cover says about its own filing. */
export interface DocumentRead {
  terms: DocumentTerms;
  /** Null when the cover lacks a form or an "As filed" date; used only when no EDGAR row knows the filing. */
  filing: DocumentFiling | null;
  /** The read budgets (read-budget.ts) that cut this read short; empty when the document was read whole. */
  limits: ReadLimit[];
}

/** A document nothing was read from, and why: binary content, or an error of the extractors. */
export interface UnreadableDocument {
  unreadable: string;
}

/** What `readDocumentTerms` gives: a read, an unreadable document, or null for a document of another form. */
export type DocumentReadResult = DocumentRead | UnreadableDocument | null;

/**
 * Reads one prospectus document: terms, cover signals, lock-up periods, the extractive
 * enrichment and the summary financial data (the financial snapshot of a pre-IPO issuer).
 * This is the expensive step, run once per document event and never on re-derivation.
 * `knownForm` is the filing row's form when the filing is already known, else the document's own
 * (SGML type or cover title), so a document reads the same whichever arrived first. Returns null
 * for a document of another form (a 10-K, an 8-K exhibit): nothing in it is offering terms.
 *
 * It never throws: the read is bounded by READ_BUDGET, and an error of an extractor (a bug met
 * by some document) makes the document unreadable, the same way in every projection, instead
 * of stopping the projection.
 */
export function readDocumentTerms(
  html: string,
  meta: DocumentIdentity,
  knownForm: string | null,
  observedAt: string,
): DocumentReadResult {
  try {
    return readWithinBudget(html, meta, knownForm, observedAt);
  } catch (error) {
    return { unreadable: `extraction error: ${(error as Error)?.message ?? String(error)}` };
  }
}

function readWithinBudget(html: string, meta: DocumentIdentity, knownForm: string | null, observedAt: string): DocumentReadResult {
  const doc = readProspectus(html, { formType: knownForm });
  if (doc.unreadable !== null) return { unreadable: doc.unreadable };
  const filing = documentFiling(doc, meta.primaryDocument ?? null);
  const form = knownForm ?? coverFormType(doc);
  // A bare HTML document whose filing we have not seen yet is read anyway: derivation ignores it
  // if the filing turns out to be another form, and skipping it would make the result depend on arrival order.
  if (form !== null && !PROSPECTUS_FORMS.has(form)) return null;
  const extraction = extractTerms(doc, { formType: form });
  const terms: DocumentTerms = {
    cik: meta.cik,
    accessionNumber: meta.accessionNumber,
    formType: doc.formType,
    observedAt,
    terms: extraction.terms,
    provenance: extraction.provenance,
    estimates: extraction.estimates,
    signals: extraction.signals,
    lockup: extractLockup(doc),
    enrichment: deriveAiEnrichment({ doc, terms: extraction.terms, changes: null }),
    // extractedAt is the fetch's observedAt, so a rebuild reproduces it; the filing date is the
    // filing row's, which may not be known yet: derivation fills it (see financials/snapshot.choose.ts).
    snapshot: extractFinancialSnapshot(doc, { accessionNumber: meta.accessionNumber, filingDate: null, formType: form, extractedAt: observedAt }),
  };
  return { terms, filing, limits: doc.limits };
}
