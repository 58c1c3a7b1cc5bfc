/** Text helpers both readers share (HTML in html-reader.ts and html-blocks.ts, plain text in plain-text-reader.ts). */
import type { ReadLimit } from './read-budget.ts';

// Page furniture that the typesetter leaves between pages: bare numbers, roman numerals,
// "F-12", "- 3 -", and the "Table of Contents" back-links printed on every page.
export const PAGE_FURNITURE = /^(?:\d{1,3}|[ivxlc]{1,7}|[A-Z]{1,2}-(?:\d{1,3}|[ivxlc]{1,7})|-\s*\d{1,3}\s*-|page \d{1,3}|table of contents)$/i;

// `\s` holds every typographic space (U+00A0, U+2000–U+200A, U+202F, U+205F, U+3000) and U+FEFF.
/** A character cleanText keeps as it is: neither a space nor a zero-width mark. */
const VISIBLE = /[^\s\u200b-\u200d\u2060\u00ad]/;
/** What cleanText changes: a zero-width mark, a space other than ASCII's, two spaces, a space at either end. */
const UNCLEAN = /[\u200b-\u200d\u2060\u00ad]|[^\S ]|  |^ | $/;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
/**
 * A run of spaces that is not one ASCII space. Single spaces, one between every two words, are
 * left alone instead of being matched and replaced by themselves, which made the replace slow.
 */
const SPACE_RUN = / \s+|[^\S ]\s*/g;

/** Whitespace and typographic spaces to one ASCII space; zero-width marks removed. */
export function cleanText(s: string): string {
  // Most cells of an EDGAR table are blank or spacers, and many others are clean already: both
  // are answered with one short regex test instead of two replaces and a trim.
  if (!VISIBLE.test(s)) return '';
  if (!UNCLEAN.test(s)) return s;
  return s.replace(ZERO_WIDTH, '').replace(SPACE_RUN, ' ').trim();
}

/** The characters one block may still take as read (maxBlockChars); what does not fit is dropped. */
export class BlockChars {
  private used = 0;

  constructor(
    private readonly max: number,
    private readonly limits: Set<ReadLimit>,
  ) {}

  /** The part of `s` that fits, counted against the block. */
  fit(s: string): string {
    const room = this.max - this.used;
    if (s.length > room) {
      this.limits.add('maxBlockChars');
      s = s.slice(0, room);
    }
    this.used += s.length;
    return s;
  }

  /** A new block begins. */
  reset(): void {
    this.used = 0;
  }
}

/**
 * EDGAR tables put `$` and `)` / `%` in cells of their own and pad with empty spacer cells;
 * merging them gives one cell per value ("$ 4.00" → "$4.00", "(1,234" + ")" → "(1,234)").
 */
const CLOSING_SIGNS = /^[)%]+$/;

export function mergeCells(cells: string[]): string[] {
  const out: string[] = [];
  let carry = '';
  for (const c of cells) {
    if (c === '') continue;
    if (c === '$' || c === '($' || c === '(' || c === '$(') {
      // Two currency cells in a row mean the first one's amount was left blank.
      if (carry) out.push(carry);
      carry = c;
      continue;
    }
    // Asked of every cell: a first character other than `)` or `%` answers without the expression.
    const first = c.charCodeAt(0);
    if ((first === 0x29 || first === 0x25) && CLOSING_SIGNS.test(c) && out.length > 0 && carry === '') {
      out[out.length - 1] += c;
      continue;
    }
    out.push(carry + c);
    carry = '';
  }
  if (carry) out.push(carry);
  return out;
}
