import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixedFetch, manifestFetch, readMarketManifest } from '../prices/replay-fetch.testkit.ts';
import { fetchFeed, fetchFeeds, parseFeedUrls } from './feed-client.ts';
import { companyNewsQuery, everythingPath, fetchEverything, NewsApiError, NewsRateLimitedError, NewsTransientError } from './newsapi-client.ts';

const BASE = 'http://news.replay';
const sampleDir = new URL('../../data/sample/', import.meta.url);

describe('NewsAPI client', () => {
  it('fetches each company page of the replay manifest, which wraps the real records byte for byte', async () => {
    const seen: string[] = [];
    const fetch = manifestFetch('news', BASE, seen);
    const expected: Record<string, number> = { Twitter: 7, Snap: 5, GoPro: 6, Pinterest: 1, Pinduoduo: 1 };
    for (const [name, count] of Object.entries(expected)) {
      const page = await fetchEverything({ baseUrl: BASE, apiKey: 'k', fetch }, { q: companyNewsQuery(name) });
      const doc = JSON.parse(page.body) as { status: string; totalResults: number; articles: unknown[] };
      expect([doc.status, doc.totalResults, doc.articles.length]).toEqual(['ok', count, count]);
      const files = readdirSync(new URL('news/', sampleDir)).filter((f) => f.startsWith(`${name.toLowerCase()}_`));
      expect(files).toHaveLength(count);
      for (const file of files) expect(page.body).toContain(readFileSync(new URL(`news/${file}`, sampleDir), 'utf8'));
    }
    expect(seen).toHaveLength(5);
    const routes = readMarketManifest().routes.filter((r) => r.host === 'news');
    expect(routes.map((r) => r.path).sort()).toEqual(Object.keys(expected).map((n) => everythingPath({ q: companyNewsQuery(n) })).sort());
  });

  it('sends the key in a header, never in the URL', async () => {
    let key: string | null = null;
    let url = '';
    const fetch = (async (u: string, init?: RequestInit) => {
      url = u;
      key = new Headers(init?.headers).get('x-api-key');
      return new Response('{"status":"ok","totalResults":0,"articles":[]}', { status: 200 });
    }) as typeof globalThis.fetch;
    await fetchEverything({ baseUrl: BASE, apiKey: 'secret-key', fetch }, { q: 'x', from: '2017-03-01', to: '2017-03-03' });
    expect(key).toBe('secret-key');
    expect(url).not.toContain('secret-key');
    expect(url).toContain('from=2017-03-01&to=2017-03-03');
  });

  it('raises typed errors for 429, error JSON and 5xx', async () => {
    const limited = '{"status":"error","code":"rateLimited","message":"You have made too many requests recently."}';
    await expect(fetchEverything({ baseUrl: BASE, apiKey: 'k', fetch: fixedFetch(429, limited, { 'retry-after': '3600' }) }, { q: 'x' })).rejects.toMatchObject({
      name: 'NewsRateLimitedError',
      retryAfterSeconds: 3600,
    });
    await expect(fetchEverything({ baseUrl: BASE, apiKey: 'k', fetch: fixedFetch(429, 'slow down') }, { q: 'x' })).rejects.toBeInstanceOf(NewsRateLimitedError);
    const badKey = '{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid or incorrect."}';
    await expect(fetchEverything({ baseUrl: BASE, apiKey: 'k', fetch: fixedFetch(401, badKey) }, { q: 'x' })).rejects.toMatchObject({
      name: 'NewsApiError',
      code: 'apiKeyInvalid',
    });
    await expect(fetchEverything({ baseUrl: BASE, apiKey: 'k', fetch: fixedFetch(502, '<html>bad gateway</html>') }, { q: 'x' })).rejects.toBeInstanceOf(
      NewsTransientError,
    );
    await expect(fetchEverything({ baseUrl: BASE, apiKey: 'k', fetch: fixedFetch(200, 'not json') }, { q: 'x' })).rejects.toBeInstanceOf(NewsApiError);
  });
});

describe('RSS/Atom client', () => {
  it('fetches each configured feed and keeps failures separate', async () => {
    const feed = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title></channel></rss>';
    const fetch = (async (u: string) => {
      if (u.endsWith('/ok')) return new Response(feed, { status: 200, headers: { 'content-type': 'application/rss+xml' } });
      if (u.endsWith('/html')) return new Response('<html>maintenance</html>', { status: 200 });
      if (u.endsWith('/down')) throw new Error('ECONNREFUSED');
      return new Response('', { status: 503 });
    }) as typeof globalThis.fetch;
    const urls = parseFeedUrls('https://w.example/ok, https://w.example/html\nhttps://w.example/down https://w.example/busy not-a-url');
    expect(urls).toHaveLength(4);
    const res = await fetchFeeds({ urls, fetch });
    expect(res.map((r) => r.ok)).toEqual([true, false, false, false]);
    expect(res.map((r) => (r.ok ? null : r.retryable))).toEqual([null, false, true, true]);
    expect((await fetchFeed('https://w.example/ok', { fetch })).ok).toBe(true);
  });
});
