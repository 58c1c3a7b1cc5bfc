import Router from '@koa/router';
import type { RequestListener } from 'node:http';
import Koa from 'koa';
import { SETTINGS } from '../schema/config.ts';
import { articleRoutes } from './articles/articles.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import type { ApiKeyVerifier } from './auth/api-keys.ts';
import { keyGuard } from './auth/guard.middleware.ts';
import { companyRoutes } from './companies/companies.routes.ts';
import { createShapeCompiler } from './db/compiled-query.ts';
import type { ReadDbSource } from './db/read-db-source.ts';
import { createEventStreams } from './events/event-streams.ts';
import { createEventQueries } from './events/events.query.ts';
import { eventRoutes } from './events/events.routes.ts';
import { filingRoutes } from './filings/filings.routes.ts';
import { edgeMiddleware, requestIds, type AccessLogger, type ErrorReporter } from './http/edge.middleware.ts';
import { createLeanPath } from './http/lean-path.ts';
import { createCursorCodec } from './http/cursor.ts';
import { createRequestAjv } from './http/query-validator.ts';
import type { ResourceDeps } from './http/resource-deps.ts';
import { createPageCache } from './http/page-cache.ts';
import { createRepresentationTagger } from './http/representation.ts';
import { etagOf, PUBLIC_DOC_CACHE, sendJson } from './http/send.ts';
import { newsRoutes } from './news/news.routes.ts';
import { buildOpenApiDocument } from './openapi/openapi.document.ts';
import { outcomeRoutes } from './outcomes/outcomes.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';

export interface AppDeps {
  readDb: ReadDbSource;
  apiKeys: ApiKeyVerifier;
  rateLimiter: RateLimiter;
  /** HMAC secret for pagination cursors (at least 16 characters). */
  cursorSecret: string;
  /** Absolute base of article URLs, without a trailing slash. */
  publicBaseUrl: string;
  log?: AccessLogger;
  /** Receives unexpected errors (the client only ever sees internal_error). */
  reportError?: ErrorReporter;
  now?: () => number;
  /** Budget of built data responses kept for reuse (see `createPageCache`); 0 turns it off. */
  pageCacheBytes?: number;
  /** GET /api/v1/events: open streams per API key in this process, how often the change log is read, the heartbeat. */
  eventStreams?: { perKey?: number; pollMs?: number; heartbeatMs?: number };
}

/** Socket errors that mean the client closed the connection. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** EVENT_STREAMS_PER_KEY's default, and the stream timings (the heartbeat is the documented 15 s). */
const EVENT_STREAM_DEFAULTS = { perKey: Number(SETTINGS.EVENT_STREAMS_PER_KEY.default), pollMs: 100, heartbeatMs: 15_000 };

/** PAGE_CACHE_MB's default, for apps built without a setting (tests, benchmarks). */
const DEFAULT_PAGE_CACHE_BYTES = Number(SETTINGS.PAGE_CACHE_MB.default) * 2 ** 20;

/** The API as a request listener for node:http (see `createApiServer`). */
export interface ApiApp {
  callback(): RequestListener;
  /**
   * Ends the responses that would otherwise never end, the open event streams, each as a finished
   * response; call when the process stops, before its server's connections are closed.
   */
  endStreams(): Promise<void>;
}

/**
 * Builds the app from its dependencies; reads no environment and opens nothing itself. Requests
 * go to the lean path first (a plain GET of a keyed data route, see `createLeanPath`), all others
 * to Koa, which serves every route.
 */
export function createApp(deps: AppDeps): ApiApp {
  const app = new Koa();
  const router = new Router();
  const now = deps.now ?? Date.now;
  const report = deps.reportError ?? (() => {});
  const ids = requestIds();
  const guard = keyGuard(deps.apiKeys, deps.rateLimiter);
  const openApiBody = JSON.stringify(buildOpenApiDocument({ rateLimitPerMinute: deps.rateLimiter.limit }));
  // The document with default options names the response shapes, whatever this process's settings.
  const shapes = etagOf(JSON.stringify(buildOpenApiDocument()));
  const resources: ResourceDeps = {
    router,
    ajv: createRequestAjv(),
    compiler: createShapeCompiler(),
    readDb: deps.readDb,
    cursors: createCursorCodec(deps.cursorSecret),
    guard,
    lean: createLeanPath({ guard, requestIds: ids, report, log: deps.log, now }),
    publicBaseUrl: deps.publicBaseUrl.replace(/\/+$/, ''),
    representationTag: createRepresentationTagger(deps.cursorSecret, shapes),
    pages: createPageCache(deps.pageCacheBytes ?? DEFAULT_PAGE_CACHE_BYTES),
  };

  articleRoutes(resources);
  companyRoutes(resources);
  filingRoutes(resources);
  newsRoutes(resources);
  outcomeRoutes(resources);
  calendarRoutes(resources);
  const eventQueries = createEventQueries(resources.compiler);
  const streams = createEventStreams({
    ...EVENT_STREAM_DEFAULTS,
    ...deps.eventStreams,
    readDb: deps.readDb,
    queries: eventQueries,
    report: (error) => (deps.reportError ?? (() => {}))(error, 'event-stream'),
  });
  eventRoutes(resources, streams, eventQueries, deps.apiKeys);

  router.get('/api/v1/openapi.json', (ctx) => sendJson(ctx, openApiBody, PUBLIC_DOC_CACHE));
  siteRoutes(router, resources.publicBaseUrl);

  // Handlers' errors become responses in the edge middleware; what reaches Koa's own handler is a
  // response that failed while it was sent. A client that went away mid-response (an event stream
  // it closed) is not a fault of the service, so it is not reported; anything else is.
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (!CLIENT_GONE.has(error.code ?? '')) deps.reportError?.(error, 'response');
  });
  app.use(edgeMiddleware({ log: deps.log, report, now, requestIds: ids }));
  app.use(router.routes());
  const lean = resources.lean;
  return {
    endStreams: () => streams.end(),
    callback() {
      const koa = app.callback();
      return (req, res) => {
        if (!lean.serve(req, res)) void koa(req, res);
      };
    },
  };
}
