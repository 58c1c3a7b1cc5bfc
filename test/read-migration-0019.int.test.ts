import { describe, expect, it } from 'vitest';
import { generationAt } from './read-migration.kit.ts';

describe('migration 0019 on a generation at 0018', () => {
  it('serves an outcome stored with no ticker (the key column\'s \'\') as a null ipo_outcomes.ticker, and a ticker as it is', async () => {
    const { db, toLatest } = await generationAt('0018_vendor_row_dates');
    try {
      const insert = db.prepare(`INSERT INTO outcomes (trading_start_date, cik, ticker, company_name, name_lower, status, json) VALUES (?, ?, ?, ?, ?, 'partial', '{}')`);
      // Clear Channel Outdoor's 2005 IPO, which Bloomberg lists only under its placeholder 9977553D; GrubHub's under GRUB.
      insert.run('2005-11-11', 'V-9977553D-2005-11-11', '', 'Clear Channel Outdoor Holdings Inc/old', 'clear channel outdoor holdings inc/old');
      insert.run('2014-04-04', '0001594109', 'GRUB', 'GrubHub Inc.', 'grubhub inc.');

      await toLatest();
      expect(db.prepare(`SELECT ticker FROM ipo_outcomes ORDER BY listing_date`).pluck().all()).toEqual([null, 'GRUB']);
    } finally {
      db.close();
    }
  });
});
