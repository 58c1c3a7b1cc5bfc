/** Joining the rows of two vendor tables that describe one IPO, on the real bundled Bloomberg export and Yahoo list. */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import { entityOwnIpo, joinVendorRows, resolveVendorIpoJoin, resolveVendorRow, resolveVendorRowJoin, vendorCompanyId, vendorCompanyStatus, vendorListingEvidence, vendorTickers, type VendorCandidate } from './vendor-company.derive.ts';
import { sameVendorIpo } from './vendor-same-ipo.derive.ts';
import { parseSubmissions, firstFilingDate } from '../../schema/edgar/submissions.parse.ts';
import { loadSubmissions } from '../offering/sample.testkit.ts';

const OBSERVED = '2026-02-01T12:00:00.000Z';
const bloomberg = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const yahoo = parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'));
const one = (rows: IpoTableRow[], symbol: string, date?: string): StoredIpoRow => {
  const found = rows.filter((r) => r.bloombergTicker === symbol && (date === undefined || (r.tradeDate ?? r.ipoDate) === date));
  expect(found, symbol).toHaveLength(1);
  return { row: found[0], observedAt: OBSERVED };
};
const b = (symbol: string, date?: string) => one(bloomberg, `${symbol} US`, date);
const y = (symbol: string) => one(yahoo, symbol);

describe('joinVendorRows: one entry per IPO, Bloomberg\'s row speaking for it', () => {
  it('Snap: the same symbol, date and name; the Yahoo row adds the exchange, Bloomberg\'s keeps the terms', () => {
    const [snap, ...rest] = joinVendorRows([y('SNAP'), b('SNAP')]);
    expect(rest).toEqual([]);
    expect(snap.row).toMatchObject({ bloombergTicker: 'SNAP US', offerPrice: 17, rangeLow: 14, rangeHigh: 16 });
    expect(snap.sameIpo?.map((r) => r.row.bloombergTicker)).toEqual(['SNAP']);
    expect(vendorCompanyId(snap.row)).toBe('V-SNAP-2017-03-02');
    expect(vendorListingEvidence(snap)).toEqual({ layout: 'yahoo', symbol: 'SNAP', date: '2017-03-02', exchange: 'NYSE' });
  });

  it('American Renal Associates: Yahoo abbreviates the name and its first bar (2000-01-03) is refused; the same symbol and price within the week join', () => {
    const ara = y('ARA');
    expect(ara.row).toMatchObject({ issuer: 'Amer Renal Assoc Hldg Inc', tradeDate: null, ipoDate: '2016-04-21', offerPrice: 22 });
    const joined = joinVendorRows([ara, b('ARA')]);
    expect(joined).toHaveLength(1);
    expect(joined[0].row.issuer).toBe('American Renal Associates Holdings Inc');
  });

  it('HubSpot: Yahoo dates the IPO a day after Bloomberg\'s trade date, its first bar ($30.10 on $25.00) the day before: one IPO, first traded 2014-10-09', () => {
    expect(y('HUBS').row).toMatchObject({ ipoDate: '2014-10-10', tradeDate: '2014-10-09' });
    expect(joinVendorRows([b('HUBS'), y('HUBS')])).toHaveLength(1);
  });

  it('a delisted IPO under Bloomberg\'s later symbol, and a SPAC\'s units against its common stock, join', () => {
    // Torch Offshore: TORC at its 2001 IPO, TORCQ in Bloomberg after its bankruptcy; the same name and price.
    const torch = joinVendorRows([y('TORC'), b('TORCQ')]);
    expect(torch).toHaveLength(1);
    // The symbol it listed under first (the marker dropped), then Bloomberg's as written.
    expect(vendorTickers(torch)).toEqual(['TORC', 'TORCQ']);
    // TPG Pace Holdings: Yahoo lists the common TPGH, Bloomberg the units TPGH/U under today's name (Accel Entertainment).
    expect(sameVendorIpo(y('TPGH').row, b('TPGH/U').row)).toBe(true);
  });

  it('a predecessor row ("/Old") speaks for its IPO beside the successor security\'s row: its first day is the IPO\'s', () => {
    // Clear Channel Outdoor's 2005 IPO first traded on 2005-11-11 (the original Class A, CUSIP 18451C109);
    // the CCO row is the 2019 successor's Class A (18453H106), dated 2005-11-14.
    const [cco, ...rest] = joinVendorRows([b('CCO'), b('9977553D')]);
    expect(rest).toEqual([]);
    expect(cco.row).toMatchObject({ issuer: 'Clear Channel Outdoor Holdings Inc/old', tradeDate: '2005-11-11', offerPrice: 18 });
    expect(vendorTickers([cco])).toContain('CCO');
    // NRG Energy's 2000 IPO: the first close of the original stock (629377102), not of the post-bankruptcy one (629377508).
    const [nrg] = joinVendorRows([b('NRG'), b('316623Q')]);
    expect(nrg.row).toMatchObject({ issuer: 'NRG Energy Inc/Old', tradeDate: '2000-05-31' });
    expect(nrg.row.offerToFirstClosePct).toBeCloseTo(10.83, 2);
  });

  it('never joins two IPOs: a symbol reused years later, sibling SPACs pricing the same day', () => {
    // EAGLU: Double Eagle's 2015 units (Yahoo); Platinum Eagle's 2018 units under the same symbol (Bloomberg, named Target Hospitality today).
    expect(joinVendorRows([y('EAGLU'), b('EAGLU')])).toHaveLength(2);
    // Gores Technology Partners and Gores Technology Partners II, both $10.00 units on 2021-03-12.
    expect(sameVendorIpo(b('GTPAU').row, b('GTPBU').row)).toBe(false);
    expect(sameVendorIpo(b('WPCA/U').row, b('WPCB/U').row)).toBe(false);
  });

  it('a Yahoo IPO without a first-trade date is listed from its IPO date on, naming its exchange; its listing date stays unknown', () => {
    // Northwest Bancshares' 2009 IPO on Nasdaq: its first bar (2000-01-03) belongs to another security.
    const nwbi = y('NWBI');
    expect(nwbi.row).toMatchObject({ tradeDate: null, ipoDate: '2009-12-18', exchange: 'NASDQ' });
    expect(vendorCompanyStatus(nwbi, '2009-12-17', undefined).offeringStatus).toBe('priced');
    expect(vendorCompanyStatus(nwbi, '2009-12-18', undefined)).toEqual({ offeringStatus: 'listed', ipoStatus: 'listed', stageBeforeEnd: null, dealType: 'ipo', fromVendorAlone: true });
    // Without an exchange the row does not say it listed.
    expect(vendorCompanyStatus({ ...nwbi, row: { ...nwbi.row, exchange: null } }, '2026-01-01', undefined).offeringStatus).toBe('priced');
  });

  it('does not depend on the order rows come in', () => {
    const rows = [y('SNAP'), b('ARA'), y('ARA'), b('SNAP'), y('EAGLU'), b('EAGLU')];
    expect(joinVendorRows(rows)).toEqual(joinVendorRows([...rows].reverse()));
  });
});

