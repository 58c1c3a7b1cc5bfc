import { describe, expect, it } from 'vitest';
import { linkArticle, type LinkReason } from '../news/company.link.ts';
import { everyRealCandidate, realCandidates, realNewsRecords } from '../news/news.testkit.ts';
import { newsPublishedAt } from '../news/published-at.derive.ts';
import { indexArticle, NewsLinker } from './news-linker.ts';
import type { StoredNews } from '../news/news.facts.ts';
import type { NewsStore } from './news.store.ts';

const OBSERVED = '2026-02-02T00:00:00.000Z';
const stored = (): StoredNews[] =>
  realNewsRecords().map((r) => ({
    newsId: r.file,
    payload: { provider: 'newsapi', query: null, article: r.article },
    observedAt: OBSERVED,
    published: newsPublishedAt(r.article, OBSERVED),
  }));

const TWITTER = '0001418091';
const SNAP = '0001564408';
const GOPRO = '0001500435';
const PINTEREST = '0001506293';
const PDD = '0001737806';

/**
 * The one company each real record links to among every company of company_tickers.json, and why.
 * Titled records link by the title; untitled ones by their URL slug, the German futurezone.at story
 * included ("actioncam-anbieter-gopro-…"); Snapchat and Pinduoduo are Snap's and PDD's former names.
 */
const EXPECTED: Record<string, [string, LinkReason]> = {
  'twitter_01.json': [TWITTER, 'name_in_title'], // "Twitter sets IPO price at $26"
  'twitter_02.json': [TWITTER, 'name_in_title'],
  'twitter_03.json': [TWITTER, 'name_in_url'], // twitter-sets-ipo-price-now-worth-18b
  'twitter_04.json': [TWITTER, 'name_in_url'],
  'twitter_05.json': [TWITTER, 'name_in_url'],
  'twitter_06.json': [TWITTER, 'name_in_title'],
  'twitter_07.json': [TWITTER, 'name_in_title'],
  'snap_08.json': [SNAP, 'name_in_title'],
  'snap_09.json': [SNAP, 'name_in_url'],
  'snap_10.json': [SNAP, 'name_in_url'], // here-comes-the-snapchat-ipo-: former name Snapchat, Inc.
  'snap_11.json': [SNAP, 'name_in_url'], // your-kids-use-snapchat-…-shares
  'snap_12.json': [SNAP, 'name_in_url'], // Snap-IPO-Set-to-Price…: not Snap-on, not Snap One
  'gopro_13.json': [GOPRO, 'name_in_url'],
  'gopro_14.json': [GOPRO, 'name_in_url'], // German: "…gopro-mit-plus-30-prozent-an-boerse"
  'gopro_15.json': [GOPRO, 'name_in_title'],
  'gopro_16.json': [GOPRO, 'name_in_title'],
  'gopro_17.json': [GOPRO, 'name_in_title'],
  'gopro_18.json': [GOPRO, 'name_in_url'],
  'pinterest_19.json': [PINTEREST, 'name_in_url'],
  'pinduoduo_20.json': [PDD, 'name_in_title'], // "PINDUODUO ANNOUNCES PRICING…": former name Pinduoduo Inc.
};
const CONFIDENCE: Record<LinkReason, number> = { exchange_ticker: 0.95, name_in_title: 0.85, cashtag: 0.8, name_in_text: 0.75, name_in_url: 0.7, name_in_search: 0.65 };

