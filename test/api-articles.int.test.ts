import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import RssParser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, type Article } from '../projector/publish/index.ts';
import { atomViolations, jsonFeedViolations } from '../schema/feeds/feed-spec.testkit.ts';
import { realDailyIndexFilings } from '../projector/publish/real-data.testkit.ts';
import { vendorArticleData } from '../projector/publish/real-rows.testkit.ts';
import { liveReadDbPath } from '../schema/read/location.ts';
import { openSqlite, type SqliteHandle } from '../schema/sqlite.ts';
import { emptyDataDir, PUBLIC_BASE_URL, removeDataDir, startApi, type RunningApi } from './api-harness.ts';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/**
 * Public article pages and feeds over articles the real builders made from the real sample
 * (the vendor tables' listings, recorded daily bars, an EDGAR daily form index), written to read.db
 * as the projector writes them. Expectations are computed from those articles, not typed in.
 */
describe('article pages and feeds', () => {
  let dataDir: string;
  let api: RunningApi;
  let writer: SqliteHandle;
  let articles: Article[];

  const insert = (a: Article) =>
    writer
      .prepare(
        `INSERT INTO articles (published_at, article_id, source_kind, title, path, html, summary)
         VALUES (@publishedAt, @id, @sourceKind, @title, @path, @html, @summary)`,
      )
      .run(a);
  /** Newest first, ties by id: the order both feeds promise. */
  const newestFirst = (list: Article[]) =>
    [...list].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => api.get(path, { key: null, headers, method });

  beforeAll(async () => {
    const data = vendorArticleData('2013-01-01', '2014-06-30');
    articles = [
      buildQuarterlyReview(2014, 2, data),
      buildWeeklyReview('2014-06-26', data),
      buildDailySpotlight('2014-06-26', data)!,
      buildDailySpotlight('2013-11-07', data)!,
    ];
    dataDir = await emptyDataDir();
    writer = openSqlite(liveReadDbPath(dataDir)!);
    for (const article of articles) insert(article);
    api = await startApi(dataDir);
  });
  afterAll(async () => {
    writer?.close();
    await api?.close();
    removeDataDir(dataDir);
  });

  it('serves an Atom 1.0 feed that rss-parser reads: stable URN ids, newest first, absolute links', async () => {
    const res = await get('/articles/feed.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = await new RssParser().parseString(await res.text());
    const expected = newestFirst(articles);
    expect(feed.items.map((i) => i.id)).toEqual(expected.map((a) => `urn:ipo-research:article:${a.id}`));
    expect(feed.items.map((i) => i.link)).toEqual(expected.map((a) => `${PUBLIC_BASE_URL}${a.path}`));
    expect(feed.items.map((i) => i.title)).toEqual(expected.map((a) => a.title));
    expect(feed.items.map((i) => i.isoDate)).toEqual(expected.map((a) => new Date(a.publishedAt).toISOString()));
    expect(feed.feedUrl ?? feed.link).toBeDefined();
  });

  it('serves feeds that meet the Atom 1.0 and JSON Feed 1.1 specs, each entry carrying the article', async () => {
    const atom = await (await get('/articles/feed.atom')).text();
    expect(atomViolations(atom)).toEqual([]);
    const feed: any = await (await get('/articles/feed.json')).json();
    expect(jsonFeedViolations(feed)).toEqual([]);
    expect(feed.items.map((i: any) => i.content_html)).toEqual(newestFirst(articles).map((a) => a.html));
    expect((await new RssParser().parseString(atom)).items.map((i) => i.content)).toEqual(newestFirst(articles).map((a) => a.html));
  });

  it('serves the same articles as JSON Feed 1.1, matching the published schema', async () => {
    const res = await get('/articles/feed.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed: any = await res.json();
    const doc: any = await (await get('/api/v1/openapi.json')).json();
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi.json');
    const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/JsonFeed' });
    expect(validate(feed), ajv.errorsText(validate.errors)).toBe(true);
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.feed_url).toBe(`${PUBLIC_BASE_URL}/articles/feed.json`);
    expect(feed.items.map((i: any) => [i.id, i.url, i.summary])).toEqual(
      newestFirst(articles).map((a) => [`urn:ipo-research:article:${a.id}`, PUBLIC_BASE_URL + a.path, a.summary]),
    );
  });

  it('serves each article page: the stored HTML in a document with its title and feed links', async () => {
    for (const article of articles) {
      const res = await get(`/articles/${article.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // One local stylesheet and no inline styles: the policy allows nothing else.
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'");
      const html = await res.text();
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain(article.html);
      expect(html).toContain(`<title>${article.title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_BASE_URL}${article.path}">`);
      expect(html).toContain(`href="${PUBLIC_BASE_URL}/articles/feed.atom"`);
      expect(html).toContain(`<link rel="stylesheet" href="${PUBLIC_BASE_URL}/articles/style.css">`);
      expect(html).not.toContain('/api/v1/');
    }
    const css = await get('/articles/style.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const stylesheet = await css.text();
    expect(Buffer.byteLength(stylesheet)).toBeLessThan(4096);
    // Local only: no imports, fonts or images fetched from anywhere.
    expect(stylesheet).not.toMatch(/@import|@font-face|url\(/);
    const index = await (await get('/articles')).text();
    for (const article of articles) expect(index).toContain(`<a href="${PUBLIC_BASE_URL}${article.path}">`);
  });

  it('is public, cross-origin and cacheable: ETag, 304, Cache-Control, HEAD and preflight', async () => {
    for (const path of ['/articles/feed.atom', '/articles/feed.json', '/articles', '/articles/style.css', `/articles/${articles[0].id}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(res.headers.get('ratelimit')).toBeNull();
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(path, { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const head = await get(path, {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(etag);
      expect(await head.text()).toBe('');
      const preflight = await get(path, { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' }, 'OPTIONS');
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toBe('If-None-Match');
    }
  });

  it('answers an unknown article with a 404 page for browsers and an ApiError for API clients', async () => {
    for (const id of ['daily-1999-01-01', '%3Cscript%3E', 'feed.xml']) {
      const page = await get(`/articles/${id}`, { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const text = await page.text();
      expect(text).toContain('Article not found');
      expect(text).not.toContain('<script>');
      const json = await get(`/articles/${id}`);
      expect(json.status).toBe(404);
      expect(((await json.json()) as any).error.code).toBe('not_found');
    }
  });

  it('picks up a newly published article: the feeds change and the old ETag no longer matches', async () => {
    const before = await get('/articles/feed.atom');
    const etag = before.headers.get('etag')!;
    const spotlight = buildDailySpotlight('2020-03-18', { filings: realDailyIndexFilings('edgar/index/form.20200318.idx.gz') })!;
    insert(spotlight);
    articles.push(spotlight);
    const after = await get('/articles/feed.atom', { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    const feed = await new RssParser().parseString(await after.text());
    expect(feed.items[0].id).toBe(`urn:ipo-research:article:${newestFirst(articles)[0].id}`);
    expect(feed.items).toHaveLength(articles.length);
    const page = await get(`/articles/${spotlight.id}`);
    expect(await page.text()).toContain(spotlight.html);
  });

  it('describes the pages and feeds in the OpenAPI document', async () => {
    const doc: any = await (await get('/api/v1/openapi.json')).json();
    const ok = (path: string) => doc.components.responses[doc.paths[path].get.responses['200'].$ref.split('/').pop()];
    expect(ok('/articles/feed.atom').content).toHaveProperty('application/atom+xml');
    expect(ok('/articles/feed.json').content).toHaveProperty('application/feed+json');
    expect(ok('/articles/{id}').content).toHaveProperty('text/html');
    for (const path of ['/articles/feed.atom', '/articles/feed.json', '/articles/{id}', '/articles']) expect(doc.paths[path].get.security).toEqual([]);
  });
});
