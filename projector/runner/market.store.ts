import type { ProjIpoRowsTable } from '../../schema/read/tables.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import { sameIpoLookup, vendorRowDate } from '../company/vendor-same-ipo.derive.ts';
import type { DailyBar } from '../market/bars.parse.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import { cutVendorNamePrefix, vendorNameKeys } from '../common/company-name.ts';
import { ReadCache } from './read-cache.ts';
import { VendorRowIndex, type IndexedIpoRow } from './vendor-rows.index.ts';

type IpoRowColumns = ProjIpoRowsTable;

function indexedRow(r: IpoRowColumns): IndexedIpoRow {
  const row = JSON.parse(r.row_json) as IpoTableRow;
  return {
    ticker: r.ticker,
    bloombergTicker: r.bloomberg_ticker,
    tradeDate: r.trade_date,
    issuerKey: r.issuer_key,
    uncutIssuerKey: vendorNameKeys(row.issuer).find((k) => k !== r.issuer_key) ?? null,
    cutNamePrefix: cutVendorNamePrefix(row.issuer),
    firstTradeDay: r.first_trade_day,
    cusipIssuer: r.cusip_issuer,
    offerKey: r.offer_key,
    stored: { row, observedAt: r.observed_at },
  };
}

const storedRows = (rows: readonly IndexedIpoRow[]): StoredIpoRow[] => rows.map((r) => r.stored);

/** Vendor IPO rows and daily bars by ticker (proj_ipo_rows, proj_daily_bars), and who carries a ticker. */
export class MarketStore {
  private readonly upsertIpoRow;
  private readonly selectAllIpoRows;
  private readonly selectBars;
  private readonly upsertBars;
  private readonly selectCiksByTicker;
  private readonly selectVendorCiks;
  /** Vendor rows and bars as read back (read-cache.ts); emptied by every write of this store. */
  private readonly cache = new ReadCache();
  /** proj_ipo_rows in memory (vendor-rows.index.ts), read once and kept in step by putIpoRow; null until first needed. */
  private index: VendorRowIndex | null = null;

  constructor(db: SqliteHandle) {
    this.upsertIpoRow = db.prepare(
      `INSERT INTO proj_ipo_rows (ticker, bloomberg_ticker, trade_date, row_json, observed_at, issuer_key, first_trade_day, cusip_issuer, offer_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (ticker, bloomberg_ticker, trade_date) DO UPDATE SET row_json = excluded.row_json, observed_at = excluded.observed_at,
         issuer_key = excluded.issuer_key, first_trade_day = excluded.first_trade_day, cusip_issuer = excluded.cusip_issuer, offer_key = excluded.offer_key
       WHERE row_json IS NOT excluded.row_json OR offer_key IS NOT excluded.offer_key`,
    );
    this.selectAllIpoRows = db.prepare(
      `SELECT ticker, bloomberg_ticker, trade_date, row_json, observed_at, issuer_key, first_trade_day, cusip_issuer, offer_key FROM proj_ipo_rows`,
    );
    this.selectBars = db.prepare('SELECT ticker, bars_json, adjusted, observed_at FROM proj_daily_bars WHERE ticker = ?');
    this.upsertBars = db.prepare(
      `INSERT INTO proj_daily_bars (ticker, bars_json, adjusted, observed_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (ticker) DO UPDATE SET bars_json = excluded.bars_json, adjusted = excluded.adjusted, observed_at = excluded.observed_at`,
    );
    // Who carries a ticker: a submissions page's tickers, or the company_tickers.json snapshot of a known company.
    this.selectCiksByTicker = db.prepare(
      `SELECT cik FROM proj_company_tickers WHERE ticker = @ticker
       UNION SELECT h.cik FROM proj_ticker_hints h JOIN proj_company_state c ON c.cik = h.cik WHERE h.ticker = @ticker
       ORDER BY cik`,
    ).pluck();
    // CIKs a vendor row may create a company for: company_tickers.json lists one of the row's tickers for them.
    this.selectVendorCiks = db.prepare(
      `SELECT DISTINCT h.cik FROM proj_ticker_hints h WHERE h.ticker IN (SELECT ticker FROM proj_ipo_rows) ORDER BY h.cik`,
    ).pluck();
  }

  putIpoRow(row: IpoTableRow, observedAt: string): boolean {
    const { issuerKey, tradeDay, cusipIssuer, offerKey } = sameIpoLookup(row);
    // Keyed by the date the row dates its IPO by: two Yahoo rows of a symbol without first-trade dates stay apart.
    const key = [row.ticker, row.bloombergTicker, vendorRowDate(row) ?? ''] as const;
    const text = JSON.stringify(row);
    this.cache.clear();
    if (this.upsertIpoRow.run(...key, text, observedAt, issuerKey || null, tradeDay, cusipIssuer, offerKey).changes === 0) return false;
    this.index?.put(
      indexedRow({
        ticker: key[0], bloomberg_ticker: key[1], trade_date: key[2], row_json: text, observed_at: observedAt,
        issuer_key: issuerKey || null, first_trade_day: tradeDay, cusip_issuer: cusipIssuer, offer_key: offerKey,
      }),
    );
    return true;
  }

