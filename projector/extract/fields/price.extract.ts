/**
 * Offering price and price range from the cover. Anchored on "initial public offering price is",
 * "between $A and $B" and the underwriting table's "Public offering price" row, never on the first
 * dollar figure: the cover also carries par values, last sale prices and warrant strikes.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, sentenceAt } from '../doc-regions.ts';
import { parseMoney } from '../text-numbers.ts';

const MONEY = '\\$\\s?(\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?)';
const FIXED_PRICE = new RegExp(
  `(?:public offering price|offering price per (?:share|unit|ADS)|price to the public)[^.$]{0,40}?\\b(?:is|will be|of|is to be fixed at|is fixed at)\\s+${MONEY}\\s*(?:per|a)\\s+(?:class [a-c] )?(?:share|unit|ADS|american depositary|ordinary share|common share)`,
  'i',
);
const PRICE_LINE = new RegExp(`^price\\s+${MONEY}\\s+(?:a|per)\\s+(?:share|unit|ADS)`, 'i');
const RANGE = new RegExp(`between\\s+${MONEY}\\s+and\\s+${MONEY}`, 'i');
const DASH_RANGE = new RegExp(`${MONEY}\\s?(?:–|—|-|to)\\s?${MONEY}\\s+per\\s+(?:share|unit|ADS)`, 'i');
export const PRICE_ROW = /^(?:initial )?(?:public offering price|price to (?:the )?public|offering price)\b/i;

export function extractOfferingPrice(ctx: ExtractContext): Found<number> | null {
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind === 'table') {
      const v = priceFromTable(b.rows);
      if (v) return { value: v.value, text: v.row.join(' | '), block: i };
      continue;
    }
    const m = FIXED_PRICE.exec(b.text) ?? PRICE_LINE.exec(b.text);
    if (!m) continue;
    // "based on an assumed initial public offering price of $17.00" is the midpoint, not a price.
    if (/assum/i.test(b.text.slice(Math.max(0, m.index - 30), m.index + 10))) continue;
    const value = parseMoney(m[1]);
    if (value !== null && value > 0) return { value, text: sentenceAt(b.text, m.index), block: i };
  }
  return null;
}

/** Per-share cell of the "Public offering price" row, in either table orientation. */
export function priceFromTable(rows: string[][]): { value: number; row: string[] } | null {
  for (const row of rows) {
    if (!PRICE_ROW.test(row[0] ?? '')) continue;
    for (const cell of row.slice(1)) {
      const v = parseMoney(cell);
      if (v !== null && v > 0) return { value: v, row };
      break;
    }
  }
  // Column form: header "Price to Public | Underwriting Discounts | Proceeds", then a "Per Share" row.
  const header = rows[0] ?? [];
  const col = header.findIndex((c) => PRICE_ROW.test(c));
  if (col >= 0) {
    for (const row of rows.slice(1)) {
      if (!/^per (?:share|unit|ads)/i.test(row[0] ?? '')) continue;
      const cell = row.length === header.length + 1 ? row[col + 1] : row[col];
      const v = cell === undefined ? null : parseMoney(cell);
      if (v !== null && v > 0) return { value: v, row };
    }
  }
  return null;
}

// A note's pricing supplement states ranges too, per note or per $1,000 of principal ("the estimated
// value of the notes … between $940.00 and $980.00 per $1,000 principal amount"): no share price.
const PER_NOTE = /^\s*(?:per\s+(?:\$\s?1,000|note|security|debenture|bond)|of\s+(?:the\s+)?principal)/i;
const NOTE_TERMS = /\bprincipal amount\b|\bestimated value\b|\bper note\b/i;

export function extractPriceRange(ctx: ExtractContext): Found<{ low: number; high: number }> | null {
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind === 'table') continue;
    const m = RANGE.exec(b.text) ?? DASH_RANGE.exec(b.text);
    if (!m) continue;
    const low = parseMoney(m[1]);
    const high = parseMoney(m[2]);
    if (low === null || high === null || low <= 0 || high < low) continue;
    const sentence = sentenceAt(b.text, m.index);
    if (PER_NOTE.test(b.text.slice(m.index + m[0].length)) || NOTE_TERMS.test(sentence)) continue;
    return { value: { low, high }, text: sentence, block: i };
  }
  return null;
}
