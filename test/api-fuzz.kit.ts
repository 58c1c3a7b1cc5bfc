import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { createCursorCodec } from '../api/http/cursor.ts';
import { CSV_TYPE } from '../api/http/csv-negotiation.ts';
import { parseCsv } from '../api/http/csv.testkit.ts';
import type { JsonSchema } from '../schema/api/json-schema.ts';
import {
  ArticleFeedQuerySchema,
  CalendarListQuerySchema,
  CompanyDetailQuerySchema,
  CompanyListQuerySchema,
  FilingListQuerySchema,
  MAX_HEADER_BYTES,
  MAX_URL_BYTES,
  NewsListQuerySchema,
  OutcomeListQuerySchema,
} from '../schema/api/params.schema.ts';
import type { SqliteHandle } from '../schema/sqlite.ts';
import { createMemoryRateLimiter } from '../api/index.ts';
import { liveReadDbPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import {
  CURSOR_SECRET,
  documentValidator,
  emptyDataDir,
  projectFullSampleInto,
  removeDataDir,
  startApi,
  type RunningApi,
} from './api-harness.ts';

/**
 * Property-based requests over every parameter of every endpoint, for the property tests (a few
 * hundred seeded runs per endpoint in `npm test`) and `npm run fuzz` (tens of thousands). A request
 * is hostile in every way a client can be: random and unicode text, NUL and control characters,
 * invalid UTF-8 and broken escapes, very long values, repeated parameters and arrays where scalars
 * belong, SQL / FTS5 / JSON metacharacters, unknown parameters, and cursors that are forged,
 * tampered, signed by another deployment, issued by another endpoint or for other filters, and
 * Accept headers of every kind (the lists negotiate JSON or CSV). `judge` states what every answer must be.
 */

export interface Endpoint {
  name: string;
  /** OpenAPI path template, for the document check. */
  template: string;
  params: JsonSchema;
  keyed: boolean;
  /** Answers JSON or CSV as Accept asks (406 when it admits neither). */
  negotiated: boolean;
  /** Cursor namespace and key length, for list endpoints. */
  cursor?: { endpoint: string; keyLength: number };
}

export const ENDPOINTS: Endpoint[] = [
  { name: 'articles', template: '/api/v1/articles', params: ArticleFeedQuerySchema, keyed: false, negotiated: true },
  { name: 'companies', template: '/api/v1/companies', params: CompanyListQuerySchema, keyed: true, negotiated: true, cursor: { endpoint: 'companies', keyLength: 2 } },
  { name: 'company', template: '/api/v1/companies/{identifier}', params: CompanyDetailQuerySchema, keyed: true, negotiated: false },
  { name: 'filings', template: '/api/v1/filings', params: FilingListQuerySchema, keyed: true, negotiated: true, cursor: { endpoint: 'filings', keyLength: 3 } },
  { name: 'news', template: '/api/v1/news', params: NewsListQuerySchema, keyed: true, negotiated: true, cursor: { endpoint: 'news', keyLength: 4 } },
  { name: 'outcomes', template: '/api/v1/outcomes', params: OutcomeListQuerySchema, keyed: true, negotiated: true, cursor: { endpoint: 'outcomes', keyLength: 3 } },
  { name: 'calendar', template: '/api/v1/calendar', params: CalendarListQuerySchema, keyed: true, negotiated: true, cursor: { endpoint: 'calendar', keyLength: 2 } },
];

/** Real values from the read.db under test, so valid requests reach the queries, plus what the API issued. */
export interface Vocabulary {
  ciks: string[];
  tickers: string[];
  names: string[];
  formTypes: string[];
  offeringStatuses: string[];
  providers: string[];
  sourceNames: string[];
  /** Cursors the API issued, by cursor namespace. */
  cursors: Record<string, string[]>;
  /** ETags the API issued. */
  etags: string[];
}

function vocabularyOf(db: SqliteHandle): Omit<Vocabulary, 'cursors' | 'etags'> {
  const column = (sql: string) => db.prepare(sql).pluck().all() as string[];
  return {
    ciks: column('SELECT cik FROM companies ORDER BY cik LIMIT 60'),
    tickers: column('SELECT DISTINCT ticker FROM company_tickers ORDER BY ticker LIMIT 60'),
    names: column('SELECT name_lower FROM companies ORDER BY cik LIMIT 60'),
    formTypes: column('SELECT DISTINCT form_type FROM api_filings ORDER BY form_type'),
    offeringStatuses: column('SELECT DISTINCT offering_status FROM companies ORDER BY 1'),
    providers: column('SELECT DISTINCT provider FROM api_news WHERE provider IS NOT NULL ORDER BY 1'),
    sourceNames: column('SELECT DISTINCT source_name FROM api_news ORDER BY 1'),
  };
}

export type Auth = 'key' | 'none' | 'unknown-key' | 'basic' | 'bearer-only' | 'lowercase-scheme' | 'key-and-junk';

export interface FuzzRequest {
  endpoint: string;
  template: string;
  method: 'GET' | 'HEAD';
  /** The raw request target, exactly as sent. */
  target: string;
  auth: Auth;
  ifNoneMatch?: string;
  accept?: string;
}

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

// ── values ────────────────────────────────────────────────────────────────────────────────────

const METACHARACTERS = [
  "'", '"', '""', '`', ';', '--', '/*', '*/', '%', '_', '\\', '\\%', "' OR '1'='1", "'; DROP TABLE companies; --", 'NULL',
  '*', 'a*', '"a"*', 'NEAR(a b)', 'NEAR(a b, 2)', 'a OR b', 'a AND b', 'NOT a', '-a', '^a', 'name:a', '{name}: a', '(a', ')', '+a',
  '{', '}', '[', ']', '{"$ne":null}', '[1,2]', '{"a":', '\\u0000', 'null', 'true', '__proto__', 'constructor', 'toString',
  '\u0000', 'a\u0000b', '\u0007', '\t', '\n', '\r\n', '\u001f', '\u007f', '\u0085', '\u2028', '\ufeff', '\ud800', '\udfff',
  'é', 'ı', 'ß', 'İ', 'ǅ', '株式会社', '😀', 'e\u0301', '\u202e', '０１２', '٣',
];

const NUMERIC_EDGES = ['', ' ', '0', '-0', '-1', '1', '100', '101', '1.5', '1e2', '1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', '0x10', '0b1', ' 7 ', '+5', '５', 'true', '1,2', '9'.repeat(40)];

const CONTROL = ['\u0000', '\u0000', '\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f'];

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.constantFrom(...METACHARACTERS), weight: 3 },
  // A control character inside otherwise ordinary text: SQLite's LIKE and FTS5 stop reading at a NUL.
  { arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 10 })).map((parts) => parts.join('')), weight: 3 },
  { arbitrary: fc.constantFrom(...NUMERIC_EDGES), weight: 2 },
  // Long values: most past every maxLength, some past the URL limit.
  { arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.integer({ min: 30, max: 2_500 })).map(([s, n]) => s.repeat(n).slice(0, 12_000)), weight: 1 },
);

