import type { JsonSchema } from '../../schema/api/json-schema.ts';
import {
  ArticleFeedQuerySchema,
  CompanyDetailQuerySchema,
  CompanyListQuerySchema,
  DEFAULT_PAGE_SIZE,
  DETAIL_EMBEDDED_ITEMS,
  FilingListQuerySchema,
  MAX_HEADER_BYTES,
  MAX_PAGE_SIZE,
  MAX_URL_BYTES,
  NewsListQuerySchema,
  OutcomeListQuerySchema,
} from '../../schema/api/params.schema.ts';
import {
  ApiArticleFeedItemSchema,
  ApiCompanySchema,
  ApiFilingSchema,
  ApiNewsSchema,
  ApiOutcomeSchema,
  RESPONSE_SCHEMAS,
} from '../../schema/api/resources.schema.ts';
import { DEAL_TYPES, OFFERING_STATUSES } from '../../schema/api/vocabulary.ts';
import { API_ERROR_STATUS } from '../errors/api-error.ts';
import { CSV_TYPE } from '../http/csv-negotiation.ts';
import { HTTP_LIMITS } from '../http/server.ts';
import { ARTICLE_PAGE_SCHEMAS, articlePages } from './article-pages.paths.ts';
import { componentSchemas } from './component-schemas.ts';
import { csvMedia } from './csv-media.ts';
import { documentExamples, withExamples } from './examples.ts';
import { queryParameterComponents } from './query-parameters.ts';
import { parameterRef, responseRef, schemaRef, type DocumentKit } from './refs.ts';
import { sitePages } from './site.paths.ts';

export interface OpenApiOptions {
  /** Documented per-key quota; the running app passes its configured value. */
  rateLimitPerMinute?: number;
  serverUrl?: string;
}

const header = (description: string, type = 'string') => ({ description, schema: { type } });

/** Query schema of each endpoint, by the prefix its endpoint-specific parameter components get. */
const QUERY_SCHEMAS: Record<string, JsonSchema> = {
  ArticleFeed: ArticleFeedQuerySchema,
  CompanyList: CompanyListQuerySchema,
  CompanyDetail: CompanyDetailQuerySchema,
  FilingList: FilingListQuerySchema,
  NewsList: NewsListQuerySchema,
  OutcomeList: OutcomeListQuerySchema,
};

const TAGS = [
  { name: 'companies', description: 'Companies with IPO and other offering deals: identity, status of the current deal and its terms.' },
  { name: 'filings', description: 'SEC filings of the companies, with what each one means for the deal.' },
  { name: 'news', description: 'News items linked to companies, with the evidence of each link.' },
  { name: 'outcomes', description: 'Post-listing trading outcomes: first-day and first-week returns against the offer price.' },
  { name: 'articles', description: 'Published articles: the public JSON list, the HTML pages and the Atom and JSON feeds.' },
  { name: 'meta', description: 'This document, the landing page and the API reference.' },
];

