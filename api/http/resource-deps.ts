import type Router from '@koa/router';
import type { Ajv } from 'ajv';
import type { ShapeCompiler } from '../db/compiled-query.ts';
import type { ReadDbSource } from '../db/read-db-source.ts';
import type { CursorCodec } from './cursor.ts';
import type { ExchangeHandler, Guard, ParamExchange } from './exchange.ts';
import type { LeanPath } from './lean-path.ts';
import type { PageCache } from './page-cache.ts';
import type { RepresentationTagger } from './representation.ts';

/** What each resource's routes are built from (wired once in app.ts). */
export interface ResourceDeps {
  router: Router;
  ajv: Ajv;
  compiler: ShapeCompiler;
  readDb: ReadDbSource;
  cursors: CursorCodec;
  /** Bearer authentication + per-key rate limit. */
  guard: Guard;
  /** The keyed data routes' path past Koa (see `createLeanPath`); `keyedRoute` registers on both. */
  lean: LeanPath;
  publicBaseUrl: string;
  /** Strong ETags of data responses, the same in every process on one DATA_DIR. */
  representationTag: RepresentationTagger;
  /** Built data responses of the served generation, by representation tag. */
  pages: PageCache;
}

/**
 * Registers a keyed GET route behind the guard: in Koa's router (HEAD, unusual URLs, and every
 * response Koa must shape) and on the lean path (a plain GET).
 */
export function keyedRoute(deps: ResourceDeps, path: string, handler: ExchangeHandler<ParamExchange>): void {
  deps.router.get(path, deps.guard, handler);
  deps.lean.get(path, handler);
}
