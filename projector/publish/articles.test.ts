import { Parser } from 'htmlparser2';
import RssParser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { median, plain } from './html.ts';
import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, renderAtom, renderJsonFeed, toFeedItem } from './index.ts';
import { realDailyIndexFilings } from './real-data.testkit.ts';
import { vendorArticleData } from './real-rows.testkit.ts';
import { atomViolations, jsonFeedViolations } from '../../schema/feeds/feed-spec.testkit.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';

/** The served listings of 2013–2017 the vendor tables give, with the window price bars: what `npm start` serves of those years. */
const data = vendorArticleData('2013-01-01', '2017-12-31');
const listings = data.listings!;
const index = readWindowIndex();
const inQuarter = (date: string) => date >= '2014-04-01' && date <= '2014-06-30';

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

describe('quarterly review on the served listings', () => {
  const ipoFamily = new Set(['ipo', 'spac', 'direct_listing', 'uplisting']);
  const q2 = listings.filter((l) => inQuarter(l.listingDate) && ipoFamily.has(l.dealType));
  const withBars = index.filter((w) => inQuarter(w.tradeDate) && q2.some((l) => l.outcome?.ticker === w.ticker));
  const q2Proceeds = (month: string, dealType: string) =>
    q2.filter((l) => l.listingDate.startsWith(month) && l.dealType === dealType && l.grossProceeds !== null).reduce((a, l) => a + l.grossProceeds!, 0);
  const article = buildQuarterlyReview(2014, 2, data);

  it('has a stable id, path and publication time', () => {
    expect(article).toMatchObject({
      id: 'quarterly-2014-Q2',
      sourceKind: 'quarterly_review',
      path: '/articles/quarterly-2014-Q2',
      publishedAt: '2014-07-01T12:00:00.000Z',
      title: 'IPO quarterly review: 2014 Q2',
    });
    expect(buildQuarterlyReview(2014, 2, { listings: [...listings].reverse() })).toEqual(article);
  });

  it("is published on the next quarter's first weekday, when the scheduler's quarterly slot acts", () => {
    // 2017-04-01 was a Saturday, 2012-04-01 a Sunday; 2014-07-01 a Tuesday.
    expect(buildQuarterlyReview(2017, 1, { listings: [] }).publishedAt).toBe('2017-04-03T12:00:00.000Z');
    expect(buildQuarterlyReview(2012, 1, { listings: [] }).publishedAt).toBe('2012-04-02T12:00:00.000Z');
    expect(article.publishedAt).toBe('2014-07-01T12:00:00.000Z');
  });

  it("counts every IPO the database holds for the quarter, and averages Bloomberg's day-1 returns over those with price bars", () => {
    // The quarter's IPOs (56) and SPACs (2) of the vendor tables, an IPO in both tables counted once (ServiceMaster's SERV and TMX too); 20 have price bars.
    expect([q2.length, withBars.length]).toEqual([58, 20]);
    // SPACs are counted with the IPOs, named as SPACs, and the operating-company IPOs' figures are given apart.
    const typed = (t: string) => q2.filter((l) => l.dealType === t).length;
    expect(article.summary).toContain(`2014 Q2: ${typed('ipo')} IPOs and ${typed('spac')} SPACs, `);
    expect(article.html).toContain(`Operating-company IPOs alone: <data value="${typed('ipo')}"`);
    // The summary's returns are the operating companies' (a SPAC's units are no IPO return to average).
    const operatingBars = withBars.filter((w) => q2.some((l) => l.dealType === 'ipo' && l.outcome?.ticker === w.ticker));
    expect(operatingBars.length).toBeLessThan(withBars.length);
    expect(article.summary).toContain(`operating-company IPOs' first-day returns known for ${operatingBars.length}: `);
    const bbgMedian = median(operatingBars.map((w) => w.bloombergDay1Pct))!;
    const bbgMean = operatingBars.reduce((a, w) => a + w.bloombergDay1Pct, 0) / operatingBars.length;
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
    // Stacked by deal type, the bars carry what the table says: each month's IPO bar (on the axis)
    // stands as high as the month's IPO proceeds, and the table's IPO row totals them.
    expect(chart).toContain('>IPO</text>');
    expect(chart).toContain('>SPAC</text>');
    const baseBars = [...chart.matchAll(/<path d="M[\d.]+ (\d+)l[\d.]+ 0l0 -([\d.]+)l/g)];
    const axis = Math.max(...baseBars.map((m) => Number(m[1])));
    const heights = baseBars.filter((m) => Number(m[1]) === axis).map((m) => Number(m[2]));
    const months = ['2014-04', '2014-05', '2014-06'].map((m) => q2Proceeds(m, 'ipo'));
    expect(heights).toHaveLength(3);
    for (let i = 1; i < 3; i++) expect(heights[i] / heights[0]).toBeCloseTo(months[i] / months[0], 1);
    const total = months.reduce((a, b) => a + b, 0);
    expect(article.html).toContain(`<th scope="row">IPO</th><td><data value="${q2.filter((l) => l.dealType === 'ipo').length}"`);
    expect(article.html).toContain(`>$${(total / 1e6).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}M</data>`);
  });

  it('renders the same bytes whatever was rendered before (rebuilds are identical)', () => {
    buildWeeklyReview('2014-06-26', data);
    expect(buildQuarterlyReview(2014, 2, data).html).toBe(article.html);
  });

  it("counts an IPO-family listing under its type whatever the classification's operating-company calendar says of it today", () => {
    // The classification excludes SPACs and deals whose company later combined or delisted: what listed in the quarter is still counted.
    const target = q2[0];
    const marked = listings.map((l) => (l === target ? { ...l, calendarEligibility: 'exclude' as const } : l));
    const again = buildQuarterlyReview(2014, 2, { listings: marked });
    expect(again.summary).toContain(`2014 Q2: ${q2.filter((l) => l.dealType === 'ipo').length} IPOs and ${q2.filter((l) => l.dealType === 'spac').length} SPACs`);
    expect(again.html).toBe(buildQuarterlyReview(2014, 2, { listings }).html);
  });
});

describe('weekly review and daily spotlight', () => {
  it('reviews the GoPro week with day-1 returns, and no first week that had not ended by the Saturday it is published', () => {
    const article = buildWeeklyReview('2014-06-26', data);
    expect(article.id).toBe('weekly-2014-W26');
    expect(article.publishedAt).toBe('2014-06-28T12:00:00.000Z');
    // GoPro began trading on Thursday 2014-06-26; its fifth session, 2014-07-02, closed at +75.17% over the offer, after the review.
    expect(plain(article.html)).toContain('GoPro Inc† (GPRO) began trading on 2014-06-26: offered at $24.00, first close $31.34 (+30.58%), first week not complete yet.');
    expect(article.html).not.toContain('+75.17%');
    // A Monday debut's fifth session is the Friday: Invuity's first week (Monday 2015-06-15, $12.00, fifth close $14.80) is known by Saturday.
    const ivty = listings.find((l) => l.ticker === 'IVTY')!;
    expect([ivty.listingDate, ivty.offerPrice, ivty.outcome!.closeWeek1]).toEqual(['2015-06-15', 12, 14.8]);
    expect(plain(buildWeeklyReview('2015-06-15', data).html)).toMatch(/\(IVTY\) began trading on 2015-06-15: offered at \$12\.00, first close \$[\d.]+ \([+-][\d.]+%\), first week \+23\.33%\./);
    expectReadable(article.html);
    const chart = /<figure>\n(<svg[\s\S]*?<\/svg>)/.exec(article.html)![1];
    expect(chart).toContain('First-day returns of the debuts of 2014-W26');
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
    const article = buildDailySpotlight('2013-11-07', data)!;
    expect(article.html).toContain('Twitter Inc');
    expect(article.html).toContain('+72.69%');
    expectReadable(article.html);
  });
});

describe('feeds', () => {
  const items = [
    buildQuarterlyReview(2014, 2, data),
    buildWeeklyReview('2014-06-26', data),
    buildDailySpotlight('2014-06-26', data)!,
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
