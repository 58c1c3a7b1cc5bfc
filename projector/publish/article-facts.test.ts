import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';
import { dealRole } from './deals.facts.ts';
import { plain } from './html.ts';
import { chartTexts, items, section, subsection } from './article-html.testkit.ts';
import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, weekPeriod } from './index.ts';
import { pipelineAsOf } from './pipeline.ts';
import { realOutcomes } from './real-data.testkit.ts';
import { articleDataOf, indexCompanyRows, submissionsCompanyRows } from './real-rows.testkit.ts';

/**
 * What a reader of the articles checks: every count agrees with the rows its lists, tables and charts
 * show; a deal is counted once; a follow-on is no IPO; an unread prospectus is not "no price"; each
 * review says what it covers. All on the real sample, expectations computed from the sample itself.
 */

const ipos = (n: number) => `${n} IPO${n === 1 ? '' : 's'}`;

describe('weekly reviews of debuts known only from the vendor IPO table: they began trading, never "priced" on a day', () => {
  const outcomes = realOutcomes();
  const index = readWindowIndex();
  const weeks = [
    { date: '2013-11-07', ticker: 'TWTR' },
    { date: '2014-06-26', ticker: 'GPRO' },
    { date: '2017-03-02', ticker: 'SNAP' },
  ];
  for (const { date, ticker } of weeks) {
    const w = weekPeriod(date);
    it(`${w.id}: ${ticker} is listed, not dated as priced, and the text, summary, chart and table agree`, () => {
      const article = buildWeeklyReview(date, { outcomes });
      const debuts = index.filter((r) => r.tradeDate >= w.from && r.tradeDate <= w.to);
      expect(debuts.map((d) => d.ticker)).toContain(ticker);
      const n = debuts.length;

      // The vendor table gives the first trading day, not the pricing date: nothing is said to have priced this week.
      const priced = section(article.html, 'Deals priced');
      expect(plain(priced)).toContain('No IPO pricing is dated this week in the data this service holds.');
      expect(plain(priced)).toContain(`${ipos(n)} that began trading this week ${n === 1 ? 'is' : 'are'} not dated here: the data holds no final prospectus of`);
      expect(items(priced)).toEqual([]);
      expect(plain(article.html)).not.toMatch(/by its first trading day/);

      const listed = section(article.html, 'Debuts');
      expect(plain(listed)).toContain(`${ipos(n)} began trading this week.`);
      expect(items(listed)).toHaveLength(n);
      expect(items(listed).find((i) => i.includes(`(${ticker})`))).toMatch(/ began trading on \d{4}-\d{2}-\d{2}: offered at \$/);
      const bars = chartTexts(listed, 'day1-returns').filter((t) => debuts.some((d) => d.ticker === t));
      expect(bars.sort()).toEqual(debuts.map((d) => d.ticker).sort());
      expect(listed).toContain(`<th scope="row">IPO</th><td><data value="${n}"`);

      // One proceeds figure: the table's is the debuts' vendor proceeds.
      const proceeds = outcomes.filter((o) => debuts.some((d) => d.ticker === o.outcome.ticker)).reduce((a, o) => a + o.grossProceeds!, 0);
      expect(listed).toContain(`>$${(proceeds / 1e6).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}M</data></td>`);
      expect(article.summary).toMatch(new RegExp(`^Week of ${w.from}: 0 IPOs priced, ${ipos(n)} began trading \\(${n} with no pricing date in the data\\), `));
    });
  }
});

