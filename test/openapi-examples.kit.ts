import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryRateLimiter } from '../api/index.ts';
import type { DocumentExamples, ServedExample } from '../api/openapi/examples.ts';
import { MAX_HEADER_BYTES, MAX_URL_BYTES } from '../schema/api/params.schema.ts';
import { removeDataDir, startApi, type RunningApi } from './api-harness.ts';
import { parseRaw, rawExchange } from './raw-http.ts';

/**
 * The examples of the OpenAPI document, collected from what the service serves: the bodies of the
 * data responses from the demo (`ipo start` over the bundled real sample), the errors from the app
 * itself, and parameter values read off those bodies. Nothing is written by hand.
 */

/** The request of each data response's example: small pages whose items fill in every nested shape. */
export const DATA_REQUESTS: Record<string, string> = {
  CompanyList: '/api/v1/companies?scope=ipo&limit=2&include=latest_terms,classification,consensus',
  CompanyDetail: '/api/v1/companies/UNCY?include=classification,consensus,financial_snapshot,lockup_schedule,price_history,offerings',
  FilingList: '/api/v1/filings?ticker=UNCY&form_type=S-1/A&filing_date_to=2021-06-30&limit=2&include=ai_enrichment,terms',
  NewsList: '/api/v1/news?ticker=SNAP&published_at_to=2020-01-01&limit=2',
  OutcomeList: '/api/v1/outcomes?limit=2',
  // A lock-up the prospectus states and the quiet period of the same IPO.
  CalendarList: '/api/v1/calendar?ticker=UNCY&limit=2',
  ArticleFeed: '/api/v1/articles?limit=2',
  // A SPAC's IPO and end, from the first event on (JSON pages: the stream is text).
  EventStream: '/api/v1/events?cik=0001847577&type=registration,priced,listed,combined&after=0&limit=4',
};

/** Requests whose example is not the default representation. */
const DATA_ACCEPT: Record<string, string> = { EventStream: 'application/json' };

/** The origin absolute URLs in the examples are written with: what `npm start` serves on its default port. */
const EXAMPLE_ORIGIN = 'http://localhost:3000';

async function served(api: RunningApi, path: string, init: Parameters<RunningApi['get']>[1] = {}, when = ''): Promise<ServedExample> {
  const res = await api.get(path, init);
  return { request: `${init.method ?? 'GET'} ${path}${when}`, value: await res.json() };
}

async function raw(api: RunningApi, request: string, chunks: string[], everyMs = 0): Promise<ServedExample> {
  return { request, value: parseRaw((await rawExchange(api.baseUrl, chunks, everyMs)).text).body };
}

/** Error bodies as the app answers them: over the demo's data, with no read database, with a spent quota, to a slow client. */
async function errorExamples(dataDir: string): Promise<Record<string, ServedExample>> {
  const emptyDir = mkdtempSync(join(tmpdir(), 'ipo-examples-'));
  const api = await startApi(dataDir);
  const unpublished = await startApi(emptyDir);
  const oneRequest = await startApi(dataDir, { rateLimiter: createMemoryRateLimiter({ limitPerMinute: 1 }) });
  const impatient = await startApi(emptyDir, { httpLimits: { headersTimeoutMs: 500, requestTimeoutMs: 1_000, timeoutCheckIntervalMs: 100 } });
  try {
    await oneRequest.get('/api/v1/outcomes?limit=1');
    const longPath = `/api/v1/companies?q=${'a'.repeat(MAX_URL_BYTES)}`;
    const head = 'GET /api/v1/companies HTTP/1.1\r\nHost: localhost\r\n';
    return {
      BadRequest: await served(api, '/api/v1/companies?limit=0&updated_since=yesterday&colour=red'),
      Unauthorized: await served(api, '/api/v1/companies', { key: null }, ' without an API key'),
      NotFound: await served(api, '/api/v1/companies/ZZZZZ'),
      NotAcceptable: await served(api, '/api/v1/companies', { headers: { Accept: 'image/png' } }, ' with Accept: image/png'),
      ArticlePageNotFound: await served(api, '/articles/weekly-1999-W01'),
      TooManyRequests: await served(oneRequest, '/api/v1/outcomes?limit=1', {}, ' with the quota of the key spent'),
      Unavailable: await served(unpublished, '/api/v1/companies', {}, ' before the first read database is published'),
      UriTooLong: { ...(await served(api, longPath)), request: `GET /api/v1/companies?q=aaa… (${longPath.length} bytes)` },
      HeadersTooLarge: await raw(api, `GET /api/v1/companies with a ${MAX_HEADER_BYTES + 1024}-byte header`, [
        `${head}X-Big: ${'b'.repeat(MAX_HEADER_BYTES + 1024)}\r\n\r\n`,
      ]),
      RequestTimeout: await raw(impatient, 'GET /api/v1/companies, its headers sent too slowly', [head, ...Array(40).fill('X-Slow: 1\r\n')], 150),
      OtherError: await served(api, '/api/v1/companies', { method: 'DELETE' }),
    };
  } finally {
    for (const app of [api, unpublished, oneRequest, impatient]) await app.close();
    removeDataDir(emptyDir);
  }
}

