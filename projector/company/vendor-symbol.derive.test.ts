/** The symbol and name of the day a joined vendor IPO is served with, on the real bundled rows. */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import { joinVendorRows, vendorTickers } from './vendor-company.derive.ts';
import { vendorRowDate } from './vendor-same-ipo.derive.ts';
import { ipoIssuerName, ipoSymbol } from './vendor-symbol.derive.ts';
import { outcomeTicker } from './company-outcome.derive.ts';
import { isPlaceholderSymbol } from '../offering/vendor-deal-type.derive.ts';

const OBSERVED = '2026-02-01T12:00:00.000Z';
const rows = [
  ...parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')),
  ...parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz')),
]
  .filter((row) => row.country === 'US')
  .map((row): StoredIpoRow => ({ row, observedAt: OBSERVED }));
/** The joined IPO of the day whose rows include this vendor symbol (Bloomberg's with " US"). */
const ipo = (day: string, symbol: string) => joinVendorRows(rows.filter((r) => vendorRowDate(r.row) === day)).find((i) => [i, ...(i.sameIpo ?? [])].some((r) => r.row.bloombergTicker === symbol))!;

describe('isPlaceholderSymbol: Bloomberg\'s digits-and-a-letter symbols', () => {
  it('1624831D, 9991110D, 316623Q are placeholders; SNECQ (a bankrupt issuer\'s last symbol), GOOGL, TPGH-U are symbols', () => {
    for (const s of ['1624831D', '9991110D', '316623Q', '3042466Q']) expect(isPlaceholderSymbol(s), s).toBe(true);
    for (const s of ['SNECQ', 'GOOGL', 'TPGH-U', 'EVER']) expect(isPlaceholderSymbol(s), s).toBe(false);
  });
});

describe('the symbol and name of the day', () => {
  it('EverBank\'s 2012 IPO: Yahoo\'s EVER and "EverBank Financial Corp", not Bloomberg\'s 1624831D and "TIAA FSB Holdings Inc"', () => {
    const everbank = ipo('2012-05-03', 'EVER');
    expect(everbank.row).toMatchObject({ bloombergTicker: '1624831D US', issuer: 'TIAA FSB Holdings Inc' });
    expect([ipoSymbol(everbank), ipoIssuerName(everbank)]).toEqual(['EVER', 'EverBank Financial Corp']);
    expect(vendorTickers([everbank])).toEqual(['EVER']);
  });

  it('Double Eagle Acquisition\'s 2015 units: Yahoo\'s EAGLU and name, not Bloomberg\'s WillScot under 1566353D', () => {
    const doubleEagle = ipo('2015-09-11', '1566353D US');
    expect([ipoSymbol(doubleEagle), ipoIssuerName(doubleEagle)]).toEqual(['EAGLU', 'Double Eagle Acquisition Corp']);
  });

  it('a placeholder alone is no symbol: Williams Partners\' 2005 IPO, Bloomberg\'s "Williams Partners LP/Old" under 9123456D', () => {
    const williams = ipo('2005-08-18', '9123456D US');
    expect(williams.sameIpo).toBeUndefined();
    expect([ipoSymbol(williams), ipoIssuerName(williams)]).toEqual([null, null]);
    expect(vendorTickers([williams])).toEqual([]);
  });

  it('Bloomberg\'s row alone: Google\'s 2004 IPO keeps GOOGL, its name of the day unknown (Bloomberg says Alphabet Inc)', () => {
    const google = ipo('2004-08-19', 'GOOGL US');
    expect([ipoSymbol(google), ipoIssuerName(google)]).toEqual(['GOOGL', null]);
  });
});

describe('a bankruptcy symbol whose four letters the SEC gives another company', () => {
  it('Casa Systems (Nasdaq 2017, CASA; Bloomberg CASSQ): CASS is Cass Information Systems, so its listing symbol is unknown, and CASS none of its tickers', () => {
    const casa = rows.find((r) => r.row.bloombergTicker === 'CASSQ US')!;
    expect(ipoSymbol(casa)).toBe('CASS');
    const held = { ...casa, baseHeldElsewhere: 'CASS' };
    expect(ipoSymbol(held)).toBeNull();
    expect(vendorTickers([held])).toEqual(['CASSQ']);
    // Letters nobody else holds are the IPO's, as before.
    expect(vendorTickers([casa])).toEqual(['CASS', 'CASSQ']);
    // Nor is the SEC's own CASSQ for Casa read as CASS for its outcome.
    expect(outcomeTicker(null, held, 'CASSQ')).toBeNull();
    expect(outcomeTicker(null, casa, 'CASSQ')).toBe('CASS');
  });
});
