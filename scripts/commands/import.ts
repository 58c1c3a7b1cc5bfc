import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  ipoTableLayoutOf, LAYOUT_HELP, linkIpoRows, parseIpoTable, tickerMapFromCompanyTickers, type IpoTableLinks, type IpoTableRow, type TickerEntry,
} from '../../projector/market/ipo-table.parse.ts';
import { vendorRowDate } from '../../projector/company/vendor-same-ipo.derive.ts';
import { loadConfig, type Config } from '../../schema/config.ts';
import { openEventLogDb } from '../../schema/databases.ts';
import type { EventLog, NewEvent } from '../../schema/events/event-log.ts';
import type { IpoRowPayload } from '../../schema/events/event-types.ts';
import { liveReadDbPath } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';
import type { Command } from '../command.ts';
import { ArgumentError, dateRange, invalid, matching, matchingList } from '../arguments.ts';
import { startProgress, type Progress } from '../progress.ts';

export interface IpoTableFilter {
  /** Keep only these tickers (upper case). */
  tickers?: ReadonlySet<string>;
  /** Keep only rows of this country code (`US`). */
  country?: string;
  /** Date bounds, inclusive, on the trade date (a Yahoo row without one: its IPO date); undated rows are dropped when a bound is set. */
  from?: string;
  to?: string;
  /**
   * Keep only priced rows: a date (the trade date; a Yahoo row without one: its IPO date) and an
   * offer price above zero. Bloomberg's raw exports list postponed and withdrawn registrations at
   * offer price 0, some dated (Ensemble Health Partners 2021-11-19): no IPO took place.
   */
  priced?: boolean;
}

export function filterIpoRows(rows: readonly IpoTableRow[], filter: IpoTableFilter): IpoTableRow[] {
  return rows.filter((r) => {
    const date = vendorRowDate(r);
    if (filter.tickers && !filter.tickers.has(r.ticker)) return false;
    if (filter.country !== undefined && r.country !== filter.country) return false;
    if ((filter.priced || filter.from || filter.to) && date === null) return false;
    if (filter.priced && !(r.offerPrice !== null && r.offerPrice > 0)) return false;
    if (filter.from && date! < filter.from) return false;
    if (filter.to && date! > filter.to) return false;
    return true;
  });
}

