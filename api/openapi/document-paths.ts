import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { TRANSPORT_ERRORS } from './document-responses.ts';
import type { queryParameterComponents } from './query-parameters.ts';
import { parameterRef, responseRef, type DocumentPart } from './refs.ts';

type QueryParameters = ReturnType<typeof queryParameterComponents>;

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
