import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { linkArticle, tickerMentions } from './company.link.ts';
import { parseFeed, FeedParseError } from '../../schema/news/feed.parse.ts';
import { realCandidates, realNewsRecords } from './news.testkit.ts';
import { parseNewsApiResponse, stripTruncationMarker } from '../../schema/news/newsapi.parse.ts';
import { canonicalUrl, newsKey } from '../../schema/news/url.normalize.ts';

const records = realNewsRecords();
const candidates = realCandidates();
const xmlEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('NewsAPI /v2/everything responses', () => {
  it('parses the 20 real records wrapped as one ok response', () => {
    const body = `{"status":"ok","totalResults":20,"articles":[${records.map((r) => r.raw).join(',')}]}`;
    const res = parseNewsApiResponse(body);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.totalResults).toBe(20);
    expect(res.articles).toEqual(records.map((r) => r.article));
  });

  it('classifies the rate-limit error (HTTP 429) as retryable and a bad key as permanent', () => {
    const limited = parseNewsApiResponse(
      '{"status":"error","code":"rateLimited","message":"You have made too many requests recently. Developer accounts are limited to 100 requests over a 24 hour period (50 requests available every 12 hours). Please upgrade to a paid plan if you need more requests."}',
      429,
    );
    expect(limited).toMatchObject({ ok: false, code: 'rateLimited', rateLimited: true, retryable: true });
    const badKey = parseNewsApiResponse('{"status":"error","code":"apiKeyInvalid","message":"Your API key is invalid or incorrect."}', 401);
    expect(badKey).toMatchObject({ ok: false, code: 'apiKeyInvalid', rateLimited: false, retryable: false });
    expect(parseNewsApiResponse('Too Many Requests', 429)).toMatchObject({ ok: false, rateLimited: true });
  });

  it('strips the truncation marker from content', () => {
    expect(stripTruncationMarker('NEW YORK -- Acme prices its IPO… [+2345 chars]')).toBe('NEW YORK -- Acme prices its IPO…');
    expect(stripTruncationMarker(null)).toBeNull();
  });
});

