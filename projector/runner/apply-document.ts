import type { StoredEvent } from '../../schema/events/event-log.ts';
import { isFollowed, type ApplyTarget } from './apply-target.ts';
import { documentInput } from './document-reads.ts';
import { UnreadableEventError } from './unreadable.ts';

/**
 * `edgar.document`: read once here (the expensive step, possibly prepared off the main thread);
 * the company's rows read the stored result.
 */
export function applyDocument(target: ApplyTarget, event: StoredEvent, touched: Set<string>): void {
  const found = documentInput(target.extraction, target.documents, event);
  if ('unreadable' in found) throw new UnreadableEventError(found.unreadable);
  const { meta } = found.input;
  const read = target.extraction.reads.read(found.input, event);
  if (!read) return;
  if ('unreadable' in read) throw new UnreadableEventError(read.unreadable);
  target.documents.putDocument(event.seq, read.terms, read.limits);
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
