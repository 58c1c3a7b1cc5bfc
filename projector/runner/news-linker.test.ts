import { describe, expect, it } from 'vitest';
import { tickerMapFromCompanyTickers } from '../market/ipo-table.parse.ts';
import { readSample } from '../market/sample.testkit.ts';
import { linkArticle, type LinkCandidate } from '../news/company.link.ts';
import { realCandidates, realNewsRecords } from '../news/news.testkit.ts';
import { newsPublishedAt } from '../news/published-at.derive.ts';
import { indexArticle, NewsLinker } from './news-linker.ts';
import type { StoredNews } from '../shared/facts.ts';
import type { NewsStore } from './news.store.ts';

/** Every company of the real company_tickers.json (~10k) as a candidate, plus the five with their former names. */
function everyCandidate(): LinkCandidate[] {
  const byCik = new Map<string, LinkCandidate & { tickers: string[] }>();
  for (const e of tickerMapFromCompanyTickers(readSample('edgar/company_tickers.json.gz')).values()) {
    const c = byCik.get(e.cik) ?? { cik: e.cik, name: e.title, tickers: [] };
    c.tickers.push(e.ticker);
    byCik.set(e.cik, c);
  }
  return [...byCik.values(), ...Object.values(realCandidates())];
}

const stored = (): StoredNews[] =>
  realNewsRecords().map((r) => ({
    newsId: r.file,
    payload: { provider: 'newsapi', article: r.article } as StoredNews['payload'],
    observedAt: '2026-02-02T00:00:00.000Z',
    published: newsPublishedAt(r.article),
  }));

describe('NewsLinker.mayLink on the 20 real articles and every company of company_tickers.json', () => {
  const candidates = everyCandidate();
  // Only the two reads the linker makes; the stores are exercised by the projector integration tests.
  const linker = new NewsLinker({ servedCandidates: () => [...candidates], allNews: stored } as unknown as NewsStore);

  it('keeps every pair linkArticle links: the links over the narrowed list equal those over all companies', () => {
    let kept = 0;
    let linked = 0;
    for (const article of linker.articles()) {
      const narrowed = linker.candidates().filter((c) => linker.mayLink(article, c));
      kept += narrowed.length;
      const all = linkArticle(article.text, candidates);
      linked += all.length;
      expect(linkArticle(article.text, narrowed), article.news.newsId).toEqual(all);
    }
    expect(linked).toBeGreaterThanOrEqual(15);
    // The point of it: a few percent of the pairs reach the scoring.
    expect(kept / (candidates.length * 20)).toBeLessThan(0.05);
  });

  it('keeps a company named only in the URL slug and one known by a former name', () => {
    const byFile = new Map(linker.articles().map((a) => [a.news.newsId, a]));
    const { snap, gopro } = realCandidates();
    expect(linker.mayLink(byFile.get('gopro_15.json')!, { ...gopro, tickers: [] })).toBe(true);
    expect(linker.mayLink(byFile.get('snap_10.json')!, { cik: snap.cik, name: 'Zzz Unrelated Inc.', tickers: [], formerNames: snap.formerNames })).toBe(true);
    expect(linker.mayLink(indexArticle(stored()[0]), { cik: null, name: 'Zzz Unrelated Inc.', tickers: ['QQQZ'] })).toBe(false);
  });

  it('forgets its caches when told', () => {
    const first = linker.candidates();
    expect(linker.candidates()).toBe(first);
    linker.forgetCandidates();
    expect(linker.candidates()).not.toBe(first);
    const articles = linker.articles();
    linker.forgetArticles();
    expect(linker.articles()).not.toBe(articles);
  });
});
