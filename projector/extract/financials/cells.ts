/**
 * Cell-level reading for financial tables. Number parsing itself is `parseMoney` from
 * text-numbers.ts; this file adds what financial tables mean by their cells: a dash is zero,
 * a lone "$" is a blank column, and notes like "(unaudited)" or "(in thousands)" are not values.
 */
import { isPlaceholder, parseMoney, tableScale } from '../text-numbers.ts';

/** A parsed value cell: a number, `null` for a blank column, `undefined` when the cell is text. */
export type CellValue = number | null | undefined;

const DASH = /^\$?\s*[—–-]+$/;
const FOOTNOTE_TAIL = /(?:\s*\(\d{1,2}\))+$/;

export function parseValueCell(cell: string): CellValue {
  const t = cell.replace(FOOTNOTE_TAIL, '').trim();
  // Financial tables print zero as an em dash (domain §3.3 item 4); placeholders elsewhere are blanks.
  if (DASH.test(t)) return 0;
  if (isPlaceholder(t)) return null;
  const v = parseMoney(t);
  return v === null ? undefined : v;
}

/** Strips footnote markers and surrounding punctuation from a row label, lower-cased. */
export function normalizeLabel(label: string): string {
  return label
    .replace(/[’‘`]/g, "'")
    .replace(/\s*\*+$/, '')
    .replace(FOOTNOTE_TAIL, '')
    .replace(/[\s:]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Notes that sit in header rows without naming a column: "(unaudited)", "(in thousands)". */
export function isNoteCell(cell: string): boolean {
  const t = cell.trim();
  return /^\(.*\)$/.test(t) || /\bin (?:thousands|millions)\b/i.test(t) || /^unaudited$/i.test(t);
}

/** The multiplier a note announces, or null when the text announces none. */
export function scaleNote(text: string): number | null {
  return /\bin (?:thousands|millions)\b/i.test(text) ? tableScale(text) : null;
}
