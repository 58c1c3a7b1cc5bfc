/** Vendor-row typing on the real bundled Bloomberg export (data/sample/reference). */
import { describe, expect, it } from 'vitest';
import type { FilingFact } from './filing.facts.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import { isUnitSymbol, sameDayUnitSeries, vendorDealType, vendorSymbol } from './vendor-deal-type.derive.ts';
import { withVendorEvidence } from './vendor-evidence.derive.ts';

const rows = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const bySymbol = (symbol: string): IpoTableRow => rows.find((r) => r.bloombergTicker === `${symbol} US`)!;
/** The raw yearly export of 2021 (data/sample/reference), whose rows the consolidated export lacks among them. */
const raw2021 = parseIpoTable(readSample('reference/bloomberg_raw_2021.csv.gz')).filter((r) => r.country === 'US');

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

  it("types no flat $10.00 row a SPAC on its price alone: a bank's conversion filed elsewhere (Catalyst Bancorp), a row with no cap and no first close (Bluejay Diagnostics)", () => {
    const catalyst = raw2021.find((r) => r.issuer === 'Catalyst Bancorp Inc')!;
    expect([catalyst.offerPrice, catalyst.rangeLow, catalyst.rangeHigh, catalyst.industryGroup]).toEqual([10, 10, 10, 'Investment Companies']);
    expect(vendorDealType(catalyst).dealType).toBe('ipo');
    const bluejay = raw2021.find((r) => r.issuer === 'Bluejay Diagnostics Inc')!;
    expect([bluejay.offerPrice, bluejay.rangeLow, bluejay.offerToFirstClosePct]).toEqual([10, 10, null]);
    expect(vendorDealType(bluejay).dealType).toBe('ipo');
    // Every flat $10.00 row of the vendor's SPAC subgroup, in both files, is still a SPAC.
    const spacs = [...rows, ...raw2021].filter((r) => r.industrySubgroup === 'Specified Purpose Acquis');
    expect(spacs.filter((r) => vendorDealType(r).dealType !== 'spac')).toEqual([]);
  });

  it('types every row of the vendor\'s blank-check and closed-end fund subgroups', () => {
    const spacs = rows.filter((r) => r.industrySubgroup === 'Specified Purpose Acquis');
    const funds = rows.filter((r) => r.industrySubgroup === 'Closed-end Funds');
    expect(spacs.length).toBeGreaterThan(700);
    expect(funds.length).toBeGreaterThan(350);
    expect(spacs.every((r) => vendorDealType(r).dealType === 'spac')).toBe(true);
    expect(funds.every((r) => vendorDealType(r).dealType === 'fund')).toBe(true);
  });

  it('types closed-end, debt, equity and commodity funds by the vendor\'s group or subgroup, and a fund by its name', () => {
    const typed = (symbol: string) => vendorDealType(bySymbol(symbol));
    // Eaton Vance Ohio Municipal Bond Fund: group "Debt Fund"; Madison Strategic Sector Premium Fund: "Equity Fund";
    // Pioneer Municipal and Equity Income Trust: group "Country Funds-Closed-end", subgroup "Finance-Investment Fund".
    for (const symbol of ['EIO', '1835647D', '0000492D', 'GLD', 'FEO']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'fund' });
    expect(typed('0000492D').reasons[0]).toMatch(/Finance-Investment Fund/);
    // KKR Income Opportunities Fund: group "Diversified Finan Serv", subgroup "Invest Mgmnt/Advis Serv"; its name says fund.
    expect(typed('KIO')).toEqual({ dealType: 'fund', reasons: ['issuer named "KKR Income Opportunities Fund"'] });
    // BlackRock's municipal trusts: sector "Government", group "Municipal", subgroup "US Municipals".
    for (const symbol of ['BYM', 'BTT']) expect(typed(symbol).reasons[0], symbol).toMatch(/Municipal/);
    expect(typed('BYM').dealType).toBe('fund');
    // Every row the vendor classifies as a fund is typed one.
    const classified = rows.filter((r) => /\bFunds?\b/.test(`${r.industryGroup ?? ''} ${r.industrySubgroup ?? ''}`));
    expect(classified.length).toBeGreaterThan(430);
    expect(classified.filter((r) => vendorDealType(r).dealType === 'ipo').map((r) => r.issuer)).toEqual([]);
    // Asset managers and an "eFunds" are operating companies.
    for (const symbol of ['BX', '2987544Q']) expect(typed(symbol).dealType, symbol).toBe('ipo');
  });

  it('reads the unit notations users and vendors write, and Bloomberg\'s over-the-counter units of foreign SPACs', () => {
    for (const s of ['CBASU', 'HDP/U', 'HDP.U', 'HDP-U', 'HDP U', 'LCWUF', 'WELUF']) expect(isUnitSymbol(s), s).toBe(true);
    for (const s of ['SNAP', 'AAOI', 'BRK.B', 'ACNU', 'BLUVF', 'SYCRF', 'BTUUQ']) expect(isUnitSymbol(s), s).toBe(false);
    const overTheCounter = rows.filter((r) => /^[A-Z]{3}UF$/.test(vendorSymbol(r)));
    expect(overTheCounter.length).toBeGreaterThan(30);
    expect(overTheCounter.filter((r) => r.industrySubgroup === 'Specified Purpose Acquis').length).toBe(31);
    expect(bySymbol('LCWUF')).toMatchObject({ issuer: 'Learn CW Investment Corp', offerPrice: 10 });
  });
});

