import { Parser } from 'htmlparser2';
import RssParser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { median } from './html.ts';
import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, renderAtom, renderJsonFeed, toFeedItem } from './index.ts';
import { realDailyIndexFilings, realOutcomes } from './real-data.testkit.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';

const outcomes = realOutcomes();
const index = readWindowIndex();

/** Text outside <a> and <time> must hold no digit: every number carries its source link. */
function unlinkedDigits(html: string): string[] {
  const stack: string[] = [];
  const bad: string[] = [];
  const p = new Parser({
    onopentag: (name) => stack.push(name),
    onclosetag: () => stack.pop(),
    ontext: (text) => {
      if (!stack.includes('a') && !stack.includes('time') && /\d/.test(text)) bad.push(text);
    },
  });
  p.write(html);
  p.end();
  return bad;
}

function links(html: string): string[] {
  const hrefs: string[] = [];
  const p = new Parser({ onopentag: (name, attrs) => name === 'a' && hrefs.push(attrs.href) });
  p.write(html);
  p.end();
  return hrefs;
}

describe('quarterly review on real outcomes', () => {
  const q2 = index.filter((w) => w.tradeDate >= '2014-04-01' && w.tradeDate <= '2014-06-30');
  const article = buildQuarterlyReview(2014, 2, { outcomes });

  it('has a stable id, path and publication time', () => {
    expect(article).toMatchObject({
      id: 'quarterly-2014-Q2',
      sourceKind: 'quarterly_review',
      path: '/articles/quarterly-2014-Q2',
      publishedAt: '2014-07-01T12:00:00.000Z',
      title: 'IPO quarterly review: 2014 Q2',
    });
    expect(buildQuarterlyReview(2014, 2, { outcomes: [...outcomes].reverse() })).toEqual(article);
  });

  it("counts the quarter's listings and agrees with Bloomberg's day-1 returns", () => {
    expect(q2.length).toBeGreaterThan(10);
    expect(article.summary).toContain(`2014 Q2: ${q2.length} listings`);
    const bbgMedian = median(q2.map((w) => w.bloombergDay1Pct))!;
    const bbgMean = q2.reduce((a, w) => a + w.bloombergDay1Pct, 0) / q2.length;
    const shown = (label: string) => Number(new RegExp(`${label} ([+-]?[\\d.]+)%`).exec(article.summary)![1]);
    expect(Math.abs(shown('mean day-1 return') - bbgMean)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(shown('median') - bbgMedian)).toBeLessThanOrEqual(0.01);
  });

  it('links every number to its source', () => {
    expect(unlinkedDigits(article.html)).toEqual([]);
    expect(links(article.html)).toContain('/api/v1/outcomes?trading_start_date_from=2014-04-01&trading_start_date_to=2014-06-30');
    expect(article.html).toContain('By deal type');
    expect(article.html).toContain('By exchange');
  });

  it('leaves calendar-excluded listings out of the aggregates', () => {
    const target = outcomes.find((o) => o.outcome.ticker === q2[0].ticker)!;
    const marked = outcomes.map((o) => (o === target ? { ...o, calendarEligibility: 'exclude' as const } : o));
    const again = buildQuarterlyReview(2014, 2, { outcomes: marked });
    expect(again.summary).toContain(`2014 Q2: ${q2.length - 1} listings`);
    expect(again.html).toContain('outside the IPO calendar');
  });
});

describe('weekly review and daily spotlight', () => {
  it('reviews the GoPro week with day-1 and week-1 returns', () => {
    const article = buildWeeklyReview('2014-06-26', { outcomes });
    expect(article.id).toBe('weekly-2014-W26');
    expect(article.publishedAt).toBe('2014-06-28T12:00:00.000Z');
    expect(article.html).toContain('GoPro Inc');
    expect(article.html).toContain('+30.58%');
    expect(article.html).toContain('+75.17%');
    expect(unlinkedDigits(article.html)).toEqual([]);
  });

  it('spots the day of a real EDGAR daily index: new registrations and withdrawals', () => {
    const filings = realDailyIndexFilings('edgar/index/form.20200318.idx.gz');
    const article = buildDailySpotlight('2020-03-18', { filings })!;
    expect(article.id).toBe('daily-2020-03-18');
    expect(article.html).toContain('UTime Ltd');
    expect(article.html).toContain('DENISON MINES CORP.');
    expect(links(article.html)).toContain('https://www.sec.gov/Archives/edgar/data/1789299/0001213900-20-006792.txt');
    expect(unlinkedDigits(article.html)).toEqual([]);
    expect(buildDailySpotlight('2020-03-19', { filings })).toBeNull();
  });

  it("shows the day's debuts", () => {
    const article = buildDailySpotlight('2013-11-07', { outcomes })!;
    expect(article.html).toContain('Twitter Inc');
    expect(article.html).toContain('+72.69%');
  });
});

describe('feeds', () => {
  const items = [
    buildQuarterlyReview(2014, 2, { outcomes }),
    buildWeeklyReview('2014-06-26', { outcomes }),
    buildDailySpotlight('2014-06-26', { outcomes })!,
  ];

  it('renders Atom that rss-parser reads, with stable ids', async () => {
    const xml = renderAtom(items, 'https://ipo.example.org/');
    const feed = await new RssParser().parseString(xml);
    expect(feed.items).toHaveLength(3);
    expect(feed.items.map((i) => i.id)).toEqual([
      'urn:ipo-research:article:quarterly-2014-Q2',
      'urn:ipo-research:article:weekly-2014-W26',
      'urn:ipo-research:article:daily-2014-06-26',
    ]);
    expect(feed.items[0].link).toBe('https://ipo.example.org/articles/quarterly-2014-Q2');
    expect(feed.items[0].isoDate).toBe('2014-07-01T12:00:00.000Z');
    expect(renderAtom([...items].reverse(), 'https://ipo.example.org')).toBe(xml);
    // The entry ids do not depend on the host.
    const moved = await new RssParser().parseString(renderAtom(items, 'http://localhost:3000'));
    expect(moved.items.map((i) => i.id)).toEqual(feed.items.map((i) => i.id));
  });

  it('renders JSON Feed 1.1 and API feed items', () => {
    const json = JSON.parse(renderJsonFeed(items, 'https://ipo.example.org'));
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.items[2]).toMatchObject({ id: 'urn:ipo-research:article:daily-2014-06-26', url: 'https://ipo.example.org/articles/daily-2014-06-26' });
    expect(toFeedItem(items[1], 'https://ipo.example.org/')).toEqual({
      id: 'weekly-2014-W26',
      sourceKind: 'weekly_review',
      title: 'IPO weekly review: week of 2014-06-23',
      url: 'https://ipo.example.org/articles/weekly-2014-W26',
      publishedAt: '2014-06-28T12:00:00.000Z',
    });
  });
});
