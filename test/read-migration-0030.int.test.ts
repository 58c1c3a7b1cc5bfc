import { describe, expect, it } from 'vitest';
import { generationAt, insertCompany } from './read-migration.kit.ts';

/**
 * Applied Optoelectronics' 2014 follow-on (333-194379) as the demo serves it: priced by a 424B4 the service has
 * not read, so the only terms read are its S-1/A's 2,700,000 shares (405,000 over-allotment), before an S-1MEF
 * upsized it. Before the 424B4 was filed the same offering was a registration nothing had priced.
 */
const followOn = {
  fileNumber: '333-194379', dealType: 'follow_on', status: 'priced', isCurrent: false, source: 'edgar', ritterExclusions: [],
  finalProspectusAccessionNumber: '0001047469-14-002669', termsAccessionNumber: '0001047469-14-002425', offerPrice: null,
  terms: { totalSharesOffered: 2_700_000, overAllotmentShares: 405_000, offeringPrice: null },
};
const beforeItsFinalProspectus = { ...followOn, status: 'amended', finalProspectusAccessionNumber: null };

async function servedCounts(offering: object) {
  const { db, toLatest } = await generationAt('0029_offering_unit_ticker');
  try {
    insertCompany(db, { sortDate: '2014-03-19', cik: '0001158114', name: 'APPLIED OPTOELECTRONICS, INC.', ticker: 'AAOI', offeringStatus: 'listed', dealType: 'ipo', offerings: [offering] });
    await toLatest();
    return db.prepare('SELECT shares_offered, over_allotment_shares FROM offerings').all();
  } finally {
    db.close();
  }
}

describe('migration 0030 on a generation at 0029 (an unread final prospectus states the count sold)', () => {
  it('serves no share count for an offering priced by an unread final prospectus', async () => {
    expect(await servedCounts(followOn)).toEqual([{ shares_offered: null, over_allotment_shares: null }]);
  });

  it('serves the registration\'s count while no final prospectus has priced the offering', async () => {
    expect(await servedCounts(beforeItsFinalProspectus)).toEqual([{ shares_offered: 2_700_000, over_allotment_shares: 405_000 }]);
  });
});
