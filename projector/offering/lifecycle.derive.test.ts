import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { parseStooqCsv } from '../market/bars.parse.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import { readProspectus } from '../extract/prospectus-reader.ts';
import { extractTerms } from '../extract/terms.extract.ts';
import { readDocumentFile, sampleProspectusPath } from '../extract/labelled-samples.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { listingIndex, scanDeal, statusAt } from './deal-status.scan.ts';
import { isIpoFamily, type DealType } from './deal-type.derive.ts';
import { endInForce } from './company-end.derive.ts';
import { chronological } from '../common/forms.ts';
import { groupDeals } from './deals.group.ts';
import { deriveLifecycle, tradeEvidence, type LifecycleOptions } from './lifecycle.derive.ts';
import { loadSubmissions, readSampleFile, SUBMISSIONS } from './sample.testkit.ts';
import type { FilingFact } from './filing.facts.ts';

const SAMPLE = fileURLToPath(new URL('../../data/sample/', import.meta.url));
const TODAY = '2026-07-01';

const statusesOf = (lc: ReturnType<typeof deriveLifecycle>, filings: FilingFact[], key: string) =>
  lc.deals.find((d) => d.key === key)!.filings.map((f) => `${f.formType} ${lc.inferredStatus.get(f.accessionNumber)}`);

describe('deriveLifecycle on Applied Optoelectronics (real submissions)', () => {
  const { company, filings } = loadSubmissions('aaoi');
  const firstBar = parseStooqCsv(readFileSync(`${SAMPLE}prices/window/AAOI.csv`, 'utf8'))[0].date;
  const lc = deriveLifecycle(filings, { today: TODAY, company, firstBarDate: firstBar });

  it('groups the IPO by 333-190591 with its 377- drafts, and the follow-on separately with its S-1MEF', () => {
    const ipo = lc.deals.find((d) => d.key === '333-190591')!;
    expect(ipo.draftFileNumbers).toEqual(['377-00143']);
    expect(ipo.filings.map((f) => f.formType)).toEqual(['DRS', 'DRS/A', 'DRS/A', 'S-1', 'S-1/A', 'S-1/A', 'S-1/A', 'EFFECT', 'FWP', '424B4']);
    const followOn = lc.deals.find((d) => d.key === '333-194379')!;
    expect(followOn.mefFileNumbers).toEqual(['333-194696']);
    expect(followOn.upsized).toBe(true);
    expect(followOn.dealKind).toBe('follow_on');
  });

  it('walks the IPO draft → filed → amended → effective → listed, and the company is listed', () => {
    expect(statusesOf(lc, filings, '333-190591')).toEqual([
      'DRS draft', 'DRS/A draft', 'DRS/A draft', 'S-1 filed', 'S-1/A amended', 'S-1/A amended', 'S-1/A amended',
      'EFFECT effective', 'FWP listed', '424B4 listed',
    ]);
    const ipo = lc.deals.find((d) => d.key === '333-190591')!;
    expect(ipo).toMatchObject({ status: 'listed', effectiveDate: '2013-09-25', pricedDate: '2013-09-25', expectedFirstTradeDate: '2013-09-26', firstTradeDate: '2013-09-26' });
    expect(lc.currentDeal?.key).toBe('333-190591');
    expect(lc.offeringStatus).toBe('listed');
  });

  it('gives the 8-A12B and CERTNAS (outside any deal) the status of the deal current on their date', () => {
    const eightA = filings.find((f) => f.formType === '8-A12B' && f.filingDate === '2013-09-23')!;
    const cert = filings.find((f) => f.formType === 'CERTNAS')!;
    expect(lc.inferredStatus.get(eightA.accessionNumber)).toBe('amended');
    expect(lc.inferredStatus.get(cert.accessionNumber)).toBe('amended');
  });

  it('prices the follow-on but never lists it: the 2013 listing filings predate it', () => {
    const followOn = lc.deals.find((d) => d.key === '333-194379')!;
    expect(followOn.status).toBe('priced');
    expect(followOn.pricedDate).toBe('2014-03-19');
  });

  it('two offerings, each with its own type and status: the 2013 IPO (DRS flip) and the 2014 follow-on (+ S-1MEF)', () => {
    const ipo = lc.deals.find((d) => d.key === '333-190591')!;
    const followOn = lc.deals.find((d) => d.key === '333-194379')!;
    expect(ipo).toMatchObject({ dealKind: 'ipo', status: 'listed', draftFileNumbers: ['377-00143'], mefFileNumbers: [] });
    expect(followOn).toMatchObject({ dealKind: 'follow_on', status: 'priced', draftFileNumbers: [], mefFileNumbers: ['333-194696'] });
    expect(followOn.filings.map((f) => `${f.formType} ${f.fileNumber}`)).toEqual([
      'S-1 333-194379', 'S-1/A 333-194379', 'S-1/A 333-194379', 'S-1/A 333-194379', 'S-1MEF 333-194696', 'EFFECT 333-194379', '424B4 333-194379',
    ]);
    // A follow-on of a listed class has no first trade of its own: the listing date stays the IPO's.
    expect(followOn.expectedFirstTradeDate).toBeNull();
    expect(lc.deals.some((d) => d.key.includes('333-194696'))).toBe(false);
  });

  it('a 424B5 takedown prices its shelf when filed (S-3 333-204703, 424B5 of 2015-07-15)', () => {
    const shelf = lc.deals.find((d) => d.key === '333-204703')!;
    expect(shelf).toMatchObject({ dealKind: 'follow_on', status: 'priced', pricedDate: '2015-07-14', expectedFirstTradeDate: null, overlay: null });
    expect(shelf.finalProspectus?.accessionNumber).toBe('0001047469-15-006138');
    expect(lc.inferredStatus.get('9999999995-15-001708')).toBe('effective');
    expect(lc.inferredStatus.get('0001047469-15-006138')).toBe('priced');
    expect(lc.terminal).toBeNull();
  });

  it('before the first trade day the IPO is only effective', () => {
    const early = deriveLifecycle(filings.filter((f) => f.filingDate <= '2013-09-25'), { today: '2013-09-25', company });
    expect(early.offeringStatus).toBe('effective');
  });
});