function describeDecisions(rateLimit: number): string {
  const codes = Object.entries(API_ERROR_STATUS)
    .map(([code, status]) => `\`${code}\` (${status})`)
    .join(', ');
  return [
    'Read-only JSON API (every list also as CSV) over companies with IPO and other offering deals, their SEC filings, linked news, post-listing outcomes and a public feed of published articles. Every item is built from SEC EDGAR data by an event-sourced projector.',
    '',
    'Decisions on points the specification leaves open:',
    `- **Ordering**: companies by latest filing date, newest first, then CIK descending (companies without filings last); filings by filing date, then accession number, then filer CIK, newest first; news by publication time, then news id, then CIK, newest first, every item whose publication date is unknown (\`publishedAtSource\` \`first_seen\`) after every dated one; outcomes by trading start date, then CIK, then ticker, newest first; articles by publication time, newest first.`,
    `- **Page size**: default ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}; the article feed uses the same default.`,
    '- **Cursors**: keyset pagination over the order above. `next_cursor` is an opaque signed token bound to its endpoint; it does not expire, and a page fetched with it continues strictly after the last item of the previous page (no duplicates, no gaps while the data is unchanged). Pass the same filters with it. A malformed, tampered or other-endpoint cursor is a 400. `has_more` is true exactly when `next_cursor` is non-null; `meta.count` is the number of items in `data`. Every list page that has a next page also carries an RFC 8288 `Link: </api/v1/…?…&cursor=…>; rel="next"` header: the path of the next page with the same filters (written canonically: parameters sorted, lists comma-separated), so a generic client can follow it.',
    '- **Unknown query parameters** are rejected with 400 `invalid_request` naming each of them, so typos never silently widen a result. Every invalid parameter is listed in `error.details` as `{parameter, message}`. A parameter given twice where one value is expected is a 400 (only `include` and `kind` take lists). Numbers are written in decimal (`1.5e7` is fine); hexadecimal, `Infinity` and values beyond the double range are a 400. Text parameters refuse control characters (U+0000–U+001F, U+007F).',
    `- **CSV**: every list (companies, filings, news, outcomes, and the article feed) also answers \`Accept: text/csv\` (RFC 9110 proactive negotiation). JSON is the default: a request without Accept or with an empty one, with \`*/*\`, or weighing both formats alike gets JSON; \`text/csv\` (or \`text/*\`) weighed above \`application/json\` gets CSV. Weights (q-values), wildcards and media-type parameters are honoured: \`text/csv;header=absent\` or a charset other than UTF-8 is not what is served. An Accept that admits neither format (\`image/png\`, \`*/*;q=0\`) is a 406 \`not_acceptable\` with the ApiError body in JSON: the service does not serve JSON anyway, so a client never mistakes a page for the CSV it asked for. A malformed Accept is a 400 \`invalid_request\` naming \`Accept\` in \`details\` (the bare \`*\` and \`q=.2\` java.net.HttpURLConnection sends by default are read as meant). The other endpoints have one representation each and disregard Accept. The CSV is RFC 4180, \`Content-Type: ${CSV_TYPE}\`: UTF-8 without a byte-order mark, a header row, CRLF after every record, a field in double quotes (quotes doubled) when it holds a comma, quote, CR or LF. **Columns** are fixed per endpoint by its item schema and the request's \`include\` tokens, never by the data, so every page of a listing has the same header and an empty page is the header alone (each list response names its columns): one column per scalar property, in schema order; a nested object one column per property, named by its dot path (\`terms.offeringPrice\`, \`match.reason\`), all empty when the object is null; an include-gated object only with its token, as in JSON; arrays and maps (\`terms.underwriters\`, \`consensus.sourceSummary\`) one cell of JSON text. Null is an empty cell (so is an empty string); numbers and booleans are written as JSON writes them. **Formula injection** (OWASP CSV injection): a text cell that starts with \`=\`, \`+\`, \`-\`, \`@\`, tab, CR or LF gets a leading \`'\` so a spreadsheet shows it as text, and so does one that starts with \`'\`, so dropping one leading \`'\` from a text cell always restores the value; numbers (a negative one starts with \`-\`) and JSON cells are not text and are never prefixed. **Paging** is the JSON paging: the CSV body carries no cursor; the next page is the \`Link: <…>; rel="next"\` header (absent on the last page), which a CSV client follows with the same Accept. A CSV page has its own ETag, never the JSON page's, and \`If-None-Match\` gets a 304 as for JSON; list answers carry \`Vary: Accept, Authorization\` (the article feed \`Vary: Accept\`).`,
    `- **Error codes** (closed set): ${codes}. Internal errors never carry internal messages.`,
    `- **Rate limit**: ${rateLimit} requests per API key per fixed 60-second window (setting RATE_LIMIT_PER_MINUTE), shared across API processes when Redis is configured. Every authenticated response carries \`RateLimit-Policy: "default";q=<quota>;w=60\` and \`RateLimit: "default";r=<remaining>;t=<seconds to reset>\` (IETF httpapi draft) plus legacy \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 adds \`Retry-After\`. The public article feed is not rate limited by key.`,
    '- **Authentication**: `Authorization: Bearer ipo_live_…`. Keys are issued, listed and revoked by the operator with the `ipo keys` command; only a SHA-256 hash is stored and a revocation takes effect on the next request. Missing, malformed, unknown and revoked keys get the same 401 with `WWW-Authenticate: Bearer`.',
    `- **offeringStatus** values: ${OFFERING_STATUSES.join(', ')}. It is the status of the company's current deal (its IPO-family deal, the latest not withdrawn if it filed more than one, else its latest offering; one deal per SEC 333- file number, a confidential draft and a Rule 462(b) upsizing joining it), unless the company's story ended. A deal moves \`draft\` (confidential DRS only) → \`filed\` (public S-1/F-1/S-11/N-2/1-A, or a shelf) → \`amended\` (an amendment) → \`launched\` (a price range or fixed price stated) → \`effective\` (SEC EFFECT/QUALIF, or an automatic shelf) → \`priced\` (424B4/424B1/253G2, or a shelf takedown 424B2/424B5/424B7 when filed) → \`listed\` (first trade, or 8-A12B + exchange certification once the expected first trade date passed; IPO-family and Reg A deals only); \`withdrawn\` (RW) can follow any of them. Deals that never priced are shown \`stale\` after 90 idle days and \`dormant\` after 270, and an effective deal without a final prospectus within 15 trading days \`postponed\`; a new amendment clears these. Terminal, with their date and filing: \`combined\` (a SPAC's business combination closed: 8-K Item 2.01/5.06, or the end of its SPAC name) and \`delisted\` (Form 25, 25-NSE, 15-12B or 15-12G after listing, other than an exchange transfer or the retirement of a SPAC's units and warrants); a combined SPAC can later be delisted, and only a new IPO-family deal moves a company out of a terminal status. \`none\`: no deal. **dealType** values: ${DEAL_TYPES.join(', ')}. Statuses are re-derived from the filing history on every change, so a company may move between any of them (for example a withdrawn deal that files again); the API does not constrain transitions.`,
    '- **Company universe**: a company is served when it has offering activity: a registration (S-1, F-1, S-11, DRS, 10-12B, 1-A, an S-3/F-3 shelf, and their amendments), a prospectus (424B*), a vendor IPO table row, or a SPAC listing (SIC 6770 with an 8-A12B or exchange certification). Other EDGAR filers (insiders\' Forms 3/4, Form D funds) are kept by the service but are not companies of this API until such a filing arrives. `scope=all` (the default) lists every such company; `scope=ipo` and `kind` narrow it.',
    '- **Vendor IPO rows** (a Bloomberg-format table) join their company by identity, not by ticker alone: the EDGAR company carrying the ticker under the issuer\'s name (current, former or SEC title), else the company EDGAR named like the issuer that filed a registration or prospectus within two years before the trade date, else one named exactly like it with no other ticker. A row no EDGAR company matches is served as a company of its own, named and dated from the vendor, whose `cik` is `V-<ticker>-<trade date>` (not an SEC CIK) until EDGAR data names it. A row\'s ticker is one of its company\'s tickers, so `/companies/{ticker}` finds a delisted company by its old symbol; when several companies held a ticker, `as_of=YYYY-MM-DD` names the one that traded under it on that date; without it, the holder in SEC\'s current data wins, then the one whose primary ticker it is, then the latest filer.',
    '- **One offering at a time**: an offering is one SEC file number (a DRS draft and a Rule 462(b) S-1MEF join the registration they belong to). `latestTerms` and `consensus` describe the current offering only (the IPO-family one if there is one, the latest active one if the company filed more than once; else its latest offering; a vendor-known IPO when EDGAR shows none): its final prospectus when read, else its newest read registration document. `grossProceeds` is a stated amount or a fixed price × shares, never an estimate; a range-midpoint × shares estimate is `grossProceedsEstimate`, and `gross_proceeds_gt/lt` filter on stated gross proceeds, else that estimate. `include=offerings` (extension) adds `offerings` (every offering, oldest first, each with its own type, status, dates and terms) and `lifecycleEnd` (how and when the company\'s lifecycle ended, or null).',
    '- **Formats**: dates are `YYYY-MM-DD`; timestamps are ISO-8601 in UTC (`2017-03-02T14:30:00Z`). Timestamp query bounds accept a date or a date-time with offset; a bare date as an upper bound includes that whole UTC day. CIKs in responses are 10-digit zero-padded strings (or the `V-…` identifier of a vendor-only company); CIK inputs accept any padding. Ticker inputs are case-insensitive.',
    `- **Company detail**: \`latestTerms\` is always present (extended form, null when no terms were extracted). The \`lockup_schedule\` token adds \`lockupSchedule\` (ApiLockupSchedule or null). The \`price_history\` token (also an extension of the specification) adds \`priceHistory\` (ApiPriceHistory or null): the initial price range of the IPO, each revision with the filing that stated it, the last range, the final price and whether it priced above, within or below the last range. \`filings\` and \`news\` hold the company's ${DETAIL_EMBEDDED_ITEMS} newest items at most, newest first, so a company with hundreds of filings stays a small answer; \`filingsNext\` / \`newsNext\` (extensions, present with the token) are the path of the filings or news list page that continues right after the last embedded item (\`/api/v1/filings?cik=…&include=ai_enrichment,terms&cursor=…\`), or null when the array holds them all. Detail news items always include \`content\`.`,
    '- **News** (extensions of the specification on every news item): every news record linked to a served company is served, once per linked company. `match` (`{reason, confidence}`) says how it was linked to that CIK: `exchange_ticker` (0.95), `name_in_title` (0.85), `cashtag` (0.8), `name_in_text` (0.75) `name_in_url` (0.7, the name as words of the URL slug) or `name_in_search` (0.65: the whole name was a quoted phrase of the provider search that returned the article, an IPO search, so the provider found it in the full text the record does not keep); name matches need an IPO or listing keyword and never use generic one-word names. `titleSource` is `provider` (the record\'s title), `description` (no title; the record\'s description) or `untitled` (neither: no headline is known, and `title` is the empty string, the least the specification\'s required string allows; never a sentence built to read as a headline). `urlSlug` holds the words of the URL\'s slug (`twitter sets ipo price now worth 18b`), the publisher\'s URL text and not a headline, for rendering an untitled item beside `sourceName` and `url`. `publishedAtSource` is `provider` (the provider\'s publication time), `url_path` (no provider time: midnight UTC of the one full date in the URL path, `/2014/10/03/`, `/2014/jun/26/`, `20141002` or `2013-11-06`; a year and month alone never count) or `first_seen` (neither: the publication date is unknown, and `publishedAt` is the time the service first observed the record, an upper bound on its publication time, stable across rebuilds). A `first_seen` item never lists as the newest news: the list (and a company\'s embedded news) orders the dated items first, by `publishedAt`, then the `first_seen` ones by first observation, each newest first, so the cursor key is (date known, `publishedAt`, news id, CIK), unique and stable. `published_at_from` never matches a `first_seen` item (its publication is not known to be after the bound); `published_at_to` matches one first observed by then.',
    '- **Caching**: every 200 carries a strong `ETag` and `Cache-Control` (`private, max-age=60` with `Vary: Authorization` for keyed responses, `Vary: Accept, Authorization` for the lists; `public, max-age=60, stale-while-revalidate=300` for the article feed, pages and feeds); a matching `If-None-Match` gets 304 with no body. The ETag of a company, filing, news or outcome answer is derived from what the read model records of itself (projector version, checkpoint, time of its last committed batch, last status sweep) and the request\'s path and query, not from the process: every API process serving the same read model, or a copy of it on another machine, gives the same tag, a 304 comes from whichever process answers, and the answer costs no query. The tag changes when the projector commits new data or a rebuilt read model is published (or a release changes a response shape). Other answers are tagged with a hash of their bytes. HEAD is answered for every GET. The article feed, pages and feeds allow any origin (CORS) and answer OPTIONS preflight.',
    '- **Change feed**: poll `GET /api/v1/companies?updated_since=<greatest updatedAt seen>&limit=100` sending the previous answer\'s ETag in `If-None-Match`. Until the projector commits, every poll is a 304 without a body or a query, so polling every few seconds is cheap; on a 200, follow `next_cursor` (or the `Link` header) to the last page and keep the greatest `updatedAt` for the next poll. The bound is inclusive (`updatedAt` at or after it), so the last company seen comes again: deduplicate by `cik`. Filings, news and outcomes are re-read through their company (`cik`).',
    `- **HTTP limits**: a request target (path and query) over ${MAX_URL_BYTES} bytes is a 414 \`uri_too_long\`; a request line and headers over ${MAX_HEADER_BYTES} bytes a 431 \`headers_too_large\`; a request head not received within ${HTTP_LIMITS.headersTimeoutMs / 1000} s (a slow client) a 408 \`request_timeout\`, after which the connection is closed; malformed HTTP a 400. All carry the ApiError body. Idle keep-alive connections are closed after ${HTTP_LIMITS.keepAliveTimeoutMs / 1000} s. Every response carries \`X-Content-Type-Options: nosniff\` and \`X-Request-Id\`, and no server banner.`,
    '- **Article pages and feeds**: published articles are also served for people and feed readers, outside `/api/v1`: `/articles/{id}` (HTML page), `/articles` (HTML index), `/articles/feed.atom` (Atom 1.0) and `/articles/feed.json` (JSON Feed 1.1), all public. Feed entry ids are URNs built from the article id, so they never change with the host.',
    '- **For people**: `/` is a landing page (what the service is, with links to the reference, this document, the articles and their feeds) and `/docs` the API reference, this document rendered by Swagger UI; both are public, and every script and style they load comes from this service.',
    '- **Events / webhooks**: none; clients poll (see Change feed: `updated_since` with ETags).',
    '- **Versioning**: the major version is in the path (`/api/v1`). Within v1, fields and enum values may be added but are never removed or renamed; a breaking change gets `/api/v2`, with v1 served alongside it for at least six months.',
  ].join('\n');
}

