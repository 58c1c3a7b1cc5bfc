import { describe, expect, it } from 'vitest';
import { bloombergDateCell, parseIpoTable, type IpoTableRow } from './ipo-table.parse.ts';
import { readSample } from '../common/sample.testkit.ts';

/** Bloomberg's raw yearly exports (data/sample/reference/bloomberg_raw_YYYY.csv.gz): m/d/yy dates, ranges in cells across lines. */
const RAW_YEARS = [2020, 2021, 2022, 2023, 2024, 2025] as const;
const raw = new Map(RAW_YEARS.map((y) => [y, parseIpoTable(readSample(`reference/bloomberg_raw_${y}.csv.gz`))]));
const consolidated = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'));
const key = (r: IpoTableRow) => `${r.bloombergTicker}|${r.tradeDate}`;

describe("Bloomberg's raw yearly exports, read by the same parser", () => {
  it('reads every record of each file (records counted by an RFC 4180 reader: quoted cells break across lines)', () => {
    expect(RAW_YEARS.map((y) => raw.get(y)!.length)).toEqual([563, 1217, 216, 144, 187, 74]);
    expect(RAW_YEARS.map((y) => raw.get(y)!.filter((r) => r.country === 'US').length)).toEqual([553, 1190, 212, 141, 185, 74]);
  });

  it('reads m/d/yy trade dates and the multi-line price range: Laser Photonics, 2022-09-30 at $5.00 (listed in the 2021 export)', () => {
    const lase = raw.get(2021)!.filter((r) => r.bloombergTicker === 'LASE US');
    // The export lists it twice: the 2021 registration never priced (blank date, offer 0) and the 2022 IPO.
    expect(lase.map((r) => [r.tradeDate, r.offerPrice])).toEqual([[null, 0], ['2022-09-30', 5]]);
    expect(lase[1]).toMatchObject({ ticker: 'LASE', issuer: 'Laser Photonics Corp', rangeLow: 5, rangeHigh: 5, offerSizeMillions: 15, pricedRange: 'Priced Within Range' });
    const lmnd = raw.get(2020)!.find((r) => r.bloombergTicker === 'LMND US')!;
    expect(lmnd).toMatchObject({ tradeDate: '2020-07-02', offerPrice: 29, rangeLow: 26, rangeHigh: 28, industrySector: 'Financial' });
  });

  it('dates every priced US row: the undated US rows are registrations at offer price 0, but one', () => {
    const undated = [...raw.values()].flat().filter((r) => r.country === 'US' && r.tradeDate === null);
    expect(undated).toHaveLength(472);
    expect([...new Set(undated.filter((r) => r.offerPrice !== 0).map((r) => r.bloombergTicker))]).toEqual(['WSBK US']);
  });

  it('holds 285 priced US IPOs the consolidated table lacks; the rows both hold are the same row, value for value', () => {
    const consolidatedByKey = new Map(consolidated.map((r) => [key(r), JSON.stringify(r)]));
    const dated = new Map([...raw.values()].flat().filter((r) => r.country === 'US' && r.tradeDate !== null).map((r) => [key(r), r]));
    const shared = [...dated].filter(([k]) => consolidatedByKey.has(k));
    expect(dated.size - shared.length).toBe(422);
    // 137 of the 422 are dated at offer price 0: postponed or withdrawn registrations (Ensemble Health
    // Partners, Caliber Home Loans), never priced. The consolidated table has no dated row at price 0.
    const unpriced = [...dated].filter(([k, r]) => !consolidatedByKey.has(k) && !((r.offerPrice ?? 0) > 0));
    expect(unpriced).toHaveLength(137);
    expect(unpriced.map(([, r]) => r.bloombergTicker)).toEqual(expect.arrayContaining(['ENSB US', 'HOMS US']));
    expect(unpriced.every(([, r]) => r.pricedRange === null)).toBe(true);
    expect(consolidated.filter((r) => r.tradeDate !== null && !((r.offerPrice ?? 0) > 0))).toEqual([]);
    expect(shared).toHaveLength(1461);
    expect(shared.filter(([k, r]) => consolidatedByKey.get(k) !== JSON.stringify(r)).map(([k]) => k)).toEqual([]);
    for (const symbol of ['LMND US', 'WOOF US', 'RXT US', 'NCNO US', 'OSH US', 'BIGC US', 'VRMMQ US', 'LASE US']) {
      expect(consolidated.some((r) => r.bloombergTicker === symbol && r.tradeDate !== null), symbol).toBe(false);
      expect([...dated.values()].some((r) => r.bloombergTicker === symbol), symbol).toBe(true);
    }
  });
});

describe('bloombergDateCell', () => {
  it('reads YYYY-MM-DD and m/d/yy (a two-digit year as POSIX %y: 69-99 are 19yy), and no impossible day', () => {
    expect(bloombergDateCell('2013-11-07')).toBe('2013-11-07');
    expect(bloombergDateCell('9/15/22')).toBe('2022-09-15');
    expect(bloombergDateCell('12/31/99')).toBe('1999-12-31');
    expect(bloombergDateCell('2/29/24')).toBe('2024-02-29');
    expect(bloombergDateCell('2/29/23')).toBeNull();
    expect(bloombergDateCell(' ')).toBeNull();
    expect(bloombergDateCell('N.A.')).toBeNull();
  });
});
