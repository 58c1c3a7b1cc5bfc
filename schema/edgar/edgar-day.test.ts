import { describe, expect, it } from 'vitest';
import { easternDate, isCalendarDate, isEdgarOpen, weekdaysBetween } from './edgar-day.ts';

describe('EDGAR days', () => {
  it('are US/Eastern dates: 02:00 UTC is still the previous day in New York', () => {
    expect(easternDate(new Date('2020-03-19T02:00:00Z'))).toBe('2020-03-18');
    expect(easternDate(new Date('2020-03-19T05:00:00Z'))).toBe('2020-03-19');
  });

  it('are real calendar dates', () => {
    expect(['2020-03-18', '2020-02-29'].every(isCalendarDate)).toBe(true);
    expect(['2021-02-29', '2020-13-01', '2020-3-18', '18.03.2020', ''].some(isCalendarDate)).toBe(false);
  });

  it('walks the weekdays of a range, across a weekend, a month and a year end', () => {
    expect(weekdaysBetween('2020-03-13', '2020-03-17')).toEqual(['2020-03-13', '2020-03-16', '2020-03-17']);
    expect(weekdaysBetween('2023-12-29', '2024-01-02')).toEqual(['2023-12-29', '2024-01-01', '2024-01-02']);
    expect(weekdaysBetween('2020-03-21', '2020-03-22')).toEqual([]);
    expect(weekdaysBetween('2020-03-18', '2020-03-18')).toEqual(['2020-03-18']);
  });

  it('are open weekdays 06:00-22:00 US/Eastern, in winter and summer time, and closed on federal holidays', () => {
    // Monday 2026-01-12 (EST, UTC-5): 05:59 closed, 06:00 open, 21:59:59 open, 22:00 closed.
    expect(isEdgarOpen(new Date('2026-01-12T10:59:59Z'))).toBe(false);
    expect(isEdgarOpen(new Date('2026-01-12T11:00:00Z'))).toBe(true);
    expect(isEdgarOpen(new Date('2026-01-13T02:59:59Z'))).toBe(true);
    expect(isEdgarOpen(new Date('2026-01-13T03:00:00Z'))).toBe(false);
    // Wednesday 2021-07-14 (EDT, UTC-4), the day Unicycive's 424B4 was filed.
    expect(isEdgarOpen(new Date('2021-07-14T10:00:00Z'))).toBe(true);
    expect(isEdgarOpen(new Date('2021-07-14T09:59:00Z'))).toBe(false);
    // Saturday, and Thanksgiving Day 2026 (a Thursday).
    expect(isEdgarOpen(new Date('2026-01-10T16:00:00Z'))).toBe(false);
    expect(isEdgarOpen(new Date('2026-11-26T16:00:00Z'))).toBe(false);
    expect(isEdgarOpen(new Date('2026-11-27T16:00:00Z'))).toBe(true);
  });
});
