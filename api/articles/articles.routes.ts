import type { Context, Next } from 'koa';
import { pageSize } from '../http/list-page.ts';
import { validQuery } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { PUBLIC_FEED_CACHE, sendJson } from '../http/send.ts';
import { articleFeedBody } from './articles.mapper.ts';
import { createArticleQueries } from './articles.query.ts';
import { articleValidator } from './articles.schema.ts';

const FEED_PATH = '/api/v1/articles';

/** The feed is embedded by other sites, so it answers any origin (it never takes credentials). */
async function cors(ctx: Context, next: Next): Promise<void> {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Expose-Headers', 'ETag, Cache-Control');
  await next();
}

export function articleRoutes({ router, ajv, compiler, readDb, publicBaseUrl }: ResourceDeps): void {
  const validate = articleValidator(ajv);
  const queries = createArticleQueries(compiler);

  router.get(FEED_PATH, cors, (ctx) => {
    const query = validQuery(validate, ctx);
    const items = queries.latest(readDb.current(), publicBaseUrl, pageSize(query.limit));
    sendJson(ctx, articleFeedBody(items), PUBLIC_FEED_CACHE);
  });

  router.options(FEED_PATH, cors, (ctx) => {
    ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    ctx.set('Access-Control-Allow-Headers', 'If-None-Match');
    ctx.set('Access-Control-Max-Age', '86400');
    ctx.set('Allow', 'GET, HEAD, OPTIONS');
    ctx.status = 204;
  });
}
