import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { SqliteHandle } from '../sqlite.ts';
import type { EventType } from './event-types.ts';

/** Bodies at or above this size go to the content-addressed blob table, gzip-compressed. */
export const BLOB_THRESHOLD_BYTES = 4096;

export interface NewEvent {
  type: EventType;
  source: string;
  subject: string;
  observedAt: string;
  /** Either a small JSON-serialisable payload ... */
  payload?: unknown;
  /** ... or a raw fetched body, stored as a blob when large. */
  body?: Buffer;
  meta?: Record<string, unknown>;
}

export interface StoredEvent {
  seq: number;
  eventId: string;
  type: EventType;
  source: string;
  subject: string;
  observedAt: string;
  meta: Record<string, unknown>;
  /** Parsed inline payload (null when the event carries a body instead). */
  payload: unknown;
  /** Lazily decompressed raw body, or null when the event carries an inline payload. */
  body(): Buffer | null;
  /** Size of the raw body in bytes, without decompressing it; null when the event carries an inline payload. */
  bodyBytes(): number | null;
}

export interface AppendResult {
  seq: number;
  eventId: string;
  inserted: boolean;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function eventIdOf(type: string, subject: string, contentHash: string): string {
  return sha256(`${type}\u0000${subject}\u0000${contentHash}`);
}

interface EventRow {
  seq: number;
  event_id: string;
  type: string;
  source: string;
  subject: string;
  observed_at: string;
  payload: string | null;
  blob_sha256: string | null;
  meta: string;
}

/**
 * The append-only event log. Writes are idempotent: the same (type, subject, content) is stored
 * once, whenever and however often it is fetched. Statements are prepared once per log.
 */
export class EventLog {
  private readonly insertBlob;
  private readonly insertEvent;
  private readonly findEvent;
  private readonly readBlob;
  private readonly readAfter;
  private readonly readAfterOfType;
  private readonly maxSeq;
  private readonly countByType;
  private readonly readLast;
  private readonly readLastOfType;
  private readonly readFirstOfSubject;
  private readonly readBlobLength;
  private readonly findSubject;
  private readonly readLastOfSubjectWhere;
  private readonly upsertPoll;
  private readonly readPolls;

