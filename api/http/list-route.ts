import type { Context } from 'koa';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from './cursor.ts';
import { listPageBody, pageSize } from './list-page.ts';
import type { ResourceDeps } from './resource-deps.ts';
import { PRIVATE_CACHE, sendJson } from './send.ts';

/** One keyed list endpoint: its cursor namespace, page-order key, query reader and page query. */
export interface KeyedList<Q extends { cursor?: string; limit?: number }> {
  path: string;
  /** Cursor namespace: a cursor from another endpoint is refused. */
  endpoint: string;
  key: readonly string[];
  readQuery: (ctx: Context) => Q;
  /** `limit + 1` keyed rows after the cursor position (see `keyedRow`). */
  list: (conn: ReadConnection, query: Q, after: CursorKey | null, limit: number) => string[];
}

/**
 * Registers an authenticated list endpoint: validate → one page query → envelope. The data
 * version is read before the query so the ETag never names newer data than the page holds.
 */
export function keyedListRoute<Q extends { cursor?: string; limit?: number }>(
  { router, readDb, cursors, guard }: ResourceDeps,
  spec: KeyedList<Q>,
): void {
  router.get(spec.path, guard, (ctx) => {
    const query = spec.readQuery(ctx);
    const after = query.cursor === undefined ? null : cursors.decode(spec.endpoint, query.cursor, spec.key.length);
    const limit = pageSize(query.limit);
    const conn = readDb.current();
    const version = conn.version();
    const rows = spec.list(conn, query, after, limit);
    sendJson(ctx, listPageBody(rows, limit, spec.key.length, cursors, spec.endpoint), PRIVATE_CACHE, 'Authorization', version);
  });
}
