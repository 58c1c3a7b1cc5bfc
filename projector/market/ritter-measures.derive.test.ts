import { describe, expect, it } from 'vitest';
import { parseStooqCsv } from './bars.parse.ts';
import { parseIpoTable } from './ipo-table.parse.ts';
import { deriveOutcome, deriveOutcomeFields } from './outcome.derive.ts';
import { deriveRitterMeasures, statedFirstDayPct } from './ritter-measures.derive.ts';
import { readSample } from '../common/sample.testkit.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { readWindowIndex } from './window-index.testkit.ts';

const cal = createTradingCalendar();
const rows = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'));
const bloomberg = (symbol: string) => rows.find((r) => r.bloombergTicker === `${symbol} US`)!;
const barsFor = (ticker: string) => parseStooqCsv(readSample(`prices/window/${ticker}.csv`));
const identity = (ticker: string) => ({ cik: '0000000000', companyName: null, ticker, exchange: null, sicDescription: null, updatedAt: null });

describe("Ritter's measures", () => {
  it("Twitter: money left on the table is the base deal's 70M shares × (first close − offer), from the bars", () => {
    const row = bloomberg('TWTR');
    const out = deriveOutcome(identity('TWTR'), {
      offerPrice: row.offerPrice,
      pricingDate: row.tradeDate!,
      bars: barsFor('TWTR'),
      // The final prospectus's cover: 70,000,000 shares at $26.00, $1,820,000,000 before the option.
      baseDeal: { sharesOffered: 70_000_000, grossProceeds: 1_820_000_000 },
      vendor: { offerSizeMillions: row.offerSizeMillions, offerToFirstClosePct: row.offerToFirstClosePct, tradeDate: row.tradeDate },
    }, cal)!;
    expect(out).toMatchObject({ offerPrice: 26, closeDay1: 44.9, day1ReturnSource: 'price_series', sharesSold: 70_000_000 });
    expect(out).toMatchObject({ grossProceeds: 1_820_000_000, grossProceedsBasis: 'base_deal', moneyLeftOnTable: 1_323_000_000 });
    // Offer → first close, as the vendor's "Offer To 1st Close" (72.69%), not from the open (45.10).
    expect(out.day1ReturnPct).toBeCloseTo(row.offerToFirstClosePct!, 2);
  });

  it('a deal without bars takes the vendor-stated first day; its proceeds are the vendor offer size, labelled as including the over-allotment', () => {
    const row = bloomberg('GPRO');
    const out = deriveOutcome(identity('GPRO'), {
      offerPrice: row.offerPrice,
      pricingDate: row.tradeDate!,
      bars: [],
      vendor: { offerSizeMillions: row.offerSizeMillions, offerToFirstClosePct: row.offerToFirstClosePct, tradeDate: row.tradeDate },
    }, cal)!;
    expect(out).toMatchObject({
      tradingStartDate: '2014-06-26',
      closeDay1: null,
      closeWeek1: null,
      day1ReturnPct: 30.5833,
      day1ReturnSource: 'vendor_stated',
      sharesSold: null,
      grossProceeds: 491_280_000,
      grossProceedsBasis: 'vendor_offer_size',
      status: 'partial',
    });
    // $491.28M × 30.5833%: the 20.47M shares the vendor counts × ($31.34 − $24), within the vendor figure's rounding.
    expect(out.moneyLeftOnTable).toBeCloseTo(150_249_800, -1);
    expect(deriveOutcome(identity('GPRO'), { offerPrice: 24, pricingDate: '2014-06-25', bars: [], vendor: null }, cal)).toBeNull();
  });

  it('for every window ticker, money left from the vendor-stated return agrees with the one from the bars within 0.01% of proceeds', () => {
    const index = readWindowIndex();
    const far: string[] = [];
    let compared = 0;
    for (const w of index) {
      const row = rows.find((r) => r.ticker === w.ticker && r.tradeDate === w.tradeDate);
      if (!row || row.offerSizeMillions === null) continue;
      const vendor = { offerSizeMillions: row.offerSizeMillions, offerToFirstClosePct: row.offerToFirstClosePct };
      const fields = deriveOutcomeFields({ offerPrice: w.offerPrice, pricingDate: w.tradeDate, bars: barsFor(w.ticker) }, cal)!;
      const fromBars = deriveRitterMeasures({ offerPrice: w.offerPrice, closeDay1: fields.closeDay1, day1ReturnPct: fields.day1ReturnPct, baseDeal: null, vendor });
      const stated = deriveRitterMeasures({ offerPrice: w.offerPrice, closeDay1: null, day1ReturnPct: null, baseDeal: null, vendor });
      expect(fromBars.day1ReturnSource).toBe('price_series');
      expect(stated.day1ReturnSource).toBe('vendor_stated');
      compared++;
      if (Math.abs(fromBars.moneyLeftOnTable! - stated.moneyLeftOnTable!) > fromBars.grossProceeds! * 0.0001) far.push(w.ticker);
    }
    expect(compared).toBeGreaterThan(300);
    expect(far).toEqual([]);
  });

  it('derives proceeds from base shares × offer when the prospectus states no total, and leaves what is unknown null', () => {
    expect(deriveRitterMeasures({ offerPrice: 17, closeDay1: 24.48, day1ReturnPct: 44, baseDeal: { sharesOffered: 200_000_000, grossProceeds: null }, vendor: null })).toEqual({
      closeDay1: 24.48,
      day1ReturnPct: 44,
      day1ReturnSource: 'price_series',
      sharesSold: 200_000_000,
      grossProceeds: 3_400_000_000,
      grossProceedsBasis: 'base_deal',
      moneyLeftOnTable: 1_496_000_000,
    });
    expect(deriveRitterMeasures({ offerPrice: null, closeDay1: 10, day1ReturnPct: null, baseDeal: null, vendor: null })).toEqual({
      closeDay1: 10,
      day1ReturnPct: null,
      day1ReturnSource: null,
      sharesSold: null,
      grossProceeds: null,
      grossProceedsBasis: null,
      moneyLeftOnTable: null,
    });
  });

  it("Facebook without bars: offer → the Yahoo list's first close ($38.23, +0.6053%), not Bloomberg's rounded 0.61003%", () => {
    const fb = bloomberg('META');
    expect([fb.tradeDate, fb.offerPrice, fb.offerToFirstClosePct]).toMatchObject(['2012-05-18', 38, expect.closeTo(0.61, 4)]);
    const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz')).find((r) => r.ticker === 'FB')!;
    expect([yahoo.tradeDate, yahoo.firstBarDate, yahoo.firstBarClose]).toEqual(['2012-05-18', '2012-05-18', 38.23]);
    const vendor = { offerSizeMillions: fb.offerSizeMillions, offerToFirstClosePct: fb.offerToFirstClosePct, tradeDate: fb.tradeDate, firstClose: { close: 38.23, offerPrice: 38 } };
    const out = deriveOutcome(identity('FB'), { offerPrice: 38, pricingDate: '2012-05-17', bars: [], vendor }, cal)!;
    expect(out).toMatchObject({ tradingStartDate: '2012-05-18', closeDay1: 38.23, closeWeek1: null, day1ReturnPct: 0.6053, day1ReturnSource: 'vendor_close', status: 'partial' });
    // The vendor's offer size × ($38.23 − $38.00) / $38.00.
    expect(out.moneyLeftOnTable).toBeCloseTo((16_006_900_000 * 0.23) / 38, 0);
    // Bars speak first; a close stated beside another price (another unit's) is not read: the stated return is.
    const fields = { offerPrice: 38, closeDay1: null, day1ReturnPct: null, baseDeal: null };
    expect(deriveRitterMeasures({ ...fields, closeDay1: 38.3, day1ReturnPct: 0.7895, vendor }).day1ReturnSource).toBe('price_series');
    expect(deriveRitterMeasures({ ...fields, vendor: { ...vendor, firstClose: { close: 3.823, offerPrice: 3.8 } } })).toMatchObject({ day1ReturnPct: 0.61, day1ReturnSource: 'vendor_stated', closeDay1: null });
  });

  it("reads no stated close a vendor's stated return contradicts: Yahoo's Hilton bar ($44.12 on $20.00, a history re-based since) beside Bloomberg's +7.5%", () => {
    const hlt = bloomberg('HLT');
    const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz')).find((r) => r.ticker === 'HLT')!;
    expect([yahoo.tradeDate, yahoo.firstBarDate, yahoo.firstBarClose, hlt.tradeDate, hlt.offerToFirstClosePct]).toEqual(['2013-12-12', '2013-12-12', 44.118, '2013-12-12', 7.5]);
    const vendor = { offerSizeMillions: hlt.offerSizeMillions, offerToFirstClosePct: hlt.offerToFirstClosePct, firstClose: { close: yahoo.firstBarClose!, offerPrice: yahoo.offerPrice! } };
    expect(deriveRitterMeasures({ offerPrice: 20, closeDay1: null, day1ReturnPct: null, baseDeal: null, vendor })).toMatchObject({ closeDay1: null, day1ReturnPct: 7.5, day1ReturnSource: 'vendor_stated' });
  });

  it("reads a stated -100% as no first close, never a stock that closed at zero (the raw 2020 export's Ondas row)", () => {
    const row = parseIpoTable(readSample('reference/bloomberg_raw_2020.csv.gz')).find((r) => r.bloombergTicker === 'ONDS US')!;
    expect(row.offerToFirstClosePct).toBe(-100);
    const out = deriveRitterMeasures({ offerPrice: row.offerPrice, closeDay1: null, day1ReturnPct: null, baseDeal: null, vendor: { offerSizeMillions: row.offerSizeMillions, offerToFirstClosePct: row.offerToFirstClosePct } });
    expect([out.day1ReturnPct, out.day1ReturnSource, out.moneyLeftOnTable]).toEqual([null, null, null]);
    expect(statedFirstDayPct(-99.5)).toBe(-99.5);
  });
});