/** Hostile values, aimed: numbers JavaScript reads oddly for numeric parameters, every kind of bad cursor for `cursor`. */
function hostileValue(name: string, schema: JsonSchema, vocab: Vocabulary, endpoint: Endpoint): fc.Arbitrary<string> {
  if (name === 'cursor') return fc.oneof({ arbitrary: cursorValue(endpoint, vocab), weight: 3 }, { arbitrary: hostileText, weight: 1 });
  if (schema.type === 'integer' || schema.type === 'number') {
    return fc.oneof({ arbitrary: fc.constantFrom(...NUMERIC_EDGES), weight: 3 }, { arbitrary: hostileText, weight: 1 });
  }
  return hostileText;
}

const isoDate = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });
const dateText = isoDate.map((d) => d.toISOString().slice(0, 10));
const timestampText = fc.oneof(
  dateText,
  isoDate.map((d) => d.toISOString()),
  fc.tuple(isoDate, fc.constantFrom('+02:00', '-05:30', 'Z')).map(([d, zone]) => d.toISOString().slice(0, 19) + zone),
);

/** A value the parameter's own rule accepts, drawn from the data where it names data. */
function validValue(name: string, schema: JsonSchema, vocab: Vocabulary, endpoint: Endpoint): fc.Arbitrary<string> {
  const pick = (values: string[], fallback: string) => fc.constantFrom(...(values.length > 0 ? values : [fallback]));
  const anyCase = (arb: fc.Arbitrary<string>) =>
    fc.tuple(arb, fc.constantFrom('lower', 'upper', 'as-is')).map(([v, c]) => (c === 'lower' ? v.toLowerCase() : c === 'upper' ? v.toUpperCase() : v));
  const fragment = pick(vocab.names, 'inc').chain((name) =>
    fc.tuple(fc.nat(Math.max(0, name.length - 1)), fc.integer({ min: 1, max: 12 })).map(([at, len]) => name.slice(at, at + len)),
  );
  switch (name) {
    case 'cik':
      return pick(vocab.ciks, '0001158114').chain((cik) => fc.constantFrom(cik, cik.replace(/^0+/, '') || '0'));
    case 'ticker':
      return anyCase(pick(vocab.tickers, 'AAOI'));
    case 'q':
    case 'company_name':
      return fc.oneof(fragment, fragment.map((f) => `${f} ${f.slice(0, 3)}`));
    case 'name_prefix':
      return pick(vocab.names, 'a').map((n) => n.slice(0, 4) || 'a');
    case 'form_type':
      return anyCase(pick(vocab.formTypes, 'S-1'));
    case 'offering_status':
      return pick(vocab.offeringStatuses, 'listed');
    case 'provider':
      return pick(vocab.providers, 'newsapi');
    case 'source_name':
      return pick(vocab.sourceNames, 'Reuters');
    case 'cursor': {
      const own = vocab.cursors[endpoint.cursor?.endpoint ?? ''] ?? [];
      return own.length > 0 ? fc.constantFrom(...own) : cursorValue(endpoint, vocab);
    }
  }
  const items = (schema.items as JsonSchema | undefined)?.enum as string[] | undefined;
  if (items) return fc.subarray(items, { minLength: 1 }).map((tokens) => tokens.join(','));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.type === 'integer') return fc.integer({ min: (schema.minimum as number) ?? 1, max: (schema.maximum as number) ?? 100 }).map(String);
  if (schema.type === 'number') return fc.double({ min: 0.01, max: 1e12, noNaN: true }).map(String);
  if (schema.format === 'date') return dateText;
  if (schema.anyOf) return timestampText;
  return fc.string({ minLength: 1, maxLength: 20 });
}

