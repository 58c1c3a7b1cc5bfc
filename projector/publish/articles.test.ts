import { Parser } from 'htmlparser2';
import RssParser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { median, plain } from './html.ts';
import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, renderAtom, renderJsonFeed, toFeedItem } from './index.ts';
import { realDailyIndexFilings, realOutcomes } from './real-data.testkit.ts';
import { atomViolations, jsonFeedViolations } from '../../schema/feeds/feed-spec.testkit.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';

const outcomes = realOutcomes();
const index = readWindowIndex();

/**
 * Digits in running text must sit in a link to their filing, a <time>, or a <data> naming its source;
 * charts (<svg>), their captions and the source notes are exempt, being the sources' own words.
 */
function unsourcedDigits(html: string): string[] {
  const stack: Array<{ name: string; cls: string }> = [];
  const bad: string[] = [];
  const exempt = (e: { name: string; cls: string }) => ['a', 'time', 'data', 'svg', 'figcaption'].includes(e.name) || e.cls === 'source';
  const p = new Parser({
    onopentag: (name, attrs) => stack.push({ name, cls: attrs.class ?? '' }),
    onclosetag: () => stack.pop(),
    ontext: (text) => {
      if (!stack.some(exempt) && /\d/.test(text)) bad.push(text);
    },
  });
  p.write(html);
  p.end();
  return bad;
}

/** What a reader may follow: an SEC page, or a page of this service; never the keyed API. */
function badLinks(html: string): string[] {
  return links(html).filter((href) => !href.startsWith('https://www.sec.gov/') && !href.startsWith('/articles'));
}

/** Every table is followed by its source note, every figure holds a chart and its source note. */
function unsourcedBlocks(html: string): string[] {
  const tables = html.split('</table>').slice(1).filter((after) => !/^\s*<p class="source">Source: .+ As of <time/.test(after));
  const figures = [...html.matchAll(/<figure>([\s\S]*?)<\/figure>/g)].filter(([, inner]) => !/<svg [^>]*role="img"/.test(inner) || !inner.includes('<p class="source">Source: '));
  return [...tables.map((t) => `table before: ${t.slice(0, 80)}`), ...figures.map(([f]) => `figure: ${f.slice(0, 80)}`)];
}

