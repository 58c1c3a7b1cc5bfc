import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { parseStooqCsv } from '../market/bars.parse.ts';
import { readProspectus } from '../extract/prospectus-reader.ts';
import { extractTerms } from '../extract/terms.extract.ts';
import { readDocumentFile, sampleProspectusPath } from '../extract/labelled-samples.ts';
import { createTradingCalendar } from '../market/trading-calendar.ts';
import { listingIndex, scanDeal, statusAt } from './deal-status.scan.ts';
import { isIpoFamily } from './deal-type.derive.ts';
import { chronological } from './forms.ts';
import { deriveLifecycle, type LifecycleOptions } from './lifecycle.derive.ts';
import { loadSubmissions, readSampleFile, SUBMISSIONS } from './sample.testkit.ts';
import type { FilingFact } from '../shared/facts.ts';

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

  it('later S-3 shelves are follow-ons and do not displace the IPO as the current deal', () => {
    expect(lc.deals.filter((d) => d.baseForm === 'S-3').every((d) => d.dealKind === 'follow_on' && d.status === 'effective')).toBe(true);
    expect(lc.currentDeal?.key).toBe('333-256367');
  });
});

describe('deriveLifecycle on other real companies', () => {
  it('Learn CW: a SPAC listed on its 8-A12B + CERT, later delisted (25-NSE on its file number)', () => {
    const { company, filings } = loadSubmissions('learncw');
    const lc = deriveLifecycle(filings, { today: TODAY, company });
    expect(lc.currentDeal).toMatchObject({ key: '333-254820', dealKind: 'spac', status: 'listed', delisted: true, expectedFirstTradeDate: '2021-10-08' });
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

  it('Marvell, Wolfspeed, TR Finance: no IPO-family deal, so the latest deal (a shelf or resale) is current', () => {
    const expected = { marvell: '333-285742', wolfspeed: '333-294149', trfinance: '333-285927' } as const;
    for (const [name, key] of Object.entries(expected) as Array<[keyof typeof expected, string]>) {
      const { company, filings } = loadSubmissions(name);
      const lc = deriveLifecycle(filings, { today: TODAY, company });
      expect(lc.currentDeal?.key).toBe(key);
      expect(lc.offeringStatus).toBe('effective');
    }
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

  it('an RW alone (Snow Lake Resources, 2022-10-03) is a withdrawn deal', () => {
    const filings = asFacts('0001769697');
    expect(filings.map((f) => f.formType)).toEqual(['RW']);
    const lc = deriveLifecycle(filings, { today: TODAY });
    expect(lc.offeringStatus).toBe('withdrawn');
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
    const ipo = upTo.filter((p) => isIpoFamily(p.d.dealKind));
    const pool = ipo.length > 0 ? ipo : upTo;
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
    out.set(f.accessionNumber, statusAt(current.d, steps[steps.length - 1], listing, f.filingDate, opts.firstBarDate ?? null).status);
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
});
