import type { Context } from 'koa';
import type { JsonSchema } from '../../schema/api/json-schema.ts';
import type { ReadConnection } from '../db/read-db-source.ts';
import type { CursorKey } from './cursor.ts';
import { csvWriter, formatIdentity, sendValidatedCsv } from './csv-list.ts';
import { LIST_VARY, listFormat } from './csv-negotiation.ts';
import { listEnvelope, pageOf, pageSize } from './list-page.ts';
import { nextLink, pageUrl } from './representation.ts';
import type { ResourceDeps } from './resource-deps.ts';
import { answeredFromCache, PRIVATE_CACHE, sendValidatedJson } from './send.ts';

type ListQuery = { cursor?: string; limit?: number; include?: readonly string[] };

/** One keyed list endpoint: its cursor namespace, page-order key, query reader, page query and item shape. */
export interface KeyedList<Q extends ListQuery> {
  path: string;
  /** Cursor namespace: a cursor from another endpoint is refused. */
  endpoint: string;
  key: readonly string[];
  readQuery: (ctx: Context) => Q;
  /** `limit + 1` keyed rows after the cursor position (see `keyedRow`). */
  list: (conn: ReadConnection, query: Q, after: CursorKey | null, limit: number) => string[];
  /** Schema of one item: the columns of the CSV representation. */
  item: JsonSchema;
}

/**
 * Registers an authenticated list endpoint: validate → tag → one page query → envelope. The tag
 * is derived before the query (so it never names newer data than the page holds) and a client
 * that already has it gets a 304 without the query running. A page with a next page carries it
 * as an RFC 8288 `Link: <…>; rel="next"` too. `Accept` chooses JSON (the default) or CSV.
 */
export function keyedListRoute<Q extends ListQuery>(
  { router, readDb, cursors, guard, representationTag }: ResourceDeps,
  spec: KeyedList<Q>,
): void {
  const csv = csvWriter(spec.item);
  router.get(spec.path, guard, (ctx) => {
    const query = spec.readQuery(ctx);
    const format = listFormat(ctx.req.headers.accept);
    const after = query.cursor === undefined ? null : cursors.decode(spec.endpoint, query.cursor, spec.key.length);
    const limit = pageSize(query.limit);
    const conn = readDb.current();
    const etag = representationTag(conn.generation(), formatIdentity(format, pageUrl(spec.path, query, query.cursor)));
    if (answeredFromCache(ctx, etag, PRIVATE_CACHE, LIST_VARY)) return;
    const page = pageOf(spec.list(conn, query, after, limit), limit, spec.key.length, cursors, spec.endpoint);
    if (page.nextCursor !== null) ctx.res.setHeader('Link', nextLink(spec.path, query, page.nextCursor));
    if (format === 'csv') sendValidatedCsv(ctx, csv(query.include, page.items));
    else sendValidatedJson(ctx, listEnvelope(page));
  });
}