/** `.csv` as is, `.csv.gz` decompressed. */
export function readIpoTableFile(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/**
 * Ticker → CIK entries to link against: the latest company_tickers.json in the event log, then the
 * tickers of companies already in the read model (a delisted ticker is no longer in SEC's file).
 */
export function linkingTickers(log: EventLog, readDbPath: string | null): Map<string, TickerEntry> {
  const snapshots = log.ofType('edgar.company_tickers');
  const latest = snapshots[snapshots.length - 1];
  const map = latest ? tickerMapFromCompanyTickers((latest.body() ?? Buffer.from(JSON.stringify(latest.payload))).toString('utf8')) : new Map<string, TickerEntry>();
  if (readDbPath) {
    const db = openSqlite(readDbPath, { readonly: true });
    try {
      const rows = db.prepare('SELECT t.ticker AS ticker, t.cik AS cik, c.name AS title FROM company_tickers t JOIN companies c ON c.cik = t.cik').all() as TickerEntry[];
      for (const row of rows) if (!map.has(row.ticker)) map.set(row.ticker, row);
    } finally {
      db.close();
    }
  }
  return map;
}

export interface ImportReport {
  rows: number;
  appended: number;
  links: IpoTableLinks;
}

/** Rows appended per transaction; the run yields between two, so a progress bar is redrawn. */
const APPEND_CHUNK = 500;

/**
 * Appends one `reference.ipo_row` per row (subject = ticker), a chunk at a time; the same row
 * imported again is no new event, so an import stopped half-way is completed by running it again.
 */
export async function appendIpoRows(
  log: EventLog,
  rows: readonly IpoTableRow[],
  options: { source: string; file: string; observedAt: string; onProgress?: (done: number, total: number) => void },
): Promise<number> {
  let appended = 0;
  for (let start = 0; start < rows.length; start += APPEND_CHUNK) {
    const events: NewEvent[] = rows.slice(start, start + APPEND_CHUNK).map((row) => {
      const payload: IpoRowPayload = row;
      return { type: 'reference.ipo_row', source: options.source, subject: row.ticker, observedAt: options.observedAt, payload, meta: { file: options.file } };
    });
    appended += log.appendMany(events).filter((r) => r.inserted).length;
    options.onProgress?.(Math.min(rows.length, start + APPEND_CHUNK), rows.length);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return appended;
}

export async function importIpoTable(
  log: EventLog,
  readDbPath: string | null,
  csvText: string,
  options: { source: string; file: string; filter: IpoTableFilter; observedAt: string; onProgress?: (done: number, total: number) => void },
): Promise<ImportReport> {
  const rows = filterIpoRows(parseIpoTable(csvText), options.filter);
  const links = linkIpoRows(rows, linkingTickers(log, readDbPath));
  return { rows: rows.length, appended: await appendIpoRows(log, rows, options), links };
}

/** `importIpoTable` with its progress (rows appended of the rows matched) on `err`. */
export async function importWithProgress(err: NodeJS.WritableStream, config: Pick<Config, 'progressIntervalMs'>, ...[log, readDbPath, csvText, options]: Parameters<typeof importIpoTable>): Promise<ImportReport> {
  // Started once the rows are parsed and filtered, when their number is known.
  const shown: { progress?: Progress } = {};
  const startedAt = Date.now();
  try {
    return await importIpoTable(log, readDbPath, csvText, {
      ...options,
      onProgress: (done, total) => {
        shown.progress ??= startProgress(err, { label: 'import', unit: 'rows', total, intervalMs: config.progressIntervalMs, startedAt });
        shown.progress.update(done);
      },
    });
  } finally {
    shown.progress?.stop();
  }
}

export function describeImport(report: ImportReport, verbose: boolean, shown = 20): string {
  const reasons = new Map<string, number>();
  for (const u of report.links.unlinked) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  const lines = [
    `${report.rows} rows: ${report.links.linked.length} linked to a CIK, ${report.links.unlinked.length} unlinked` +
      (reasons.size ? ` (${[...reasons].map(([r, n]) => `${r} ${n}`).join(', ')})` : '') +
      `; ${report.appended} new events`,
  ];
  const list = verbose ? report.links.unlinked : report.links.unlinked.slice(0, shown);
  for (const u of list) {
    lines.push(`  unlinked ${u.row.bloombergTicker}\t${u.row.issuer}\t${u.row.tradeDate ?? '-'}\t${u.reason}${u.secTitle ? ` (SEC: ${u.secTitle})` : ''}`);
  }
  if (shown > 0 && list.length < report.links.unlinked.length) lines.push(`  … ${report.links.unlinked.length - list.length} more (--verbose lists all)`);
  return `${lines.join('\n')}\n`;
}

const SOURCE = /^[a-z0-9][a-z0-9_.-]{0,39}$/;
const TICKER = /^[A-Za-z0-9][A-Za-z0-9./-]{0,11}$/;

/** `--tickers A,B`: upper-cased exchange symbols; undefined when not given. */
function tickerSet(values: Record<string, unknown>): Set<string> | undefined {
  const tickers = matchingList(values, 'tickers', TICKER, 'exchange symbols separated by commas, e.g. SNAP,FIT');
  return tickers && new Set(tickers.map((t) => t.toUpperCase()));
}

export const importIpoTableCommand: Command = {
  name: 'import ipo-table',
  summary: 'Import a vendor IPO table (Bloomberg export or Yahoo Finance list, .csv or .csv.gz) as reference.ipo_row events.',
  args: ['FILE'],
  details: `The layout is read off the header row: a Bloomberg export ("Issuer Ticker", "Issuer Name",
"Trade Date (US)" …: every row) or the Yahoo Finance IPO list (symbol, company, exchange, date.x,
date.y, currency …: its priced rows in dollars on a US market, with their exchange; the first bar
(date.y) is the first trade on the IPO date (date.x), or one to three days before it when it closed
off the offer price (at the offer price it is the pricing day's quote, and the IPO date the first
trade); a bar on another day is another bar's and the first trade is left unknown; the bar's date and
close are kept as evidence for joining the row). Any other header
is refused. Each row becomes one event (subject = ticker, source = --source); importing the same
file again adds nothing. Rows are linked to CIKs through the latest company_tickers.json in the
event log and the companies already projected; the counts and the unlinked rows are printed (the
projector links again when it derives companies, so an unlinked row is kept, not lost). A Yahoo row
and a Bloomberg row of the same IPO (within a week: the same symbol or its units', with the same
issuer name or offer price; another symbol with the same name and price; the same first-trade day,
offer price and first close to the cent when the first day moved the price; or the same CUSIP issuer
number) are one company and one offering: Bloomberg's row states the terms, Yahoo's adds the exchange.
Examples: ipo import ipo-table data/sample/reference/bloomberg_ipo_data_2000_2025.csv.gz --source bloomberg --from 2017-01-01
          ipo import ipo-table data/sample/reference/yahoo_finance_IPOs_2000_2018.csv.gz --source yahoo`,
  options: {
    source: { type: 'string', description: 'Source name recorded on each event, e.g. bloomberg or yahoo (required).' },
    tickers: { type: 'string', description: 'Only these tickers, comma-separated.' },
    from: { type: 'string', description: 'Only rows with a trade date (Yahoo: else the IPO date) on or after YYYY-MM-DD.' },
    to: { type: 'string', description: 'Only rows with a trade date (Yahoo: else the IPO date) on or before YYYY-MM-DD.' },
    verbose: { type: 'boolean', description: 'List every unlinked row (default: the first 20).' },
  },
  async run({ values, positionals }, io) {
    const file = positionals[0];
    if (!/\.csv(\.gz)?$/.test(file)) throw invalid('FILE', 'a .csv or .csv.gz file', file);
    const source = matching(values, 'source', SOURCE, 'a short lower-case name such as bloomberg', true)!;
    const range = dateRange(values);
    const tickers = tickerSet(values);
    let text: string;
    try {
      text = readIpoTableFile(file);
    } catch (error) {
      throw new ArgumentError(`FILE must be a readable IPO table, got ${file}: ${(error as Error).message}`);
    }
    if (ipoTableLayoutOf(text) === null) throw new ArgumentError(`FILE must be a Bloomberg export or the Yahoo Finance IPO list, got ${basename(file)}: ${LAYOUT_HELP}`);
    const config = loadConfig(io.env);
    const events = await openEventLogDb(config.dataDir);
    try {
      io.err.write(`import: reading ${basename(file)} …\n`);
      const report = await importWithProgress(io.err, config, events.log, liveReadDbPath(config.dataDir), text, {
        source,
        file: basename(file),
        filter: { ...(tickers ? { tickers } : {}), ...range },
        observedAt: new Date().toISOString(),
      });
      if (report.rows === 0) io.err.write('import: no rows matched (check the file and the filters)\n');
      io.out.write(describeImport(report, Boolean(values.verbose)));
      return 0;
    } finally {
      await events.close();
    }
  },
};
