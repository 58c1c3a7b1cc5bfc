import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DirtyCompanies } from './dirty-companies.store.ts';

describe('DirtyCompanies', () => {
  it('gives back every key once, in key order, whether held in memory or written to its table', () => {
    const db = new Database(':memory:');
    try {
      const dirty = new DirtyCompanies(db, 3);
      expect(dirty.isEmpty()).toBe(true);
      // Past 3 held keys the first are written to the TEMP table; the rest stay in memory until read.
      for (const id of ['0000000020', 'V-QAB-2001-01-02', '0000000003', '0000000020', '0000000100', '0000000007']) dirty.add(id);
      expect(dirty.isEmpty()).toBe(false);
      expect(dirty.keysAfter('', 10)).toEqual(['0000000003', '0000000007', '0000000020', '0000000100', 'V-QAB-2001-01-02']);
      expect(dirty.keysAfter('0000000007', 2)).toEqual(['0000000020', '0000000100']);
      dirty.clear();
      expect(dirty.isEmpty()).toBe(true);
      expect(dirty.keysAfter('', 10)).toEqual([]);
    } finally {
      db.close();
    }
  });
});
