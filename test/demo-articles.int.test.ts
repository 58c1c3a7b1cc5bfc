/**
 * The articles `npm start` publishes, checked against the database they describe, with the SQL an
 * analyst would run on read.db: every count and total a review states is what the `ipo_calendar`,
 * `offerings` and `ipo_outcomes` views give for its period. And the README's account of the demo's
 * news links is what the demo serves.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, plain } from '../projector/publish/html.ts';
import { quarterPeriod, weekPeriod } from '../projector/publish/period.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite, type SqliteHandle } from '../schema/sqlite.ts';
import { demoStartCopy } from './shared-templates.ts';

interface Published {
  article_id: string;
  summary: string;
  html: string;
}

let dataDir: string;
let db: SqliteHandle;
let articles: Published[];

beforeAll(async () => {
  dataDir = await demoStartCopy();
  db = openSqlite(readDbLinkPath(dataDir), { readonly: true });
  articles = db.prepare('SELECT article_id, summary, html FROM articles ORDER BY article_id').all() as Published[];
}, 300_000);

afterAll(() => {
  db?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** `SELECT count(*), sum(gross_proceeds) FROM <view> WHERE listing_date BETWEEN from AND to`. */
function held(view: 'ipo_calendar' | 'offerings', from: string, to: string): { n: number; proceeds: number | null } {
  return db.prepare(`SELECT count(*) AS n, sum(gross_proceeds) AS proceeds FROM ${view} WHERE listing_date BETWEEN ? AND ?`).get(from, to) as { n: number; proceeds: number | null };
}

/** The calendar's listings of the period with a first-day return from price bars in ipo_outcomes (the articles cite only those). */
function withReturns(from: string, to: string): number {
  return (
    db
      .prepare(`SELECT count(*) AS n FROM ipo_calendar c JOIN ipo_outcomes o ON o.cik = c.cik AND o.listing_date = c.listing_date WHERE c.listing_date BETWEEN ? AND ? AND o.day1_return IS NOT NULL AND o.day1_return_source = 'price_series'`)
      .get(from, to) as { n: number }
  ).n;
}

/** What the coverage paragraph says the database holds for the period. */
function coverageListings(html: string): number {
  const text = plain(/<p class="coverage">[\s\S]*?<\/p>/.exec(html)![0]);
  const m = /database holds (\d+|no) listings? with a first trading day/.exec(text);
  return m![1] === 'no' ? 0 : Number(m![1]);
}

/** An IPO-family count as articles write it: "56 IPOs and 2 SPACs", "1 direct listing". */
const FAMILY = String.raw`(?:\d+ (?:IPOs?|SPACs?|direct listings?|uplistings?)(?:, | and )?)+`;
const familyTotal = (phrase: string) => [...phrase.matchAll(/\d+/g)].reduce((a, m) => a + Number(m[0]), 0);

/** "27 IPOs and 2 SPACs began trading this week" or "No IPO began trading this week". */
function debuts(text: string, when: string): number {
  const m = new RegExp(`(${FAMILY}) began trading ${when}|No IPO began trading ${when}`).exec(text);
  expect(m, when).not.toBeNull();
  return m![1] === undefined ? 0 : familyTotal(m![1]);
}

/** "First-day returns from daily price bars are known for K of the N", "…for all N", "Its first-day return is known". */
function returnsKnown(text: string, total: number): number {
  const some = /First-day returns from daily price bars are known for (\d+) of the \d+/.exec(text);
  if (some) return Number(some[1]);
  if (/First-day returns are known for all \d+|Its first-day return is known,/.test(text)) return total;
  return 0;
}

