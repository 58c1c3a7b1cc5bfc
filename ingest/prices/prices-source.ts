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

/** Whether a format's closes are split/dividend-adjusted. Yahoo's `close` is split-adjusted but not dividend-adjusted (`adjclose` is): neither flag fits. */
const ADJUSTED: Record<PricesFormat, boolean | null> = { stooq_csv: true, yahoo_chart: null };

export function createPricesSource(options: PricesSourceOptions): PricesSource {
  const client = { baseUrl: options.baseUrl, format: options.format, fetch: options.fetch ?? globalThis.fetch, userAgent: options.userAgent };
  return {
    format: options.format,
    adjusted: ADJUSTED[options.format],
    dailyBars: (ticker) => fetchDailyBars(client, ticker),
  };
}
