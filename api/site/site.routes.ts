import type Router from '@koa/router';
import type { Context } from 'koa';
import { ApiError } from '../errors/api-error.ts';
import { PUBLIC_DOC_CACHE, answeredFromCache, etagOf, sendBody } from '../http/send.ts';
import { ASSETS_PATH, siteAssets } from './site-assets.ts';
import { REFERENCE_PATH, renderLandingPage, renderReferencePage } from './site.pages.ts';

const HTML_TYPE = 'text/html; charset=utf-8';
/** Asset URLs carry the version of their bytes, so a browser may keep them for a year without asking again. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';
// The landing page needs nothing but its stylesheet and icon; the reference also runs Swagger UI's
// script, which sets element styles and fetches the OpenAPI document and try-it-out requests here.
const LANDING_POLICY = "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const REFERENCE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function sendPage(ctx: Context, html: string, policy: string): void {
  ctx.set('Content-Security-Policy', policy);
  sendBody(ctx, html, HTML_TYPE, PUBLIC_DOC_CACHE);
}

/**
 * The pages for people: `/` says what the service is and links the rest; `/docs` is the API
 * reference. Both are public (no key) and static, so they answer before any data is published.
 */
export function siteRoutes(router: Router, publicBaseUrl: string): void {
  let landing: string | undefined;
  let reference: string | undefined;

  router.get('/', (ctx) => sendPage(ctx, (landing ??= renderLandingPage(siteAssets(), publicBaseUrl)), LANDING_POLICY));
  router.get(REFERENCE_PATH, (ctx) => sendPage(ctx, (reference ??= renderReferencePage(siteAssets())), REFERENCE_POLICY));

  router.get(`${ASSETS_PATH}/:version/:file`, (ctx) => {
    const assets = siteAssets();
    const asset = ctx.params.version === assets.version ? assets.get(String(ctx.params.file)) : undefined;
    if (!asset) throw ApiError.notFound(`No asset ${ctx.path.slice(0, 200)}`);
    const gzipped = ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? asset.gzipped() : null;
    const bytes = gzipped ?? asset.bytes;
    // One tag per representation: the gzip bytes are not the identity bytes.
    if (answeredFromCache(ctx, etagOf(bytes), ASSET_CACHE, 'Accept-Encoding')) return;
    ctx.status = 200;
    ctx.set('Content-Type', asset.contentType);
    if (gzipped) ctx.set('Content-Encoding', 'gzip');
    ctx.body = bytes;
  });
}
