import { describe, expect, it } from 'vitest';
import type { ApiClassification, ApiOffering } from '../../schema/api/types.ts';
import { items, section, subsection } from './article-html.testkit.ts';
import { plain } from './html.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';
import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, quarterPeriod } from './index.ts';
import { periodFacts } from './period-facts.ts';
import { coverageParagraph } from './sentences.ts';
import { addDays } from './period.ts';
import { pipelineAsOf } from './pipeline.ts';
import { publicRegistration, registrationsOf } from './registrations.facts.ts';
import { SUBMISSIONS } from '../offering/sample.testkit.ts';
import { RANKED_LIST_MAX } from './first-day-lists.ts';
import { articleDataOf, indexCompanyRows, indexCompanyWithMarketRows, submissionsCompanyRows, vendorArticleData, vendorCompanyRowsBetween } from './real-rows.testkit.ts';

/**
 * What an IPO analyst reading the articles checks, on the real sample: a deal is judged by its own
 * offering, a day is said to have priced only where a final prospectus dates it, "none" is said only
 * when it was checked, a deal is in one ranked list, reports are no registrations, and a draft and
 * its public registration statement are one registration.
 */

/** What `npm start` serves of 2012–2017 from the vendor tables, with the window price bars. */
const vendor = vendorArticleData('2012-01-01', '2017-12-31');
const IPO_FAMILY = new Set(['ipo', 'spac', 'direct_listing', 'uplisting']);
/** The registration statements an article counts a new registration by (registrations.facts.ts), their drafts aside. */
const PUBLIC_OPENING_FORMS = new Set(['S-1', 'F-1', 'S-11', '1-A']);

describe("a period judges each deal by the offering of that period, not the company's latest (Blue Apron)", () => {
  // Blue Apron listed in 2017 (the Bloomberg row and its bars); on 2022-10-03 the EDGAR index shows its 424B5.
  const rows = indexCompanyWithMarketRows('edgar/index/company.20221003.idx.gz', '0001701114', 'APRN');
  const data = articleDataOf([rows]);

  it('holds a classification that judges the 2022 deal, and the 2017 IPO as an offering of its own', () => {
    const classification = JSON.parse(rows.company.row.classification_json) as ApiClassification;
    // Its 424B5 is a shelf takedown of a company the vendor row shows listed in 2017: a follow-on, off the IPO calendar.
    expect(classification.calendarEligibility).toBe('exclude');
    const offerings = JSON.parse(rows.company.row.offerings_json) as ApiOffering[];
    expect(offerings.map((o) => [o.source, o.dealType, o.listingDate ?? o.openedDate])).toEqual([
      ['vendor', 'ipo', '2017-06-29'],
      // Its 424B5 is the first filing of that deal the data holds: the registration was filed before, on a day not known here.
      ['edgar', 'follow_on', null],
    ]);
  });

  it('counts the 2017 listing as the IPO it was, with no verdict of the 2022 deal applied to it', () => {
    expect(data.listings!.map((l) => [l.listingDate, l.dealType, l.calendarEligibility])).toEqual([['2017-06-29', 'ipo', null]]);
    const review = buildQuarterlyReview(2017, 2, data);
    expect(plain(review.html)).toContain("this service's database holds 1 IPO that began trading then; it raised $300.0M");
    expect(items(section(review.html, 'Best first days'))).toEqual([expect.stringMatching(/^Blue Apron Holdings, Inc\.† \(APRN\): offered at \$10\.00, first close \$10\.00 \(0\.00%\)/)]);
  });

  it("names it among the quarter's weakest first days, where its 0.00% ties the last place", () => {
    const weakest = items(section(buildQuarterlyReview(2017, 2, vendor).html, 'Weakest first days'));
    const aprn = weakest.find((l) => l.includes('(APRN)'));
    expect(aprn).toMatch(/\(0\.00%\), started 2017-06-29\.$/);
    expect(weakest[RANKED_LIST_MAX - 1]).toMatch(/\(0\.00%\)/);
  });
});

