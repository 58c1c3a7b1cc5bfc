import type { Generated } from 'kysely';

/** One immutable observed fact. `seq` orders the log; `event_id` makes appends idempotent. */
export interface EventsTable {
  seq: Generated<number>;
  /** sha256 over type, subject and the payload's content hash: the same fact fetched twice is one row. */
  event_id: string;
  type: string;
  /** Which client or operator produced it, e.g. `edgar`, `newsapi`, `bloomberg-csv`. */
  source: string;
  /** The subject key: a 10-digit CIK, an accession number, a ticker, or a fixed name. */
  subject: string;
  /** ISO-8601 UTC timestamp of the observation. */
  observed_at: string;
  /** Small payloads inline as JSON text; null when the body lives in `blobs`. */
  payload: string | null;
  blob_sha256: string | null;
  /** JSON object: URL fetched, content type, page name, and other facts about the fetch. */
  meta: string;
}

/** Content-addressed, gzip-compressed fetched bodies (submissions JSON, documents, index files). */
export interface BlobsTable {
  sha256: string;
  encoding: 'gzip' | 'identity';
  byte_length: number;
  data: Buffer;
}

/**
 * The last successful run of each kind of ingest job (a feed poll, an index, a search). Mutable
 * bookkeeping kept beside the log for `ipo status`; a poll that brings nothing new adds no event.
 */
export interface SourcePollsTable {
  job: string;
  last_success_at: string;
  /** Events that run added. */
  last_appended: number;
  successes: number;
}

export interface EventLogDatabase {
  events: EventsTable;
  blobs: BlobsTable;
  source_polls: SourcePollsTable;
}
