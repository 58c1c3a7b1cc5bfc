import { describe, expect, it } from 'vitest';
import { generationAt, insertCompany } from './read-migration.kit.ts';

/**
 * Alibaba's 2014 IPO as the demo serves it: a vendor offering from its Yahoo list row (BABA, NYSE,
 * 2014-09-19, $68.00), no filings, an issuer named "… Holding Ltd": a foreign issuer whose listed
 * security (its ADSs) the data does not show. Herbalife's 2004 IPO from its Bloomberg row (HLF, $14.00,
 * CUSIP blank, as the export leaves a CINS): its own shares.
 */
const vendorOffering = { fileNumber: null, dealType: 'ipo', status: 'listed', isCurrent: true, source: 'vendor', ritterExclusions: [], terms: null };
const alibaba = { ...vendorOffering, listingDate: '2014-09-19', offerPrice: 68, foreignListing: 'unknown' };
const herbalife = { ...vendorOffering, listingDate: '2004-12-16', offerPrice: 14, foreignListing: 'shares' };

describe('migrations 0026 and 0027 on a generation at 0025 (foreign_listing)', () => {
  it('serves foreign_listing and leaves an unknown one out of the Ritter sample', async () => {
    const { db, toLatest } = await generationAt('0025_priced_estimate');
    try {
      insertCompany(db, { sortDate: '2014-09-19', cik: '0001577552', name: 'Alibaba Group Holding Ltd', ticker: 'BABA', offerings: [alibaba] });
      insertCompany(db, { sortDate: '2004-12-16', cik: '0001180262', name: 'Herbalife Ltd', ticker: 'HLF', offerings: [herbalife] });
      // A generation written before the field: no foreign listing shown, in the sample as before.
      const { foreignListing: _, ...before } = herbalife;
      insertCompany(db, { sortDate: '2004-12-16', cik: '1180262-before', name: 'Herbalife Ltd', ticker: 'HLF', offerings: [before] });

      await toLatest();
      expect(db.prepare('SELECT cik, foreign_listing, in_ritter_sample FROM offerings ORDER BY cik').all()).toEqual([
        { cik: '0001180262', foreign_listing: 'shares', in_ritter_sample: 1 },
        { cik: '0001577552', foreign_listing: 'unknown', in_ritter_sample: 0 },
        { cik: '1180262-before', foreign_listing: null, in_ritter_sample: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});
