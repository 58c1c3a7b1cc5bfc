import type { IncomingMessage, ServerResponse } from 'node:http';
import { URLSearchParams } from 'node:url';
import { MAX_URL_BYTES } from '../../schema/api/params.schema.ts';
import type { KeyedState } from '../auth/guard.middleware.ts';
import { answerOf, edgeHeaders, errorHeaders, type AccessLogger, type ErrorReporter } from './edge.middleware.ts';
import type { ExchangeHandler, Guard, ParamExchange } from './exchange.ts';
import type { RawQuery } from './query-validator.ts';

export interface LeanPathOptions {
  guard: Guard;
  requestIds: (incoming: string | string[] | undefined) => string;
  report: ErrorReporter;
  log?: AccessLogger;
  now: () => number;
}

export interface LeanPath {
  /** Serves GET `path` (`/a/:name` takes one path segment) with `handler` behind the guard. */
  get(path: string, handler: ExchangeHandler<ParamExchange>): void;
  /** Serves `req` when it is a plain GET of one of its routes and returns true; else leaves it untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * Characters after which Koa's URL parser (parseurl) stops splitting at the first `?` and parses
 * the URL whole; such a request goes to Koa, as does any percent-encoded path parameter.
 */
const UNUSUAL_URL = /[\t\n\f\r #\u00a0\ufeff]/;
const ENCODED = /%/;

/**
 * The keyed data routes answered without Koa: a plain GET of a list page or a company detail costs
 * Koa a context, a promise per middleware, the router's match over every route and a listener on
 * the socket: a tenth of the server's CPU per page under load (profiled on the bench's company
 * list, page cache off). The same handlers run behind the same guard; what Koa's edge middleware
 * and `respond` do for them is done here alike: request id, nosniff, the error envelope and the
 * access log, Content-Length, a bodiless 304. Everything else (HEAD, other methods, unusual or
 * oversized URLs, a missing Host, paths of no lean route) goes to Koa untouched.
 */
export function createLeanPath(options: LeanPathOptions): LeanPath {
  const { guard, requestIds, report, log, now } = options;
  const exact = new Map<string, ExchangeHandler<ParamExchange>>();
  const segments: Array<{ prefix: string; name: string; handler: ExchangeHandler<ParamExchange> }> = [];

  const answerError = (ex: LeanExchange, caught: unknown, requestId: string) => {
    if (ex.res.headersSent) {
      // Failed while sending (as Koa does then): the response cannot change, only end.
      report(caught, requestId);
      ex.res.destroy();
      return;
    }
    const error = answerOf(caught, requestId, report);
    // Rare: the headers gathered so far go onto the response, where the error envelope edits them.
    const headers = ex.headers;
    for (let i = 0; i < headers.length; i += 2) ex.res.setHeader(headers[i], headers[i + 1]);
    const body = errorHeaders(ex.res, error);
    ex.res.statusCode = error.status;
    ex.res.setHeader('Content-Length', Buffer.byteLength(body));
    ex.res.end(body);
  };

  // Synchronous with a local rate limiter: no promise, and no closure but the guard's `next`.
  const run = (ex: LeanExchange, handler: ExchangeHandler<ParamExchange>, requestId: string, started: number) => {
    let done: unknown;
    try {
      done = guard(ex, () => handler(ex));
      if (!(done instanceof Promise)) respond(ex);
    } catch (caught) {
      answerError(ex, caught, requestId);
    }
    if (done instanceof Promise) {
      done
        .then(() => respond(ex))
        .catch((caught: unknown) => answerError(ex, caught, requestId))
        .then(() => logged(ex, requestId, started), (error: unknown) => report(error, requestId));
    } else {
      logged(ex, requestId, started);
    }
  };

  const logged = (ex: LeanExchange, requestId: string, started: number) => {
    if (!log) return;
    log({
      requestId,
      method: 'GET',
      path: ex.path,
      status: ex.res.statusCode,
      ms: now() - started,
      apiKeyId: (ex.state as KeyedState).apiKeyId ?? null,
    });
  };

  return {
    get(path, handler) {
      const colon = path.indexOf('/:');
      if (colon < 0) exact.set(path, handler);
      else segments.push({ prefix: path.slice(0, colon + 1), name: path.slice(colon + 2), handler });
    },
    serve(req, res) {
      const url = req.url!;
      if (req.method !== 'GET' || url.length > MAX_URL_BYTES || UNUSUAL_URL.test(url)) return false;
      if (req.headers.host === undefined && req.httpVersion === '1.1') return false;
      const mark = url.indexOf('?');
      const path = mark < 0 ? url : url.slice(0, mark);
      let handler = exact.get(path);
      let params: Record<string, string> = NO_PARAMS;
      if (handler === undefined) {
        for (const route of segments) {
          if (!path.startsWith(route.prefix)) continue;
          const value = path.slice(route.prefix.length);
          if (value === '' || value.includes('/') || ENCODED.test(value)) continue;
          handler = route.handler;
          params = { [route.name]: value };
          break;
        }
        if (handler === undefined) return false;
      }
      const started = log ? now() : 0;
      const requestId = requestIds(req.headers['x-request-id']);
      const ex = new LeanExchange(req, res, path, mark < 0 ? '' : url.slice(mark + 1), params, requestId);
      run(ex, handler, requestId, started);
      return true;
    },
  };
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Koa's `ctx.query` for the lean path: every name once, a repeated name as an array of its values. */
function parseQuery(text: string): RawQuery {
  const params = new URLSearchParams(text);
  const query: RawQuery = {};
  for (const name of params.keys()) {
    const values = params.getAll(name);
    // defineProperty, as Koa does: a parameter named __proto__ is an own property like any other.
    Object.defineProperty(query, name, { value: values.length <= 1 ? values[0] : values, writable: true, enumerable: true, configurable: true });
  }
  return query;
}

class LeanExchange implements ParamExchange {
  status = 404;
  body: unknown = undefined;
  state: { requestId: string };
  /**
   * The response headers as name, value, …, in the order first set: written by one `writeHead`,
   * which validates and formats them as `setHeader` would, without keeping a header object
   * (profiled on the bench's company list, page cache off: setHeader, its header object and their
   * formatting took about 7% of the server's CPU).
   */
  readonly headers: string[];
  private parsed: RawQuery | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly path: string,
    readonly querystring: string,
    readonly params: Record<string, string>,
    requestId: string,
  ) {
    this.state = { requestId };
    this.headers = edgeHeaders(requestId);
  }

  /** As `setHeader`: a name set again (in any case) keeps its place and takes the new spelling and value. */
  set(name: string, value: string): void {
    const headers = this.headers;
    for (let i = 0; i < headers.length; i += 2) {
      if (headers[i].length === name.length && headers[i].toLowerCase() === name.toLowerCase()) {
        headers[i] = name;
        headers[i + 1] = value;
        return;
      }
    }
    headers.push(name, value);
  }

  get query(): RawQuery {
    return (this.parsed ??= parseQuery(this.querystring));
  }
}

/** What Koa's `respond` does for these routes: a bodiless 304, else the Buffer with its length. */
function respond(ex: LeanExchange): void {
  const res = ex.res;
  if (ex.status === 304) {
    res.writeHead(304, ex.headers);
    res.end();
    return;
  }
  if (!Buffer.isBuffer(ex.body)) throw new Error(`lean route ${ex.path} answered ${ex.status} without a body`);
  ex.headers.push('Content-Length', String(ex.body.length));
  res.writeHead(ex.status, ex.headers);
  res.end(ex.body);
}