  /** Empties the memo of reads: at the start of a transaction, since a rolled-back one may have filled it. */
  forgetReads(): void {
    this.cache.clear();
    this.index = null;
  }

  private vendorRows(): VendorRowIndex {
    return (this.index ??= new VendorRowIndex((this.selectAllIpoRows.all() as IpoRowColumns[]).map(indexedRow)));
  }

  /**
   * A value computed from vendor rows alone (through this store's reads), memoized like the reads
   * themselves: it is recomputed after any write of this store.
   */
  memoized<T>(key: string, compute: () => T): T {
    return this.cache.get(`m\0${key}`, compute);
  }

  ipoRows(ticker: string): readonly StoredIpoRow[] {
    return storedRows(this.vendorRows().rows('ticker', ticker));
  }

  /** Vendor rows whose issuer has this normalized name, or may have it before the vendor cut it (company-name.ts vendorNameKeys). */
  ipoRowsOfIssuer(issuerKey: string): readonly StoredIpoRow[] {
    const index = this.vendorRows();
    // A cut name is the start of the key, at a word's end or inside its word: each start is looked up.
    const cut: IndexedIpoRow[] = [];
    const firstSpace = issuerKey.indexOf(' ');
    if (firstSpace > 0) for (let end = firstSpace + 2; end <= issuerKey.length; end++) cut.push(...index.rows('cutNamePrefix', issuerKey.slice(0, end)));
    return storedRows([...new Set([...index.rows('issuerKey', issuerKey), ...index.rows('uncutIssuerKey', issuerKey), ...cut])]);
  }

  /** Vendor rows whose first trading day (vendor-same-ipo.derive.ts) is this date. */
  ipoRowsTradedOn(day: string): readonly StoredIpoRow[] {
    return storedRows(this.vendorRows().rows('firstTradeDay', day));
  }

  /** Vendor rows of the Yahoo list (or of Bloomberg's) dated this day at this offer price (vendor-same-ipo.derive.ts `vendorRowDate`: the trade date, else Yahoo's IPO date). */
  ipoRowsDated(day: string, price: number, yahoo: boolean): readonly StoredIpoRow[] {
    // Rule 5 weighs the other table's rows of the day at the same price only.
    return storedRows(this.vendorRows().rows('tradeDate', day)).filter((r) => r.row.offerPrice === price && ((r.row.layout ?? 'bloomberg') === 'yahoo') === yahoo);
  }

  /** Vendor rows at this offer price and size (vendor-same-ipo.derive.ts `offerKey`) dated between two days; only those under a placeholder symbol unless `any`. */
  ipoRowsOffered(offerKey: string, from: string, to: string, any: boolean): readonly StoredIpoRow[] {
    // Rule 6 pairs a placeholder symbol's row (digits first) with another: a row under a real symbol looks up placeholders only.
    return storedRows(this.vendorRows().rows('offerKey', offerKey).filter((r) => r.tradeDate >= from && r.tradeDate <= to && (any || /^[0-9]/.test(r.ticker))));
  }

  /** Vendor rows whose CUSIP has this issuer number. */
  ipoRowsOfCusipIssuer(issuer: string): readonly StoredIpoRow[] {
    return storedRows(this.vendorRows().rows('cusipIssuer', issuer));
  }

  bars(ticker: string): StoredBars | null {
    return this.cache.get(`b\0${ticker}`, () => this.readBars(ticker));
  }

  private readBars(ticker: string): StoredBars | null {
    const row = this.selectBars.get(ticker) as { ticker: string; bars_json: string; adjusted: number | null; observed_at: string } | undefined;
    if (!row) return null;
    return { ticker: row.ticker, bars: JSON.parse(row.bars_json) as DailyBar[], adjusted: row.adjusted === null ? null : row.adjusted === 1, observedAt: row.observed_at };
  }

  /** Merges a fetched body's bars into the ticker's series (the later body wins for a date); true when it changed. */
  mergeBars(ticker: string, bars: readonly DailyBar[], adjusted: boolean | null, observedAt: string): boolean {
    const before = this.bars(ticker);
    const byDate = new Map<string, DailyBar>();
    for (const bar of before?.bars ?? []) byDate.set(bar.date, bar);
    for (const bar of bars) byDate.set(bar.date, bar);
    const merged = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const text = JSON.stringify(merged);
    const adjustedValue = adjusted === null ? null : adjusted ? 1 : 0;
    if (before && JSON.stringify(before.bars) === text && (before.adjusted === null ? null : before.adjusted ? 1 : 0) === adjustedValue) return false;
    this.cache.clear();
    this.upsertBars.run(ticker, text, adjustedValue, observedAt);
    return true;
  }

  ciksWithTicker(ticker: string): string[] {
    return this.selectCiksByTicker.all({ ticker: ticker.toUpperCase() }) as string[];
  }

  /** CIKs whose company_tickers.json tickers carry a vendor row (see company/vendor-company.derive.ts). */
  ciksWithVendorRows(): Set<string> {
    return new Set(this.selectVendorCiks.all() as string[]);
  }
}