describe('vendorDealType of closed-end funds the vendor files elsewhere', () => {
  it('an income fund\'s name at a fixed round price is a fund (BlackRock Credit Allocation Income Trust I, PSW; Cohen & Steers Global Income Builder, INB)', () => {
    expect(bySymbol('PSW')).toMatchObject({ offerPrice: 25, rangeLow: 25, rangeHigh: 25, industrySubgroup: 'Private Equity' });
    expect(vendorDealType(bySymbol('PSW'))).toEqual({ dealType: 'fund', reasons: ['issuer named "BlackRock Credit Allocation Income Trust I Inc" selling at a fixed $25.00, a fund\'s NAV-based price'] });
    expect(bySymbol('INB')).toMatchObject({ offerPrice: 20, rangeLow: 20, rangeHigh: 20, industrySubgroup: 'Invest Mgmnt/Advis Serv' });
    expect(vendorDealType(bySymbol('INB')).dealType).toBe('fund');
  });

  it('is no fund without both: a mortgage REIT at a fixed $20.00, a lender at a fixed $6.50, an income REIT on a range', () => {
    // PennyMac Mortgage Investment Trust and Western Asset Mortgage Capital: REITs (the vendor's REITS group).
    for (const symbol of ['PMT', 'WMC']) expect(vendorDealType(bySymbol(symbol)).dealType, symbol).toBe('ipo');
    // Elevate Credit: a consumer lender whose range the vendor collapsed onto its $6.50 price.
    expect(bySymbol('ELVT')).toMatchObject({ offerPrice: 6.5, rangeLow: 6.5, rangeHigh: 6.5 });
    expect(vendorDealType(bySymbol('ELVT')).dealType).toBe('ipo');
    // Office Properties Income Trust priced on a $20–$22 range.
    expect(vendorDealType(bySymbol('OPI')).dealType).toBe('ipo');
  });

  it('leaves no row of the vendor\'s own fund subgroups typed ipo', () => {
    const funds = rows.filter((r) => r.industrySubgroup === 'Closed-end Funds' || r.industrySubgroup === 'Finance-Investment Fund');
    expect(funds.length).toBeGreaterThan(380);
    expect(funds.filter((r) => vendorDealType(r).dealType === 'ipo').map((r) => r.issuer)).toEqual([]);
  });
});

