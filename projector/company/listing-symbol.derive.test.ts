/** The symbol a `listed` event may name, on the bundled Bloomberg and Yahoo rows and window bars: never today's symbol. */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseStooqCsv } from '../market/bars.parse.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import { outcomeTicker } from './company-outcome.derive.ts';
import { listingOwnSymbol, type ListingSymbolEvidence } from './listing-symbol.derive.ts';
import { exchangeListingSymbol } from './vendor-symbol.derive.ts';

const OBSERVED = '2026-02-01T12:00:00.000Z';
const bloomberg = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'));
const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'));
const b = (symbol: string): StoredIpoRow => ({ row: bloomberg.find((r) => r.bloombergTicker === `${symbol} US`)!, observedAt: OBSERVED });
const y = (symbol: string): StoredIpoRow => ({ row: yahoo.find((r) => r.ticker === symbol)!, observedAt: OBSERVED });
const windowBars = (ticker: string): StoredBars => ({ ticker, bars: parseStooqCsv(readSample(`prices/window/${ticker}.csv`)), adjusted: true, observedAt: OBSERVED });

/** The evidence as deriveRows hands it over: the outcome's ticker as the views serve it (outcomeTicker), no prospectus read. */
function evidence(vendorRow: StoredIpoRow, secTickers: string[], bars: StoredBars | null = null, namesSinceListing: string[] = []): ListingSymbolEvidence {
  return {
    ticker: outcomeTicker(bars, vendorRow, secTickers[0] ?? null),
    tradingStartDate: vendorRow.row.tradeDate!,
    vendorRow,
    bars,
    secTickers,
    namesSinceListing,
    termsAccession: null,
    terms: new Map(),
  };
}

describe('listingOwnSymbol', () => {
  it("Facebook 2012: Bloomberg's META row repeats the SEC's current ticker under a name EDGAR did not give it after it listed (Facebook Inc on the 2020 index), so no symbol; the Yahoo row of the day says FB", () => {
    const renamed = ['Facebook Inc'];
    expect(evidence(b('META'), ['META']).ticker).toBe('META');
    expect(listingOwnSymbol(evidence(b('META'), ['META'], null, renamed))).toBeNull();
    expect(listingOwnSymbol(evidence({ ...b('META'), sameIpo: [y('FB')] }, ['META'], null, renamed))).toBe('FB');
  });

  it("Ubiquiti Networks 2011: with EDGAR's later name Ubiquiti Networks, Inc., UI (Bloomberg and the SEC today) is no evidence of the listing; Yahoo's UBNT is", () => {
    expect(listingOwnSymbol(evidence(b('UI'), ['UI'], null, ['Ubiquiti Networks, Inc.']))).toBeNull();
    expect(listingOwnSymbol(evidence({ ...b('UI'), sameIpo: [y('UBNT')] }, ['UI'], null, ['Ubiquiti Networks, Inc.']))).toBe('UBNT');
  });

  it('a symbol Bloomberg and the SEC share for a company EDGAR never named otherwise since it listed is the listing\'s: Snap under SNAP', () => {
    expect(listingOwnSymbol(evidence(b('SNAP'), ['SNAP'], null, ['Snap Inc']))).toBe('SNAP');
    expect(listingOwnSymbol(evidence(b('SNAP'), ['SNAP']))).toBe('SNAP');
  });

  it("Nubia's units (NUBIU), which the SEC no longer lists under Solidion's STI, are Bloomberg's listing symbol", () => {
    expect(listingOwnSymbol(evidence(b('NUBIU'), ['STI']))).toBe('NUBIU');
  });

  it("ServiceMaster 2014, known only from the vendor: Yahoo's SERV names the listing whatever Bloomberg's last symbol (Terminix's TMX)", () => {
    expect(listingOwnSymbol(evidence({ ...b('TMX'), sameIpo: [y('SERV')] }, []))).toBe('SERV');
  });

  it("Learn CW: the vendor's over-the-counter LCWUF stands for the NYSE units the SEC lists (LCW-UN, served LCW-U)", () => {
    const secTickers = ['LCW', 'LCW-UN', 'LCW-WT'];
    expect(exchangeListingSymbol(secTickers)).toBe('LCW-U');
    const e = { ...evidence(b('LCWUF'), secTickers), ticker: 'LCW-U' };
    expect(listingOwnSymbol(e)).toBe('LCW-U');
    // Were the SEC to list only the common stock, today's LCW would be no evidence of the listing.
    expect(listingOwnSymbol({ ...e, ticker: 'LCW', secTickers: ['LCW'] })).toBeNull();
  });

  it("a symbol read through Bloomberg's bankruptcy marker (SNECQ → SNEC) may be a later one: Yahoo's SN is the listing's", () => {
    expect(evidence(b('SNECQ'), []).ticker).toBe('SNEC');
    expect(listingOwnSymbol(evidence(b('SNECQ'), []))).toBeNull();
    expect(listingOwnSymbol(evidence({ ...b('SNECQ'), sameIpo: [y('SN')] }, []))).toBe('SN');
  });

  it('Snap 2017, had EDGAR named it otherwise since: bars under SNAP from the first trading day name the symbol the SEC lists today too; without them SNAP is only today\'s', () => {
    const bars = windowBars('SNAP');
    const renamed = ['Snapchat, Inc.'];
    expect(bars.bars[0].date).toBe(b('SNAP').row.tradeDate);
    expect(listingOwnSymbol(evidence(b('SNAP'), ['SNAP'], bars, renamed))).toBe('SNAP');
    expect(listingOwnSymbol(evidence(b('SNAP'), ['SNAP'], null, renamed))).toBeNull();
    // Bars that start later say nothing of the listing day.
    expect(listingOwnSymbol(evidence(b('SNAP'), ['SNAP'], { ...bars, bars: bars.bars.slice(1) }, renamed))).toBeNull();
  });
});
