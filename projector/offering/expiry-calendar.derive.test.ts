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

  it('a SPAC (Social Capital Hedosophia IV, listed 2020-10-09): no lock-up is assumed; FINRA Rule 2241\'s 10 days', () => {
    const rows = entries('V-IPOD-U-2020-10-09', 'Social Capital Hedosophia Holdings Corp IV', 'IPOD', vendorIpo('spac', '2020-10-09'));
    expect(rows.map((e) => [e.kind, e.expiryDate, e.rule])).toEqual([['quiet_period', '2020-10-19', 'finra_2241']]);
  });

  it('Accenture (listed 2001-07-19, before NASD Rule 2711): no quiet-period rule applied, only the assumed lock-up', () => {
    const rows = entries('V-ACN-2001-07-19', 'Accenture Ltd', 'ACN', vendorIpo('ipo', '2001-07-19'));
    expect(rows.map((e) => [e.kind, e.termsSource])).toEqual([['lockup', 'assumed_default']]);
  });

  it('a direct listing has no underwriters: no entry at all', () => {
    expect(entries('V-SYNC-2012-02-10', 'Synacor Inc', 'SYNC', vendorIpo('direct_listing', '2012-02-10'))).toEqual([]);
  });
});