describe('every published article counts what the database holds for its period', () => {
  it('publishes quarterly, weekly and daily reviews', () => {
    expect(articles.map((a) => a.article_id.split('-')[0]).sort()).toEqual(expect.arrayContaining(['daily', 'quarterly', 'weekly']));
  });

  it('quarterly reviews: the IPO count and proceeds are the ipo_calendar\'s, the listings the offerings\', the returns those with price bars', () => {
    const quarterly = articles.filter((a) => a.article_id.startsWith('quarterly-'));
    expect(quarterly.length).toBe(24);
    for (const a of quarterly) {
      const [, year, quarter] = /^quarterly-(\d{4})-Q(\d)$/.exec(a.article_id)!;
      const q = quarterPeriod(Number(year), Number(quarter) as 1 | 2 | 3 | 4);
      const calendar = held('ipo_calendar', q.from, q.to);
      const summary = new RegExp(`^\\d{4} Q\\d: (${FAMILY}), (\\$[\\d,.]+M) raised, `).exec(a.summary);
      expect(summary, a.summary).not.toBeNull();
      expect([familyTotal(summary![1]), summary![2]], a.article_id).toEqual([calendar.n, formatNumber(calendar.proceeds!, 'millions')]);
      expect(coverageListings(a.html), a.article_id).toBe(held('offerings', q.from, q.to).n);
      expect(returnsKnown(plain(a.html), calendar.n), a.article_id).toBe(withReturns(q.from, q.to));
    }
  });

  it('weekly reviews: the debuts are the ipo_calendar\'s of the week, and the lock-up section counts the calendar\'s listings of its year', () => {
    const weekly = articles.filter((a) => a.article_id.startsWith('weekly-'));
    expect(weekly.length).toBeGreaterThanOrEqual(3);
    for (const a of weekly) {
      const w = weekPeriod(/The week of <time datetime="(\d{4}-\d{2}-\d{2})"/.exec(a.html)![1]);
      expect(`weekly-${w.id}`).toBe(a.article_id);
      const text = plain(a.html);
      const n = held('ipo_calendar', w.from, w.to).n;
      expect(debuts(text, 'this week'), a.article_id).toBe(n);
      expect(returnsKnown(text, n), a.article_id).toBe(withReturns(w.from, w.to));
      expect(coverageListings(a.html), a.article_id).toBe(held('offerings', w.from, w.to).n);
      const lockups = new RegExp(`of (?:all |any of )?the (${FAMILY}) that began trading from (\\d{4}-\\d{2}-\\d{2}) to (\\d{4}-\\d{2}-\\d{2})`).exec(text);
      expect(lockups, a.article_id).not.toBeNull();
      const [, count, from, to] = lockups!;
      expect(familyTotal(count), a.article_id).toBe(held('ipo_calendar', from, to).n);
    }
  });

  it('daily spotlights: the debuts are the ipo_calendar\'s of the day', () => {
    const daily = articles.filter((a) => a.article_id.startsWith('daily-'));
    expect(daily.length).toBeGreaterThanOrEqual(3);
    for (const a of daily) {
      const day = a.article_id.slice('daily-'.length);
      const text = plain(a.html);
      const n = held('ipo_calendar', day, day).n;
      expect(debuts(text, 'on this day'), a.article_id).toBe(n);
      expect(returnsKnown(text, n), a.article_id).toBe(withReturns(day, day));
      expect(coverageListings(a.html), a.article_id).toBe(held('offerings', day, day).n);
      // Every final prospectus the coverage counts for the day is named in its priced section, a deal
      // that had begun trading before it too (dMY Squared, Qomolangma, Laser Photonics on 2022-10-03).
      const coverage = plain(/<p class="coverage">[\s\S]*?<\/p>/.exec(a.html)![0]);
      const finals = /(\d+|no) final prospectus(?:es)?(?: \(([^)]*)\))? and/.exec(coverage)!;
      // By deal type, the counts adding up to it (an IPO review's filings may be a follow-on's).
      const byType = (finals[2] ?? '').split(', ').filter(Boolean).map((part) => Number(part.split(' ')[0]));
      expect(byType.reduce((a, b) => a + b, 0), a.article_id).toBe(finals[1] === 'no' ? 0 : Number(finals[1]));
      const priced = /<h2>Priced<\/h2>([\s\S]*?)<h2>/.exec(a.html)![1];
      const named = [...priced.matchAll(/>(424B[14])<\/a>/g)].length;
      expect(named, a.article_id).toBe(finals[1] === 'no' ? 0 : Number(finals[1]));
    }
    const spotlight = plain(articles.find((a) => a.article_id === 'daily-2022-10-03')!.html);
    for (const name of ['dMY Squared', 'Qomolangma', 'Laser Photonics', 'Panbela']) expect(spotlight, name).toContain(name);
  });

  it('names the deals the reviewer found missing: Facebook in 2012 Q2, five 2013-W45 debuts, Hamilton Lane in 2017-W09', () => {
    const html = (id: string) => plain(articles.find((a) => a.article_id === id)!.html);
    for (const name of ['Mavenir', 'Midcoast Energy Partners', 'Norcraft', 'Arc Logistics', 'JG Wentworth', 'TWITTER']) expect(html('weekly-2013-W45'), name).toContain(name);
    expect(html('weekly-2017-W09')).toContain('Hamilton Lane');
    // Facebook once: Yahoo's FB row and Bloomberg's META row are one IPO (the same first day, price and close).
    expect(articles.find((a) => a.article_id === 'quarterly-2012-Q2')!.summary).toMatch(/^2012 Q2: 29 IPOs, \$22,568\.7M raised/);
  });
});

describe('the README describes the demo it documents', () => {
  it('states how many of the bundled news records are served, and the links made on the search phrase alone', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const served = (db.prepare('SELECT count(*) AS n FROM news').get() as { n: number }).n;
    const claim = /\*\*News links\*\*: (\d+) of the (\d+) bundled news records are served/.exec(readme);
    expect(claim).not.toBeNull();
    expect(Number(claim![1])).toBe(served);
    expect(readme).toContain(`; ${served} link to a served company (see Known limits)`);
    const bySearch = db.prepare("SELECT source, company_name, match_confidence FROM news WHERE match_reason = 'name_in_search' ORDER BY source").all() as Array<{ source: string; company_name: string; match_confidence: number }>;
    expect(bySearch).toEqual([
      { source: 'Business Insider India', company_name: 'Snap Inc', match_confidence: 0.65 },
      { source: 'WCCQ', company_name: 'Snap Inc', match_confidence: 0.65 },
    ]);
    const start = readme.indexOf('**News links**');
    const known = readme.slice(start, readme.indexOf('\n- **', start)).replace(/\s+/g, ' ');
    for (const s of bySearch) expect(known).toContain(s.source);
    expect(known).toContain('to Snap Inc. by `name_in_search` at confidence 0.65');
    expect(known).toContain('Snapchat is Snap\'s product and was the company\'s name');
  });
});
