/**
 * NYSE (XNYS) trading calendar for daily bars. Dates are 'YYYY-MM-DD' strings in exchange-local
 * time; arithmetic runs on UTC day numbers so no host time zone can shift a date.
 */

export interface Holiday {
  date: string;
  name: string;
}

export interface TradingCalendar {
  isTradingDay(date: string): boolean;
  /** First trading day strictly after `date`. */
  nextTradingDay(date: string): string;
  /** Last trading day strictly before `date`. */
  previousTradingDay(date: string): string;
  /** n-th trading day counting the first trading day on or after `date` as 1 (n >= 1). */
  nthTradingDayOnOrAfter(date: string, n: number): string;
  /** Moves |n| trading days forward (n > 0) or back (n < 0); n = 0 returns `date` unchanged. */
  addTradingDays(date: string, n: number): string;
  holidays(year: number): Holiday[];
}

/**
 * Unscheduled full-day closures. Only these are listed because the holiday rules cannot
 * derive them (national days of mourning, weather, 9/11).
 */
export const NYSE_SPECIAL_CLOSURES: readonly Holiday[] = [
  { date: '2001-09-11', name: 'September 11 attacks' },
  { date: '2001-09-12', name: 'September 11 attacks' },
  { date: '2001-09-13', name: 'September 11 attacks' },
  { date: '2001-09-14', name: 'September 11 attacks' },
  { date: '2004-06-11', name: 'National day of mourning (Reagan)' },
  { date: '2007-01-02', name: 'National day of mourning (Ford)' },
  { date: '2012-10-29', name: 'Hurricane Sandy' },
  { date: '2012-10-30', name: 'Hurricane Sandy' },
  { date: '2018-12-05', name: 'National day of mourning (G. H. W. Bush)' },
  { date: '2025-01-09', name: 'National day of mourning (Carter)' },
];

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: "${date}"`);
  const month = Number(m[2]);
  const dayOfMonth = Number(m[3]);
  const d = new Date(Date.UTC(Number(m[1]), month - 1, dayOfMonth));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== dayOfMonth) throw new RangeError(`invalid date: "${date}"`);
  return d.getTime() / DAY_MS;
}

const fromDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const ymd = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / DAY_MS;
/** 0 = Sunday … 6 = Saturday; day 0 (1970-01-01) was a Thursday. */
const weekday = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** n-th given weekday of a month (n >= 1), or the last one when n = -1. */
function nthWeekday(year: number, month: number, dow: number, n: number): number {
  if (n === -1) {
    const last = ymd(year, month + 1, 0);
    return last - ((weekday(last) - dow + 7) % 7);
  }
  const first = ymd(year, month, 1);
  return first + ((dow - weekday(first) + 7) % 7) + (n - 1) * 7;
}

/** Gregorian Easter Sunday (anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return fromDayNumber(ymd(year, month, day));
}

/** Saturday holidays close the Friday before, Sunday holidays the Monday after. */
function observed(day: number): number {
  const dow = weekday(day);
  if (dow === 6) return day - 1;
  if (dow === 0) return day + 1;
  return day;
}

/** The regular NYSE holidays of a year plus the special closures that fall in it. */
export function nyseHolidays(year: number): Holiday[] {
  const out: Holiday[] = [];
  const add = (day: number, name: string) => out.push({ date: fromDayNumber(day), name });
  const newYear = ymd(year, 1, 1);
  // NYSE rule 7.2: a Saturday New Year's Day is not made up on the preceding Dec 31.
  if (weekday(newYear) !== 6) add(observed(newYear), "New Year's Day");
  add(nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day');
  add(nthWeekday(year, 2, 1, 3), "Washington's Birthday");
  add(toDayNumber(easterSunday(year)) - 2, 'Good Friday');
  add(nthWeekday(year, 5, 1, -1), 'Memorial Day');
  if (year >= 2022) add(observed(ymd(year, 6, 19)), 'Juneteenth');
  add(observed(ymd(year, 7, 4)), 'Independence Day');
  add(nthWeekday(year, 9, 1, 1), 'Labor Day');
  add(nthWeekday(year, 11, 4, 4), 'Thanksgiving Day');
  add(observed(ymd(year, 12, 25)), 'Christmas Day');
  for (const closure of NYSE_SPECIAL_CLOSURES) {
    if (closure.date.startsWith(`${year}-`)) out.push(closure);
  }
  return out.sort((x, y) => x.date.localeCompare(y.date));
}

/**
 * Builds a calendar from a holiday source. The default is the NYSE rules above; tests or other
 * venues can pass their own table. Holiday sets are memoised per instance, not per module.
 */
export function createTradingCalendar(holidaysOf: (year: number) => Holiday[] = nyseHolidays): TradingCalendar {
  const byYear = new Map<number, Set<number>>();
  const isTradingDayNumber = (day: number): boolean => {
    const dow = weekday(day);
    if (dow === 0 || dow === 6) return false;
    const year = new Date(day * DAY_MS).getUTCFullYear();
    let set = byYear.get(year);
    if (!set) {
      set = new Set(holidaysOf(year).map((h) => toDayNumber(h.date)));
      byYear.set(year, set);
    }
    return !set.has(day);
  };
  const step = (day: number, dir: 1 | -1): number => {
    let d = day + dir;
    while (!isTradingDayNumber(d)) d += dir;
    return d;
  };
  const calendar: TradingCalendar = {
    isTradingDay: (date) => isTradingDayNumber(toDayNumber(date)),
    nextTradingDay: (date) => fromDayNumber(step(toDayNumber(date), 1)),
    previousTradingDay: (date) => fromDayNumber(step(toDayNumber(date), -1)),
    nthTradingDayOnOrAfter(date, n) {
      if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be an integer >= 1, got ${n}`);
      let day = toDayNumber(date);
      if (!isTradingDayNumber(day)) day = step(day, 1);
      for (let i = 1; i < n; i++) day = step(day, 1);
      return fromDayNumber(day);
    },
    addTradingDays(date, n) {
      if (!Number.isInteger(n)) throw new RangeError(`n must be an integer, got ${n}`);
      let day = toDayNumber(date);
      const dir = n < 0 ? -1 : 1;
      for (let i = 0; i < Math.abs(n); i++) day = step(day, dir);
      return fromDayNumber(day);
    },
    holidays: holidaysOf,
  };
  return calendar;
}

// Function-style helpers over the NYSE rules; each call builds its own small calendar, so
// there is no shared module state. Hot loops should hold one `createTradingCalendar()`.
export const isTradingDay = (date: string): boolean => createTradingCalendar().isTradingDay(date);
export const nextTradingDay = (date: string): string => createTradingCalendar().nextTradingDay(date);
export const nthTradingDayOnOrAfter = (date: string, n: number): string =>
  createTradingCalendar().nthTradingDayOnOrAfter(date, n);
export const addTradingDays = (date: string, n: number): string => createTradingCalendar().addTradingDays(date, n);