describe('deriveLifecycle: launched from the prospectus range (Unicycive)', () => {
  const { company, filings } = loadSubmissions('unicycive');
  const doc = readProspectus(readDocumentFile(sampleProspectusPath('S-1-A_0001213900-21-035033_unicycive.htm.gz')));
  const terms = extractTerms(doc).terms;
  const termsByAccession = new Map([['0001213900-21-035033', terms]]);
  const lc = deriveLifecycle(filings, { today: TODAY, company, termsByAccession });

  it('Amendment No. 3 stating $5.00–$6.00 launches the deal; the IPO ends listed', () => {
    expect(terms.priceRangeLow).toBe(5);
    expect(lc.inferredStatus.get('0001213900-21-035033')).toBe('launched');
    expect(lc.inferredStatus.get('0001213900-21-033200')).toBe('amended');
    const ipo = lc.deals.find((d) => d.key === '333-256367')!;
    expect(ipo.draftFileNumbers).toEqual(['377-03542']);
    expect(ipo.status).toBe('listed');
    expect(lc.offeringStatus).toBe('listed');
  });

  it('later S-3 shelves are follow-ons (the one whose only prospectus is a 424B3, a resale) and do not displace the IPO as the current deal', () => {
    const shelves = lc.deals.filter((d) => d.baseForm === 'S-3');
    expect(shelves.every((d) => d.dealKind === (d.key === '333-280703' ? 'resale' : 'follow_on') && d.expectedFirstTradeDate === null)).toBe(true);
    // 333-283210 sold under 424B5 takedowns (first filed 2025-06-13): priced; the others are effective shelves.
    expect(shelves.map((d) => [d.key, d.status])).toEqual([
      ['333-266890', 'effective'], ['333-273221', 'effective'], ['333-280703', 'effective'], ['333-283210', 'priced'], ['333-296545', 'effective'],
    ]);
    expect(lc.currentDeal?.key).toBe('333-256367');
  });
});

