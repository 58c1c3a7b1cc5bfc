import { padCik } from '../../schema/cik.ts';
import type { EventLog, NewEvent, StoredEvent } from '../../schema/events/event-log.ts';
import type { ExtractionFailedPayload } from '../../schema/events/event-types.ts';
import { readDocumentTerms, type DocumentIdentity, type DocumentReadResult } from '../extract/document.read.ts';
import type { DocumentReadCache } from './document-read-cache.store.ts';
import type { DocumentStore } from './documents.store.ts';

/**
 * What one document's extraction may use. Only a size is a budget here: it is the same on every
 * machine, so it decides the same way in every projection (a time limit would not, see
 * `extraction-pool.ts`). Changing it changes what a rebuild reads.
 */
export interface ExtractionBudget {
  /** Bodies larger than this are not read at all: the event is recorded as skipped. */
  maxBytes: number;
}

/** 32 MiB: ten times the largest real prospectus in the corpus (about 3 MB of HTML). */
export const DEFAULT_EXTRACTION_BUDGET: ExtractionBudget = { maxBytes: 32 * 1024 * 1024 };

export const EXTRACTION_FAILED = 'projector.extraction_failed';

/** Everything a document's extraction depends on: `readDocumentTerms` is a pure function of it and the body. */
export interface DocumentInput {
  seq: number;
  meta: DocumentIdentity;
  /** The filing's form as the projector state knows it when the event is applied. */
  knownForm: string | null;
  observedAt: string;
}

/** Thrown by prepared reads for a document whose input changed since it was prepared: the batch ends before it. */
export class NotPreparedError extends Error {}

/** Where the applier gets a document's read: computed on the spot, or prepared off the main thread. */
export interface DocumentReads {
  read(input: DocumentInput, event: StoredEvent): DocumentReadResult;
}

/** Reads in the calling thread (`ipo project`, rebuilds, tests). */
export const inlineReads: DocumentReads = {
  read(input, event) {
    return readDocumentTerms(event.body()!.toString('utf8'), input.meta, input.knownForm, input.observedAt);
  },
};

/**
 * Reads through a cache of earlier projections' reads (document-read-cache.store.ts): a stored
 * read when the cache has this input's, else `inner`'s, which the cache then keeps.
 */
export function cachedReads(cache: DocumentReadCache, inner: DocumentReads): DocumentReads {
  return {
    read(input, event) {
      const stored = cache.get(input, event.eventId);
      if (stored !== undefined) return stored;
      const read = inner.read(input, event);
      cache.put(input, event.eventId, read);
      return read;
    },
  };
}

/**
 * Reads prepared before the batch (by `extraction-pool.ts`). A read prepared for another known
 * form (an earlier event of the same batch named the filing) is not used: read by `otherwise`
 * when given (the same pure read), else the batch is cut before the document, and the next batch
 * prepares it again against the state it then meets.
 */
export function preparedReads(prepared: ReadonlyMap<number, { knownForm: string | null; read: DocumentReadResult }>, otherwise: DocumentReads | null = null): DocumentReads {
  return {
    read(input, event) {
      const found = prepared.get(input.seq);
      if (found && found.knownForm === input.knownForm) return found.read;
      if (otherwise) return otherwise.read(input, event);
      throw new NotPreparedError(`document seq ${input.seq} was not prepared for form ${input.knownForm}`);
    },
  };
}

/** How a run reads documents: where reads come from, what refuses one, and the log of recorded failures. */
export interface DocumentExtraction {
  eventLog: EventLog;
  budget: ExtractionBudget;
  reads: DocumentReads;
  /** The reads outside a prepared batch: inline, through the run's cache when it has one. */
  inline: DocumentReads;
  /** Reads of earlier projections, kept for later ones; null = every document is extracted. */
  cache: DocumentReadCache | null;
}

/** The CIK and accession a document event is about, or null when its meta does not say. */
export function documentMeta(event: Pick<StoredEvent, 'meta' | 'subject'>): DocumentIdentity | null {
  const cik = event.meta.cik;
  const accession = typeof event.meta.accessionNumber === 'string' ? event.meta.accessionNumber : event.subject;
  if (typeof cik !== 'string' || !/^\d{1,10}$/.test(cik) || !/^\d{10}-\d{2}-\d{6}$/.test(accession)) return null;
  const primary = typeof event.meta.primaryDocument === 'string' && event.meta.primaryDocument.trim() !== '' ? event.meta.primaryDocument.trim() : null;
  return { cik: padCik(cik), accessionNumber: accession, primaryDocument: primary };
}

/**
 * What applying a document event reads, or why it reads nothing. The applier and the preparation
 * both call this, so a document is prepared exactly when the applier will ask for its read.
 */
export function documentInput(
  extraction: Pick<DocumentExtraction, 'eventLog' | 'budget'>,
  documents: DocumentStore,
  event: StoredEvent,
): { input: DocumentInput } | { unreadable: string } {
  const meta = documentMeta(event);
  if (!meta) return { unreadable: 'document event lacks a CIK or accession number in its meta' };
  const bytes = event.bodyBytes();
  if (bytes === null) return { unreadable: 'document event carries no body' };
  const failure = extraction.eventLog.firstOfSubject(EXTRACTION_FAILED, event.eventId);
  if (failure) return { unreadable: failureReason(failure.payload as ExtractionFailedPayload) };
  if (bytes > extraction.budget.maxBytes) {
    return { unreadable: `document of ${bytes} bytes is over the extraction budget of ${extraction.budget.maxBytes} bytes (EXTRACTION_MAX_BYTES)` };
  }
  return { input: { seq: event.seq, meta, knownForm: documents.filingForm(meta.cik, meta.accessionNumber), observedAt: event.observedAt } };
}

function failureReason(payload: ExtractionFailedPayload): string {
  return payload.reason === 'timeout'
    ? `extraction overran its ${payload.budgetMs} ms time budget (recorded by projector.extraction_failed)`
    : `extraction worker died (recorded by projector.extraction_failed): ${payload.detail ?? 'no detail'}`;
}

/** The event that makes every later projection read this document as unreadable. */
export function extractionFailedEvent(
  event: StoredEvent,
  input: DocumentInput,
  failure: { reason: ExtractionFailedPayload['reason']; budgetMs: number; bytes: number; detail: string | null },
  observedAt: string,
): NewEvent {
  const payload: ExtractionFailedPayload = {
    documentEventId: event.eventId,
    documentSeq: event.seq,
    cik: input.meta.cik,
    accessionNumber: input.meta.accessionNumber,
    ...failure,
  };
  return { type: EXTRACTION_FAILED, source: 'projector', subject: event.eventId, observedAt, payload };
}
