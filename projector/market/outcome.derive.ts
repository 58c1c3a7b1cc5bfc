import type { ApiOutcome } from '../../schema/api/types.ts';
import type { DailyBar } from './bars.parse.ts';
import { createTradingCalendar, type TradingCalendar } from '../common/trading-calendar.ts';
import { deriveRitterMeasures, statedFirstDayPct, usableClose, type BaseDealTerms, type VendorDealFigures } from './ritter-measures.derive.ts';

/** Trading days in the week-1 horizon, counting the first trading day as day 1. */
export const WEEK1_TRADING_DAYS = 5;

export interface OutcomeIdentity {
  cik: string;
  companyName: string | null;
  /** Null when no symbol of the listed security is known (company/company-outcome.derive.ts outcomeTicker). */
  ticker: string | null;
  exchange: string | null;
  sicDescription: string | null;
  updatedAt: string | null;
}

export interface OutcomeInput {
  /** Per share (or per ADS), the unit of the listed security; null when not known yet. */
  offerPrice: number | null;
  /** Pricing date or expected first trade date, YYYY-MM-DD: the first bar on or after it is day 1. */
  pricingDate: string;
  bars: readonly DailyBar[];
  /** The final prospectus's base deal, when one was read. */
  baseDeal?: BaseDealTerms | null;
  /** The vendor row of the deal: its offer size, its stated first-day return and its first trading day. */
  vendor?: (VendorDealFigures & { tradeDate: string | null }) | null;
}

export type OutcomeFields = Pick<
  ApiOutcome,
  'tradingStartDate' | 'offerPrice' | 'closeDay1' | 'closeWeek1' | 'week1TradingDays' | 'day1ReturnPct' | 'week1ReturnPct' | 'status'
>;

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** 100 × (close − offer) / offer, rounded to 4 decimals; null when either side is missing. */
export function returnPct(offer: number | null, close: number | null): number | null {
  if (offer === null || close === null || !(offer > 0)) return null;
  return round4((100 * (close - offer)) / offer);
}

/**
 * Outcome fields from bars. Null when nothing is derivable (no bar on or after the pricing date).
 * A horizon in the future stays null with status `partial`; nothing is extrapolated.
 */
export function deriveOutcomeFields(
  input: OutcomeInput,
  calendar: TradingCalendar = createTradingCalendar(),
): OutcomeFields | null {
  const sorted = [...input.bars].sort((a, b) => a.date.localeCompare(b.date));
  const first = sorted.find((b) => b.date >= input.pricingDate);
  if (!first) return null;
  // The 5th session is fixed by the exchange calendar, not by counting rows: a thinly traded unit
  // can skip a session, and then the 5th row would be the 6th session. Its week-1 close is the last
  // trade on or before the 5th session, known once any bar at or after that session exists.
  const day5 = calendar.nthTradingDayOnOrAfter(first.date, WEEK1_TRADING_DAYS);
  const week = sorted.filter((b) => b.date >= first.date && b.date <= day5);
  const weekOver = sorted.some((b) => b.date >= day5);
  const week5 = weekOver ? week[week.length - 1] : null;
  const offer = input.offerPrice !== null && input.offerPrice > 0 ? input.offerPrice : null;
  return {
    tradingStartDate: first.date,
    offerPrice: offer,
    closeDay1: first.close,
    closeWeek1: week5?.close ?? null,
    week1TradingDays: week.length,
    day1ReturnPct: returnPct(offer, first.close),
    week1ReturnPct: returnPct(offer, week5?.close ?? null),
    status: week5 ? 'complete' : 'partial',
  };
}

/**
 * Bars' fields, else (no bar on or after the pricing date) a vendor-stated first day: its trade date,
 * with nothing observed after it, so no week-1 close and a week 1 that stays partial (a close the
 * vendor states is the Ritter measures' to serve: ritter-measures.derive.ts).
 */
function observedFields(input: OutcomeInput, calendar?: TradingCalendar): OutcomeFields | null {
  const fields = deriveOutcomeFields(input, calendar);
  if (fields) return fields;
  const vendor = input.vendor;
  const offer = input.offerPrice !== null && input.offerPrice > 0 ? input.offerPrice : null;
  if (!vendor?.tradeDate || (statedFirstDayPct(vendor.offerToFirstClosePct) === null && usableClose(vendor.firstClose, offer, null) === null)) return null;
  return {
    tradingStartDate: vendor.tradeDate,
    offerPrice: offer,
    closeDay1: null,
    closeWeek1: null,
    week1TradingDays: null,
    day1ReturnPct: null,
    week1ReturnPct: null,
    status: 'partial',
  };
}

/** The full ApiOutcome row, or null when neither trading nor a vendor's stated first day is known. */
export function deriveOutcome(
  identity: OutcomeIdentity,
  input: OutcomeInput,
  calendar?: TradingCalendar,
): ApiOutcome | null {
  const fields = observedFields(input, calendar);
  if (!fields) return null;
  const ritter = deriveRitterMeasures({
    offerPrice: fields.offerPrice,
    closeDay1: fields.closeDay1,
    day1ReturnPct: fields.day1ReturnPct,
    baseDeal: input.baseDeal ?? null,
    vendor: input.vendor ?? null,
  });
  return {
    cik: identity.cik,
    companyName: identity.companyName,
    ticker: identity.ticker,
    exchange: identity.exchange,
    sicDescription: identity.sicDescription,
    tradingStartDate: fields.tradingStartDate,
    offerPrice: fields.offerPrice,
    closeDay1: ritter.closeDay1,
    closeWeek1: fields.closeWeek1,
    week1TradingDays: fields.week1TradingDays,
    day1ReturnPct: ritter.day1ReturnPct,
    day1ReturnSource: ritter.day1ReturnSource,
    week1ReturnPct: fields.week1ReturnPct,
    sharesSold: ritter.sharesSold,
    grossProceeds: ritter.grossProceeds,
    grossProceedsBasis: ritter.grossProceedsBasis,
    moneyLeftOnTable: ritter.moneyLeftOnTable,
    status: fields.status,
    updatedAt: identity.updatedAt,
  };
}
