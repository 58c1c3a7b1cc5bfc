import { exchangeName } from '../offering/exchange-at-listing.derive.ts';

/**
 * The `market` filter's family of a company's served exchange (consensus.exchange, the exchange at
 * listing; api-spec.md §4.2 names the families): a national securities exchange (NYSE, NYSE American,
 * NYSE Arca, every Nasdaq tier, Cboe), over the counter (OTC Bulletin Board, OTC Markets, Pink), or
 * unknown (no exchange known, or a market name no rule reads).
 */
export type Market = 'exchange' | 'otc' | 'unknown';

/** The served names (exchangeName) of national securities exchanges. */
const EXCHANGES: ReadonlySet<string> = new Set(['NYSE', 'NYSE American', 'NYSE Arca', 'Nasdaq', 'Cboe BZX', 'Cboe']);

export function marketOf(exchange: string | null): Market {
  const name = exchangeName(exchange);
  if (name === null) return 'unknown';
  if (name === 'OTC') return 'otc';
  return EXCHANGES.has(name) ? 'exchange' : 'unknown';
}