// ── cursors ───────────────────────────────────────────────────────────────────────────────────

const ownCodec = createCursorCodec(CURSOR_SECRET);
const otherDeployment = createCursorCodec('another-deployment-secret-0123456789');
const base64url = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')), maxLength: 60 });
const keyPart = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom(...METACHARACTERS), dateText, fc.constant(''));

/**
 * Every kind of cursor a client can send: its own (replayed, under any filters), another
 * endpoint's, tampered (a character changed, truncated, extended, payload and signature of two
 * cursors swapped), forged without the secret, signed by another deployment, and signed with
 * this deployment's secret but carrying keys of the wrong shape or of hostile values.
 */
function cursorValue(endpoint: Endpoint, vocab: Vocabulary): fc.Arbitrary<string> {
  const namespace = endpoint.cursor?.endpoint ?? 'companies';
  const keyLength = endpoint.cursor?.keyLength ?? 2;
  const own = vocab.cursors[namespace] ?? [];
  const foreign = Object.entries(vocab.cursors).flatMap(([ns, list]) => (ns === namespace ? [] : list));
  const issued = [...own, ...foreign];
  const anyIssued = fc.constantFrom(...(issued.length > 0 ? issued : ['e30.e30']));
  const arbs: fc.Arbitrary<string>[] = [
    anyIssued,
    fc.tuple(anyIssued, fc.nat(), fc.constantFrom('A', '_', '-', '.', '=', '%', '+', '/')).map(([c, at, ch]) => {
      const i = at % c.length;
      return c.slice(0, i) + ch + c.slice(i + 1);
    }),
    fc.tuple(anyIssued, fc.nat()).map(([c, at]) => c.slice(0, at % c.length)),
    fc.tuple(anyIssued, base64url).map(([c, extra]) => c + extra),
    fc.tuple(anyIssued, anyIssued).map(([x, y]) => `${x.split('.')[0]}.${y.split('.')[1] ?? ''}`),
    fc.tuple(base64url, base64url).map(([p, s]) => `${p}.${s}`),
    fc.array(keyPart, { minLength: keyLength, maxLength: keyLength }).map((key) => otherDeployment.encode(namespace, key)),
    fc.array(keyPart, { minLength: 0, maxLength: keyLength + 2 }).map((key) => ownCodec.encode(namespace, key)),
    fc.constantFrom<unknown>(null, 1, 'x', {}, [1, 2], [null, null, null], ['a', 2]).map((key) => ownCodec.encode(namespace, key as string[])),
  ];
  if (own.length > 0) arbs.unshift(fc.constantFrom(...own));
  return fc.oneof(...arbs);
}

