import { padCik } from '../../schema/cik.ts';
import type { IpoRowPayload, IpoTableLayout } from '../../schema/events/event-types.ts';
import { sameCompanyName } from '../common/company-name.ts';
import { dateCell, numberCell, parseCsv, parseCsvRecords, textCell } from './csv.parse.ts';
import { parseYahooIpoRecord, YAHOO_COLUMNS } from './yahoo-ipo-table.parse.ts';

/** One row of a vendor IPO table (Bloomberg or Yahoo layout): the `reference.ipo_row` payload, field by field. */
export type IpoTableRow = IpoRowPayload;

/** The columns that tell a Bloomberg export apart. */
const BLOOMBERG_COLUMNS = ['Issuer Ticker', 'Issuer Name', 'Trade Date (US)'] as const;

/** "23.00 - 25.00" → [23, 25]; a single price is both ends. */
export function parsePriceRange(raw: string): [number | null, number | null] {
  const nums = raw.match(/\d+(?:\.\d+)?/g)?.map(Number) ?? [];
  if (nums.length === 0) return [null, null];
  return [nums[0], nums[nums.length - 1]];
}

/**
 * A Bloomberg trade date: the consolidated table writes YYYY-MM-DD, the raw terminal exports
 * (bloomberg_raw_YYYY.csv) m/d/yy. A two-digit year is read as POSIX strptime's %y does
 * (69-99 → 19yy, 00-68 → 20yy); anything else is null.
 */
export function bloombergDateCell(raw: string | undefined): string | null {
  const iso = dateCell(raw);
  if (iso !== null) return iso;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec((raw ?? '').trim());
  if (!m) return null;
  const [month, day, yy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const year = yy >= 69 ? 1900 + yy : 2000 + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2/30/21 is no date: rejected rather than rolled into March.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

export function parseIpoTableRecord(rec: Record<string, string>): IpoTableRow | null {
  const bloombergTicker = (rec['Issuer Ticker'] ?? '').trim();
  if (bloombergTicker === '') return null;
  const space = bloombergTicker.lastIndexOf(' ');
  const symbol = space > 0 ? bloombergTicker.slice(0, space) : bloombergTicker;
  const [rangeLow, rangeHigh] = parsePriceRange(rec['Filing Term Price Range'] ?? '');
  return {
    bloombergTicker,
    ticker: symbol.replace(/\//g, '-').toUpperCase(),
    country: space > 0 ? bloombergTicker.slice(space + 1) : '',
    issuer: (rec['Issuer Name'] ?? '').trim(),
    offerPrice: numberCell(rec['Offer Price']),
    rangeLow,
    rangeHigh,
    tradeDate: bloombergDateCell(rec['Trade Date (US)']),
    offerToFirstClosePct: numberCell(rec['Offer To 1st Close']),
    offerSizeMillions: numberCell(rec['Offer Size (M)']),
    sharesOutstandingMillions: numberCell(rec['Shares Outstanding (M)']),
    marketCapAtOfferMillions: numberCell(rec['Market Cap at Offer (M)']),
    pricedRange: textCell(rec['Priced Range']),
    cusip: textCell(rec['cusip']),
    industrySector: textCell(rec['Industry Sector']),
    industryGroup: textCell(rec['Industry Group']),
    industrySubgroup: textCell(rec['Industry Subgroup']),
  };
}

/** One record of each layout → its row (null: not a row the layout keeps). */
const RECORD_PARSERS: Readonly<Record<IpoTableLayout, (rec: Record<string, string>) => IpoTableRow | null>> = {
  bloomberg: parseIpoTableRecord,
  yahoo: parseYahooIpoRecord,
};

/** The layout a table's header row names; null when it is neither a Bloomberg export nor the Yahoo list. */
export function ipoTableLayout(header: readonly string[]): IpoTableLayout | null {
  const columns = new Set(header.map((h) => h.trim()));
  if (BLOOMBERG_COLUMNS.every((c) => columns.has(c))) return 'bloomberg';
  if (YAHOO_COLUMNS.every((c) => columns.has(c))) return 'yahoo';
  return null;
}

/** The layout of a table's text, read off its header row alone. */
export function ipoTableLayoutOf(csvText: string): IpoTableLayout | null {
  const end = csvText.search(/\r?\n/);
  return ipoTableLayout(parseCsv(end < 0 ? csvText : csvText.slice(0, end))[0] ?? []);
}

/** What a header must hold, said when it holds neither layout's columns. */
export const LAYOUT_HELP = `the header needs ${BLOOMBERG_COLUMNS.join(', ')} (Bloomberg) or ${YAHOO_COLUMNS.join(', ')} (Yahoo)`;

export class IpoTableLayoutError extends Error {}

/**
 * A whole table (CSV text, already decompressed) → typed rows, in file order. The layout is read
 * off the header: a Bloomberg export gives every row; the Yahoo list its priced US rows
 * (yahoo-ipo-table.parse.ts). Throws IpoTableLayoutError for any other header.
 */
export function parseIpoTable(csvText: string): IpoTableRow[] {
  const layout = ipoTableLayoutOf(csvText);
  if (layout === null) throw new IpoTableLayoutError(`not a known IPO table layout: ${LAYOUT_HELP}`);
  return parseCsvRecords(csvText).flatMap((rec) => RECORD_PARSERS[layout](rec) ?? []);
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
