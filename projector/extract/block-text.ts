/** Text helpers both readers share (HTML in html-reader.ts and html-blocks.ts, plain text in plain-text-reader.ts). */
import type { ReadLimit } from './read-budget.ts';

// Page furniture that the typesetter leaves between pages: bare numbers, roman numerals,
// "F-12", "- 3 -", and the "Table of Contents" back-links printed on every page.
export const PAGE_FURNITURE = /^(?:\d{1,3}|[ivxlc]{1,7}|[A-Z]{1,2}-(?:\d{1,3}|[ivxlc]{1,7})|-\s*\d{1,3}\s*-|page \d{1,3}|table of contents)$/i;

/**
 * Whitespace and typographic spaces to one ASCII space; zero-width marks removed. One pass that
 * copies the runs of text between them: most paragraphs of EDGAR HTML hold a line break or a
 * non-breaking space, so they were nearly all sent through two full replaces and a trim, the
 * largest cost of building blocks. A string that needs no change is returned as it is.
 */
export function cleanText(s: string): string {
  let out = '';
  /** Where the run of kept characters being copied starts, or -1. */
  let start = -1;
  /** Whether whitespace came since the last kept character (it becomes one space before the next). */
  let spaced = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x20 && c < 0xa0) {
      if (start < 0) {
        if (spaced && out.length > 0) out += ' ';
        spaced = false;
        start = i;
      }
    } else if (isZeroWidth(c)) {
      // Before the test for spaces: U+FEFF is both, and is removed.
      if (start >= 0) out += s.slice(start, i);
      start = -1;
    } else if (isSpace(c)) {
      // A single ASCII space between two kept characters stays in the run.
      if (c === 0x20 && start >= 0 && i + 1 < s.length && isKept(s.charCodeAt(i + 1))) continue;
      if (start >= 0) out += s.slice(start, i);
      start = -1;
      spaced = true;
    } else if (start < 0) {
      if (spaced && out.length > 0) out += ' ';
      spaced = false;
      start = i;
    }
  }
  if (start >= 0) out += s.slice(start);
  return out;
}

/** `\s` of a regular expression (and what `trim` removes): ASCII and typographic spaces, line breaks, U+FEFF. */
function isSpace(c: number): boolean {
  return (
    c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** Zero-width marks, removed: zero-width space, non-joiner and joiner, word joiner, byte-order mark, soft hyphen. */
function isZeroWidth(c: number): boolean {
  return (c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff || c === 0x00ad;
}

/** A character cleanText keeps as it is. */
function isKept(c: number): boolean {
  return (c > 0x20 && c < 0xa0) || (!isSpace(c) && !isZeroWidth(c));
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
