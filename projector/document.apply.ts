import { padCik } from '../schema/cik.ts';
import type { StoredEvent } from '../schema/events/event-log.ts';
import { coverFormType, documentFiling, type DocumentFiling } from './document-filing.derive.ts';
import type { DocumentTerms } from './enrichment.store.ts';
import { extractFinancialSnapshot } from './extract/financials/index.ts';
import { readProspectus } from './extract/prospectus-reader.ts';
import { extractTerms } from './extract/terms.extract.ts';
import { deriveAiEnrichment } from './offering/ai-enrichment.derive.ts';
import { extractLockup } from './offering/lockup.extract.ts';

/** Registration statements and final prospectuses whose cover states the offering's terms. */
export const PROSPECTUS_FORMS = new Set(['S-1', 'S-1/A', 'F-1', 'F-1/A', 'S-11', 'S-11/A', '424B1', '424B3', '424B4']);

export interface DocumentMetaFields {
  cik: string;
  accessionNumber: string;
  /** The fetched file's name in the filing folder, when the meta says. */
  primaryDocument?: string | null;
}

/** The CIK and accession a document event is about, or null when its meta does not say. */
export function documentMeta(event: Pick<StoredEvent, 'meta' | 'subject'>): DocumentMetaFields | null {
  const cik = event.meta.cik;
  const accession = typeof event.meta.accessionNumber === 'string' ? event.meta.accessionNumber : event.subject;
  if (typeof cik !== 'string' || !/^\d{1,10}$/.test(cik) || !/^\d{10}-\d{2}-\d{6}$/.test(accession)) return null;
  const primary = typeof event.meta.primaryDocument === 'string' && event.meta.primaryDocument.trim() !== '' ? event.meta.primaryDocument.trim() : null;
  return { cik: padCik(cik), accessionNumber: accession, primaryDocument: primary };
}

/** What reading one document gave: its terms, and what its cover says about its own filing. */
export interface DocumentRead {
  terms: DocumentTerms;
  /** Null when the cover lacks a form or an "As filed" date; used only when no EDGAR row knows the filing. */
  filing: DocumentFiling | null;
}

/**
 * Reads one prospectus document: terms, cover signals, lock-up periods, the extractive
 * enrichment and the summary financial data (the financial snapshot of a pre-IPO issuer). This is the expensive step, run once per document event and never on re-derivation.
 * `knownForm` is the filing row's form when the filing is already known, else the document's own
 * (SGML type or cover title), so a document reads the same whichever arrived first. Returns null
 * for a document of another form (a 10-K, an 8-K exhibit): nothing in it is offering terms.
 */
export function readDocumentTerms(html: string, meta: DocumentMetaFields, knownForm: string | null, observedAt: string): DocumentRead | null {
  const doc = readProspectus(html, { formType: knownForm });
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
    // filing row's, which may not be known yet: derivation fills it (see snapshot.derive.ts).
    snapshot: extractFinancialSnapshot(doc, { accessionNumber: meta.accessionNumber, filingDate: null, formType: form, extractedAt: observedAt }),
  };
  return { terms, filing };
}
