import type { ApiOutcome } from '../../schema/api/types.ts';

/** What the final prospectus states of the base deal (its cover's total, without the over-allotment option). */
export interface BaseDealTerms {
  sharesOffered: number | null;
  grossProceeds: number | null;
}

/** What a vendor IPO row states of the deal (Bloomberg: "Offer Size (M)", "Offer To 1st Close"; Yahoo: its first close). */
export interface VendorDealFigures {
  offerSizeMillions: number | null;
  offerToFirstClosePct: number | null;
  /** A first close a row of the deal states (company/vendor-same-ipo.derive.ts statedFirstClose), with the offer price it stands beside. */
  firstClose?: StatedFirstClose | null;
  /**
   * Each unit series of a blank check that sold two in one IPO (company/vendor-same-ipo.derive.ts
   * ipoUnitSeries), the row's own first: each its own size and first day. Absent for a deal of one security.
   */
  unitSeries?: ReadonlyArray<{ offerSizeMillions: number | null; offerToFirstClosePct: number | null }>;
}

export interface StatedFirstClose {
  close: number;
  offerPrice: number;
}

export interface RitterInput {
  offerPrice: number | null;
  /** From the price series; null when the data holds no bar for the first day. */
  closeDay1: number | null;
  day1ReturnPct: number | null;
  baseDeal: BaseDealTerms | null;
  vendor: VendorDealFigures | null;
}

export type RitterMeasures = Pick<
  ApiOutcome,
  'closeDay1' | 'day1ReturnPct' | 'day1ReturnSource' | 'sharesSold' | 'grossProceeds' | 'grossProceedsBasis' | 'moneyLeftOnTable'
>;

const round2 = (x: number): number => Math.round(x * 100) / 100;
const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/**
 * The vendor's stated first-day return, or null: -100% would be a first close of zero, which no
 * listed IPO had; the raw yearly exports write it where the first close is missing (Ondas 2020, Texas
 * Community Bancshares 2021, US Century Bank 2021, each of which traded near its offer).
 */
export function statedFirstDayPct(pct: number | null): number | null {
  return pct === null || pct <= -100 ? null : pct;
}

/**
 * A stated close and a stated return further apart than this, in points of the offer, describe two
 * different prices: Yahoo's Hilton bar of 2013-12-12 closes at $44.12 on a $20.00 offer (+120.6%), a
 * history re-based since its 2017 spin-offs and reverse split, where Bloomberg states +7.5%. Rows that
 * describe one first day agree within rounding (Facebook: 0.605% and 0.610%).
 */
const CLOSE_AGREEMENT_PCT = 1;

/**
 * A vendor's stated first close, when it stands beside the served offer price (to the cent), and
 * agrees with a return a vendor states within CLOSE_AGREEMENT_PCT: a close quoted beside another
 * price may be another unit's (a share's beside an ADS's offer) or another deal's, and one the
 * stated return contradicts is a re-based history's.
 */
export function usableClose(stated: StatedFirstClose | null | undefined, offer: number | null, statedPct: number | null = null): number | null {
  if (!stated || offer === null || Math.abs(stated.offerPrice - offer) >= 0.005) return null;
  if (statedPct !== null && Math.abs((100 * (stated.close - offer)) / offer - statedPct) > CLOSE_AGREEMENT_PCT) return null;
  return stated.close;
}

/**
 * Money left by an IPO of two unit series at two prices: each series' size × its own first-day return
 * (Good Harbor Partners: $4.89M × 9.41% + $53.4M × 2.48%, $1.78M; one series' return applied to both
 * sizes would say $5.49M). Null unless every series states both.
 */
function seriesMoneyLeft(series: NonNullable<VendorDealFigures['unitSeries']>): number | null {
  let total = 0;
  for (const s of series) {
    const pct = statedFirstDayPct(s.offerToFirstClosePct);
    if (s.offerSizeMillions === null || pct === null) return null;
    total += s.offerSizeMillions * 1_000_000 * (pct / 100);
  }
  return round2(total);
}

/**
 * Ritter's measures of one IPO. The first-day return is offer → first close: from the price series,
 * else from a first close a vendor row states (the Yahoo list's $38.23 for Facebook: +0.6053%), else
 * the vendor's stated return, which Bloomberg rounds (0.61003% for Facebook): so a deal without bars
 * still counts in an annual table, as exactly as its vendor rows allow. Shares
 * and proceeds are the base deal's when a final prospectus states them, as Ritter counts them;
 * else the vendor's offer size, which may include over-allotment shares sold (the basis says which source).
 * Money left on the table = shares sold × (first close − offer); with the vendor's size, the same
 * quantity is proceeds × (first close − offer) / offer, and with only a stated return proceeds × return;
 * for an IPO of two unit series, the sum of each series' (seriesMoneyLeft). Its offer price and first
 * day are its own row's series'.
 */
export function deriveRitterMeasures(input: RitterInput): RitterMeasures {
  const offer = input.offerPrice !== null && input.offerPrice > 0 ? input.offerPrice : null;
  // Served to 4 decimals, as a return from bars is (the export carries float noise: -0.1000000015);
  // money left is computed from the unrounded figure.
  const vendorPct = statedFirstDayPct(input.vendor?.offerToFirstClosePct ?? null);
  const statedClose = input.day1ReturnPct === null && input.closeDay1 === null ? usableClose(input.vendor?.firstClose, offer, vendorPct) : null;
  const closePct = statedClose !== null && offer !== null ? (100 * (statedClose - offer)) / offer : null;
  const day1ReturnPct = input.day1ReturnPct ?? (closePct !== null ? round4(closePct) : vendorPct === null ? null : round4(vendorPct));
  const day1ReturnSource = input.day1ReturnPct !== null ? 'price_series' : closePct !== null ? 'vendor_close' : vendorPct !== null ? 'vendor_stated' : null;

  const baseShares = input.baseDeal?.sharesOffered ?? null;
  const baseProceeds = input.baseDeal?.grossProceeds ?? (baseShares !== null && offer !== null ? round2(baseShares * offer) : null);
  const vendorProceeds = input.vendor?.offerSizeMillions != null ? round2(input.vendor.offerSizeMillions * 1_000_000) : null;
  const grossProceeds = baseProceeds ?? vendorProceeds;
  const grossProceedsBasis = baseProceeds !== null ? 'base_deal' : vendorProceeds !== null ? 'vendor_offer_size' : null;

  // Unrounded where the closes are known: the served return is rounded to 4 decimals.
  const close = input.closeDay1 ?? statedClose;
  let moneyLeftOnTable: number | null = null;
  const series = input.vendor?.unitSeries ?? [];
  if (series.length > 1 && baseShares === null) moneyLeftOnTable = seriesMoneyLeft(series);
  else if (baseShares !== null && offer !== null && close !== null) moneyLeftOnTable = round2(baseShares * (close - offer));
  else if (grossProceeds !== null && offer !== null && close !== null) moneyLeftOnTable = round2((grossProceeds * (close - offer)) / offer);
  else if (grossProceeds !== null && day1ReturnPct !== null) moneyLeftOnTable = round2((grossProceeds * (input.day1ReturnPct ?? vendorPct!)) / 100);

  return {
    closeDay1: close,
    day1ReturnPct,
    day1ReturnSource,
    sharesSold: baseProceeds !== null ? baseShares : null,
    grossProceeds,
    grossProceedsBasis,
    moneyLeftOnTable,
  };
}