describe('vendorDealType of blank checks the vendor lists under their merger\'s name', () => {
  const typed = (symbol: string) => vendorDealType(bySymbol(symbol));

  it('types a flat $10.00 IPO whose market cap at offer is about its size as spac (VectoIQ as Nikola, Double Eagle as WillScot, Fifth Wall I as SmartRent)', () => {
    for (const symbol of ['1854789D', '1861474D', '1646391D', '1566353D', '1860591D', 'SMRT', 'CVT', 'SYM', 'KIND', 'HYPR', 'AKLI', 'PROK', 'OKLO', '1342003D', 'CRMUQ']) {
      expect(typed(symbol), symbol).toMatchObject({ dealType: 'spac' });
    }
    expect(bySymbol('1854789D').issuer).toBe('Nikola Corp');
    expect(typed('1854789D').reasons[0]).toMatch(/flat \$10\.00.*1\.03×/);
    // $8.00 flat-range rows of 2005–2013 with a cap at about their size and no unit symbol (MergeWorthRx, 1.35×).
    for (const symbol of ['MWRX', '1763405D', '1876381D']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'spac' });
  });

  it('keeps operating IPOs at a flat $10.00 that float a minority, and mutual conversions of insurers and thrifts, as ipo', () => {
    // ChemoCentryx 2012 (cap 6.8× the offer), CPI Card Group 2015, Tactile Systems 2016, VeriFone 2005 (placeholder 1885525D), Venu 2024.
    for (const symbol of ['CCXI', 'PMTS', 'TCMD', '1885525D', '2244179D', 'VENU', 'MDGL', 'VNDA']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'ipo' });
    // Mercer Insurance (1.09×) and Vericity (no cap) converted from mutual form; Preferred Apartment Communities is a REIT.
    for (const symbol of ['MIGP', 'VERY', 'EIHI', 'PMIC', 'APTS']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'ipo' });
    // SCYNEXIS 2014: a flat $10.00 and a cap 1.36× its size, as a SPAC's, but it closed its first day 10% below the
    // offer, which no trust-backed share of the vendor's SPAC rows did.
    expect(typed('SCYX')).toMatchObject({ dealType: 'ipo' });
    // Older blank checks held less in trust: Energy Services Acquisition's $6.00 units of 2006 closed 3.8% down.
    expect(typed('ESA/U')).toMatchObject({ dealType: 'spac' });
  });

  it('recognises every $10.00 flat-range row of the vendor\'s own SPAC subgroup by price and cap alone, and calls no thrift a SPAC', () => {
    const subgroup = rows.filter((r) => ['Specified Purpose Acquis', 'Capital Pools'].includes(r.industrySubgroup ?? '') && r.offerPrice === 10 && r.rangeLow === 10 && r.rangeHigh === 10);
    expect(subgroup.length).toBe(687);
    const renamed = subgroup.map((r) => ({ ...r, industrySubgroup: 'Auto-Cars/Light Trucks', industryGroup: 'Auto Manufacturers', issuer: 'Renamed Inc', bloombergTicker: '1234567D US' }));
    expect(renamed.filter((r) => vendorDealType(r).dealType === 'spac').length).toBe(687);
    const thrifts = rows.filter((r) => (r.industryGroup === 'Savings&Loans' || r.industryGroup === 'Banks') && r.offerPrice === 10 && r.rangeLow === 10);
    expect(thrifts.length).toBeGreaterThan(50);
    // SHF Holdings, filed under banks, is Northern Lights Acquisition's unit IPO: typed by its units, not its price.
    expect(thrifts.filter((r) => vendorDealType(r).reasons.some((why) => why.startsWith('sold at a flat'))).map((r) => r.issuer)).toEqual([]);
  });
});

