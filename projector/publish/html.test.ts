import { describe, expect, it } from 'vitest';
import { formatNumber } from './html.ts';

describe('formatNumber', () => {
  it('writes a negative amount with its sign before the dollar (2015 Q4: money left -$29.7M)', () => {
    expect(formatNumber(-29_712_345, 'millions')).toBe('-$29.7M');
    expect(formatNumber(-1.5, 'usd')).toBe('-$1.50');
    expect(formatNumber(4_841_100_000, 'millions')).toBe('$4,841.1M');
    expect(formatNumber(-4.5, 'pct')).toBe('-4.50%');
  });
});
