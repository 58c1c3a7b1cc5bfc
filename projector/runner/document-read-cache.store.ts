import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { openSqlite, type SqliteHandle } from '../../schema/sqlite.ts';
import type { DocumentReadResult } from '../extract/document.read.ts';
import type { DocumentInput } from './document-reads.ts';

/**
 * Document reads kept between projections (`DATA_DIR/document-reads.db`), so a rebuild copies what
 * it would only compute again. A read is a pure function of the document event (body, meta,
 * observedAt: immutable, since the log is), the filing's known form and the extractor code, so a
 * stored read is keyed by all of them: the event's seq, the known form and the extractor identity
 * (extractor-identity.ts) as the key, and the event id (a hash of the body) with the meta and
 * observedAt the read used, checked on every hit, so a log replaced under the same DATA_DIR (seqs
 * reused for other events) never meets another log's reads.
 *
 * Never required: a file that cannot be opened or read is deleted and started again, an error
 * while running turns the cache off for the run, and a row whose checksum or decoding fails is a
 * miss; each way the document is extracted as it would be without it.
 */
export interface DocumentReadCache {
  /** The stored read of this input, or undefined (a miss). Null is a read: a document of another form. */
  get(input: DocumentInput, eventId: string): DocumentReadResult | undefined;
  /** Keeps a read; written in transactions of a few dozen, at `flush` and at `close`. */
  put(input: DocumentInput, eventId: string, read: DocumentReadResult): void;
  /** Writes the reads kept so far (the runner calls it after each batch, so a live projector's reads are not held in memory). */
  flush(): void;
  close(): void;
  readonly stats: DocumentReadCacheStats;
}

export interface DocumentReadCacheStats {
  hits: number;
  misses: number;
  stored: number;
  /** Why the cache stopped serving or storing during this run, or null. */
  problem: string | null;
}

export const DOCUMENT_READ_CACHE_FILE = 'document-reads.db';

/**
 * At most 2 GiB on disk: past it the cache stops storing (and keeps serving). The scale bench's
 * 314 reads take 2.8 MiB (about 9 KiB each), so this holds over 200,000 reads, about twice the
 * prospectuses of 25 years of EDGAR.
 */
const MAX_BYTES = 2 * 1024 ** 3;
/** Reads kept in memory before they are written in one transaction (unless a batch ends first): what a crash can lose. */
const WRITE_EVERY = 32;
/** The table's layout; a file of another layout is started again. */
const LAYOUT_VERSION = 1;

export function documentReadCachePath(dataDir: string): string {
  return join(dataDir, DOCUMENT_READ_CACHE_FILE);
}

/** The cache of `dataDir` for reads of extractor `identity`. Never throws: a cache that cannot open serves nothing. */
export function openDocumentReadCache(path: string, identity: string): DocumentReadCache {
  let db: SqliteHandle;
  try {
    db = openLayout(path, identity);
  } catch {
    // Unreadable (not a database, corrupt, another layout): it is only a cache, start it again.
    try {
      removeCacheFile(path);
      db = openLayout(path, identity);
    } catch (error) {
      return disabledCache(`cannot open ${path}: ${(error as Error).message}`);
    }
  }
  return sqliteCache(db, identity);
}