describe('RSS 2.0 and Atom', () => {
  const dated = records.filter((r) => r.article.publishedAt);

  it('reads RSS 2.0 items built from the real records', () => {
    const items = records
      .map(({ article: a }) =>
        `<item>${a.title ? `<title>${xmlEsc(a.title)}</title>` : ''}<link>${xmlEsc(a.url)}</link><guid isPermaLink="true">${xmlEsc(a.url)}</guid>` +
          (a.publishedAt ? `<pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>` : '') + '</item>',
      )
      .join('\n');
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>IPO wire</title>${items}</channel></rss>`;
    const parsed = parseFeed(xml);
    expect(parsed.map((i) => i.url)).toEqual(records.map((r) => r.article.url));
    expect(parsed.map((i) => i.title)).toEqual(records.map((r) => r.article.title));
    expect(parsed.filter((i) => i.publishedAt).map((i) => i.publishedAt)).toEqual(
      dated.map((r) => new Date(r.article.publishedAt!).toISOString()),
    );
    expect(parsed[0].sourceName).toBe('IPO wire');
  });

  it('reads Atom entries, taking the alternate link', () => {
    const entries = dated
      .map(({ article: a }) =>
        `<entry><id>${xmlEsc(a.url)}</id><title type="text">${xmlEsc(a.title ?? '')}</title>` +
          `<link rel="self" href="https://feed.invalid/x"/><link rel="alternate" href="${xmlEsc(a.url)}"/><updated>${a.publishedAt}</updated></entry>`,
      )
      .join('');
    const parsed = parseFeed(`<feed xmlns="http://www.w3.org/2005/Atom"><title>wire</title>${entries}</feed>`);
    expect(parsed.map((i) => [i.url, i.publishedAt])).toEqual(dated.map((r) => [r.article.url, new Date(r.article.publishedAt!).toISOString()]));
    expect(() => parseFeed('<html><body/></html>')).toThrow(FeedParseError);
  });
});

describe('canonical URLs', () => {
  const byFile = Object.fromEntries(records.map((r) => [r.file, r.article.url]));

  it('drops tracking parameters, AMP variants and trailing slashes', () => {
    expect(canonicalUrl(byFile['gopro_15.json'])).toBe('http://www.businessinsider.com/gopro-surging-again-after-ipo-2014-6');
    expect(canonicalUrl(byFile['twitter_06.json'])).toBe('https://techcrunch.com/2013/11/06/twitter-prices-ipo-at-26-per-share');
    expect(canonicalUrl(byFile['gopro_16.json'])).toBe('https://businessinsider.in/gopro-crashes-below-its-ipo-price/articleshow/49762004.cms');
    expect(canonicalUrl(byFile['twitter_04.json'])).toBe(
      'https://business-standard.com/article/pti-stories/twitter-sets-ipo-price-at-usd-26-113110700059_1.html',
    );
    expect(canonicalUrl(byFile['snap_11.json'])).toBe('http://www.wccq.com/your-kids-use-snapchat-so-will-you-buy-any-shares');
    // Path case is significant (NECN's path is mixed case); only the host is folded.
    expect(canonicalUrl('http://WWW.NECN.com/news/business/Snap-IPO-Set-to-Price-at-17-Per-Share-Source-415134033.html#top')).toBe(
      byFile['snap_12.json'],
    );
  });

  it('keys the 20 records apart, and variants of one page together', () => {
    expect(new Set(records.map((r) => newsKey(r.article.url))).size).toBe(20);
    expect(newsKey(byFile['gopro_15.json'])).toBe(newsKey('http://www.businessinsider.com/gopro-surging-again-after-ipo-2014-6/#comments'));
  });
});

describe('company linking', () => {
  const list = Object.values(candidates);

  it('links each of the 20 real records to its company, and only to it', () => {
    for (const r of records) {
      const links = linkArticle(r.article, list);
      expect(links.map((l) => l.candidate.name), r.file).toEqual([candidates[r.company].name]);
    }
    expect(candidates.snap.cik).toBe('0001564408');
    expect(candidates.pinduoduo.cik).toBe('0001737806');
    // Not in company_tickers.json (delisted 2022): the CIK of its row in the real 2022-10-03 company index.
    expect(candidates.twitter.cik).toBe('0001418091');
  });

  it('uses the title when there is one, the URL slug otherwise, and former names', () => {
    const titled = records.find((r) => r.file === 'twitter_01.json')!;
    expect(linkArticle(titled.article, list)[0]).toMatchObject({ reason: 'name_in_title', confidence: 0.85 });
    const slugOnly = records.find((r) => r.file === 'gopro_18.json')!;
    expect(linkArticle(slugOnly.article, list)[0]).toMatchObject({ reason: 'name_in_url', confidence: 0.7 });
    const pdd = records.find((r) => r.file === 'pinduoduo_20.json')!;
    expect(linkArticle(pdd.article, list)[0].candidate.cik).toBe('0001737806');
    const snapchat = records.find((r) => r.file === 'snap_10.json')!;
    expect(linkArticle(snapchat.article, list)[0].candidate.cik).toBe('0001564408');
  });

  it('does not read a site section folder as a company name (News Corp and /news/business/)', () => {
    // NEWS CORP (CIK 1564708) is a real filer in the demo; its one-word name must not match "/news/".
    const newsCorp = { cik: '0001564708', name: 'NEWS CORP', tickers: ['NWSA', 'NWS'] };
    for (const r of records) {
      expect(linkArticle(r.article, [...list, newsCorp]).map((l) => l.candidate.cik), r.file).not.toContain('0001564708');
    }
  });

  it('reads exchange-qualified tickers as written in the sample notes', () => {
    // The "facts" column of data/sample/news/INDEX.md quotes each page's ticker mention.
    const index = readSample('news/INDEX.md');
    const notes = index.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| file'));
    const found = new Set(notes.flatMap((l) => tickerMentions(l)));
    expect([...found].sort()).toEqual(['GPRO', 'PDD', 'PINS', 'SNAP', 'TWTR']);
    const withTicker = { title: null, description: 'reports $26 IPO price, NYSE \'TWTR\'', url: 'https://example.invalid/a' };
    expect(linkArticle(withTicker, list)[0]).toMatchObject({ reason: 'exchange_ticker', confidence: 0.95 });
    expect(tickerMentions('Snap Inc. (NYSE: SNAP) today announced')).toEqual(['SNAP']);
    expect(tickerMentions('GoPro (Nasdaq:GPRO) shares')).toEqual(['GPRO']);
  });

  it('does not link on a name without IPO context', () => {
    const offTopic = { title: 'Oh snap, what a weekend', url: 'https://example.invalid/weekend' };
    expect(linkArticle(offTopic, list)).toEqual([]);
  });
});
