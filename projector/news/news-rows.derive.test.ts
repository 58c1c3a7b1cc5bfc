import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ApiCompanyNewsSchema, ApiNewsSchema } from '../../schema/api/resources.schema.ts';
import type { ApiNews } from '../../schema/api/types.ts';
import type { StoredNews } from './news.facts.ts';
import { linkArticle } from './company.link.ts';
import { deriveNewsRows } from './news-rows.derive.ts';
import { everyRealCandidate, realNewsRecords } from './news.testkit.ts';
import { newsPublishedAt } from './published-at.derive.ts';

const FIRST_SEEN = '2026-02-02T09:30:00.000Z';

/** The 20 real records as stored and linked against every company of company_tickers.json. */
function linkedByCik(): Map<string, { name: string; news: StoredNews[] }> {
  const candidates = everyRealCandidate();
  const byCik = new Map<string, { name: string; news: StoredNews[] }>();
  for (const r of realNewsRecords()) {
    for (const l of linkArticle(r.article, candidates)) {
      const entry = byCik.get(l.candidate.cik!) ?? { name: l.candidate.name, news: [] };
      entry.news.push({
        newsId: r.file,
        payload: { provider: 'newsapi', query: null, article: r.article },
        observedAt: FIRST_SEEN,
        published: newsPublishedAt(r.article, FIRST_SEEN),
        link: { confidence: l.confidence, reason: l.reason },
      });
      byCik.set(l.candidate.cik!, entry);
    }
  }
  return byCik;
}

const served = (byCik = linkedByCik()) =>
  [...byCik].flatMap(([cik, { name, news }]) => deriveNewsRows(cik, name, news));
/** The stored item is the list item the API serves without include=content. */
const item = (json: string): ApiNews => JSON.parse(json) as ApiNews;

describe('served news rows of the 20 real records', () => {
  const rows = served();
  const items = new Map(rows.map((r) => [r.news_id, item(r.json)]));

  it('serves every record once, under the company it links to', () => {
    expect([...items.keys()].sort()).toEqual(realNewsRecords().map((r) => r.file).sort());
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.cik))).toEqual(new Set(['0001418091', '0001564408', '0001500435', '0001506293', '0001737806']));
  });

  it('validates every item against ApiNews and every detail element against ApiCompanyNews', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const list = ajv.compile(ApiNewsSchema);
    const detail = ajv.compile(ApiCompanyNewsSchema);
    for (const r of rows) {
      expect(list(item(r.json)), `${r.news_id} ${JSON.stringify(list.errors)}`).toBe(true);
      expect(detail(JSON.parse(r.detail_json)), `${r.news_id} ${JSON.stringify(detail.errors)}`).toBe(true);
    }
    // The schemas are closed: an item without the documented fields fails.
    const { titleSource: _, ...withoutSource } = items.get('twitter_03.json')!;
    expect(list(withoutSource)).toBe(false);
    const { urlSlug: __, ...withoutSlug } = items.get('twitter_03.json')!;
    expect(list(withoutSlug)).toBe(false);
    expect(list({ ...items.get('twitter_03.json')!, publishedAtSource: 'ingest' })).toBe(false);
  });

  it('records the match', () => {
    for (const [file, n] of items) expect(n.match.confidence, file).toBeGreaterThanOrEqual(0.7);
    expect(items.get('snap_10.json')).toMatchObject({ cik: '0001564408', match: { reason: 'name_in_url', confidence: 0.7 } });
    expect(items.get('pinduoduo_20.json')).toMatchObject({ cik: '0001737806', match: { reason: 'name_in_title', confidence: 0.85 } });
  });

  it('flags the untitled records with an empty title, keeps the provider titles, and serves every URL slug beside them', () => {
    const untitled = [...items].filter(([, n]) => n.titleSource === 'untitled').map(([file]) => file).sort();
    expect(untitled).toEqual(realNewsRecords().filter((r) => r.article.title === null).map((r) => r.file).sort());
    expect(untitled).toHaveLength(11);
    for (const [file, n] of items) {
      expect(n.title === '', file).toBe(n.titleSource === 'untitled');
      expect(n.title, file).not.toMatch(/untitled|slug/i);
    }
    expect(items.get('twitter_03.json')).toMatchObject({ title: '', titleSource: 'untitled', urlSlug: 'twitter sets ipo price now worth 18b' });
    expect(items.get('twitter_01.json')).toMatchObject({ title: 'Twitter sets IPO price at $26', titleSource: 'provider', urlSlug: 'most of twitters principals get rich off ipo' });
  });

  it('dates every record: the provider, else the URL path, else the first observation, which alone is not a known date', () => {
    expect(items.get('snap_12.json')).toMatchObject({ publishedAt: '2017-03-01T00:00:00.000Z', publishedAtSource: 'provider' });
    expect(items.get('gopro_17.json')).toMatchObject({ publishedAt: '2014-10-02T00:00:00.000Z', publishedAtSource: 'url_path' });
    expect(items.get('twitter_03.json')).toMatchObject({ publishedAt: FIRST_SEEN, publishedAtSource: 'first_seen' });
    const count = (source: string) => [...items.values()].filter((n) => n.publishedAtSource === source).length;
    expect([count('provider'), count('url_path'), count('first_seen')]).toEqual([3, 7, 10]);
    for (const r of rows) {
      expect(r.published_at).toBe(item(r.json).publishedAt);
      expect(r.date_known, r.news_id).toBe(item(r.json).publishedAtSource === 'first_seen' ? 0 : 1);
    }
  });

  it('orders by the key (date_known, published_at, news_id, cik) descending: the 2026 first observations after every 2013–2018 story', () => {
    const key = (r: (typeof rows)[number]) => [r.date_known, r.published_at, r.news_id, r.cik].join('\u0000');
    const ordered = [...rows].sort((a, b) => key(b).localeCompare(key(a)));
    expect(new Set(ordered.map(key)).size).toBe(rows.length);
    const sources = ordered.map((r) => item(r.json).publishedAtSource);
    expect(sources.indexOf('first_seen')).toBe(10);
    expect(sources.slice(10).every((s) => s === 'first_seen')).toBe(true);
    expect(ordered.slice(0, 2).map((r) => [r.news_id, r.published_at])).toEqual([
      ['pinduoduo_20.json', '2018-07-28T00:00:00.000Z'],
      // Two stories dated 2017-03-02 (the provider's and the URL's): by news id, descending.
      ['snap_11.json', '2017-03-02T00:00:00.000Z'],
    ]);
    expect(ordered.slice(0, 10).every((r) => r.published_at < FIRST_SEEN)).toBe(true);
  });

  it('is deterministic: the same inputs give the same bytes, whatever the order the news comes in', () => {
    const again = linkedByCik();
    for (const entry of again.values()) entry.news.reverse();
    const key = (r: { news_id: string; cik: string }) => `${r.cik}/${r.news_id}`;
    const sorted = (list: typeof rows) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sorted(served(again))).toEqual(sorted(rows));
  });

  it('refuses to serve an article without its link', () => {
    const [cik, { name, news }] = [...linkedByCik()][0];
    expect(() => deriveNewsRows(cik, name, [{ ...news[0], link: undefined }])).toThrow(/without its link/);
  });
});