describe('deriveLifecycle on other real companies', () => {
  it('Learn CW: a SPAC listed on its 8-A12B + CERT, later combined (its merger proxy, then the 25-NSE on its file number)', () => {
    const { company, filings } = loadSubmissions('learncw');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    // The deal keeps its own facts; the company's end is served above them.
    expect(lc.currentDeal).toMatchObject({ key: '333-254820', dealKind: 'spac', status: 'listed', delisted: true, expectedFirstTradeDate: '2021-10-08' });
    expect(lc.offeringStatus).toBe('combined');
  });

  it('Alzamend: the DOS joins its Reg A deal, a 1-A-W withdraws the second, the IPO is listed', () => {
    const { company, filings } = loadSubmissions('alzamend');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    expect(lc.deals.find((d) => d.key === '024-10637')!.draftFileNumbers).toEqual(['367-00052']);
    expect(lc.deals.find((d) => d.key === '024-11124')!.status).toBe('withdrawn');
    expect(lc.inferredStatus.get('0001214659-20-002568')).toBe('amended');
    expect(lc.inferredStatus.get('0001214659-20-007995')).toBe('withdrawn');
    expect(lc.offeringStatus).toBe('listed');
  });

  it('the current deal is the latest IPO-family deal not withdrawn (Alzamend before its 2020-12-29 DRS, its Reg A deals typed ipo)', () => {
    const { company, filings } = loadSubmissions('alzamend');
    const upTo2020 = filings.filter((f) => f.filingDate <= '2020-12-28');
    const opts = { today: '2020-12-28', company, dealTypeOf: (d: { key: string }): DealType => (d.key.startsWith('024-') ? 'ipo' : 'unknown') };
    const lc = deriveLifecycle(upTo2020, opts);
    expect(lc.deals.map((d) => [d.key, d.status])).toEqual([['024-10637', 'effective'], ['024-11124', 'withdrawn']]);
    expect(lc.currentDeal?.key).toBe('024-10637');
    expect(lc.offeringStatus).toBe('dormant');
    // A filing outside any deal after the 1-A-W takes the active deal's status, as the definition says.
    expect([...lc.inferredStatus].sort()).toEqual([...statusesByDefinition(upTo2020, lc, opts)].sort());
    const after = upTo2020.find((f) => f.filingDate > '2020-09-21' && !lc.deals.some((d) => d.filings.includes(f)))!;
    expect(lc.inferredStatus.get(after.accessionNumber)).toBe('effective');
  });

  it('Alzamend 2016 Reg A: qualified without a final offering circular → postponed after 15 trading days', () => {
    const { company, filings } = loadSubmissions('alzamend');
    const at = (today: string) => deriveLifecycle(filings.filter((f) => f.filingDate <= today), { today, company }).deals.find((d) => d.key === '024-10637')!;
    expect(at('2016-12-20')).toMatchObject({ status: 'effective', overlay: null });
    expect(at('2017-01-15')).toMatchObject({ status: 'effective', overlay: 'postponed', displayStatus: 'postponed' });
  });

  it('Solidion 2026 S-1 (drafted under 377-08991): stale after 90 idle days, dormant after 270', () => {
    const { company, filings } = loadSubmissions('solidion');
    const deal = (today: string, staleDays?: number) => deriveLifecycle(filings, { today, company, staleDays }).deals.find((d) => d.key === '333-293402')!;
    expect(deal('2026-03-01')).toMatchObject({ status: 'filed', overlay: null });
    expect(deal('2026-07-01')).toMatchObject({ overlay: 'stale', draftFileNumbers: ['377-08991'] });
    expect(deal('2026-07-01', 200).overlay).toBeNull();
    expect(deal('2026-12-01').overlay).toBe('dormant');
  });

  it('Solidion and Vincerx: the S-1MEF filed on EFFECT day joins the IPO deal it upsizes', () => {
    for (const [name, key, mef] of [['solidion', '333-261114', '333-263465'], ['vincerx', '333-236466', '333-236929']] as const) {
      const { company, filings } = loadSubmissions(name);
      const lc = deriveLifecycle(filings, { today: TODAY, company });
      expect(lc.deals.find((d) => d.key === key)).toMatchObject({ mefFileNumbers: [mef], upsized: true, status: 'listed' });
      expect(lc.deals.some((d) => d.key.includes(mef))).toBe(false);
    }
  });

  it('Tesla: the 2010 IPO on the older page is listed; the 2011 S-1 is a priced follow-on', () => {
    const { company, filings } = loadSubmissions('tesla');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    expect(lc.currentDeal).toMatchObject({ key: '333-164593', dealKind: 'ipo', status: 'listed', pricedDate: '2010-06-28' });
    expect(lc.deals.find((d) => d.key === '333-174466')).toMatchObject({ dealKind: 'follow_on', status: 'priced' });
  });

  /** The final supplement's filing date and the pricing date of each shelf of a company's submissions. */
  const takedownDates = (name: Parameters<typeof loadSubmissions>[0], keys: string[]) => {
    const { company, filings } = loadSubmissions(name);
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    return keys.map((key) => {
      const deal = lc.deals.find((d) => d.key === key)!;
      return [deal.finalProspectus?.filingDate, deal.pricedDate];
    });
  };

  it('Tesla\'s shelf takedowns: a 424B5 filed within days after another is the final supplement, the first a preliminary', () => {
    // 333-188625: 424B5s of 2013-05-15 (with the S-3ASR) and 2013-05-17: priced 2013-05-16 ($92.24).
    expect(takedownDates('tesla', ['333-188625', '333-184078'])).toEqual([['2013-05-17', '2013-05-16'], ['2012-09-28', '2012-09-27']]);
  });

  it("Marvell's senior notes price on the day of their final term sheet (FWP), not on the eve of the 424B2 filed two business days later", () => {
    // 333-259141: 424B5 and FWP of 2023-09-11, 424B2 of 2023-09-13; 333-285742: 424B5 and FWP of 2025-06-23, 424B2 of 2025-06-25.
    expect(takedownDates('marvell', ['333-259141', '333-285742'])).toEqual([['2023-09-13', '2023-09-11'], ['2025-06-25', '2025-06-23']]);
  });

  it('Wolfspeed\'s at-the-market supplement filed with its automatic shelf prices no earlier than the shelf is in force', () => {
    const { company, filings } = loadSubmissions('wolfspeed');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    const atm = lc.deals.find((d) => d.key === '333-253001')!;
    expect(atm.effectiveDate).toBe('2021-02-11');
    expect(atm.pricedDate).toBe('2021-02-11');
    for (const d of lc.deals) if (d.pricedDate && d.effectiveDate) expect(d.pricedDate >= d.effectiveDate, d.key).toBe(true);
  });

  it('Marvell, Wolfspeed, TR Finance: no IPO-family deal, so the latest deal (a shelf or resale) is current', () => {
    // Marvell's S-3ASR has 424B5/424B2/424B7 takedowns: priced, its first a 424B5 preliminary and a 424B2
    // final of senior notes (debt). Wolfspeed's resale S-1 and TR Finance's F-3 are effective.
    const expected = {
      marvell: ['333-285742', 'S-3ASR', 'priced', 'debt'],
      wolfspeed: ['333-294149', 'S-1', 'effective', 'resale'],
      trfinance: ['333-285927', 'F-3', 'effective', 'follow_on'],
    } as const;
    for (const [name, [key, form, status, kind]] of Object.entries(expected) as Array<[keyof typeof expected, readonly [string, string, string, string]]>) {
      const { company, filings } = loadSubmissions(name);
      const lc = deriveLifecycle(filings, { today: TODAY, company });
      expect(lc.currentDeal).toMatchObject({ key, baseForm: form, dealKind: kind, expectedFirstTradeDate: null, firstTradeDate: null });
      expect(lc.offeringStatus).toBe(status);
      expect(lc.terminal).toBeNull();
      // Seasoned issuers: none of their offerings is IPO-family, none has a first trade of its own.
      expect(lc.deals.filter((d) => isIpoFamily(d.dealKind) || d.expectedFirstTradeDate !== null || d.status === 'listed')).toEqual([]);
    }
  });

  it('Wolfspeed: the resale S-1 (333-291524, EFFECT 2025-12-15) gives no listing date; the exchange moves of 2021 and 2025 are no delisting', () => {
    const { company, filings } = loadSubmissions('wolfspeed');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    expect(lc.deals.find((d) => d.key === '333-291524')).toMatchObject({ dealKind: 'resale', status: 'effective', effectiveDate: '2025-12-15', expectedFirstTradeDate: null });
    // Form 25 of 2021-10-01 a day after the NYSE 8-A12B; 25-NSE of 2025-09-29 three days after the new 8-A12B.
    expect(lc.terminalEvents).toEqual([]);
    expect(lc.inferredStatus.get('0000876661-25-000713')).not.toBe('delisted');
    // Even without today's exchange on the submissions page, the listings around them make them transfers.
    const unlisted = deriveLifecycle(filings, { today: TODAY, company: { ...company, tickers: [], exchanges: [] } });
    expect(unlisted.terminalEvents).toEqual([]);
  });
});

