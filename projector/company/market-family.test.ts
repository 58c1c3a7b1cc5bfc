import { describe, expect, it } from 'vitest';
import { marketOf } from './market-family.ts';

describe('marketOf', () => {
  it('normalises exchange hints seen in EDGAR data', () => {
    expect(['Nasdaq', 'NYSE', 'NYSE American', 'CBOE', 'NYSE Arca'].map(marketOf)).toEqual(Array(5).fill('exchange'));
    expect(marketOf('OTC')).toBe('otc');
    expect(marketOf(null)).toBe('unknown');
    expect(marketOf('')).toBe('unknown');
  });
});
