import { describe, expect, it } from 'vitest';
import type { ApiClassification, ApiOffering } from '../../schema/api/types.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';
import { items, section } from './article-html.testkit.ts';
import { plain } from './html.ts';
import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, quarterPeriod } from './index.ts';
import { periodFacts } from './period-facts.ts';
import { addDays } from './period.ts';
import { pipelineAsOf } from './pipeline.ts';
import { RANKED_LIST_MAX } from './first-day-lists.ts';
import { realOutcomes } from './real-data.testkit.ts';
import { articleDataOf, indexCompanyRows, indexCompanyWithMarketRows, submissionsCompanyRows } from './real-rows.testkit.ts';

/**
 * What an IPO analyst reading the articles checks, on the real sample: a deal is judged by its own
 * offering, a day is said to have priced only where a final prospectus dates it, "none" is said only
 * when it was checked, a deal is in one ranked list, reports are no registrations, and a draft and
 * its public registration statement are one registration.
 */

const outcomes = realOutcomes();
const index = readWindowIndex();

describe("a period judges each deal by the offering of that period, not the company's latest (Blue Apron)", () => {
  // Blue Apron listed in 2017 (the Bloomberg row and its bars); on 2022-10-03 the EDGAR index shows its 424B5.
  const rows = indexCompanyWithMarketRows('edgar/index/company.20221003.idx.gz', '0001701114', 'APRN');
  const data = articleDataOf([rows]);

  it('holds a classification that judges the 2022 deal, and the 2017 IPO as an offering of its own', () => {
    const classification = JSON.parse(rows.company.row.classification_json) as ApiClassification;
    expect(classification.calendarEligibility).toBe('review');
    const offerings = JSON.parse(rows.company.row.offerings_json) as ApiOffering[];
    expect(offerings.map((o) => [o.source, o.dealType, o.listingDate ?? o.openedDate])).toEqual([
      ['vendor', 'ipo', '2017-06-29'],
      ['edgar', 'unknown', '2022-10-03'],
    ]);
  });

  it('counts the 2017 listing as the IPO it was, with no verdict of the 2022 deal applied to it', () => {
    expect(data.outcomes!.map((o) => [o.outcome.tradingStartDate, o.dealType, o.calendarEligibility])).toEqual([['2017-06-29', 'ipo', null]]);
    const review = buildQuarterlyReview(2017, 2, data);
    expect(plain(review.html)).toContain("the 1 IPO of this service's sample raised $300.0M");
    expect(items(section(review.html, 'Best first days'))).toEqual([expect.stringMatching(/^Blue Apron Holdings, Inc\. \(APRN\): offered at \$10\.00, first close \$10\.00 \(0\.00%\)/)]);
  });

  it("names it among the quarter's weakest first days, where its 0.00% ties the last place", () => {
    const weakest = items(section(buildQuarterlyReview(2017, 2, { outcomes }).html, 'Weakest first days'));
    const aprn = weakest.find((l) => l.includes('(APRN)'));
    expect(aprn).toMatch(/\(0\.00%\), started 2017-06-29\.$/);
    expect(weakest[RANKED_LIST_MAX - 1]).toMatch(/\(0\.00%\)/);
  });
});

describe('a first trading day is not a pricing date', () => {
  it("says Snap began trading on 2017-03-02 and not that it priced that day: the vendor table gives no pricing date", () => {
    const article = buildDailySpotlight('2017-03-02', { outcomes })!;
    const priced = plain(section(article.html, 'Priced'));
    expect(priced).toBe(
      'No IPO pricing is dated on this day in the data this service holds. 1 IPO that began trading on this day is not dated here: the data holds no final ' +
        'prospectus of it, and the vendor IPO table gives its first trading day, not the day it priced, so it is listed only among the debuts below.',
    );
    expect(items(section(article.html, 'First day of trading'))).toEqual([expect.stringMatching(/^Snap Inc \(SNAP\) began trading: offered at \$17\.00/)]);
    expect(article.summary).toMatch(/^2017-03-02: 1 debut\. Snap Inc \(SNAP\) began trading: /);
    expect(article.summary).not.toMatch(/priced/);
  });
});

describe('lock-up expiries: unknown is not none', () => {
  it('says which IPOs could have a lock-up ending in the window and that the data holds no expiry date for them', () => {
    const article = buildWeeklyReview('2017-03-02', { outcomes });
    // Published Saturday 2017-03-04, looking four weeks ahead; a lock-up ending then began within the year before 2017-04-01.
    const recent = index.filter((w) => w.tradeDate >= addDays('2017-04-01', -365) && w.tradeDate <= '2017-03-03').length;
    expect(recent).toBeGreaterThan(10);
    expect(plain(section(article.html, 'Lock-up expiries ahead'))).toBe(
      'No lock-up expiry is known for the next four weeks (2017-03-04 to 2017-04-01). The data holds no lock-up expiry date for any of the ' +
        `${recent} IPOs that began trading from 2016-04-01 to 2017-03-03 (a lock-up commonly runs six months, some a year), so whether a lock-up ends then is not known.`,
    );
    expect(article.summary).toMatch(new RegExp(`, no lock-up expiry known ahead \\(${recent} recent IPOs' lock-up expiries not known\\)\\.$`));
  });
});

