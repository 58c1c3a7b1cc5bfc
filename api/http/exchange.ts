import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawQuery } from './query-validator.ts';

/**
 * What a keyed data route reads and sets: the slice of Koa's context that the lean path (see
 * `createLeanPath`) provides as well, so one handler serves under both.
 */
export interface Exchange {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The URL's path, undecoded. */
  readonly path: string;
  /** The raw query string, without `?`. */
  readonly querystring: string;
  /** The parsed query. */
  readonly query: RawQuery;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  state: any;
  status: number;
  body: unknown;
  /**
   * Sets a response header, replacing one of that name (Koa's `ctx.set`). Handlers set headers
   * here, not on `res`, so the lean path can write them all with one `writeHead`.
   */
  set(name: string, value: string): void;
}

/** An exchange of a route with path parameters (decoded). */
export interface ParamExchange extends Exchange {
  params: Record<string, string>;
}

/** A keyed route's handler: sets status and body, or throws an ApiError. */
export type ExchangeHandler<E extends Exchange = Exchange> = (ex: E) => void;

/** Bearer authentication and the rate limit in front of a keyed route (see `keyGuard`). */
export type Guard = (ex: Exchange, next: () => unknown) => unknown;
