/**
 * Rule 5 of vendor-same-ipo.derive.ts on the bundled tables themselves: every US row dated the day
 * (Bloomberg's trade date, Yahoo's IPO date) goes in, as withSameIpoRows hands them to joinVendorRows,
 * so a rival row of the day is seen when there is one.
 */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import { joinVendorRows, rowsOfIpo } from './vendor-company.derive.ts';
import { vendorRowDate } from './vendor-same-ipo.derive.ts';

const OBSERVED = '2026-02-01T12:00:00.000Z';
const tables = [
  ...parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')),
  ...parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz')),
]
  .filter((row) => row.country === 'US')
  .map((row): StoredIpoRow => ({ row, observedAt: OBSERVED }));

/** The IPOs the day's rows join into, each as its rows' vendor symbols (Bloomberg's with " US"). */
const iposOfDay = (day: string) => joinVendorRows(tables.filter((r) => vendorRowDate(r.row) === day)).map((ipo) => rowsOfIpo(ipo).map((r) => r.row.bloombergTicker));
const ipoOf = (day: string, symbol: string) => iposOfDay(day).find((symbols) => symbols.includes(symbol));

describe('one IPO, named at the time by one table and later (or under a placeholder) by the other', () => {
  it.each([
    ['2012-05-03', 'EVER', '1624831D US', 'EverBank Financial; Bloomberg: "TIAA FSB Holdings Inc", a numeric placeholder'],
    ['2015-05-15', 'FTAI', '9991110D US', 'Fortress Transportation and Infrastructure; Yahoo has no first bar of the day'],
    ['2011-12-14', 'SN', 'SNECQ US', 'Sanchez Energy; Bloomberg: Mesquite Energy, a bankruptcy symbol; first closes $18.31 and $18.25'],
    ['2014-06-26', 'SERV', 'TMX US', 'ServiceMaster; Bloomberg: Terminix; Yahoo\'s bar is an adjusted history\'s'],
    ['2016-06-22', 'SELB', 'RNAC US', 'Selecta Biosciences; Bloomberg: Cartesian Therapeutics; both closed flat at $14.00'],
  ])('%s: Yahoo %s and Bloomberg %s (%s)', (day, yahoo, bloomberg) => {
    expect(ipoOf(day, yahoo)).toEqual([bloomberg, yahoo]);
  });

  it('Investors Bancorp: Yahoo dates it 2005-08-15, its first bar (2005-10-12) is a day after Bloomberg\'s trade date; same symbol, name and price', () => {
    const rows = tables.filter((r) => r.row.ticker === 'ISBC');
    expect(rows.map((r) => vendorRowDate(r.row)).sort()).toEqual(['2005-08-15', '2005-10-11']);
    expect(joinVendorRows(rows).map((ipo) => rowsOfIpo(ipo).map((r) => r.row.bloombergTicker))).toEqual([['ISBC US', 'ISBC']]);
  });
});

describe('a rival row of the day, or a first close that differs, leaves the rows apart; another SPAC\'s units are no rival', () => {
  it('Double Eagle Acquisition (EAGLU, 2015-09-11, $10.00): of Bloomberg\'s two $10.00 rows that day, Pace Holdings\' is under its own units\' symbol (PACEU); WillScot\'s (1566353D) is Double Eagle\'s', () => {
    expect(ipoOf('2015-09-11', 'EAGLU')).toEqual(['1566353D US', 'EAGLU']);
    expect(ipoOf('2015-09-11', 'PACEU US')).toEqual(['PACEU US']);
  });

  it('Forum Merger (FMCI): Yahoo dates it 2017-04-10, three days after Bloomberg\'s ConvergeOne row (1638762D, 2017-04-07): not the same day, apart', () => {
    expect(ipoOf('2017-04-10', 'FMCI')).toEqual(['FMCI']);
  });

  it('Constellation Pharmaceuticals (CNST) and Replimune (REPL), $15.00: Yahoo\'s IPO date is Replimune\'s trade date (2018-07-20), but its first bar ($11.50) the day before is its first trade', () => {
    expect(ipoOf('2018-07-19', 'CNST')).toEqual(['CNST']);
    expect(ipoOf('2018-07-20', 'REPL US')).toEqual(['REPL US']);
  });

  it('BEST Inc (BSTI) and Krystal Biotech (KRYS), $10.00 on 2017-09-20: closes 5.2% and 6.4% up', () => {
    expect(ipoOf('2017-09-20', 'BSTI')).toEqual(['BSTI']);
  });

  it('Yahoo\'s BlackRock Multi-Sector (BIT, $20.00, 2013-02-26) joins Bloomberg\'s BIT by symbol, not Apollo Tactical Income (AIF)', () => {
    expect(ipoOf('2013-02-26', 'BIT')).toEqual(['BIT US', 'BIT']);
    expect(ipoOf('2013-02-26', 'AIF US')).toEqual(['AIF US']);
  });
});

