import { describe, expect, it } from 'vitest';
import { isFirstWeekdayOfQuarter, scheduledRequest } from '../scripts/commands/schedule.ts';
import { quarterRange } from '../scripts/commands/publish.ts';

describe('publication calendar', () => {
  it('finds the first weekday of a quarter, weekends and later days excluded', () => {
    expect(['2024-01-01', '2023-04-03', '2022-10-03', '2023-07-03'].map(isFirstWeekdayOfQuarter)).toEqual([true, true, true, true]);
    expect(['2024-01-02', '2023-04-01', '2023-04-04', '2024-06-03'].map(isFirstWeekdayOfQuarter)).toEqual([false, false, false, false]);
  });

  it('reviews the quarter that just ended and expands backfill ranges', () => {
    expect(scheduledRequest('quarterly', '2024-01-01')).toEqual({ kind: 'quarterly', year: 2023, quarter: 4 });
    expect(scheduledRequest('quarterly', '2024-07-01')).toEqual({ kind: 'quarterly', year: 2024, quarter: 2 });
    expect(scheduledRequest('daily', '2024-07-01')).toEqual({ kind: 'daily', date: '2024-07-01' });
    expect(quarterRange('2012Q1..2017Q4')).toHaveLength(24);
    expect(quarterRange('2016Q4..2017Q1')).toEqual([{ year: 2016, quarter: 4 }, { year: 2017, quarter: 1 }]);
    expect(() => quarterRange('2017Q1..2016Q4')).toThrow(/must be a range that ends after it starts, got "2017Q1..2016Q4"/);
  });
});
