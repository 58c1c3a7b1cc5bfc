import { federalHolidayOn } from './federal-holidays.ts';

/** EDGAR days: dates are US/Eastern (domain.md §1.1), and daily indexes exist for weekdays only. */

const EASTERN = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The EDGAR date (US/Eastern) at an instant, YYYY-MM-DD. */
export function easternDate(at: Date): string {
  return EASTERN.format(at);
}

/** A real calendar date written YYYY-MM-DD (2020-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
}

/** Monday to Friday from `from` to `to`, both included, in order. */
export function weekdaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${from}T12:00:00Z`); at.toISOString().slice(0, 10) <= to; at.setUTCDate(at.getUTCDate() + 1)) {
    const dow = at.getUTCDay();
    if (dow !== 0 && dow !== 6) days.push(at.toISOString().slice(0, 10));
  }
  return days;
}

const EASTERN_CLOCK = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: '2-digit', hourCycle: 'h23' });

/**
 * Whether EDGAR takes and disseminates filings at an instant: weekdays from 06:00 to 22:00
 * US/Eastern, except federal holidays, on which EDGAR is closed.
 */
export function isEdgarOpen(at: Date): boolean {
  const parts = Object.fromEntries(EASTERN_CLOCK.formatToParts(at).map((p) => [p.type, p.value]));
  const hour = Number(parts.hour);
  if (parts.weekday === 'Sat' || parts.weekday === 'Sun' || hour < 6 || hour >= 22) return false;
  return federalHolidayOn(easternDate(at)) === null;
}
