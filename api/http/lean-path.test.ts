import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.ts';
import { createLeanPath } from './lean-path.ts';

/** Which requests the lean path takes, and what it answers; the rest reach the fallback (Koa in the app). */
describe('createLeanPath', () => {
  let server: Server;
  let origin: string;
  const reported: unknown[] = [];

  beforeAll(async () => {
    const lean = createLeanPath({
      guard: (ex, next) => {
        if (ex.req.headers.authorization !== 'Bearer ok') throw ApiError.unauthorized();
        ex.state.apiKeyId = 'key_1';
        return next();
      },
      requestIds: () => 'rid',
      report: (error) => reported.push(error),
      now: () => 0,
    });
    lean.get('/items', (ex) => {
      ex.status = 200;
      ex.body = Buffer.from(JSON.stringify({ query: ex.query, querystring: ex.querystring }));
    });
    lean.get('/items/:id', (ex) => {
      if (ex.params.id === 'boom') throw new Error('secret detail');
      ex.status = ex.params.id === 'same' ? 304 : 200;
      ex.body = Buffer.from(ex.params.id);
    });
    server = createServer((req, res) => {
      if (lean.serve(req, res)) return;
      res.statusCode = 299;
      res.end('fallback');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, method = 'GET') => fetch(origin + path, { method, headers: { authorization: 'Bearer ok' } });

  it('serves a plain GET of its routes, with the query parsed as Koa parses it', async () => {
    const res = await get('/items?a=1&a=2&b=x+y&c');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('rid');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toEqual({ query: { a: ['1', '2'], b: 'x y', c: '' }, querystring: 'a=1&a=2&b=x+y&c' });
    expect(await (await get('/items/abc')).text()).toBe('abc');
    const unchanged = await get('/items/same');
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('content-length')).toBeNull();
  });

  it('leaves HEAD, other cases, encoded or empty segments, deeper paths and unusual URLs to the fallback', async () => {
    for (const [path, method] of [
      ['/items', 'HEAD'],
      ['/items', 'POST'],
      ['/Items', 'GET'],
      ['/items/', 'GET'],
      ['/items/%41', 'GET'],
      ['/items/a/b', 'GET'],
      ['/items?a=1#fragment', 'GET'],
      ['/other', 'GET'],
    ]) {
      expect((await rawStatus(path, method)), `${method} ${path}`).toBe(299);
    }
  });

  it('answers errors with the envelope; an unexpected one is reported and its message never sent', async () => {
    const unauthorized = await fetch(`${origin}/items`);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer');
    expect(unauthorized.headers.get('cache-control')).toBe('no-store');
    expect(await unauthorized.json()).toEqual({ error: { code: 'unauthorized', message: 'Missing or invalid API key', details: null } });
    const failed = await get('/items/boom');
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('secret');
    expect(reported).toHaveLength(1);
  });

  /** The status of a request sent as written (fetch would normalise the URL). */
  function rawStatus(path: string, method: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(origin, { method, path, headers: { authorization: 'Bearer ok' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end();
    });
  }
});
