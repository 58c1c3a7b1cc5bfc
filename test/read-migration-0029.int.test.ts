import { describe, expect, it } from 'vitest';
import { generationAt, insertCompany } from './read-migration.kit.ts';

/**
 * Vivint Smart Home as the demo serves it: the company's symbol is the units of Mosaic Acquisition's
 * 2017 IPO (MOSC-U, from the vendor row of the SPAC it combined with), and its 2020 S-1/A, which the
 * data cannot type, is a registration of the combined company, no unit offering.
 */
const spacIpo = { fileNumber: null, dealType: 'spac', status: 'listed', isCurrent: false, source: 'vendor', ritterExclusions: ['unit_offer', 'spac'], terms: null, offerPrice: 10 };
const laterRegistration = { fileNumber: '333-236507', dealType: 'unknown', status: 'amended', isCurrent: true, source: 'edgar', ritterExclusions: [], terms: null };

describe('migration 0029 on a generation at 0028 (a unit symbol is an IPO\'s)', () => {
  it('falls back to the company\'s unit symbol for its SPAC IPO, not for a later registration', async () => {
    const { db, toLatest } = await generationAt('0028_current_offering_range');
    try {
      insertCompany(db, {
        sortDate: '2020-03-18', cik: '0001713952', name: 'Vivint Smart Home, Inc.', ticker: 'MOSC-U', offeringStatus: 'combined', dealType: 'unknown',
        offerings: [spacIpo, laterRegistration],
      });

      await toLatest();
      expect(db.prepare('SELECT deal_type, ticker FROM offerings ORDER BY deal_type').all()).toEqual([
        { deal_type: 'spac', ticker: 'MOSC-U' },
        { deal_type: 'unknown', ticker: null },
      ]);
    } finally {
      db.close();
    }
  });
});
