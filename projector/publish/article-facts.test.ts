import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';
import { dealRole } from './deals.facts.ts';
import { plain } from './html.ts';
import { chartTexts, items, section, subsection } from './article-html.testkit.ts';
import { buildDailySpotlight, buildQuarterlyReview, buildWeeklyReview, weekPeriod } from './index.ts';
import { pipelineAsOf } from './pipeline.ts';
import { articleDataOf, indexCompanyRows, submissionsCompanyRows, vendorArticleData } from './real-rows.testkit.ts';

/**
 * What a reader of the articles checks: every count agrees with the rows its lists, tables and charts
 * show; a deal is counted once; a follow-on is no IPO; an unread prospectus is not "no price"; each
 * review says what it covers. All on the real sample, expectations computed from the sample itself.
 */

const ipos = (n: number) => `${n} IPO${n === 1 ? '' : 's'}`;

describe('weekly reviews of debuts known only from the vendor IPO tables: they began trading, never "priced" on a day', () => {
  const data = vendorArticleData('2013-01-01', '2017-12-31');
  const index = readWindowIndex();
  // The weeks the reviewer measured against `SELECT count(*) FROM ipo_calendar WHERE listing_date BETWEEN …` on the demo.
  const weeks = [
    { date: '2013-11-07', ticker: 'TWTR', calendar: 9, missing: ['Mavenir', 'Midcoast Energy Partners', 'Norcraft', 'Arc Logistics', 'JG Wentworth'] },
    { date: '2014-06-26', ticker: 'GPRO', calendar: null, missing: [] },
    { date: '2017-03-02', ticker: 'SNAP', calendar: 2, missing: ['Hamilton Lane'] },
  ];
  for (const { date, ticker, calendar, missing } of weeks) {
    const w = weekPeriod(date);
    it(`${w.id}: every IPO the database holds began trading is listed, ${ticker} among them, none dated as priced; text, summary, chart and table agree`, () => {
      const article = buildWeeklyReview(date, data);
      const debuts = data.listings!.filter((l) => l.listingDate >= w.from && l.listingDate <= w.to && ['ipo', 'spac'].includes(l.dealType));
      const closed = debuts.filter((d) => d.outcome?.day1ReturnPct != null);
      const n = debuts.length;
      if (calendar !== null) expect(n).toBe(calendar);
      // The price bars the data holds are the window files of those dates: the returns known.
      expect(closed.map((d) => d.outcome!.ticker).sort()).toEqual(index.filter((r) => r.tradeDate >= w.from && r.tradeDate <= w.to && debuts.some((d) => d.ticker === r.ticker)).map((r) => r.ticker).sort());

      // The vendor tables give the first trading day, not the pricing date: nothing is said to have priced this week.
      const priced = section(article.html, 'Deals priced');
      expect(plain(priced)).toContain('No IPO pricing is dated this week in the data this service holds.');
      expect(plain(priced)).toContain(`${ipos(n)} that began trading this week ${n === 1 ? 'is' : 'are'} not dated here: the data holds no final prospectus of`);
      expect(items(priced)).toEqual([]);

      const listed = section(article.html, 'Debuts');
      expect(plain(listed)).toContain(`${ipos(n)} began trading this week`);
      const other = n - closed.length === 1 ? 'the other has' : `the other ${n - closed.length} have`;
      const stated = debuts.filter((d) => d.outcome === null && d.statedDay1ReturnPct != null).length;
      const noBars = n - closed.length;
      const statedNote = stated === 0 ? '' : ` (the vendor IPO table states a first-day return for ${stated === noBars ? (noBars === 1 ? 'it' : `all ${stated}`) : stated}, which the figures here, over price bars, leave out)`;
      if (closed.length < n) expect(plain(listed)).toContain(`First-day returns from daily price bars are known for ${closed.length} of the ${n}; ${other} no daily price bars in the data${statedNote}.`);
      expect(items(listed)).toHaveLength(n);
      for (const name of [ticker, ...missing]) expect(items(listed).filter((i) => i.includes(name)), name).toHaveLength(1);
      expect(items(listed).find((i) => i.includes(`(${ticker})`))).toMatch(/ began trading on \d{4}-\d{2}-\d{2}: offered at \$/);
      for (const line of items(listed).filter((i) => !closed.some((d) => i.includes(`(${d.ticker})`)))) expect(line).toMatch(/; the data holds no daily price bars of it(?:, so its first-day return is not known here|: the vendor IPO table states a first-day return of [+-]?\d+\.\d+%, which the averages here, over price bars, leave out)\.$/);
      const bars = chartTexts(listed, 'day1-returns').filter((t) => debuts.some((d) => d.ticker === t));
      expect(bars.sort()).toEqual(closed.map((d) => d.ticker).sort());
      expect(listed).toContain(`<td><data value="${n}"`);

      // One proceeds figure: the table's is the debuts' served proceeds.
      const proceeds = debuts.reduce((a, d) => a + (d.grossProceeds ?? 0), 0);
      expect(listed).toContain(`>$${(proceeds / 1e6).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}M</data></td>`);
      // No "0 IPOs priced" headline above debuts the data cannot date: the summary leads with them.
      expect(article.summary).toMatch(new RegExp(`^Week of ${w.from}: ${ipos(n)} began trading \\(${n === 1 ? 'its pricing date is not in the data' : 'none with a pricing date in the data'}\\), `));
      expect(article.summary).not.toContain('0 IPOs priced');
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
    expect(registrations).toContain('<p>The EDGAR filings this service holds show no new registration statement filed on this day.</p>');
    // The pipeline holds it once: leaving out the co-registrants' rows changes no stage.
    const lead = [...joint].sort((a, b) => a.cik.localeCompare(b.cik))[0].cik;
    const alone = (data.filings ?? []).filter((f) => f.accessionNumber !== QUALTEK || f.cik === lead);
    expect(pipelineAsOf(data.filings ?? [], DAY)).toEqual(pipelineAsOf(alone, DAY));
  });

  it('holds the registrations amended that day whose first filing predates the data: in progress, those it cannot type named apart', () => {
    const amended = entries.filter((e) => /^(?:S-1|F-1|S-11)\/A$/.test(e.formType));
    expect(amended.map((e) => e.companyName)).toEqual(expect.arrayContaining(['Atour Lifestyle Holdings Ltd', 'Sacks Parente Golf, Inc.', 'T20 HOLDINGS LTD.', 'Elate Group, Inc.', 'Innovation Beverage Group Ltd']));
    const stages = pipelineAsOf(data.filings ?? [], DAY);
    const untyped = stages.flatMap((s) => s.untyped.map((r) => [s.status, r.name]));
    // Every registrant amending an S-1, F-1 or S-11 that day is in progress, typed or not: none is left out.
    const inProgress = new Set(stages.flatMap((s) => [...s.registrants, ...s.untyped].map((r) => r.cik)));
    const leads = new Set(amended.filter((e) => !entries.some((x) => x.accessionNumber === e.accessionNumber && x.cik < e.cik)).map((e) => e.cik));
    const typedElsewhere = (data.filings ?? []).filter((f) => leads.has(f.cik) && f.dealType !== 'unknown' && !/^(?:ipo|spac|direct_listing|uplisting)$/.test(f.dealType ?? ''));
    for (const cik of leads) if (!typedElsewhere.some((f) => f.cik === cik)) expect(inProgress, cik).toContain(cik);
    expect(untyped).toEqual(expect.arrayContaining([
      ['amended', 'Atour Lifestyle Holdings Ltd'], ['amended', 'Elate Group, Inc.'], ['amended', 'Innovation Beverage Group Ltd'],
      ['amended', 'Sacks Parente Golf, Inc.'], ['amended', 'T20 HOLDINGS LTD.'],
    ]));
    // Named apart, not counted among the IPO-family registrations.
    for (const s of stages) expect(s.registrants.filter((r) => s.untyped.some((u) => u.cik === r.cik))).toEqual([]);
    const pipeline = plain(section(article.html, 'The pipeline this evening'));
    expect(pipeline).toMatch(/Not counted above, \d+ registrations whose type this service does not know .* were in progress too: \d+ amended \(/);
    for (const [, name] of untyped) expect(pipeline).toContain(name);
  });

  it('does not count a final prospectus the IPO calendar has not confirmed (Panbela) as an IPO priced', () => {
    const panbela = data.pricings!.find((p) => p.companyName === 'Panbela Therapeutics, Inc.')!;
    expect(panbela.formType).toBe('424B4');
    expect(dealRole(panbela.dealType, panbela.calendarEligibility, false)).not.toBe('ipo');
    const ipoTypes = ['IPO', 'SPAC', 'Direct listing', 'Uplisting'];
    for (const type of ipoTypes) expect(subsection(priced, type)).not.toContain('Panbela');
    const apart = [subsection(priced, 'Not yet confirmed as IPOs'), subsection(priced, 'Not counted as IPOs')].join('');
    expect(items(apart).filter((l) => l.includes('Panbela'))).toHaveLength(1);
    // Counted under their types, by name: a SPAC is never called an IPO ("1 SPAC priced on this day").
    const noun: Record<string, string> = { IPO: 'IPO', SPAC: 'SPAC', 'Direct listing': 'direct listing', Uplisting: 'uplisting' };
    const byType = ipoTypes.map((t) => [t, items(subsection(priced, t)).length] as const).filter(([, n]) => n > 0);
    const phrase = byType.map(([t, n]) => `${n} ${noun[t]}${n === 1 ? '' : 's'}`).join(' and ');
    expect(byType.map(([t]) => t)).toEqual(['SPAC']);
    expect(plain(priced)).toContain(`${phrase} priced on this day`);
    // The summary counts the priced IPO-family deals the section lists under their types (a SPAC among them), Panbela apart.
    expect(article.summary.startsWith(`${DAY}: ${phrase} priced`)).toBe(true);
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
    // Each stage names its registrants, so a reader can check the count.
    for (const s of stages.filter((x) => x.count > 0)) expect(plain(pipeline)).toContain(`${s.count} ${s.label.toLowerCase()} (${s.registrants.map((r) => r.name).join('; ')})`);
    expect(stages.find((s) => s.status === 'priced')!.registrants.map((r) => r.name)).toEqual(['Laser Photonics Corp', 'Qomolangma Acquisition Corp.']);
    // Qomolangma's units traded from 2022-09-30; the filings show its 424B4, not its trading: the stage claims no more.
    // So for Laser Photonics, an IPO by its 424B4 and its insiders' nine Forms 3 of the day.
    expect(plain(pipeline)).toContain('2 priced, not yet seen trading (');
    // The pipeline's priced stage holds the IPO-family deals the Priced section lists (deals of unknown type stay apart).
    const ipoFamily = ['IPO', 'SPAC', 'Direct listing', 'Uplisting', 'Not yet confirmed as IPOs'].flatMap((t) => items(subsection(priced, t))).length;
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
  it('says how many deals the database holds for the quarter, by type and source, and that it is not the market', () => {
    const data = vendorArticleData('2014-04-01', '2014-06-30');
    const listed = data.listings!;
    const byType = (t: string) => listed.filter((l) => l.dealType === t).length;
    const withBars = listed.filter((l) => l.outcome !== null).length;
    // What `SELECT deal_type, count(*) FROM offerings WHERE listing_date BETWEEN '2014-04-01' AND '2014-06-30'` gives on the demo
    // (GrubHub and Rubicon Project once each: Yahoo's GRUB and RUBI rows are Bloomberg's "Grubhub Inc/old" and Magnite IPOs;
    // ServiceMaster once: Yahoo's SERV is Bloomberg's TMX, the only rows of 2014-06-26 at $17.00).
    expect([listed.length, byType('ipo'), byType('fund'), byType('spac'), withBars]).toEqual([60, 56, 2, 2, 20]);
    const article = buildQuarterlyReview(2014, 2, data);
    const coverage = plain(/<p class="coverage">[\s\S]*?<\/p>/.exec(article.html)![0]);
    expect(coverage).toBe(
      "What this covers: for 2014 Q2 this service's database holds 60 listings with a first trading day in it (by deal type: 56 IPOs, 2 funds, 2 SPACs; " +
        '60 in the vendor IPO tables, 20 with a first close from daily price bars, 0 with an offer price read from a final prospectus among its EDGAR filings), and, among its EDGAR filings, ' +
        '0 final prospectuses and 0 new registration statements filed in it. Deals it does not hold are not counted: the figures describe this database, not the whole US IPO market.',
    );
    const ipoProceeds = listed.filter((l) => ['ipo', 'spac'].includes(l.dealType)).reduce((a, l) => a + (l.grossProceeds ?? 0), 0);
    // The ipo_calendar's total for the quarter: 58 listings, $13,876M (ServiceMaster's Yahoo row stated no proceeds).
    expect(Math.round(ipoProceeds / 1e6)).toBe(13876);
    expect(plain(article.html)).toContain(
      "this service's database holds 56 IPOs and 2 SPACs that began trading then; they raised $13,875.9M (the 53 that state proceeds). " +
        "Proceeds are the vendor IPO table's offer sizes, which may include over-allotment shares sold (the vendor does not say which). First-day returns from daily price bars are known for 20 of the 58; the other 38 have no daily price bars in the data",
    );
    // Named, not only counted.
    expect(plain(article.html)).toContain(
      // Named as the vendor names them today (marked), Alcentra with no symbol: Bloomberg's 1990344D is a placeholder, never served.
      '2 other listings are not counted as IPOs: 2 funds (Alcentra Capital Corp†, Duff & Phelps Select MLP and Midstream Energy Fund Inc† (DSE)).',
    );
    // The summary's returns are the operating companies': the SPACs' units are left out of its mean.
    const operatingWithBars = listed.filter((l) => l.dealType === 'ipo' && l.outcome?.day1ReturnPct != null).length;
    expect(operatingWithBars).toBeLessThan(20);
    expect(article.summary).toMatch(new RegExp(`^2014 Q2: 56 IPOs and 2 SPACs, \\$13,875\\.9M raised, operating-company IPOs' first-day returns known for ${operatingWithBars}: `));
  });
});

describe('what an article knows on its date', () => {
  it('names no deal that began trading after the period it reviews, and no later name or symbol of those it does', () => {
    const data = vendorArticleData('2012-01-01', '2019-12-31');
    for (let year = 2012; year <= 2017; year++) {
      for (const quarter of [1, 2, 3, 4] as const) {
        const article = buildQuarterlyReview(year, quarter, data);
        const end = `${year}-${String(quarter * 3).padStart(2, '0')}-${quarter === 1 || quarter === 4 ? 31 : 30}`;
        const text = plain(article.html);
        const later = data.listings!.filter((l) => l.listingDate > end && l.companyName !== null && l.companyName.length > 8);
        expect(later.length).toBeGreaterThan(0);
        for (const l of later) expect(text.includes(l.companyName!), `${article.id} names ${l.companyName}`).toBe(false);
        // Nor a later name or symbol of a deal it does review ("(now Terminix …)", a bankruptcy's fifth-letter Q).
        expect(text, article.id).not.toMatch(/\(now |\b[A-Z]{4}Q\b/);
        for (const name of ['Twitter', 'Facebook']) if (data.listings!.some((l) => l.companyName?.toUpperCase().startsWith(name.toUpperCase()) && l.listingDate > end)) expect(text).not.toContain(name);
      }
    }
  });
});