describe('resolveVendorRow: a row dated before an entity\'s first EDGAR filing is not its IPO', () => {
  // Marvell Technology, Inc. (CIK 1835632), the Delaware successor formed for the 2021 Inphi merger: its submissions page starts 2020-12-22.
  const marvell = loadSubmissions('marvell');
  const first = firstFilingDate(parseSubmissions(readSample('edgar/submissions/CIK0001835632_marvell.json')));
  const candidate: VendorCandidate = {
    cik: marvell.company.cik,
    names: [marvell.company.name!],
    tickers: marvell.company.tickers,
    filings: marvell.filings,
    firstFilingDate: first,
  };

  it('Yahoo\'s Marvell Technology Group IPO of 2000-06-26 joins no company: the successor filed first on 2020-12-22', () => {
    const row = y('MRVL').row;
    expect(row).toMatchObject({ issuer: 'Marvell Technology Group Ltd', ipoDate: '2000-06-26' });
    expect(first).toBe('2020-12-22');
    expect(resolveVendorRow(row, [candidate])).toBeNull();
    // By ticker and name alone (no submissions page read, so no first filing known) it would join.
    expect(resolveVendorRow(row, [{ ...candidate, firstFilingDate: null }])).toBe(marvell.company.cik);
  });

  it('an IPO on or after the entity\'s first filing still joins by ticker and name (AAOI, first filing before its 2013 IPO)', () => {
    const aaoi = loadSubmissions('aaoi');
    const aaoiFirst = firstFilingDate(parseSubmissions(readSample('edgar/submissions/CIK0001158114_applied-optoelectronics.json.gz')));
    expect(aaoiFirst! <= '2013-09-26').toBe(true);
    const row = b('AAOI').row;
    expect(resolveVendorRow(row, [{ cik: aaoi.company.cik, names: [aaoi.company.name!], tickers: aaoi.company.tickers, filings: aaoi.filings, firstFilingDate: aaoiFirst }])).toBe(aaoi.company.cik);
  });
});

