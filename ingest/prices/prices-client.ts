/**
 * Daily-bars client: fetches the raw body for a ticker from a Stooq-style CSV endpoint or a
 * Yahoo-chart JSON endpoint. It returns bytes, not bars: the body becomes a `market.daily_bars`
 * event and the projector parses it, so a parser fix never needs a re-fetch.
 */
import { assertNever } from '../../schema/exhaustive.ts';

/** The providers' formats the client reads (PRICES_FORMAT). */
export const PRICES_FORMATS = ['stooq_csv', 'yahoo_chart'] as const;

export type PricesFormat = (typeof PRICES_FORMATS)[number];

/** What each format's endpoint is asked to answer in. */
const ACCEPT: Record<PricesFormat, string> = {
  stooq_csv: 'text/csv, text/plain;q=0.9, */*;q=0.1',
  yahoo_chart: 'application/json',
};

export interface PricesClientOptions {
  /** e.g. `https://stooq.com` or `https://query1.finance.yahoo.com`, or a replay server. */
  baseUrl: string;
  format: PricesFormat;
  fetch: typeof globalThis.fetch;
  /** Yahoo refuses requests without a browser-like agent; Stooq does not care. */
  userAgent?: string;
}

export interface DateRange {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export interface PricesResponse {
  url: string;
  status: number;
  format: PricesFormat;
  contentType: string | null;
  body: string;
}

/** Retry later: 429 or 5xx. */
export class PricesTransientError extends Error {
  constructor(message: string, readonly status: number, readonly url: string) {
    super(message);
    this.name = 'PricesTransientError';
  }
}

/** Do not retry: the request itself is wrong (4xx other than 404/429). */
export class PricesPermanentError extends Error {
  constructor(message: string, readonly status: number, readonly url: string) {
    super(message);
    this.name = 'PricesPermanentError';
  }
}

/** Stooq names US listings in lower case with `.us`; class and unit slashes become dashes. */
export function stooqSymbol(ticker: string): string {
  return `${ticker.trim().toLowerCase().replace(/[/.]/g, '-')}.us`;
}

/** Yahoo writes share classes and units with a dash (BRK-B). */
export function yahooSymbol(ticker: string): string {
  return ticker.trim().toUpperCase().replace(/[/.]/g, '-');
}

const compact = (d: string) => d.replace(/-/g, '');
const unixAt = (d: string, hhmm: string) => Date.parse(`${d}T${hhmm}:00Z`) / 1000;

/**
 * The request path (and query) for a ticker. Query parameters are in a fixed order so a recorded
 * response can be matched to its request exactly.
 */
export function pricesRequestPath(format: PricesFormat, ticker: string, range?: DateRange): string {
  switch (format) {
    case 'stooq_csv':
      return stooqPath(ticker, range);
    case 'yahoo_chart':
      return yahooPath(ticker, range);
    default:
      return assertNever(format);
  }
}

function stooqPath(ticker: string, range?: DateRange): string {
  const q = new URLSearchParams({ s: stooqSymbol(ticker) });
  if (range) {
    q.set('d1', compact(range.from));
    q.set('d2', compact(range.to));
  }
  q.set('i', 'd');
  return `/q/d/l/?${q.toString()}`;
}

function yahooPath(ticker: string, range?: DateRange): string {
  const q = new URLSearchParams();
  if (range) {
    // period2 is exclusive at Yahoo: the end of the last day keeps it in.
    q.set('period1', String(unixAt(range.from, '00:00')));
    q.set('period2', String(unixAt(range.to, '23:59')));
  } else q.set('range', 'max');
  q.set('interval', '1d');
  return `/v8/finance/chart/${encodeURIComponent(yahooSymbol(ticker))}?${q.toString()}`;
}

/**
 * Fetches one ticker's daily bars. A 404 (Yahoo's unknown symbol) and Stooq's `No data` body are
 * both returned as responses: "no bars yet" is a fact worth recording, not an error.
 */
export async function fetchDailyBars(options: PricesClientOptions, ticker: string, range?: DateRange): Promise<PricesResponse> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}${pricesRequestPath(options.format, ticker, range)}`;
  const headers: Record<string, string> = { Accept: ACCEPT[options.format] };
  if (options.userAgent) headers['User-Agent'] = options.userAgent;
  const res = await options.fetch(url, { headers });
  const body = await res.text();
  if (res.status === 429 || res.status >= 500) throw new PricesTransientError(`prices source answered ${res.status}`, res.status, url);
  if (res.status >= 400 && res.status !== 404) throw new PricesPermanentError(`prices source answered ${res.status}`, res.status, url);
  return { url, status: res.status, format: options.format, contentType: res.headers.get('content-type'), body };
}
