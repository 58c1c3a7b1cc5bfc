/**
 * Price-range history of one deal: the first range stated, every revision (with the filing that made
 * it), the final price, and where it landed against the last range. Observations come from the
 * deal's prospectuses (S-1/A, FWP, 424B4 terms) and may include a vendor's row (its filing range and
 * offer price), which carries no accession.
 */
import type { FilingTerms } from './filing.facts.ts';
import { PRICED_FORMS } from '../common/forms.ts';
import { cmp } from '../common/dates.ts';

export interface PriceObservation {
  source: string;
  accessionNumber: string | null;
  formType: string | null;
  date: string;
  low: number | null;
  high: number | null;
  price: number | null;
}

export interface RangePoint {
  low: number;
  high: number;
  accessionNumber: string | null;
  formType: string | null;
  date: string;
  source: string;
}

export interface PriceHistory {
  initialRange: RangePoint | null;
  revisions: Array<{ from: RangePoint; to: RangePoint; direction: 'raised' | 'lowered' | 'widened' | 'narrowed' }>;
  lastRange: RangePoint | null;
  finalPrice: { price: number; accessionNumber: string | null; formType: string | null; date: string; source: string } | null;
  pricedVsRange: 'above' | 'within' | 'below' | null;
}

export function observationsFromTerms(list: readonly FilingTerms[]): PriceObservation[] {
  return list.map((f) => ({
    source: 'edgar',
    accessionNumber: f.accessionNumber,
    formType: f.formType,
    date: f.filingDate,
    low: f.terms.priceRangeLow,
    high: f.terms.priceRangeHigh,
    price: f.terms.offeringPrice,
  }));
}

export function derivePriceHistory(observations: readonly PriceObservation[]): PriceHistory {
  const sorted = [...observations].sort((a, b) => cmp(a.date, b.date) || cmp(a.accessionNumber ?? '', b.accessionNumber ?? ''));
  let initialRange: RangePoint | null = null;
  let lastRange: RangePoint | null = null;
  const revisions: PriceHistory['revisions'] = [];
  let finalPrice: PriceHistory['finalPrice'] = null;
  for (const o of sorted) {
    if (o.low !== null && o.high !== null && o.low > 0 && o.high >= o.low) {
      const point: RangePoint = { low: o.low, high: o.high, accessionNumber: o.accessionNumber, formType: o.formType, date: o.date, source: o.source };
      if (!lastRange) initialRange = point;
      else if (lastRange.low !== point.low || lastRange.high !== point.high) revisions.push({ from: lastRange, to: point, direction: directionOf(lastRange, point) });
      lastRange = point;
    }
    // A final prospectus is authoritative; otherwise the latest stated price stands (vendors, fixed-price deals).
    if (o.price !== null && (!finalPrice || !PRICED_FORMS.has(finalPrice.formType ?? '') || PRICED_FORMS.has(o.formType ?? ''))) {
      finalPrice = { price: o.price, accessionNumber: o.accessionNumber, formType: o.formType, date: o.date, source: o.source };
    }
  }
  let pricedVsRange: PriceHistory['pricedVsRange'] = null;
  if (finalPrice && lastRange) pricedVsRange = finalPrice.price > lastRange.high ? 'above' : finalPrice.price < lastRange.low ? 'below' : 'within';
  return { initialRange, revisions, lastRange, finalPrice, pricedVsRange };
}

function directionOf(a: RangePoint, b: RangePoint): 'raised' | 'lowered' | 'widened' | 'narrowed' {
  if (b.low >= a.low && b.high >= a.high) return 'raised';
  if (b.low <= a.low && b.high <= a.high) return 'lowered';
  return b.high - b.low > a.high - a.low ? 'widened' : 'narrowed';
}
