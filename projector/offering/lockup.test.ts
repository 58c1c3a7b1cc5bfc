import { describe, expect, it } from 'vitest';
import { sampleDoc } from '../extract/test-docs.ts';
import { extractLockup } from '../extract/lockup.extract.ts';
import { deriveLockupSchedule, lockupStartDate } from './lockup.derive.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';

describe('extractLockup on real prospectuses', () => {
  it('AAOI follow-on: one 90-day tranche from the prospectus date, 0.9 million shares, extension and release terms quoted', () => {
    const x = extractLockup(sampleDoc('aaoi'));
    expect(x.tranches).toHaveLength(1);
    expect(x.tranches[0]).toMatchObject({ days: 90, months: null, basis: 'prospectus_date', shares: 900_000 });
    expect(x.tranches[0].text).toMatch(/^The lock-up agreements entered into in connection with this offering expire 90 days after the date of this prospectus/);
    expect(x.earlyReleaseConditions.some((c) => c.includes('subject to potential extensions in the event we release earning results'))).toBe(true);
    expect(x.earlyReleaseConditions.some((c) => c.includes('may, in their sole discretion and at any time without notice, release all or any portion'))).toBe(true);
    // The IPO lock-up it mentions ("in connection with our initial public offering") is not this deal's.
    expect(x.tranches.some((t) => /initial public offering/.test(t.text))).toBe(false);
  });

  it('Pandora IPO S-1: 180 days after the date of this prospectus; risk commentary is not a release condition', () => {
    const x = extractLockup(sampleDoc('pandora'));
    expect(x.tranches.map((t) => [t.days, t.basis])).toEqual([[180, 'prospectus_date']]);
    expect(x.earlyReleaseConditions).toEqual([
      'In addition, the underwriters may, in their sole discretion, release all or some portion of the shares subject to lock-up agreements prior to expiration of the lock-up period.',
    ]);
  });

  it('Unicycive: "six months following the closing" counts from the closing; the Rule 701 90 days is not a lock-up', () => {
    const x = extractLockup(sampleDoc('unicycive'));
    expect(x.tranches.map((t) => [t.days, t.months, t.basis])).toEqual([[null, 6, 'closing']]);
  });

  it('Twilio follow-on: the 90-day lock-up of this offering, not the 180 days of its IPO', () => {
    expect(extractLockup(sampleDoc('twilio')).tranches.map((t) => t.days)).toEqual([90]);
  });

  it('Acurx resale S-1 has no lock-up', () => {
    expect(extractLockup(sampleDoc('acurx'))).toEqual({ tranches: [], earlyReleaseConditions: [] });
  });
});

describe('deriveLockupSchedule', () => {
  it('AAOI follow-on priced 2014-03-19 (EFFECT): expires 2014-06-17, first sellable 2014-06-18', () => {
    const s = deriveLockupSchedule({ extraction: extractLockup(sampleDoc('aaoi')), sourceAccessionNumber: '0001047469-14-002669', effectiveDate: '2014-03-19' });
    expect(s.startDate).toBe('2014-03-19');
    expect(s.tranches).toEqual([
      expect.objectContaining({ days: 90, shares: 900_000, expiryDate: '2014-06-17', firstSellableTradingDay: '2014-06-18' }),
    ]);
    expect(s.sourceAccessionNumber).toBe('0001047469-14-002669');
  });

  it('Unicycive priced 2021-07-12, first traded 07-13: closes T+2 on 07-15, six months end 2022-01-15 (a Saturday), MLK Day pushes first sale to 01-18', () => {
    const s = deriveLockupSchedule({ extraction: extractLockup(sampleDoc('unicycive')), sourceAccessionNumber: '0001213900-21-036849', effectiveDate: '2021-07-12' });
    expect(s.tranches[0]).toMatchObject({ days: 184, expiryDate: '2022-01-15', firstSellableTradingDay: '2022-01-18' });
  });

  it('never starts on or after the first trade: a 424B4 filed after the listing dates the pricing by the evening before it (Laser Photonics)', () => {
    const calendar = createTradingCalendar();
    // Listed Friday 2022-09-30, its 424B4 filed Monday 2022-10-03: priced by Thursday 2022-09-29.
    expect(lockupStartDate({ finalProspectusFilingDate: '2022-10-03', listingDate: '2022-09-30' }, calendar)).toBe('2022-09-29');
    // A 424B4 filed the day of the first trade keeps its own date (the evening before).
    expect(lockupStartDate({ finalProspectusFilingDate: '2014-03-20', listingDate: '2014-03-20' }, calendar)).toBe('2014-03-19');
  });

  it('falls back to the trading day before the 424B4 filing when no prospectus or EFFECT date is known', () => {
    const s = deriveLockupSchedule({ extraction: extractLockup(sampleDoc('aaoi')), sourceAccessionNumber: '0001047469-14-002669', finalProspectusFilingDate: '2014-03-20' });
    expect(s.startDate).toBe('2014-03-19');
  });

  it('Pandora: with neither the EFFECT date nor the final prospectus, it counts from the trading day before the first trade (2011-06-15)', () => {
    const s = deriveLockupSchedule({ extraction: extractLockup(sampleDoc('pandora')), sourceAccessionNumber: '0001193125-11-032963', listingDate: '2011-06-15' });
    expect(s).toMatchObject({ startDate: '2011-06-14', tranches: [{ days: 180, expiryDate: '2011-12-11', firstSellableTradingDay: '2011-12-12' }] });
  });

  it('without any date the tranche keeps its days and has no dates', () => {
    const s = deriveLockupSchedule({ extraction: extractLockup(sampleDoc('pandora')), sourceAccessionNumber: '0001193125-11-032963' });
    expect(s).toMatchObject({ startDate: null, tranches: [{ days: 180, expiryDate: null, firstSellableTradingDay: null }] });
  });
});
