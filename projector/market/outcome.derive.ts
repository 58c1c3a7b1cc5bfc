import type { ApiOutcome } from '../../schema/api/types.ts';
import type { DailyBar } from './bars.parse.ts';
import { createTradingCalendar, type TradingCalendar } from '../common/trading-calendar.ts';

/** Trading days in the week-1 horizon, counting the first trading day as day 1. */
export const WEEK1_TRADING_DAYS = 5;

export interface OutcomeIdentity {
  cik: string;
  companyName: string | null;
  ticker: string;
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

/** The full ApiOutcome row, or null when no trading has been observed. */
export function deriveOutcome(
  identity: OutcomeIdentity,
  input: OutcomeInput,
  calendar?: TradingCalendar,
): ApiOutcome | null {
  const fields = deriveOutcomeFields(input, calendar);
  if (!fields) return null;
  return {
    cik: identity.cik,
    companyName: identity.companyName,
    ticker: identity.ticker,
    exchange: identity.exchange,
    sicDescription: identity.sicDescription,
    tradingStartDate: fields.tradingStartDate,
    offerPrice: fields.offerPrice,
    closeDay1: fields.closeDay1,
    closeWeek1: fields.closeWeek1,
    week1TradingDays: fields.week1TradingDays,
    day1ReturnPct: fields.day1ReturnPct,
    week1ReturnPct: fields.week1ReturnPct,
    status: fields.status,
    updatedAt: identity.updatedAt,
  };
}
