import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentValidator, useServedFullSample } from './api-harness.ts';

/**
 * GET /api/v1/news over the full bundled sample (its 20 real news records, observed at
 * 2026-02-01T12:00Z by the harness): what each served item says of its date and title, the order a
 * client pages through, and every page valid against the published OpenAPI document.
 */
const FIRST_SEEN = '2026-02-01T12:00:00.000Z';
const NEWS_DIR = join(import.meta.dirname, '..', 'data', 'sample', 'news');

/**
 * Each real record's date as data/sample/news/INDEX.md notes it (the page's date, put in
 * publishedAt by the sample, else a full date in the URL path), else unknown; and whether the
 * record has a headline.
 */
const EXPECTED: Record<string, { date: string | null; source: 'provider' | 'url_path' | 'first_seen'; titled: boolean }> = {
  'twitter_01.json': { date: '2013-11-06', source: 'url_path', titled: true },
  'twitter_02.json': { date: null, source: 'first_seen', titled: true },
  'twitter_03.json': { date: null, source: 'first_seen', titled: false },
  'twitter_04.json': { date: null, source: 'first_seen', titled: false },
  'twitter_05.json': { date: null, source: 'first_seen', titled: false },
  'twitter_06.json': { date: '2013-11-06', source: 'url_path', titled: true },
  'twitter_07.json': { date: '2013-11-06', source: 'url_path', titled: true },
  'snap_08.json': { date: '2017-03-02', source: 'url_path', titled: true },
  'snap_09.json': { date: null, source: 'first_seen', titled: false },
  'snap_10.json': { date: null, source: 'first_seen', titled: false },
  'snap_11.json': { date: '2017-03-02', source: 'provider', titled: false },
  'snap_12.json': { date: '2017-03-01', source: 'provider', titled: false },
  'gopro_13.json': { date: '2014-06-26', source: 'url_path', titled: false },
  'gopro_14.json': { date: null, source: 'first_seen', titled: false },
  'gopro_15.json': { date: null, source: 'first_seen', titled: true },
  'gopro_16.json': { date: null, source: 'first_seen', titled: true },
  'gopro_17.json': { date: '2014-10-02', source: 'url_path', titled: true },
  'gopro_18.json': { date: '2014-10-03', source: 'url_path', titled: false },
  'pinterest_19.json': { date: null, source: 'first_seen', titled: false },
  'pinduoduo_20.json': { date: '2018-07-28', source: 'provider', titled: true },
};

const records = readdirSync(NEWS_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, article: JSON.parse(readFileSync(join(NEWS_DIR, file), 'utf8')) as { url: string; title: string | null } }));

describe('GET /api/v1/news on the bundled news records', () => {
  const sample = useServedFullSample();
  let check: ReturnType<typeof documentValidator>;

  beforeAll(async () => {
    check = documentValidator(await (await sample.api.get('/api/v1/openapi.json', { key: null })).json());
  });

  /** Every item of `path`, `limit` at a time, each page checked against the document. */
  async function walk(path: string, limit: number): Promise<any[]> {
    const items: any[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const url = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await sample.api.get(url);
      const body: any = await res.json();
      expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
      check('/api/v1/news', 200, body);
      items.push(...body.data);
      cursor = body.next_cursor;
      if (cursor === null) return items;
    }
    throw new Error('pagination did not end');
  }

  const fileOf = (item: any) => records.find((r) => r.article.url === item.url)!.file;

  it('covers every bundled record in its table', () => {
    expect(records.map((r) => r.file).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('serves each linked record with its date and where it came from, and its title or the untitled flag', async () => {
    const items = await walk('/api/v1/news', 100);
    expect(items).toHaveLength(16);
    for (const item of items) {
      const file = fileOf(item);
      const expected = EXPECTED[file];
      expect(item.publishedAtSource, file).toBe(expected.source);
      expect(item.publishedAt, file).toBe(expected.date === null ? FIRST_SEEN : `${expected.date}T00:00:00.000Z`);
      const record = records.find((r) => r.file === file)!.article;
      if (expected.titled) expect([item.title, item.titleSource], file).toEqual([record.title, 'provider']);
      else expect([item.title, item.titleSource], file).toEqual(['', 'untitled']);
      expect(item.urlSlug, file).toEqual(expect.any(String));
    }
  });

  it('lists every dated item, newest first, before every item of unknown date: no 2013 story is the newest news', async () => {
    const items = await walk('/api/v1/news', 100);
    const dated = items.filter((n) => n.publishedAtSource !== 'first_seen');
    const undated = items.filter((n) => n.publishedAtSource === 'first_seen');
    expect(dated.length).toBeGreaterThan(0);
    expect(undated.length).toBeGreaterThan(0);
    expect(items).toEqual([...dated, ...undated]);
    const times = dated.map((n) => n.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
    // The newest news is Snap's IPO (2 March 2017); Twitter's 2013 stories of unknown date come last.
    expect(items[0]).toMatchObject({ publishedAt: '2017-03-02T00:00:00.000Z', companyName: 'Snap Inc' });
    expect(undated.map(fileOf).filter((f) => f.startsWith('twitter_')).sort()).toEqual(['twitter_02.json', 'twitter_03.json', 'twitter_04.json', 'twitter_05.json']);
  });

  it('pages the same order at any page size, each item once (the cursor key is unique)', async () => {
    const whole = (await walk('/api/v1/news', 100)).map((n) => `${n.url} ${n.cik}`);
    expect(new Set(whole).size).toBe(whole.length);
    for (const limit of [1, 3, 7]) expect((await walk('/api/v1/news', limit)).map((n) => `${n.url} ${n.cik}`), `limit=${limit}`).toEqual(whole);
  });

  it('bounds by the publication date: published_at_from never matches an unknown date, published_at_to matches one first seen by then', async () => {
    const all = await walk('/api/v1/news', 100);
    // 2026-02-01 is the first observation, not a publication: nothing is known to be published since 2020.
    expect(await walk('/api/v1/news?published_at_from=2020-01-01', 100)).toEqual([]);
    const since2014 = await walk('/api/v1/news?published_at_from=2014-01-01', 100);
    expect(since2014).toEqual(all.filter((n) => n.publishedAtSource !== 'first_seen' && n.publishedAt >= '2014-01-01'));
    // Published by the end of 2014: the dated items of 2013 and 2014 (the undated were seen only in 2026).
    const by2014 = await walk('/api/v1/news?published_at_to=2014-12-31', 100);
    expect(by2014).toEqual(all.filter((n) => n.publishedAtSource !== 'first_seen' && n.publishedAt <= '2014-12-31T23:59:59.999Z'));
    // Every undated item was published before it was first seen.
    expect(await walk('/api/v1/news?published_at_to=2026-02-01', 100)).toEqual(all);
  });

  it("orders a company detail's embedded news as its news list, and continues nowhere when it holds them all", async () => {
    const snap = (await walk('/api/v1/news?cik=0001564408&include=content', 100)).map(({ cik: _, companyName: __, provider: ___, ...rest }) => rest);
    const res = await sample.api.get('/api/v1/companies/0001564408?include=news');
    const body: any = await res.json();
    check('/api/v1/companies/{identifier}', 200, body);
    expect(body.data.news).toEqual(snap);
    expect(body.data.news.map((n: any) => n.publishedAtSource)).toEqual(['url_path', 'provider', 'first_seen']);
    expect(body.data.newsNext).toBeNull();
  });
});
