import { describe, expect, it } from 'vitest';
import * as params from '../../schema/api/params.schema.ts';
import { DEAL_TYPES, OFFERING_STATUSES } from '../../schema/api/types.ts';
import { API_ERROR_STATUS } from '../errors/api-error.ts';
import { buildOpenApiDocument } from './openapi.document.ts';
import { toOpenApiSchema } from './to-openapi-schema.ts';

const method = (name: string) => name.split(' ')[0];

type Operation = { parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown>; security?: unknown[] };

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument({ rateLimitPerMinute: 600 }) as any;

  it('is OpenAPI 3.0.0, interface version 1.0.0, with bearer auth', () => {
    expect(doc.openapi).toBe('3.0.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/articles'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/openapi.json'].get.security).toEqual([]);
  });

  it('lists every validated query parameter of every endpoint', () => {
    const endpoints: Array<[string, Record<string, unknown>]> = [
      ['/api/v1/articles', params.ArticleFeedQuerySchema],
      ['/api/v1/companies', params.CompanyListQuerySchema],
      ['/api/v1/companies/{identifier}', params.CompanyDetailQuerySchema],
      ['/api/v1/filings', params.FilingListQuerySchema],
      ['/api/v1/news', params.NewsListQuerySchema],
      ['/api/v1/outcomes', params.OutcomeListQuerySchema],
    ];
    for (const [path, schema] of endpoints) {
      const operation: Operation = doc.paths[path].get;
      const documented = operation.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
      expect(documented).toEqual(Object.keys(schema.properties as object));
    }
  });

  it('documents the error responses of each endpoint', () => {
    for (const path of ['/api/v1/companies', '/api/v1/filings', '/api/v1/news', '/api/v1/outcomes', '/api/v1/companies/{identifier}']) {
      expect(Object.keys(doc.paths[path].get.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '401', '429']));
    }
    expect(doc.paths['/api/v1/companies/{identifier}'].get.responses).toHaveProperty('404');
    expect(doc.components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
    expect(doc.components.responses.Unauthorized.headers).toHaveProperty('WWW-Authenticate');
    expect(doc.paths['/api/v1/companies'].get.responses['200'].headers).toHaveProperty('ETag');
    expect(doc.paths['/api/v1/companies'].get.responses['200'].headers).toHaveProperty('RateLimit-Policy');
  });

  it('documents caching, paging links and the HTTP limits on every operation', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
      Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, any]),
    );
    const resolve = (response: any) => (response.$ref ? doc.components.responses[response.$ref.split('/').pop()] : response);
    for (const [name, operation] of operations) {
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['408', '414', '431', 'default']));
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(resolve(response).headers, `${name} ${status}`).toHaveProperty('X-Content-Type-Options');
      }
      if (method(name) === 'GET') expect(operation.parameters.map((p: any) => p.name), name).toContain('If-None-Match');
    }
    for (const path of ['/api/v1/companies', '/api/v1/filings', '/api/v1/news', '/api/v1/outcomes']) {
      expect(doc.paths[path].get.responses['200'].headers, path).toHaveProperty('Link');
      expect(doc.paths[path].get.responses['200'].headers.ETag.description).toMatch(/same from every API process/);
    }
    expect(doc.paths['/api/v1/companies/{identifier}'].get.responses['200'].headers).not.toHaveProperty('Link');
    expect(doc.components.schemas.ApiCompanyDetail.properties.filings.maxItems).toBe(params.DETAIL_EMBEDDED_ITEMS);
    expect(doc.components.schemas.ApiCompanyDetail.properties.filingsNext).toMatchObject({ type: 'string', nullable: true });
    for (const phrase of ['Change feed', 'updated_since', 'If-None-Match', 'rel="next"', `${params.MAX_URL_BYTES} bytes`, 'nosniff']) {
      expect(doc.info.description).toContain(phrase);
    }
  });

  it('states every decision the specification leaves open', () => {
    const text: string = doc.info.description;
    for (const value of [...OFFERING_STATUSES, ...DEAL_TYPES, ...Object.keys(API_ERROR_STATUS)]) expect(text).toContain(value);
    for (const phrase of ['newest first', `default ${params.DEFAULT_PAGE_SIZE}`, '600 requests per API key', 'Unknown query parameters', 'next_cursor', 'lockup_schedule', 'Events']) {
      expect(text).toContain(phrase);
    }
    expect(doc.components.schemas.ApiLockupSchedule.properties.tranches.items.required).toContain('days');
  });

  it('converts nullable type arrays and exclusive bounds to OpenAPI 3.0 forms', () => {
    expect(toOpenApiSchema({ type: ['string', 'null'], enum: ['a', null] })).toEqual({ type: 'string', nullable: true, enum: ['a', null] });
    expect(toOpenApiSchema({ type: 'number', exclusiveMinimum: 0 })).toEqual({ type: 'number', minimum: 0, exclusiveMinimum: true });
    expect(toOpenApiSchema({ type: 'array', items: { type: ['integer', 'null'] }, 'x-explode': false })).toEqual({
      type: 'array',
      items: { type: 'integer', nullable: true },
    });
    expect(JSON.stringify(doc)).not.toMatch(/"type":\[/);
  });
});