/** The published OpenAPI 3.0.0 document, generated from the same schemas ajv validates with. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): JsonSchema {
  const rateLimit = options.rateLimitPerMinute ?? 600;
  const rateHeaders = {
    RateLimit: header('`"default";r=<remaining>;t=<seconds until the window resets>`'),
    'RateLimit-Policy': header(`\`"default";q=<quota>;w=60\` (default quota ${rateLimit})`),
    'RateLimit-Limit': header('Quota of the current window.', 'integer'),
    'RateLimit-Remaining': header('Requests left in the current window.', 'integer'),
    'RateLimit-Reset': header('Seconds until the window resets.', 'integer'),
  };
  // Every response, including errors and those node:http answers before the app (408, 431).
  const commonHeaders = {
    'X-Content-Type-Options': header('Always `nosniff`.'),
    'X-Request-Id': header("The client's X-Request-Id when it is 1-64 characters of [A-Za-z0-9_.-], else one the server assigned. Absent on 408, 431 and malformed-HTTP 400 answers, which precede the app."),
  };
  const cacheHeaders = {
    ...commonHeaders,
    ETag: header('Strong validator: a hash of the response bytes.'),
    'Cache-Control': header('Caching policy of this response.'),
  };
  const dataCacheHeaders = {
    ...commonHeaders,
    ETag: header(
      'Strong validator derived from the read model (projector version, checkpoint, last batch, last status sweep) and the request path and query: the same from every API process serving the same data, changed when the projector commits. Send it back in If-None-Match for a 304.',
    ),
    'Cache-Control': header('`private, max-age=60`.'),
    Vary: header('`Authorization` on company detail; `Accept, Authorization` on the lists, whose representation (JSON or CSV) is negotiated.'),
  };
  const errorHeaders = { ...commonHeaders, 'Cache-Control': header('Always `no-store`.') };
  const linkHeader = {
    Link: header(
      'RFC 8288 link to the next page, present exactly when `has_more` is true: `</api/v1/…?<same filters>&cursor=<next_cursor>>; rel="next"` (a path-absolute URI reference). A CSV page carries no cursor in its body: a CSV client follows this link, sending the same Accept.',
    ),
  };
  const json = (schema: string) => ({ 'application/json': { schema: schemaRef(schema) } });
  const ok = (description: string, schema: string, keyed: boolean) => ({
    description,
    headers: keyed ? { ...dataCacheHeaders, ...rateHeaders } : cacheHeaders,
    content: json(schema),
  });
  /** A list page: JSON (`schema`, also the response's name) or, negotiated on Accept, CSV of `item`s. */
  const listOk = (description: string, schema: string, item: JsonSchema, keyed = true) => ({
    description: `${description} JSON by default; CSV with \`Accept: text/csv\`.`,
    headers: keyed
      ? { ...dataCacheHeaders, Vary: header('`Accept, Authorization`.'), ...linkHeader, ...rateHeaders }
      : { ...cacheHeaders, Vary: header('`Accept`: the feed is negotiated (JSON or CSV).') },
    content: { ...json(schema), ...csvMedia(item, documentExamples().responses[schema]) },
  });
  const transportErrors = {
    '408': responseRef('RequestTimeout'),
    '414': responseRef('UriTooLong'),
    '431': responseRef('HeadersTooLarge'),
    default: responseRef('OtherError'),
  };
  const kit: DocumentKit = { commonHeaders, cacheHeaders, errorHeaders, transportErrors };
  const errors = (keyed: boolean, notFound = false, negotiated = false) => ({
    '304': responseRef(keyed ? 'NotModifiedData' : 'NotModified'),
    '400': responseRef('BadRequest'),
    ...(keyed ? { '401': responseRef('Unauthorized') } : {}),
    ...(notFound ? { '404': responseRef('NotFound') } : {}),
    ...(negotiated ? { '406': responseRef('NotAcceptable') } : {}),
    ...(keyed ? { '429': responseRef('TooManyRequests') } : {}),
    '503': responseRef('Unavailable'),
    ...transportErrors,
  });
  const query = queryParameterComponents(QUERY_SCHEMAS);
  const ifNoneMatch = parameterRef('IfNoneMatch');
  const listOperation = (operationId: string, summary: string, endpoint: string, tag: string) => ({
    get: {
      operationId,
      summary,
      tags: [tag],
      parameters: [...query.refs[endpoint], ifNoneMatch],
      responses: { '200': responseRef(endpoint), ...errors(true, false, true) },
    },
  });
  const apiError = (description: string, headers: Record<string, unknown> = {}) => ({
    description,
    headers: { ...errorHeaders, ...headers },
    content: json('ApiError'),
  });
  const articles = articlePages(kit);
  const site = sitePages(kit);

  return withExamples({
    openapi: '3.0.0',
    info: {
      title: 'IPO Research Data Service',
      version: '1.0.0',
      description: describeDecisions(rateLimit),
      license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    security: [{ bearerAuth: [] }],
    tags: TAGS,
    paths: {
      '/api/v1/articles': {
        get: {
          operationId: 'listArticles',
          summary: 'Public feed of published articles, newest first (no credentials, CORS enabled, not rate limited).',
          tags: ['articles'],
          security: [],
          parameters: [...query.refs.ArticleFeed, ifNoneMatch],
          responses: { '200': responseRef('ArticleFeed'), ...errors(false, false, true) },
        },
        options: {
          operationId: 'preflightArticles',
          summary: 'CORS preflight for the article feed.',
          tags: ['articles'],
          security: [],
          responses: { '204': responseRef('Preflight'), ...transportErrors },
        },
      },
      '/api/v1/companies': listOperation('listCompanies', 'List companies with offering deals.', 'CompanyList', 'companies'),
      '/api/v1/companies/{identifier}': {
        get: {
          operationId: 'getCompany',
          summary: 'One company by CIK (any padding) or ticker (any case).',
          tags: ['companies'],
          parameters: [parameterRef('CompanyIdentifier'), ...query.refs.CompanyDetail, ifNoneMatch],
          responses: { '200': responseRef('CompanyDetail'), ...errors(true, true) },
        },
      },
      '/api/v1/filings': listOperation('listFilings', 'List filings.', 'FilingList', 'filings'),
      '/api/v1/news': listOperation('listNews', 'List news items linked to companies.', 'NewsList', 'news'),
      '/api/v1/outcomes': listOperation('listOutcomes', 'List post-listing trading outcomes (status partial or complete only).', 'OutcomeList', 'outcomes'),
      ...articles.paths,
      '/api/v1/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          summary: 'This document (no credentials).',
          tags: ['meta'],
          security: [],
          parameters: [ifNoneMatch],
          responses: { '200': responseRef('OpenApiDocument'), '304': responseRef('NotModified'), ...transportErrors },
        },
      },
      ...site.paths,
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'API key (ipo_live_ followed by at least 32 base62 characters)' },
      },
      schemas: {
        ...componentSchemas({ ...RESPONSE_SCHEMAS, ...ARTICLE_PAGE_SCHEMAS }),
        OpenApiDocument: {
          type: 'object',
          description: 'An OpenAPI 3.0 document: this one.',
          required: ['openapi', 'info', 'paths'],
          properties: { openapi: { type: 'string', enum: ['3.0.0'] }, info: { type: 'object' }, paths: { type: 'object' } },
        },
      },
      parameters: {
        ...query.components,
        CompanyIdentifier: {
          name: 'identifier',
          in: 'path',
          required: true,
          description: 'SEC CIK with or without leading zeros, or a ticker symbol. A CIK-like value that matches no company is tried as a ticker.',
          schema: { type: 'string' },
        },
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'ETag(s) of a representation the client holds; a match answers 304 without a body.',
          schema: { type: 'string' },
        },
        ...articles.parameters,
        ...site.parameters,
      },
      responses: {
        CompanyList: listOk('A page of companies.', 'CompanyList', ApiCompanySchema),
        CompanyDetail: ok('The company.', 'CompanyDetailResponse', true),
        FilingList: listOk('A page of filings.', 'FilingList', ApiFilingSchema),
        NewsList: listOk('A page of news items.', 'NewsList', ApiNewsSchema),
        OutcomeList: listOk('A page of outcomes.', 'OutcomeList', ApiOutcomeSchema),
        ArticleFeed: listOk('The newest published articles.', 'ArticleFeed', ApiArticleFeedItemSchema, false),
        Preflight: { description: 'Allowed: GET, HEAD, OPTIONS from any origin.', headers: commonHeaders },
        OpenApiDocument: ok('OpenAPI 3.0.0 document.', 'OpenApiDocument', false),
        ...articles.responses,
        ...site.responses,
        NotModified: { description: 'The If-None-Match ETag still matches; no body.', headers: cacheHeaders },
        NotModifiedData: {
          description: 'The If-None-Match ETag still matches: the read model has not changed since; no body.',
          headers: { ...dataCacheHeaders, ...rateHeaders },
        },
        BadRequest: apiError(
          'Invalid request: `invalid_request` with one details element per bad parameter (or malformed HTTP, with details null).',
        ),
        Unauthorized: apiError('Missing, malformed, unknown or revoked API key (`unauthorized`).', {
          'WWW-Authenticate': header('Always `Bearer`.'),
        }),
        NotFound: apiError('Nothing matches the path (`not_found`): no company has the identifier, or no asset has the version and name.'),
        NotAcceptable: apiError(
          'The Accept header admits neither representation of the list, `application/json` nor `text/csv` (`not_acceptable`); this error body is JSON whatever Accept says.',
        ),
        RequestTimeout: apiError(
          `The request line and headers did not arrive within ${HTTP_LIMITS.headersTimeoutMs / 1000} s (\`request_timeout\`); the connection is closed.`,
          { Connection: header('Always `close`.') },
        ),
        UriTooLong: apiError(`The request target (path and query) exceeds ${MAX_URL_BYTES} bytes (\`uri_too_long\`).`),
        HeadersTooLarge: apiError(
          `The request line and headers exceed ${MAX_HEADER_BYTES} bytes (\`headers_too_large\`); the connection is closed.`,
          { Connection: header('Always `close`.') },
        ),
        TooManyRequests: apiError('Rate limit exceeded (`rate_limited`).', {
          'Retry-After': header('Seconds until the window resets.', 'integer'),
          ...rateHeaders,
        }),
        Unavailable: apiError('No read database has been published yet (`service_unavailable`).'),
        OtherError: apiError('Any other error, as ApiError: 404 `not_found` (unknown route), 405 `method_not_allowed` (with `Allow`), 500 `internal_error`.'),
      },
    },
  });
}
