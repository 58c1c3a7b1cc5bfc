import { escapeXml as escapeHtml } from '../../schema/feeds/feed.render.ts';
import { htmlHead } from '../http/html-head.ts';
import type { SiteAssets } from './site-assets.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const REFERENCE_PATH = '/docs';

function head(title: string, assets: SiteAssets, extra: string[] = []): string {
  return htmlHead(title, [`<link rel="icon" type="image/png" href="${assets.url('favicon-32x32.png')}">`, ...extra, `<link rel="stylesheet" href="${assets.url('site.css')}">`]).join('\n');
}

const bar = (wide: boolean) =>
  `<header class="bar${wide ? ' wide' : ''}"><nav><a class="home" href="/">IPO Research Data Service</a><a href="${REFERENCE_PATH}">API reference</a><a href="${OPENAPI_PATH}">OpenAPI document</a><a href="/articles">Articles</a></nav></header>`;

/** `/`: what the service is and where its reference, document, articles and feeds are. Links are relative, so any host works. */
export function renderLandingPage(assets: SiteAssets, publicBaseUrl: string): string {
  const example = `curl -H "Authorization: Bearer $IPO_API_KEY" \\\n  '${publicBaseUrl}/api/v1/companies?scope=ipo&limit=5'`;
  return [
    head('IPO Research Data Service', assets, [
      '<link rel="alternate" type="application/atom+xml" title="IPO research articles (Atom)" href="/articles/feed.atom">',
      '<link rel="alternate" type="application/feed+json" title="IPO research articles (JSON Feed)" href="/articles/feed.json">',
    ]),
    '<body class="landing">',
    bar(false),
    '<main>',
    '<h1>IPO Research Data Service</h1>',
    '<p class="lead">Companies with IPO and other offering deals, their SEC filings, linked news and post-listing trading outcomes, as a read-only JSON API and as articles. Everything is built from SEC EDGAR data, and every figure leads back to the filing that states it.</p>',
    '<h2>For API clients</h2>',
    '<ul>',
    `<li><a href="${REFERENCE_PATH}">API reference</a>: every endpoint, parameter and response with real examples; try a request with your key.</li>`,
    `<li><a href="${OPENAPI_PATH}">OpenAPI 3.0 document</a> (<code>${OPENAPI_PATH}</code>) for client generators and tools.</li>`,
    '</ul>',
    '<p>The data under <code>/api/v1</code> needs an API key, sent as <code>Authorization: Bearer ipo_live_…</code>; the operator of this service issues keys. For example:</p>',
    `<pre><code>${escapeHtml(example)}</code></pre>`,
    '<h2>For readers</h2>',
    '<ul>',
    '<li><a href="/articles">Articles</a>: daily spotlights, weekly and quarterly reviews of the IPO market, each figure sourced.</li>',
    '<li>Feeds of the articles: <a href="/articles/feed.atom">Atom</a> and <a href="/articles/feed.json">JSON Feed</a>; the JSON list <a href="/api/v1/articles">/api/v1/articles</a> needs no key either.</li>',
    '<li>The expiry calendar, lock-up and research quiet-period expiries across IPOs: <code>GET /api/v1/calendar</code>, and the same rows as an iCalendar file (<code>/api/v1/calendar.ics</code>) and an Atom feed (<code>/api/v1/calendar.atom</code>), each with an API key; filter with <code>kind</code>, <code>ticker</code>, <code>expiry_date_from</code>.</li>',
    '</ul>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** `/docs`: the OpenAPI document rendered by Swagger UI, its scripts and styles served from this origin. */
export function renderReferencePage(assets: SiteAssets): string {
  return [
    head('API reference: IPO Research Data Service', assets, [`<link rel="stylesheet" href="${assets.url('swagger-ui.css')}">`]),
    '<body>',
    bar(true),
    `<main id="reference"><noscript><p>The API reference needs JavaScript. The <a href="${OPENAPI_PATH}">OpenAPI document</a> describes the same API as JSON.</p></noscript></main>`,
    `<script src="${assets.url('swagger-ui-bundle.js')}" defer></script>`,
    `<script src="${assets.url('reference.js')}" defer></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