// ── encoding ──────────────────────────────────────────────────────────────────────────────────

const HEX = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Percent-encodes every byte of the UTF-8 form (a lone surrogate becomes U+FFFD, as any client sends it). */
const encodeAll = (text: string) => [...Buffer.from(text, 'utf8')].map(HEX).join('');
/** What browsers and fetch send: reserved characters encoded, the rest literal. */
const encodeUsual = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

const BROKEN_ESCAPES = ['%', '%Z', '%ZZ', '%G0', '%%', '%2', '%C0%80', '%ED%A0%80', '%FF', '%FE%FF', '%00', '%E2%82', '%u0041', '%2500'];

const encodedValue = (value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: value.map(encodeUsual), weight: 6 },
    { arbitrary: value.map((v) => encodeUsual(v).replace(/%20/g, '+')), weight: 1 },
    { arbitrary: value.map(encodeAll), weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 24 }).map((bytes) => [...bytes].map(HEX).join('')), weight: 1 },
    { arbitrary: fc.tuple(value.map(encodeUsual), fc.constantFrom(...BROKEN_ESCAPES)).map(([v, broken]) => v + broken), weight: 1 },
  );

const UNKNOWN_NAMES = ['sort', 'order', 'page', 'offset', 'api_key', 'key', 'LIMIT', 'Limit', 'limit ', ' limit', 'include[]', 'kind[0]', '__proto__', 'constructor', 'hasOwnProperty', 'toString', '', '=', 'a.b', 'q\u0000', 'filter[cik]'];

/** One `name=value` pair, or a parameter written in one of the other ways clients write them. */
function parameter(name: string, value: fc.Arbitrary<string>): fc.Arbitrary<string[]> {
  const n = encodeUsual(name);
  const v = encodedValue(value);
  return fc.oneof(
    { arbitrary: v.map((x) => [`${n}=${x}`]), weight: 8 },
    { arbitrary: fc.array(v, { minLength: 2, maxLength: 4 }).map((xs) => xs.map((x) => `${n}=${x}`)), weight: 2 },
    { arbitrary: v.map((x) => [`${n}[]=${x}`]), weight: 1 },
    { arbitrary: fc.constant<string[]>([n]), weight: 1 },
    { arbitrary: fc.constant<string[]>([`${n}=`]), weight: 1 },
  );
}

/** Aim of a property: one named parameter, parameters the endpoint does not have, or the path identifier. */
export type Focus = string | typeof UNKNOWN_PARAMETER | typeof IDENTIFIER;
export const UNKNOWN_PARAMETER = '(unknown parameter)';
export const IDENTIFIER = '(identifier)';

/** The parameters an endpoint's properties aim at, one by one. */
export function focusesOf(endpoint: Endpoint): Focus[] {
  const names = Object.keys(endpoint.params.properties as object);
  return [...(endpoint.template.includes('{identifier}') ? [IDENTIFIER] : []), ...names, UNKNOWN_PARAMETER];
}

/**
 * Queries are well-formed (known parameters, values their rules accept, drawn from the data,
 * cursors the API issued), or well-formed but for one hostile parameter, so the hostile value is
 * the only thing standing between it and the SQL, or hostile throughout. With a focus, every
 * query is well-formed but for that parameter, which is hostile (or valid, now and then).
 */