describe('the 20 real records against every company of company_tickers.json (and Twitter from the EDGAR index)', () => {
  const candidates = everyRealCandidate();

  it('has the five companies of the records among ~10k candidates, under their real CIKs', () => {
    expect(candidates.length).toBeGreaterThan(7000);
    const five = realCandidates();
    expect(Object.fromEntries(Object.entries(five).map(([k, c]) => [k, c.cik]))).toEqual({
      twitter: TWITTER, snap: SNAP, gopro: GOPRO, pinterest: PINTEREST, pinduoduo: PDD,
    });
  });

  it.each(Object.entries(EXPECTED))('%s links to %s only', (file, [cik, reason]) => {
    const { article } = realNewsRecords().find((r) => r.file === file)!;
    const links = linkArticle(article, candidates);
    expect(links.map((l) => [l.candidate.cik, l.reason, l.confidence])).toEqual([[cik, reason, CONFIDENCE[reason]]]);
  });

  it('covers every record of the sample', () => {
    expect(realNewsRecords().map((r) => r.file).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('needs the former names for Snapchat and Pinduoduo: without them those three records link to nobody', () => {
    const bare = candidates.map((c) => ({ ...c, formerNames: [] }));
    const unlinked = realNewsRecords()
      .filter((r) => linkArticle(r.article, bare).length === 0)
      .map((r) => r.file);
    expect(unlinked).toEqual(['pinduoduo_20.json', 'snap_10.json', 'snap_11.json']);
  });
});

/** The searches `npm start` replays (data/sample/market-replay.json), as the news handler records them. */
const searchFor = (name: string) => `"${name}" AND (IPO OR "initial public offering")`;

describe('records found by a company search, as the demo fetches them', () => {
  const bare = everyRealCandidate().map((c) => ({ ...c, formerNames: [] }));
  const linkSearched = (file: string, query: string) => {
    const { article } = realNewsRecords().find((r) => r.file === file)!;
    return linkArticle({ ...article, searchQuery: query }, bare).map((l) => [l.candidate.cik, l.reason, l.confidence]);
  };

  it('links the untitled Snapchat stories to Snap by the searched name "Snap", without former names', () => {
    expect(linkSearched('snap_10.json', searchFor('Snap'))).toEqual([[SNAP, 'name_in_search', 0.65]]);
    expect(linkSearched('snap_11.json', searchFor('Snap'))).toEqual([[SNAP, 'name_in_search', 0.65]]);
  });

  it('keeps stronger evidence, and never links a company whose name merely starts with the phrase', () => {
    // Snap-IPO-Set-to-Price…: the slug outranks the search; Snap One and Snap-on are not "Snap".
    expect(linkSearched('snap_12.json', searchFor('Snap'))).toEqual([[SNAP, 'name_in_url', 0.7]]);
  });

  it('finds nobody for "Pinduoduo": EDGAR knows the company only as PDD Holdings Inc. without its former name', () => {
    expect(linkSearched('pinduoduo_20.json', searchFor('Pinduoduo'))).toEqual([]);
  });
});

describe('NewsLinker.mayLink on the 20 real articles and every company of company_tickers.json', () => {
  const candidates = everyRealCandidate();
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
    expect(linked).toBe(20);
    // The point of it: a few percent of the pairs reach the scoring.
    expect(kept / (candidates.length * 20)).toBeLessThan(0.05);
  });

  it('keeps a company named only in the URL slug and one known by a former name', () => {
    const byFile = new Map(linker.articles().map((a) => [a.news.newsId, a]));
    const { snap, gopro } = realCandidates();
    expect(linker.mayLink(byFile.get('gopro_15.json')!, { ...gopro, tickers: [] })).toBe(true);
    expect(linker.mayLink(byFile.get('snap_10.json')!, { cik: snap.cik, name: 'Zzz Unrelated Inc.', tickers: [], formerNames: snap.formerNames })).toBe(true);
    expect(linker.mayLink(indexArticle(stored()[0]), { cik: null, name: 'Zzz Unrelated Inc.', tickers: ['QQQZ'] })).toBe(false);
    const searched = indexArticle({ ...stored()[0], payload: { ...stored()[0].payload, query: searchFor('Zzz Unrelated') } });
    expect(linker.mayLink(searched, { cik: null, name: 'Zzz Unrelated Inc.', tickers: [] })).toBe(true);
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
