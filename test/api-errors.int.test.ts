import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentValidator, emptyDataDir, removeDataDir, startApi, type RunningApi } from './api-harness.ts';

/** Error paths, caching and CORS over the real HTTP app and an empty migrated read.db. */
describe('API error paths', () => {
  let dataDir: string;
  let api: RunningApi;
  let check: ReturnType<typeof documentValidator>;

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    api = await startApi(dataDir);
    const res = await api.get('/api/v1/openapi.json', { key: null });
    expect(res.status).toBe(200);
    check = documentValidator(await res.json());
  });
  afterAll(async () => {
    await api.close();
    removeDataDir(dataDir);
  });

  async function expectError(path: string, template: string, status: number, code: string, init?: Parameters<RunningApi['get']>[1]) {
    const res = await api.get(path, init);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body: any = await res.json();
    check(template, status, body);
    expect(body.error.code).toBe(code);
    return { res, body };
  }

  const KEYED = ['/api/v1/companies', '/api/v1/companies/0001766140', '/api/v1/filings', '/api/v1/news', '/api/v1/outcomes'];
  const TEMPLATE: Record<string, string> = { '/api/v1/companies/0001766140': '/api/v1/companies/{identifier}' };

  it('answers every keyed endpoint with the same 401 for missing, malformed, unknown and revoked keys', async () => {
    const revoked = await api.keys.create('to-revoke');
    await api.keys.revoke(revoked.id);
    const unknown = `ipo_live_${'A'.repeat(40)}`;
    for (const path of KEYED) {
      const bodies = new Set<string>();
      for (const init of [
        { key: null },
        { key: 'not-a-key' },
        { key: unknown },
        { key: revoked.key },
        { key: null, headers: { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } },
        { key: null, headers: { Authorization: 'Bearer' } },
      ]) {
        const { res, body } = await expectError(path, TEMPLATE[path] ?? path, 401, 'unauthorized', init);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(res.headers.get('ratelimit')).toBeNull();
        bodies.add(JSON.stringify(body));
      }
      expect(bodies.size).toBe(1);
    }
  });

  it('accepts the key with any case of the Bearer scheme', async () => {
    const res = await api.get('/api/v1/companies', { key: null, headers: { Authorization: `bearer ${api.key}` } });
    expect(res.status).toBe(200);
  });

  it('names each bad parameter of each endpoint in a 400', async () => {
    const cases: Array<[string, string, string[]]> = [
      ['/api/v1/articles?limit=0', '/api/v1/articles', ['limit']],
      ['/api/v1/articles?limit=101&page=2', '/api/v1/articles', ['limit', 'page']],
      [
        '/api/v1/companies?limit=abc&scope=spac&market=nyse&kind=operating&kind=banks&include=filings&updated_since=2021-13-01&gross_proceeds_gt=-5&gross_proceeds_lt=0&cursor=bogus&sort=name',
        '/api/v1/companies',
        ['gross_proceeds_gt', 'gross_proceeds_lt', 'include', 'kind', 'limit', 'market', 'scope', 'sort', 'updated_since'],
      ],
      ['/api/v1/companies?cursor=bogus', '/api/v1/companies', ['cursor']],
      ['/api/v1/companies/0001766140?include=filings,everything', '/api/v1/companies/{identifier}', ['include']],
      [
        '/api/v1/filings?limit=1.5&filing_date_from=2021-06-31&filing_date_to=June&include=content&cik=abc',
        '/api/v1/filings',
        ['cik', 'filing_date_from', 'filing_date_to', 'include', 'limit'],
      ],
      ['/api/v1/news?published_at_from=yesterday&published_at_to=2021-06-30T10:00&include=terms', '/api/v1/news', ['include', 'published_at_from', 'published_at_to']],
      ['/api/v1/news?published_at_from=2016-12-31T23:59:60Z', '/api/v1/news', ['published_at_from']],
      [
        '/api/v1/outcomes?status=pending&trading_start_date_from=2021&trading_start_date_to=x&include=content',
        '/api/v1/outcomes',
        ['include', 'status', 'trading_start_date_from', 'trading_start_date_to'],
      ],
    ];
    for (const [path, template, parameters] of cases) {
      const { body } = await expectError(path, template, 400, 'invalid_request');
      expect((body.error.details as Array<{ parameter: string }>).map((d) => d.parameter).sort()).toEqual(parameters);
    }
  });

  it('words each 400 by what was wrong: a header as a header, an integer as an integer, a repeated parameter as repeated', async () => {
    const json = { Accept: 'application/json' };
    const header = await expectError('/api/v1/events', '/api/v1/events', 400, 'invalid_request', { headers: { ...json, 'Last-Event-ID': 'seven' } });
    expect(header.body.error.message).toBe('Invalid Last-Event-ID header');
    expect(header.body.error.details).toEqual([{ parameter: 'Last-Event-ID', message: expect.stringContaining('non-negative integer') }]);
    const accept = await expectError('/api/v1/companies', '/api/v1/companies', 400, 'invalid_request', { headers: { Accept: 'text/csv;q=x' } });
    expect(accept.body.error.message).toBe('Invalid Accept header');

    const integer = 'must be an integer written in digits (e.g. 25)';
    for (const [path, template] of [
      ['/api/v1/events?after=abc', '/api/v1/events'],
      ['/api/v1/events?after=1.5', '/api/v1/events'],
      ['/api/v1/events?limit=1.5', '/api/v1/events'],
      ['/api/v1/companies?limit=ten', '/api/v1/companies'],
      ['/api/v1/filings?limit=2.5', '/api/v1/filings'],
    ]) {
      const { body } = await expectError(path, template, 400, 'invalid_request', { headers: json });
      const parameter = new URL(path, 'http://x').searchParams.keys().next().value;
      expect(body.error.message, path).toBe(`Invalid query parameter(s): ${parameter}`);
      expect(body.error.details, path).toEqual([{ parameter, message: integer }]);
    }

    for (const [path, template, parameter] of [
      ['/api/v1/events?after=5&after=6', '/api/v1/events', 'after'],
      ['/api/v1/companies?q=a&q=b', '/api/v1/companies', 'q'],
    ]) {
      const { body } = await expectError(path, template, 400, 'invalid_request', { headers: json });
      expect(body.error.details, path).toEqual([{ parameter, message: 'given 2 times; it takes one value' }]);
    }
  });

  it('answers unknown routes with a 404 ApiError and other methods with 405', async () => {
    for (const path of ['/api/v1/nope', '/api/v2/companies', '/index.html', '/docs/assets', '/api/v1/companies/1/filings']) {
      const res = await api.get(path);
      expect(res.status).toBe(404);
      const body: any = await res.json();
      expect(body.error.code).toBe('not_found');
    }
    const res = await api.get('/api/v1/companies', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(((await res.json()) as any).error.code).toBe('method_not_allowed');
  });

  it('answers 404 for a company that does not exist, by CIK or ticker', async () => {
    for (const identifier of ['0001766140', '1766140', 'UNCY', 'no such thing', '9'.repeat(30)]) {
      await expectError(`/api/v1/companies/${encodeURIComponent(identifier)}`, '/api/v1/companies/{identifier}', 404, 'not_found');
    }
  });

  it('sends ETag and Cache-Control, and 304 on a matching If-None-Match', async () => {
    const first = await api.get('/api/v1/companies?limit=5');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"\s]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=60');
    expect(first.headers.get('vary')).toMatch(/Authorization/);
    check('/api/v1/companies', 200, await first.json());
    const again = await api.get('/api/v1/companies?limit=5', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const changed = await api.get('/api/v1/companies?limit=5', { headers: { 'If-None-Match': '"stale"' } });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD like GET without a body', async () => {
    const get = await api.get('/api/v1/outcomes');
    const head = await api.get('/api/v1/outcomes', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(await head.text()).toBe('');
  });

  it('serves the public feed without a key, with CORS and public caching, and a preflight', async () => {
    const res = await api.get('/api/v1/articles?limit=3', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.get('ratelimit')).toBeNull();
    const body: any = await res.json();
    check('/api/v1/articles', 200, body);
    expect(body).toEqual({ items: [] });

    const bad = await api.get('/api/v1/articles?limit=500', { key: null });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');

    const preflight = await api.get('/api/v1/articles', {
      key: null,
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it("gives every response a request id: the client's when sane, else a fresh one", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) ids.add((await api.get('/api/v1/companies')).headers.get('x-request-id')!);
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[\w-]+$/);
    expect((await api.get('/api/v1/companies', { headers: { 'X-Request-Id': 'trace.42' } })).headers.get('x-request-id')).toBe('trace.42');
    const insane = await api.get('/api/v1/companies', { headers: { 'X-Request-Id': 'a b' } });
    expect(insane.headers.get('x-request-id')).not.toBe('a b');
  });

  it('serves the OpenAPI document without a key', async () => {
    const res = await api.get('/api/v1/openapi.json', { key: null });
    expect(res.status).toBe(200);
    const doc: any = await res.json();
    expect(doc.openapi).toBe('3.0.0');
    expect(doc.info.version).toBe('1.0.0');
  });
});

describe('API before the first projection', () => {
  it('answers 503 service_unavailable, not 500', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'ipo-api-empty-'));
    const api = await startApi(dataDir);
    try {
      const res = await api.get('/api/v1/companies');
      expect(res.status).toBe(503);
      expect(((await res.json()) as any).error.code).toBe('service_unavailable');
    } finally {
      await api.close();
      removeDataDir(dataDir);
    }
  });
});

describe('API internal errors', () => {
  it('answers 500 internal_error without leaking the message, and reports it with the request id', async () => {
    const dataDir = await emptyDataDir();
    const reported: Array<[unknown, string]> = [];
    const api = await startApi(dataDir, {
      overrides: {
        readDb: {
          current() {
            throw new Error('SQLITE_CORRUPT at /secret/path/read.db');
          },
          close() {},
        },
        reportError: (error, requestId) => reported.push([error, requestId]),
      },
    });
    try {
      const res = await api.get('/api/v1/companies', { headers: { 'X-Request-Id': 'req-123' } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'Internal server error', details: null } });
      expect(text).not.toMatch(/secret|SQLITE|at /);
      expect(res.headers.get('x-request-id')).toBe('req-123');
      expect(reported).toHaveLength(1);
      expect(reported[0][1]).toBe('req-123');
    } finally {
      await api.close();
      removeDataDir(dataDir);
    }
  });
});
