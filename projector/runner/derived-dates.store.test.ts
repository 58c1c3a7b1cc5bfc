import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DerivedDates } from './derived-dates.store.ts';

describe('DerivedDates', () => {
  it('keeps the latest as-of date of each company, and none of one never derived', () => {
    const db = new Database(':memory:');
    try {
      const dates = new DerivedDates(db);
      expect(dates.has('0000320193')).toBe(false);
      expect(dates.get('0000320193')).toBeUndefined();
      dates.set('0000320193', '2020-03-18');
      dates.set('0000320193', '2020-03-19');
      expect(dates.has('0000320193')).toBe(true);
      expect(dates.get('0000320193')).toBe('2020-03-19');
      // A second run on the same connection starts empty.
      expect(new DerivedDates(db).get('0000320193')).toBeUndefined();
    } finally {
      db.close();
    }
  });
});
