import { describe, expect, it } from 'vitest';
import { isPlaceholder, parseCount, parseFractionWords, parseMoney, tableScale, wordsToNumber } from './text-numbers.ts';

describe('numbers as prospectuses write them', () => {
  it('reads counts in digits, with scale words, and in words', () => {
    expect(parseCount('1,275,235')).toBe(1275235);
    expect(parseCount('2.7 million')).toBe(2700000);
    expect(parseCount('two million')).toBe(2000000);
    expect(wordsToNumber('one hundred twenty-five thousand')).toBe(125000);
    expect(wordsToNumber('two hundred')).toBe(200);
    expect(parseCount('shares')).toBeNull();
  });
  it('reads money and rejects placeholders of early drafts', () => {
    expect(parseMoney('$5.00')).toBe(5);
    expect(parseMoney('$84,129,975')).toBe(84129975);
    expect(parseMoney('(7,764)')).toBe(-7764);
    expect(parseMoney('$1.2 million')).toBe(1200000);
    for (const blank of ['$', '$[●]', '[•]', '$    ', '$____', '[ ]']) {
      expect(isPlaceholder(blank)).toBe(true);
      expect(parseMoney(blank)).toBeNull();
    }
  });
  it('reads word fractions and table scale headers', () => {
    expect(parseFractionWords('one-half')).toBe(0.5);
    expect(parseFractionWords('four-fifths')).toBeCloseTo(0.8);
    expect(tableScale('(in thousands, except share and per share data)')).toBe(1000);
    expect(tableScale('Per Share')).toBe(1);
  });
});