describe('the best and weakest first days of a quarter: one ranking, split, each listing once, no tie cut by ticker', () => {
  const returnOf = (line: string) => Number(/\(([+-]?[\d.]+)%\), started/.exec(line)![1]);
  for (let year = 2012; year <= 2017; year++) {
    for (const quarter of [1, 2, 3, 4] as const) {
      const q = quarterPeriod(year, quarter);
      const returns = index.filter((w) => w.tradeDate >= q.from && w.tradeDate <= q.to).map((w) => Number(w.bloombergDay1Pct.toFixed(2)));
      const n = returns.length;
      if (n === 0) continue;
      it(`${q.id}: ${n} first closes`, () => {
        const html = buildQuarterlyReview(year, quarter, { outcomes }).html;
        const best = items(section(html, 'Best first days'));
        const weakest = items(section(html, 'Weakest first days'));
        expect(best.filter((b) => weakest.includes(b))).toEqual([]);
        expect(best.length).toBeGreaterThanOrEqual(Math.min(RANKED_LIST_MAX, Math.ceil(n / 2)));
        expect(weakest.length).toBeGreaterThanOrEqual(Math.min(RANKED_LIST_MAX, n - Math.min(RANKED_LIST_MAX, Math.ceil(n / 2))));
        // Every listing left out is strictly between the lists: none ties or beats a listed one.
        const lowestBest = Math.min(...best.map(returnOf));
        const highestWeak = Math.max(...weakest.map(returnOf));
        expect(returns.filter((r) => r > highestWeak && r < lowestBest)).toHaveLength(n - best.length - weakest.length);
        // A list runs past RANKED_LIST_MAX only for a tie at its last place.
        if (best.length > RANKED_LIST_MAX) expect(returnOf(best[best.length - 1])).toBe(returnOf(best[RANKED_LIST_MAX - 1]));
        if (weakest.length > RANKED_LIST_MAX) expect(returnOf(weakest[weakest.length - 1])).toBe(returnOf(weakest[RANKED_LIST_MAX - 1]));
        const note = plain(section(html, 'Best first days')).startsWith(`Only ${n} listings of this quarter have a first close, too few for two lists of ${RANKED_LIST_MAX}`);
        expect(note).toBe(n < 2 * RANKED_LIST_MAX);
      });
    }
  }
});

describe('only registration statements are registrations (Alzamend: Reg A reports after its 1-A)', () => {
  const data = articleDataOf([submissionsCompanyRows('alzamend', null)]);

  it("keeps no registration in the pipeline for a company's semiannual, annual or current reports", () => {
    const reports = data.filings!.filter((f) => ['1-SA', '1-K', '1-U'].includes(f.formType));
    expect(reports.length).toBeGreaterThan(5);
    // Each report sat in the 270 days after Alzamend's 2016 Reg A qualification or its 2019 1-A; none is a stage of an IPO.
    for (const date of ['2017-03-02', '2018-03-01', '2019-03-05', '2020-03-18']) expect(pipelineAsOf(data.filings!, date).every((s) => s.count === 0), date).toBe(true);
  });

  it('counts a confidential draft and the public statement it became as one registration, at the draft', () => {
    const count = (year: number, quarter: 1 | 2 | 3 | 4) => periodFacts(data, quarterPeriod(year, quarter)).coverage.newRegistrations;
    // DOS 2016-08-19 → 1-A 2016-11-14 (Reg A); DRS 2020-12-29 → S-1 2021-05-10 (its IPO).
    expect([count(2016, 3), count(2016, 4), count(2020, 4), count(2021, 2)]).toEqual([1, 0, 1, 0]);
  });
});

describe('a deal the data shows trading has left the pipeline (Qomolangma, 2022-10-03)', () => {
  it('does not keep a SPAC "priced" whose units the vendor table shows trading from 2022-09-30: its filings say listed, as the API does', () => {
    const rows = indexCompanyWithMarketRows('edgar/index/company.20221003.idx.gz', '0001894210', 'QOMOU');
    const filings = articleDataOf([rows]).filings!;
    expect(filings.map((f) => [f.formType, f.inferredStatus, f.listingDate])).toContainEqual(['424B4', 'listed', '2022-09-30']);
    expect(rows.company.row.offering_status).toBe('listed');
    expect(pipelineAsOf(filings, '2022-10-03').every((s) => s.count === 0)).toBe(true);
    // Without the vendor row the filings are all the data holds: priced, not yet seen trading.
    const edgarOnly = indexCompanyRows('edgar/index/company.20221003.idx.gz').filter((c) => c.company.row.cik === '0001894210');
    expect(pipelineAsOf(articleDataOf(edgarOnly).filings!, '2022-10-03').find((s) => s.status === 'priced')!.count).toBe(1);
  });
});

describe('a draft and its public registration statement in one period are one registration (Solidion, 2026 Q1)', () => {
  const data = articleDataOf([submissionsCompanyRows('solidion', null)]);

  it('counts the DRS of 2026-01-30 and the S-1 of 2026-02-12 once, and says the S-1 is no new registration', () => {
    const forms = data.filings!.filter((f) => f.filingDate >= '2026-01-01' && ['DRS', 'S-1'].includes(f.formType)).map((f) => `${f.formType} ${f.filingDate}`);
    expect(forms).toEqual(['DRS 2026-01-30', 'S-1 2026-02-12']);
    expect(periodFacts(data, quarterPeriod(2026, 1)).coverage.newRegistrations).toBe(1);
    const day = buildDailySpotlight('2026-02-12', data)!;
    expect(items(section(day.html, 'New registration statements'))).toEqual([
      'Solidion Technology Inc. publicly filed its registration statement (S-1). It first submitted it as a confidential draft (DRS) on 2026-01-30: ' +
        'one registration, counted on that day, not a new one.',
    ]);
    expect(day.summary).toMatch(/^2026-02-12: 1 public filing of a drafted registration\./);
  });
});
