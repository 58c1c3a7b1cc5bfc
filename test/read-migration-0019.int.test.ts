import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../schema/read/migrations.ts';
import { kyselyFor, openSqlite } from '../schema/sqlite.ts';

describe('migration 0019 on a generation at 0018', () => {
  it('serves an outcome stored with no ticker (the key column\'s \'\') as a null ipo_outcomes.ticker, and a ticker as it is', async () => {
    const db = openSqlite(':memory:');
    try {
      const migrator = new Migrator({ db: kyselyFor(db), provider: { getMigrations: async () => readMigrations } });
      expect((await migrator.migrateTo('0018_vendor_row_dates')).error).toBeUndefined();
      const insert = db.prepare(`INSERT INTO outcomes (trading_start_date, cik, ticker, company_name, name_lower, status, json) VALUES (?, ?, ?, ?, ?, 'partial', '{}')`);
      // Clear Channel Outdoor's 2005 IPO, which Bloomberg lists only under its placeholder 9977553D; GrubHub's under GRUB.
      insert.run('2005-11-11', 'V-9977553D-2005-11-11', '', 'Clear Channel Outdoor Holdings Inc/old', 'clear channel outdoor holdings inc/old');
      insert.run('2014-04-04', '0001594109', 'GRUB', 'GrubHub Inc.', 'grubhub inc.');

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(db.prepare(`SELECT ticker FROM ipo_outcomes ORDER BY listing_date`).pluck().all()).toEqual([null, 'GRUB']);
    } finally {
      db.close();
    }
  });
});
