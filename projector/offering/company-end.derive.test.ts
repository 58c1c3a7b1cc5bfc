/**
 * A company's end from real daily-index rows (no submissions page: no file numbers, no 8-K items, no
 * exchanges) and the real vendor row of its IPO: the first trade the vendor shows is the evidence it
 * listed, so the exchange's 25-NSE that day's index holds is its delisting.
 */
import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import type { CompanyFacts, FilingFact } from './filing.facts.ts';
import { deriveLifecycle } from './lifecycle.derive.ts';
import { deriveOffering } from './offering.derive.ts';

const TODAY = '2026-01-15';
const OBSERVED = `${TODAY}T00:00:00.000Z`;

const bloomberg = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'));
const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'));
const vendorRow = (table: typeof bloomberg, ticker: string): StoredIpoRow => ({ row: table.find((r) => r.ticker === ticker && r.country === 'US')!, observedAt: OBSERVED });

/** The company's rows of a real daily index, as the projector knows index rows. */
function indexFilings(file: string, cik: string): FilingFact[] {
  return parseEdgarIndex(readSample(`edgar/index/${file}`))
    .entries.filter((e) => e.cik === cik)
    .map((e) => ({ accessionNumber: e.accessionNumber, cik: e.cik, formType: e.formType, filingDate: e.dateFiled, fileNumber: null, primaryDocument: null, acceptanceDateTime: null }));
}

/** What the projector knows of a company only index rows name. */
const indexOnly = (cik: string): CompanyFacts => ({ cik, name: null, entityType: null, sic: null, sicDescription: null, tickers: [], exchanges: [], formerNames: [], updatedAt: OBSERVED });

function endOf(file: string, cik: string, vendorRows: StoredIpoRow[]) {
  const filings = indexFilings(file, cik);
  const offering = deriveOffering({ facts: indexOnly(cik), filings, documents: [], companyName: cik, today: TODAY, firstBarDate: null, vendorRows, historyKnown: false });
  return offering.lifecycle;
}

describe('deriveCompanyEnd on daily-index rows', () => {
  it.each([
    ['Change Healthcare (Nasdaq, the day UnitedHealth closed)', 'company.20221003.idx.gz', '0001756497', vendorRow(bloomberg, 'CHNG'), '2022-10-03', '0001354457-22-000557'],
    ['Habit Restaurants (Nasdaq, the day Yum! closed)', 'form.20200318.idx.gz', '0001617977', vendorRow(yahoo, 'HABT'), '2020-03-18', '0001354457-20-000128'],
    ['Chesapeake Granite Wash Trust (NYSE)', 'form.20200318.idx.gz', '0001524769', vendorRow(bloomberg, 'CHKR'), '2020-03-18', '0000876661-20-000234'],
  ])('%s: the exchange\'s 25-NSE after the IPO the vendor row shows is its delisting', (_name, file, cik, ipo, date, accession) => {
    const lc = endOf(file, cik, [ipo]);
    expect(lc.terminalEvents).toEqual([
      { status: 'delisted', date, accessionNumber: accession, formType: '25-NSE', reason: 'the exchange removed its class from listing (25-NSE)' },
    ]);
    expect(lc.offeringStatus).toBe('delisted');
  });

  it('without the vendor row nothing shows the company listed: the same 25-NSE ends nothing (Change Healthcare)', () => {
    expect(endOf('company.20221003.idx.gz', '0001756497', []).terminalEvents).toEqual([]);
  });

  it('a SPAC\'s IPO row is no evidence of which class a removal is of: Northern Star Investment II\'s 25-NSE of 2024-01-02 ends nothing', () => {
    expect(indexFilings('master.2024-01-02.idx.gz', '0001834518').map((f) => f.formType)).toContain('25-NSE');
    expect(endOf('master.2024-01-02.idx.gz', '0001834518', [vendorRow(bloomberg, 'NSTB-U')]).terminalEvents).toEqual([]);
    // Its first trade taken as an operating company's would end it: the SPAC's row is what holds it back.
    const filings = indexFilings('master.2024-01-02.idx.gz', '0001834518');
    const traded = deriveLifecycle(filings, { today: TODAY, company: indexOnly('0001834518'), listedTradeDates: [vendorRow(bloomberg, 'NSTB-U').row.tradeDate!] });
    expect(traded.terminalEvents.map((e) => [e.status, e.date])).toEqual([['delisted', '2024-01-02']]);
  });
});
