import { describe, expect, it } from 'vitest';
import * as params from '../../schema/api/params.schema.ts';
import { DEAL_EVENT_TYPES, DEAL_TYPES, OFFERING_STATUSES } from '../../schema/api/vocabulary.ts';
import { API_ERROR_STATUS } from '../errors/api-error.ts';
import { csvColumns } from '../http/csv-columns.ts';
import { CSV_TYPE } from '../http/csv-negotiation.ts';
import { CSV_LISTS, csvShowsItems } from '../http/csv.testkit.ts';
import { buildOpenApiDocument } from './openapi.document.ts';
import { toOpenApiSchema } from './to-openapi-schema.ts';

const method = (name: string) => name.split(' ')[0];

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument({ rateLimitPerMinute: 600 }) as any;
  /** A component the object names by $ref (one level), else the object itself. */
  const resolve = (value: any) => (value?.$ref ? value.$ref.slice(2).split('/').reduce((at: any, key: string) => at[key], doc) : value);
  const operations = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
    Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, any]),
  );

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
      ['/api/v1/events', params.EventStreamQuerySchema],
    ];
    for (const [path, schema] of endpoints) {
      const documented = doc.paths[path].get.parameters.map(resolve).filter((p: any) => p.in === 'query').map((p: any) => p.name);
      expect(documented).toEqual(Object.keys(schema.properties as object));
    }
  });

  it('documents the error responses of each endpoint', () => {
    for (const path of ['/api/v1/companies', '/api/v1/filings', '/api/v1/news', '/api/v1/outcomes', '/api/v1/companies/{identifier}']) {
      expect(Object.keys(doc.paths[path].get.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '401', '429']));
    }
    expect(doc.paths['/api/v1/companies/{identifier}'].get.responses).toHaveProperty('404');
    for (const { path } of CSV_LISTS) {
      expect(resolve(doc.paths[path].get.responses['406']).content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    }
    expect(doc.paths['/api/v1/companies/{identifier}'].get.responses).not.toHaveProperty('406');
    expect(doc.components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
    expect(doc.components.responses.Unauthorized.headers).toHaveProperty('WWW-Authenticate');
    expect(resolve(doc.paths['/api/v1/companies'].get.responses['200']).headers).toHaveProperty('ETag');
    expect(resolve(doc.paths['/api/v1/companies'].get.responses['200']).headers).toHaveProperty('RateLimit-Policy');
  });

  it('documents caching, paging links and the HTTP limits on every operation', () => {
    for (const [name, operation] of operations) {
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['408', '414', '431', 'default']));
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(resolve(response).headers, `${name} ${status}`).toHaveProperty('X-Content-Type-Options');
      }
      if (method(name) === 'GET') expect(operation.parameters.map((p: any) => resolve(p).name), name).toContain('If-None-Match');
    }
    for (const path of ['/api/v1/companies', '/api/v1/filings', '/api/v1/news', '/api/v1/outcomes']) {
      expect(resolve(doc.paths[path].get.responses['200']).headers, path).toHaveProperty('Link');
      expect(resolve(doc.paths[path].get.responses['200']).headers.ETag.description).toMatch(/same from every API process/);
    }
    expect(resolve(doc.paths['/api/v1/companies/{identifier}'].get.responses['200']).headers).not.toHaveProperty('Link');
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
    expect(resolve(doc.components.schemas.ApiLockupSchedule.properties.tranches.items).required).toContain('days');
  });

  it('documents CSV on every list: its columns from the item schema and an example written from the served JSON example', () => {
    for (const { path, response, item, includes } of CSV_LISTS) {
      const ok = resolve(doc.paths[path].get.responses['200']);
      expect(ok).toBe(doc.components.responses[response]);
      const csv = ok.content['text/csv'];
      expect(csv.schema.type, path).toBe('string');
      expect(csv.schema.description, path).toContain(CSV_TYPE);
      for (const column of csvColumns(item, includes)) {
        expect(csv.schema.description, `${path} ${column.name}`).toContain(`\`${column.name}\``);
      }
      const json = ok.content['application/json'].examples.served;
      expect(csv.examples.served.summary).toBe(`${json.summary} with Accept: text/csv`);
      const items = json.value.data ?? json.value.items;
      const include = new URL(json.summary.slice(4), 'http://x').searchParams.get('include')?.split(',') ?? [];
      csvShowsItems(csv.examples.served.value, csvColumns(item, include), items);
      expect(ok.headers.Vary.description, path).toMatch(/^`Accept/);
    }
    for (const phrase of ['text/csv', '406', 'not_acceptable', 'OWASP', 'rel="next"', 'Vary: Accept, Authorization', 'header=present']) {
      expect(doc.info.description).toContain(phrase);
    }
  });

  it('documents the event stream: both representations, the resume header, the heartbeat, the limits on streams', () => {
    const operation = doc.paths['/api/v1/events'].get;
    expect(operation.parameters.map((p: any) => resolve(p)).find((p: any) => p.in === 'header' && p.name === 'Last-Event-ID')).toBeDefined();
    const ok = resolve(operation.responses['200']);
    expect(Object.keys(ok.content)).toEqual(['text/event-stream', 'application/json']);
    expect(ok.content['text/event-stream'].schema.description).toMatch(/: heartbeat.*15 s|15 s.*: heartbeat/);
    expect(ok.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/EventPage' });
    expect(doc.components.schemas.EventPage.properties.data.items).toEqual({ $ref: '#/components/schemas/ApiDealEvent' });
    expect(doc.components.schemas.ApiDealEvent.properties.type.enum).toEqual([...DEAL_EVENT_TYPES]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '406', '429']));
    for (const phrase of ['EVENT_STREAMS_PER_KEY', 'RATE_LIMIT_PER_MINUTE', 'Last-Event-ID', 'replayed']) expect(operation.description).toContain(phrase);
    expect(doc.info.description).toContain('Ipo-Signature');
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

  it('names every response and parameter: operations refer to components, and every component is used', () => {
    for (const [name, operation] of operations) {
      for (const [status, response] of Object.entries<any>(operation.responses)) expect(response.$ref, `${name} ${status}`).toMatch(/^#\/components\/responses\//);
      for (const parameter of operation.parameters ?? []) expect(parameter.$ref, name).toMatch(/^#\/components\/parameters\//);
    }
    const text = JSON.stringify(doc);
    for (const kind of ['schemas', 'responses', 'parameters']) {
      for (const component of Object.keys(doc.components[kind])) expect(text, `${kind}/${component}`).toContain(`"#/components/${kind}/${component}"`);
    }
    // Nested named shapes are $refs too, so clients generate one type per name.
    expect(doc.components.schemas.CompanyList.properties.data.items).toEqual({ $ref: '#/components/schemas/ApiCompany' });
    expect(doc.components.schemas.ApiFiling.properties.terms.oneOf[0]).toEqual({ $ref: '#/components/schemas/ApiTermsCompact' });
  });

  it('types every date and date-time, in parameters and in responses, as a string with a format', () => {
    const dateParameters = ['UpdatedSince', 'AsOf', 'FilingDateFrom', 'FilingDateTo', 'PublishedAtFrom', 'PublishedAtTo', 'TradingStartDateFrom', 'TradingStartDateTo'];
    for (const name of dateParameters) {
      const schema = doc.components.parameters[name].schema;
      expect(schema.type, name).toBe('string');
      for (const alternative of schema.anyOf ?? [schema]) {
        expect(alternative.type, name).toBe('string');
        expect(['date', 'date-time'], name).toContain(alternative.format);
      }
    }
    const properties = (schema: string) => doc.components.schemas[schema].properties;
    expect(properties('ApiCompany').updatedAt).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
    expect(properties('ApiCompany').latestFilingDate).toMatchObject({ type: 'string', format: 'date', nullable: true });
    expect(properties('ApiFiling').filingDate).toMatchObject({ type: 'string', format: 'date' });
    expect(properties('ApiNews').publishedAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(properties('ApiOutcome').tradingStartDate).toMatchObject({ type: 'string', format: 'date' });
    expect(properties('ApiConsensus').resolvedAt).toMatchObject({ type: 'string', format: 'date-time' });
  });
});
