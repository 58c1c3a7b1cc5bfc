/**
 * Given vendor rows → the IPOs they join into. The rows are copied verbatim from the bundled tables
 * (data/sample/reference), so the test reads what each rule decides on them; the first test checks
 * that each is still there.
 */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable, type IpoTableRow } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import { joinVendorRows, resolveVendorIpo, rowsOfIpo, type VendorCandidate } from './vendor-company.derive.ts';
import { deriveRitterMeasures } from '../market/ritter-measures.derive.ts';
import { firstClose, firstTradeDay, ipoOfferSizeMillions, ipoUnitSeries, sameVendorIpo } from './vendor-same-ipo.derive.ts';

const BLOOMBERG_HEADER =
  'Issuer Ticker,Issuer Name,Offer Size (M),Sales - 1 Yr Growth,Profit Margin,Return on Assets,Shares Outstanding (M),Offer Price,Offer To 1st Close,Market Cap at Offer (M),Trade Date (US),cusip,Cash Flow per Share,Instit Owner (Shares Held),Filing Term Price Range,Priced Range,Industry Group,Industry Sector,Industry Subgroup,Instit Owner (% Shares Out),Fed Rate,CPI,Consumer Confidence,Unemployment Rate';
const BLOOMBERG_ROWS = [
  'META US,Meta Platforms Inc,16006.9,21.9,37.9,24.6,2138.08,38.0,0.6100329161,81247.2,2012-05-18,30303M102,36.0,1800000000.0,34.00 - 38.00,Priced Within Range,Internet,Communications,Internet Content-Entmnt,82.4033,0.1558064516129032,229.224,79.3,8.2',
  'UI US,Ubiquiti Inc,105.573,-0.6,18.1,35.3,89.7027,15.0,16.66666603,1345.54,2011-10-14,90353W103,8.9,2690000.0,15.00 - 17.00,Priced Within Range,Telecommunications,Communications,Wireless Equipment,4.45399,0.0706451612903226,226.506,60.8,8.8',
  'AM US,Antero Midstream Corp,875.375,6.1,36.2,6.9,186.17,23.5,-6.382978916,4375.0,2017-05-04,03676B102,1.7,422000000.0,22.00 - 25.00,Priced Within Range,Pipelines,Energy,Pipelines,88.2414,0.9074193548387096,251.43,97.1,4.4',
  '9966611D US,Antero Midstream Partners LP,1150.0,33.1,56.9,17.7,81.941,25.0,12.11999989,2048.53,2014-11-05,03673L103,3.5,38495.0,19.00 - 21.00,Priced Above Range,Oil&Gas,Energy,Oil Comp-Explor&Prodtn,0.0205493,0.092,239.458,88.8,5.8',
  '2177859D US,Biohaven Pharmaceutical Holding Co Ltd,193.545,626.9,-183.0,-83.2,35.7156,17.0,2.941176414,607.165,2017-05-04,N.A.,-12.8,5010000.0,14.00 - 16.00,Priced Above Range,Biotechnology,"Consumer, Non-cyclical",Medical-Biomedical/Gene,6.99929,0.9074193548387096,251.43,97.1,4.4',
  '9990620D US,Grubhub Inc/old,221.426,38.7,-8.5,-7.9,78.3858,26.0,30.76922989,2038.03,2014-04-04,400110102,1.4,,23.00 - 25.00,Priced Above Range,Internet,Communications,E-Commerce/Services,,0.0903333333333333,237.072,84.1,6.2',
  'NRG US,NRG Energy Inc,422.55,-2.4,4.0,4.4,0.0,15.0,28.33333397,0.0,2000-05-31,629377508,11.1,211000000.0,,,Electric,Utilities,Independ Power Producer,103.419,6.268064516129033,180.7,110.7,4.0',
  '316623Q US,NRG Energy Inc/Old,422.55,-7.0,130.9,-11.4,28.17,15.0,10.83333302,422.55,2000-05-31,629377102,,,16.00 - 18.00,Priced Below Range,Electric,Utilities,Independ Power Producer,,6.268064516129033,180.7,110.7,4.0',
  'TPQCZ US,Trinity Partners Acquisition Co Inc,6.565,,,,0.0,10.1,3.960391998,0.0,2004-07-30,896552403,,,,,Commercial Services,"Consumer, Non-cyclical",Inactive/Unknown,,1.2635483870967743,196.8,96.7,5.5',
  'TPQCU US,Trinity Partners Acquisition Co Inc,1.3125,,,,0.0,10.5,3.809523821,0.0,2004-07-30,896552304,,,10.50 - 10.50,Priced Within Range,Commercial Services,"Consumer, Non-cyclical",Inactive/Unknown,,1.2635483870967743,196.8,96.7,5.5',
  'TMX US,Terminix Global Holdings Inc,701.845,4.2,6.1,1.4,133.13,17.0,5.588235378,2263.21,2014-06-26,8.81E+104,2.0,23000000.0,18.00 - 21.00,Priced Below Range,Commercial Services,"Consumer, Non-cyclical",Building-Maint&Service,18.9431,0.0956666666666666,237.837,82.5,6.1',
  'RNAC US,Cartesian Therapeutics Inc,74.0544,49.6,-198.9,-20.9,18.1892,14.0,0.0,254.649,2016-06-22,816212302,-4.1,7310000.0,14.00 - 16.00,Priced Within Range,Biotechnology,"Consumer, Non-cyclical",Medical-Biomedical/Gene,28.2304,0.3776666666666666,247.54,93.5,4.9',
  'BIT US,BlackRock Multi-Sector Income Trust,720.0,,,,0.0,20.0,0.0,0.0,2013-02-26,09258A107,,7510000.0,20.00 - 20.00,Priced Within Range,Closed-end Funds,Financial,Closed-end Funds,17.953,0.145,232.569,77.6,7.7',
  'AIF US,Apollo Tactical Income Fund Inc,289.176,,,,0.0,20.0,0.0,0.0,2013-02-26,37638103,,1120000.0,20.00 - 20.00,Priced Within Range,Closed-end Funds,Financial,Closed-end Funds,7.73899,0.145,232.569,77.6,7.7',
  'TRUP US,Trupanion Inc,81.938,15.9,-0.7,-1.2,27.6278,10.0,14.0,265.59,2014-07-18,898202106,1.1,45000000.0,13.00 - 15.00,Priced Below Range,Insurance,Financial,Life/Health Insurance,106.023,0.0909677419354838,238.195,81.8,6.2',
  'BIOSU US,BioPlus Acquisition Corp,230.0,,,-13.2,23.56,10.0,0.1000000015,235.6,2021-12-03,N.A.,-0.0235914,,10.00 - 10.00,Priced Within Range,Holding Companies-Divers,Diversified,Specified Purpose Acquis,,0.0796774193548387,285.221,70.6,3.9',
  'STET/U US,ST Energy Transition I Ltd,287.5,,,3.5,28.75,10.0,0.1000000015,287.5,2021-12-03,N.A.,-0.0523739,1500000.0,10.00 - 10.00,Priced Within Range,Holding Companies-Divers,Diversified,Specified Purpose Acquis,5.21739,0.0796774193548387,285.221,70.6,3.9',
];
const YAHOO_HEADER = '"","symbol","company","exchange","date.x","price","currency","actions","date.y","open","close","adjusted","returns","year"';
const YAHOO_ROWS = [
  '"1092","FB","Facebook Inc","NasdaqGM",2012-05-18,38,"USD","Priced",2012-05-18,42.049999,38.23,38.23,0.00605263157894731,2012',
  '"990","UBNT","Ubiquiti Networks Inc","NasdaqGM",2011-10-14,15,"USD","Priced",2011-10-14,16.5,17.5,17.117531,0.166666666666667,2011',
  '"2581","AMGP","Antero Midstream GP LP","NYSE",2017-05-04,23.5,"USD","Priced",2017-05-04,22.15,22,21.355331,-0.0638297872340425,2017',
  '"1434","AM","Antero Midstream Partners LP","NYSE",2014-11-05,25,"USD","Priced",2014-11-05,30.5,28.030001,23.899212,0.12120004,2014',
  '"2603","BHVN","Biohaven Pharmaceutical Hldg","NYSE",2017-05-05,17,"USD","Priced",2017-05-04,20,17.5,17.5,0.0294117647058822,2017',
  '"1460","GRUB","GrubHub Inc","NYSE",2014-04-04,26,"USD","Priced",2014-04-04,40,34,34,0.307692307692308,2014',
  '"1491","SERV","ServiceMaster Global Hldgs Inc","NYSE",2014-06-26,17,"USD","Priced",2014-06-26,11.687878,12.022774,12.022774,-0.292778,2014',
  '"2296","SELB","Selecta Biosciences Inc","NasdaqGM",2016-06-22,14,"USD","Priced",2016-06-22,15,14,14,0,2016',
  '"1201","BIT","BlackRock Multi-Sector","NYSE",2013-02-26,20,"USD","Priced",2013-02-26,20,20,12.140319,0,2013',
  '"1324","GLOB","Globant SA","NYSE",2014-07-18,10,"USD","Priced",2014-07-18,12.95,11.25,11.25,0.125,2014',
];

