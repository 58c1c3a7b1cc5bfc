/** CUSIP cells of the bundled Bloomberg export, as the spreadsheet left them. */
import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { cusipIssuer, parseCusip } from './cusip.parse.ts';
import { parseIpoTable } from './ipo-table.parse.ts';

const bloomberg = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => r.country === 'US');
const cell = (symbol: string) => bloomberg.find((r) => r.bloombergTicker === `${symbol} US`)!.cusip;

describe('parseCusip / cusipIssuer', () => {
  it('reads a valid CUSIP and its issuer number: NRG Energy\'s two rows share 629377', () => {
    expect([cell('NRG'), cell('316623Q')]).toEqual(['629377508', '629377102']);
    expect(parseCusip(cell('NRG'))).toBe('629377508');
    expect(cusipIssuer(cell('NRG'))).toBe('629377');
    expect(cusipIssuer(cell('316623Q'))).toBe('629377');
  });

  it('puts back the leading zeros a spreadsheet dropped, when the check digit then holds', () => {
    // Apollo Tactical Income Fund, 037638103.
    expect(cell('AIF')).toBe('37638103');
    expect(parseCusip(cell('AIF'))).toBe('037638103');
  });

  it('reads no issuer from exponent notation, "N.A." or a wrong check digit', () => {
    expect(cell('TMX')).toBe('8.81E+104');
    expect(cusipIssuer(cell('TMX'))).toBeNull();
    expect(cusipIssuer(cell('WMGI'))).toBeNull();
    expect(cell('WMGI')).toBe('N.A.');
    expect(parseCusip('629377509')).toBeNull();
    expect(parseCusip(null)).toBeNull();
  });

  it('on the whole export: most US cells are read, the unreadable ones are spreadsheet damage or blank', () => {
    const read = bloomberg.filter((r) => parseCusip(r.cusip) !== null).length;
    const unread = bloomberg.filter((r) => parseCusip(r.cusip) === null);
    expect(read).toBe(3954);
    expect(unread.every((r) => r.cusip === null || r.cusip === 'N.A.' || /E\+/.test(r.cusip) || !/^[0-9A-Z]{9}$/.test(r.cusip))).toBe(true);
  });
});
