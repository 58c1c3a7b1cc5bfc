import { padCik } from '../../schema/cik.ts';
import type { StoredEvent } from '../../schema/events/event-log.ts';
import { readDocumentTerms, type DocumentIdentity } from '../extract/document.read.ts';
import { isFollowed, type ApplyTarget } from './apply-target.ts';
import { UnreadableEventError } from './unreadable.ts';


/** The CIK and accession a document event is about, or null when its meta does not say. */
export function documentMeta(event: Pick<StoredEvent, 'meta' | 'subject'>): DocumentIdentity | null {
  const cik = event.meta.cik;
  const accession = typeof event.meta.accessionNumber === 'string' ? event.meta.accessionNumber : event.subject;
  if (typeof cik !== 'string' || !/^\d{1,10}$/.test(cik) || !/^\d{10}-\d{2}-\d{6}$/.test(accession)) return null;
  const primary = typeof event.meta.primaryDocument === 'string' && event.meta.primaryDocument.trim() !== '' ? event.meta.primaryDocument.trim() : null;
  return { cik: padCik(cik), accessionNumber: accession, primaryDocument: primary };
}

/**
 * `edgar.document`: read once here (the expensive step); the company's rows read the stored result.
 */
export function applyDocument(target: ApplyTarget, event: StoredEvent, touched: Set<string>): void {
  const meta = documentMeta(event);
  if (!meta) throw new UnreadableEventError('document event lacks a CIK or accession number in its meta');
  const body = event.body();
  if (!body) throw new UnreadableEventError('document event carries no body');
  const read = readDocumentTerms(body.toString('utf8'), meta, target.documents.filingForm(meta.cik, meta.accessionNumber), event.observedAt);
  if (!read) return;
  target.documents.putDocument(event.seq, read.terms);
  // A fetched primary document is itself evidence of its filing (and of its company): while no
  // submissions page or index row names the filing, its cover supplies the filing row. The state
  // row's updatedAt is left alone: the document's observedAt reaches the company's updatedAt at
  // derivation, whichever arrived first.
  if (read.filing) {
    target.edgar.ensureCompany(meta.cik);
    target.edgar.putDocumentFiling(meta.cik, meta.accessionNumber, read.filing);
  }
  // The document is kept even when its company is not known yet: the company's first derivation reads it.
  if (isFollowed(target, meta.cik)) touched.add(meta.cik);
}