function openLayout(path: string, identity: string): SqliteHandle {
  const db = openSqlite(path);
  try {
    if (db.pragma('user_version', { simple: true }) !== LAYOUT_VERSION) {
      db.exec(`DROP TABLE IF EXISTS document_reads`);
      db.exec(`CREATE TABLE document_reads (
        seq INTEGER NOT NULL,
        known_form TEXT NOT NULL,
        extractor TEXT NOT NULL,
        input TEXT NOT NULL,
        digest BLOB NOT NULL,
        read BLOB NOT NULL,
        PRIMARY KEY (seq, known_form, extractor))`);
      db.pragma(`user_version = ${LAYOUT_VERSION}`);
    }
    // Reads of other code are never served again: the file holds one extractor's reads, so it is
    // bounded by the log's documents (and MAX_BYTES) however often the code changes.
    if (db.prepare(`SELECT 1 FROM document_reads WHERE extractor <> ? LIMIT 1`).get(identity) !== undefined) {
      db.close();
      removeCacheFile(path);
      return openLayout(path, identity);
    }
    db.pragma(`max_page_count = ${Math.floor(MAX_BYTES / (db.pragma('page_size', { simple: true }) as number))}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function removeCacheFile(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

function sqliteCache(db: SqliteHandle, identity: string): DocumentReadCache {
  const stats: DocumentReadCacheStats = { hits: 0, misses: 0, stored: 0, problem: null };
  const select = db.prepare(`SELECT input, digest, read FROM document_reads WHERE seq = ? AND known_form = ? AND extractor = ?`);
  const insert = db.prepare(`INSERT OR REPLACE INTO document_reads (seq, known_form, extractor, input, digest, read) VALUES (?, ?, ?, ?, ?, ?)`);
  const pending: unknown[][] = [];
  const write = db.transaction((rows: unknown[][]) => {
    for (const row of rows) insert.run(...row);
  });
  let serving = true;
  let storing = true;
  const stop = (what: string, error: unknown) => {
    stats.problem ??= `${what}: ${(error as Error)?.message ?? String(error)}`;
  };
  const flush = () => {
    if (!storing || pending.length === 0) return;
    try {
      write(pending);
      stats.stored += pending.length;
    } catch (error) {
      // SQLITE_FULL at MAX_BYTES, a full disk, a file gone bad: stop storing, reads stay correct.
      storing = false;
      stop('stopped storing', error);
    }
    pending.length = 0;
  };
  return {
    stats,
    get(input, eventId) {
      if (!serving) return miss(stats);
      let row: { input: string; digest: Buffer; read: Buffer } | undefined;
      try {
        row = select.get(input.seq, formKey(input.knownForm), identity) as typeof row;
      } catch (error) {
        serving = false;
        stop('stopped serving', error);
        return miss(stats);
      }
      if (!row || row.input !== inputKey(input, eventId) || !digestOf(row.read).equals(row.digest)) return miss(stats);
      try {
        const read = deserialize(row.read) as DocumentReadResult;
        stats.hits++;
        return read;
      } catch {
        return miss(stats);
      }
    },
    put(input, eventId, read) {
      if (!storing) return;
      const bytes = serialize(read);
      pending.push([input.seq, formKey(input.knownForm), identity, inputKey(input, eventId), digestOf(bytes), bytes]);
      if (pending.length >= WRITE_EVERY) flush();
    },
    flush,
    close() {
      flush();
      try {
        db.close();
      } catch (error) {
        stop('close', error);
      }
    },
  };
}

function miss(stats: DocumentReadCacheStats): undefined {
  stats.misses++;
  return undefined;
}

/** A cache that serves and stores nothing (the file could not be opened). */
function disabledCache(problem: string): DocumentReadCache {
  const stats: DocumentReadCacheStats = { hits: 0, misses: 0, stored: 0, problem };
  return { stats, get: () => miss(stats), put: () => {}, flush: () => {}, close: () => {} };
}

/** The known form as a key: JSON, so that no form (not even an empty one) reads as "none known". */
const formKey = (knownForm: string | null) => JSON.stringify(knownForm);

/** The rest of what the read depends on: the body (by the event id, a hash of it), the meta it uses, observedAt. */
function inputKey(input: DocumentInput, eventId: string): string {
  const { cik, accessionNumber, primaryDocument } = input.meta;
  return JSON.stringify([eventId, cik, accessionNumber, primaryDocument ?? null, input.observedAt]);
}

/** Checked on every hit, so a damaged row is a miss rather than a wrong read. */
const digestOf = (bytes: Buffer) => createHash('sha1').update(bytes).digest();
