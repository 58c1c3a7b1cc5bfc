import { parseCsvRecords } from './csv.parse.ts';
import { readSample } from '../common/sample.testkit.ts';

/** A row of data/sample/prices/window/INDEX.csv (see data/sample/SOURCES.md). */
export interface WindowIndexRow {
  ticker: string;
  cik: string | null;
  issuer: string;
  tradeDate: string;
  offerPrice: number;
  bloombergDay1Pct: number;
  day5Close: number | null;
}

export function readWindowIndex(): WindowIndexRow[] {
  return parseCsvRecords(readSample('prices/window/INDEX.csv')).map((r) => ({
    ticker: r.ticker,
    cik: r.cik === '' ? null : r.cik,
    issuer: r.issuer,
    tradeDate: r.trade_date,
    offerPrice: Number(r.offer_price),
    bloombergDay1Pct: Number(r.bloomberg_day1_pct),
    day5Close: r.day5_close === '' ? null : Number(r.day5_close),
  }));
}
