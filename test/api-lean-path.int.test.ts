import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogEntry } from '../api/index.ts';
import { fullSampleCopy, removeDataDir, startApi, type RunningApi } from './api-harness.ts';

/** Headers that differ between any two responses: per request, per moment (the quota's reset in seconds from now), or the quota left. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'ratelimit', 'ratelimit-remaining', 'ratelimit-reset', 'keep-alive', 'connection']);

/** A response as the client sees it, less what differs between any two requests. */
async function answerOf(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_REQUEST.has(name)));
  return { status: res.status, headers, body: await res.text(), quota: res.headers.get('ratelimit') !== null };
}

/**
 * A plain GET of a keyed data route is answered past Koa (api/http/lean-path.ts); the same request
 * with the path in another case (the router matches any case, the lean path one) goes through Koa.
 * Both must give the same answer, success or error, over the whole bundled sample, and the same
 * access log line.
 */
describe('the lean path answers as Koa does', () => {
  let dataDir: string;
  let api: RunningApi;
  const logged: AccessLogEntry[] = [];
  let cik: string;

  beforeAll(async () => {
    dataDir = await fullSampleCopy();
    api = await startApi(dataDir, { overrides: { log: (entry) => logged.push(entry) } });
    const first: any = await (await api.get('/api/v1/companies?limit=1')).json();
    cik = first.data[0].cik;
  }, 120_000);
  afterAll(async () => {
    await api.close();
    removeDataDir(dataDir);
  });

  const viaKoa = (path: string) => path.replace('/api/v1/companies', '/api/v1/Companies');

  /**
   * A detail page's tag names the path as asked (see the detail route), so the two cases differ in
   * it; a list page's names the list's own path.
   */
  async function expectAlike(path: string, init: Parameters<RunningApi['get']>[1] = {}, sameTag = true) {
    logged.length = 0;
    const lean = await answerOf(await api.get(path, init));
    const koa = await answerOf(await api.get(viaKoa(path), init));
    const tagless = ({ etag, ...headers }: Record<string, string>) => headers;
    if (sameTag) expect(lean, path).toEqual(koa);
    else expect({ ...lean, headers: tagless(lean.headers) }, path).toEqual({ ...koa, headers: tagless(koa.headers) });
    // Koa logs the path as asked, in its case; everything else in the line is the same.
    const line = ({ requestId, ms, path: asked, ...rest }: AccessLogEntry) => ({ ...rest, path: asked.toLowerCase(), id: typeof requestId, ms: typeof ms });
    expect(logged.map(line), path).toEqual([line(logged[0]), line(logged[0])]);
    return lean;
  }

  it('serves list pages, CSV, a detail page and a 304 alike', async () => {
    const page = await expectAlike('/api/v1/companies?limit=3&include=latest_terms,classification,consensus');
    expect(page.status).toBe(200);
    expect(page.quota).toBe(true);
    expect(page.headers.link).toMatch(/rel="next"/);
    expect(page.headers['content-length']).toBe(String(Buffer.byteLength(page.body)));
    const next = /^<([^>]+)>/.exec(page.headers.link)![1];
    expect((await expectAlike(next)).status).toBe(200);
    expect((await expectAlike('/api/v1/companies?limit=2', { headers: { Accept: 'text/csv' } })).headers['content-type']).toMatch(/^text\/csv/);
    const detail = await expectAlike(`/api/v1/companies/${cik}?include=classification`, {}, false);
    expect(detail.status).toBe(200);
    const plain = await expectAlike('/api/v1/companies?limit=3');
    const revalidated = await expectAlike('/api/v1/companies?limit=3', { headers: { 'If-None-Match': plain.headers.etag } });
    expect(revalidated).toMatchObject({ status: 304, body: '' });
    const again = await api.get(`/api/v1/companies/${cik}?include=classification`, { headers: { 'If-None-Match': detail.headers.etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers errors with the same envelope, headers and status', async () => {
    expect((await expectAlike('/api/v1/companies?limit=0')).status).toBe(400);
    expect((await expectAlike('/api/v1/companies?cursor=forged')).status).toBe(400);
    expect((await expectAlike('/api/v1/companies?limit=2', { headers: { Accept: 'image/png' } })).status).toBe(406);
    expect((await expectAlike('/api/v1/companies/9999999999', {}, false)).status).toBe(404);
    const unauthorized = await expectAlike('/api/v1/companies', { key: null });
    expect(unauthorized).toMatchObject({ status: 401, quota: false });
    expect(unauthorized.headers['cache-control']).toBe('no-store');
  });

  /** The header names of an answer in the order they were written (fetch sorts them). */
  const headerOrder = (path: string, headers: Record<string, string> = {}) =>
    new Promise<string[]>((resolve, reject) => {
      get(`${api.baseUrl}${path}`, { headers: { Authorization: `Bearer ${api.key}`, ...headers } }, (res) => {
        res.resume();
        resolve(res.rawHeaders.filter((_, i) => i % 2 === 0));
      }).on('error', reject);
    });

  it('writes the headers in the order Koa writes them', async () => {
    const page = await api.get('/api/v1/companies?limit=3');
    const etag = page.headers.get('etag')!;
    for (const [path, headers] of [
      ['/api/v1/companies?limit=3', {}],
      ['/api/v1/companies?limit=3', { 'If-None-Match': etag }],
      ['/api/v1/companies?limit=0', {}],
    ] as const) {
      expect(await headerOrder(path, headers), path).toEqual(await headerOrder(viaKoa(path), headers));
    }
  });

  it('echoes a sane client request id and sends nosniff', async () => {
    const res = await api.get('/api/v1/companies?limit=1', { headers: { 'X-Request-Id': 'client-id.1' } });
    expect(res.headers.get('x-request-id')).toBe('client-id.1');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
