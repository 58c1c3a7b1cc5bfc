/** Ritter's exclusion flags from the real Bloomberg rows (data/sample/reference) and real company facts. */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import { ritterExclusions, type RitterEvidence } from './ritter-exclusions.derive.ts';
import { vendorDealType } from './vendor-deal-type.derive.ts';
import { isBankName, isConversionPricedBankName, REIT_NAME, registersDepositaryShares, vendorBankClass } from './structure-evidence.ts';
import { loadSubmissions } from './sample.testkit.ts';

const rows = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const bySymbol = (symbol: string): IpoTableRow => rows.find((r) => r.bloombergTicker === `${symbol} US`)!;
/** The Yahoo list's US rows carry no industry: only the name, the symbol and the price speak. */
const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz')).filter((r) => r.country === 'US');
const yahooRow = (symbol: string): IpoTableRow => yahoo.find((r) => r.ticker === symbol)!;
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

  it('types a commodity pool as a fund but not a closed-end fund (SPDR Gold Shares, GLD, 2004: shares created at NAV)', () => {
    const gld = fromRow(bySymbol('GLD'));
    expect(gld.dealType).toBe('fund');
    expect(ritterExclusions(gld)).toEqual([]);
    // Every other fund row of the vendor's is flagged.
    const funds = rows.filter((r) => vendorDealType(r).dealType === 'fund');
    expect(funds.filter((r) => !ritterExclusions(fromRow(r)).includes('closed_end_fund')).map((r) => r.bloombergTicker)).toEqual(['GLD US']);
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

  it('flags an operating company\'s $10.00 units as units only, not a SPAC (LM Funding America, LMFAU, 2015)', () => {
    expect(ritterExclusions(fromRow(bySymbol('LMFAU')))).toEqual(['unit_offer']);
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
    // A vendor row's common-stock symbol says what the IPO sold, whatever units the company also listed:
    // BrightSpring's BTSGU are tangible equity units sold beside its 2024 IPO of common stock (Bloomberg's BTSG).
    const raw2024 = parseIpoTable(readSample('reference/bloomberg_raw_2024.csv.gz')).filter((r) => r.country === 'US');
    const btsg = raw2024.find((r) => r.bloombergTicker === 'BTSG US')!;
    expect(btsg.offerPrice).toBe(13);
    expect(ritterExclusions({ ...fromRow(btsg), tickers: ['BTSG', 'BTSGU'] })).toEqual([]);
    // A SPAC that sold shares only is no unit offer (Khosla Ventures Acquisition Co, KVSA at $10.00).
    expect(ritterExclusions(fromRow(bySymbol('KVSA')))).toEqual(['spac']);
  });

  it('reads the units in any vendor row of the IPO, and in the tickers when the rows name no listing (a placeholder, a later OTC symbol)', () => {
    // Double Eagle's 2015 IPO: Bloomberg's placeholder 1566353D (as WillScot), the Yahoo list's EAGLU.
    const doubleEagle = { ...fromRow(bySymbol('1566353D')), sameIpoRows: [yahooRow('EAGLU')] };
    expect(doubleEagle.dealType).toBe('spac');
    expect(ritterExclusions(doubleEagle)).toEqual(['unit_offer', 'spac']);
    expect(ritterExclusions({ ...doubleEagle, sameIpoRows: [] })).toEqual(['spac']);
    // BlueRiver's 2021 IPO: Bloomberg lists its shares over the counter since (BLUVF); the SEC's files its units.
    const blueRiver = fromRow(bySymbol('BLUVF'));
    expect(ritterExclusions({ ...blueRiver, tickers: ['BLUA-U', 'BLUVF'] })).toEqual(['unit_offer', 'spac']);
    expect(ritterExclusions({ ...blueRiver, tickers: ['BLUVF'] })).toEqual(['spac']);
  });

  it('flags ADSs from a vendor symbol with the ADR fifth letter Y (Renalytix, Renren as Moatable), an ADR name or the cover', () => {
    expect(ritterExclusions(fromRow(bySymbol('RNLXY')))).toEqual(['adr']);
    expect(ritterExclusions(fromRow(bySymbol('MTBLY')))).toEqual(['adr']);
    const talend = fromRow(bySymbol('TLND'));
    // Talend SA's row: a French société anonyme's US CUSIP (874224207) is its depositary's (listed-security.derive.ts).
    expect(ritterExclusions(talend)).toEqual(['adr']);
    expect(ritterExclusions({ ...talend, vendorRow: { ...talend.vendorRow!, cusip: 'N.A.' } })).toEqual([]);
    expect(ritterExclusions({ ...talend, vendorRow: null, terms: { issuerStructureFlags: [], securityDescription: 'American Depositary Shares (each representing one ordinary share)' } })).toEqual(['adr']);
    expect(ritterExclusions({ ...talend, vendorRow: null, names: ['Talend', 'Aena S.A./ADR'] })).toEqual(['adr']);
    // An "ADR" inside a word is no ADR (Madrigal Pharmaceuticals).
    expect(ritterExclusions(fromRow(bySymbol('MDGL')))).toEqual([]);
  });

  it('flags banks and thrifts by the vendor\'s Banks and Savings&Loans groups, mortgage banks aside', () => {
    // Meetinghouse Bancorp: "Cooperative Banks"; Investors Bancorp: "S&L/Thrifts-Eastern US".
    expect(ritterExclusions(fromRow(bySymbol('MTGB')))).toEqual(['bank_or_thrift']);
    expect(ritterExclusions(fromRow(bySymbol('ISBC')))).toEqual(['bank_or_thrift']);
    // Walker & Dunlop: Bloomberg's "Banks" group, subgroup "Mortgage Banks": a lender that takes no deposits.
    expect(bySymbol('WD')).toMatchObject({ industryGroup: 'Banks', industrySubgroup: 'Mortgage Banks' });
    expect(ritterExclusions(fromRow(bySymbol('WD')))).toEqual([]);
  });

  it('flags a bank by its name when no classification says so: EverBank (EVER, 2012) is a bank, EverQuote (EVER, 2018) is not', () => {
    // Yahoo lists EverBank Financial Corp's 2012 NYSE IPO under EVER, the symbol EverQuote took in 2018.
    expect(yahooRow('EVER')).toMatchObject({ issuer: 'EverBank Financial Corp', industryGroup: null });
    expect(ritterExclusions(fromRow(yahooRow('EVER')))).toEqual(['bank_or_thrift']);
    expect(ritterExclusions(fromRow(bySymbol('EVER')))).toEqual([]);
    // EverQuote's EDGAR name and company_tickers.json title say nothing of a bank either.
    expect(ritterExclusions({ ...fromRow(bySymbol('EVER')), names: ['EverQuote, Inc.', 'EverQuote Inc'] })).toEqual([]);
    for (const symbol of ['NWBI', 'TBK', 'OPB', 'IBTX']) expect(ritterExclusions(fromRow(yahooRow(symbol))), symbol).toEqual(['bank_or_thrift']);
    // Words only: Bankrate is a publisher.
    expect(ritterExclusions(fromRow(bySymbol('2192176D')))).toEqual([]);
    // A SPAC named for the banks it meant to buy is a SPAC, not a bank.
    expect(ritterExclusions(fromRow(bySymbol('CBASU')))).toEqual(['unit_offer', 'spac']);
  });

  it('flags REITs by name where the vendor files them elsewhere (InfraREIT under electric distribution) or not at all (Yahoo)', () => {
    expect(bySymbol('HIFR')).toMatchObject({ issuer: 'InfraREIT Inc', industrySubgroup: 'Electric-Distribution' });
    expect(ritterExclusions(fromRow(bySymbol('HIFR')))).toEqual(['reit']);
    for (const symbol of ['PLYM', 'CTT', 'TRMT', 'TRTX']) expect(ritterExclusions(fromRow(yahooRow(symbol))), symbol).toEqual(['reit']);
    // A fund named for the REITs it holds is a fund.
    const cohen = rows.find((r) => r.issuer === 'Cohen & Steers REIT and Preferred and Income Fund Inc')!;
    expect(ritterExclusions(fromRow(cohen))).toEqual(['closed_end_fund']);
  });

  it('flags limited partnerships behind a vendor\'s or EDGAR\'s suffix ("Williams Partners LP/Old", "Global Partners LP/MA"), never "Partners" alone', () => {
    expect(ritterExclusions(fromRow(bySymbol('9123456D')))).toEqual(['limited_partnership']);
    expect(ritterExclusions(fromRow(bySymbol('0878522D')))).toEqual(['limited_partnership']);
    expect(ritterExclusions(fromRow(bySymbol('GLP')))).toEqual(['limited_partnership']);
    expect(ritterExclusions({ ...fromRow(bySymbol('MMP')), names: ['MAGELLAN MIDSTREAM PARTNERS LP /DE/'] })).toEqual(['limited_partnership']);
    // A fund organised as a partnership says so (a Reg A fund of the real 2020-03-18 form index): its REIT words do not make it a REIT.
    const fundLp: RitterEvidence = { dealType: 'fund', baseForm: '1-A', sic: null, names: ['Investment Grade R.E. Income Fund, L.P.'], terms: null, vendorRow: null, offerPrice: null };
    expect(ritterExclusions(fundLp)).toEqual(['closed_end_fund', 'limited_partnership']);
    // Corporations named Partners: Surgery Partners Inc, Construction Partners Inc.
    expect(ritterExclusions(fromRow(bySymbol('SGRY')))).toEqual([]);
    expect(ritterExclusions(fromRow(bySymbol('ROAD')))).toEqual([]);
  });

  it('flags an MLP named bare "Partners" or named inside its holder\'s name in any industry (Cypress Environmental Partners under environmental consulting, Cheniere Energy Partners LP Holdings under alternative energy)', () => {
    expect(bySymbol('CELPQ')).toMatchObject({ issuer: 'Cypress Environmental Partners', industryGroup: 'Environmental Control' });
    expect(ritterExclusions(fromRow(bySymbol('CELPQ')))).toEqual(['limited_partnership']);
    expect(bySymbol('CQH')).toMatchObject({ issuer: 'Cheniere Energy Partners LP Holdings LLC', industryGroup: 'Energy-Alternate Sources' });
    expect(ritterExclusions(fromRow(bySymbol('CQH')))).toEqual(['limited_partnership']);
    // Corporations whose names say Partners before their suffix or another word: none is a partnership.
    for (const symbol of ['APAM', 'FOCS', 'TWPG', 'GRBK', '1902177D', '0623514D']) expect(ritterExclusions(fromRow(bySymbol(symbol))), symbol).toEqual([]);
    expect(ritterExclusions(fromRow(bySymbol('PNFP')))).toEqual(['bank_or_thrift']);
    // A de-SPAC named bare Partners (Perella Weinberg Partners) is a SPAC's IPO: the name rules read no SPAC's names.
    expect(ritterExclusions(fromRow(bySymbol('FTIVU')))).toEqual(['unit_offer', 'spac']);
  });

  it('flags "Partners LLC" where no vendor industry speaks (Seadrill Partners LLC, Yahoo), not a hospital company the vendor files as one (Ardent Health Partners LLC)', () => {
    expect(yahooRow('SDLP')).toMatchObject({ issuer: 'Seadrill Partners LLC', industryGroup: null });
    expect(ritterExclusions(fromRow(yahooRow('SDLP')))).toEqual(['limited_partnership']);
    expect(ritterExclusions(fromRow(bySymbol('ARDT')))).toEqual([]);
    // Without a vendor row, EDGAR's name alone: the same reading.
    expect(ritterExclusions({ ...fromRow(yahooRow('SDLP')), vendorRow: null })).toEqual(['limited_partnership']);
  });

  it('flags an F-1 offering as ADSs when the issuer registered depositary shares (an F-6 under its own CIK)', async () => {
    const { parseEdgarIndex } = await import('../../schema/edgar/index.parse.ts');
    const index = parseEdgarIndex(readSample('edgar/index/form.20200318.idx.gz'), 'form').entries;
    // Shougang Concord International's F-6 POS, filed with the Bank of New York's ADR division.
    const f6 = index.filter((e) => e.cik === '0001449267');
    expect(f6.map((e) => e.formType)).toEqual(['F-6 POS']);
    expect(registersDepositaryShares(f6)).toBe(true);
    // Talend's filings in the sample (two Forms 4) register none, and its F-1 and F-6 are not in the sample.
    const talendFilings = [{ formType: '4' }, { formType: '4' }];
    expect(registersDepositaryShares(talendFilings)).toBe(false);
    // Its F-1 deal without its vendor row (whose US CUSIP is ADS evidence of its own).
    const f1: RitterEvidence = { ...fromRow(bySymbol('TLND')), vendorRow: null, baseForm: 'F-1' };
    expect(ritterExclusions({ ...f1, depositaryShares: registersDepositaryShares(talendFilings) })).toEqual([]);
    expect(ritterExclusions({ ...f1, depositaryShares: registersDepositaryShares(f6) })).toEqual(['adr']);
    // An S-1 issuer with an ADR program elsewhere sells its shares, not ADSs, on the S-1.
    expect(ritterExclusions({ ...f1, baseForm: 'S-1', depositaryShares: true })).toEqual([]);
  });
});

