/** Vendor-row typing on the real bundled Bloomberg export (data/sample/reference). */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import { isUnitSymbol, vendorDealType } from './vendor-deal-type.derive.ts';
import { withVendorEvidence } from './vendor-evidence.derive.ts';

const rows = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const bySymbol = (symbol: string): IpoTableRow => rows.find((r) => r.bloombergTicker === `${symbol} US`)!;

describe('vendorDealType', () => {
  it('types SPAC unit IPOs listed under their merged names as spac', () => {
    for (const symbol of ['GSHTU', 'TPGE/U', 'CNACU', 'KBLMU', 'OSPRU', 'IPOB/U', 'IPOC/U']) {
      expect(vendorDealType(bySymbol(symbol)).dealType, symbol).toBe('spac');
    }
    expect(bySymbol('GSHTU').issuer).toBe('Verra Mobility Corp');
  });

  it('keeps unit IPOs of operating companies at other prices as ipo, and a $14 "Acquisition Co" E&P too', () => {
    expect(vendorDealType(bySymbol('DCTHU')).dealType).toBe('ipo');
    expect(vendorDealType(bySymbol('TASRU')).dealType).toBe('ipo');
    expect(vendorDealType(rows.find((r) => r.issuer === 'Encore Acquisition Co')!).dealType).toBe('ipo');
  });

  it('types every row of the vendor\'s blank-check and closed-end fund subgroups', () => {
    const spacs = rows.filter((r) => r.industrySubgroup === 'Specified Purpose Acquis');
    const funds = rows.filter((r) => r.industrySubgroup === 'Closed-end Funds');
    expect(spacs.length).toBeGreaterThan(700);
    expect(funds.length).toBeGreaterThan(350);
    expect(spacs.every((r) => vendorDealType(r).dealType === 'spac')).toBe(true);
    expect(funds.every((r) => vendorDealType(r).dealType === 'fund')).toBe(true);
  });

  it('reads the unit notations users and vendors write', () => {
    for (const s of ['CBASU', 'HDP/U', 'HDP.U', 'HDP-U', 'HDP U']) expect(isUnitSymbol(s), s).toBe(true);
    for (const s of ['SNAP', 'AAOI', 'BRK.B', 'ACNU']) expect(isUnitSymbol(s), s).toBe(false);
  });
});

describe('withVendorEvidence', () => {
  const edgarIpo = { dealType: 'ipo' as const, reasons: ['S-1 by a first-time registrant'], confidence: 0.6 };
  const stored = (row: IpoTableRow) => ({ row, observedAt: '2026-01-01T00:00:00Z' });

  it('a first-time S-1 whose vendor row shows $10.00 units is a SPAC IPO (Social Capital Hedosophia II, now Opendoor)', () => {
    const typed = withVendorEvidence(edgarIpo, { openedDate: '2020-03-13' }, [stored(bySymbol('IPOB/U'))]);
    expect(typed.dealType).toBe('spac');
    expect(typed.reasons[0]).toMatch(/Specified Purpose|units/);
  });

  it('ignores a vendor row that traded before the deal opened, and never overrides a follow-on', () => {
    expect(withVendorEvidence(edgarIpo, { openedDate: '2021-01-01' }, [stored(bySymbol('IPOB/U'))]).dealType).toBe('ipo');
    const followOn = { dealType: 'follow_on' as const, reasons: [], confidence: 0.9 };
    expect(withVendorEvidence(followOn, { openedDate: '2020-03-13' }, [stored(bySymbol('IPOB/U'))]).dealType).toBe('follow_on');
  });
});
