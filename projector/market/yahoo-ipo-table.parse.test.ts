import { describe, expect, it } from 'vitest';
import { daysBetween } from '../common/dates.ts';
import { readSample } from '../common/sample.testkit.ts';
import { parseCsv, parseCsvRecords } from './csv.parse.ts';
import { isUsYahooRow } from './yahoo-ipo-table.parse.ts';
import { IpoTableLayoutError, ipoTableLayout, parseIpoTable } from './ipo-table.parse.ts';

const yahooText = readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz');
const rows = parseIpoTable(yahooText);
const bloomberg = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');

describe('Yahoo Finance IPO list', () => {
  it('is told apart from a Bloomberg export by its header; another header is refused', () => {
    expect(ipoTableLayout(parseCsv(yahooText)[0])).toBe('yahoo');
    expect(ipoTableLayout(parseCsv(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'))[0])).toBe('bloomberg');
    expect(() => parseIpoTable('Date,Open,High,Low,Close\n2017-03-02,24,26,23,24.48\n')).toThrow(IpoTableLayoutError);
  });

  it('keeps the priced US rows of the worldwide list: dollars on a US market', () => {
    expect(parseCsv(yahooText).length - 1).toBe(3017);
    expect(rows).toHaveLength(297);
    // Two Nasdaq rows write the currency "US": dollars all the same.
    for (const symbol of ['CIFS', 'IFRX']) expect(rows.some((r) => r.bloombergTicker === symbol), symbol).toBe(true);
    expect(rows.every((r) => r.country === 'US' && r.layout === 'yahoo')).toBe(true);
    const byExchange = Object.fromEntries(['NYSE', 'NasdaqGM', 'NASDQ', 'OTC BB'].map((x) => [x, rows.filter((r) => r.exchange === x).length]));
    expect(byExchange).toEqual({ NYSE: 161, NasdaqGM: 129, NASDQ: 4, 'OTC BB': 3 });
    // Hong Kong, London in dollars, Jakarta in dollars: not US IPOs.
    for (const symbol of ['0764.HK', 'EVD.F', 'TUGU.JK']) expect(rows.some((r) => r.bloombergTicker === symbol), symbol).toBe(false);
  });

  it("reads prices as quoted: the list's float noise (Alibaba's 93.889999) is the cent, a fraction (Silicon Labs' 69.375) stays", () => {
    const raw = parseCsvRecords(yahooText).filter((r) => isUsYahooRow(r) && r.actions === 'Priced');
    const noise = (cell: string) => { const x = Number(cell); const cent = Math.round(x * 100) / 100; return cell !== '' && x !== cent && Math.abs(x - cent) <= Math.abs(x) * 2 ** -23 + 5e-7; };
    // Of the 297 priced US rows, no price, 29 opens and 48 closes carry it.
    expect(['price', 'open', 'close'].map((column) => raw.filter((r) => noise(r[column])).length)).toEqual([0, 29, 48]);
    expect(rows.find((r) => r.ticker === 'BABA')).toMatchObject({ offerPrice: 68, firstBarClose: 93.89 });
    expect(rows.find((r) => r.ticker === 'SLAB')).toMatchObject({ firstBarClose: 69.375 });
    // Every close served is to the cent or to a ten-thousandth, as it was quoted.
    const closes = rows.map((r) => r.firstBarClose).filter((c): c is number => c !== null);
    expect(closes.filter((c) => Math.abs(c * 10_000 - Math.round(c * 10_000)) > 1e-6)).toEqual([]);
  });

  it('reads a row field by field: Silicon Laboratories on the Nasdaq National Market, 2000-03-24 at $31', () => {
    const slab = rows.find((r) => r.ticker === 'SLAB')!;
    expect(slab).toMatchObject({
      bloombergTicker: 'SLAB',
      issuer: 'Silicon Laboratories Inc',
      exchange: 'NasdaqGM',
      ipoDate: '2000-03-24',
      tradeDate: '2000-03-24',
      offerPrice: 31,
      rangeLow: null,
      rangeHigh: null,
      offerSizeMillions: null,
      industrySubgroup: null,
    });
    // Its first close 69.375 on the $31 offer.
    expect(slab.offerToFirstClosePct).toBeCloseTo(123.79, 2);
  });

  it('a first bar not on the IPO date is no first trade: null, with its return; the IPO date stays', () => {
    // Northwest Bancshares' 2009 IPO: the scraped history starts 2000-01-03, another security's.
    expect(rows.find((r) => r.ticker === 'NWBI')).toMatchObject({ ipoDate: '2009-12-18', tradeDate: null, offerToFirstClosePct: null, offerPrice: 10 });
    expect(rows.filter((r) => r.tradeDate === null)).toHaveLength(77);
  });

  it('a bar one to three days before the IPO date: at the offer price, the pricing day\'s quote (the IPO date is the first trade); elsewhere, the first trade', () => {
    // Teladoc: a $19.00 bar on 2015-06-30, the IPO date 2015-07-01 (Bloomberg's trade date).
    expect(rows.find((r) => r.ticker === 'TDOC')).toMatchObject({ ipoDate: '2015-07-01', firstBarDate: '2015-06-30', tradeDate: '2015-07-01', offerToFirstClosePct: null });
    // HubSpot: $30.10 on its $25.00 offer on 2014-10-09 (Bloomberg's trade date), the IPO date 2014-10-10.
    expect(rows.find((r) => r.ticker === 'HUBS')).toMatchObject({ ipoDate: '2014-10-10', tradeDate: '2014-10-09' });
    expect(rows.find((r) => r.ticker === 'HUBS')!.offerToFirstClosePct).toBeCloseTo(20.4, 1);
    const early = (r: (typeof rows)[number]) => r.tradeDate !== null && r.tradeDate !== r.ipoDate;
    const atOffer = (r: (typeof rows)[number]) => r.tradeDate !== null && r.tradeDate !== r.firstBarDate;
    expect(rows.filter(early).map((r) => r.ticker)).toEqual(['HUBS', 'AZRX', 'CSTR', 'ASV', 'BHVN', 'SSTI', 'ATNX', 'PETZ', 'SECO', 'CNST']);
    expect(rows.filter(atOffer).map((r) => r.ticker)).toEqual(['PTR', 'UNVR', 'VKTX', 'CFMS', 'TDOC', 'ACRS', 'SGRY']);
    // A bar in other units decides nothing: GDS's $2.61 bar the day before its $10.00 ADS IPO.
    expect(rows.find((r) => r.ticker === 'GDS')).toMatchObject({ tradeDate: null, priceUnitsDiffer: true });
  });

  it('keeps the first bar as read, whatever its date: evidence for joining the row, not its first trade', () => {
    expect(rows.find((r) => r.ticker === 'NWBI')).toMatchObject({ firstBarDate: '2000-01-03', tradeDate: null });
    // Biohaven: Yahoo's IPO date is a day after its first bar ($17.50 on $17.00), which is Bloomberg's trade date.
    expect(rows.find((r) => r.ticker === 'BHVN')).toMatchObject({ ipoDate: '2017-05-05', tradeDate: '2017-05-04', firstBarDate: '2017-05-04', firstBarClose: 17.5 });
    expect(rows.find((r) => r.ticker === 'SLAB')).toMatchObject({ firstBarDate: '2000-03-24', firstBarClose: 69.375 });
  });

  it('a first bar opening more than a quarter below the offer is an adjusted history\'s: its date kept, its close and return not', () => {
    // ServiceMaster, $17.00 on 2014-06-26: the bar opens at $11.69 and closes at $12.02 (Frontdoor's 2018 spin-off adjusted it); Bloomberg (TMX) states +5.6%.
    expect(rows.find((r) => r.ticker === 'SERV')).toMatchObject({ tradeDate: '2014-06-26', offerPrice: 17, firstBarClose: null, offerToFirstClosePct: null });
    // Constellation Pharmaceuticals opened at $11.48 for $15.00 (77%): a real first day, kept.
    expect(rows.find((r) => r.ticker === 'CNST')).toMatchObject({ firstBarDate: '2018-07-19', firstBarClose: 11.5 });
    expect(rows.filter((r) => r.tradeDate !== null && r.firstBarClose === null && !r.priceUnitsDiffer).map((r) => r.ticker).sort()).toEqual(['SERV', 'SRC']);
  });

  it('a first bar in other units than the offer price (a share against an ADS, a re-based history): no close, no return, and the price\'s unit unknown', () => {
    // Banco Macro: $2.035 per Class B share, its first bar $23.05 per ADS of ten.
    expect(rows.find((r) => r.ticker === 'BMA')).toMatchObject({ offerPrice: 2.035, firstBarDate: '2006-03-27', firstBarClose: null, offerToFirstClosePct: null, priceUnitsDiffer: true });
    // Grupo Supervielle: $2.20 per share, $11.50 per ADS of five; Yahoo's return column says +422.7%.
    expect(rows.find((r) => r.ticker === 'SUPV')).toMatchObject({ tradeDate: '2016-05-19', offerToFirstClosePct: null, priceUnitsDiffer: true });
    expect(rows.filter((r) => r.priceUnitsDiffer).map((r) => r.ticker).sort()).toEqual(['ATV', 'BIOC', 'BMA', 'CPST', 'EVHC', 'GDS', 'JAGX', 'SUPV', 'YOGA']);
    // Alibaba's $68.00 ADS closed at $93.89: the same units.
    expect(rows.find((r) => r.ticker === 'BABA')).not.toHaveProperty('priceUnitsDiffer');
  });

  it('the rule holds against Bloomberg: every first-trade date kept is its trade date; the IPO date mostly is when the bar was refused', () => {
    const paired = rows.flatMap((r) => {
      const twin = bloomberg.find((b) => b.ticker === r.ticker && b.tradeDate !== null && Math.abs(daysBetween(b.tradeDate, r.ipoDate!)) <= 7);
      return twin ? [{ r, twin }] : [];
    });
    expect(paired).toHaveLength(170);
    const kept = paired.filter((p) => p.r.tradeDate !== null);
    // 125 on the IPO date, ten more by a bar one to three days before it (HubSpot's, Teladoc's …).
    expect(kept).toHaveLength(135);
    expect(kept.every((p) => p.r.tradeDate === p.twin.tradeDate)).toBe(true);
    const refused = paired.filter((p) => p.r.tradeDate === null);
    // Of the 35 left unknown, the IPO date is the trade date for 32 (PDF Solutions, Co-Diagnostics and Eagle
    // Bancorp Montana a day off): no first trade, but the listing date consensus serves when nothing dates the first
    // trade (company/consensus-rules.derive.ts), its source summary saying so.
    expect(refused).toHaveLength(35);
    expect(refused.filter((p) => p.r.ipoDate === p.twin.tradeDate)).toHaveLength(32);
    // Over all 170, the IPO date is the trade date for 163.
    expect(paired.filter((p) => p.r.ipoDate === p.twin.tradeDate)).toHaveLength(163);
    // Each a trading day off: the IPO date a day late (Asure's 2017-05-15, a Monday, for Friday's first trade) or early.
    expect(paired.filter((p) => p.r.ipoDate !== p.twin.tradeDate).map((p) => [p.r.ticker, daysBetween(p.twin.tradeDate!, p.r.ipoDate!)])).toEqual([
      ['PDFS', -1], ['HUBS', 1], ['CSTR', 1], ['ASV', 3], ['CODX', 1], ['SSTI', 1], ['ESQ', 1],
    ]);
  });
});
