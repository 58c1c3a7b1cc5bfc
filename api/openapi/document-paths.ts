import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { TRANSPORT_ERRORS } from './document-responses.ts';
import type { queryParameterComponents } from './query-parameters.ts';
import { parameterRef, responseRef, type DocumentPart } from './refs.ts';

type QueryParameters = ReturnType<typeof queryParameterComponents>;

/** How the calendar feeds work, and why they take no credentials. */
export const CALENDAR_FEED_DESCRIPTION =
  'Every entry the filters select (the same filters and rows as GET /api/v1/calendar, all pages, earliest first). Authenticated and rate limited like every data endpoint (spec §5: only the article feed is public): a calendar application that cannot send an Authorization header subscribes through a script or proxy that fetches the file with the key; the API never takes a key in a URL, where logs, proxies and shared calendars would keep it. `Cache-Control: private, max-age=60` with a strong ETag (304 on a matching If-None-Match), `Vary: Authorization`. iCalendar: one all-day VEVENT per entry (DTSTART;VALUE=DATE on the expiry date), UID `<entry id>@ipo-research` stable across refreshes, CRLF lines folded at 75 octets, TEXT escaped; DTSTAMP is the projection\'s as-of time. Atom: entry ids `urn:ipo-research:calendar:<entry id>`, `updated` the expiry date (midnight UTC), `summary` the entry\'s description, `category` its kind.';

/** The error answers of an operation: keyed ones can be 401 and 429, lists 406, lookups 404. */
function errors(keyed: boolean, notFound = false, negotiated = false) {
  return {
    '304': responseRef(keyed ? 'NotModifiedData' : 'NotModified'),
    '400': responseRef('BadRequest'),
    ...(keyed ? { '401': responseRef('Unauthorized') } : {}),
    ...(notFound ? { '404': responseRef('NotFound') } : {}),
    ...(negotiated ? { '406': responseRef('NotAcceptable') } : {}),
    ...(keyed ? { '429': responseRef('TooManyRequests') } : {}),
    '503': responseRef('Unavailable'),
    ...TRANSPORT_ERRORS,
  };
}

/** The API's paths, with the article pages' and the site pages' in their place. */
export function documentPaths(query: QueryParameters, articles: DocumentPart, site: DocumentPart, events: DocumentPart): Record<string, JsonSchema> {
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
  const calendarFeed = (operationId: string, summary: string, response: string) => ({
    get: {
      operationId,
      summary,
      description: CALENDAR_FEED_DESCRIPTION,
      tags: ['calendar'],
      parameters: [...query.refs.CalendarFeed, ifNoneMatch],
      responses: { '200': responseRef(response), ...errors(true) },
    },
  });
  return {
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
        responses: { '204': responseRef('Preflight'), ...TRANSPORT_ERRORS },
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
    '/api/v1/calendar': listOperation(
      'listCalendar',
      'List lock-up and quiet-period expiries across companies, earliest first (see ApiCalendarEntry for the rules).',
      'CalendarList',
      'calendar',
    ),
    '/api/v1/calendar.atom': calendarFeed('getCalendarAtom', 'Atom 1.0 feed of the expiries the filters select.', 'CalendarAtom'),
    '/api/v1/calendar.ics': calendarFeed('getCalendarIcs', 'iCalendar (RFC 5545) file of the expiries the filters select, to subscribe to.', 'CalendarIcs'),
    ...events.paths,
    ...articles.paths,
    '/api/v1/openapi.json': {
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This document (no credentials).',
        tags: ['meta'],
        security: [],
        parameters: [ifNoneMatch],
        responses: { '200': responseRef('OpenApiDocument'), '304': responseRef('NotModified'), ...TRANSPORT_ERRORS },
      },
    },
    ...site.paths,
  };
}
