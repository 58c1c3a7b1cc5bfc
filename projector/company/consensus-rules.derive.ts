/**
 * Consensus offering facts across sources, field by field, by this priority (first non-null wins):
 *   offerPrice         EDGAR final prospectus (424B4/424B1) > vendor table > EDGAR preliminary fixed price
 *   offerPriceLow/High EDGAR latest prospectus range > vendor filing range
 *   totalShares        the shares of the document the price and proceeds stand on: EDGAR's latest prospectus when
 *                      it is the final one (424B4/424B1), or when no other source gave the price or the proceeds (a deal
 *                      in registration: its range and its shares). Beside a vendor's price or offer size it is null: a
 *                      superseded preliminary's count (Unicycive's S-1/A 4,550,000 units beside Bloomberg's $5.00 and
 *                      $25.0M) is another deal's size, and the vendor states no share count (its Offer Size is dollars,
 *                      rounded to $0.1M and counting the over-allotment exercised, so size ÷ price is no count either)
 *   grossProceeds      EDGAR latest prospectus > vendor; grossProceedsBasis says what the value counts:
 *                      a prospectus's total is its base deal (the cover's "Total" leaves the over-allotment
 *                      option out), a vendor's offer size counts the option shares exercised by the closing
 *   ticker             submissions tickers > company_tickers > EDGAR prospectus proposed symbol > vendor, each
 *                      without the bankruptcy marker (vendor-symbol.derive.ts `listingSymbol`: the SEC's ACORQ is
 *                      served ACOR), as ipo_outcomes and ipo_calendar serve a listing's symbol; the vendor's is the
 *                      IPO's symbol (`ipoSymbol`, set by the caller: EP Energy's EPE, not Bloomberg's EPEGQ)
 *   exchange           the exchange at listing (exchange-at-listing.derive.ts): the exchange's certification >
 *                      the listing prospectus's cover > today's market; sourceSummary.exchange says which, or why null
 *   listingDate        first daily bar > vendor trade date > lifecycle expected first trade date > the IPO date a
 *                      vendor row states when it dates no first trade (a Yahoo row whose first bar is another day's:
 *                      market/yahoo-ipo-table.parse.ts). The list's IPO date is Bloomberg's trade date for 163 of the
 *                      170 IPOs both tables list within a week (32 of the 35 whose first bar is elsewhere), and a
 *                      trading day off for the other seven (yahoo-ipo-table.parse.test.ts): served, and the source summary says so
 * `sourceSummary` keeps what every source said, so a disagreement stays visible. `resolvedAt` is the
 * latest observation time among the sources that contributed a value, else the company's latest
 * observation (deterministic, no clock, never a placeholder).
 */
import type { ApiConsensus, ApiTermsExtended } from '../../schema/api/types.ts';
import type { GrossProceedsBasis } from '../../schema/api/vocabulary.ts';
import type { ListingExchange } from '../offering/exchange-at-listing.derive.ts';
import { listingSymbol, listingSymbolUnlessHeld } from './vendor-symbol.derive.ts';

export interface VendorRow {
  source: string;
  ticker: string | null;
  offerPrice: number | null;
  rangeLow: number | null;
  rangeHigh: number | null;
  tradeDate: string | null;
  /** The IPO date the row states when it dates no first trade (tradeDate null); null otherwise. */
  ipoDate?: string | null;
  shares?: number | null;
  proceeds?: number | null;
  /** What `proceeds` counts (Bloomberg's Offer Size: the over-allotment shares sold included). */
  proceedsBasis?: GrossProceedsBasis | null;
  /** The issuer as the vendor names it at its export (a SPAC may carry the name of the company it merged with). */
  issuer?: string | null;
  observedAt: string;
}

export interface ConsensusInput {
  /** Four letters before a bankruptcy marker that the SEC's ticker file gives another company (vendor-symbol.derive.ts heldBasesOf). */
  lettersHeldElsewhere?: readonly string[];
  edgar?: { accessionNumber: string; formType: string; terms: ApiTermsExtended; observedAt: string } | null;
  submissions?: { tickers: string[]; exchanges: Array<string | null>; observedAt: string } | null;
  companyTickers?: { ticker: string; exchange: string | null; observedAt: string } | null;
  /** The exchange at listing, derived from the company's filings, prospectus and SEC's current files. */
  listingExchange?: (ListingExchange & { observedAt: string }) | null;
  vendors?: readonly VendorRow[];
  firstBar?: { date: string; observedAt: string } | null;
  expectedFirstTradeDate?: { date: string; observedAt: string } | null;
  /** When the company was last observed: the resolvedAt of a consensus no source contributed to. */
  observedAt: string;
}

type Candidate<T> = [T | null | undefined, string | undefined];