/** Absolute URLs of the demo (its host and port vary) written with EXAMPLE_ORIGIN. */
function atExampleOrigin(value: unknown, origin: string): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll(origin, EXAMPLE_ORIGIN));
}

/** Collects every example from a running demo (`origin`, `key`, its DATA_DIR). */
export async function collectExamples(demo: { origin: string; key: string; dataDir: string }): Promise<DocumentExamples> {
  const data: Record<string, ServedExample> = {};
  for (const [name, path] of Object.entries(DATA_REQUESTS)) {
    const accept = DATA_ACCEPT[name];
    const res = await fetch(demo.origin + path, { headers: { Authorization: `Bearer ${demo.key}`, ...(accept ? { Accept: accept } : {}) } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    data[name] = { request: `GET ${path}${accept ? ` with Accept: ${accept}` : ''}`, value: atExampleOrigin(await res.json(), demo.origin) };
  }
  const body = (name: string) => data[name].value as any;
  const from = (name: string, pick: (body: any) => unknown): ServedExample => {
    const value = pick(body(name));
    if (value === null || value === undefined) throw new Error(`no parameter example in the ${name} example`);
    return { request: data[name].request, value };
  };
  const first = (name: string, field: string) => from(name, (b) => b.data[0][field]);
  const last = (name: string, field: string) => from(name, (b) => b.data[b.data.length - 1][field]);
  return {
    responses: { ...data, ...(await errorExamples(demo.dataDir)) },
    parameters: {
      CompanyIdentifier: from('CompanyDetail', (b) => b.data.tickerHint),
      AsOf: from('CompanyDetail', (b) => b.data.consensus.listingDate),
      // The earliest, so that the companies of the example are at or after it.
      UpdatedSince: from('CompanyList', (b) => b.data.map((c: any) => c.updatedAt).sort()[0]),
      FilingDateFrom: last('FilingList', 'filingDate'),
      FilingDateTo: first('FilingList', 'filingDate'),
      PublishedAtFrom: last('NewsList', 'publishedAt'),
      PublishedAtTo: first('NewsList', 'publishedAt'),
      TradingStartDateFrom: last('OutcomeList', 'tradingStartDate'),
      TradingStartDateTo: first('OutcomeList', 'tradingStartDate'),
      ExpiryDateFrom: first('CalendarList', 'expiryDate'),
      ExpiryDateTo: last('CalendarList', 'expiryDate'),
      ArticleId: from('ArticleFeed', (b) => b.items[0].id),
    },
  };
}

const PROJECTION_TIMES = new Set(['updatedAt', 'resolvedAt', 'extractedAt', 'recordedAt']);
/** Change-log ids: their order follows the demo's ingest, whose concurrent jobs append events in a varying order. */
const EVENT_IDS = new Set(['id', 'last_event_id', 'newest_event_id']);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const SIGNED_CURSOR = /^([\w-]+)\.[\w-]+$/;

/**
 * What must stay equal between two collections: everything but the values of one run. Times the
 * projector stamps when it ran, the signature of cursors (each DATA_DIR signs with its own
 * secret: the position they encode stays) and the origin of absolute URLs are masked.
 */
export function comparable(value: unknown, key = '', parent = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item, '', key));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, k, key)]));
  }
  if (typeof value === 'number' && EVENT_IDS.has(key)) return '<event id>';
  if (typeof value !== 'string') return value;
  const stamped = PROJECTION_TIMES.has(key) || (parent === 'UpdatedSince' && key === 'value');
  if (stamped && DATE_TIME.test(value)) return '<time of projection>';
  if (key === 'next_cursor' && SIGNED_CURSOR.test(value)) return `${SIGNED_CURSOR.exec(value)![1]}.<signature>`;
  return value.replace(/^https?:\/\/localhost:\d+\//, '<origin>/').replace(/cursor=([\w-]+)\.[\w-]+/g, 'cursor=$1.<signature>');
}