  constructor(readonly db: SqliteHandle) {
    this.insertBlob = db.prepare(
      'INSERT OR IGNORE INTO blobs (sha256, encoding, byte_length, data) VALUES (?, ?, ?, ?)',
    );
    this.insertEvent = db.prepare(
      `INSERT OR IGNORE INTO events (event_id, type, source, subject, observed_at, payload, blob_sha256, meta)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.findEvent = db.prepare('SELECT seq FROM events WHERE event_id = ?').pluck();
    this.readBlob = db.prepare('SELECT encoding, data FROM blobs WHERE sha256 = ?');
    this.readAfter = db.prepare('SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?');
    this.readAfterOfType = db.prepare('SELECT * FROM events WHERE type = ? AND seq > ? ORDER BY seq');
    this.maxSeq = db.prepare('SELECT coalesce(max(seq), 0) FROM events').pluck();
    this.countByType = db.prepare('SELECT type, count(*) AS n, max(observed_at) AS last FROM events GROUP BY type ORDER BY type');
    this.readLast = db.prepare('SELECT * FROM events ORDER BY seq DESC LIMIT 1');
    this.readLastOfType = db.prepare('SELECT * FROM events WHERE type = ? ORDER BY seq DESC LIMIT ?');
    this.readFirstOfSubject = db.prepare('SELECT * FROM events WHERE type = ? AND subject = ? ORDER BY seq LIMIT 1');
    this.readBlobLength = db.prepare('SELECT byte_length FROM blobs WHERE sha256 = ?').pluck();
    this.findSubject = db.prepare('SELECT 1 FROM events WHERE type = ? AND subject = ? LIMIT 1').pluck();
    this.readLastOfSubjectWhere = db.prepare('SELECT * FROM events WHERE type = ? AND subject = ? AND json_extract(meta, ?) = ? ORDER BY seq DESC LIMIT 1');
    this.upsertPoll = db.prepare(
      `INSERT INTO source_polls (job, last_success_at, last_appended, successes) VALUES (?, ?, ?, 1)
       ON CONFLICT (job) DO UPDATE SET last_success_at = max(last_success_at, excluded.last_success_at),
         last_appended = excluded.last_appended, successes = successes + 1`,
    );
    this.readPolls = db.prepare('SELECT job, last_success_at, last_appended, successes FROM source_polls ORDER BY job');
  }

  /** Notes a successful ingest job of kind `job` (bookkeeping beside the log, for `ipo status`). */
  recordPoll(job: string, at: string, appended: number): void {
    this.upsertPoll.run(job, at, appended);
  }

  /** The last successful run of each kind of ingest job. */
  polls(): Array<{ job: string; lastSuccessAt: string; lastAppended: number; successes: number }> {
    return (this.readPolls.all() as Array<{ job: string; last_success_at: string; last_appended: number; successes: number }>).map((r) => ({
      job: r.job,
      lastSuccessAt: r.last_success_at,
      lastAppended: r.last_appended,
      successes: r.successes,
    }));
  }

  append(event: NewEvent): AppendResult {
    return this.db.transaction(() => this.appendOne(event))();
  }

  appendMany(events: NewEvent[]): AppendResult[] {
    return this.db.transaction(() => events.map((e) => this.appendOne(e)))();
  }

  private appendOne(event: NewEvent): AppendResult {
    let payloadText: string | null = null;
    let blobHash: string | null = null;
    let contentHash: string;
    if (event.body !== undefined) {
      contentHash = sha256(event.body);
      if (event.body.length >= BLOB_THRESHOLD_BYTES) {
        blobHash = contentHash;
        this.insertBlob.run(blobHash, 'gzip', event.body.length, gzipSync(event.body));
      } else {
        blobHash = contentHash;
        this.insertBlob.run(blobHash, 'identity', event.body.length, event.body);
      }
    } else {
      payloadText = JSON.stringify(event.payload ?? null);
      contentHash = sha256(payloadText);
    }
    const eventId = eventIdOf(event.type, event.subject, contentHash);
    const info = this.insertEvent.run(
      eventId,
      event.type,
      event.source,
      event.subject,
      event.observedAt,
      payloadText,
      blobHash,
      JSON.stringify(event.meta ?? {}),
    );
    if (info.changes > 0) return { seq: Number(info.lastInsertRowid), eventId, inserted: true };
    return { seq: this.findEvent.get(eventId) as number, eventId, inserted: false };
  }

  /** Events with seq greater than `afterSeq`, oldest first, at most `limit`. */
  readBatch(afterSeq: number, limit: number): StoredEvent[] {
    return (this.readAfter.all(afterSeq, limit) as EventRow[]).map((r) => this.toStored(r));
  }

  ofType(type: EventType, afterSeq = 0): StoredEvent[] {
    return (this.readAfterOfType.all(type, afterSeq) as EventRow[]).map((r) => this.toStored(r));
  }

  lastSeq(): number {
    return this.maxSeq.get() as number;
  }

  /** Per type: the number of events and the newest observation time (types without events are absent). */
  typeSummary(): Array<{ type: string; events: number; lastObservedAt: string }> {
    return (this.countByType.all() as { type: string; n: number; last: string }[]).map((r) => ({ type: r.type, events: r.n, lastObservedAt: r.last }));
  }

  /** The newest event, or null for an empty log. */
  last(): StoredEvent | null {
    const row = this.readLast.get() as EventRow | undefined;
    return row ? this.toStored(row) : null;
  }

  /** The newest `limit` events of a type, newest first. */
  latestOfType(type: EventType, limit: number): StoredEvent[] {
    return (this.readLastOfType.all(type, limit) as EventRow[]).map((r) => this.toStored(r));
  }

  /** The first event of a type about a subject, or null (an index lookup). */
  firstOfSubject(type: EventType, subject: string): StoredEvent | null {
    const row = this.readFirstOfSubject.get(type, subject) as EventRow | undefined;
    return row ? this.toStored(row) : null;
  }

  /** Whether the log holds any event of a type about a subject (e.g. a document of an accession). */
  hasSubject(type: EventType, subject: string): boolean {
    return this.findSubject.get(type, subject) !== undefined;
  }

  /**
   * The newest event of a type about a subject whose meta field `field` equals `value` (a
   * company's recent submissions page: `page` = `recent`), or null.
   */
  latestOfSubjectWhere(type: EventType, subject: string, field: string, value: string): StoredEvent | null {
    const row = this.readLastOfSubjectWhere.get(type, subject, `$.${field}`, value) as EventRow | undefined;
    return row ? this.toStored(row) : null;
  }

  private toStored(row: EventRow): StoredEvent {
    const blobHash = row.blob_sha256;
    return {
      seq: row.seq,
      eventId: row.event_id,
      type: row.type as EventType,
      source: row.source,
      subject: row.subject,
      observedAt: row.observed_at,
      meta: JSON.parse(row.meta) as Record<string, unknown>,
      payload: row.payload === null ? null : JSON.parse(row.payload),
      body: () => {
        if (!blobHash) return null;
        const blob = this.readBlob.get(blobHash) as { encoding: string; data: Buffer } | undefined;
        if (!blob) throw new Error(`event ${row.seq} references missing blob ${blobHash}`);
        return blob.encoding === 'gzip' ? gunzipSync(blob.data) : blob.data;
      },
      bodyBytes: () => {
        if (!blobHash) return null;
        const length = this.readBlobLength.get(blobHash) as number | undefined;
        if (length === undefined) throw new Error(`event ${row.seq} references missing blob ${blobHash}`);
        return length;
      },
    };
  }
}
