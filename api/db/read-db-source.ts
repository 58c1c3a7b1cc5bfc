import { statSync } from 'node:fs';
import type { Statement } from 'better-sqlite3';
import { readDbLinkPath } from '../../schema/read/location.ts';
import { openSqlite, type SqliteHandle } from '../../schema/sqlite.ts';
import { ApiError } from '../errors/api-error.ts';

/** One open generation of read.db with its own statement cache. */
export interface ReadConnection {
  readonly db: SqliteHandle;
  /** Cached statement returning rows as arrays (no per-row objects). */
  rows(sql: string): Statement<unknown[], unknown[]>;
  /** Cached statement returning the first column of each row. */
  values(sql: string): Statement<unknown[], unknown>;
  /**
   * Names the data this connection sees now: the generation plus SQLite's `data_version`, which
   * changes whenever the projector commits. Read it before querying; it keys strong ETags.
   */
  version(): string;
}

export interface ReadDbSourceOptions {
  dataDir: string;
  /** How often, at most, to stat the link for a swapped generation. */
  checkIntervalMs?: number;
  now?: () => number;
}

export interface ReadDbSource {
  /** The connection to the live generation; throws service_unavailable before the first projection. */
  current(): ReadConnection;
  close(): void;
}

/**
 * Opens `DATA_DIR/read.db` read-only and follows atomic swaps of the link: at most every
 * `checkIntervalMs` it stats the link's target, and when the inode changed it opens the new
 * generation and closes the old. Queries run synchronously, so nothing is mid-statement on the
 * old handle when it closes; its statements go with it and are re-prepared on the new one.
 */
export function createReadDbSource(options: ReadDbSourceOptions): ReadDbSource {
  const link = readDbLinkPath(options.dataDir);
  const interval = options.checkIntervalMs ?? 250;
  const now = options.now ?? Date.now;
  let live: { identity: string; connection: ReadConnection } | null = null;
  let checkedAt = -Infinity;

  const identityOf = (): string | null => {
    try {
      const stat = statSync(link);
      return `${stat.dev}:${stat.ino}`;
    } catch {
      return null;
    }
  };

  const refresh = () => {
    const identity = identityOf();
    if (identity === null || identity === live?.identity) return;
    const connection = openConnection(link, identity);
    live?.connection.db.close();
    live = { identity, connection };
  };

  return {
    current() {
      const at = now();
      if (live === null || at - checkedAt >= interval) {
        checkedAt = at;
        refresh();
      }
      if (live === null) throw new ApiError('service_unavailable', 'The read database has not been built yet', null);
      return live.connection;
    },
    close() {
      live?.connection.db.close();
      live = null;
    },
  };
}

function openConnection(path: string, identity: string): ReadConnection {
  const db = openSqlite(path, { readonly: true });
  const dataVersion = db.prepare('PRAGMA data_version').pluck(true);
  const rowStatements = new Map<string, Statement<unknown[], unknown[]>>();
  const valueStatements = new Map<string, Statement<unknown[], unknown>>();
  return {
    db,
    rows(sql) {
      let statement = rowStatements.get(sql);
      if (!statement) {
        statement = (db.prepare(sql) as Statement<unknown[], unknown[]>).raw(true);
        rowStatements.set(sql, statement);
      }
      return statement;
    },
    values(sql) {
      let statement = valueStatements.get(sql);
      if (!statement) {
        statement = db.prepare(sql).pluck(true) as Statement<unknown[], unknown>;
        valueStatements.set(sql, statement);
      }
      return statement;
    },
    version() {
      return `${identity}.${dataVersion.get() as number}`;
    },
  };
}