describe('resolveVendorRow: a unit IPO\'s row joins the company its units split into', () => {
  // SEC's company_tickers.json (the snapshot bundled in data/sample): CIK 1640384, LMFA, "LM FUNDING AMERICA, INC.".
  const entry = Object.values(JSON.parse(readSample('edgar/company_tickers.json.gz')) as Record<string, { cik_str: number; ticker: string; title: string }>).find((e) => e.ticker === 'LMFA')!;
  const lmfa: VendorCandidate = { cik: String(entry.cik_str).padStart(10, '0'), names: [entry.title], tickers: [entry.ticker], filings: [], firstFilingDate: null };

  it('LM Funding America\'s units (LMFAU, 2015) join LMFA by name, an operating company\'s IPO as a SPAC\'s would', () => {
    expect(b('LMFAU').row).toMatchObject({ issuer: 'LM Funding America Inc', tradeDate: '2015-10-23' });
    expect(resolveVendorRow(b('LMFAU').row, [lmfa])).toBe('0001640384');
    // The name must agree: the symbol alone joins nobody (Marvell's candidate, another name, under LMFA).
    expect(resolveVendorRow(b('LMFAU').row, [{ ...lmfa, names: ['Marvell Technology, Inc.'] }])).toBeNull();
  });
});

describe('entityOwnIpo: an entity lists once, its latest IPO under the name and ticker it carries', () => {
  // Real CIK and names: HERTZ GLOBAL HOLDINGS, INC (1657853) in SEC's company_tickers.json (HTZ);
  // no submissions page dates it, and the CIK order bounds it only from Tesla's 2005 first filing.
  const hertz: VendorCandidate = { cik: '0001657853', names: ['HERTZ GLOBAL HOLDINGS, INC'], tickers: ['HTZ'], filings: [], firstFilingDate: null, notOnEdgarBefore: '2005-02-17' };

  it('Hertz: both the 2006 IPO (Yahoo) and the 2021 relisting (Bloomberg) name it; the 2021 one is its own, the 2006 one a predecessor\'s', () => {
    const ipos = joinVendorRows([y('HTZ'), b('HTZ')]);
    expect(ipos.map((ipo) => resolveVendorRow(ipo.row, [hertz]))).toEqual(['0001657853', '0001657853']);
    expect(vendorCompanyId(entityOwnIpo(ipos)!.row)).toBe('V-HTZ-2021-11-09');
    expect(vendorCompanyId(entityOwnIpo([...ipos].reverse())!.row)).toBe('V-HTZ-2021-11-09');
  });

  it('Antero Midstream: the Partners\' 2014 IPO and the GP\'s 2017 IPO (Antero Midstream Corp today) are two IPOs; the 2017 one is the entity\'s', () => {
    const ipos = joinVendorRows([y('AM'), b('9966611D'), y('AMGP'), b('AM')]);
    expect(ipos).toHaveLength(2);
    expect(vendorCompanyId(entityOwnIpo(ipos)!.row)).toBe('V-AM-2017-05-04');
    expect(entityOwnIpo([])).toBeNull();
  });
});

describe("resolveVendorRow: a SPAC's row and the registrant the SEC titles with the company it became", () => {
  // company_tickers.json titles (data/sample/edgar/company_tickers.json.gz): CIKs with no filing in the data.
  const titled = (cik: string, title: string, ticker: string): VendorCandidate => ({ cik, names: [title], tickers: [ticker], filings: [] });

  it('joins Bloomberg\'s SPCE/U ("Virgin Galactic Holdings Inc", IPOA\'s units) to CIK 1706946, titled "Virgin Galactic Holdings, Inc", SPCE', () => {
    expect(resolveVendorRow(b('SPCE/U').row, [titled('0001706946', 'Virgin Galactic Holdings, Inc', 'SPCE')])).toBe('0001706946');
    expect(resolveVendorRow(b('EAGLU').row, [titled('0001712189', 'Target Hospitality Corp.', 'TH')])).toBe('0001712189');
  });

  it('never by a name equal only without its legal suffix: Altimar\'s "Blue Owl Capital Inc" is not the BDC "Blue Owl Capital Corp"; Star Peak\'s "Stem Inc" is not "Stem Holdings, Inc."', () => {
    expect(resolveVendorRow(b('ATAC/U').row, [titled('0001655888', 'Blue Owl Capital Corp', 'OBDC')])).toBeNull();
    expect(resolveVendorRow(b('STPK/U').row, [titled('0001697834', 'Stem Holdings, Inc.', 'STMH')])).toBeNull();
  });

  it('nor an operating company\'s row whose later symbol differs (the relaxed join is a SPAC\'s only)', () => {
    expect(resolveVendorRow(b('SNAP').row, [titled('0009999999', 'Snap Inc', 'SNAPX')])).toBeNull();
  });
});