describe('the daily spotlight of 2022-10-03, on the rows the projector derives from the real EDGAR daily index', () => {
  const DAY = '2022-10-03';
  const entries = parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz')).entries;
  const data = articleDataOf(indexCompanyRows('edgar/index/company.20221003.idx.gz'));
  const article = buildDailySpotlight(DAY, data)!;
  const priced = section(article.html, 'Priced');

  it('counts the co-registrants of one registration statement as one registration', () => {
    const QUALTEK = '0001104659-22-105373';
    const joint = entries.filter((e) => e.accessionNumber === QUALTEK);
    expect(joint.filter((e) => e.formType === 'S-1').length).toBeGreaterThan(10);
    expect(joint.filter((e) => e.formType === 'S-1/A').map((e) => e.companyName)).toEqual(['QualTek Services Inc.']);
    // One line for the filing, naming every registrant once; not a new registration, since it amends one.
    const registrations = section(article.html, 'New registration statements');
    const lines = items(registrations).filter((l) => joint.some((e) => l.includes(e.companyName)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^QualTek Services Inc\. amended its registration statement \(S-1\/A\), with \d+ co-registrants: /);
    for (const e of joint) expect(lines[0].split(e.companyName).length - 1).toBe(1);
    expect(registrations).toContain('<p>No company filed a new registration statement on this day.</p>');
    // The pipeline holds it once: leaving out the co-registrants' rows changes no stage.
    const lead = [...joint].sort((a, b) => a.cik.localeCompare(b.cik))[0].cik;
    const alone = (data.filings ?? []).filter((f) => f.accessionNumber !== QUALTEK || f.cik === lead);
    expect(pipelineAsOf(data.filings ?? [], DAY)).toEqual(pipelineAsOf(alone, DAY));
  });

  it('does not count a final prospectus the IPO calendar has not confirmed (Panbela) as an IPO priced', () => {
    const panbela = data.pricings!.find((p) => p.companyName === 'Panbela Therapeutics, Inc.')!;
    expect(panbela.formType).toBe('424B4');
    expect(dealRole(panbela.dealType, panbela.calendarEligibility, false)).not.toBe('ipo');
    const ipoTypes = ['IPO', 'SPAC', 'Direct listing', 'Uplisting'];
    for (const type of ipoTypes) expect(subsection(priced, type)).not.toContain('Panbela');
    const apart = [subsection(priced, 'Not yet confirmed as IPOs'), subsection(priced, 'Not counted as IPOs')].join('');
    expect(items(apart).filter((l) => l.includes('Panbela'))).toHaveLength(1);
    const counted = ipoTypes.flatMap((t) => items(subsection(priced, t))).length;
    expect(plain(priced)).toContain(counted === 0 ? 'No IPO pricing is dated on this day' : `${ipos(counted)} priced on this day`);
    expect(article.summary).not.toMatch(/\bIPOs? priced\b/);
  });

  it('says a prospectus it has not read is unread, never that it states no price', () => {
    const finals = data.pricings!.filter((p) => p.pricingDate === DAY);
    expect(finals.map((p) => p.formType)).toEqual(entries.filter((e) => e.formType === '424B4' || e.formType === '424B1').map((e) => e.formType));
    expect(article.html).not.toMatch(/no price/i);
    for (const p of finals) {
      const line = items(priced).find((l) => l.includes(`${p.companyName} `))!;
      expect(line).toContain(`filed its final prospectus (${p.formType}) on ${DAY}: it priced by then`);
      expect(line.endsWith('this service has not read it, so the price is not given here.')).toBe(!p.termsRead);
    }
  });

  it("charts the pipeline with the sentence's counts, its priced stage holding the deals the Priced section lists", () => {
    const stages = pipelineAsOf(data.filings ?? [], DAY);
    const pipeline = section(article.html, 'The pipeline this evening');
    const values = chartTexts(pipeline, 'pipeline').slice(-stages.length).map(Number);
    expect(values).toEqual(stages.map((s) => s.count));
    for (const s of stages.filter((x) => x.count > 0)) expect(plain(pipeline)).toContain(`${s.count} ${s.label.toLowerCase()}`);
    // Qomolangma's units traded from 2022-09-30; the filings show its 424B4, not its trading: the stage claims no more.
    expect(plain(pipeline)).toContain('1 priced, not yet seen trading');
    // The pipeline's priced stage holds the IPO-family deals the Priced section lists (deals of unknown type stay apart).
    const ipoFamily =
      ['IPO', 'SPAC', 'Direct listing', 'Uplisting', 'Not yet confirmed as IPOs'].flatMap((t) => items(subsection(priced, t))).length +
      items(subsection(priced, 'Not counted as IPOs')).filter((l) => /^(SPAC|Direct listing|Uplisting|IPO), outside the IPO calendar: /.test(l)).length;
    expect(stages.find((s) => s.status === 'priced')!.count).toBe(ipoFamily);
  });
});

describe('a company with a real IPO and a real follow-on (Applied Optoelectronics, submissions + Bloomberg + bars)', () => {
  const data = articleDataOf([submissionsCompanyRows('aaoi', 'AAOI')]);

  it('counts its IPO once: the final prospectus and the first trading day are one deal', () => {
    const article = buildWeeklyReview('2013-09-26', data);
    const priced = section(article.html, 'Deals priced');
    expect(plain(priced)).toContain('1 IPO priced this week');
    expect(items(subsection(priced, 'IPO'))).toEqual([expect.stringMatching(/^APPLIED OPTOELECTRONICS, INC\. \(AAOI\) priced at \$10\.00 .*; final prospectus \(424B4\) filed 2013-09-26\.$/)]);
    expect(plain(section(article.html, 'Debuts'))).toContain('1 IPO began trading this week.');
    expect(article.summary).toMatch(/^Week of 2013-09-23: 1 IPO priced \(\$[\d,.]+M\), 1 IPO began trading/);
    // The price came from the vendor row: the unread prospectus is not cited for it.
    expect(section(article.html, 'Debuts')).toContain('title="vendor IPO table, AAOI">$10.00</data>');
  });

  it('lists its follow-on apart, not as an IPO priced', () => {
    const article = buildWeeklyReview('2014-03-20', data);
    const priced = section(article.html, 'Deals priced');
    expect(plain(priced)).toContain('No IPO pricing is dated this week');
    expect(items(subsection(priced, 'Not counted as IPOs'))).toEqual([expect.stringMatching(/^Follow-on: APPLIED OPTOELECTRONICS, INC\. \(AAOI\) filed its final prospectus \(424B4\) on 2014-03-20: it priced by then/)]);
    expect(article.summary).toMatch(/^Week of 2014-03-17: 0 IPOs priced, 0 IPOs began trading, 1 other offering priced \(not counted as IPOs\)/);
  });
});

describe('quarterly review coverage', () => {
  it('says how many deals the database holds for the quarter, from which sources, and that the sample is not the market', () => {
    const outcomes = realOutcomes();
    const n = readWindowIndex().filter((r) => r.tradeDate >= '2014-04-01' && r.tradeDate <= '2014-06-30').length;
    const article = buildQuarterlyReview(2014, 2, { outcomes });
    const coverage = plain(/<p class="coverage">[\s\S]*?<\/p>/.exec(article.html)![0]);
    expect(coverage).toBe(
      `What this covers: for 2014 Q2 this service's database holds ${n} listings with a first trading day in it (${n} in the vendor IPO table, ` +
        `${n} with a first close from daily price bars, 0 with an offer price read from a final prospectus among its EDGAR filings), and, among its EDGAR filings, ` +
        '0 final prospectuses and 0 new registration statements filed in it. Deals it does not hold are not counted: the figures describe this sample, not the whole US IPO market.',
    );
    expect(plain(article.html)).toContain(`the ${n} IPOs of this service's sample raised $`);
    expect(article.summary).toContain(`2014 Q2: ${n} listings`);
  });
});
