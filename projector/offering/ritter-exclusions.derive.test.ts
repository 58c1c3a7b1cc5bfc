/** Ritter's exclusion flags from the real Bloomberg rows (data/sample/reference) and real company facts. */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import { ritterExclusions, type RitterEvidence } from './ritter-exclusions.derive.ts';
import { vendorDealType } from './vendor-deal-type.derive.ts';
import { loadSubmissions } from './sample.testkit.ts';

const rows = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const bySymbol = (symbol: string): IpoTableRow => rows.find((r) => r.bloombergTicker === `${symbol} US`)!;
/** What a vendor-only offering shows: the row, its typing and its price. */
const fromRow = (row: IpoTableRow): RitterEvidence => ({
  dealType: vendorDealType(row).dealType,
  baseForm: null,
  sic: null,
  names: [row.issuer],
  terms: null,
  vendorRow: row,
  offerPrice: row.offerPrice,
});

describe('ritterExclusions', () => {
  it('leaves operating IPOs of common stock unflagged (Twitter, Snap, GoPro)', () => {
    for (const s of ['TWTR', 'SNAP', 'GPRO']) expect(ritterExclusions(fromRow(bySymbol(s))), s).toEqual([]);
  });

  it('flags a SPAC unit IPO as units and a SPAC, a closed-end fund as a fund', () => {
    expect(ritterExclusions(fromRow(bySymbol('GSHTU')))).toEqual(['unit_offer', 'spac']);
    const fund = rows.find((r) => r.industrySubgroup === 'Closed-end Funds')!;
    expect(ritterExclusions(fromRow(fund))).toContain('closed_end_fund');
  });

  it('flags REITs, thrifts, limited partnerships and offers under $5 from the row', () => {
    expect(ritterExclusions(fromRow(bySymbol('BHLB')))).toEqual(['bank_or_thrift']);
    expect(ritterExclusions(fromRow(bySymbol('MMP')))).toEqual(['limited_partnership']);
    expect(ritterExclusions(fromRow(bySymbol('ZGNX')))).toEqual(['offer_price_under_5']);
    const reit = rows.find((r) => r.industrySubgroup?.startsWith('REITS') && !/\bLP$/.test(r.issuer))!;
    expect(ritterExclusions(fromRow(reit))).toContain('reit');
  });

  it('flags a unit offering of an operating company at $6.00 as units only (Delcath, 2000)', () => {
    expect(ritterExclusions(fromRow(bySymbol('DCTHU')))).toEqual(['unit_offer']);
  });

  it('reads EDGAR evidence: SIC 6770 and the SPAC typing of Learn CW; an S-11 is a REIT', () => {
    const { company } = loadSubmissions('learncw');
    const evidence: RitterEvidence = { dealType: 'spac', baseForm: 'S-1', sic: company.sic, names: [company.name!], terms: { issuerStructureFlags: ['units', 'warrants'], securityDescription: null }, vendorRow: null, offerPrice: 10 };
    expect(ritterExclusions(evidence)).toEqual(['unit_offer', 'spac']);
    expect(ritterExclusions({ ...evidence, dealType: 'ipo', baseForm: 'S-11', terms: null })).toEqual(['reit']);
  });
});