describe('withVendorEvidence', () => {
  const edgarIpo = { dealType: 'ipo' as const, reasons: ['S-1 by a first-time registrant'], confidence: 0.6 };
  const stored = (row: IpoTableRow) => ({ row, observedAt: '2026-01-01T00:00:00Z' });

  it('a first-time S-1 whose vendor row shows $10.00 units is a SPAC IPO (Social Capital Hedosophia II, now Opendoor)', () => {
    const typed = withVendorEvidence(edgarIpo, { openedDate: '2020-03-13', baseForm: 'S-1', filings: [] }, [stored(bySymbol('IPOB/U'))]);
    expect(typed.dealType).toBe('spac');
    expect(typed.reasons[0]).toMatch(/Specified Purpose|units/);
  });

  it('ignores a vendor row that traded before the deal opened, and never overrides a follow-on', () => {
    expect(withVendorEvidence(edgarIpo, { openedDate: '2021-01-01', baseForm: 'S-1', filings: [] }, [stored(bySymbol('IPOB/U'))]).dealType).toBe('ipo');
    const followOn = { dealType: 'follow_on' as const, reasons: [], confidence: 0.9 };
    expect(withVendorEvidence(followOn, { openedDate: '2020-03-13', baseForm: 'S-1', filings: [] }, [stored(bySymbol('IPOB/U'))]).dealType).toBe('follow_on');
  });

  it('a final prospectus EDGAR could not type is the IPO a vendor row shows trading within days of it (dMY Squared, DMYY/U)', () => {
    // The company index of 2022-10-03 holds dMY Squared Technology Group's 424B4 and nothing before it:
    // IPO or follow-on is not known from EDGAR. Bloomberg's DMYY/U row has its units trading from 2022-09-30.
    const unknown = { dealType: 'unknown' as const, reasons: ['final prospectus (424B4) of a company known only from daily-index rows'], confidence: 0.3 };
    const typed = withVendorEvidence(unknown, { openedDate: '2022-10-03', baseForm: null, filings: [] }, [stored(bySymbol('DMYY/U'))]);
    expect(typed.dealType).toBe('spac');
    expect(typed.reasons[0]).toBe('the vendor IPO row DMYY/U US shows it trading from 2022-09-30, within 10 days of its first filing');
    // A row of another time (dMY Technology Group VI's units, 2021) says nothing of this prospectus.
    expect(withVendorEvidence(unknown, { openedDate: '2022-10-03', baseForm: null, filings: [] }, [stored(bySymbol('DMYS/U'))]).dealType).toBe('unknown');
  });

  it('a registration EDGAR could not type registered the IPO a vendor row shows trading after it opened (Social Capital Hedosophia II: S-1/A 2020-03-18, IPOB/U from 2020-04-28)', () => {
    // The daily index of 2020-03-18 holds its S-1/A and nothing else: no document read, a name that says no blank check.
    const unknown = { dealType: 'unknown' as const, reasons: ['registration (S-1/A) of a company known only from daily-index rows'], confidence: 0.3 };
    const sA = { accessionNumber: '0001104659-20-034927', formType: 'S-1/A', filingDate: '2020-03-18' } as FilingFact;
    const deal = { openedDate: '2020-03-18', baseForm: 'S-1/A', filings: [sA] };
    const typed = withVendorEvidence(unknown, deal, [stored(bySymbol('IPOB/U'))]);
    expect(typed.dealType).toBe('spac');
    expect(typed.reasons[0]).toBe('the vendor IPO row IPOB/U US shows the company\'s IPO trading from 2020-04-28, after this registration (S-1/A) opened on 2020-03-18');
    // Withdrawn, it registered nothing that traded; a row that traded before it opened is an earlier deal's.
    const withdrawn = { ...deal, filings: [sA, { accessionNumber: '0001104659-20-099999', formType: 'RW', filingDate: '2020-04-01' } as FilingFact] };
    expect(withVendorEvidence(unknown, withdrawn, [stored(bySymbol('IPOB/U'))]).dealType).toBe('unknown');
    expect(withVendorEvidence(unknown, { ...deal, openedDate: '2020-06-01' }, [stored(bySymbol('IPOB/U'))]).dealType).toBe('unknown');
    // A seasoned issuer's shelf (S-3) is no IPO registration.
    expect(withVendorEvidence(unknown, { ...deal, baseForm: 'S-3' }, [stored(bySymbol('IPOB/U'))]).dealType).toBe('unknown');
  });
});

