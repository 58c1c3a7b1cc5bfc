/**
 * What a foreign issuer listed, measured on the whole bundled vendor tables (data/sample/reference: the
 * Bloomberg export, its raw yearly exports, the Yahoo list) and EDGAR's daily indexes (data/sample/edgar/index).
 */
import { describe, expect, it } from 'vitest';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import { cusipKind, foreignListing, type ListingEvidence } from './listed-security.derive.ts';
import { filesAsCanadianIssuer, filesAsForeignPrivateIssuer, hasForeignLegalForm, hasLimitedForm } from './structure-evidence.ts';
import { vendorDealType } from './vendor-deal-type.derive.ts';

const us = (file: string) => parseIpoTable(readSample(`reference/${file}`)).filter((r) => r.country === 'US');
const bloomberg = [
  ...us('bloomberg_ipo_data_2000_2025.csv.gz'),
  ...['2020', '2021', '2022', '2023', '2024', '2025'].flatMap((y) => us(`bloomberg_raw_${y}.csv.gz`)),
];
const yahoo = us('yahoo_finance_IPOs_2000_2018.csv.gz');
const bySymbol = (symbol: string): IpoTableRow => bloomberg.find((r) => r.bloombergTicker === `${symbol} US`)!;
const yahooRow = (symbol: string): IpoTableRow => yahoo.find((r) => r.ticker === symbol)!;
/** What a vendor-only offering shows: the row and its typing. */
const fromRow = (row: IpoTableRow): ListingEvidence => ({ dealType: vendorDealType(row).dealType, baseForm: null, names: [row.issuer], terms: null, vendorRow: row });
const operating = (rows: IpoTableRow[]) => rows.filter((r) => !['spac', 'fund'].includes(vendorDealType(r).dealType));
const foreignNamed = (r: IpoTableRow) => hasForeignLegalForm(r.issuer) || hasLimitedForm(r.issuer);
const symbols = (rows: IpoTableRow[]) => [...new Set(rows.map((r) => r.ticker))].sort();

const index = [
  ...parseEdgarIndex(readSample('edgar/index/company.20221003.idx.gz')).entries,
  ...parseEdgarIndex(readSample('edgar/index/form.20200318.idx.gz')).entries,
];
const filingsOf = (cik: string) => index.filter((e) => e.cik === cik);

describe('cusipKind', () => {
  it('reads a US-style CUSIP (a digit first) and a CINS (a letter first); the export\'s N.A. is none', () => {
    expect(bySymbol('CNTA').cusip).toBe('152309100');
    expect(cusipKind(bySymbol('CNTA').cusip)).toBe('us');
    expect(cusipKind('M98068105')).toBe('cins'); // Wix's ordinary shares (Israel)
    expect(bySymbol('HLF').cusip).toBe('N.A.');
    expect(cusipKind(bySymbol('HLF').cusip)).toBeNull();
  });

  it('finds no CINS in the Bloomberg exports: every foreign company\'s own shares are blank there', () => {
    expect(bloomberg.filter((r) => cusipKind(r.cusip) === 'cins')).toEqual([]);
  });
});

