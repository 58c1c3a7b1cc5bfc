import { fetchDailyBars, type PricesFormat, type PricesResponse } from './prices-client.ts';

/** What a `prices.*` job handler needs: one configured provider. */
export interface PricesSource {
  format: PricesFormat;
  /** Whether the provider's closes are split/dividend-adjusted (Stooq's are); null when mixed or unknown. */
  adjusted: boolean | null;
  dailyBars(ticker: string): Promise<PricesResponse>;
}

export interface PricesSourceOptions {
  baseUrl: string;
  format: PricesFormat;
  fetch?: typeof globalThis.fetch;
  userAgent?: string;
}

export function createPricesSource(options: PricesSourceOptions): PricesSource {
  const client = { baseUrl: options.baseUrl, format: options.format, fetch: options.fetch ?? globalThis.fetch, userAgent: options.userAgent };
  return {
    format: options.format,
    // Yahoo's `close` is split-adjusted but not dividend-adjusted (`adjclose` is): neither flag fits.
    adjusted: options.format === 'stooq_csv' ? true : null,
    dailyBars: (ticker) => fetchDailyBars(client, ticker),
  };
}