describe('withVendorEvidence: a shelf takedown after a listing', () => {
  const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'));
  const stored = (row: IpoTableRow) => ({ row, observedAt: '2026-01-01T00:00:00Z' });
  // The company index of 2022-10-03 (data/sample/edgar/index) holds Calyxt's 424B5 and an 8-K, nothing earlier.
  const takedown = { accessionNumber: '0001193125-22-256794', formType: '424B5', filingDate: '2022-10-03' } as FilingFact;
  const unknown = { dealType: 'unknown' as const, reasons: ['final prospectus (424B5) of a company known only from daily-index rows: IPO or follow-on is not known'], confidence: 0.3 };

  it('is a follow-on when a vendor row shows the company listed before it (Calyxt: the Yahoo list\'s CLXT, IPO 2017-07-20)', () => {
    const clxt = yahoo.find((r) => r.ticker === 'CLXT')!;
    expect([clxt.ipoDate, clxt.tradeDate]).toEqual(['2017-07-20', null]);
    const typed = withVendorEvidence(unknown, { openedDate: '2022-10-03', baseForm: null, filings: [takedown] }, [stored(clxt)]);
    expect(typed).toMatchObject({ dealType: 'follow_on', confidence: 0.6 });
    expect(typed.reasons[0]).toBe('shelf takedown (424B5) of a company the vendor IPO row CLXT shows listed on 2017-07-20, before it: already public');
  });

  it('stays unknown with no earlier listing, or for a final prospectus an IPO files (424B4)', () => {
    const clxt = yahoo.find((r) => r.ticker === 'CLXT')!;
    expect(withVendorEvidence(unknown, { openedDate: '2022-10-03', baseForm: null, filings: [takedown] }, []).dealType).toBe('unknown');
    expect(withVendorEvidence(unknown, { openedDate: '2017-07-01', baseForm: null, filings: [{ ...takedown, filingDate: '2017-07-01' }] }, [stored(clxt)]).dealType).toBe('unknown');
    expect(withVendorEvidence(unknown, { openedDate: '2022-10-03', baseForm: null, filings: [{ ...takedown, formType: '424B4' }] }, [stored(clxt)]).dealType).toBe('unknown');
  });
});

describe('vendorDealType of the vendor\'s investment subgroups: BDCs beside operating holding companies', () => {
  const typed = (symbol: string) => vendorDealType(bySymbol(symbol)).dealType;

  it('types a BDC by its vehicle\'s name and an operating company filed beside it as ipo', () => {
    // Stronghold Digital Mining, Reliance Global, Compass Diversified, Macquarie Infrastructure (as AMF Hawaii Investments LLC),
    // Oaktree Capital Group, MDB Capital Holdings, Bimini Capital Management, KKR Financial Holdings, Hannon Armstrong (HASI).
    for (const symbol of ['SDIG', 'RELI', 'CODI', 'MIC', 'OAK', 'MDBH', 'BMNM', 'KFN', 'HASI']) {
      expect(bySymbol(symbol).industrySubgroup, symbol).toBe('Investment Companies');
      expect(typed(symbol), symbol).toBe('ipo');
    }
    // Ares Capital, Main Street Capital, Golub Capital BDC, Investcorp Credit Management BDC, Hercules Capital and SuRo (Venture Capital).
    for (const symbol of ['ARCC', 'MAIN', 'GBDC', 'HTGC', 'SSSS']) expect(typed(symbol), symbol).toBe('fund');
    for (const issuer of ['PhenixFIN Corp', 'First Eagle Alternative Capita', 'Investcorp Credit Management BDC Inc']) {
      expect(vendorDealType(rows.find((r) => r.issuer === issuer)!).dealType, issuer).toBe('fund');
    }
    expect(vendorDealType(bySymbol('HTGC')).reasons[0]).toMatch(/Venture Capital.*Hercules Capital/);
  });

  it('leaves no BDC of the vendor\'s Investment Companies subgroup typed ipo', () => {
    const subgroup = rows.filter((r) => r.industrySubgroup === 'Investment Companies');
    expect(subgroup.length).toBe(80);
    const operating = subgroup.filter((r) => vendorDealType(r).dealType === 'ipo').map((r) => r.issuer).sort();
    expect(operating).toEqual([
      'AMF Hawaii Investments LLC', 'Bimini Capital Management Inc', 'Compass Diversified Holdings', 'HA Sustainable Infrastructure', 'KKR Financial Holdings LLC',
      'MDB Capital Holdings LLC', 'Oaktree Capital Group LLC', 'Reliance Global Group Inc', 'Stronghold Digital Mining Inc',
    ]);
  });
});