function queryString(endpoint: Endpoint, vocab: Vocabulary, focus?: Focus): fc.Arbitrary<string> {
  const properties = endpoint.params.properties as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  const wellFormedOf = (available: string[]): fc.Arbitrary<string[][]> =>
    available.length === 0
      ? fc.constant([])
      : fc
      .uniqueArray(fc.constantFrom(...available), { maxLength: 5 })
      .chain((chosen) => fc.tuple(...chosen.map((name) => validValue(name, properties[name], vocab, endpoint).map((v) => [`${name}=${encodeUsual(v)}`]))));
  const hostileParameterNamed = (name: fc.Arbitrary<string>) =>
    name.chain((n) => {
      const schema = properties[n] ?? { type: 'string' };
      const value = fc.oneof({ arbitrary: validValue(n, schema, vocab, endpoint), weight: 1 }, { arbitrary: hostileValue(n, schema, vocab, endpoint), weight: 3 });
      return parameter(n, value);
    });
  const withOne = (params: fc.Arbitrary<string[][]>, one: fc.Arbitrary<string[]>) =>
    fc.tuple(params, one, fc.nat()).map(([list, hostile, at]) => [...list.slice(0, at % (list.length + 1)), hostile, ...list.slice(at % (list.length + 1))]);
  const join = (params: string[][]) => params.flat().join('&');

  if (focus === IDENTIFIER) return wellFormedOf(names).map(join);
  if (focus !== undefined) {
    const name = focus === UNKNOWN_PARAMETER ? fc.constantFrom(...UNKNOWN_NAMES) : fc.constant(focus);
    return withOne(wellFormedOf(names.filter((n) => n !== focus)), hostileParameterNamed(name)).map(join);
  }
  const wellFormed = wellFormedOf(names);
  const hostileParameter = hostileParameterNamed(
    fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 6 }, { arbitrary: fc.constantFrom(...UNKNOWN_NAMES), weight: 1 }),
  );
  return fc
    .oneof(
      { arbitrary: wellFormed, weight: 2 },
      { arbitrary: withOne(wellFormed, hostileParameter), weight: 3 },
      { arbitrary: fc.array(hostileParameter, { maxLength: 6 }), weight: 1 },
    )
    .map(join);
}

function identifier(vocab: Vocabulary, realOnly = false): fc.Arbitrary<string> {
  const real = fc.oneof(
    fc.constantFrom(...(vocab.tickers.length > 0 ? vocab.tickers : ['AAOI'])).chain((t) => fc.constantFrom(t, t.toLowerCase())),
    fc.constantFrom(...(vocab.ciks.length > 0 ? vocab.ciks : ['0001158114'])).chain((c) => fc.constantFrom(c, c.replace(/^0+/, ''), `00${c}`)),
  );
  if (realOnly) return real.map(encodeUsual);
  return fc
    .oneof(
      { arbitrary: real.map(encodeUsual), weight: 4 },
      { arbitrary: hostileText.map(encodeUsual), weight: 3 },
      { arbitrary: encodedValue(hostileText), weight: 1 },
      { arbitrary: fc.constantFrom('.', '..', '%2e%2e', '%2F', 'a%2Fb', '%5C', 'AAOI%00', '%20AAOI', 'AAOI%20', ...BROKEN_ESCAPES), weight: 1 },
    )
    .filter((id) => id !== '');
}

const ifNoneMatch = (vocab: Vocabulary): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 12 },
    { arbitrary: fc.constantFrom(...(vocab.etags.length > 0 ? vocab.etags : ['"x"'])), weight: 3 },
    { arbitrary: fc.constantFrom('*', '"stale"', 'W/"x"', '', ',', '"a", "b"', `"${'x'.repeat(2000)}"`), weight: 1 },
  );

/** Pieces of media ranges, put together in any order: well-formed lists, near misses and nonsense. */
const ACCEPT_PIECES = [
  'text/csv', 'application/json', '*/*', 'text/*', 'application/*', '*', 'text/html', 'image/png', 'application/problem+json', 'csv', 'text/',
  ';q=0', ';q=1', ';q=0.5', ';q=.2', ';q=1.0001', ';q=2', ';q=-1', ';q=', ';Q=0.9', ';q="1"', ';charset=utf-8', ';charset=ISO-8859-1', ';header=present',
  ';header=absent', ';header="pre\\sent"', '; x=y', ';', ',', ', ', ' ', '\t', '"', '\\', '=', '/', 'é', '\u00ff',
];
/** Well-formed values clients send, each with a known answer: JSON, CSV or 406. */
const COMMON_ACCEPTS = [
  'text/csv', 'application/json', '*/*', 'text/*', 'text/csv, application/json', 'text/csv;q=0.9, application/json;q=0.1', 'application/json;q=0.5, text/csv',
  'text/csv; charset=utf-8; header=present', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2',
  'image/png', '*/*;q=0', 'text/csv;header=absent', '',
];

/** Accept: usually absent, else a common value, pieces of ranges put together, or any header-legal text. */
const acceptOf: fc.Arbitrary<string | undefined> = fc.oneof(
  // Mostly absent or well-formed: a malformed Accept is a 400 before the query runs, and the other parameters must still reach it.
  { arbitrary: fc.constant(undefined), weight: 12 },
  { arbitrary: fc.constantFrom(...COMMON_ACCEPTS), weight: 3 },
  { arbitrary: fc.array(fc.constantFrom(...ACCEPT_PIECES), { maxLength: 12 }).map((pieces) => pieces.join('')), weight: 2 },
  // Header values are tab and visible Latin-1 characters: anything else the client refuses to send.
  { arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength: 80 }), weight: 1 },
);