describe('rule 6: one deal listed twice in one table, not two offerings years apart', () => {
  const bySymbol = (...symbols: string[]) => tables.filter((r) => symbols.includes(r.row.bloombergTicker));
  const ipos = (rows: StoredIpoRow[]) => joinVendorRows(rows).map((ipo) => rowsOfIpo(ipo).map((r) => `${r.row.bloombergTicker} ${vendorRowDate(r.row)}`));

  it('Ottawa Bancorp\'s 2016 second step: under the new holding company (OTTW) and the old mid-tier company (1448759D), $23.84M at $10.00, 63 days apart', () => {
    // The row under the real symbol speaks for the deal: its trade date, return and issuer.
    expect(ipos(bySymbol('OTTW US', '1448759D US'))).toEqual([['OTTW US 2016-10-12', '1448759D US 2016-08-10']]);
  });

  it('Kearny Financial: its 2005 minority IPO (9876547D, $218M) and its 2015 second step (KRNY, $717.5M) are two offerings', () => {
    expect(ipos(bySymbol('KRNY US', '9876547D US'))).toEqual([['KRNY US 2015-05-19'], ['9876547D US 2005-02-24']]);
  });

  it('Atlas Energy Solutions\' 2023-03-09 IPO ($324M at $18.00), as AESI and as 2310932D "AESI Holdings Inc", a name holding the other row\'s symbol: one deal', () => {
    expect(ipos(bySymbol('AESI US', '2310932D US'))).toEqual([['AESI US 2023-03-09', '2310932D US 2023-03-09']]);
  });

  it('the same day, price and size under a placeholder is not enough: AEON Biopharma\'s row (2299793D) and two SPACs\' units, $276M at $10.00 on 2021-03-04', () => {
    expect(ipos(bySymbol('2299793D US', 'CPTK/U US', 'PICCU US'))).toHaveLength(3);
  });

  it('SPACs of one size and price months apart stay apart: QuantumScape\'s SPAC row (1861474D) and MetroMile\'s (2257873D), $230M at $10.00', () => {
    expect(ipos(bySymbol('1861474D US', '2257873D US'))).toHaveLength(2);
  });
});

describe('rule 7: a blank check\'s two unit series of one day are one IPO', () => {
  it('Good Harbor Partners\' Series A (GHBAU, $8.50) and Series B (GHBBU, $10.10) units of 2006-03-10, two CUSIP issuers: one IPO; another issuer\'s of the day stays apart', () => {
    const rows = tables.filter((r) => ['GHBAU US', 'GHBBU US', 'SOPKU US'].includes(r.row.bloombergTicker));
    expect(rows.map((r) => r.row.cusip?.slice(0, 6)).sort()).toEqual(['382094', '844649', '902557']);
    expect(joinVendorRows(rows).map((ipo) => rowsOfIpo(ipo).map((r) => r.row.bloombergTicker).sort())).toEqual([['GHBAU US', 'GHBBU US'], ['SOPKU US']]);
    expect(iposOfDay('2006-04-20').map((ipo) => ipo.sort())).toContainEqual(['GSPBU US', 'SOPKU US']);
  });
});

describe('rule 6 needs the names to agree', () => {
  it('Eaton Vance\'s New Jersey (EMJ) and Insured Florida Plus (3351124Q) municipal funds, the same size at $15.00 on 2002-11-25: two funds', () => {
    const rows = tables.filter((r) => ['EMJ US', '3351124Q US'].includes(r.row.bloombergTicker));
    expect(rows.map((r) => [r.row.offerPrice, r.row.offerSizeMillions, vendorRowDate(r.row)])).toEqual([[15, rows[0].row.offerSizeMillions, '2002-11-25'], [15, rows[0].row.offerSizeMillions, '2002-11-25']]);
    expect(joinVendorRows(rows)).toHaveLength(2);
  });
});