describe('vendorDealType of blank checks the vendor files under a bank, an insurer or an investment company', () => {
  const typed = (symbol: string) => vendorDealType(bySymbol(symbol));

  it('types units at a flat $8.00 or $6.00 trust price that traded flat as spac, whatever the group (Santa Monica Media, Affinity Media, Community Bankers, FMG)', () => {
    for (const symbol of ['MEJ/U', 'AFMIU', 'BTC/U', 'UIHCU', 'VTG/U', 'ESSXU']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'spac' });
    expect(typed('MEJ/U').reasons[0]).toMatch(/units \(MEJ\/U\) sold at a flat \$8\.00/);
    // Delcath's $6.00 units of 2000 closed 3.1% up: no trust held them.
    expect(typed('DCTHU')).toMatchObject({ dealType: 'ipo' });
  });

  it('types a flat $8.00 row without a cap at offer that first closed within 2% as spac, under its later name and symbol (Information Services Group; Secure America as Ultimate Escapes); not one that moved more (inVentiv, -5.5%)', () => {
    expect(bySymbol('1846567D')).toMatchObject({ issuer: 'Information Services Group Inc', offerPrice: 8, rangeLow: 8, rangeHigh: 8, marketCapAtOfferMillions: 0 });
    for (const symbol of ['1846567D', 'ULEUQ']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'spac' });
    expect(typed('1846567D').reasons[0]).toMatch(/flat \$8\.00 .*no market cap at offer/);
    for (const symbol of ['PDGI', 'DCTHU', 'SDBT', 'INET']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'ipo' });
  });

  it('reads Nasdaq\'s fifth-letter E after a unit\'s U: Global Consumer Acquisition\'s WLBUE, filed as Western Liberty Bancorp', () => {
    expect(isUnitSymbol('WLBUE')).toBe(true);
    expect(bySymbol('WLBUE')).toMatchObject({ issuer: 'Western Liberty Bancorp', industryGroup: 'Banks' });
    expect(typed('WLBUE')).toMatchObject({ dealType: 'spac' });
  });

  it('types Global Cornerstone (Investment Companies), Boulevard as AgroFresh (no range stated) and MetroMile (insurers) as spac', () => {
    expect(typed('GCRSF')).toMatchObject({ dealType: 'spac' });
    expect(bySymbol('1317066D')).toMatchObject({ issuer: 'AgroFresh Solutions Inc', rangeLow: null, rangeHigh: null });
    expect(typed('1317066D').reasons[0]).toMatch(/no range stated.*1\.00×/);
    expect(typed('2257873D')).toMatchObject({ dealType: 'spac' });
  });

  it('keeps mutual conversions, a de novo bank, a REIT and SCYNEXIS at $10.00 as ipo', () => {
    // Mercer Insurance (+21.5% first day), Pinnacle Financial Partners (a bank, no range, 1.00×), Preferred Apartment Communities.
    for (const symbol of ['MIGP', 'VERY', 'EIHI', 'PMIC', 'PNFP', 'BKMU', 'APTS', 'SCYX', 'DNCR', 'SBBP']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'ipo' });
  });
});

