/**
 * Lock-up schedule (domain.md §4): each tranche's start, expiry (start + N calendar days, or N
 * months) and first sellable trading day (the next NYSE trading day after expiry).
 * Start: the prospectus date printed on the 424B4 cover when known, else the EFFECT date, else the
 * trading day before the 424B4 was filed, else the trading day before the first trade (an IPO prices
 * the evening before it lists). A period counted from the closing starts at the closing
 * date when given, else at settlement of the first trade, the trading day after pricing: T+3 until
 * 2017-09-04, T+2 until 2024-05-27, T+1 since (Facebook priced 2012-05-17, traded 05-18, closed
 * 05-23; Unicycive priced 2021-07-12, traded 07-13, closed 07-15).
 */
import type { ApiLockupSchedule } from '../../schema/api/types.ts';
import { createTradingCalendar, type TradingCalendar } from '../common/trading-calendar.ts';
import { addDays, addMonths, daysBetween } from '../common/dates.ts';
import type { LockupExtraction } from '../extract/lockup.extract.ts';

export interface LockupScheduleInput {
  extraction: LockupExtraction;
  sourceAccessionNumber: string;
  prospectusDate?: string | null;
  effectiveDate?: string | null;
  finalProspectusFilingDate?: string | null;
  closingDate?: string | null;
  /** The first trading day, when the data holds neither the EFFECT date nor the final prospectus. */
  listingDate?: string | null;
  calendar?: TradingCalendar;
}

/** The settlement cycle's trading days by the first trade's date: T+3, T+2 from 2017-09-05, T+1 from 2024-05-28. */
const SETTLEMENT_CYCLES: ReadonlyArray<{ from: string; days: number }> = [
  { from: '2024-05-28', days: 1 },
  { from: '2017-09-05', days: 2 },
  { from: '0000-00-00', days: 3 },
];

/** The closing of an offering priced on `pricing`: its shares settle with the first trade, the next trading day. */
function settlementAfterPricing(pricing: string, calendar: TradingCalendar): string {
  const firstTrade = calendar.addTradingDays(pricing, 1);
  return calendar.addTradingDays(firstTrade, SETTLEMENT_CYCLES.find((c) => firstTrade >= c.from)!.days);
}

export function deriveLockupSchedule(input: LockupScheduleInput): ApiLockupSchedule {
  const calendar = input.calendar ?? createTradingCalendar();
  const startDate = lockupStartDate(input, calendar);
  const closing = input.closingDate ?? (startDate ? settlementAfterPricing(startDate, calendar) : null);
  const tranches = input.extraction.tranches.map((t) => {
    const start = t.basis === 'closing' ? closing : startDate;
    const expiryDate = start === null ? null : t.days !== null ? addDays(start, t.days) : addMonths(start, t.months as number);
    const days = t.days ?? (start && expiryDate ? daysBetween(start, expiryDate) : Math.round(((t.months as number) * 365) / 12));
    return {
      startDate: start,
      days,
      shares: t.shares,
      description: t.text,
      expiryDate,
      firstSellableTradingDay: expiryDate ? calendar.nextTradingDay(expiryDate) : null,
    };
  });
  return { sourceAccessionNumber: input.sourceAccessionNumber, startDate, tranches, earlyReleaseConditions: input.extraction.earlyReleaseConditions };
}

/** The day a lock-up counted from the prospectus date starts (see the file comment); null when the data holds none of its evidence. */
export function lockupStartDate(
  input: Pick<LockupScheduleInput, 'prospectusDate' | 'effectiveDate' | 'finalProspectusFilingDate' | 'listingDate'>,
  calendar: TradingCalendar,
): string | null {
  const beforeListing = input.listingDate ? calendar.previousTradingDay(input.listingDate) : null;
  const beforeFiling = input.finalProspectusFilingDate ? calendar.previousTradingDay(input.finalProspectusFilingDate) : null;
  // An IPO prices before it trades: a 424B4 filed after the first trade (Laser Photonics listed
  // 2022-09-30 and filed it 2022-10-03) dates the pricing no later than the evening before the listing.
  const fromFiling = beforeFiling !== null && beforeListing !== null && beforeFiling > beforeListing ? beforeListing : beforeFiling;
  return input.prospectusDate ?? input.effectiveDate ?? fromFiling ?? beforeListing;
}
