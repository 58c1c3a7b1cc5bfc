import { describe, expect, it } from 'vitest';
import type { ApiCalendarEntry, ApiOffering } from '../../schema/api/types.ts';
import type { DealType } from '../../schema/api/vocabulary.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { deriveExpiryCalendar } from './expiry-calendar.derive.ts';

/** An IPO known from a vendor row alone, as offerings.derive.ts serves it: its type and first trading day. */
function vendorIpo(dealType: DealType, listingDate: string): ApiOffering {
  return {
    fileNumber: null, dealType, status: 'listed', statusAsOf: listingDate, statusAsOfSource: 'vendor_trade_date', isCurrent: true, source: 'vendor', openedDate: null,
    lastFilingDate: null, effectiveDate: null, pricedDate: null, withdrawnDate: null, expectedFirstTradeDate: null, upsized: false,
    upsizeFileNumbers: [], draftFileNumbers: [], filingCount: 0, finalProspectusAccessionNumber: null, termsAccessionNumber: null,
    offerPrice: null, grossProceeds: null, grossProceedsBasis: null, listingDate, listingSymbol: null, stageBeforeEnd: null, issuerNameAtOffering: null,
    issuerNameAtOfferingSource: null, ritterExclusions: [], foreignListing: null, terms: null,
  };
}

function entries(cik: string, name: string, ticker: string, offering: ApiOffering, listing: { date: string; ticker: string | null } | null = null): ApiCalendarEntry[] {
  const rows = deriveExpiryCalendar({ company: { cik, name, ticker, listing }, offerings: [offering], deals: [], termsByAccession: new Map(), calendar: createTradingCalendar() });
  return rows.map((r) => JSON.parse(r.json) as ApiCalendarEntry);
}