const OBSERVED = '2026-02-01T12:00:00.000Z';
const stored = (rows: IpoTableRow[]): StoredIpoRow[] => rows.map((row) => ({ row, observedAt: OBSERVED }));
const bloomberg = stored(parseIpoTable([BLOOMBERG_HEADER, ...BLOOMBERG_ROWS].join('\n')));
const yahoo = stored(parseIpoTable([YAHOO_HEADER, ...YAHOO_ROWS].join('\n')));
const b = (symbol: string) => bloomberg.find((r) => r.row.bloombergTicker === `${symbol} US`)!;
const y = (symbol: string) => yahoo.find((r) => r.row.bloombergTicker === symbol)!;
/** The IPOs `rows` join into, each as its rows' vendor symbols, primary first. */
const ipos = (rows: StoredIpoRow[]) => joinVendorRows(rows).map((ipo) => rowsOfIpo(ipo).map((r) => r.row.bloombergTicker));

describe('the rows are the bundled tables\' own', () => {
  it('each line copied here is a line of data/sample/reference', () => {
    const lines = (file: string) => new Set(readSample(`reference/${file}`).split(/\r?\n/));
    const bundledBloomberg = lines('bloomberg_ipo_data_2000_2025.csv.gz');
    const bundledYahoo = lines('yahoo_finance_IPOs_2000_2018.csv.gz');
    for (const line of [BLOOMBERG_HEADER, ...BLOOMBERG_ROWS]) expect(bundledBloomberg.has(line), line.slice(0, 40)).toBe(true);
    for (const line of [YAHOO_HEADER, ...YAHOO_ROWS]) expect(bundledYahoo.has(line), line.slice(0, 40)).toBe(true);
    expect([bloomberg.length, yahoo.length]).toEqual([BLOOMBERG_ROWS.length, YAHOO_ROWS.length]);
  });
});

