import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText } from './block-text.ts';

/** cleanText as first written: two full replaces and a trim on every string. Its fast paths must agree with it. */
function cleanTextReference(s: string): string {
  return s
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .trim();
}

// Every kind of character cleanText treats apart: ASCII and typographic spaces, line breaks,
// zero-width marks, a byte-order mark, and letters and signs around them.
const CHARACTERS = [
  ' ', '  ', '\n', '\r\n', '\t', '\u00a0', '\u2002', '\u2009', '\u202f', '\u3000', '\u2028', '\u1680',
  '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', 'a', 'Offering', '$', '4.00', '—', '•', ')', '%', '’',
];

describe('cleanText', () => {
  it('gives what the plain replace-and-trim gives, on any mix of spaces, marks and text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 30 }), (parts) => {
        const s = parts.join('');
        expect(cleanText(s)).toBe(cleanTextReference(s));
      }),
      { numRuns: 5000, seed: 20_261_127 },
    );
  });

  it('collapses spaces, removes zero-width marks and trims', () => {
    expect(cleanText('\u00a0 Shares\n   of\u200b common\u2009stock ')).toBe('Shares of common stock');
    expect(cleanText('\u00a0\u200b \n')).toBe('');
    expect(cleanText('$')).toBe('$');
    expect(cleanText('a\ufeffb')).toBe('ab');
  });
});
