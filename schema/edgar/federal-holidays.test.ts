import { describe, expect, it } from 'vitest';
import { federalHolidayOn, federalHolidays } from './federal-holidays.ts';

describe('US federal holidays, when EDGAR publishes no daily index', () => {
  it('gives the observed dates of a year (OPM: 2020, Independence Day on a Saturday observed Friday July 3)', () => {
    expect([...federalHolidays(2020).keys()]).toEqual([
      '2020-01-01', '2020-01-20', '2020-02-17', '2020-05-25', '2020-07-03', '2020-09-07', '2020-10-12', '2020-11-11', '2020-11-26', '2020-12-25',
    ]);
  });

  it('moves a weekend holiday to the nearest weekday, across the year end too (OPM 2021–2023)', () => {
    expect(federalHolidayOn('2021-06-18')).toBe('Juneteenth National Independence Day');
    expect(federalHolidayOn('2021-12-24')).toBe('Christmas Day');
    // January 1, 2022 was a Saturday: observed on Friday, December 31, 2021.
    expect(federalHolidayOn('2021-12-31')).toBe("New Year's Day");
    expect(federalHolidayOn('2022-06-20')).toBe('Juneteenth National Independence Day');
    expect(federalHolidayOn('2023-01-02')).toBe("New Year's Day");
    expect(federalHolidayOn('2023-11-10')).toBe('Veterans Day');
  });

  it('names only the days of the law then in force, and no trading holiday that is not one', () => {
    expect(federalHolidayOn('2020-06-19')).toBeNull();
    expect(federalHolidayOn('1985-01-21')).toBeNull();
    expect(federalHolidayOn('1986-01-20')).toBe('Birthday of Martin Luther King, Jr.');
    // Good Friday closes the NYSE, not EDGAR.
    expect(federalHolidayOn('2020-04-10')).toBeNull();
    // The weekdays the replay has no index for are ordinary business days.
    for (const date of ['2020-03-16', '2020-03-17', '2020-03-19', '2020-03-20']) expect(federalHolidayOn(date), date).toBeNull();
  });
});
