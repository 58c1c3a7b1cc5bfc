import type { StoredIpoRow } from '../market/market.facts.ts';

/** One row of proj_ipo_rows as the index keeps it: its key columns, lookup columns and parsed row. */
export interface IndexedIpoRow {
  ticker: string;
  bloombergTicker: string;
  /** The row's date as keyed (vendorRowDate, or '' when it has none). */
  tradeDate: string;
  issuerKey: string | null;
  /** For an issuer name the vendor may have cut mid-word (company-name.ts vendorNameKeys), its normalized name without the last word. */
  uncutIssuerKey: string | null;
  /** For an issuer name the vendor may have cut, its words as written (company-name.ts cutVendorNamePrefix): the start of EDGAR's name key. */
  cutNamePrefix: string | null;
  firstTradeDay: string | null;
  cusipIssuer: string | null;
  offerKey: string | null;
  stored: StoredIpoRow;
}

/**
 * proj_ipo_rows held in memory by every column the same-IPO lookups select on, each list in the
 * table's key order (ticker, bloomberg_ticker, trade_date), so a lookup returns what the indexed
 * SELECT ... ORDER BY ticker, bloomberg_ticker, trade_date would, without a query or a JSON parse.
 * A vendor table is bounded (a few thousand IPOs a decade), not the event log: memory stays small
 * however long the log. Keys are ASCII symbols and ISO dates, for which JavaScript's string order
 * is SQLite's BINARY order.
 */
export class VendorRowIndex {
  private readonly byKey = new Map<string, IndexedIpoRow>();
  private readonly lists = {
    ticker: new Map<string, IndexedIpoRow[]>(),
    issuerKey: new Map<string, IndexedIpoRow[]>(),
    uncutIssuerKey: new Map<string, IndexedIpoRow[]>(),
    cutNamePrefix: new Map<string, IndexedIpoRow[]>(),
    firstTradeDay: new Map<string, IndexedIpoRow[]>(),
    cusipIssuer: new Map<string, IndexedIpoRow[]>(),
    tradeDate: new Map<string, IndexedIpoRow[]>(),
    offerKey: new Map<string, IndexedIpoRow[]>(),
  };

  constructor(rows: Iterable<IndexedIpoRow>) {
    for (const row of rows) this.put(row);
  }

  /** Adds the row, replacing the one stored under its key. */
  put(row: IndexedIpoRow): void {
    const key = primaryKey(row);
    const old = this.byKey.get(key);
    if (old) for (const [column, map] of this.entries()) remove(map, old[column], old);
    this.byKey.set(key, row);
    for (const [column, map] of this.entries()) insert(map, row[column], row);
  }

  /** The rows whose `column` equals `value` (a null or empty value matches nothing, as SQL NULL). */
  rows(column: keyof VendorRowIndex['lists'], value: string): readonly IndexedIpoRow[] {
    return this.lists[column].get(value) ?? [];
  }

  private entries() {
    return Object.entries(this.lists) as Array<[keyof VendorRowIndex['lists'], Map<string, IndexedIpoRow[]>]>;
  }
}

const primaryKey = (r: IndexedIpoRow) => `${r.ticker}\u0000${r.bloombergTicker}\u0000${r.tradeDate}`;

function compareKeys(a: IndexedIpoRow, b: IndexedIpoRow): number {
  if (a.ticker !== b.ticker) return a.ticker < b.ticker ? -1 : 1;
  if (a.bloombergTicker !== b.bloombergTicker) return a.bloombergTicker < b.bloombergTicker ? -1 : 1;
  return a.tradeDate < b.tradeDate ? -1 : a.tradeDate > b.tradeDate ? 1 : 0;
}

function insert(map: Map<string, IndexedIpoRow[]>, value: string | null, row: IndexedIpoRow): void {
  if (value === null) return;
  const list = map.get(value);
  if (!list) {
    map.set(value, [row]);
    return;
  }
  let at = list.length;
  while (at > 0 && compareKeys(list[at - 1], row) > 0) at--;
  list.splice(at, 0, row);
}

function remove(map: Map<string, IndexedIpoRow[]>, value: string | null, row: IndexedIpoRow): void {
  if (value === null) return;
  const list = map.get(value);
  if (!list) return;
  const at = list.indexOf(row);
  if (at !== -1) list.splice(at, 1);
  if (list.length === 0) map.delete(value);
}
