/** The outcome's ticker on the bundled Bloomberg and Yahoo rows: never a Bloomberg placeholder. */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import { deriveCompanyOutcome, lastSymbolContradicted, outcomeTicker, statedFirstClose } from './company-outcome.derive.ts';

const OBSERVED = '2026-02-01T12:00:00.000Z';
const bloomberg = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'));
const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'));
const b = (symbol: string): StoredIpoRow => ({ row: bloomberg.find((r) => r.bloombergTicker === `${symbol} US`)!, observedAt: OBSERVED });
const y = (symbol: string): StoredIpoRow => ({ row: yahoo.find((r) => r.ticker === symbol)!, observedAt: OBSERVED });

describe('outcomeTicker', () => {
  it('serves the Yahoo symbol of the day for Bloomberg\'s placeholder row of the IPO: GrubHub\'s 9990620D ("Grubhub Inc/old") joined to Yahoo\'s GRUB', () => {
    expect(b('9990620D').row.ticker).toBe('9990620D');
    expect(outcomeTicker(null, { ...b('9990620D'), sameIpo: [y('GRUB')] }, null)).toBe('GRUB');
  });

  it('else the company\'s served ticker: NRG\'s predecessor row 316623Q under NRG', () => {
    expect(outcomeTicker(null, b('316623Q'), 'NRG')).toBe('NRG');
  });

  it('else none: Clear Channel Outdoor\'s 9977553D and Trinseo\'s 9990220D alone serve no ticker', () => {
    expect(outcomeTicker(null, b('9977553D'), null)).toBeNull();
    expect(outcomeTicker(null, b('9990220D'), null)).toBeNull();
  });

  it('a bankrupt issuer\'s last symbol is served without its marker: Dendreon\'s 2000 IPO as DNDN, not DNDNQ; SEC\'s ACORQ for Acorda as ACOR', () => {
    expect(outcomeTicker(null, b('DNDNQ'), null)).toBe('DNDN');
    expect(outcomeTicker(null, null, 'ACORQ')).toBe('ACOR');
    // Four letters ending in Q are a symbol of their own (PetIQ).
    expect(outcomeTicker(null, b('PETQ'), null)).toBe('PETQ');
  });

  it('the outcome is still served, with a null ticker, from the vendor\'s stated first day', () => {
    const vendor = b('9977553D');
    const outcome = deriveCompanyOutcome({ cik: 'V-9977553D-2005-11-11', companyName: vendor.row.issuer, companyTicker: null, exchange: null, sicDescription: null, deal: null, vendorRow: vendor, bars: null, terms: new Map() });
    expect(outcome).toMatchObject({ ticker: null, tradingStartDate: vendor.row.tradeDate, offerPrice: vendor.row.offerPrice });
  });
});

describe('statedFirstClose', () => {
  it("reads Facebook's first close from the Yahoo row joined to Bloomberg's META: the outcome's return is $38.23 on $38.00, vendor_close", () => {
    const vendor = { ...b('META'), sameIpo: [y('FB')] };
    expect(statedFirstClose(vendor)).toEqual({ close: 38.23, offerPrice: 38 });
    const outcome = deriveCompanyOutcome({ cik: '0001326801', companyName: 'Meta Platforms, Inc.', companyTicker: 'META', exchange: null, sicDescription: null, deal: null, vendorRow: vendor, bars: null, terms: new Map() });
    expect(outcome).toMatchObject({ closeDay1: 38.23, day1ReturnPct: 0.6053, day1ReturnSource: 'vendor_close' });
    // Bloomberg's row alone states only its rounded return.
    expect(statedFirstClose(b('META'))).toBeNull();
    expect(deriveCompanyOutcome({ cik: '0001326801', companyName: 'Meta Platforms, Inc.', companyTicker: 'META', exchange: null, sicDescription: null, deal: null, vendorRow: b('META'), bars: null, terms: new Map() })).toMatchObject({ closeDay1: null, day1ReturnPct: 0.61, day1ReturnSource: 'vendor_stated' });
  });

  it("serves Alibaba's first close as quoted, $93.89, not the list's 93.889999, even from a row imported before the parser rounded; the return is the rounded close's", () => {
    const baba = y('BABA');
    // The payload as an earlier import stored it: the list's cell as read.
    const imported: StoredIpoRow = { ...baba, row: { ...baba.row, firstBarClose: 93.889999 } };
    for (const vendor of [baba, imported]) {
      expect(statedFirstClose(vendor)).toEqual({ close: 93.89, offerPrice: 68 });
      const outcome = deriveCompanyOutcome({ cik: '0001577552', companyName: 'Alibaba Group Holding Ltd', companyTicker: 'BABA', exchange: null, sicDescription: null, deal: null, vendorRow: vendor, bars: null, terms: new Map() });
      expect(outcome).toMatchObject({ closeDay1: 93.89, day1ReturnPct: Math.round(((100 * (93.89 - 68)) / 68) * 10_000) / 10_000, day1ReturnSource: 'vendor_close' });
    }
  });

  it('reads no bar that is not the first trade: a Yahoo row whose first bar falls off its IPO date states no first close', () => {
    const offDay = yahoo.filter((r) => r.firstBarDate != null && r.firstBarClose != null && r.tradeDate !== r.firstBarDate);
    expect(offDay.length).toBeGreaterThan(10);
    expect(offDay.filter((r) => statedFirstClose({ row: r, observedAt: OBSERVED }) !== null)).toEqual([]);
    // Nor one in other units than its offer (Banco Macro's ADS bar beside its per-share price).
    expect(yahoo.filter((r) => r.priceUnitsDiffer).every((r) => statedFirstClose({ row: r, observedAt: OBSERVED }) === null)).toBe(true);
  });
});

describe("lastSymbolContradicted: Bloomberg's last symbol against the SEC's ticker file (data/sample/edgar/company_tickers.json.gz)", () => {
  it("aTyr's 2015 IPO: Bloomberg's ATYR where the SEC file lists LIFE, its symbol until 2021: the symbol of the day is unknown", () => {
    expect(lastSymbolContradicted(null, b('ATYR'), ['LIFE'])).toBe(true);
  });

  it('not when the file lists the same stock (SNAP; ACORQ for ACORQ), only preferred classes (NuStar, NS-PB), or the row is units (Cepton\'s SPAC GCACU beside CPTN)', () => {
    expect(lastSymbolContradicted(null, b('SNAP'), ['SNAP'])).toBe(false);
    expect(lastSymbolContradicted(null, b('ACORQ'), ['ACORQ'])).toBe(false);
    expect(lastSymbolContradicted(null, b('NS'), ['NS-PB'])).toBe(false);
    expect(lastSymbolContradicted(null, b('GCACU'), ['CPTN', 'CPTNW'])).toBe(false);
  });

  it("nor when the Yahoo row of the day names the symbol (Facebook's FB beside Bloomberg's META)", () => {
    expect(lastSymbolContradicted(null, { ...b('META'), sameIpo: [y('FB')] }, ['META'])).toBe(false);
    expect(lastSymbolContradicted(null, b('META'), ['META'])).toBe(false);
  });
});
