/**
 * US federal holidays (5 U.S.C. 6103), on which EDGAR accepts no filings and publishes no daily
 * index. These are not NYSE holidays: EDGAR closes on Columbus Day and Veterans Day, when the
 * exchange trades, and opens on Good Friday, when it does not. A holiday on a Saturday is observed
 * the Friday before, one on a Sunday the Monday after, as federal offices observe them. One-off
 * closures (a national day of mourning) are not in any rule and are not here.
 */

const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month - 1, date));

/** The `n`th `weekday` (0 = Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = day(year, month, 1);
    return day(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7);
  }
  const last = day(year, month + 1, 0);
  return day(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
}

/** A fixed-date holiday moved off the weekend. */
function observed(date: Date): Date {
  const dow = date.getUTCDay();
  if (dow === 6) return day(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate() - 1);
  if (dow === 0) return day(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate() + 1);
  return date;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The observed federal holidays of `year` by date (Monday holidays as set in 1971, MLK Day from 1986,
 * Juneteenth from 2021); New Year's Day may be observed on December 31 of the year before.
 */
export function federalHolidays(year: number): Map<string, string> {
  const holidays: Array<[Date, string]> = [
    [observed(day(year, 1, 1)), "New Year's Day"],
    ...(year >= 1986 ? [[nthWeekday(year, 1, 1, 3), 'Birthday of Martin Luther King, Jr.'] as [Date, string]] : []),
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    ...(year >= 2021 ? [[observed(day(year, 6, 19)), 'Juneteenth National Independence Day'] as [Date, string]] : []),
    [observed(day(year, 7, 4)), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 10, 1, 2), 'Columbus Day'],
    [observed(day(year, 11, 11)), 'Veterans Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observed(day(year, 12, 25)), 'Christmas Day'],
  ];
  return new Map(holidays.map(([date, name]) => [iso(date), name]));
}

/**
 * The federal holiday observed on `date` (YYYY-MM-DD), or null. New Year's Day on a Saturday is
 * observed on December 31 of the year before, so the next year's holidays are looked at too.
 */
export function federalHolidayOn(date: string): string | null {
  const year = Number(date.slice(0, 4));
  return federalHolidays(year).get(date) ?? federalHolidays(year + 1).get(date) ?? null;
}
