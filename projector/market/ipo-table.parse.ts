import { padCik } from '../../schema/cik.ts';
import type { IpoRowPayload } from '../../schema/events/event-types.ts';
import { sameCompanyName } from '../common/company-name.ts';
import { parseCsvRecords } from './csv.parse.ts';

/** One row of a Bloomberg-format IPO table: the `reference.ipo_row` payload, field by field. */
export type IpoTableRow = IpoRowPayload;

const numOrNull = (raw: string | undefined): number | null => {
  const t = (raw ?? '').trim();
  if (t === '') return null;
  const v = Number(t.replace(/,/g, ''));
  return Number.isFinite(v) ? v : null;
};
const strOrNull = (raw: string | undefined): string | null => {
  const t = (raw ?? '').trim();
  return t === '' ? null : t;
};

/** "23.00 - 25.00" → [23, 25]; a single price is both ends. */
export function parsePriceRange(raw: string): [number | null, number | null] {
  const nums = raw.match(/\d+(?:\.\d+)?/g)?.map(Number) ?? [];
  if (nums.length === 0) return [null, null];
  return [nums[0], nums[nums.length - 1]];
}

export function parseIpoTableRecord(rec: Record<string, string>): IpoTableRow | null {
  const bloombergTicker = (rec['Issuer Ticker'] ?? '').trim();
  if (bloombergTicker === '') return null;
  const space = bloombergTicker.lastIndexOf(' ');
  const symbol = space > 0 ? bloombergTicker.slice(0, space) : bloombergTicker;
  const [rangeLow, rangeHigh] = parsePriceRange(rec['Filing Term Price Range'] ?? '');
  const tradeDate = strOrNull(rec['Trade Date (US)']);
  return {
    bloombergTicker,
    ticker: symbol.replace(/\//g, '-').toUpperCase(),
    country: space > 0 ? bloombergTicker.slice(space + 1) : '',
    issuer: (rec['Issuer Name'] ?? '').trim(),
    offerPrice: numOrNull(rec['Offer Price']),
    rangeLow,
    rangeHigh,
    tradeDate: tradeDate && /^\d{4}-\d{2}-\d{2}$/.test(tradeDate) ? tradeDate : null,
    offerToFirstClosePct: numOrNull(rec['Offer To 1st Close']),
    offerSizeMillions: numOrNull(rec['Offer Size (M)']),
    sharesOutstandingMillions: numOrNull(rec['Shares Outstanding (M)']),
    marketCapAtOfferMillions: numOrNull(rec['Market Cap at Offer (M)']),
    pricedRange: strOrNull(rec['Priced Range']),
    cusip: strOrNull(rec['cusip']),
    industrySector: strOrNull(rec['Industry Sector']),
    industryGroup: strOrNull(rec['Industry Group']),
    industrySubgroup: strOrNull(rec['Industry Subgroup']),
  };
}

/** The whole export (CSV text, already decompressed) → typed rows, in file order. */
export function parseIpoTable(csvText: string): IpoTableRow[] {
  const out: IpoTableRow[] = [];
  for (const rec of parseCsvRecords(csvText)) {
    const row = parseIpoTableRecord(rec);
    if (row) out.push(row);
  }
  return out;
}

export interface TickerEntry {
  cik: string;
  ticker: string;
  title: string;
}

/** SEC company_tickers.json (`{"0":{"cik_str":…,"ticker":…,"title":…}}`) → entries by ticker. */
export function tickerMapFromCompanyTickers(json: string | Record<string, unknown>): Map<string, TickerEntry> {
  const doc = (typeof json === 'string' ? JSON.parse(json) : json) as Record<
    string,
    { cik_str: number | string; ticker: string; title: string }
  >;
  const map = new Map<string, TickerEntry>();
  for (const v of Object.values(doc)) {
    const ticker = String(v.ticker).toUpperCase();
    // The file lists a company's primary class first; keep that one for a shared symbol.
    if (!map.has(ticker)) map.set(ticker, { cik: padCik(v.cik_str), ticker, title: v.title });
  }
  return map;
}

export type UnlinkedReason = 'not_us' | 'ticker_unknown' | 'name_mismatch';

export interface IpoTableLinks {
  linked: Array<{ row: IpoTableRow; cik: string; secTitle: string }>;
  unlinked: Array<{ row: IpoTableRow; reason: UnlinkedReason; secTitle?: string }>;
}

/**
 * Links rows to CIKs by ticker. Tickers are recycled (and company_tickers.json only lists current
 * ones), so the SEC title must also name the same company; otherwise the row stays unlinked and
 * says why, for an operator to resolve with a correction.
 */
export function linkIpoRows(rows: readonly IpoTableRow[], tickers: ReadonlyMap<string, TickerEntry>): IpoTableLinks {
  const links: IpoTableLinks = { linked: [], unlinked: [] };
  for (const row of rows) {
    if (row.country !== 'US') {
      links.unlinked.push({ row, reason: 'not_us' });
      continue;
    }
    const entry = tickers.get(row.ticker);
    if (!entry) links.unlinked.push({ row, reason: 'ticker_unknown' });
    else if (!sameCompanyName(row.issuer, entry.title)) {
      links.unlinked.push({ row, reason: 'name_mismatch', secTitle: entry.title });
    } else links.linked.push({ row, cik: entry.cik, secTitle: entry.title });
  }
  return links;
}