describe('a first trading day is not a pricing date', () => {
  it("says Snap began trading on 2017-03-02 and not that it priced that day: the vendor table gives no pricing date", () => {
    const article = buildDailySpotlight('2017-03-02', vendor)!;
    const priced = plain(section(article.html, 'Priced'));
    expect(priced).toBe(
      'No IPO pricing is dated on this day in the data this service holds. 1 IPO that began trading on this day is not dated here: the data holds no final ' +
        'prospectus of it, and the vendor IPO tables give its first trading day, not the day it priced, so it is listed only among the debuts below.',
    );
    expect(items(section(article.html, 'First day of trading'))).toEqual([expect.stringMatching(/^Snap Inc \(SNAP\) began trading: offered at \$17\.00/)]);
    expect(article.summary).toMatch(/^2017-03-02: 1 debut\. Snap Inc \(SNAP\) began trading: /);
    expect(article.summary).not.toMatch(/priced/);
  });
});

describe('an article states only what was known on its date', () => {
  it("averages the quarter's first weeks over the listings whose fifth session closed by the quarter's end (2014 Q2: not GoPro's, which ended 2014-07-02)", () => {
    const index = readWindowIndex();
    // The window files' fifth rows are the fifth sessions; a debut on or before Tuesday 2014-06-24 had its fifth by Monday 2014-06-30.
    const done = index.filter((w) => w.tradeDate >= '2014-04-01' && w.tradeDate <= '2014-06-24' && w.day5Close !== null);
    const mean = done.reduce((a, w) => a + (100 * (w.day5Close! - w.offerPrice)) / w.offerPrice, 0) / done.length;
    const text = plain(buildQuarterlyReview(2014, 2, vendor).html);
    const m = /mean first-week return ([+-][\d.]+)% \(over the (\d+) whose first five sessions ended by 2014-06-30\)/.exec(text)!;
    expect(Number(m[2])).toBe(done.length);
    expect(Math.abs(Number(m[1]) - mean)).toBeLessThanOrEqual(0.01);
    expect(index.filter((w) => w.tradeDate > '2014-06-24' && w.tradeDate <= '2014-06-30').map((w) => w.ticker).sort()).toEqual(['GPRO', 'MIK']);
  });
});

describe('a weekly review states nothing dated after it is published', () => {
  it("the pipeline is the week's last weekday's, before the Saturday the review is published (2017-W09: Friday 2017-03-03)", () => {
    const article = buildWeeklyReview('2017-03-02', vendor);
    expect(article.publishedAt).toBe('2017-03-04T12:00:00.000Z');
    const pipeline = section(article.html, 'The pipeline at the end of the week');
    expect(pipeline).toContain('2017-03-03');
    expect(pipeline).not.toContain('2017-03-05');
  });
});

