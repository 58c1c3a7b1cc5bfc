/**
 * Lock-up schedule (domain.md §4): each tranche's start, expiry (start + N calendar days, or N
 * months) and first sellable trading day (the next NYSE trading day after expiry).
 * Start: the prospectus date printed on the 424B4 cover when known, else the EFFECT date, else the
 * trading day before the 424B4 was filed, else the trading day before the first trade (an IPO prices
 * the evening before it lists). A period counted from the closing starts at the closing
 * date when given, else at settlement: T+2 trading days after pricing (T+1 from 2024-05-28).
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

const T_PLUS_1_FROM = '2024-05-28';

export function deriveLockupSchedule(input: LockupScheduleInput): ApiLockupSchedule {
  const calendar = input.calendar ?? createTradingCalendar();
  const startDate = lockupStartDate(input, calendar);
  const closing = input.closingDate ?? (startDate ? calendar.addTradingDays(startDate, startDate >= T_PLUS_1_FROM ? 1 : 2) : null);
  const tranches = input.extraction.tranches.map((t) => {
    const start = t.basis === 'closing' ? closing : startDate;
    const expiryDate = start === null ? null : t.days !== null ? addDays(start, t.days) : addMonths(start, t.months as number);
    const days = t.days ?? (start && expiryDate ? daysBetween(start, expiryDate) : Math.round(((t.months as number) * 365) / 12));
    return {
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
  return (
    input.prospectusDate ??
    input.effectiveDate ??
    (input.finalProspectusFilingDate ? calendar.previousTradingDay(input.finalProspectusFilingDate) : null) ??
    (input.listingDate ? calendar.previousTradingDay(input.listingDate) : null)
  );
}
