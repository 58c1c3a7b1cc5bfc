/** Text helpers both readers share (HTML in html-reader.ts and html-blocks.ts, plain text in plain-text-reader.ts). */
import type { ReadLimit } from './read-budget.ts';

// Page furniture that the typesetter leaves between pages: bare numbers, roman numerals,
// "F-12", "- 3 -", and the "Table of Contents" back-links printed on every page.
export const PAGE_FURNITURE = /^(?:\d{1,3}|[ivxlc]{1,7}|[A-Z]{1,2}-(?:\d{1,3}|[ivxlc]{1,7})|-\s*\d{1,3}\s*-|page \d{1,3}|table of contents)$/i;

/** Whitespace and typographic spaces to one ASCII space; zero-width marks removed. */
export function cleanText(s: string): string {
  return s
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .trim();
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
    if (/^[)%]+$/.test(c) && out.length > 0 && carry === '') {
      out[out.length - 1] += c;
      continue;
    }
    out.push(carry + c);
    carry = '';
  }
  if (carry) out.push(carry);
  return out;
}
