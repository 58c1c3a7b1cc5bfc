import type { Context } from 'koa';
import { DEFAULT_PAGE_SIZE } from '../../schema/api/params.schema.ts';
import type { KeyedState } from '../auth/guard.middleware.ts';
import type { ApiKeyVerifier } from '../auth/api-keys.ts';
import { ApiError } from '../errors/api-error.ts';
import { chooseFormat, type Offer } from '../http/csv-negotiation.ts';
import { queryReader } from '../http/query-validator.ts';
import { pageUrl } from '../http/representation.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { answeredFromCache, JSON_TYPE, REVALIDATED_PRIVATE_CACHE } from '../http/send.ts';
import type { EventStreams } from './event-streams.ts';
import { eventFilter, type EventQueries, type EventFilter } from './events.query.ts';
import { eventPageJson, ssePosition } from './events.mapper.ts';
import { eventStreamValidator, type EventStreamQuery } from './events.schema.ts';

export const EVENTS_PATH = '/api/v1/events';
export const EVENT_STREAM_TYPE = 'text/event-stream; charset=utf-8';
/** What a client waits before reconnecting after the stream ends (the SSE `retry` field). */
export const RECONNECT_MS = 2_000;

/** The stream is the default and wins a tie; a client that weighs JSON higher polls pages. */
const OFFERS: readonly Offer<'stream' | 'json'>[] = [
  { format: 'stream', type: 'text', subtype: 'event-stream', params: { charset: 'utf-8' } },
  { format: 'json', type: 'application', subtype: 'json', params: { charset: 'utf-8' } },
];

const LAST_EVENT_ID = /^\d{1,15}$/;
const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

function eventFormat(accept: string | undefined): 'stream' | 'json' {
  const choice = chooseFormat(accept, OFFERS);
  if (choice === 'stream' || choice === 'json') return choice;
  if (choice === null) throw new ApiError('not_acceptable', 'Events are served as text/event-stream or application/json; the Accept header admits neither', null);
  throw ApiError.invalidHeader('Accept', `not a media range list (RFC 9110 §12.5.1): ${choice.problem}`);
}

/** The Last-Event-ID a reconnecting client sends, or null. */
function lastEventId(ctx: Context): number | null {
  const header = ctx.req.headers['last-event-id'];
  if (header === undefined) return null;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (!LAST_EVENT_ID.test(value)) {
    throw ApiError.invalidHeader('Last-Event-ID', 'must be the id of an event this stream sent (a non-negative integer)');
  }
  return Number(value);
}

/**
 * GET /api/v1/events: the read model's change log, as a Server-Sent Events stream (default) or as
 * JSON pages (Accept: application/json). Validate → choose the representation → one query (pages)
 * or hand the response to the process's streams. The guard counted the request once against the
 * key's rate limit; a stream costs nothing more while it lasts.
 */
export function eventRoutes(deps: ResourceDeps, streams: EventStreams, queries: EventQueries, keys: ApiKeyVerifier): void {
  const readQuery = queryReader(eventStreamValidator(deps.ajv));
  deps.router.get(EVENTS_PATH, deps.guard, (ctx) => {
    const query = readQuery(ctx.request);
    const filter = eventFilter(query);
    const resume = lastEventId(ctx);
    if (eventFormat(ctx.req.headers.accept) === 'json') return sendPage(ctx, deps, queries, query, filter, resume ?? query.after ?? 0);
    const keyId = (ctx.state as KeyedState).apiKeyId!;
    const cursor = resume ?? query.after ?? streams.newest();
    streams.admit(keyId);
    const res = ctx.res;
    res.setHeader('Content-Type', EVENT_STREAM_TYPE);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Vary', 'Accept, Authorization');
    // Proxies that buffer responses (nginx) would hold the events back.
    res.setHeader('X-Accel-Buffering', 'no');
    if (ctx.method === 'HEAD') {
      ctx.status = 200;
      return;
    }
    ctx.respond = false;
    res.writeHead(200);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    // The position first: a client that gets no event before it reconnects still resumes from here.
    res.write(`retry: ${RECONNECT_MS}\n${ssePosition(cursor)}`);
    const token = BEARER.exec(ctx.req.headers.authorization ?? '')![1];
    return streams.serve({ keyId, filter, cursor, res, stillAuthorized: () => keys.verify(token) === keyId });
  });
}

/** One JSON page of the log after `after`; tagged like the lists (the read model's state and the request), so a poll before the next commit is a 304. */
function sendPage(ctx: Context, deps: ResourceDeps, queries: EventQueries, query: EventStreamQuery, filter: EventFilter, after: number): void {
  const conn = deps.readDb.current();
  const etag = deps.representationTag(conn.generation(), `json ${pageUrl(EVENTS_PATH, query, undefined)} after=${after}`);
  if (answeredFromCache(ctx, etag, REVALIDATED_PRIVATE_CACHE, 'Accept, Authorization')) return;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = queries.page(conn, filter, after, limit);
  ctx.status = 200;
  ctx.res.setHeader('Content-Type', JSON_TYPE);
  ctx.body = eventPageJson(page, after, limit);
}
