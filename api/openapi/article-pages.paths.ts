import { JsonFeedAuthorSchema, JsonFeedItemSchema, JsonFeedSchema } from '../../schema/api/feed.schema.ts';
import type { JsonSchema } from '../../schema/api/json-schema.ts';
import { parameterRef, responseRef, schemaRef, type DocumentKit, type DocumentPart } from './refs.ts';

/** Named schemas of the article pages and feeds (converted with the API's own). */
export const ARTICLE_PAGE_SCHEMAS: Record<string, JsonSchema> = {
  JsonFeed: JsonFeedSchema,
  JsonFeedItem: JsonFeedItemSchema,
  JsonFeedAuthor: JsonFeedAuthorSchema,
};

/** OpenAPI path items of the public article pages and feeds (served outside /api/v1), with their named responses. */
export function articlePages({ cacheHeaders, errorHeaders, transportErrors }: DocumentKit): DocumentPart {
  const text = (description: string) => ({ schema: { type: 'string', description } });
  const ok = (description: string, content: Record<string, unknown>) => ({ description, headers: cacheHeaders, content });
  const operation = (operationId: string, summary: string, description: string, response: string) => ({
    get: {
      operationId,
      summary,
      description,
      tags: ['articles'],
      security: [],
      parameters: [parameterRef('IfNoneMatch')],
      responses: { '200': responseRef(response), '304': responseRef('NotModified'), '503': responseRef('Unavailable'), ...transportErrors },
    },
  });
  const common =
    'Public: no credentials, any origin (CORS), not rate limited; `Cache-Control: public, max-age=60, stale-while-revalidate=300` with a strong ETag (304 on a matching If-None-Match). Query strings are ignored.';

  return {
    paths: {
      '/articles/feed.atom': operation(
        'getArticlesAtomFeed',
        'Atom 1.0 feed of the newest 50 published articles, newest first.',
        `${common} Entry ids are URNs (urn:ipo-research:article:<id>) that do not change with the host; links are absolute under PUBLIC_BASE_URL.`,
        'AtomFeed',
      ),
      '/articles/feed.json': operation(
        'getArticlesJsonFeed',
        'JSON Feed 1.1 of the newest 50 published articles, newest first.',
        `${common} Item ids are the same URNs as in the Atom feed.`,
        'JsonFeed',
      ),
      '/articles/style.css': operation('getArticleStylesheet', 'The one stylesheet of the article pages.', common, 'ArticleStylesheet'),
      '/articles': operation('getArticleIndex', 'HTML index of the newest 100 published articles.', common, 'ArticleIndexPage'),
      '/articles/{id}': {
        get: {
          operationId: 'getArticlePage',
          summary: 'The HTML page of one published article.',
          description: `${common} Every figure links to the SEC filing that states it, or names its source; each table and server-rendered SVG chart is followed by its sources and as-of date. Links go to SEC pages or pages of this service, never to the keyed API.`,
          tags: ['articles'],
          security: [],
          parameters: [parameterRef('ArticleId'), parameterRef('IfNoneMatch')],
          responses: {
            '200': responseRef('ArticlePage'),
            '304': responseRef('NotModified'),
            '404': responseRef('ArticlePageNotFound'),
            '503': responseRef('Unavailable'),
            ...transportErrors,
          },
        },
      },
    },
    parameters: {
      ArticleId: {
        name: 'id',
        in: 'path',
        required: true,
        description: 'Article id, as in ApiArticleFeedItem.id (e.g. quarterly-2014-Q2).',
        schema: { type: 'string' },
      },
    },
    responses: {
      AtomFeed: ok('Atom 1.0 (RFC 4287) feed.', { 'application/atom+xml': text('Atom 1.0 (RFC 4287) document.') }),
      JsonFeed: ok('JSON Feed 1.1.', { 'application/feed+json': { schema: schemaRef('JsonFeed') } }),
      ArticleStylesheet: ok('The stylesheet.', { 'text/css': text('CSS stylesheet (local: no imports, fonts or images).') }),
      ArticleIndexPage: ok('The article index.', { 'text/html': text('HTML document.') }),
      ArticlePage: ok('The article page.', { 'text/html': text('HTML document.') }),
      ArticlePageNotFound: {
        description: 'No published article has this id: an HTML page when the client prefers text/html, else ApiError `not_found`.',
        headers: errorHeaders,
        content: { 'application/json': { schema: schemaRef('ApiError') }, 'text/html': text('HTML document.') },
      },
    },
    schemas: ARTICLE_PAGE_SCHEMAS,
  };
}
