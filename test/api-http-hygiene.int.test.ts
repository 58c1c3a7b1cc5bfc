import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_LIMITS } from '../api/index.ts';
import { loadConfig } from '../schema/config.ts';
import { startApiServer } from '../scripts/api-server.ts';
import { MAX_HEADER_BYTES, MAX_URL_BYTES } from '../schema/api/params.schema.ts';
import { documentValidator, emptyDataDir, removeDataDir, startApi, type RunningApi } from './api-harness.ts';
import { parseRaw, rawExchange } from './raw-http.ts';

describe('HTTP hygiene of the API server', () => {
  let dataDir: string;
  let api: RunningApi;
  let check: ReturnType<typeof documentValidator>;

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    // Short timeouts, checked often, so slow clients are cut off within a test's patience.
    api = await startApi(dataDir, {
      httpLimits: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 500, timeoutCheckIntervalMs: 100 },
    });
    check = documentValidator(await (await api.get('/api/v1/openapi.json', { key: null })).json());
  });
  afterAll(async () => {
    await api.close();
    removeDataDir(dataDir);
  });

  it('runs in production (ipo serve) with header, request and keep-alive timeouts and a header size limit', async () => {
    const served = await startApiServer(loadConfig({ DATA_DIR: dataDir }), { port: 0 });
    try {
      expect(served.server.headersTimeout).toBe(HTTP_LIMITS.headersTimeoutMs);
      expect(served.server.requestTimeout).toBe(HTTP_LIMITS.requestTimeoutMs);
      expect(served.server.keepAliveTimeout).toBe(HTTP_LIMITS.keepAliveTimeoutMs);
      expect(HTTP_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(10_000);
      expect(HTTP_LIMITS.maxHeaderBytes).toBe(MAX_HEADER_BYTES);
      const res = await fetch(`${served.url}/api/v1/companies?q=${'a'.repeat(20 * 1024)}`);
      expect(res.status).toBe(414);
    } finally {
      await served.close();
    }
  });

  it('cuts off a client that sends its headers slowly (slow loris) with a 408 ApiError', async () => {
    // One header line every 150 ms for a minute: the client never finishes its request head.
    const drip = Array.from({ length: 400 }, (_, i) => `X-Slow-${i}: a\r\n`);
    const { text, closedAfterMs } = await rawExchange(api.baseUrl, ['GET /api/v1/companies HTTP/1.1\r\nHost: x\r\n', ...drip], 150);
    expect(closedAfterMs).toBeLessThan(20_000);
    const { status, headers, body } = parseRaw(text);
    expect(status).toBe(408);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers.connection).toBe('close');
    check('/api/v1/companies', 408, body);
    expect(body.error.code).toBe('request_timeout');
  });

  it('closes an idle keep-alive connection', async () => {
    const { text, closedAfterMs } = await rawExchange(api.baseUrl, ['GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n']);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfterMs).toBeLessThan(20_000);
  });

  it(`answers a 20 KB URL with 414 uri_too_long (limit ${MAX_URL_BYTES} bytes), before authentication`, async () => {
    const long = `/api/v1/companies?q=${'a'.repeat(20 * 1024)}`;
    for (const key of [undefined, null]) {
      const res = await api.get(long, key === null ? { key: null } : {});
      expect(res.status).toBe(414);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const body: any = await res.json();
      check('/api/v1/companies', 414, body);
      expect(body.error.code).toBe('uri_too_long');
    }
    // Just inside the limit, the same parameter is judged by its own rule.
    const inside = await api.get(`/api/v1/companies?q=${'a'.repeat(MAX_URL_BYTES - 100)}`);
    expect(inside.status).toBe(400);
    expect(((await inside.json()) as any).error.details).toEqual([{ parameter: 'q', message: 'must NOT have more than 200 characters' }]);
  });

  it(`answers request headers over ${MAX_HEADER_BYTES} bytes with 431 headers_too_large`, async () => {
    const { text } = await rawExchange(api.baseUrl, [`GET /api/v1/companies HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(MAX_HEADER_BYTES + 1024)}\r\n\r\n`]);
    const { status, headers, body } = parseRaw(text);
    expect(status).toBe(431);
    expect(headers['x-content-type-options']).toBe('nosniff');
    check('/api/v1/companies', 431, body);
    expect(body.error.code).toBe('headers_too_large');
  });

  it('answers malformed HTTP with a 400 ApiError', async () => {
    const { text } = await rawExchange(api.baseUrl, ['GET /api/v1/companies HTTP/1.1\r\nHost: x\r\nBad Header Name: y\r\n\r\n']);
    const { status, body } = parseRaw(text);
    expect(status).toBe(400);
    check('/api/v1/companies', 400, body);
    expect(body).toEqual({ error: { code: 'invalid_request', message: 'Malformed HTTP request', details: null } });
  });

  it('answers an HTTP/1.1 request without Host with a 400 ApiError', async () => {
    const { text } = await rawExchange(api.baseUrl, ['GET /api/v1/companies HTTP/1.1\r\nConnection: close\r\n\r\n']);
    const { status, headers, body } = parseRaw(text);
    expect(status).toBe(400);
    expect(headers['x-content-type-options']).toBe('nosniff');
    check('/api/v1/companies', 400, body);
    expect(body.error).toEqual({ code: 'invalid_request', message: 'Missing Host header', details: null });
  });

  it('sends X-Content-Type-Options: nosniff on every response, and no server banner', async () => {
    const first = await api.get('/api/v1/companies');
    const etag = first.headers.get('etag')!;
    const responses = [
      first,
      await api.get('/api/v1/companies', { headers: { 'If-None-Match': etag } }),
      await api.get('/api/v1/companies?limit=0'),
      await api.get('/api/v1/companies', { key: null }),
      await api.get('/api/v1/companies/none-such'),
      await api.get('/api/v1/companies', { method: 'POST' }),
      await api.get('/api/v1/companies', { method: 'HEAD' }),
      await api.get('/api/v1/articles', { key: null }),
      await api.get('/api/v1/articles', { key: null, method: 'OPTIONS', headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' } }),
      await api.get('/api/v1/openapi.json', { key: null }),
      await api.get('/articles/feed.atom', { key: null }),
      await api.get('/nowhere'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 304, 400, 401, 404, 405, 200, 200, 204, 200, 200, 404]);
    for (const res of responses) {
      expect(res.headers.get('x-content-type-options'), `${res.url} ${res.status}`).toBe('nosniff');
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('server')).toBeNull();
      await res.arrayBuffer();
    }
  });
});
