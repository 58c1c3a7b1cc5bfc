import { describe, expect, it } from 'vitest';
import { linkIpoRows, parseIpoTable, parsePriceRange, tickerMapFromCompanyTickers } from './ipo-table.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { readWindowIndex } from './window-index.testkit.ts';

const rows = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'));
const tickers = tickerMapFromCompanyTickers(readSample('edgar/company_tickers.json.gz'));

describe('Bloomberg-format IPO table', () => {
  it('parses every row of the real export', () => {
    expect(rows).toHaveLength(4722);
    expect(rows.filter((r) => r.country === 'US')).toHaveLength(4558);
    const twtr = rows.find((r) => r.bloombergTicker === 'TWTR US')!;
    expect(twtr).toMatchObject({
      ticker: 'TWTR',
      issuer: 'Twitter Inc',
      offerPrice: 26,
      rangeLow: 23,
      rangeHigh: 25,
      tradeDate: '2013-11-07',
      offerSizeMillions: 2093,
      pricedRange: 'Priced Above Range',
      industrySector: 'Communications',
    });
    expect(twtr.offerToFirstClosePct).toBeCloseTo(72.6923, 4);
  });

  it('keeps quoted fields with commas intact and maps unit slashes to dashes', () => {
    const bgpt = rows.find((r) => r.bloombergTicker === 'BGPTQ US')!;
    expect(bgpt.industrySector).toBe('Consumer, Non-cyclical');
    expect(rows.find((r) => r.bloombergTicker === 'TPGE/U US')!.ticker).toBe('TPGE-U');
  });

  it('leaves blank cells null rather than zero', () => {
    const blankDate = rows.filter((r) => r.tradeDate === null);
    expect(blankDate).toHaveLength(161);
    const noRange = rows.find((r) => r.bloombergTicker === 'TPGE/U US')!;
    expect([noRange.rangeLow, noRange.rangeHigh, noRange.pricedRange]).toEqual([null, null, null]);
    expect(parsePriceRange('15.00 - 15.00')).toEqual([15, 15]);
  });

  it('agrees with the window INDEX on offer price and trade date', () => {
    const byTicker = new Map(rows.filter((r) => r.country === 'US').map((r) => [r.ticker, r]));
    for (const w of readWindowIndex()) {
      const r = byTicker.get(w.ticker)!;
      expect(r, w.ticker).toBeDefined();
      expect([r.offerPrice, r.tradeDate], w.ticker).toEqual([w.offerPrice, w.tradeDate]);
    }
  });

  it('links rows to CIKs through company_tickers.json and reports the rest', () => {
    const links = linkIpoRows(rows, tickers);
    expect(links.linked.length + links.unlinked.length).toBe(rows.length);
    const gpro = links.linked.find((l) => l.row.ticker === 'GPRO')!;
    expect(gpro.cik).toBe('0001500435');
    // Twitter was delisted in 2022, so today's ticker file cannot link it.
    expect(links.unlinked.find((u) => u.row.ticker === 'TWTR')?.reason).toBe('ticker_unknown');
    expect(links.unlinked.filter((u) => u.reason === 'not_us')).toHaveLength(164);
    // A recycled ticker whose current owner has another name stays unlinked.
    for (const u of links.unlinked.filter((x) => x.reason === 'name_mismatch')) expect(u.secTitle).toBeTruthy();

    // Every CIK in the window INDEX (linked by ticker and checked by name) is reproduced.
    const linkedByTicker = new Map(links.linked.map((l) => [l.row.ticker, l.cik]));
    const indexed = readWindowIndex().filter((w) => w.cik !== null);
    expect(indexed).toHaveLength(184);
    for (const w of indexed) expect(linkedByTicker.get(w.ticker), w.ticker).toBe(w.cik!.padStart(10, '0'));
  });
});
