/** Normalised market family of an exchange hint: exchange (NYSE, Nasdaq, NYSE American, Cboe, ...), otc, or unknown. */
export type Market = 'exchange' | 'otc' | 'unknown';

const EXCHANGE = /^(nyse|nasdaq|amex|cboe|bats|iex|nyse\s*(american|arca|mkt))\b/i;
const OTC = /^(otc|pink|grey)/i;

export function marketOf(exchange: string | null): Market {
  if (!exchange) return 'unknown';
  const name = exchange.trim();
  if (OTC.test(name)) return 'otc';
  if (EXCHANGE.test(name)) return 'exchange';
  return 'unknown';
}
