import type { JsonSchema } from '../../schema/api/json-schema.ts';
import {
  ArticleFeedQuerySchema,
  CalendarFeedQuerySchema,
  CalendarListQuerySchema,
  CompanyDetailQuerySchema,
  CompanyListQuerySchema,
  EventStreamQuerySchema,
  FilingListQuerySchema,
  NewsListQuerySchema,
  OutcomeListQuerySchema,
} from '../../schema/api/params.schema.ts';
import { EVENT_SCHEMAS } from '../../schema/api/events.schema.ts';
import { RESPONSE_SCHEMAS } from '../../schema/api/resources.schema.ts';
import { ARTICLE_PAGE_SCHEMAS, articlePages } from './article-pages.paths.ts';
import { componentSchemas } from './component-schemas.ts';
import { describeDecisions } from './decisions.ts';
import { documentPaths } from './document-paths.ts';
import { documentHeaders, documentKit, responseComponents, TRANSPORT_ERRORS } from './document-responses.ts';
import { eventPages } from './events.paths.ts';
import { withExamples } from './examples.ts';
import { queryParameterComponents } from './query-parameters.ts';
import type { DocumentPart } from './refs.ts';
import { sitePages } from './site.paths.ts';

export interface OpenApiOptions {
  /** Documented per-key quota; the running app passes its configured value. */
  rateLimitPerMinute?: number;
  serverUrl?: string;
}

/** Query schema of each endpoint, by the prefix its endpoint-specific parameter components get. */
const QUERY_SCHEMAS: Record<string, JsonSchema> = {
  ArticleFeed: ArticleFeedQuerySchema,
  CompanyList: CompanyListQuerySchema,
  CompanyDetail: CompanyDetailQuerySchema,
  FilingList: FilingListQuerySchema,
  NewsList: NewsListQuerySchema,
  OutcomeList: OutcomeListQuerySchema,
  CalendarList: CalendarListQuerySchema,
  CalendarFeed: CalendarFeedQuerySchema,
  EventStream: EventStreamQuerySchema,
};

const TAGS = [
  { name: 'companies', description: 'Companies with IPO and other offering deals: identity, status of the current deal and its terms.' },
  { name: 'filings', description: 'SEC filings of the companies, with what each one means for the deal.' },
  { name: 'news', description: 'News items linked to companies, with the evidence of each link.' },
  { name: 'outcomes', description: 'Post-listing trading outcomes: first-day and first-week returns against the offer price.' },
  {
    name: 'calendar',
    description:
      'The expiry calendar across companies: lock-up expiries (each tranche) and research quiet-period expiries of every priced IPO-family offering, as a keyed list (JSON or CSV) and as public Atom and iCalendar feeds to subscribe to. The SQL view expiry_calendar holds the same rows.',
  },
  { name: 'events', description: 'Deal events as the read model records them: a Server-Sent Events stream to resume by Last-Event-ID, or JSON pages.' },
  { name: 'articles', description: 'Published articles: the public JSON list, the HTML pages and the Atom and JSON feeds.' },
  { name: 'meta', description: 'This document, the landing page and the API reference.' },
];

/** The published OpenAPI 3.0.0 document, generated from the same schemas ajv validates with. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): JsonSchema {
  const rateLimit = options.rateLimitPerMinute ?? 600;
  const headers = documentHeaders(rateLimit);
  const kit = documentKit(headers);
  const query = queryParameterComponents(QUERY_SCHEMAS);
  const articles = articlePages(kit);
  const site = sitePages(kit);
  const events = eventPages(headers, TRANSPORT_ERRORS, query.refs.EventStream);

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
    paths: documentPaths(query, articles, site, events),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'API key (ipo_live_ followed by at least 32 base62 characters)' },
      },
      schemas: schemaComponents(),
      parameters: parameterComponents(query.components, [articles, site, events]),
      responses: responseComponents(headers, [articles, site, events]),
    },
  });
}

function schemaComponents(): Record<string, JsonSchema> {
  return {
    ...componentSchemas({ ...RESPONSE_SCHEMAS, ...EVENT_SCHEMAS, ...ARTICLE_PAGE_SCHEMAS }),
    OpenApiDocument: {
      type: 'object',
      description: 'An OpenAPI 3.0 document: this one.',
      required: ['openapi', 'info', 'paths'],
      properties: { openapi: { type: 'string', enum: ['3.0.0'] }, info: { type: 'object' }, paths: { type: 'object' } },
    },
  };
}

/** The query parameters, the path identifier, If-None-Match, then the pages' own parameters. */
function parameterComponents(query: Record<string, JsonSchema>, parts: DocumentPart[]): Record<string, JsonSchema> {
  return {
    ...query,
    CompanyIdentifier: {
      name: 'identifier',
      in: 'path',
      required: true,
      description: 'SEC CIK with or without leading zeros, or a ticker symbol (a class or unit suffix as the exchanges or the SEC write it; units written the Nasdaq way, IPOBU or LCWU, name IPOB-U or LCW-U when no security is stored so). A CIK-like value that matches no company is tried as a ticker.',
      schema: { type: 'string' },
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'ETag(s) of a representation the client holds; a match answers 304 without a body.',
      schema: { type: 'string' },
    },
    ...Object.assign({}, ...parts.map((part) => part.parameters ?? {})),
  };
}
