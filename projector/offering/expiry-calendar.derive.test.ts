import { describe, expect, it } from 'vitest';
import type { ApiCalendarEntry, ApiOffering } from '../../schema/api/types.ts';
import type { DealType } from '../../schema/api/vocabulary.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { deriveExpiryCalendar } from './expiry-calendar.derive.ts';

/** An IPO known from a vendor row alone, as offerings.derive.ts serves it: its type and first trading day. */
function vendorIpo(dealType: DealType, listingDate: string): ApiOffering {
  return {
    fileNumber: null, dealType, status: 'listed', statusAsOf: listingDate, isCurrent: true, source: 'vendor', openedDate: null,
    lastFilingDate: null, effectiveDate: null, pricedDate: null, withdrawnDate: null, expectedFirstTradeDate: null, upsized: false,
    upsizeFileNumbers: [], draftFileNumbers: [], filingCount: 0, finalProspectusAccessionNumber: null, termsAccessionNumber: null,
    offerPrice: null, grossProceeds: null, grossProceedsBasis: null, listingDate, stageBeforeEnd: null, issuerNameAtOffering: null,
    issuerNameAtOfferingSource: null, ritterExclusions: [], terms: null,
  };
}

function entries(cik: string, name: string, ticker: string, offering: ApiOffering): ApiCalendarEntry[] {
  const rows = deriveExpiryCalendar({ company: { cik, name, ticker }, offerings: [offering], deals: [], termsByAccession: new Map(), calendar: createTradingCalendar() });
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

  it('a SPAC (Social Capital Hedosophia IV, listed 2020-10-09): no lock-up is assumed; 25 days by custom under FINRA Rule 2241 (whose own bar is 10)', () => {
    const rows = entries('V-IPOD-U-2020-10-09', 'Social Capital Hedosophia Holdings Corp IV', 'IPOD', vendorIpo('spac', '2020-10-09'));
    expect(rows.map((e) => [e.kind, e.expiryDate, e.days, e.rule, e.termsSource])).toEqual([['quiet_period', '2020-11-03', 25, 'finra_2241', 'market_custom']]);
  });

  it('Snap (listed 2017-03-02): research initiations came on day 25 (2017-03-27), the quiet period the calendar gives', () => {
    const [, quiet] = entries('V-SNAP-2017-03-02', 'Snap Inc', 'SNAP', vendorIpo('ipo', '2017-03-02'));
    expect(quiet).toMatchObject({ kind: 'quiet_period', expiryDate: '2017-03-27', days: 25, rule: 'finra_2241', termsSource: 'market_custom' });
    expect(quiet.description).toMatch(/FINRA Rule 2241 itself bars research .* for 10 days/);
  });

  it('an emerging growth company after the JOBS Act (Twitter, listed 2013-11-07): 25 days by custom, NASD Rule 2711 in force', () => {
    const [, quiet] = entries('V-TWTR-2013-11-07', 'Twitter Inc', 'TWTR', vendorIpo('ipo', '2013-11-07'));
    expect(quiet).toMatchObject({ expiryDate: '2013-12-02', days: 25, rule: 'nasd_2711', termsSource: 'market_custom' });
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