export function deriveConsensus(input: ConsensusInput): ApiConsensus {
  const used = new Set<string>();
  const times = new Map<string, string>();
  const e = input.edgar;
  const final = e && (e.formType === '424B4' || e.formType === '424B1');
  if (e) times.set('edgar', e.observedAt);
  if (input.submissions) times.set('submissions', input.submissions.observedAt);
  if (input.companyTickers) times.set('company_tickers', input.companyTickers.observedAt);
  if (input.listingExchange) times.set('exchange', input.listingExchange.observedAt);
  if (input.firstBar) times.set('prices', input.firstBar.observedAt);
  if (input.expectedFirstTradeDate) times.set('lifecycle', input.expectedFirstTradeDate.observedAt);
  for (const v of input.vendors ?? []) times.set(v.source, v.observedAt);

  const pick = <T>(...candidates: Candidate<T>[]): T | null => {
    for (const [value, source] of candidates) {
      if (value !== null && value !== undefined && source) {
        used.add(source);
        return value;
      }
    }
    return null;
  };
  const vendorFirst = <K extends keyof VendorRow>(key: K): Candidate<VendorRow[K]> => {
    const v = (input.vendors ?? []).find((r) => r[key] !== null && r[key] !== undefined);
    return [v?.[key], v?.source];
  };
  const sub = input.submissions;
  const ct = input.companyTickers;
  // A bankrupt issuer's over-the-counter symbol is not a listing's: the symbol before the marker stands for it.
  const listed = (t: string | null | undefined) => (t ? listingSymbolUnlessHeld(t, input.lettersHeldElsewhere ?? []) : t);
  const result: ApiConsensus = {
    ticker: pick<string>([listed(sub?.tickers[0]), 'submissions'], [listed(ct?.ticker), 'company_tickers'], [listed(e?.terms.tickerHint), 'edgar'], vendorFirst('ticker') as Candidate<string>),
    exchange: pick<string>([input.listingExchange?.exchange, 'exchange']),
    listingDate: pick<string>([input.firstBar?.date, 'prices'], vendorFirst('tradeDate') as Candidate<string>, [input.expectedFirstTradeDate?.date, 'lifecycle'], vendorFirst('ipoDate') as Candidate<string>),
    offerPrice: pick<number>([final ? e?.terms.offeringPrice : null, 'edgar'], vendorFirst('offerPrice') as Candidate<number>, [e?.terms.offeringPrice, 'edgar']),
    offerPriceLow: pick<number>([e?.terms.priceRangeLow, 'edgar'], vendorFirst('rangeLow') as Candidate<number>),
    offerPriceHigh: pick<number>([e?.terms.priceRangeHigh, 'edgar'], vendorFirst('rangeHigh') as Candidate<number>),
    totalShares: null,
    grossProceeds: pick<number>([e?.terms.grossProceeds, 'edgar'], vendorFirst('proceeds') as Candidate<number>),
    grossProceedsBasis: null,
    resolvedAt: '',
    sourceSummary: {},
  };
  const vendorPrice = !(final && e?.terms.offeringPrice != null) && vendorFirst('offerPrice')[0] != null;
  const vendorProceeds = e?.terms.grossProceeds == null && vendorFirst('proceeds')[0] != null;
  result.totalShares = pick<number>([final || !(vendorPrice || vendorProceeds) ? e?.terms.totalSharesOffered : null, 'edgar'], vendorFirst('shares') as Candidate<number>);
  result.resolvedAt = [...used].map((s) => times.get(s) ?? '').sort().pop() || input.observedAt;
  const vendorSize = (input.vendors ?? []).find((r) => r.proceeds !== null && r.proceeds !== undefined);
  if (result.grossProceeds !== null) result.grossProceedsBasis = e?.terms.grossProceeds != null ? 'base_deal' : (vendorSize?.proceedsBasis ?? null);

  const summary: Record<string, string | null> = {};
  if (e) summary.edgar = describe(`${e.formType} ${e.accessionNumber}`, { ticker: e.terms.tickerHint, exchange: e.terms.exchangeHint, price: e.terms.offeringPrice, low: e.terms.priceRangeLow, high: e.terms.priceRangeHigh, shares: e.terms.totalSharesOffered });
  if (sub) summary.submissions = sub.tickers.length > 0 ? `tickers ${sub.tickers.map((t, i) => `${t} (${sub.exchanges[i] ?? 'no exchange'})`).join(', ')}` : null;
  if (ct) summary.company_tickers = `ticker ${ct.ticker}${ct.exchange ? ` on ${ct.exchange}` : ''}`;
  if (input.listingExchange) summary.exchange = input.listingExchange.summary;
  if (input.firstBar) summary.prices = `first daily bar ${input.firstBar.date}`;
  if (input.expectedFirstTradeDate) summary.lifecycle = `expected first trade ${input.expectedFirstTradeDate.date}`;
  for (const v of input.vendors ?? []) {
    const listedOn = v.ipoDate && result.listingDate === v.ipoDate && v.tradeDate === null ? v.ipoDate : null;
    const described = describe(null, { ticker: v.ticker, price: v.offerPrice, low: v.rangeLow, high: v.rangeHigh, shares: v.shares ?? null, tradeDate: v.tradeDate, ipoListingDate: listedOn });
    // The vendor names the issuer as of its export, not as of the IPO: a reader must not take it for the IPO's name.
    summary[v.source] = v.issuer ? `${described ? `${described}; ` : ''}issuer "${v.issuer}" as the vendor names it at its export (may be a later name)` : described;
  }
  result.sourceSummary = summary;
  return result;
}

function describe(
  prefix: string | null,
  f: { ticker?: string | null; exchange?: string | null; price?: number | null; low?: number | null; high?: number | null; shares?: number | null; tradeDate?: string | null; ipoListingDate?: string | null },
): string | null {
  const parts: string[] = [];
  if (f.price !== null && f.price !== undefined) parts.push(`offer $${f.price.toFixed(2)}`);
  if (f.low != null && f.high != null) parts.push(`range $${f.low.toFixed(2)}–$${f.high.toFixed(2)}`);
  if (f.shares != null) parts.push(`${f.shares.toLocaleString('en-US')} shares`);
  if (f.ticker) parts.push(`ticker ${f.ticker}`);
  if (f.exchange) parts.push(`exchange ${f.exchange}`);
  if (f.tradeDate) parts.push(`trade date ${f.tradeDate}`);
  // The listing date served from the list's IPO date: no first trade is dated, so a reader knows it is the list's date.
  if (f.ipoListingDate) parts.push(`IPO date ${f.ipoListingDate}, served as the listing date (no first trade dated: its first bar is another day's)`);
  if (parts.length === 0) return null;
  return prefix ? `${prefix}: ${parts.join('; ')}` : parts.join('; ');
}
