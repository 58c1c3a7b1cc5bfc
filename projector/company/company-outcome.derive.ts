import type { ApiOutcome } from '../../schema/api/types.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { FilingTermsFact } from '../offering/offering.derive.ts';
import { isIpoFamily } from '../offering/deal-type.derive.ts';
import { isDealTrade } from '../offering/deal-status.scan.ts';
import type { DealLifecycle } from '../offering/lifecycle.derive.ts';
import { deriveOutcome } from '../market/outcome.derive.ts';
import { quotedPrice } from '../market/quoted-price.ts';
import type { StatedFirstClose } from '../market/ritter-measures.derive.ts';
import { ipoOfferSizeMillions, ipoUnitSeries, vendorRowDate } from './vendor-same-ipo.derive.ts';
import { isForeignOverTheCounterSymbol, isPlaceholderSymbol, isUnitSymbol } from '../offering/vendor-deal-type.derive.ts';
import { bareSymbol, exchangeListingSymbol, heldBasesOf, ipoSymbol, listingSymbol, listingSymbolUnlessHeld } from './vendor-symbol.derive.ts';

/** The company's IPO-family deal that priced most recently, if any. */
export function pricedIpoDeal(deals: readonly DealLifecycle[]): DealLifecycle | null {
  const priced = deals.filter((d) => isIpoFamily(d.dealKind) && d.pricedDate !== null);
  return priced.length > 0 ? priced[priced.length - 1] : null;
}

/**
 * The vendor row describing that deal: its trade date (or, for a Yahoo row without one, its IPO
 * date) falls just after EDGAR's pricing (isDealTrade, the rule that lists the deal), else the latest row.
 */
export function vendorRowFor(rows: readonly StoredIpoRow[], deal: DealLifecycle | null): StoredIpoRow | null {
  const dated = rows.filter((r) => vendorRowDate(r.row) !== null).sort((a, b) => (vendorRowDate(a.row)! < vendorRowDate(b.row)! ? -1 : 1));
  if (deal?.pricedDate) {
    return dated.find((r) => isDealTrade(deal.pricedDate as string, vendorRowDate(r.row) as string)) ?? null;
  }
  return dated[dated.length - 1] ?? null;
}

/**
 * The first close a row of the IPO states, with the offer price beside it: a Yahoo row's first bar
 * when that bar is the first trade (its trade date is the bar's, market/yahoo-ipo-table.parse.ts) on
 * the IPO's first trading day, in the offer's units (no priceUnitsDiffer). Bloomberg states only a
 * rounded return (Facebook: 0.61003%, where Yahoo's close is $38.23 on $38.00, +0.6053%). Null when no
 * row states one. The close is at the precision it is quoted in (market/quoted-price.ts).
 */
export function statedFirstClose(ipo: StoredIpoRow): StatedFirstClose | null {
  const day = ipo.row.tradeDate;
  for (const row of [ipo.row, ...(ipo.sameIpo ?? []).map((r) => r.row)]) {
    // As quoted: rows imported before the parser rounded carry the list's float noise (93.889999).
    const close = quotedPrice(row.firstBarClose ?? null);
    if (day === null || close === null || row.offerPrice === null || row.priceUnitsDiffer) continue;
    if (row.tradeDate === day && row.firstBarDate === day) return { close, offerPrice: quotedPrice(row.offerPrice) };
  }
  return null;
}

export interface OutcomeSources {
  cik: string;
  companyName: string;
  /** The ticker the company is served under (never a placeholder), or null. */
  companyTicker: string | null;
  exchange: string | null;
  sicDescription: string | null;
  deal: DealLifecycle | null;
  vendorRow: StoredIpoRow | null;
  bars: StoredBars | null;
  terms: ReadonlyMap<string, FilingTermsFact>;
  /** The vendor row's symbol was rebuilt on a later one (company/served-end.derive.ts isRebuiltUnitSymbol): no symbol of the day is known. */
  listingSymbolUnknown?: boolean;
  /** The SEC's current tickers of the company, for an IPO the vendor lists under an over-the-counter symbol (vendor-symbol.derive.ts exchangeListingSymbol). */
  secTickers?: readonly string[];
}

/**
 * The symbol the outcome's security traded under, as a company's ticker is served
 * (vendor-symbol.derive.ts): the bars' ticker, else the vendor IPO's symbol of the day (the Yahoo
 * row's, else Bloomberg's unless a placeholder), else the company's ticker; null when none is known.
 * A Bloomberg placeholder (9990620D for GrubHub's IPO row, 316623Q for NRG's predecessor) names a
 * security that no longer trades on any exchange: it is never an outcome's ticker. A bankrupt issuer's
 * symbol (bars fetched under ACORQ, SEC's ACORQ for Acorda) is served without its marker: the
 * security listed as ACOR (vendor-symbol.derive.ts bankruptSymbolBase).
 */