describe('lock-up expiries: unknown is not none', () => {
  it('says which IPOs could have a lock-up ending in the window and that the data holds no expiry date for them', () => {
    const article = buildWeeklyReview('2017-03-02', vendor);
    // Published Saturday 2017-03-04, looking four weeks ahead; a lock-up ending then began within the year before 2017-04-01.
    const from = addDays('2017-04-01', -365);
    const offerings = vendorCompanyRowsBetween(from, '2017-03-03').flatMap((c) => JSON.parse(c.company.row.offerings_json) as ApiOffering[]);
    const inYear = offerings.filter((o) => o.listingDate !== null && o.listingDate >= from && o.listingDate <= '2017-03-03' && IPO_FAMILY.has(o.dealType));
    const recent = inYear.length;
    const spacs = inYear.filter((o) => o.dealType === 'spac').length;
    // What `SELECT count(*) FROM ipo_calendar WHERE listing_date BETWEEN '2016-04-01' AND '2017-03-03'` gives on the demo: 108
    // (Selecta Biosciences once, Yahoo's SELB being Bloomberg's RNAC; Ottawa Bancorp's second step once, Bloomberg listing it twice;
    // AzurRx dated by its first bar, 2016-10-11, two days before Yahoo's IPO date; GDS and China Online Education by
    // the Yahoo list's IPO date, their first bars being no first trade).
    expect([recent, spacs]).toEqual([108, 10]);
    expect(plain(section(article.html, 'Lock-up expiries ahead'))).toBe(
      'No lock-up expiry is known for the next four weeks (2017-03-04 to 2017-04-01). The data holds no lock-up expiry date for any of the ' +
        `${recent - spacs} IPOs and ${spacs} SPACs that began trading from 2016-04-01 to 2017-03-03 (a lock-up commonly runs six months, some a year), so whether a lock-up ends then is not known. ` +
        'The expiry calendar of the API and its expiry_calendar view give each such IPO the six-month lock-up of market practice, labelled assumed_default; an article states only the expiry dates a prospectus states.',
    );
    expect(article.summary).toMatch(new RegExp(`, no lock-up expiry known ahead \\(${recent} recent listings' lock-up expiries not known\\)\\.$`));
  });
});

