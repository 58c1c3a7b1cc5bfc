/**
 * Gross proceeds: the "Total" cell of the cover's "Public offering price" row when stated, or the
 * size of an offering sized in dollars ("we are offering $10,000,000 of shares"); else price × base
 * shares when the document fixes a price. A range midpoint × base shares is only an
 * estimate: it is returned apart (`estimate`) and never becomes the deal's gross proceeds.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, sentences } from '../doc-regions.ts';
import { parseMoney, tableScale } from '../text-numbers.ts';
import { PRICE_ROW } from './price.extract.ts';
import { SELLING_HOLDERS } from './offering-kind.extract.ts';

export type GrossProceedsBasis = 'stated' | 'price_x_shares' | 'midpoint_x_shares';

const TOTAL_HEADER = /^total\b/i;
const PER_UNIT_HEADER = /^per\b/i;

export function extractStatedGrossProceeds(ctx: ExtractContext): Found<number> | null {
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind !== 'table') continue;
    const scale = tableScale(b.rows[0]?.join(' ') ?? '');
    for (let r = 0; r < b.rows.length; r++) {
      const row = b.rows[r];
      if (!PRICE_ROW.test(row[0] ?? '')) continue;
      const value = totalCell(b.rows.slice(0, r), row);
      if (value !== null) return { value: value * scale, text: row.join(' | '), block: i };
    }
  }
  return null;
}

// An offering sized in money: "We are offering $10,000,000 of shares of our common stock", "we are
// offering up to $5,000,000 of our common stock". "Approximately" or "intend to offer" is a plan,
// not a size, and a deal the selling holders share is not sized by the issuer's part.
const DOLLAR_SIZED = /\bwe are offering\s+(?:up to\s+)?(\$\s?\d{1,3}(?:,\d{3})*(?:\.\d+)?(?:\s+(?:million|billion))?)\s+(?:in\s+|of\s+)(?:(?:shares|units)\s+of\s+)?(?:our\s+)?(?:class [a-c]\s+)?(?:common stock|ordinary shares|common shares|shares|units)\b/i;

/** The money size of an offering sized in dollars rather than shares, when the issuer alone sells. */
export function extractDollarSize(ctx: ExtractContext): Found<number> | null {
  const prose = [...blocksIn(ctx.doc, ctx.regions.cover)].filter(([, b]) => b.kind !== 'table');
  if (prose.some(([, b]) => SELLING_HOLDERS.test(b.text))) return null;
  for (const [i, b] of prose) {
    for (const s of sentences(b.text)) {
      const m = DOLLAR_SIZED.exec(s);
      const value = m ? parseMoney(m[1]) : null;
      if (value !== null && value > 0) return { value, text: s, block: i };
    }
  }
  return null;
}

/**
 * The "Total" column of the price row. The header row names its columns ("Per Share", "Per
 * Pre-funded Warrant", "Total"), so a deal that sells two kinds of security at two per-unit prices
 * never has its second per-unit price read as the total. Without a header, the second amount is
 * the total only when it is far larger than the first (a total is at least a thousand units).
 */
function totalCell(above: string[][], row: string[]): number | null {
  const amounts = row.slice(1).map(parseMoney);
  const header = [...above].reverse().find((h) => h.some((c) => TOTAL_HEADER.test(c.trim())));
  if (header) {
    // Headers either omit the label column or leave it blank.
    const offset = header.length === row.length ? 0 : header.length === row.length - 1 ? 1 : -1;
    const col = header.findIndex((c) => TOTAL_HEADER.test(c.trim()));
    if (offset >= 0) {
      const v = amounts[col + offset - 1] ?? null;
      return v !== null && v > 0 ? v : null;
    }
  }
  const perUnitHeaders = header ? header.filter((c) => PER_UNIT_HEADER.test(c.trim())).length : 0;
  const total = amounts[Math.max(1, perUnitHeaders)] ?? null;
  const perUnit = amounts[0];
  if (total === null || total <= 0 || perUnit === null || perUnit <= 0) return null;
  return total >= perUnit * 1000 ? total : null;
}

export interface GrossProceedsResult {
  /** The deal's gross proceeds: stated, or fixed price × shares. */
  value: number | null;
  basis: Exclude<GrossProceedsBasis, 'midpoint_x_shares'> | null;
  /** Range midpoint × shares when the document states only a range: an estimate, kept apart. */
  estimate: number | null;
}

export function computeGrossProceeds(input: {
  stated: number | null;
  price: number | null;
  low: number | null;
  high: number | null;
  shares: number | null;
}): GrossProceedsResult {
  // A "total" no larger than a hundred times the per-share price is a per-unit cell misread.
  const stated = input.stated !== null && input.price !== null && input.stated < input.price * 100 ? null : input.stated;
  if (stated !== null) return { value: stated, basis: 'stated', estimate: null };
  if (input.shares === null) return { value: null, basis: null, estimate: null };
  if (input.price !== null) return { value: round2(input.price * input.shares), basis: 'price_x_shares', estimate: null };
  if (input.low !== null && input.high !== null) {
    return { value: null, basis: null, estimate: round2(((input.low + input.high) / 2) * input.shares) };
  }
  return { value: null, basis: null, estimate: null };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
