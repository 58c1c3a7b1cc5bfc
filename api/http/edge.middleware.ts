import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import type { KeyedState } from '../auth/guard.middleware.ts';
import { MAX_URL_BYTES } from '../../schema/api/params.schema.ts';
import { ApiError } from '../errors/api-error.ts';
import { JSON_TYPE } from './send.ts';

/** One line per request. Deliberately has no headers field: the Authorization header is never logged. */
export interface AccessLogEntry {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  apiKeyId: string | null;
}

export type AccessLogger = (entry: AccessLogEntry) => void;

/** Gets the error and the request id only: never the request, so headers cannot end up in logs. */
export type ErrorReporter = (error: unknown, requestId: string) => void;

export interface EdgeOptions {
  log?: AccessLogger;
  report: ErrorReporter;
  now: () => number;
  /** The app's request ids (see `requestIds`); a source of its own when absent. */
  requestIds?: (incoming: string | string[] | undefined) => string;
}

const CLIENT_REQUEST_ID = /^[\w.-]{1,64}$/;

/**
 * Request ids: the client's when it sends a sane one, else a per-app random prefix and a counter,
 * which is unique without a UUID per request. One source per app, shared by Koa and the lean path.
 */
export function requestIds(): (incoming: string | string[] | undefined) => string {
  const prefix = `${randomBytes(6).toString('base64url')}-`;
  let counter = 0;
  return (incoming) => (typeof incoming === 'string' && CLIENT_REQUEST_ID.test(incoming) ? incoming : prefix + (++counter).toString(36));
}

/** The headers every response carries, as name, value, …: its request id, and no content sniffing. */
export function edgeHeaders(requestId: string): string[] {
  // Every body is JSON, HTML or a feed of the declared type: browsers must not guess another.
  return ['X-Request-Id', requestId, 'X-Content-Type-Options', 'nosniff'];
}

/** Sets `edgeHeaders` on a response. */
export function setEdgeHeaders(res: ServerResponse, requestId: string): void {
  const headers = edgeHeaders(requestId);
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
}

/**
 * What a thrown value is answered with: ApiErrors keep their code and message; anything else is
 * reported and answered with a bare internal_error, so messages and stacks never leak.
 */
export function answerOf(caught: unknown, requestId: string, report: ErrorReporter): ApiError {
  return caught instanceof ApiError ? caught : internalError(caught, requestId, report);
}

/** Sets the headers of an error response and returns its body (the status is the caller's to set). */
export function errorHeaders(res: ServerResponse, error: ApiError): string {
  // Validators and links describe a representation this error replaces.
  res.removeHeader('ETag');
  res.removeHeader('Link');
  res.setHeader('Cache-Control', 'no-store');
  for (const name in error.headers) res.setHeader(name, error.headers[name]);
  res.setHeader('Content-Type', JSON_TYPE);
  return error.toBody();
}

/**
 * Everything every request goes through, in one middleware to keep the chain short: the request
 * id, the error envelope, and the access log. The one place errors become responses (see
 * `answerOf`), bar the lean path's routes, which answer alike (see `createLeanPath`).
 */
export function edgeMiddleware(options: EdgeOptions) {
  const { log, report, now } = options;
  const requestIdOf = options.requestIds ?? requestIds();

  return async function edge(ctx: Context, next: Next): Promise<void> {
    const requestId = requestIdOf(ctx.req.headers['x-request-id']);
    ctx.state.requestId = requestId;
    setEdgeHeaders(ctx.res, requestId);
    const started = log ? now() : 0;
    try {
      // Before routing and authentication: an oversized target is refused whatever it names.
      if (ctx.req.url!.length > MAX_URL_BYTES) {
        throw new ApiError('uri_too_long', `The request target exceeds ${MAX_URL_BYTES} bytes`, null);
      }
      // RFC 9112 §3.2: an HTTP/1.1 request without Host is a 400.
      if (ctx.req.headers.host === undefined && ctx.req.httpVersion === '1.1') {
        throw new ApiError('invalid_request', 'Missing Host header', null);
      }
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw ctx.matched && ctx.matched.length > 0
          ? new ApiError('method_not_allowed', 'Method not allowed', null, { Allow: 'GET, HEAD' })
          : ApiError.notFound(`No route for ${ctx.method} ${ctx.path}`);
      }
    } catch (caught) {
      const error = answerOf(caught, requestId, report);
      ctx.status = error.status;
      ctx.body = errorHeaders(ctx.res, error);
    }
    if (log) {
      log({
        requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: now() - started,
        apiKeyId: (ctx.state as KeyedState).apiKeyId ?? null,
      });
    }
  };
}

function internalError(caught: unknown, requestId: string, report: ErrorReporter): ApiError {
  // Koa's body parser-free stack can still raise HttpErrors for malformed URLs and the like.
  const status = (caught as { status?: number } | null)?.status;
  if (status === 400) return new ApiError('invalid_request', 'Malformed request', null);
  report(caught, requestId);
  return new ApiError('internal_error', 'Internal server error', null);
}