describe('foreignListing on the Bloomberg exports', () => {
  it('reads a US CUSIP as ADSs for an issuer named with a legal form no US corporation takes: all four such operating rows listed ADSs', () => {
    const rows = operating(bloomberg).filter((r) => hasForeignLegalForm(r.issuer) && cusipKind(r.cusip) === 'us');
    // Talend SA (2016), Renalytix PLC (2020), Centessa Pharmaceuticals PLC and Ambrx Biopharma Cayman Inc (2021): ADSs all.
    expect(symbols(rows)).toEqual(['9991006D', 'CNTA', 'RNLXY', 'TLND']);
    for (const r of rows) expect(foreignListing(fromRow(r)), r.issuer).toBe('ads');
  });

  it('reads a blank CUSIP of a foreign-named row as its own shares: the export leaves CINS out', () => {
    const rows = operating(bloomberg).filter((r) => foreignNamed(r) && cusipKind(r.cusip) === null);
    // Herbalife Ltd (G4412G101), Jazz Pharmaceuticals PLC, Sensata Technologies Holding NV, Credo (G25457105), Ferrari-like direct listings.
    for (const s of ['HLF', 'JAZZ', '9876599D', 'CRDO', 'G', 'AYR', 'ESTC', 'MIME', 'KMTS']) expect(rows.map((r) => r.ticker), s).toContain(s);
    for (const r of rows) expect(foreignListing(fromRow(r)), r.issuer).toBe('shares');
  });

  it('does not read "Ltd" with a US CUSIP as a foreign issuer\'s: US corporations so named outnumber the ADS issuers', () => {
    const rows = operating(bloomberg).filter((r) => hasLimitedForm(r.issuer) && !hasForeignLegalForm(r.issuer) && cusipKind(r.cusip) === 'us');
    for (const r of rows) expect(foreignListing(fromRow(r)), r.issuer).toBeNull();
    // US companies: Wynn Resorts (Nevada), GrafTech International, Bowman Consulting Group, Kairos Pharma (Delaware).
    for (const s of ['WYNN', 'EAF', 'BWMN', 'KAPA']) expect(rows.map((r) => r.ticker), s).toContain(s);
    // Known misses: BeiGene's, Connect Biopharma's and Ambow Education's rows are ADS listings the row cannot tell apart.
    for (const s of ['ONC', 'CNTB', 'AMBO']) expect(rows.map((r) => r.ticker), s).toContain(s);
  });

  it('reads a US CUSIP as ADSs for an issuer that files as a foreign private issuer (6-K in the index of 2022-10-03)', () => {
    const legend = filingsOf('0001801198');
    const belite = filingsOf('0001889109');
    expect(filesAsForeignPrivateIssuer(legend) && filesAsForeignPrivateIssuer(belite)).toBe(true);
    // Legend Biotech Corp's 2020 ADSs (52490G102), Belite Bio Inc's 2022 ADSs (07782B104): no legal form says foreign.
    expect(foreignListing(fromRow(bySymbol('LEGN')))).toBeNull();
    expect(foreignListing({ ...fromRow(bySymbol('LEGN')), foreignPrivateIssuer: true })).toBe('ads');
    expect(foreignListing({ ...fromRow(bySymbol('BLTE')), foreignPrivateIssuer: true })).toBe('ads');
  });

  it('reads a Canadian issuer (40-F, F-10) as listing its own shares: Canada is in the CUSIP system', () => {
    expect(filesAsCanadianIssuer(filingsOf('0001456346'))).toBe(true); // Franco-Nevada's 40-F of 2020-03-18
    expect(filesAsForeignPrivateIssuer(filingsOf('0001456346'))).toBe(false);
    // HUB International Ltd, an Ontario company whose common shares listed on the NYSE in 2002 (44332P101).
    expect(foreignListing({ ...fromRow(bySymbol('HBG')), foreignPrivateIssuer: true, canadianIssuer: true })).toBe('shares');
  });

  it('reads no SPAC\'s, fund\'s or debt offering\'s listing: a Cayman SPAC sells units and shares, not ADSs', () => {
    expect(foreignListing(fromRow(bySymbol('CHV/U')))).toBeNull(); // Churchill Ventures Ltd
    expect(foreignListing(fromRow(bySymbol('PFLT')))).toBeNull(); // PennantPark Floating Rate Capital Ltd, a BDC
    // Nor a debt offering's: Barclays Bank PLC's notes (an EDGAR name of the demo) list no shares.
    expect(foreignListing({ dealType: 'debt', baseForm: null, names: ['BARCLAYS BANK PLC'], terms: null, vendorRow: null })).toBeNull();
  });
});

describe('foreignListing on the Yahoo list', () => {
  const named = operating(yahoo).filter(foreignNamed);

  it('leaves the listed security unknown for a foreign-named row: the list carries no CUSIP', () => {
    expect(named).toHaveLength(38);
    for (const r of named) expect(foreignListing(fromRow(r)), r.issuer).toBe('unknown');
    // 14 listed ADSs: PetroChina, LG Philips LCD, China Netcom, Banco Macro, 500.com, Jumei, Alibaba, Grupo
    // Supervielle, BeiGene, ZTO Express, GDS, Bright Scholar, Zai Lab, Secoo.
    const ads = ['PTR', 'LPL', 'CN', 'BMA', 'WBAI', 'JMEI', 'BABA', 'SUPV', 'BGNE', 'ZTO', 'GDS', 'BEDU', 'ZLAB', 'SECO'];
    // 23 their own shares: Marvell, Accenture, Kosmos, Delphi, Globant, Trinseo, CyberArk, ProQR, Axalta, Axovant,
    // Ferrari, Merus, Hebron, Netshoes, Athene, Myovant, ObsEva, Ichor, Dragon Victory, UroGen, Venator, ZK, Farfetch,
    // InflaRx (its row's currency reads "US").
    expect(symbols(named).filter((s) => !ads.includes(s))).toHaveLength(24);
    expect(symbols(named).filter((s) => ads.includes(s))).toHaveLength(14);
  });

  it('reads a Bloomberg row joined to the same IPO: its blank CUSIP says own shares, a US one for a "Ltd" says nothing', () => {
    expect(foreignListing({ ...fromRow(yahooRow('AXTA')), sameIpoRows: [bySymbol('AXTA')] })).toBe('shares');
    expect(foreignListing({ ...fromRow(yahooRow('KOS')), sameIpoRows: [bySymbol('KOS')] })).toBeNull();
  });

  it('reads an F-6 under the issuer\'s CIK as ADSs for an offering known only from a vendor row', () => {
    expect(foreignListing({ ...fromRow(yahooRow('BABA')), depositaryShares: true })).toBe('ads');
    // An F-1 alone says only that the issuer is foreign.
    expect(foreignListing({ ...fromRow(yahooRow('BABA')), baseForm: 'F-1' })).toBe('unknown');
  });

  it('reads a cover that names a security other than ADSs as the issuer\'s own shares', () => {
    const cover = { issuerStructureFlags: [], securityDescription: 'Class A ordinary shares' };
    expect(foreignListing({ ...fromRow(yahooRow('FTCH')), baseForm: 'F-1', terms: cover })).toBe('shares');
  });

  it('finds no foreign issuer where nothing shows one: a Cayman company named Inc or Corp (Autohome, Weibo) is not told', () => {
    expect(foreignListing(fromRow(yahooRow('ATHM')))).toBeNull();
    expect(foreignListing(fromRow(yahooRow('SLAB')))).toBeNull(); // Silicon Laboratories Inc
  });
});