describe('vendorDealType of 2004–2011 blank checks outside the flat-price rules', () => {
  const typed = (symbol: string, sameIpo: IpoTableRow[] = []) => vendorDealType(bySymbol(symbol), sameIpo);

  it('units at $8.00 filed at trust prices (6.00–6.00, 6.00–8.00) that traded flat: Healthcare Acquisition as Altimmune, Global Logistics Acquisition as Clark Holdings', () => {
    expect(bySymbol('HAQ/U')).toMatchObject({ issuer: 'Altimmune Inc', offerPrice: 8, rangeLow: 6, rangeHigh: 6 });
    expect(bySymbol('GLA/U')).toMatchObject({ issuer: 'Clark Holdings Inc', offerPrice: 8, rangeLow: 6, rangeHigh: 8 });
    expect(typed('HAQ/U')).toMatchObject({ dealType: 'spac' });
    expect(typed('GLA/U').reasons[0]).toMatch(/range of trust prices \(6\.00–8\.00\)/);
    // Tri-S Security's $6.00 units on a banker's range (5.50–6.25), 2005: an operating IPO.
    expect(typed('TRISU')).toMatchObject({ dealType: 'ipo' });
  });

  it('units at $6.00 with no range stated and a blank check\'s cap at offer (1.09×), though they rose 5.2%: Ardent Acquisition as Avantair', () => {
    expect(bySymbol('AAIRU')).toMatchObject({ issuer: 'Avantair Inc', rangeLow: null, rangeHigh: null });
    expect(typed('AAIRU').reasons[0]).toMatch(/no range stated and a market cap at offer 1\.09×/);
  });

  it('a Series A/B blank check\'s two unit series of one day type each other spac: Good Harbor, Global Services, Mercator, Juniper Partners', () => {
    for (const [a, b] of [['GHBAU', 'GHBBU'], ['SOPKU', 'GSPBU'], ['GTLTU', 'GTTBU'], ['JNPCU', 'JNPBU']]) {
      expect(typed(a), a).toMatchObject({ dealType: 'ipo' });
      expect(typed(a, [bySymbol(b)]), a).toMatchObject({ dealType: 'spac' });
      expect(typed(b, [bySymbol(a)]), b).toMatchObject({ dealType: 'spac' });
    }
    expect(typed('GHBAU', [bySymbol('GHBBU')]).reasons[0]).toMatch(/GHBAU at \$8\.50, GHBBU at \$10\.10/);
  });

  it('pairs unit series only of one issuer on one day: no other two unit rows of the export do, and an operating company\'s units stay ipo', () => {
    const pairs = rows.flatMap((a, i) => rows.slice(i + 1).filter((b) => sameDayUnitSeries(a, b)).map((b) => [vendorSymbol(a), vendorSymbol(b)].sort().join('+')));
    expect(pairs.sort()).toEqual(['GHBAU+GHBBU', 'GSPBU+SOPKU', 'GTLTU+GTTBU', 'IGPAU+IGPBU', 'JNPBU+JNPCU']);
    expect(sameDayUnitSeries(bySymbol('GHBAU'), bySymbol('SOPKU'))).toBe(false);
  });

  it('leaves what the row cannot tell: Committed Capital Acquisition\'s $5.00 units as The ONE Group look like SMG Indium Resources\' operating $5.00 units of 2011', () => {
    expect(bySymbol('STKSU')).toMatchObject({ offerPrice: 5, rangeLow: 5, rangeHigh: 5 });
    expect(bySymbol('SMGIU')).toMatchObject({ offerPrice: 5, rangeLow: 5, rangeHigh: 5 });
    expect(typed('STKSU')).toMatchObject({ dealType: 'ipo' });
    expect(typed('SMGIU')).toMatchObject({ dealType: 'ipo' });
  });
});

describe('vendorDealType of an operating company\'s units at $10.00', () => {
  const typed = (symbol: string) => vendorDealType(bySymbol(symbol));

  it('types LM Funding America\'s $12M of units (a share and a warrant, 2015, no cap at offer, +3.7%) as ipo', () => {
    const lmfa = bySymbol('LMFAU');
    expect([lmfa.offerPrice, lmfa.offerSizeMillions, lmfa.marketCapAtOfferMillions, lmfa.industrySubgroup]).toEqual([10, 12, 0, 'Finance-Commercial']);
    expect(lmfa.offerToFirstClosePct).toBeCloseTo(3.71, 2);
    expect(typed('LMFAU').dealType).toBe('ipo');
  });

  it('keeps blank checks with no cap at offer and a lively first day a SPAC by their trust\'s size (M III as IEA -3.7%, Supernova II as Rigetti +3.5%, Rosecliff as Spectral AI +4.0%), and the smallest, Selway (SWCAU, $20M), by its cap', () => {
    for (const symbol of ['MIIIU', 'SNII/U', 'RCLFU', 'SWCAU', 'JSYNU']) expect(typed(symbol), symbol).toMatchObject({ dealType: 'spac' });
    expect(typed('SWCAU').reasons[0]).toBe('units (SWCAU) sold at $10.00 with a market cap at offer 1.00× its size');
  });

  it('frees no other $10.00 unit row of the export or the raw yearly files: every one outside the SPAC subgroup that was a SPAC by its units still is', () => {
    const raw = ['2020', '2021', '2022', '2023', '2024', '2025'].flatMap((y) => parseIpoTable(readSample(`reference/bloomberg_raw_${y}.csv.gz`)).filter((r) => r.country === 'US'));
    const tenDollarUnits = [...rows, ...raw].filter((r) => r.offerPrice === 10 && isUnitSymbol(vendorSymbol(r)));
    expect(tenDollarUnits.length).toBeGreaterThan(1000);
    expect(tenDollarUnits.filter((r) => vendorDealType(r).dealType !== 'spac').map((r) => r.bloombergTicker)).toEqual(['LMFAU US']);
  });
});