const authOf = (keyed: boolean): fc.Arbitrary<Auth> =>
  keyed
    ? fc.oneof(
        { arbitrary: fc.constant<Auth>('key'), weight: 12 },
        { arbitrary: fc.constantFrom<Auth>('none', 'unknown-key', 'basic', 'bearer-only', 'lowercase-scheme', 'key-and-junk'), weight: 2 },
      )
    : fc.constantFrom<Auth>('none', 'key', 'unknown-key');

/** Every request a client could send to `endpoint`, or (with a focus) those hostile in one parameter. */
export function requestFor(endpoint: Endpoint, vocab: Vocabulary, focus?: Focus): fc.Arbitrary<FuzzRequest> {
  const realIdentifier = focus !== undefined && focus !== IDENTIFIER;
  const path = endpoint.template.includes('{identifier}')
    ? identifier(vocab, realIdentifier).map((id) => endpoint.template.replace('{identifier}', id))
    : fc.constant(endpoint.template);
  return fc
    .record({
      path,
      query: queryString(endpoint, vocab, focus),
      bareQuestionMark: fc.boolean(),
      method: fc.constantFrom<'GET' | 'HEAD'>('GET', 'GET', 'GET', 'HEAD'),
      auth: authOf(endpoint.keyed),
      ifNoneMatch: ifNoneMatch(vocab),
      accept: acceptOf,
    })
    .map(({ path: p, query, bareQuestionMark, method, auth, ifNoneMatch: inm, accept }) => ({
      endpoint: endpoint.name,
      template: endpoint.template,
      method,
      target: query === '' ? (bareQuestionMark ? `${p}?` : p) : `${p}?${query}`,
      auth,
      ifNoneMatch: inm,
      accept,
      // Counterexamples are printed: a 30 KB target would bury the report.
      [fc.toStringMethod]() {
        return describeRequest(this);
      },
    }));
}

// ── sending ───────────────────────────────────────────────────────────────────────────────────

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function authorization(auth: Auth, key: string): string | undefined {
  switch (auth) {
    case 'key':
      return `Bearer ${key}`;
    case 'none':
      return undefined;
    case 'unknown-key':
      return `Bearer ipo_live_${'Z'.repeat(40)}`;
    case 'basic':
      return `Basic ${Buffer.from(`user:${key}`).toString('base64')}`;
    case 'bearer-only':
      return 'Bearer';
    case 'lowercase-scheme':
      return `bearer ${key}`;
    case 'key-and-junk':
      return `Bearer ${key} junk`;
  }
}