describe('resolveVendorRow: EDGAR holding only later filings of an issuer it names exactly', () => {
  // The entities as the demo's daily index of 2022-10-03 shows them (data/sample/edgar), each under the SEC's current symbol.
  const later = (cik: string, name: string, ticker: string, forms: string[]): VendorCandidate => ({
    cik, names: [name], tickers: [ticker], filings: forms.map((formType) => ({ formType, filingDate: '2022-10-03' })),
  });
  const calyxt = later('0001705843', 'Calyxt, Inc.', 'CBUS', ['424B5', '8-K']);

  it("Calyxt's 2017 IPO (Yahoo's CLXT) joins CIK 1705843, whose 2022 prospectus supplement names Calyxt, Inc., listed as CBUS since it became Cibus", () => {
    expect(resolveVendorRowJoin(y('CLXT').row, [calyxt])).toEqual({ cik: '0001705843', rule: 'later-namesake' });
  });

  it("a SPAC's units named for the registrant it became: GS Acquisition Holdings Corp II (GSAH/U) joins Mirion Technologies, Inc., ITHAX's units Mondee Holdings, Inc.", () => {
    expect(resolveVendorRow(b('GSAH/U').row, [later('0001809987', 'Mirion Technologies, Inc.', 'MIR', ['424B3', '8-K', '4'])])).toBe('0001809987');
    expect(resolveVendorRow(b('ITHXU').row, [later('0001828852', 'Mondee Holdings, Inc.', 'MOND', ['S-1/A'])])).toBe('0001828852');
  });

  it('never when a filing of the entity predates the IPO, the name differs in its legal suffix, or the entity did not exist yet', () => {
    const early = { ...calyxt, filings: [{ formType: '10-K', filingDate: '2017-03-01' }, ...calyxt.filings] };
    expect(resolveVendorRow(y('CLXT').row, [early])).toBeNull();
    expect(resolveVendorRow(y('CLXT').row, [{ ...calyxt, names: ['Calyxt Corp'] }])).toBeNull();
    expect(resolveVendorRow(y('CLXT').row, [{ ...calyxt, firstFilingDate: '2018-01-02' }])).toBeNull();
    expect(resolveVendorRow(y('CLXT').row, [{ ...calyxt, filings: [] }])).toBeNull();
    // Bloomberg's "ConnectOne Bancorp Inc/Old" (its 2013 IPO) is the bank that merged into Center Bancorp, which took its name (CIK 712771).
    const connectOne = b('1023765D').row;
    expect(connectOne.issuer).toBe('ConnectOne Bancorp Inc/Old');
    expect(resolveVendorRow(connectOne, [later('0000712771', 'ConnectOne Bancorp, Inc.', 'CNOB', ['8-K'])])).toBeNull();
  });

  it("a name Bloomberg cut at 30 characters, mid-word at times: Apollo Strategic Growth's units (APSG/U, \"Global Business Travel Group I\") join Global Business Travel Group, Inc.; DWAC's units Trump Media & Technology Group Corp.", () => {
    expect(b('APSG/U').row.issuer).toBe('Global Business Travel Group I');
    const gbtg = later('0001820872', 'Global Business Travel Group, Inc.', 'GBTG', ['425', 'SC TO-I/A', '424B3']);
    expect(resolveVendorRowJoin(b('APSG/U').row, [gbtg])).toEqual({ cik: '0001820872', rule: 'later-namesake' });
    expect(resolveVendorRow(b('DWACU').row, [later('0001849635', 'Trump Media & Technology Group Corp.', 'DJT', ['8-K'])])).toBe('0001849635');
    // A name shorter than the cut is whole: "Calyxt" is not the start of a longer name.
    expect(resolveVendorRow(y('CLXT').row, [{ ...calyxt, names: ['Calyxt Technologies, Inc.'] }])).toBeNull();
  });

  it('a row joining by identity decides for its IPO before a row joining by name alone', () => {
    // Natural Resource Partners: its 2002 IPO (NRP) joins by ticker; the 2005 row, under a placeholder, would join only by name.
    const nrp = later('0001171486', 'Natural Resource Partners LP', 'NRP', ['10-K']);
    expect(resolveVendorIpoJoin(b('NRP'), () => [nrp])).toEqual({ cik: '0001171486', rule: 'identity' });
    expect(resolveVendorIpoJoin(b('8190077Q'), () => [nrp])).toEqual({ cik: '0001171486', rule: 'later-namesake' });
  });
});