describe('same first-trade day, offer price and first close: one IPO across the tables', () => {
  it('Facebook (Yahoo FB) and Meta Platforms (Bloomberg META): 2012-05-18, $38.00, first close $38.23', () => {
    expect(firstClose(b('META').row)).toBeCloseTo(38.23, 2);
    expect(firstClose(y('FB').row)).toBe(38.23);
    expect(ipos([y('FB'), b('META')])).toEqual([['META US', 'FB']]);
  });

  it('renamed issuers under new symbols: Ubiquiti Networks (UBNT) and Ubiquiti (UI); Antero Midstream GP (AMGP) and Antero Midstream Corp (AM)', () => {
    expect(ipos([y('UBNT'), b('UI')])).toEqual([['UI US', 'UBNT']]);
    expect(ipos([y('AMGP'), b('AM')])).toEqual([['AM US', 'AMGP']]);
  });

  it('Biohaven: Yahoo dates the IPO 2017-05-05 but its first bar, Bloomberg\'s trade date, is 2017-05-04; the bar dates its first trade', () => {
    expect(y('BHVN').row).toMatchObject({ tradeDate: '2017-05-04', ipoDate: '2017-05-05', firstBarDate: '2017-05-04' });
    expect(firstTradeDay(y('BHVN').row)).toBe('2017-05-04');
    expect(ipos([y('BHVN'), b('2177859D')])).toEqual([['2177859D US', 'BHVN']]);
  });

  it('a first close at the offer price is no evidence: two funds closed flat at $20.00 on 2013-02-26, Selecta at $14.00', () => {
    expect(sameVendorIpo(y('BIT').row, b('AIF').row)).toBe(false);
    // Selecta Biosciences is Cartesian Therapeutics (RNAC) today: the same IPO, which rule 5 joins (it has the day's other rows).
    expect(sameVendorIpo(y('SELB').row, b('RNAC').row)).toBe(false);
  });

  it('a first close that differs is another IPO: Globant and Trupanion; ServiceMaster\'s bar is an adjusted history\'s (it opens at $11.69 for $17.00), no first close', () => {
    expect(sameVendorIpo(y('GLOB').row, b('TRUP').row)).toBe(false);
    expect(firstClose(y('SERV').row)).toBeNull();
    expect(firstClose(b('TMX').row)).toBeCloseTo(17.95, 2);
    expect(sameVendorIpo(y('SERV').row, b('TMX').row)).toBe(false);
  });

  it('within one table, rows are distinct listings: two SPACs\' $10.00 units closed at $10.01 on 2021-12-03', () => {
    expect(firstClose(b('BIOSU').row)).toBeCloseTo(firstClose(b('STET/U').row)!, 6);
    expect(sameVendorIpo(b('BIOSU').row, b('STET/U').row)).toBe(false);
  });
});

