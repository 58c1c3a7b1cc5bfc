/**
 * The symbol the change log may name for a listing (deal-events.derive.ts, `listed`). The views serve
 * an outcome's ticker as far as the tables tell (company-outcome.derive.ts outcomeTicker): the bars',
 * else the vendor IPO's symbol, else the company's ticker. Two of those are today's symbols, not the
 * listing's: the SEC's (company_tickers.json, submissions `tickers`), and Bloomberg's export, which
 * lists an IPO under the security's symbol as it is now (Facebook's 2012 IPO as META, Ubiquiti
 * Networks' as UI, Rubicon Project's as MGNI). A webhook consumer told "listed as META" on
 * 2012-05-18 was told a symbol the listing day did not know, and FB came later as a revision.
 *
 * So a `listed` event names the outcome's symbol only when evidence of the listing itself names it:
 *   - the Yahoo list's row of the IPO (the symbol of the day: FB);
 *   - a Bloomberg row's symbol the SEC does not list for the company today (a delisted company's last
 *     symbol, or units' that no longer trade: Nubia's NUBIU beside Solidion's STI), as written; one
 *     the SEC lists too unless EDGAR named the company otherwise after it listed (Facebook, Inc. on
 *     its 2020 filings, where Bloomberg says Meta Platforms under META: renamed since, so the symbol
 *     may be the later name's; Snap Inc, never renamed, under SNAP). One read through a bankruptcy marker (SNECQ →
 *     SNEC, where the Yahoo list says SN) may be a later over-the-counter symbol
 *     (vendor-symbol.derive.ts bankruptSymbolBase). A last symbol may still be a later one where the
 *     SEC lists the company under none (Terminix's TMX for ServiceMaster's 2014 SERV, known only from
 *     the vendor): the Yahoo row, when it comes, revises it;
 *   - daily bars under the symbol starting on the first trading day;
 *   - the offering's read prospectus's "under the symbol" (terms `tickerHint`): its final prospectus,
 *     else its newest read registration document's symbol applied for (offering.derive.ts
 *     offeringTerms; Unicycive's S-1/A of 2021-06-30, UNCY, where its 424B4 was not read), which the
 *     offering serves as its listingSymbol too;
 *   - the units a SPAC listed, when the vendor lists them under a foreign over-the-counter symbol and
 *     the SEC lists the units themselves (Learn CW's LCW-UN, served LCW-U): units trade from the IPO
 *     to the combination, so the SEC listing them says they traded under that symbol.
 * Otherwise the event's symbol is null until such evidence arrives, and the revision that records it
 * is news rather than a correction.
 */
import { normalizeCompanyName } from '../common/company-name.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { FilingTermsFact } from '../offering/offering.derive.ts';
import { bankruptSymbolBase, bareSymbol as bare, exchangeListingSymbol } from './vendor-symbol.derive.ts';
import { isForeignOverTheCounterSymbol, isPlaceholderSymbol } from '../offering/vendor-deal-type.derive.ts';

export interface ListingSymbolEvidence {
  /** The outcome's symbol and first trading day, as the views serve them. */
  ticker: string | null;
  tradingStartDate: string;
  vendorRow: StoredIpoRow | null;
  bars: StoredBars | null;
  /** The SEC's current tickers of the company (submissions, company_tickers.json). */
  secTickers: readonly string[];
  /** The names EDGAR gave the company from its first trading day on (filings' conformed names, dated former names). */
  namesSinceListing: readonly string[];
  /** The listed offering's read document whose terms it serves (offering.derive.ts offeringTerms), if any. */
  termsAccession: string | null;
  terms: ReadonlyMap<string, FilingTermsFact>;
}


/** Pure: the outcome's symbol when the listing's own evidence names it, else null. */
export function listingOwnSymbol(e: ListingSymbolEvidence): string | null {
  if (e.ticker === null) return null;
  const today = new Set(e.secTickers.map(bare));
  // Bloomberg names the issuer as of its export: a name EDGAR gave the company after it listed that
  // is not Bloomberg's says it was renamed since, and the symbol may have changed with the name.
  const renamedSince = (issuer: string) => e.namesSinceListing.some((n) => normalizeCompanyName(n) !== normalizeCompanyName(issuer));
  const named: string[] = [];
  for (const row of e.vendorRow ? [e.vendorRow, ...(e.vendorRow.sameIpo ?? [])].map((r) => r.row) : []) {
    if (row.layout === 'yahoo') named.push(row.ticker);
    else if (isForeignOverTheCounterSymbol(row.ticker)) {
      const units = exchangeListingSymbol(e.secTickers);
      if (units !== null && units.endsWith('-U')) named.push(units);
    } else if ((!today.has(bare(row.ticker)) || !renamedSince(row.issuer)) && !isPlaceholderSymbol(row.ticker) && bankruptSymbolBase(row.ticker) === null) {
      named.push(row.ticker);
    }
  }
  const bars = e.bars && e.bars.bars.length > 0 ? e.bars : null;
  if (bars !== null && bars.bars[0].date === e.tradingStartDate && !isPlaceholderSymbol(bars.ticker) && bankruptSymbolBase(bars.ticker) === null) named.push(bars.ticker);
  const stated = e.termsAccession !== null ? (e.terms.get(e.termsAccession)?.doc.terms.tickerHint ?? null) : null;
  if (stated !== null) named.push(stated);
  return named.some((symbol) => bare(symbol) === bare(e.ticker as string)) ? e.ticker : null;
}
