import { createTradingCalendar } from '../common/trading-calendar.ts';
import { WEEK1_TRADING_DAYS } from '../market/outcome.derive.ts';
import type { ArticleData, ArticleListing } from './article.types.ts';

/**
 * What the data said on `date`, the day an article is published: filings, final prospectuses and
 * listings dated after it are left out, and a listing's first-week close counts only once its fifth
 * session is over by then. An article is built from the data as it is today (a read model holds the
 * bars of later weeks), so without this a Saturday review would state the first week of a Thursday
 * debut, which ends the next Wednesday. Nothing else changes: the values served for a deal are the
 * ones it had when it listed.
 */
export function dataAsOf(data: ArticleData, date: string): ArticleData {
  const calendar = createTradingCalendar();
  const listingAsOf = (l: ArticleListing): ArticleListing => {
    const o = l.outcome;
    if (o === null || o.closeWeek1 === null || calendar.nthTradingDayOnOrAfter(o.tradingStartDate, WEEK1_TRADING_DAYS) <= date) return l;
    return { ...l, outcome: { ...o, closeWeek1: null, week1ReturnPct: null, status: 'partial' } };
  };
  return {
    filings: data.filings?.filter((f) => f.filingDate <= date),
    pricings: data.pricings?.filter((p) => p.pricingDate <= date),
    listings: data.listings?.filter((l) => l.listingDate <= date).map(listingAsOf),
    lockups: data.lockups,
  };
}