describe('names and CUSIPs', () => {
  it('"/Old" marks a predecessor: Grubhub Inc/old is GrubHub Inc; NRG Energy Inc/Old is NRG Energy Inc, the same 2000 IPO twice in Bloomberg', () => {
    expect(ipos([y('GRUB'), b('9990620D')])).toEqual([['9990620D US', 'GRUB']]);
    // The "/Old" row, the security the IPO sold, speaks for the deal (vendor-company.derive.ts joinVendorRows).
    expect(ipos([b('NRG'), b('316623Q')])).toEqual([['316623Q US', 'NRG US']]);
  });

  it('one CUSIP issuer number, one IPO: Trinity Partners Acquisition\'s two unit series of 2004-07-30 (896552304, 896552403)', () => {
    expect(b('TPQCU').row.offerPrice).not.toBe(b('TPQCZ').row.offerPrice);
    expect(ipos([b('TPQCZ'), b('TPQCU')])).toEqual([['TPQCU US', 'TPQCZ US']]);
  });

  it('one symbol years apart is two IPOs: Antero Midstream Partners in 2014 (Yahoo AM), Antero Midstream GP in 2017 (Bloomberg AM)', () => {
    expect(ipos([y('AM'), b('AM'), b('9966611D')])).toEqual([['AM US'], ['9966611D US', 'AM']]);
  });
});

describe('all the rows together', () => {
  it('join into the same IPOs whatever order they come in', () => {
    const all = [...bloomberg, ...yahoo];
    const joined = ipos(all);
    expect(joined).toEqual(ipos([...all].reverse()));
    // 27 rows, 16 IPOs: the eight pairs above joined, BIT by its symbol, and by rule 5 (each the
    // other's only row of the day at the price) ServiceMaster and Terminix, Selecta and Cartesian.
    // Yahoo's BIT has two Bloomberg rows at $20.00 that day (BIT, AIF): it joins AIF by no rule.
    expect(all).toHaveLength(27);
    expect(joined).toHaveLength(16);
    expect(joined.filter((g) => g.length > 1).sort()).toEqual(
      [['2177859D US', 'BHVN'], ['316623Q US', 'NRG US'], ['9966611D US', 'AM'], ['9990620D US', 'GRUB'], ['AM US', 'AMGP'], ['META US', 'FB'], ['TPQCU US', 'TPQCZ US'], ['UI US', 'UBNT'], ['BIT US', 'BIT'], ['TMX US', 'SERV'], ['RNAC US', 'SELB']].sort(),
    );
  });
});