describe('the best and weakest first days of a quarter: one ranking, split, each listing once, no tie cut by ticker', () => {
  const returnOf = (line: string) => Number(/\(([+-]?[\d.]+)%\), started/.exec(line)![1]);
  for (let year = 2012; year <= 2017; year++) {
    for (const quarter of [1, 2, 3, 4] as const) {
      const q = quarterPeriod(year, quarter);
      const family = vendor.listings!.filter((l) => l.listingDate >= q.from && l.listingDate <= q.to && IPO_FAMILY.has(l.dealType));
      // The lists rank operating-company IPOs only: a SPAC's flat first day is not ranked beside them.
      const ipos = family.filter((l) => l.dealType === 'ipo');
      const returns = ipos.flatMap((l) => (l.outcome?.day1ReturnPct == null ? [] : [Number(l.outcome.day1ReturnPct.toFixed(2))]));
      const n = returns.length;
      if (n === 0) continue;
      it(`${q.id}: ${n} first closes of ${ipos.length} IPOs`, () => {
        const html = buildQuarterlyReview(year, quarter, vendor).html;
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
        const note = plain(section(html, 'Best first days'));
        expect(note.includes(`Only ${n} listings of this quarter have a first close, too few for two lists of ${RANKED_LIST_MAX}`)).toBe(n < 2 * RANKED_LIST_MAX);
        // The lists rank the IPOs with a first close, and say so when others have none.
        const apart = family.length > ipos.length ? ' (SPACs, direct listings and uplistings are not ranked)' : '';
        expect(note.startsWith(`Ranked among the ${n} of the quarter's ${ipos.length} operating-company IPOs whose first close the data holds${apart}.`)).toBe(n < ipos.length || apart !== '');
        const tickers = (list: string[]) => list.map((l) => /\(([A-Z.\-/]+)\)/.exec(l)?.[1]);
        for (const spac of family.filter((l) => l.dealType !== 'ipo' && l.ticker)) expect([...tickers(best), ...tickers(weakest)]).not.toContain(spac.ticker);
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

  it('counts a confidential draft and the public statement it became as one registration, when it became public', () => {
    const count = (year: number, quarter: 1 | 2 | 3 | 4) => periodFacts(data, quarterPeriod(year, quarter)).coverage.newRegistrations;
    // DOS 2016-08-19 → 1-A 2016-11-14 (Reg A); DRS 2020-12-29 → S-1 2021-05-10 (its IPO): counted at the 1-A and the S-1.
    expect([count(2016, 3), count(2016, 4), count(2020, 4), count(2021, 2)]).toEqual([0, 1, 0, 1]);
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

describe("a deal that traded before its final prospectus was filed priced by its listing (Qomolangma, 2022-09-30 and 2022-10-03)", () => {
  it('is not said to have priced on the day of its 424B4, filed after it began trading', () => {
    const rows = indexCompanyWithMarketRows('edgar/index/company.20221003.idx.gz', '0001894210', 'QOMOU');
    // With only its rows, 2022-10-03 has nothing else to say: no spotlight at all.
    expect(buildDailySpotlight('2022-10-03', articleDataOf([rows]))).toBeNull();
    // The week it began trading names it among the debuts: its review was written before the 424B4.
    expect(plain(buildWeeklyReview('2022-09-30', articleDataOf([rows])).html)).toContain('Qomolangma Acquisition Corp. (QOMOU) began trading on 2022-09-30: offered at $10.00');
  });
});

describe("an article states a vendor's offer size as the later figure it is (Applied Optoelectronics, 2013-09-26)", () => {
  it('says the size may count over-allotment shares exercised by the closing, which the day of pricing did not know', () => {
    const week = buildWeeklyReview('2013-09-26', articleDataOf([submissionsCompanyRows('aaoi', 'AAOI')]));
    const line = items(subsection(section(week.html, 'Deals priced'), 'IPO')).find((l) => l.startsWith('APPLIED OPTOELECTRONICS'))!;
    expect(line).toMatch(/priced at \$10\.00 for \$41\.4M \(the vendor's offer size, reported after the closing: it may count over-allotment shares exercised by then\)/);
  });
});

describe("an article prints no symbol its date did not know (Adeptus Health, 2014-W26)", () => {
  it('prints no ADPTQ, the Q of a bankruptcy it traded into in 2017, and no "(now …)" name', () => {
    const week = plain(buildWeeklyReview('2014-06-26', vendor).html);
    // Its listing symbol, ADPT (the served outcome's), and its name marked as today's: the vendor's.
    expect(week).toMatch(/Adeptus Health Inc† \(ADPT\) began trading on 2014-06-2\d/);
    expect(week).not.toMatch(/[A-Z]{4}Q\b/);
    expect(week).not.toMatch(/\(now |\blater [A-Z]{4}/);
    // Symbols without the fifth-letter Q are printed as they are.
    expect(week).toContain('GoPro Inc† (GPRO)');
  });
});

describe("a debut without price bars quotes the vendor's stated first day, as the API serves it (Hamilton Lane, 2017-W09)", () => {
  it('says the first-day return the outcome serves as vendor_stated, and leaves it out of the averages over bars', () => {
    const week = plain(buildWeeklyReview('2017-03-01', vendor).html);
    expect(week).toMatch(/Hamilton Lane Inc \(HLNE\) began trading on 2017-03-01: offered at \$16\.00; the data holds no daily price bars of it: the vendor IPO table states a first-day return of \+12\.\d+%, which the averages here, over price bars, leave out\./);
  });
});

describe('a draft and its public registration statement in one period are one registration (Solidion, 2026 Q1)', () => {
  const data = articleDataOf([submissionsCompanyRows('solidion', null)]);

  it('counts the DRS of 2026-01-30 and the S-1 of 2026-02-12 once, at the S-1, naming the draft under it', () => {
    const forms = data.filings!.filter((f) => f.filingDate >= '2026-01-01' && ['DRS', 'S-1'].includes(f.formType)).map((f) => `${f.formType} ${f.filingDate}`);
    expect(forms).toEqual(['DRS 2026-01-30', 'S-1 2026-02-12']);
    expect(periodFacts(data, quarterPeriod(2026, 1)).coverage.newRegistrations).toBe(1);
    // The draft was confidential on its day: that day's spotlight does not name it.
    expect(buildDailySpotlight('2026-01-30', data)).toBeNull();
    const day = buildDailySpotlight('2026-02-12', data)!;
    expect(items(section(day.html, 'New registration statements'))).toEqual([
      'Solidion Technology Inc. filed a registration statement (S-1). It had first submitted it as a confidential draft (DRS) on 2026-01-30, ' +
        'which the SEC makes public only with this filing: one registration, counted now.',
    ]);
    expect(day.summary).toMatch(/^2026-02-12: 1 new registration\./);
  });
});

describe('a registration is new at its first public filing, on every surface (Applied Optoelectronics: DRS 2013-04-04, S-1 2013-08-13)', () => {
  const rows = submissionsCompanyRows('aaoi', 'AAOI');
  const data = articleDataOf([rows]);

  it("counts AAOI's IPO registration in 2013 Q3, on the first_filed_date the offerings serve, not at its confidential draft", () => {
    const ipo = (JSON.parse(rows.company.row.offerings_json) as ApiOffering[]).find((o) => o.dealType === 'ipo')!;
    expect([ipo.openedDate, ipo.draftFileNumbers]).toEqual(['2013-08-13', ['377-00143']]);
    const count = (quarter: 2 | 3) => periodFacts(data, quarterPeriod(2013, quarter)).coverage.newRegistrations;
    expect([count(2), count(3)]).toEqual([0, 1]);
    expect(buildDailySpotlight('2013-04-04', data)).toBeNull();
    expect(items(section(buildDailySpotlight(ipo.openedDate!, data)!.html, 'New registration statements'))).toEqual([
      'APPLIED OPTOELECTRONICS, INC. filed a registration statement (S-1). It had first submitted it as a confidential draft (DRS) on 2013-04-04, ' +
        'which the SEC makes public only with this filing: one registration, counted now.',
    ]);
    // Nor is it in the pipeline before it was public.
    expect(pipelineAsOf(data.filings!, '2013-07-31').every((s) => s.count === 0)).toBe(true);
    expect(pipelineAsOf(data.filings!, '2013-08-13').find((s) => s.status === 'filed')!.count).toBe(1);
  });

  it("says whose filings a quarter's coverage counts: AAOI's IPO in 2013 Q3, its follow-on's S-1 and 424B4 in 2014 Q1", () => {
    const coverage = (year: number, quarter: 1 | 3) => periodFacts(data, quarterPeriod(year, quarter)).coverage;
    expect([coverage(2013, 3).newRegistrationsByType, coverage(2013, 3).finalProspectusesByType]).toEqual([[{ dealType: 'ipo', count: 1 }], [{ dealType: 'ipo', count: 1 }]]);
    expect([coverage(2014, 1).newRegistrationsByType, coverage(2014, 1).finalProspectusesByType]).toEqual([[{ dealType: 'follow_on', count: 1 }], [{ dealType: 'follow_on', count: 1 }]]);
    const paragraph = plain(coverageParagraph(coverage(2014, 1), '2014 Q1', '2026-02-02'));
    expect(paragraph).toContain('1 final prospectus (1 follow-on) and 1 new registration statement (1 follow-on) filed in it.');
  });

  it('counts every registration the real submissions open in public on the date its served offering was first filed', () => {
    for (const name of Object.keys(SUBMISSIONS) as Array<keyof typeof SUBMISSIONS>) {
      const company = submissionsCompanyRows(name, null);
      const served = (JSON.parse(company.company.row.offerings_json) as ApiOffering[])
        .filter((o) => o.source === 'edgar' && o.openedDate !== null && o.filingCount > 0)
        .filter((o) => company.filings.some((f) => f.filing_date === o.openedDate && PUBLIC_OPENING_FORMS.has(f.form_type) && f.file_number === o.fileNumber))
        .map((o) => o.openedDate)
        .sort();
      const counted = registrationsOf(articleDataOf([company]).filings!).flatMap((r) => publicRegistration(r)?.filing.lead.filingDate ?? []).sort();
      expect(counted, name).toEqual(served);
    }
  });
});