describe("deriveLifecycle: every lifecycle to its end (real submissions)", () => {
  it('Learn CW: the 2024-08-23 Form 25 came with a new 8-A12B + CERT (a transfer); the 25-NSE of 2024-10-03, 23 days after its merger proxy, is its combination', () => {
    const { company, filings } = loadSubmissions('learncw');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    // Learn CW merged into Innventure, Inc., a new registrant that filed the closing 8-K under its own
    // CIK: Learn CW's own filings show the DEFM14A of 2024-09-10 and the exchange's 25-NSE.
    expect(lc.terminal).toMatchObject({ status: 'combined', date: '2024-10-03', accessionNumber: '0001354457-24-000744', formType: '25-NSE' });
    expect(lc.terminal?.reason).toMatch(/23 days after its merger proxy \(DEFM14A 0001140361-24-040745 of 2024-09-10\)/);
    // Its 15-12G of 2024-11-08 deregisters the shell it left: part of the combination, no delisting.
    expect(lc.terminalEvents).toHaveLength(1);
    expect(lc.inferredStatus.get('0001140361-24-038312')).toBe('listed'); // the Form 25 of the transfer
    expect(lc.inferredStatus.get('0001354457-24-000744')).toBe('combined');
    expect(lc.inferredStatus.get('0001140361-24-045876')).toBe('combined'); // 15-12G
    // As of the day before, the company was still listed.
    const before = deriveLifecycle(filings.filter((f) => f.filingDate <= '2024-10-02'), { today: '2024-10-02', company });
    expect(before).toMatchObject({ offeringStatus: 'listed', terminal: null });
  });

  it('Vincerx: SPAC IPO as LifeSci Acquisition Corp. (2020-03), combined 2020-12-23 (8-K Items 2.01/5.06 of 2020-12-30, its date of report), delisted (Form 25, 2025-04-28)', () => {
    const { company, filings } = loadSubmissions('vincerx');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    expect(lc.currentDeal).toMatchObject({ key: '333-236466', dealKind: 'spac', status: 'listed' });
    expect(lc.terminalEvents.map((e) => [e.status, e.date, e.accessionNumber])).toEqual([
      ['combined', '2020-12-23', '0001193125-20-329821'],
      ['delisted', '2025-04-28', '0001193125-25-100448'],
    ]);
    // The closing (2020-12-23) is the date the 8-K's cover states and the first day of the new name (LifeSci's ended 2020-12-22).
    expect(lc.terminalEvents[0].reason).toBe(
      '8-K reports Item 2.01 and 5.06: the SPAC completed its business combination, which closed on 2020-12-23 (the date of report the 8-K states; the first day of its new name "Vincerx Pharma, Inc.")',
    );
    expect(lc.offeringStatus).toBe('delisted');
    // The 25-NSEs of 2021-04-12 and 2021-05-05 retired the SPAC's units and warrants: the company traded on.
    const midway = deriveLifecycle(filings.filter((f) => f.filingDate <= '2022-01-01'), { today: '2022-01-01', company });
    expect(midway).toMatchObject({ offeringStatus: 'combined', terminal: { status: 'combined', date: '2020-12-23' } });
    expect(lc.inferredStatus.get('0001354457-21-000463')).toBe('combined');
    // Deals opened after the combination keep their own statuses.
    expect(lc.inferredStatus.get('0001193125-25-100448')).toBe('delisted');
    expect(lc.deals.find((d) => d.key === '333-284478')).toMatchObject({ dealKind: 'follow_on', status: 'priced' });
  });

  it('Vincerx without 8-K items (index rows, an older store): the first day after the SPAC name ended dates the combination', () => {
    const { company, filings } = loadSubmissions('vincerx');
    const lc = deriveLifecycle(filings.map((f) => ({ ...f, items: null })), { today: TODAY, company });
    expect(lc.terminalEvents.map((e) => [e.status, e.date, e.accessionNumber])).toEqual([
      ['combined', '2020-12-23', null],
      ['delisted', '2025-04-28', '0001193125-25-100448'],
    ]);
    expect(lc.terminalEvents[0].reason).toMatch(/LifeSci Acquisition Corp\./);
  });

  it('Solidion: a SPAC (Nubia Brand International) by its Item 5.06 of 2024-02-08, combined 2024-02-02 (its date of report, the 25-NSE); its 25-NSEs are the SPAC classes retiring', () => {
    const { company, filings } = loadSubmissions('solidion');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    expect(lc.currentDeal).toMatchObject({ key: '333-261114', dealKind: 'spac', status: 'listed', pricedDate: '2022-03-10' });
    expect(lc.terminalEvents).toEqual([
      {
        status: 'combined', date: '2024-02-02', accessionNumber: '0001213900-24-011711', formType: '8-K',
        reason:
          '8-K reports Item 2.01 and 5.06: the SPAC completed its business combination, which closed on 2024-02-02 (the date of report the 8-K states; the 25-NSE 0001354457-24-000046 removing its class)',
      },
    ]);
    expect(lc.offeringStatus).toBe('combined');
    expect(lc.inferredStatus.get('0001354457-24-000046')).toBe('combined'); // 25-NSE of 2024-02-02, the closing's
    expect(lc.inferredStatus.get('0001213900-24-010119')).toBe('combined'); // 8-K of 2024-02-05, after the closing
    expect(lc.inferredStatus.get('0001354457-24-000192')).toBe('combined'); // 25-NSE of 2024-03-21
    // Its later registrations are follow-ons of the combined company, with their own statuses and overlays.
    expect(lc.deals.filter((d) => d.openedDate > '2024-02-08').map((d) => [d.key, d.dealKind, d.displayStatus])).toEqual([
      ['333-278700', 'resale', 'effective'], // its 424B7 of 2024-07-18 names selling holders: it prices nothing
      ['333-282470', 'resale', 'effective'], // its only prospectus is a 424B3
      ['333-293402', 'follow_on', 'stale'],
    ]);
  });

  it('no end for a company listed on an exchange today, nor before its IPO: Tesla, Unicycive, Alzamend, AAOI', () => {
    for (const name of ['tesla', 'unicycive', 'alzamend', 'aaoi'] as const) {
      const { company, filings } = loadSubmissions(name);
      const lc = deriveLifecycle(filings, { today: TODAY, company });
      expect(lc.terminalEvents).toEqual([]);
      expect(lc.offeringStatus).toBe('listed');
    }
  });

  it('a deal opened before the company ended gets no overlay (Learn CW with its EFFECT and 424B4 left out)', () => {
    const { company, filings } = loadSubmissions('learncw');
    const unpriced = filings.filter((f) => f.formType !== 'EFFECT' && f.formType !== '424B4');
    const ended = deriveLifecycle(unpriced, { today: TODAY, company });
    expect(ended.currentDeal).toMatchObject({ key: '333-254820', status: 'amended', overlay: null, displayStatus: 'amended' });
    expect(ended.offeringStatus).toBe('delisted');
    const before = deriveLifecycle(unpriced.filter((f) => f.filingDate <= '2024-10-02'), { today: '2024-10-02', company });
    expect(before.currentDeal).toMatchObject({ status: 'amended', overlay: 'dormant' });
  });
});

