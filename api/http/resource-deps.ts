import type Router from '@koa/router';
import type { Ajv } from 'ajv';
import type { Middleware } from 'koa';
import type { ShapeCompiler } from '../db/compiled-query.ts';
import type { ReadDbSource } from '../db/read-db-source.ts';
import type { CursorCodec } from './cursor.ts';
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
  guard: Middleware;
  publicBaseUrl: string;
  /** Strong ETags of data responses, the same in every process on one DATA_DIR. */
  representationTag: RepresentationTagger;
  /** Built data responses of the served generation, by representation tag. */
  pages: PageCache;
}