describe('deriveExpiryCalendar on vendor IPO rows of the bundled tables', () => {
  it('Synacor (IPO, listed 2012-02-10): 180 days assumed from the pricing day before, labelled; NASD Rule 2711\'s 40-day quiet period', () => {
    const [lockup, quiet] = entries('V-SYNC-2012-02-10', 'Synacor Inc', 'SYNC', vendorIpo('ipo', '2012-02-10'));
    expect(lockup).toMatchObject({
      id: 'lockup:V-SYNC-2012-02-10:listed-2012-02-10:1',
      startDate: '2012-02-09',
      expiryDate: '2012-08-07',
      firstSellableTradingDay: '2012-08-08',
      days: 180,
      termsSource: 'assumed_default',
      sourceAccessionNumber: null,
      rule: null,
    });
    expect(lockup.description).toMatch(/^Assumed, not stated/);
    expect(quiet).toMatchObject({ kind: 'quiet_period', startDate: '2012-02-10', expiryDate: '2012-03-21', days: 40, rule: 'nasd_2711', termsSource: 'rule' });
  });

  it('a SPAC (Social Capital Hedosophia IV, listed 2020-10-09): no lock-up is assumed, and no research quiet period (a blank check has no business to initiate on)', () => {
    expect(entries('V-IPOD-U-2020-10-09', 'Social Capital Hedosophia Holdings Corp IV', 'IPOD', vendorIpo('spac', '2020-10-09'))).toEqual([]);
  });

  it('a confidential draft before 2017-07-10 shows an emerging growth company (Applied Optoelectronics: DRS 2013, listed 2013-09-26): 25 days by custom', () => {
    const aaoi = { ...vendorIpo('ipo', '2013-09-26'), source: 'edgar' as const, openedDate: '2013-04-04', draftFileNumbers: ['377-00123'] };
    const [, quiet] = entries('0001158114', 'Applied Optoelectronics, Inc.', 'AAOI', aaoi);
    expect(quiet).toMatchObject({ expiryDate: '2013-10-21', days: 25, rule: 'nasd_2711', termsSource: 'market_custom' });
    // After drafts opened to every issuer, a draft says nothing of the issuer's status.
    const later = { ...aaoi, openedDate: '2017-08-01', listingDate: '2015-11-02' };
    expect(entries('0001158114', 'x', 'X', later)[1]).toMatchObject({ termsSource: 'assumed_default' });
  });

  it('Snap (listed 2017-03-02): research initiations came on day 25 (2017-03-27), the quiet period the calendar gives', () => {
    const [, quiet] = entries('V-SNAP-2017-03-02', 'Snap Inc', 'SNAP', vendorIpo('ipo', '2017-03-02'));
    expect(quiet).toMatchObject({ kind: 'quiet_period', expiryDate: '2017-03-27', days: 25, rule: 'finra_2241', termsSource: 'market_custom' });
    expect(quiet.description).toMatch(/FINRA Rule 2241 itself bars research .* for 10 days/);
  });

  it('after the JOBS Act, an IPO whose prospectus the data lacks (Twitter, listed 2013-11-07): 25 days, assumed an emerging growth company, labelled', () => {
    const [, quiet] = entries('V-TWTR-2013-11-07', 'Twitter Inc', 'TWTR', vendorIpo('ipo', '2013-11-07'));
    expect(quiet).toMatchObject({ expiryDate: '2013-12-02', days: 25, rule: 'nasd_2711', termsSource: 'assumed_default' });
    expect(quiet.description).toMatch(/^Assumed: .* if it was not one \(revenue of \$1 billion or more in its last fiscal year\), NASD Rule 2711's 40 days applied instead\.$/);
  });

  it('after the JOBS Act, by what the prospectus states: an emerging growth company 25 days by custom, any other issuer NASD Rule 2711\'s 40 (Facebook, listed 2012-05-18: research on 2012-06-26)', () => {
    const withFlags = (flags: string[]) => ({ ...vendorIpo('ipo', '2012-05-18'), source: 'edgar' as const, terms: { issuerStructureFlags: flags } as unknown as ApiOffering['terms'] });
    const [, egc] = entries('0000000001', 'An EGC', 'EGC', withFlags(['emerging_growth_company']));
    expect(egc).toMatchObject({ expiryDate: '2012-06-12', days: 25, rule: 'nasd_2711', termsSource: 'market_custom' });
    // Its entries carry the symbol it listed under (its outcome's), not the company's symbol now.
    const [, large] = entries('0001326801', 'Facebook Inc', 'META', withFlags([]), { date: '2012-05-18', ticker: 'FB' });
    expect(large).toMatchObject({ ticker: 'FB', expiryDate: '2012-06-27', days: 40, rule: 'nasd_2711', termsSource: 'rule' });
    expect(entries('0001326801', 'Facebook Inc', 'META', withFlags([]), { date: '2012-05-17', ticker: 'FB' })[1].ticker).toBe('META');
    // From FINRA Rule 2241 on, the issuer no longer matters: 25 days by custom either way.
    const after = { ...withFlags([]), listingDate: '2016-02-04' };
    expect(entries('0000000002', 'After 2241', 'AFT', after)[1]).toMatchObject({ days: 25, rule: 'finra_2241', termsSource: 'market_custom' });
  });

  it('Accenture (listed 2001-07-19, before NASD Rule 2711): 25 days, the custom the rule lengthened, with no rule named', () => {
    const rows = entries('V-ACN-2001-07-19', 'Accenture Ltd', 'ACN', vendorIpo('ipo', '2001-07-19'));
    expect(rows.map((e) => [e.kind, e.termsSource, e.rule, e.expiryDate])).toEqual([
      ['lockup', 'assumed_default', null, '2002-01-14'],
      ['quiet_period', 'market_custom', null, '2001-08-13'],
    ]);
  });

  it('a direct listing has no underwriters: no entry at all', () => {
    expect(entries('V-SYNC-2012-02-10', 'Synacor Inc', 'SYNC', vendorIpo('direct_listing', '2012-02-10'))).toEqual([]);
  });
});
