import { describe, expect, it } from 'vitest';
import { marketOf } from './market-family.ts';

describe('marketOf', () => {
  it('puts every exchange the served names cover in one family, as the sources write them', () => {
    // Names from CERT filers, prospectus covers, the Yahoo list's exchange column and SEC's current files.
    const exchanges = ['NYSE', 'NYSE American', 'NYSE MKT', 'NYSE Arca', 'Nasdaq', 'NasdaqGM', 'NasdaqGS', 'NASDQ', 'the Nasdaq Capital Market', 'CBOE', 'Cboe BZX', 'AMEX'];
    expect(exchanges.map(marketOf)).toEqual(Array(exchanges.length).fill('exchange'));
  });

  it('reads over-the-counter quotations as otc (the Yahoo list\'s "OTC BB", SEC\'s "OTC")', () => {
    expect(['OTC BB', 'OTC', 'Pink'].map(marketOf)).toEqual(['otc', 'otc', 'otc']);
  });

  it('is unknown without an exchange, or for a market no rule names', () => {
    expect([null, '', 'Frankfurt'].map(marketOf)).toEqual(['unknown', 'unknown', 'unknown']);
  });
});