describe('ritterExclusions of the vendor\'s REITs, BDCs and energy units filed outside its REIT and fund groups', () => {
  const flags = (row: IpoTableRow) => ritterExclusions(fromRow(row));

  it('flags BDCs the vendor files under Venture Capital as closed-end funds (Hercules Capital, SuRo Capital)', () => {
    for (const symbol of ['HTGC', 'SSSS']) expect(flags(bySymbol(symbol)), symbol).toContain('closed_end_fund');
  });

  it('flags the "… Capital" REITs of the vendor\'s Private Equity subgroup, and none of the managers beside them', () => {
    // Crystal River Capital, Jernigan Capital, NewLake Capital Partners.
    for (const symbol of ['CYRV', 'JCAP', 'NLCP']) expect(flags(bySymbol(symbol)), symbol).toEqual(['reit']);
    // Blackstone, Carlyle, Bridge Investment Group, P10; Evercore and Moelis are no partnerships.
    for (const symbol of ['BX', 'CG', 'BRDG', 'PX', 'EVR', 'MC']) expect(flags(bySymbol(symbol)), symbol).toEqual([]);
  });

  it('flags a REIT by "Financial Investment Trust" (Falcon Financial) and a bare "… Properties" (Seritage, Yahoo), not a developer\'s "Properties Group"', () => {
    expect(flags(rows.find((r) => r.issuer === 'Falcon Financial Investment Trust')!)).toEqual(['reit']);
    expect(flags(yahooRow('SRG'))).toEqual(['reit']);
    expect(flags(bySymbol('TPGI'))).toEqual([]);
  });

  it('flags MLPs the vendor names as LLCs and royalty trusts as limited partnerships', () => {
    // Linn Energy, Copano Energy, Atlas Energy Resources, Hiland Partners, TransMontaigne Partners, Southcross Energy Partners.
    for (const symbol of ['LINEQ', 'CPNO', 'ATN', '1395066D', 'TLP', 'SXEEQ']) expect(flags(bySymbol(symbol)), symbol).toContain('limited_partnership');
    // MV Oil Trust, Whiting USA Trust I and II, Viper Energy (the vendor's royalty-trust subgroup).
    for (const symbol of ['MVO', 'WHXT', 'WHZT', 'VNOM']) expect(flags(bySymbol(symbol)), symbol).toContain('limited_partnership');
    expect(flags(bySymbol('LINEQ'))).toEqual(['limited_partnership']);
    // Enduro Royalty Trust: the Yahoo list names it, with no industry.
    expect(flags(yahooRow('NDRO'))).toEqual(['limited_partnership']);
    // An E&P corporation whose name says Partners Ltd, and a corporation filed elsewhere (Perella Weinberg Partners).
    expect(bySymbol('ERPLQ')).toMatchObject({ issuer: 'Energy Partners Ltd/Old', industryGroup: 'Oil&Gas' });
    expect(flags(bySymbol('ERPLQ'))).toEqual([]);
    expect(flags(bySymbol('FTIVU'))).not.toContain('limited_partnership');
  });

  it("reads a royalty trust's U symbol as its trust units, not as units of shares and warrants (SandRidge Mississippian Trusts I and II)", () => {
    for (const symbol of ['SDTTU', 'SDRMU']) expect(flags(bySymbol(symbol)), symbol).toEqual(['limited_partnership']);
    // A SPAC's and an operating company's unit symbols still are units.
    expect(flags(bySymbol('WLBUE'))).toContain('unit_offer');
  });

  it('flags the units of a SPAC the vendor lists under its later merger by the CUSIP of the units, issue 20 (Gores Holdings as Hostess Brands, Global Partner Acquisition as Purple)', () => {
    for (const symbol of ['1646391D', '1855237D', '1729307D']) expect(flags(bySymbol(symbol)), symbol).toEqual(['unit_offer', 'spac']);
    // Issue 10 is a SPAC's shares: a row whose CUSIP is its common's shows no units.
    const sharesCusip = rows.find((r) => vendorDealType(r).dealType === 'spac' && /^[0-9A-Z]{6}10[0-9]$/.test(r.cusip ?? '') && !/U$|\/U/.test(r.bloombergTicker.split(' ')[0]))!;
    expect(flags(sharesCusip)).not.toContain('unit_offer');
    // An operating company's issue 20 is often a reassigned common after a reverse split (Proxim, Peraso): no units.
    expect(flags(bySymbol('PRSO'))).toEqual([]);
  });

  it('flags no SPAC as a REIT or a bank from its later company\'s vendor group (Capitol Acquisition, ROIC, ARMOUR, Global Consumer Acquisition)', () => {
    for (const symbol of ['1820099D', 'ROICU', 'EST/U', 'PTICU', 'WLBUE']) {
      const found = flags(bySymbol(symbol));
      expect(found, symbol).toContain('spac');
      expect(found.filter((f) => f === 'reit' || f === 'bank_or_thrift'), symbol).toEqual([]);
    }
  });
});

