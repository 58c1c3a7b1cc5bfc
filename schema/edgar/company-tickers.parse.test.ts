import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompanyTickersParseError, parseCompanyTickers } from './company-tickers.parse.ts';

const bytes = gunzipSync(readFileSync(join(import.meta.dirname, '../../data/sample/edgar/company_tickers.json.gz')));

describe('parseCompanyTickers on the real company_tickers.json', () => {
  const rows = parseCompanyTickers(bytes);

  it('reads every row in file order with padded CIKs', () => {
    expect(rows).toHaveLength(Object.keys(JSON.parse(bytes.toString('utf8'))).length);
    expect(rows[0]).toEqual({ cik: '0000789019', ticker: 'MSFT', title: 'MICROSOFT CORP', exchange: null, order: 0 });
    expect(rows.every((r, i) => i === 0 || rows[i - 1].order < r.order)).toBe(true);
  });

  it('keeps every class of a company, primary first', () => {
    const learnCw = rows.filter((r) => r.cik === '0001847577').map((r) => r.ticker);
    expect(learnCw).toEqual(['LCW', 'LCW-UN', 'LCW-WT']);
  });

  it('reads the columnar company_tickers_exchange.json shape', () => {
    const columnar = { fields: ['cik', 'name', 'ticker', 'exchange'], data: [[789019, 'MICROSOFT CORP', 'MSFT', 'Nasdaq']] };
    expect(parseCompanyTickers(JSON.stringify(columnar))).toEqual([
      { cik: '0000789019', ticker: 'MSFT', title: 'MICROSOFT CORP', exchange: 'Nasdaq', order: 0 },
    ]);
  });

  it('rejects rows without a usable CIK', () => {
    expect(() => parseCompanyTickers('{"0":{"cik_str":"x","ticker":"A","title":"A"}}')).toThrow(CompanyTickersParseError);
  });
});