describe('where a joined IPO goes: the CIK order refuses a successor younger than the IPO', () => {
  // Real CIKs and names: Biohaven Ltd. in SEC's company_tickers.json (BHVN), Biohaven Pharmaceutical
  // Holding Co Ltd. in the 2022-10-03 company index (Form 4s). Neither has a submissions page in the
  // sample; Solidion's (CIK 1881551, first filing 2021-09-27) bounds Biohaven Ltd (cik-order.derive.ts).
  const biohavenLtd: VendorCandidate = { cik: '0001935979', names: ['Biohaven Ltd.'], tickers: ['BHVN'], filings: [], firstFilingDate: null, notOnEdgarBefore: '2021-09-27' };
  const biohavenPharma: VendorCandidate = { cik: '0001689813', names: ['Biohaven Pharmaceutical Holding Co Ltd.'], tickers: [], filings: [], firstFilingDate: null, notOnEdgarBefore: '2016-06-22' };
  const candidatesOf = (row: IpoTableRow) => [biohavenLtd, biohavenPharma].filter((c) => c.tickers.includes(row.ticker) || c.names.some((n) => n.startsWith('Biohaven Pharmaceutical Holding')));

  it('Biohaven\'s 2017 IPO joins Biohaven Pharmaceutical Holding, not Biohaven Ltd', () => {
    const [ipo] = joinVendorRows([y('BHVN'), b('2177859D')]);
    expect(resolveVendorIpo(ipo, candidatesOf)).toBe('0001689813');
    // Yahoo's row alone, by ticker and name: without the CIK order it would go to Biohaven Ltd.
    expect(resolveVendorIpo(y('BHVN'), () => [biohavenLtd])).toBeNull();
    expect(resolveVendorIpo(y('BHVN'), () => [{ ...biohavenLtd, notOnEdgarBefore: null }])).toBe('0001935979');
  });

  it('an entity\'s own first filing decides over the CIK order', () => {
    expect(resolveVendorIpo(y('BHVN'), () => [{ ...biohavenLtd, firstFilingDate: '2017-01-01', notOnEdgarBefore: '2021-09-27' }])).toBe('0001935979');
  });
});

describe('ipoOfferSizeMillions: what one joined IPO raised, by the vendor', () => {
  const table = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'))
    .filter((r) => r.country === 'US')
    .map((row): StoredIpoRow => ({ row, observedAt: '2026-01-01T00:00:00Z' }));
  const joinedOf = (symbols: string[]) => joinVendorRows(table.filter((r) => symbols.includes(r.row.bloombergTicker.replace(/ US$/, ''))));

  it("adds a blank check's two unit series of one day (Good Harbor Partners: GHBAU $4.89M at $8.50, GHBBU at $10.10; Trinity Partners: TPQCU and TPQCZ)", () => {
    for (const [a, b] of [['GHBAU', 'GHBBU'], ['TPQCU', 'TPQCZ'], ['GTLTU', 'GTTBU']]) {
      const [ipo, ...rest] = joinedOf([a, b]);
      expect(rest, a).toEqual([]);
      const sizes = rowsOfIpo(ipo).map((r) => r.row.offerSizeMillions!);
      expect(sizes, a).toHaveLength(2);
      expect(ipoOfferSizeMillions(ipo), a).toBeCloseTo(sizes[0] + sizes[1], 6);
    }
  });

  it("leaves money by each unit series' own first day (Good Harbor Partners: $4.89M × 9.41% + $53.4M × 2.48%, not 9.41% of both)", () => {
    const measures = (symbols: string[]) => {
      const [ipo] = joinedOf(symbols);
      return deriveRitterMeasures({
        offerPrice: ipo.row.offerPrice,
        closeDay1: null,
        day1ReturnPct: null,
        baseDeal: null,
        vendor: { offerSizeMillions: ipoOfferSizeMillions(ipo), offerToFirstClosePct: ipo.row.offerToFirstClosePct, unitSeries: ipoUnitSeries(ipo) },
      });
    };
    const goodHarbor = measures(['GHBAU', 'GHBBU']);
    expect(goodHarbor.grossProceeds).toBeCloseTo(58_316_500, 0);
    expect(goodHarbor.moneyLeftOnTable! / 1e6).toBeCloseTo(4.8875 * 0.0941 + 53.429 * 0.0248, 2);
    // Israel Growth Partners: both series closed their first day below the offer.
    expect(measures(['IGPAU', 'IGPBU']).moneyLeftOnTable! / 1e6).toBeCloseTo(-0.52, 1);
    // One security: its size × its return, as before.
    const nrg = measures(['NRG', '316623Q']);
    expect(nrg.moneyLeftOnTable! / 1e6).toBeCloseTo((nrg.grossProceeds! / 1e6) * (nrg.day1ReturnPct! / 100), 2);
  });

  it('counts one deal listed twice at one price once (NRG Energy 2000: NRG and 316623Q)', () => {
    const [ipo] = joinedOf(['NRG', '316623Q']);
    expect(rowsOfIpo(ipo)).toHaveLength(2);
    expect(ipoOfferSizeMillions(ipo)).toBe(ipo.row.offerSizeMillions);
  });
});