/** The readable-page rules every article keeps. */
function expectReadable(html: string): void {
  expect(unsourcedDigits(html)).toEqual([]);
  expect(badLinks(html)).toEqual([]);
  expect(unsourcedBlocks(html)).toEqual([]);
  expect(html).not.toMatch(/\bn\/a\b/);
  expect(html).not.toContain('style=');
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
  const q2Proceeds = (month: string) =>
    outcomes.filter((o) => o.outcome.tradingStartDate.startsWith(month) && o.grossProceeds !== null).reduce((a, o) => a + o.grossProceeds!, 0);
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

  it('sources every number, table and chart, and charts the proceeds by month', () => {
    expectReadable(article.html);
    expect(article.html).toContain('By deal type');
    expect(article.html).toContain('By exchange');
    const chart = /<figure>\n(<svg[\s\S]*?<\/svg>)/.exec(article.html)![1];
    expect(chart).toContain('<title id="chart-proceeds-title">Proceeds raised in 2014 Q2, by month of first trade and deal type</title>');
    for (const month of ['April', 'May', 'June']) expect(chart).toContain(`>${month}</text>`);
    // The chart's bars carry what the table says: June's total is its listings' proceeds.
    const june = q2Proceeds('2014-06');
    expect(chart).toContain(`>$${(june / 1e6).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}M</text>`);
  });

  it('renders the same bytes whatever was rendered before (rebuilds are identical)', () => {
    buildWeeklyReview('2014-06-26', { outcomes });
    expect(buildQuarterlyReview(2014, 2, { outcomes }).html).toBe(article.html);
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
  it('reviews the GoPro week with day-1 returns, and no first-week return that ends after the review', () => {
    const article = buildWeeklyReview('2014-06-26', { outcomes });
    expect(article.id).toBe('weekly-2014-W26');
    expect(article.publishedAt).toBe('2014-06-28T12:00:00.000Z');
    expect(article.html).toContain('GoPro Inc');
    expect(article.html).toContain('+30.58%');
    // GoPro began trading on Thursday 2014-06-26: its fifth session, 2014-07-02, is after the Saturday
    // review. The bars make its first week +75.17%, which the review could not know.
    const gopro = outcomes.find((o) => o.outcome.ticker === 'GPRO')!.outcome;
    expect([gopro.tradingStartDate, gopro.week1ReturnPct]).toEqual(['2014-06-26', 75.1667]);
    expect(article.html).not.toContain('+75.17%');
    expect(plain(article.html)).toContain('first close $31.34 (+30.58%), first week not complete by 2014-06-28.');
    expectReadable(article.html);
    const chart = /<figure>\n(<svg[\s\S]*?<\/svg>)/.exec(article.html)![1];
    expect(chart).toContain('First-day returns of the IPOs that began trading in 2014-W26');
    expect(chart).toContain('>GPRO</text>');
    expect(chart).toContain('>+30.58%</text>');
    // The data holds no lock-up terms: the section says no expiry is known, not that none expires.
    const lockups = plain(article.html.split('<h2>Lock-up expiries ahead</h2>')[1]);
    expect(lockups).toMatch(/^No lock-up expiry is known for the next four weeks \(2014-06-28 to 2014-07-26\)\. The data holds no lock-up expiry date for any of the \d+ IPOs /);
    expect(lockups).not.toContain('No lock-up expires');
  });

  it('spots the day of a real EDGAR daily index: new registrations and withdrawals', () => {
    const filings = realDailyIndexFilings('edgar/index/form.20200318.idx.gz');
    const article = buildDailySpotlight('2020-03-18', { filings })!;
    expect(article.id).toBe('daily-2020-03-18');
    expect(article.html).toContain('UTime Ltd');
    expect(article.html).toContain('DENISON MINES CORP.');
    expect(links(article.html)).toContain('https://www.sec.gov/Archives/edgar/data/1789299/0001213900-20-006792.txt');
    expectReadable(article.html);
    expect(article.html).toContain('<p>No IPO pricing is dated on this day in the data this service holds.</p>');
    expect(article.html).toContain('<p>No IPO began trading on this day.</p>');
    expect(buildDailySpotlight('2020-03-19', { filings })).toBeNull();
  });

  it("shows the day's debuts", () => {
    const article = buildDailySpotlight('2013-11-07', { outcomes })!;
    expect(article.html).toContain('Twitter Inc');
    expect(article.html).toContain('+72.69%');
    expectReadable(article.html);
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

  it('renders valid Atom 1.0 and JSON Feed 1.1 documents, each entry with the article as HTML', () => {
    const xml = renderAtom(items, 'https://ipo.example.org');
    expect(atomViolations(xml)).toEqual([]);
    const json = JSON.parse(renderJsonFeed(items, 'https://ipo.example.org'));
    expect(jsonFeedViolations(json)).toEqual([]);
    expect(json.items.map((i: { content_html: string }) => i.content_html)).toEqual(items.map((a) => a.html));
    expect(atomViolations(renderAtom([], 'https://ipo.example.org'))).toEqual([]);
    expect(jsonFeedViolations(JSON.parse(renderJsonFeed([], 'https://ipo.example.org')))).toEqual([]);
  });

  it('the spec checks reject what the specs forbid', () => {
    // JSON Feed 1.1: an item must have content_html or content_text (what this feed once lacked).
    const json = JSON.parse(renderJsonFeed(items, 'https://ipo.example.org'));
    delete json.items[0].content_html;
    json.items[1].date_published = '2014-06-28 12:00';
    expect(jsonFeedViolations(json)).toEqual(['item 1: must have content_html or content_text', 'item 2: date_published must be an RFC 3339 date']);
    // Atom: no feed author and an entry without one; an entry without an id.
    const xml = renderAtom(items, 'https://ipo.example.org').replace('  <author><name>ipo-research</name></author>\n', '').replace(/<id>urn:ipo-research:article:weekly[^<]*<\/id>/, '');
    expect(atomViolations(xml)).toEqual(expect.arrayContaining(['entry 2 has 0 atom:id, must have exactly one (§4.1.2)', 'entry 1 has no atom:author and neither has the feed (§4.1.1, §4.1.2)']));
    expect(atomViolations('<feed xmlns="http://www.w3.org/2005/Atom"><id>x</feed>')[0]).toMatch(/^not well-formed XML/);
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
