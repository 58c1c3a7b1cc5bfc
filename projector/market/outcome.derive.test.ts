import { describe, expect, it } from 'vitest';
import { parseStooqCsv } from './bars.parse.ts';
import { deriveOutcome, deriveOutcomeFields, returnPct } from './outcome.derive.ts';
import { readSample } from '../common/sample.testkit.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { readWindowIndex } from './window-index.testkit.ts';

const cal = createTradingCalendar();
const index = readWindowIndex();
const barsFor = (ticker: string) => parseStooqCsv(readSample(`prices/window/${ticker}.csv`));

describe('outcome from daily bars', () => {
  it('matches Bloomberg "Offer To 1st Close" within 0.01 pp for every window ticker', () => {
    let agreeing = 0;
    const disagreeing: string[] = [];
    for (const row of index) {
      const out = deriveOutcomeFields({ offerPrice: row.offerPrice, pricingDate: row.tradeDate, bars: barsFor(row.ticker) }, cal);
      expect(out?.tradingStartDate, row.ticker).toBe(row.tradeDate);
      if (Math.abs(out!.day1ReturnPct! - row.bloombergDay1Pct) <= 0.01) agreeing++;
      else disagreeing.push(row.ticker);
    }
    expect(index).toHaveLength(321);
    expect(disagreeing).toEqual([]);
    expect(agreeing).toBe(321);
  });

  it('takes the week-1 close on the 5th session, as INDEX.csv day5_close does', () => {
    const mismatched: string[] = [];
    for (const row of index) {
      const out = deriveOutcomeFields({ offerPrice: row.offerPrice, pricingDate: row.tradeDate, bars: barsFor(row.ticker) }, cal)!;
      if (row.day5Close === null) {
        expect(out.status, row.ticker).toBe('partial');
        expect(out.closeWeek1).toBeNull();
        continue;
      }
      expect(out.status, row.ticker).toBe('complete');
      if (out.closeWeek1 !== row.day5Close) mismatched.push(row.ticker);
    }
    // ELECU had no trade on 2015-06-16, so its 5th row is the 6th session; the 5th session
    // (2015-06-17) closed at 10.08, the last trade of week 1.
    expect(mismatched).toEqual(['ELECU']);
    const elecu = deriveOutcomeFields({ offerPrice: 10, pricingDate: '2015-06-11', bars: barsFor('ELECU') }, cal)!;
    expect(elecu).toMatchObject({ closeWeek1: 10.08, week1TradingDays: 4, week1ReturnPct: 0.8 });
  });

  it('builds the full ApiOutcome for GoPro (priced 2014-06-25, first trade the next day)', () => {
    const out = deriveOutcome(
      { cik: '0001500435', companyName: 'GoPro, Inc.', ticker: 'GPRO', exchange: 'Nasdaq', sicDescription: null, updatedAt: null },
      { offerPrice: 24, pricingDate: '2014-06-25', bars: barsFor('GPRO') },
      cal,
    );
    expect(out).toEqual({
      cik: '0001500435',
      companyName: 'GoPro, Inc.',
      ticker: 'GPRO',
      exchange: 'Nasdaq',
      sicDescription: null,
      tradingStartDate: '2014-06-26',
      offerPrice: 24,
      closeDay1: 31.34,
      closeWeek1: 42.04,
      week1TradingDays: 5,
      day1ReturnPct: 30.5833,
      day1ReturnSource: 'price_series',
      week1ReturnPct: 75.1667,
      sharesSold: null,
      grossProceeds: null,
      grossProceedsBasis: null,
      moneyLeftOnTable: null,
      status: 'complete',
      updatedAt: null,
    });
  });

  it('is partial while week 1 is still in progress, and null before trading', () => {
    const bars = barsFor('MDB').slice(0, 3);
    const out = deriveOutcomeFields({ offerPrice: 24, pricingDate: '2017-10-18', bars }, cal)!;
    expect(out).toMatchObject({ tradingStartDate: '2017-10-19', closeDay1: 32.07, closeWeek1: null, week1TradingDays: 3, status: 'partial' });
    expect(out.day1ReturnPct).toBe(33.625);
    expect(deriveOutcomeFields({ offerPrice: 24, pricingDate: '2017-10-20', bars: bars.slice(0, 1) }, cal)).toBeNull();
    expect(deriveOutcomeFields({ offerPrice: null, pricingDate: '2017-10-18', bars }, cal)!.day1ReturnPct).toBeNull();
  });

  it('rounds returns to 4 decimals', () => {
    expect(returnPct(3, 4)).toBe(33.3333);
    expect(returnPct(0, 4)).toBeNull();
  });
});