describe('deriveLifecycle on real index rows (no file numbers)', () => {
  const rows = [
    ...parseEdgarIndex(readSampleFile(`${SAMPLE}edgar/index/company.20221003.idx.gz`)).entries,
    ...parseEdgarIndex(readSampleFile(`${SAMPLE}edgar/index/form.20200318.idx.gz`)).entries,
  ];
  const asFacts = (cik: string): FilingFact[] =>
    rows.filter((r) => r.cik === cik).map((r) => ({
      accessionNumber: r.accessionNumber, cik: r.cik, formType: r.formType, filingDate: r.dateFiled,
      fileNumber: null, primaryDocument: null, acceptanceDateTime: null,
    }));

  it("prospectuses of a registration we do not hold, years apart, are two takedowns: OpGen's 424B5s of 2020-03-18 and 2022-10-03", () => {
    const filings = asFacts('0001293818');
    expect(filings.filter((f) => f.formType === '424B5').map((f) => f.filingDate).sort()).toEqual(['2020-03-18', '2022-10-03']);
    const lc = deriveLifecycle(filings, { today: TODAY });
    expect(lc.deals.map((d) => [d.finalProspectus?.filingDate, d.pricedDate])).toEqual([['2020-03-18', '2020-03-17'], ['2022-10-03', '2022-09-30']]);
    expect(lc.currentDeal).toMatchObject({ pricedDate: '2022-09-30' });
  });

  it('an RW alone (Snow Lake Resources, 2022-10-03) is a withdrawn deal', () => {
    const filings = asFacts('0001769697');
    expect(filings.map((f) => f.formType)).toEqual(['RW']);
    const lc = deriveLifecycle(filings, { today: TODAY });
    expect(lc.offeringStatus).toBe('withdrawn');
  });

  it('a deal is listed from its vendor row\'s first trade, so its status never precedes its listing date (Qomolangma, QOMOU)', () => {
    // The company index of 2022-10-03 holds Qomolangma Acquisition Corp.'s 424B4 and nothing before it;
    // Bloomberg's QOMOU US row has its units trading from 2022-09-30, the day the 424B4's date alone would
    // put the pricing on (the trading day before it): the deal priced by 2022-09-29.
    const filings = asFacts('0001894210');
    expect(filings.map((f) => `${f.formType} ${f.filingDate}`)).toEqual(['424B4 2022-10-03', 'SC 13G 2022-10-03']);
    const row = parseIpoTable(readSampleFile(`${SAMPLE}reference/bloomberg_ipo_data_2000_2025.csv.gz`).toString('utf8')).find((r) => r.bloombergTicker === 'QOMOU US')!;
    expect(row.tradeDate).toBe('2022-09-30');
    const dealTypeOf = () => 'spac' as const;
    const lc = deriveLifecycle(filings, { today: TODAY, dealTypeOf, vendorTradeDates: [row.tradeDate!] });
    expect(lc.currentDeal).toMatchObject({ status: 'listed', pricedDate: '2022-09-29', firstTradeDate: '2022-09-30', expectedFirstTradeDate: '2022-09-30' });
    expect(lc.offeringStatus).toBe('listed');
    // As of its own filing date the 424B4 is already a listed deal's: the units traded the trading day before.
    expect([...lc.inferredStatus.values()]).toEqual(['listed', 'listed']);
    // Without the vendor row nothing shows it trading: priced, dated by its 424B4.
    expect(deriveLifecycle(filings, { today: TODAY, dealTypeOf }).currentDeal).toMatchObject({ status: 'priced', pricedDate: '2022-09-30', expectedFirstTradeDate: '2022-10-03' });
    // A vendor row more than VENDOR_TRADE_WINDOW_DAYS after the pricing is another event, not this deal's first trade.
    expect(deriveLifecycle(filings, { today: TODAY, dealTypeOf, vendorTradeDates: ['2022-10-11'] }).offeringStatus).toBe('priced');
    // Nor does a first trade count before the as-of date reaches it.
    expect(deriveLifecycle(filings, { today: '2022-10-03', dealTypeOf, vendorTradeDates: ['2022-10-04'] }).offeringStatus).toBe('priced');
  });

  it('a draft, its index-row amendment and the public statement after them are one deal (UTime, 2020-03-18)', () => {
    // The form index of 2020-03-18 releases UTime's confidential DRS (2019-10-01) and DRS/A (2019-12-23) with its F-1.
    const filings = asFacts('0001789299');
    expect(filings.map((f) => `${f.formType} ${f.filingDate}`)).toEqual(['DRS 2019-10-01', 'DRS/A 2019-12-23', 'F-1 2020-03-18']);
    const deals = groupDeals(filings);
    expect(deals.map((d) => [d.baseForm, d.openedDate, d.filings.map((f) => f.formType)])).toEqual([['F-1', '2020-03-18', ['DRS', 'DRS/A', 'F-1']]]);
    const lc = deriveLifecycle(filings, { today: '2020-03-18' });
    expect(lc.deals).toHaveLength(1);
    expect(filings.map((f) => lc.inferredStatus.get(f.accessionNumber))).toEqual(['draft', 'draft', 'filed']);
  });

  it('an AW alone (Northern Lights Fund Trust II, 2020-03-18) withdraws nothing and opens no deal', () => {
    const filings = asFacts('0001518042').filter((f) => f.formType === 'AW');
    expect(filings).toHaveLength(1);
    const lc = deriveLifecycle(filings, { today: TODAY });
    expect(lc.deals).toHaveLength(0);
    expect(lc.offeringStatus).toBe('none');
  });
});

