import { describe, expect, it } from 'vitest';
import { generationAt, insertCompany } from './read-migration.kit.ts';

/**
 * Unicycive's IPO as the demo serves it: terms from its preliminary S-1/A 0001213900-21-035033
 * (data/sample/prospectuses; 4,550,000 units at $5.00–$6.00, 682,500 more on the over-allotment, about
 * $25,025,000 at the midpoint), priced from Bloomberg's row ($5.00, a $25.0M offer size: 5,000,000 shares)
 * with its final prospectus 0001213900-21-036849 unread.
 */
const terms = { offeringPrice: null, priceRangeLow: 5, priceRangeHigh: 6, totalSharesOffered: 4550000, overAllotmentShares: 682500, grossProceeds: null, grossProceedsEstimate: 25025000 };
const unicycive = {
  fileNumber: '333-256367', dealType: 'ipo', status: 'listed', isCurrent: true, openedDate: '2021-05-21', listingDate: '2021-07-13',
  finalProspectusAccessionNumber: '0001213900-21-036849', termsAccessionNumber: '0001213900-21-035033',
  offerPrice: 5, grossProceeds: 25000000, grossProceedsBasis: 'vendor_offer_size', ritterExclusions: [], terms,
};
const consensus = { offerPrice: 5, offerPriceLow: 5, offerPriceHigh: 6, totalShares: null, grossProceeds: 25000000, grossProceedsBasis: 'vendor_offer_size' };

describe('migration 0025 on a generation at 0024', () => {
  it("serves a preliminary's units count and midpoint estimate only while nothing else priced the deal", async () => {
    const { db, toLatest } = await generationAt('0024_calendar_status_source');
    try {
      // (0024's views, as a release at 0024 created them, served 4,550,000, 682,500 and $25,025,000 for the priced IPO.)
      const insert = (cik: string, offeringStatus: string, offerings: unknown[], rowConsensus: unknown) =>
        insertCompany(db, { sortDate: '2021-07-13', cik, name: 'Unicycive Therapeutics, Inc.', ticker: 'UNCY', offeringStatus, offerings, consensus: rowConsensus, latestTerms: terms });
      insert('0001766140', 'listed', [unicycive], consensus);
      // The same registration before it priced (as a sample without the vendor row serves it): its terms are the deal's.
      const unpriced = { ...unicycive, status: 'effective', listingDate: null, finalProspectusAccessionNumber: null, offerPrice: null, grossProceeds: null, grossProceedsBasis: null };
      insert('1766140-unpriced', 'effective', [unpriced], { ...consensus, offerPrice: null, grossProceeds: null, grossProceedsBasis: null, totalShares: 4550000 });
      const columns = 'shares_offered, over_allotment_shares, gross_proceeds_estimate';

      await toLatest();
      expect(db.prepare(`SELECT cik, offer_price, gross_proceeds, ${columns} FROM offerings ORDER BY cik`).all()).toEqual([
        { cik: '0001766140', offer_price: 5, gross_proceeds: 25000000, shares_offered: null, over_allotment_shares: null, gross_proceeds_estimate: null },
        { cik: '1766140-unpriced', offer_price: null, gross_proceeds: null, shares_offered: 4550000, over_allotment_shares: 682500, gross_proceeds_estimate: 25025000 },
      ]);
      expect(db.prepare('SELECT cik, shares_offered, gross_proceeds_estimate FROM ipo_calendar ORDER BY cik').all()).toEqual([
        { cik: '0001766140', shares_offered: null, gross_proceeds_estimate: null },
        { cik: '1766140-unpriced', shares_offered: 4550000, gross_proceeds_estimate: 25025000 },
      ]);
    } finally {
      db.close();
    }
  });
});
