/**
 * Gross proceeds: the "Total" cell of the cover's "Public offering price" row when stated; else
 * price × base shares; else range midpoint × base shares, marked as an estimate.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn } from '../doc-regions.ts';
import { parseMoney, tableScale } from '../text-numbers.ts';
import { PRICE_ROW } from './price.extract.ts';

export type GrossProceedsBasis = 'stated' | 'price_x_shares' | 'midpoint_x_shares';

export function extractStatedGrossProceeds(ctx: ExtractContext): Found<number> | null {
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind !== 'table') continue;
    const scale = tableScale(b.rows[0]?.join(' ') ?? '');
    for (const row of b.rows) {
      if (!PRICE_ROW.test(row[0] ?? '')) continue;
      const amounts = row.slice(1).map(parseMoney);
      // Per-share first, then total (without the option), then sometimes total with the option.
      if (amounts.length >= 2 && amounts[1] !== null && amounts[1] > 0) {
        return { value: amounts[1] * scale, text: row.join(' | '), block: i };
      }
    }
  }
  return null;
}

export function computeGrossProceeds(input: {
  stated: number | null;
  price: number | null;
  low: number | null;
  high: number | null;
  shares: number | null;
}): { value: number; basis: GrossProceedsBasis } | null {
  if (input.stated !== null) return { value: input.stated, basis: 'stated' };
  if (input.shares === null) return null;
  if (input.price !== null) return { value: round2(input.price * input.shares), basis: 'price_x_shares' };
  if (input.low !== null && input.high !== null) {
    return { value: round2(((input.low + input.high) / 2) * input.shares), basis: 'midpoint_x_shares' };
  }
  return null;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
