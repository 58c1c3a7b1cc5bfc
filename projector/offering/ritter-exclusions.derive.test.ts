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

  it('flags the units of a SPAC Bloomberg lists over the counter (Learn CW\'s LCW.U as LCWUF) and of Solidion (NUBIU)', () => {
    expect(ritterExclusions(fromRow(bySymbol('LCWUF')))).toEqual(['unit_offer', 'spac']);
    expect(ritterExclusions(fromRow(bySymbol('NUBIU')))).toContain('unit_offer');
    // Learn CW's EDGAR offering with the vendor row of its pricing, its cover never read.
    const { company } = loadSubmissions('learncw');
    const edgar: RitterEvidence = { dealType: 'spac', baseForm: 'S-1', sic: company.sic, names: [company.name!], terms: null, vendorRow: bySymbol('LCWUF'), offerPrice: 10 };
    expect(ritterExclusions(edgar)).toEqual(['unit_offer', 'spac']);
    // A unit symbol among the company's tickers speaks for its IPO (Vincerx's VINCU, from its SPAC IPO).
    expect(ritterExclusions({ ...edgar, vendorRow: null, tickers: ['VINC', 'VINCU'] })).toEqual(['unit_offer', 'spac']);
    // A SPAC that sold shares only is no unit offer (Khosla Ventures Acquisition Co, KVSA at $10.00).
    expect(ritterExclusions(fromRow(bySymbol('KVSA')))).toEqual(['spac']);
  });

  it('flags ADSs from a vendor symbol with the ADR fifth letter Y (Renalytix, Renren as Moatable), an ADR name or the cover', () => {
    expect(ritterExclusions(fromRow(bySymbol('RNLXY')))).toEqual(['adr']);
    expect(ritterExclusions(fromRow(bySymbol('MTBLY')))).toEqual(['adr']);
    const talend = fromRow(bySymbol('TLND'));
    // Talend's row says nothing of ADSs; its ADS evidence is its F-1 and 424B4 covers.
    expect(ritterExclusions(talend)).toEqual([]);
    expect(ritterExclusions({ ...talend, terms: { issuerStructureFlags: [], securityDescription: 'American Depositary Shares (each representing one ordinary share)' } })).toEqual(['adr']);
    expect(ritterExclusions({ ...talend, names: ['Talend SA', 'Aena S.A./ADR'] })).toEqual(['adr']);
    // An "ADR" inside a word is no ADR (Madrigal Pharmaceuticals).
    expect(ritterExclusions(fromRow(bySymbol('MDGL')))).toEqual([]);
  });
});
