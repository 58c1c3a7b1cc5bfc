import { JsonFeedSchema } from '../../schema/api/feed.schema.ts';
import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { toOpenApiSchema } from './to-openapi-schema.ts';

/** OpenAPI path items of the public article pages and feeds (served outside /api/v1). */
export function articlePagePaths(
  cacheHeaders: JsonSchema,
  ifNoneMatch: JsonSchema,
  transportErrors: Record<string, unknown>,
  errorHeaders: JsonSchema,
): Record<string, JsonSchema> {
  const text = (description: string) => ({ schema: { type: 'string', description } });
  const ok = (content: Record<string, unknown>) => ({ description: 'OK', headers: cacheHeaders, content });
  const notModified = { $ref: '#/components/responses/NotModified' };
  const unavailable = { $ref: '#/components/responses/Unavailable' };
  const operation = (operationId: string, summary: string, description: string, content: Record<string, unknown>) => ({
    get: {
      operationId,
      summary,
      description,
      tags: ['articles'],
      security: [],
      parameters: [ifNoneMatch],
      responses: { '200': ok(content), '304': notModified, '503': unavailable, ...transportErrors },
    },
  });
  const common =
    'Public: no credentials, any origin (CORS), not rate limited; `Cache-Control: public, max-age=60, stale-while-revalidate=300` with a strong ETag (304 on a matching If-None-Match). Query strings are ignored.';

  return {
    '/articles/feed.atom': operation(
      'getArticlesAtomFeed',
      'Atom 1.0 feed of the newest 50 published articles, newest first.',
      `${common} Entry ids are URNs (urn:ipo-research:article:<id>) that do not change with the host; links are absolute under PUBLIC_BASE_URL.`,
      { 'application/atom+xml': text('Atom 1.0 (RFC 4287) document.') },
    ),
    '/articles/feed.json': operation(
      'getArticlesJsonFeed',
      'JSON Feed 1.1 of the newest 50 published articles, newest first.',
      `${common} Item ids are the same URNs as in the Atom feed.`,
      { 'application/feed+json': { schema: { $ref: '#/components/schemas/JsonFeed' } } },
    ),
    '/articles/style.css': operation(
      'getArticleStylesheet',
      'The one stylesheet of the article pages.',
      common,
      { 'text/css': text('CSS stylesheet (local: no imports, fonts or images).') },
    ),
    '/articles': operation(
      'getArticleIndex',
      'HTML index of the newest 100 published articles.',
      common,
      { 'text/html': text('HTML document.') },
    ),
    '/articles/{id}': {
      get: {
        operationId: 'getArticlePage',
        summary: 'The HTML page of one published article.',
        description: `${common} Every figure links to the SEC filing that states it, or names its source; each table and server-rendered SVG chart is followed by its sources and as-of date. Links go to SEC pages or pages of this service, never to the keyed API.`,
        tags: ['articles'],
        security: [],
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'Article id, as in ApiArticleFeedItem.id (e.g. quarterly-2014-Q2).', schema: { type: 'string' } },
          ifNoneMatch,
        ],
        responses: {
          '200': ok({ 'text/html': text('HTML document.') }),
          '304': notModified,
          '404': {
            description: 'No published article has this id: an HTML page when the client prefers text/html, else ApiError `not_found`.',
            headers: errorHeaders,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } }, 'text/html': text('HTML document.') },
          },
          '503': unavailable,
          ...transportErrors,
        },
      },
    },
  };
}

/** Component schemas the article page paths refer to. */
export const articlePageSchemas = (): Record<string, JsonSchema> => ({ JsonFeed: toOpenApiSchema(JsonFeedSchema) });
