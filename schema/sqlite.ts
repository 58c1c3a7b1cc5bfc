import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

export type SqliteHandle = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
}

/**
 * Opens a SQLite file with the pragmas every stage relies on. WAL lets the API read while the
 * projector writes; NORMAL sync is durable across process crashes (only an OS crash can lose the
 * last transactions, which the event log can replay).
 */
export function openSqlite(path: string, options: OpenOptions = {}): SqliteHandle {
  const db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  // First, so that switching a new file to WAL waits for another process opening it too.
  db.pragma('busy_timeout = 5000');
  if (!options.readonly) {
    switchToWal(db);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
  }
  return db;
}

/**
 * Switches a file to WAL, waiting for other processes doing the same. Two connections that both
 * read the new file's header and then ask for the exclusive lock deadlock, so SQLite fails one of
 * them at once with SQLITE_BUSY instead of calling its busy handler: that one backs off and asks again.
 */
function switchToWal(db: SqliteHandle): void {
  const deadline = Date.now() + 5000;
  for (let attempt = 1; ; attempt++) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.min(100, 5 * attempt));
    }
  }
}

/** Wraps an open handle in Kysely. Closing the Kysely instance closes the handle. */
export function kyselyFor<DB>(db: SqliteHandle): Kysely<DB> {
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: db }) });
}

/** SQLite's integrity check of a database file, opened read-only: 'ok' or the first problem found. */
export function integrityOf(path: string): string {
  const db = openSqlite(path, { readonly: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}
