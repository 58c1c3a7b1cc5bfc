import type { Context, Next } from 'koa';
import { ApiArticleFeedItemSchema } from '../../schema/api/resources.schema.ts';
import { renderAtom, renderJsonFeed } from '../../schema/feeds/feed.render.ts';
import { ApiError } from '../errors/api-error.ts';
import { csvWriter } from '../http/csv-list.ts';
import { CSV_TYPE, listFormat } from '../http/csv-negotiation.ts';
import { pageSize } from '../http/list-page.ts';
import { queryReader } from '../http/query-validator.ts';
import type { ResourceDeps } from '../http/resource-deps.ts';
import { PUBLIC_FEED_CACHE, sendBody, sendJson } from '../http/send.ts';
import { renderArticleIndex, renderArticlePage, renderNotFoundPage, STYLESHEET, STYLESHEET_PATH } from './article-page.render.ts';
import { articleFeedBody } from './articles.mapper.ts';
import { createArticleQueries } from './articles.query.ts';
import { articleValidator } from './articles.schema.ts';

const FEED_PATH = '/api/v1/articles';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';
export const JSON_FEED_TYPE = 'application/feed+json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
const CSS_TYPE = 'text/css; charset=utf-8';
/** Entries in the Atom and JSON feeds: enough for a reader polling daily to miss nothing. */
export const FEED_ENTRIES = 50;
const INDEX_ENTRIES = 100;
const ARTICLE_ID = /^[\w.-]{1,100}$/;
// The pages are generated text, links and inline SVG styled by one local stylesheet: nothing on
// them needs scripts, inline styles, images, fonts, frames or forms.
const PAGE_POLICY = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'";

/** The feeds and pages are embedded by other sites, so they answer any origin (they never take credentials). */
async function cors(ctx: Context, next: Next): Promise<void> {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Expose-Headers', 'ETag, Cache-Control');
  await next();
}

function preflight(ctx: Context): void {
  ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'If-None-Match');
  ctx.set('Access-Control-Max-Age', '86400');
  ctx.set('Allow', 'GET, HEAD, OPTIONS');
  ctx.status = 204;
}

function sendPage(ctx: Context, html: string): void {
  ctx.set('Content-Security-Policy', PAGE_POLICY);
  sendBody(ctx, html, HTML_TYPE, PUBLIC_FEED_CACHE);
}

/**
 * The public article surface: the JSON feed item list under /api/v1, and for people and feed
 * readers the article pages, an index and the Atom and JSON Feed documents under /articles.
 * Query strings on the /articles documents are ignored (readers append cache busters).
 */
export function articleRoutes({ router, ajv, compiler, readDb, publicBaseUrl }: ResourceDeps): void {
  const readQuery = queryReader(articleValidator(ajv));
  const queries = createArticleQueries(compiler);
  const csv = csvWriter(ApiArticleFeedItemSchema);

  router.get(FEED_PATH, cors, (ctx) => {
    const query = readQuery(ctx);
    const format = listFormat(ctx.req.headers.accept);
    const items = queries.latest(readDb.current(), publicBaseUrl, pageSize(query.limit));
    if (format === 'csv') sendBody(ctx, csv(undefined, items), CSV_TYPE, PUBLIC_FEED_CACHE, 'Accept');
    else sendJson(ctx, articleFeedBody(items), PUBLIC_FEED_CACHE, 'Accept');
  });

  // Registered before /articles/:id, which would otherwise take "feed.atom" or "style.css" for an id.
  router.get(STYLESHEET_PATH, cors, (ctx) => sendBody(ctx, STYLESHEET, CSS_TYPE, PUBLIC_FEED_CACHE));

  router.get('/articles/feed.atom', cors, (ctx) => {
    sendBody(ctx, renderAtom(queries.feed(readDb.current(), FEED_ENTRIES), publicBaseUrl), ATOM_TYPE, PUBLIC_FEED_CACHE);
  });

  router.get('/articles/feed.json', cors, (ctx) => {
    sendBody(ctx, renderJsonFeed(queries.feed(readDb.current(), FEED_ENTRIES), publicBaseUrl), JSON_FEED_TYPE, PUBLIC_FEED_CACHE);
  });

  router.get('/articles', cors, (ctx) => {
    sendPage(ctx, renderArticleIndex(queries.index(readDb.current(), INDEX_ENTRIES), publicBaseUrl));
  });

  router.get('/articles/:id', cors, (ctx) => {
    const id = String(ctx.params.id);
    const article = ARTICLE_ID.test(id) ? queries.byId(readDb.current(), id) : null;
    if (article) return sendPage(ctx, renderArticlePage(article, publicBaseUrl));
    // Browsers get a page; API clients (and anything not asking for HTML first) the ApiError.
    if (ctx.accepts('json', 'html') !== 'html') throw ApiError.notFound(`No published article "${id.slice(0, 100)}"`);
    ctx.status = 404;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = HTML_TYPE;
    ctx.body = renderNotFoundPage(publicBaseUrl);
  });

  for (const path of [FEED_PATH, '/articles', '/articles/feed.atom', '/articles/feed.json', STYLESHEET_PATH, '/articles/:id']) {
    router.options(path, cors, preflight);
  }
}