export function outcomeTicker(bars: StoredBars | null, vendor: StoredIpoRow | null, companyTicker: string | null): string | null {
  const candidates = [bars?.ticker ?? null, vendor ? ipoSymbol(vendor) : null, companyTicker];
  const found = candidates.find((t): t is string => t !== null && t !== '' && !isPlaceholderSymbol(t));
  // Letters the SEC gives another company are not this security's (Casa Systems' CASSQ is not CASS).
  return found === undefined ? null : listingSymbolUnlessHeld(found, heldBasesOf(vendor));
}

/** The SEC's notation for a security that is not the common stock: preferred (OAK-PA), warrants, rights, units. */
const NOT_COMMON = /-(?:P[A-Z]?|WT?S?|RT?|UN?)$|^[A-Z]{4}[WRU]$/;

/**
 * Whether the symbol of the day is unknown because Bloomberg's row alone names one (its security's
 * last symbol) and the SEC's ticker file lists the company's common stock under another: one of the
 * two replaced the other after the listing, and which came first depends on which file is older
 * (aTyr's 2015 IPO: Bloomberg ATYR, the bundled SEC file LIFE, its symbol until 2021; in a file
 * fetched today the SEC's is the later). Not for units, which trade under the IPO's symbol until the
 * combination (GCACU beside Cepton's CPTN), nor when bars or the Yahoo row of the day name it.
 */
export function lastSymbolContradicted(bars: StoredBars | null, vendor: StoredIpoRow | null, secTickers: readonly string[]): boolean {
  if ((bars !== null && bars.bars.length > 0) || vendor === null || [vendor, ...(vendor.sameIpo ?? [])].some((r) => r.row.layout === 'yahoo')) return false;
  const symbol = ipoSymbol(vendor);
  // A bankrupt issuer's marked symbol (ACORQ) is its stock's (ACOR), as the outcome serves it.
  const common = secTickers.filter((t) => !NOT_COMMON.test(t)).map(listingSymbol);
  if (symbol === null || isUnitSymbol(symbol) || isForeignOverTheCounterSymbol(symbol) || common.length === 0) return false;
  return !common.some((t) => bareSymbol(t) === bareSymbol(symbol));
}

/**
 * Post-listing outcome of a priced IPO-family deal (domain §5): from its first bar, else from a
 * first close a vendor row states, else from the vendor row's stated first-day return. Priced means a final prospectus in EDGAR or, for deals older
 * than our filings, a vendor row with an offer price and trade date. Offer price: the final
 * prospectus's, else the vendor's; shares and proceeds the final prospectus's base deal, else the
 * vendor's offer size. `updatedAt` is when the bars (else the vendor row) were observed, so it never
 * depends on when the projector ran.
 */
export function deriveCompanyOutcome(s: OutcomeSources): ApiOutcome | null {
  const bars = s.bars && s.bars.bars.length > 0 ? s.bars : null;
  const vendor = s.vendorRow;
  const pricingDate = s.deal?.pricedDate ?? (vendor?.row.offerPrice != null ? vendor.row.tradeDate : null);
  if (!pricingDate) return null;
  const traded = s.listingSymbolUnknown || lastSymbolContradicted(bars, vendor, s.secTickers ?? []) ? null : outcomeTicker(bars, vendor, s.companyTicker);
  // A foreign issuer's over-the-counter symbol (LCWUF) is not the one its IPO listed under on the exchange.
  const ticker = traded !== null && isForeignOverTheCounterSymbol(traded) ? exchangeListingSymbol(s.secTickers ?? []) : traded;
  const finalAccession = s.deal?.finalProspectus?.accessionNumber ?? null;
  const finalTerms = finalAccession ? (s.terms.get(finalAccession)?.doc.terms ?? null) : null;
  const edgarPrice = finalTerms?.offeringPrice ?? null;
  return deriveOutcome(
    {
      cik: s.cik,
      companyName: s.companyName,
      ticker,
      exchange: s.exchange,
      sicDescription: s.sicDescription,
      updatedAt: bars?.observedAt ?? vendor?.observedAt ?? null,
    },
    {
      offerPrice: edgarPrice ?? vendor?.row.offerPrice ?? null,
      pricingDate,
      bars: bars?.bars ?? [],
      baseDeal: finalTerms ? { sharesOffered: finalTerms.totalSharesOffered, grossProceeds: finalTerms.grossProceeds } : null,
      // The vendor's first day describes its own trade date: only a row of this deal speaks for it.
      vendor: vendor
        ? {
            offerSizeMillions: ipoOfferSizeMillions(vendor),
            offerToFirstClosePct: vendor.row.offerToFirstClosePct,
            firstClose: statedFirstClose(vendor),
            tradeDate: vendor.row.tradeDate,
            unitSeries: ipoUnitSeries(vendor),
          }
        : null,
    },
  );
}
