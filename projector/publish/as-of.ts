/**
 * An article says only what was known when it was published. The read rows are derived from
 * everything the service holds, years of later bars included, so each builder first cuts its data
 * to its publication time: filings and final prospectuses filed by that day, listings that began
 * trading by the last session closed by then, and of those only the closes of sessions already over.
 * A debut on the Thursday of a week has no first-week close in that Saturday's review: its fifth
 * session is the next Wednesday.
 */
import { createTradingCalendar, type TradingCalendar } from '../common/trading-calendar.ts';
import { WEEK1_TRADING_DAYS } from '../market/outcome.derive.ts';
import type { ArticleData, ArticleOutcome } from './article.types.ts';
import { addDays } from './period.ts';

/**
 * NYSE's 16:00 close in New York is 21:00Z in winter and 20:00Z in summer: a session's close is
 * known from 21:00Z that day on.
 */
const CLOSE_KNOWN_UTC = '21:00';

/** The last date whose session (if any) had closed by `publishedAt` (an ISO timestamp). */
export function closedThrough(publishedAt: string): string {
  const day = publishedAt.slice(0, 10);
  return publishedAt.slice(11, 16) >= CLOSE_KNOWN_UTC ? day : addDays(day, -1);
}

/**
 * A listing as known once the sessions through `closed` are over: null when it had not begun
 * trading; its first-week close and return dropped (status `partial`) while its fifth session is
 * still ahead, as deriveOutcomeFields leaves a week whose bars are not in yet.
 */
export function outcomeAsOf(o: ArticleOutcome, closed: string, calendar: TradingCalendar): ArticleOutcome | null {
  const { outcome } = o;
  if (outcome.tradingStartDate > closed) return null;
  if (outcome.status === 'partial' || calendar.nthTradingDayOnOrAfter(outcome.tradingStartDate, WEEK1_TRADING_DAYS) <= closed) return o;
  return { ...o, outcome: { ...outcome, closeWeek1: null, week1ReturnPct: null, week1TradingDays: null, status: 'partial' } };
}

/** What an article published at `publishedAt` may draw on (see the header). */
export function articleDataAsOf(data: ArticleData, publishedAt: string, calendar: TradingCalendar = createTradingCalendar()): ArticleData {
  const day = publishedAt.slice(0, 10);
  const closed = closedThrough(publishedAt);
  return {
    filings: data.filings?.filter((f) => f.filingDate <= day),
    pricings: data.pricings?.filter((p) => p.pricingDate <= day),
    outcomes: data.outcomes?.map((o) => outcomeAsOf(o, closed, calendar)).filter((o): o is ArticleOutcome => o !== null),
    lockups: data.lockups,
  };
}