/**
 * The definition of inferredStatus, computed the slow way: each filing's deal (or, outside any deal,
 * the current deal among those with a filing by then) re-scanned over its filings up to that one.
 */
function statusesByDefinition(filings: FilingFact[], lc: ReturnType<typeof deriveLifecycle>, opts: LifecycleOptions): Map<string, string> {
  const sorted = [...filings].sort(chronological);
  const listing = listingIndex(sorted);
  const calendar = createTradingCalendar();
  const out = new Map<string, string>();
  for (const f of sorted) {
    const upTo = lc.deals
      .map((d) => ({ d, prefix: d.filings.filter((g) => chronological(g, f) <= 0) }))
      .filter((p) => p.prefix.length > 0);
    const own = upTo.find((p) => p.d.filings.includes(f));
    const ended = endInForce({ events: lc.terminalEvents, terminal: lc.terminal }, lc.deals, f.filingDate, own ? own.d.openedDate : null);
    if (ended) {
      out.set(f.accessionNumber, ended.status);
      continue;
    }
    const ipo = upTo.filter((p) => isIpoFamily(p.d.dealKind));
    const withdrawn = (p: (typeof upTo)[number]) => p.prefix.reduce((w, g) => (g.formType === 'RW' || g.formType === '1-A-W' ? true : g.formType === 'RW WD' ? false : w), false);
    const active = ipo.filter((p) => !withdrawn(p));
    const pool = active.length > 0 ? active : ipo.length > 0 ? ipo : upTo;
    const last = (p: (typeof upTo)[number]) => p.prefix[p.prefix.length - 1].filingDate;
    const current = own ?? pool.reduce<(typeof upTo)[number] | null>((best, p) => {
      if (!best) return p;
      const a = [last(p), p.d.openedDate, p.d.key];
      const b = [last(best), best.d.openedDate, best.d.key];
      return a[0] > b[0] || (a[0] === b[0] && (a[1] > b[1] || (a[1] === b[1] && a[2] > b[2]))) ? p : best;
    }, null);
    if (!current) {
      out.set(f.accessionNumber, 'none');
      continue;
    }
    const steps = scanDeal({ ...current.d, filings: current.prefix }, current.d.dealKind, opts.termsByAccession, calendar);
    out.set(f.accessionNumber, statusAt(current.d, steps[steps.length - 1], listing, f.filingDate, tradeEvidence(opts), calendar).status);
  }
  return out;
}

