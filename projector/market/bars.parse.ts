/**
 * Daily OHLCV bars from the two raw bodies `market.daily_bars` events carry: Stooq-style CSV and
 * Yahoo chart JSON. Pure: text in, bars out, sorted by date, one bar per date.
 */

export interface DailyBar {
  /** Exchange-local session date, YYYY-MM-DD. */
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
}

export type BarsFormat = 'stooq_csv' | 'yahoo_chart';

export class BarsParseError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'BarsParseError';
  }
}

const num = (raw: string | undefined): number | null => {
  if (raw === undefined) return null;
  const t = raw.trim();
  if (t === '' || t === 'null' || t === 'N/A') return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
};

function sortUnique(bars: DailyBar[]): DailyBar[] {
  // A re-fetched body can overlap; the later line for a date wins, as the vendor corrected it.
  const byDate = new Map<string, DailyBar>();
  for (const bar of bars) byDate.set(bar.date, bar);
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * `Date,Open,High,Low,Close,Volume[,OpenInt]`, CRLF or LF. Stooq answers an unknown symbol with a
 * short body such as `No data` and status 200, which is an empty series, not an error.
 */
export function parseStooqCsv(text: string): DailyBar[] {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body === '' || /^no data/i.test(body)) return [];
  const lines = body.split(/\r?\n/);
  const header = lines[0].split(',').map((h) => h.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name);
  const [iDate, iOpen, iHigh, iLow, iClose, iVol] = ['date', 'open', 'high', 'low', 'close', 'volume'].map(col);
  if (iDate < 0 || iClose < 0) {
    throw new BarsParseError(`not a daily-bars CSV header: "${lines[0].slice(0, 80)}"`, 'bad_header');
  }
  const bars: DailyBar[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const cells = line.split(',');
    const date = cells[iDate]?.trim() ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new BarsParseError(`bad date on line ${i + 1}: "${line}"`, 'bad_row');
    const close = num(cells[iClose]);
    if (close === null) continue;
    bars.push({
      date,
      open: iOpen < 0 ? null : num(cells[iOpen]),
      high: iHigh < 0 ? null : num(cells[iHigh]),
      low: iLow < 0 ? null : num(cells[iLow]),
      close,
      volume: iVol < 0 ? null : num(cells[iVol]),
    });
  }
  return sortUnique(bars);
}

interface YahooQuote {
  open?: Array<number | null>;
  high?: Array<number | null>;
  low?: Array<number | null>;
  close?: Array<number | null>;
  volume?: Array<number | null>;
}

interface YahooChart {
  chart?: {
    result?: Array<{
      meta?: { exchangeTimezoneName?: string };
      timestamp?: number[];
      indicators?: { quote?: YahooQuote[] };
    }> | null;
    error?: { code?: string; description?: string } | null;
  };
}

/** Exchange-local calendar date of a Unix timestamp. */
function localDate(unixSeconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(unixSeconds * 1000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * `chart.result[0].timestamp` + `indicators.quote[0]`, parallel arrays whose entries may be null.
 * Daily timestamps are the session open, so the date is taken in the exchange's own time zone.
 */
export function parseYahooChart(input: string | YahooChart): DailyBar[] {
  let doc: YahooChart;
  try {
    doc = typeof input === 'string' ? (JSON.parse(input) as YahooChart) : input;
  } catch {
    throw new BarsParseError('Yahoo chart body is not JSON', 'not_json');
  }
  const chart = doc?.chart;
  if (!chart) throw new BarsParseError('no "chart" object', 'bad_shape');
  if (chart.error) {
    throw new BarsParseError(chart.error.description ?? 'Yahoo chart error', chart.error.code ?? 'error');
  }
  const result = chart.result?.[0];
  if (!result) return [];
  const timestamps = result.timestamp ?? [];
  const quote = result.indicators?.quote?.[0] ?? {};
  const timeZone = result.meta?.exchangeTimezoneName ?? 'America/New_York';
  const bars: DailyBar[] = [];
  timestamps.forEach((ts, i) => {
    const close = quote.close?.[i] ?? null;
    if (close === null || !Number.isFinite(close)) return;
    bars.push({
      date: localDate(ts, timeZone),
      open: quote.open?.[i] ?? null,
      high: quote.high?.[i] ?? null,
      low: quote.low?.[i] ?? null,
      close,
      volume: quote.volume?.[i] ?? null,
    });
  });
  return sortUnique(bars);
}

/** Picks the parser from the body itself, so an event need not record which vendor served it. */
export function parseDailyBars(text: string): { format: BarsFormat; bars: DailyBar[] } {
  const head = text.trimStart();
  if (head.startsWith('{')) return { format: 'yahoo_chart', bars: parseYahooChart(head) };
  return { format: 'stooq_csv', bars: parseStooqCsv(text) };
}
