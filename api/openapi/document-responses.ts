import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { MAX_HEADER_BYTES, MAX_URL_BYTES } from '../../schema/api/params.schema.ts';
import { ApiArticleFeedItemSchema, ApiCalendarEntrySchema, ApiCompanySchema, ApiFilingSchema, ApiNewsSchema, ApiOutcomeSchema } from '../../schema/api/resources.schema.ts';
import { HTTP_LIMITS } from '../http/server.ts';
import { csvMedia } from './csv-media.ts';
import { documentExamples } from './examples.ts';
import { responseRef, schemaRef, type DocumentKit, type DocumentPart } from './refs.ts';

const header = (description: string, type = 'string') => ({ description, schema: { type } });

/** The response headers of the document, by the responses that carry them. */
export function documentHeaders(rateLimit: number) {
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
  return { rateHeaders, commonHeaders, cacheHeaders, dataCacheHeaders, errorHeaders, linkHeader };
}

export type DocumentHeaders = ReturnType<typeof documentHeaders>;

/** What any request can meet before (or instead of) its route. */
export const TRANSPORT_ERRORS = {
  '408': responseRef('RequestTimeout'),
  '414': responseRef('UriTooLong'),
  '431': responseRef('HeadersTooLarge'),
  default: responseRef('OtherError'),
};

export function documentKit(headers: DocumentHeaders): DocumentKit {
  const { commonHeaders, cacheHeaders, errorHeaders } = headers;
  return { commonHeaders, cacheHeaders, errorHeaders, transportErrors: TRANSPORT_ERRORS };
}

const json = (schema: string) => ({ 'application/json': { schema: schemaRef(schema) } });

/** The responses of the resources: a page of each list (JSON or CSV), a company, this document. */
function resourceResponses(h: DocumentHeaders): Record<string, JsonSchema> {
  const ok = (description: string, schema: string, keyed: boolean) => ({
    description,
    headers: keyed ? { ...h.dataCacheHeaders, ...h.rateHeaders } : h.cacheHeaders,
    content: json(schema),
  });
  /** A list page: JSON (`schema`, also the response's name) or, negotiated on Accept, CSV of `item`s. */
  const listOk = (description: string, schema: string, item: JsonSchema, keyed = true) => ({
    description: `${description} JSON by default; CSV with \`Accept: text/csv\`.`,
    headers: keyed
      ? { ...h.dataCacheHeaders, Vary: header('`Accept, Authorization`.'), ...h.linkHeader, ...h.rateHeaders }
      : { ...h.cacheHeaders, Vary: header('`Accept`: the feed is negotiated (JSON or CSV).') },
    content: { ...json(schema), ...csvMedia(item, documentExamples().responses[schema]) },
  });
  return {
    CompanyList: listOk('A page of companies.', 'CompanyList', ApiCompanySchema),
    CompanyDetail: ok('The company.', 'CompanyDetailResponse', true),
    FilingList: listOk('A page of filings.', 'FilingList', ApiFilingSchema),
    NewsList: listOk('A page of news items.', 'NewsList', ApiNewsSchema),
    OutcomeList: listOk('A page of outcomes.', 'OutcomeList', ApiOutcomeSchema),
    CalendarList: listOk('A page of expiry calendar entries.', 'CalendarList', ApiCalendarEntrySchema),
    CalendarAtom: {
      description: 'Atom 1.0 (RFC 4287) feed of the calendar entries.',
      headers: h.cacheHeaders,
      content: { 'application/atom+xml': { schema: { type: 'string', description: 'Atom 1.0 document.' } } },
    },
    CalendarIcs: {
      description: 'iCalendar (RFC 5545) file of the calendar entries.',
      headers: h.cacheHeaders,
      content: { 'text/calendar': { schema: { type: 'string', description: 'iCalendar VCALENDAR object.' } } },
    },
    ArticleFeed: listOk('The newest published articles.', 'ArticleFeed', ApiArticleFeedItemSchema, false),
    Preflight: { description: 'Allowed: GET, HEAD, OPTIONS from any origin.', headers: h.commonHeaders },
    OpenApiDocument: ok('OpenAPI 3.0.0 document.', 'OpenApiDocument', false),
  };
}

/** 304s and the ApiError answers, each with the headers it carries. */
function errorResponses(h: DocumentHeaders): Record<string, JsonSchema> {
  const apiError = (description: string, headers: Record<string, unknown> = {}) => ({
    description,
    headers: { ...h.errorHeaders, ...headers },
    content: json('ApiError'),
  });
  return {
    NotModified: { description: 'The If-None-Match ETag still matches; no body.', headers: h.cacheHeaders },
    NotModifiedData: {
      description: 'The If-None-Match ETag still matches: the read model has not changed since; no body.',
      headers: { ...h.dataCacheHeaders, ...h.rateHeaders },
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
    TooManyRequests: apiError(
      'A limit of the key is reached (`rate_limited`): its request quota (message `Rate limit exceeded`), or, on GET /api/v1/events, its EVENT_STREAMS_PER_KEY open streams on this API process (message `Too many open event streams for this API key (<n> per API process)`). The RateLimit-* fields describe the request window either way: the refused request counted in it, and over the streams limit `RateLimit-Remaining` is usually above 0.',
      {
        'Retry-After': header(
          'Seconds to wait before trying again. Over the request quota: until the window resets (the same value as `RateLimit-Reset`). Over the open-streams limit, which is not a window (a place frees as soon as one of the key\'s streams on that process ends): the stream heartbeat interval, 15 s, within which the stream of a revoked key or of a client gone without closing is ended.',
          'integer',
        ),
        ...h.rateHeaders,
      },
    ),
    Unavailable: apiError('No read database has been published yet (`service_unavailable`).'),
    OtherError: apiError('Any other error, as ApiError: 404 `not_found` (unknown route), 405 `method_not_allowed` (with `Allow`), 500 `internal_error`.'),
  };
}

/** Every named response: the resources', the article pages' and site pages', then the errors. */
export function responseComponents(headers: DocumentHeaders, parts: DocumentPart[]): Record<string, JsonSchema> {
  return {
    ...resourceResponses(headers),
    ...Object.assign({}, ...parts.map((part) => part.responses)),
    ...errorResponses(headers),
  };
}
