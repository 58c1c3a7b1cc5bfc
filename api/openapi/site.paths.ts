import { SITE_ASSET_FILES } from '../site/site-assets.ts';
import { parameterRef, responseRef, type DocumentKit, type DocumentPart } from './refs.ts';

/** OpenAPI path items of the pages for people: the landing page, the API reference and its static files. */
export function sitePages({ cacheHeaders, commonHeaders, errorHeaders, transportErrors }: DocumentKit): DocumentPart {
  const html = { 'text/html': { schema: { type: 'string', description: 'HTML document.' } } };
  const page = (operationId: string, summary: string, description: string, response: string) => ({
    get: {
      operationId,
      summary,
      description,
      tags: ['meta'],
      security: [],
      parameters: [parameterRef('IfNoneMatch')],
      responses: { '200': responseRef(response), '304': responseRef('NotModified'), ...transportErrors },
    },
  });
  const common = 'Public: no credentials. `Cache-Control: public, max-age=300` with a strong ETag (304 on a matching If-None-Match). Query strings are ignored.';

  return {
    paths: {
      '/': page(
        'getLandingPage',
        'Landing page: what the service is, with links to the API reference, this document, the articles and their feeds.',
        common,
        'LandingPage',
      ),
      '/docs': page(
        'getApiReference',
        'API reference: this document rendered by Swagger UI, every script and style served from this service.',
        `${common} Its asset URLs carry a version, so a page older than the service's current assets finds them gone (404): reload it.`,
        'ApiReferencePage',
      ),
      '/docs/assets/{version}/{file}': {
        get: {
          operationId: 'getApiReferenceAsset',
          summary: 'A script, stylesheet, source map or icon of the landing page and the API reference.',
          description:
            'Public. The URLs come from the pages: `version` changes whenever any asset changes, so an asset is cached for a year (`Cache-Control: public, max-age=31536000, immutable`). Sent gzip-encoded to clients that accept it (`Vary: Accept-Encoding`).',
          tags: ['meta'],
          security: [],
          parameters: [parameterRef('AssetVersion'), parameterRef('AssetFile'), parameterRef('IfNoneMatch')],
          responses: { '200': responseRef('SiteAsset'), '304': responseRef('NotModified'), '404': responseRef('NotFound'), ...transportErrors },
        },
      },
    },
    parameters: {
      AssetVersion: {
        name: 'version',
        in: 'path',
        required: true,
        description: 'Version of the assets, as in the URLs on the pages; any other is a 404.',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{12}$' },
      },
      AssetFile: {
        name: 'file',
        in: 'path',
        required: true,
        description: 'File name.',
        schema: { type: 'string', enum: [...SITE_ASSET_FILES] },
      },
    },
    responses: {
      LandingPage: { description: 'The landing page.', headers: cacheHeaders, content: html },
      ApiReferencePage: { description: 'The API reference page.', headers: cacheHeaders, content: html },
      SiteAsset: {
        description: 'The file, in the content type of its kind.',
        headers: {
          ...commonHeaders,
          ETag: cacheHeaders.ETag,
          'Cache-Control': { description: 'Always `public, max-age=31536000, immutable`.', schema: { type: 'string' } },
          'Content-Encoding': { description: '`gzip` when the client accepts it (not for the icon); absent otherwise.', schema: { type: 'string' } },
          Vary: { description: '`Accept-Encoding`.', schema: { type: 'string' } },
        },
        content: {
          'text/javascript': { schema: { type: 'string', description: 'Script.' } },
          'text/css': { schema: { type: 'string', description: 'Stylesheet.' } },
          'application/json': { schema: { type: 'object', description: 'Source map.' } },
          'image/png': { schema: { type: 'string', format: 'binary', description: 'Icon.' } },
        },
      },
    },
  };
}
