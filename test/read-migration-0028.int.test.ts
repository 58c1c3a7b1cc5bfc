import { describe, expect, it } from 'vitest';
import { generationAt, insertCompany } from './read-migration.kit.ts';

/**
 * Tesla's 2010 IPO as the demo serves it: an EDGAR offering (its S-1 registration) whose prospectus the
 * data does not hold, priced at the consensus's $17.00 from the vendor row, whose range (14–16) the
 * consensus carries. A follow-on beside it, current, at another price: the consensus does not speak for it.
 */
const edgarIpo = { fileNumber: '333-164593', dealType: 'ipo', status: 'listed', isCurrent: true, source: 'edgar', ritterExclusions: [], terms: null, listingDate: '2010-06-29', offerPrice: 17 };
const consensus = { offerPrice: 17, offerPriceLow: 14, offerPriceHigh: 16, listingDate: '2010-06-29' };

describe('migration 0028 on a generation at 0027 (the current offering\'s range)', () => {
  it('serves the consensus range for the current offering at its price, as ipo_calendar does, and for no other', async () => {
    const { db, toLatest } = await generationAt('0027_foreign_listing');
    try {
      insertCompany(db, { sortDate: '2010-06-29', cik: '0001318605', name: 'Tesla, Inc.', ticker: 'TSLA', offerings: [edgarIpo], consensus });
      const earlier = { ...edgarIpo, isCurrent: false, fileNumber: '333-111111' };
      const followOn = { ...edgarIpo, dealType: 'follow_on', fileNumber: '333-222222', offerPrice: 28 };
      insertCompany(db, { sortDate: '2011-05-31', cik: 'follow-on', name: 'Tesla, Inc.', ticker: 'TSLA', dealType: 'follow_on', offerings: [earlier, followOn], consensus });

      await toLatest();
      expect(db.prepare('SELECT cik, file_number, price_range_low, price_range_high FROM offerings ORDER BY cik, file_number').all()).toEqual([
        { cik: '0001318605', file_number: '333-164593', price_range_low: 14, price_range_high: 16 },
        { cik: 'follow-on', file_number: '333-111111', price_range_low: null, price_range_high: null },
        { cik: 'follow-on', file_number: '333-222222', price_range_low: null, price_range_high: null },
      ]);
      const calendar = db.prepare(`SELECT price_range_low, price_range_high FROM ipo_calendar WHERE cik = '0001318605'`).get();
      expect(calendar).toEqual({ price_range_low: 14, price_range_high: 16 });
    } finally {
      db.close();
    }
  });
});