/** Sends the request as written (no normalisation of the target) over a keep-alive connection. */
function send(baseUrl: string, key: string, req: FuzzRequest): Promise<FuzzResponse> {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string> = {};
  const auth = authorization(req.auth, key);
  if (auth !== undefined) headers.Authorization = auth;
  if (req.ifNoneMatch !== undefined) headers['If-None-Match'] = req.ifNoneMatch;
  if (req.accept !== undefined) headers.Accept = req.accept;
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: hostname, port: Number(port), method: req.method, path: req.target, headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in 30 s to ${req.target.slice(0, 200)}`)));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

// ── judging ───────────────────────────────────────────────────────────────────────────────────

const ALLOWED = new Set([200, 304, 400, 401, 404, 406, 429]);
const CODE_OF: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  404: 'not_found',
  406: 'not_acceptable',
  414: 'uri_too_long',
  429: 'rate_limited',
  431: 'headers_too_large',
};
const STACK_TRACE = /\n\s+at |node:internal|\.ts:\d+|SQLITE_|SqliteError|TypeError|RangeError|ReferenceError/;

/**
 * Throws (with the request, for the counterexample) unless the answer is one the contract allows:
 * 200, 304 (only to If-None-Match), 400, 401 (only without a valid key), 404 (only on company
 * detail), 406 (only from a list, to an Accept header) or 429, or a 414 exactly when the target is
 * over the URL limit; JSON that the published OpenAPI document accepts for that status, ApiError
 * for errors, or from a list RFC 4180 CSV when Accept asked for it (a table: every record as
 * wide as the header); no stack trace or internal message; the API key nowhere in the answer;
 * nosniff; Vary: Accept on lists; a Link header exactly on JSON pages that have a next page.
 */
function judge(
  req: FuzzRequest,
  res: FuzzResponse,
  context: { key: string; check: ReturnType<typeof documentValidator> },
): void {
  const fail = (why: string): never => {
    throw new Error(`${why}\n  ${describeRequest(req)}\n  → ${res.status} ${res.body.slice(0, 400)}`);
  };
  if (!allowedStatuses(req).has(res.status)) fail(`status ${res.status} is not allowed`);
  if (res.status === 304 && req.ifNoneMatch === undefined) fail('304 without If-None-Match');
  if (res.status === 404 && req.endpoint !== 'company') fail('404 from a list endpoint');
  const negotiated = ENDPOINTS.some((endpoint) => endpoint.name === req.endpoint && endpoint.negotiated);
  if (res.status === 406 && (!negotiated || req.accept === undefined)) fail('406 without an Accept header to a list');
  if (negotiated && (res.status === 200 || res.status === 304) && !String(res.headers.vary).split(/,\s*/).includes('Accept')) fail(`Vary ${res.headers.vary} without Accept`);
  if (res.headers['x-content-type-options'] !== 'nosniff') fail('no X-Content-Type-Options: nosniff');
  if (res.headers['x-powered-by'] !== undefined || res.headers.server !== undefined) fail('server banner');
  const everything = JSON.stringify(res.headers) + res.body;
  if (everything.includes(context.key)) fail('the API key is reflected in the answer');
  if (STACK_TRACE.test(res.body)) fail('stack trace or internal message in the body');
  if (res.status === 304 || req.method === 'HEAD') {
    if (res.body !== '') fail('a body on a 304 or HEAD answer');
    return;
  }
  const asksForCsv = req.accept?.trim().toLowerCase() === 'text/csv';
  if (res.headers['content-type'] === CSV_TYPE) {
    if (!negotiated || res.status !== 200 || !req.accept?.trim()) fail('CSV without an Accept header asking for it');
    let table: string[][] = [];
    try {
      table = parseCsv(res.body);
    } catch (error) {
      fail(`not RFC 4180 CSV: ${(error as Error).message}`);
    }
    if (table.length === 0 || table.some((record) => record.length !== table[0].length)) fail('CSV records of different widths');
    const link = res.headers.link as string | undefined;
    if (link !== undefined && !/^<\/api\/v1\/[^>]*cursor=[^>]+>; rel="next"$/.test(link)) fail(`Link ${link}`);
    return;
  }
  if (asksForCsv && negotiated && res.status === 200) fail('JSON to Accept: text/csv');
  if (!/^application\/json/.test(String(res.headers['content-type']))) fail(`content type ${res.headers['content-type']}`);
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    return fail('the body is not JSON');
  }
  try {
    context.check(req.template, res.status, body);
  } catch (error) {
    fail((error as Error).message);
  }
  if (res.status !== 200) {
    if (body.error.code !== CODE_OF[res.status]) fail(`error code ${body.error.code} for status ${res.status}`);
    if (res.status === 401 && req.auth === 'key') fail('401 with a valid key');
    return;
  }
  if (req.endpoint !== 'company' && req.endpoint !== 'articles') {
    const link = res.headers.link as string | undefined;
    if ((link !== undefined) !== body.has_more) fail(`Link header ${link === undefined ? 'missing' : 'present'} with has_more=${body.has_more}`);
    if (link !== undefined && !link.endsWith(`cursor=${body.next_cursor}>; rel="next"`)) fail(`Link ${link} does not carry next_cursor`);
  }
}

/**
 * The statuses the contract allows for a request: a target over the URL limit is a 414, or a 431
 * when with the headers it passes the head limit too (node refuses it before the app sees it).
 */
function allowedStatuses(req: FuzzRequest): Set<number> {
  if (req.target.length > MAX_HEADER_BYTES - 1024) return new Set([414, 431]);
  if (req.target.length > MAX_URL_BYTES) return new Set([414]);
  return ALLOWED;
}

function describeRequest(req: FuzzRequest): string {
  const target = req.target.length > 300 ? `${req.target.slice(0, 300)}… (${req.target.length} bytes)` : req.target;
  const accept = req.accept === undefined ? '' : ` accept=${JSON.stringify(req.accept).slice(0, 80)}`;
  return `${req.method} ${target} auth=${req.auth} if-none-match=${JSON.stringify(req.ifNoneMatch)?.slice(0, 60)}${accept}`;
}

/** `judge` for a request that went unanswered (reset, timeout). */
function unanswered(req: FuzzRequest, error: unknown): Error {
  return new Error(`no answer: ${(error as Error).message}\n  ${describeRequest(req)}`);
}

/** Cursors and ETags the running API issues, by fetching small pages of each list under a few filters. */
async function issuedByApi(get: (path: string, headers?: Record<string, string>) => Promise<Response>): Promise<Pick<Vocabulary, 'cursors' | 'etags'>> {
  const cursors: Record<string, string[]> = {};
  const etags: string[] = [];
  const pages: Array<[string, string]> = [
    ['companies', '/api/v1/companies?limit=2'],
    ['companies', '/api/v1/companies?limit=3&include=consensus&scope=ipo'],
    ['filings', '/api/v1/filings?limit=2'],
    ['filings', '/api/v1/filings?limit=2&form_type=S-1&include=terms'],
    ['news', '/api/v1/news?limit=2'],
    ['outcomes', '/api/v1/outcomes?limit=2'],
    ['outcomes', '/api/v1/outcomes?limit=2&status=complete'],
    ['calendar', '/api/v1/calendar?limit=2'],
    ['calendar', '/api/v1/calendar?limit=2&kind=lockup'],
  ];
  for (const [namespace, path] of pages) {
    let next: string | null = path;
    for (let page = 0; page < 3 && next !== null; page++) {
      const res = await get(next);
      const body = (await res.json()) as { next_cursor: string | null };
      etags.push(res.headers.get('etag')!);
      if (body.next_cursor !== null) (cursors[namespace] ??= []).push(body.next_cursor);
      next = body.next_cursor === null ? null : `${path}&cursor=${encodeURIComponent(body.next_cursor)}`;
    }
  }
  for (const path of ['/api/v1/companies/AAOI?include=filings', '/api/v1/articles']) etags.push((await get(path)).headers.get('etag')!);
  for (const path of ['/api/v1/companies?limit=2', '/api/v1/filings?limit=2', '/api/v1/outcomes?limit=2', '/api/v1/articles']) {
    etags.push((await get(path, { Accept: 'text/csv' })).headers.get('etag')!);
  }
  return { cursors, etags };
}

/** The app under fuzzing: the whole sample projected, served with a limit no run exhausts. */
export interface FuzzTarget {
  api: RunningApi;
  check: ReturnType<typeof documentValidator>;
  vocab: Vocabulary;
  /** Errors the app reported (each one a 500 it answered). */
  reported: unknown[];
  close(): Promise<void>;
}

/**
 * The app serving the whole sample in `dataDir` (a copy of the tests' shared one, which the target
 * removes when closed), or else in a DATA_DIR it projects itself (`npm run fuzz`).
 */
export async function startFuzzTarget(projected?: string): Promise<FuzzTarget> {
  const dataDir = projected ?? (await emptyDataDir());
  const reported: unknown[] = [];
  if (!projected) await projectFullSampleInto(dataDir);
  const api = await startApi(dataDir, {
    rateLimiter: createMemoryRateLimiter({ limitPerMinute: 1_000_000_000 }),
    overrides: { reportError: (error) => reported.push(error) },
  });
  const check = documentValidator(await (await api.get('/api/v1/openapi.json', { key: null })).json());
  const db = openSqlite(liveReadDbPath(dataDir)!, { readonly: true });
  let vocab: Vocabulary;
  try {
    vocab = { ...vocabularyOf(db), ...(await issuedByApi((path, headers) => api.get(path, { headers }))) };
  } finally {
    db.close();
  }
  return {
    api,
    check,
    vocab,
    reported,
    async close() {
      agent.destroy();
      await api.close();
      removeDataDir(dataDir);
    },
  };
}

/** Sends `req` to the target and judges the answer (throws when a rule is broken); `onStatus` sees every status. */
export async function exchange(target: FuzzTarget, req: FuzzRequest, onStatus?: (status: number) => void): Promise<void> {
  let res: FuzzResponse;
  try {
    res = await send(target.api.baseUrl, target.api.key, req);
  } catch (error) {
    throw unanswered(req, error);
  }
  onStatus?.(res.status);
  judge(req, res, { key: target.api.key, check: target.check });
}
