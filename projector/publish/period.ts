/** Calendar periods of the articles, as plain YYYY-MM-DD strings computed in UTC. */

const DAY_MS = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, n: number) => new Date(toMs(date) + n * DAY_MS).toISOString().slice(0, 10);

export interface Period {
  from: string;
  to: string;
}

/** ISO-8601 week of a date: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(date: string): { year: number; week: number; monday: string } {
  const dow = (new Date(toMs(date)).getUTCDay() + 6) % 7; // 0 = Monday
  const monday = addDays(date, -dow);
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((toMs(thursday) - toMs(`${year}-01-01`)) / DAY_MS / 7) + 1;
  return { year, week, monday };
}

export function weekPeriod(anyDate: string): Period & { id: string } {
  const { year, week, monday } = isoWeek(anyDate);
  return { id: `${year}-W${String(week).padStart(2, '0')}`, from: monday, to: addDays(monday, 6) };
}

/** The date itself on a weekday, else the Monday after it. */
export function weekdayOnOrAfter(date: string): string {
  const dow = new Date(toMs(date)).getUTCDay(); // 0 = Sunday
  return dow === 6 ? addDays(date, 2) : dow === 0 ? addDays(date, 1) : date;
}

/**
 * A calendar quarter, the day after it (`next`), and the day its review is published: the next
 * quarter's first weekday, when the scheduler's quarterly slot acts (CRON_PUBLISH_QUARTERLY).
 */
export function quarterPeriod(year: number, quarter: 1 | 2 | 3 | 4): Period & { id: string; next: string; publishOn: string } {
  const startMonth = (quarter - 1) * 3 + 1;
  const from = `${year}-${String(startMonth).padStart(2, '0')}-01`;
  const next = quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(startMonth + 3).padStart(2, '0')}-01`;
  return { id: `${year}-Q${quarter}`, from, to: addDays(next, -1), next, publishOn: weekdayOnOrAfter(next) };
}

export const within = (date: string, p: Period) => date >= p.from && date <= p.to;