describe('ritterExclusions of a thrift\'s conversion by its name and price', () => {
  it('flags "Financial" at $10.00 as a bank or thrift (Entegra Financial, Yahoo, no industry), not "Financial" at another price', () => {
    expect(yahooRow('ENFC')).toMatchObject({ issuer: 'Entegra Financial Corp', offerPrice: 10, industryGroup: null });
    expect(ritterExclusions(fromRow(yahooRow('ENFC')))).toEqual(['bank_or_thrift']);
    // LPL Financial at $30.00; China Internet Nationwide Financial Services at $10.00, which the vendor files under software.
    expect(ritterExclusions(fromRow(bySymbol('LPLA')))).toEqual([]);
    const cifs = bySymbol('FRGT');
    expect(cifs).toMatchObject({ offerPrice: 10, industryGroup: 'Software' });
    expect(ritterExclusions({ ...fromRow(cifs), names: ['China Internet Nationwide Financial Services, Inc.', cifs.issuer] })).toEqual([]);
  });

  it('agrees with the vendor: every operating Bloomberg row named Financial and sold at $10.00 is in its Banks or Savings&Loans groups', () => {
    const named = rows.filter((r) => vendorDealType(r).dealType === 'ipo' && isConversionPricedBankName(r.issuer, r.offerPrice));
    expect(named.length).toBe(19);
    expect(named.filter((r) => vendorBankClass(r) === null).map((r) => r.issuer)).toEqual([]);
  });
});

describe('the name rules agree with the vendor\'s own classification of its 4,558 US rows', () => {
  const typed = rows.map((row) => ({ row, dealType: vendorDealType(row).dealType }));
  const operating = typed.filter((t) => t.dealType === 'ipo').map((t) => t.row);

  it('every operating row named like a bank is one the vendor files under Banks or Savings&Loans', () => {
    const named = operating.filter((r) => isBankName(r.issuer));
    // 147 before Community Bankers Trust (BTC/U, $8.00 units on a flat range) was seen as the blank check it went public as.
    expect(named.length).toBe(146);
    expect(named.filter((r) => vendorBankClass(r) === null).map((r) => r.issuer)).toEqual([]);
  });

  it('every operating row named like a REIT is one the vendor files under REITS, but three REITs it files elsewhere', () => {
    const named = operating.filter((r) => REIT_NAME.test(r.issuer));
    expect(named.length).toBe(71);
    expect(named.filter((r) => r.industryGroup !== 'REITS').map((r) => r.issuer).sort()).toEqual(['Chicago Atlantic Real Estate Finance Inc', 'Falcon Financial Investment Trust', 'InfraREIT Inc']);
  });
});
