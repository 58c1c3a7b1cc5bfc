import type { ApiPriceHistory, ApiPriceRange } from '../../schema/api/types.ts';
import { VENDOR_SOURCE } from '../common/sources.ts';
import { baseForm, OPENING_FORMS } from '../common/forms.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import type { CompanyOffering, FilingTermsFact } from './offering.derive.ts';
import { isIpoFamily } from './deal-type.derive.ts';
import type { DealLifecycle } from './lifecycle.derive.ts';
import { derivePriceHistory, observationsFromTerms, type PriceObservation, type RangePoint } from './price-history.derive.ts';

/** The IPO a price history is about: the current deal when it is IPO-family, else the latest IPO-family deal. */
export function ipoDealOf(offering: CompanyOffering): DealLifecycle | null {
  const current = offering.lifecycle.currentDeal;
  if (current && isIpoFamily(current.dealKind)) return current;
  const ipos = offering.lifecycle.deals.filter((d) => isIpoFamily(d.dealKind));
  return ipos[ipos.length - 1] ?? null;
}

/**
 * The served priceHistory: the ranges and prices stated by the IPO deal's read prospectuses, plus
 * the vendor row of that deal (or of a company EDGAR has no IPO deal for). The vendor's offer price
 * always counts (a 424B4 read from EDGAR still wins); its filing range only when no prospectus
 * stated one, since it carries no date of its own and would otherwise read as a revision.
 * Null when no source stated a range or a price.
 */
export function companyPriceHistory(
  offering: CompanyOffering,
  vendorRow: StoredIpoRow | null,
  pricedDeal: DealLifecycle | null,
): ApiPriceHistory | null {
  const deal = ipoDealOf(offering);
  const read = deal
    ? deal.filings.map((f) => offering.termsByAccession.get(f.accessionNumber)).filter((t): t is FilingTermsFact => t !== undefined)
    : [];
  const observations: PriceObservation[] = observationsFromTerms(
    read.map((t) => ({ accessionNumber: t.filing.accessionNumber, formType: t.filing.formType, filingDate: t.filing.filingDate, terms: t.doc.terms })),
  );
  // vendorRowFor matched the row to the priced IPO deal; without an EDGAR IPO deal it is the latest row.
  const vendor = vendorRow && (deal === null || deal === pricedDeal) ? vendorRow.row : null;
  if (vendor) {
    const edgarRange = observations.some((o) => o.low !== null && o.high !== null);
    observations.push({
      source: VENDOR_SOURCE,
      accessionNumber: null,
      formType: null,
      date: vendor.tradeDate ?? '',
      low: edgarRange ? null : vendor.rangeLow,
      high: edgarRange ? null : vendor.rangeHigh,
      price: vendor.priceUnitsDiffer ? null : vendor.offerPrice,
    });
  }
  const history = derivePriceHistory(observations);
  if (history.initialRange === null && history.finalPrice === null) return null;
  const { finalPrice } = history;
  const earliest = history.initialRange && rangeOf(history.initialRange);
  return {
    initialRange: earliest && deal && isInitialRange(earliest, deal, offering.termsByAccession) ? earliest : null,
    earliestKnownRange: earliest,
    revisions: history.revisions.map((r) => ({ ...rangeOf(r.to), previousLow: r.from.low, previousHigh: r.from.high, direction: r.direction })),
    lastRange: history.lastRange && rangeOf(history.lastRange),
    finalPrice: finalPrice && {
      price: finalPrice.price,
      accessionNumber: finalPrice.accessionNumber,
      filingDate: finalPrice.accessionNumber === null ? null : finalPrice.date,
      formType: finalPrice.formType,
      source: finalPrice.source,
    },
    pricedVsRange: history.pricedVsRange,
  };
}

/**
 * The earliest range the data holds is the initial one only when a registration statement stated it
 * and every registration filing of the deal filed before it was read (and stated none). A vendor's
 * range is its last filing range; an unread earlier S-1/A may have stated another.
 */
function isInitialRange(range: ApiPriceRange, deal: DealLifecycle, read: ReadonlyMap<string, FilingTermsFact>): boolean {
  if (range.accessionNumber === null || range.filingDate === null) return false;
  return deal.filings.every(
    (f) => !OPENING_FORMS.has(baseForm(f.formType)) || f.filingDate > range.filingDate! || f.accessionNumber === range.accessionNumber || read.has(f.accessionNumber),
  );
}

/** A vendor row names no filing, so its point has no filing date (its trade date is the consensus listingDate). */
function rangeOf(p: RangePoint): ApiPriceRange {
  return {
    low: p.low,
    high: p.high,
    accessionNumber: p.accessionNumber,
    filingDate: p.accessionNumber === null ? null : p.date,
    formType: p.formType,
    source: p.source,
  };
}
