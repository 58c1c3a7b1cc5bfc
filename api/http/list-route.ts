import type { Context } from 'koa';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from './cursor.ts';
import { listEnvelope, pageOf, pageSize } from './list-page.ts';
import { nextLink, pageUrl } from './representation.ts';
import type { ResourceDeps } from './resource-deps.ts';
import { answeredFromCache, PRIVATE_CACHE, sendValidatedJson } from './send.ts';

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
 * Registers an authenticated list endpoint: validate → tag → one page query → envelope. The tag
 * is derived before the query (so it never names newer data than the page holds) and a client
 * that already has it gets a 304 without the query running. A page with a next page carries it
 * as an RFC 8288 `Link: <…>; rel="next"` too.
 */
export function keyedListRoute<Q extends { cursor?: string; limit?: number }>(
  { router, readDb, cursors, guard, representationTag }: ResourceDeps,
  spec: KeyedList<Q>,
): void {
  router.get(spec.path, guard, (ctx) => {
    const query = spec.readQuery(ctx);
    const after = query.cursor === undefined ? null : cursors.decode(spec.endpoint, query.cursor, spec.key.length);
    const limit = pageSize(query.limit);
    const conn = readDb.current();
    const etag = representationTag(conn.generation(), pageUrl(spec.path, query, query.cursor));
    if (answeredFromCache(ctx, etag, PRIVATE_CACHE, 'Authorization')) return;
    const page = pageOf(spec.list(conn, query, after, limit), limit, spec.key.length, cursors, spec.endpoint);
    if (page.nextCursor !== null) ctx.res.setHeader('Link', nextLink(spec.path, query, page.nextCursor));
    sendValidatedJson(ctx, listEnvelope(page));
  });
}