describe('deriveLifecycle: the one-pass inferredStatus equals its definition', () => {
  it.each(Object.keys(SUBMISSIONS) as Array<keyof typeof SUBMISSIONS>)('%s', (name) => {
    const { company, filings } = loadSubmissions(name);
    const firstBarDate = name === 'aaoi' ? parseStooqCsv(readFileSync(`${SAMPLE}prices/window/AAOI.csv`, 'utf8'))[0].date : null;
    const opts = { today: TODAY, company, firstBarDate };
    const lc = deriveLifecycle(filings, opts);
    expect(lc.inferredStatus.size).toBe(filings.length);
    expect([...lc.inferredStatus].sort()).toEqual([...statusesByDefinition(filings, lc, opts)].sort());
  });

  it('an offering of a company that ended is served as its end, with the stage it had reached (Learn CW, Vincerx, Solidion)', () => {
    const served = (name: 'learncw' | 'vincerx' | 'solidion') => {
      const { company, filings } = loadSubmissions(name);
      return deriveLifecycle(filings, { today: TODAY, company }).deals.map((d) => [d.key, d.servedStatus, d.endedBy ? d.displayStatus : null]);
    };
    // Learn CW's SPAC IPO listed on NYSE in 2021; it combined (merger proxy, then the exchange's 25-NSE of 2024-10-03).
    expect(served('learncw')).toEqual([['333-254820', 'combined', 'listed']]);
    // Vincerx (LifeSci Acquisition Corp.): its SPAC IPO ended in the 2020 combination; every registration
    // opened before its Form 25 of 2025-04-28 ended in the delisting, as the company did.
    expect(served('vincerx')).toEqual([
      ['333-236466', 'combined', 'listed'],
      ['333-252589', 'delisted', 'effective'],
      ['333-260246', 'delisted', 'effective'],
      ['333-262239', 'delisted', 'priced'],
      ['333-284478', 'delisted', 'priced'],
    ]);
    // Solidion's SPAC IPO combined on 2024-02-08; the combined company's later registrations keep their own statuses.
    expect(served('solidion')).toEqual([
      ['333-261114', 'combined', 'listed'],
      ['333-278700', 'effective', null],
      ['333-282470', 'effective', null],
      ['333-293402', 'stale', null],
    ]);
  });

  it('a company that did not end serves each deal\'s own status, its withdrawn Reg A deal included (Alzamend)', () => {
    const { company, filings } = loadSubmissions('alzamend');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    expect(lc.deals.every((d) => d.endedBy === null && d.servedStatus === d.displayStatus)).toBe(true);
    expect(lc.deals.map((d) => d.servedStatus)).toContain('withdrawn');
  });
});
