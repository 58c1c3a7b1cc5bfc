/**
 * The fee lines of the cover's price table (Regulation S-K Item 501(b)(3)): the underwriting discount
 * (or the placement agents' fee of a best-efforts deal), the proceeds to the issuer before expenses,
 * and the proceeds to the selling stockholders when the table has their line, each per share (or
 * unit: the first per-security column) and in total. The table comes in rows ("Underwriting discount
 * | $1.05 | $10,500,000") or in columns ("Price to Public | Underwriting Discounts and Commissions |
 * Proceeds to Company", rows "Per Share" and "Total"). A preliminary prospectus prints the table with
 * every cell blank: the figures are then null and `feesSource` says why.
 */
import type { ApiTermsExtended } from '../../../schema/api/types.ts';
import type { ExtractContext } from '../extract-context.ts';
import { blocksIn } from '../doc-regions.ts';
import { isPlaceholder, parseMoney } from '../text-numbers.ts';
import { PRICE_ROW } from './price.extract.ts';

/** The served terms' fee fields, as the cover's price table gives them. */
export type CoverFees = Pick<
  ApiTermsExtended,
  | 'underwritingDiscountPerShare'
  | 'underwritingDiscountTotal'
  | 'proceedsToIssuerPerShare'
  | 'proceedsToIssuerTotal'
  | 'proceedsToSellingStockholdersPerShare'
  | 'proceedsToSellingStockholdersTotal'
  | 'feesSource'
>;

type Line = 'discount' | 'issuer' | 'selling';

const SELLING = /\bselling (?:stock|share|security|unit)holders?\b|\bselling shareholders?\b/i;
const PROCEEDS = /\bproceeds\b/i;
const DISCOUNT = /\bdiscounts?\b|\bcommissions?\b|\bfees?\b/i;

/** Which fee line a row label or column heading is. */
function lineOf(label: string): Line | null {
  if (PROCEEDS.test(label)) return SELLING.test(label) ? 'selling' : 'issuer';
  return DISCOUNT.test(label) ? 'discount' : null;
}

interface FeeCells {
  perShare: number | null;
  total: number | null;
}

const NO_FEES = {
  underwritingDiscountPerShare: null,
  underwritingDiscountTotal: null,
  proceedsToIssuerPerShare: null,
  proceedsToIssuerTotal: null,
  proceedsToSellingStockholdersPerShare: null,
  proceedsToSellingStockholdersTotal: null,
};

export function extractCoverFees(ctx: ExtractContext): { value: CoverFees; text: string | null; block: number | null } {
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind !== 'table') continue;
    const lines = rowLines(b.rows) ?? columnLines(b.rows);
    if (!lines) continue;
    const cell = (line: Line, which: keyof FeeCells) => lines.get(line)?.[which] ?? null;
    const figures = {
      underwritingDiscountPerShare: cell('discount', 'perShare'),
      underwritingDiscountTotal: cell('discount', 'total'),
      proceedsToIssuerPerShare: cell('issuer', 'perShare'),
      proceedsToIssuerTotal: cell('issuer', 'total'),
      proceedsToSellingStockholdersPerShare: cell('selling', 'perShare'),
      proceedsToSellingStockholdersTotal: cell('selling', 'total'),
    };
    const stated = Object.values(figures).some((v) => v !== null);
    return { value: { ...figures, feesSource: stated ? 'cover_table' : 'blank_cover_table' }, text: b.rows.map((r) => r.join(' | ')).join(' / '), block: i };
  }
  return { value: { ...NO_FEES, feesSource: 'no_cover_table' }, text: null, block: null };
}

/** Row form: a "Public offering price" row, then one row per fee line; the header above names the columns. */
function rowLines(rows: string[][]): Map<Line, FeeCells> | null {
  // The price row's other cells are amounts or blanks; a column heading "Price to Public" has words beside it.
  const priceAt = rows.findIndex((r) => PRICE_ROW.test(r[0] ?? '') && r.length >= 2 && r.slice(1).every((c) => parseMoney(c) !== null || isPlaceholder(c)));
  if (priceAt < 0) return null;
  const header = [...rows.slice(0, priceAt)].reverse().find((h) => h.some((c) => /^(?:total|per)\b/i.test(c.trim()))) ?? null;
  const out = new Map<Line, FeeCells>();
  for (const row of rows.slice(priceAt + 1)) {
    const line = lineOf(row[0] ?? '');
    if (line && !out.has(line)) out.set(line, cellsOf(header, row));
  }
  return out;
}

/** The per-share and total cells of a row, by the header's "Per …" and "Total" columns. */
function cellsOf(header: string[] | null, row: string[]): FeeCells {
  const amounts = row.slice(1).map(parseMoney);
  // Headers either omit the label column or leave it blank.
  const offset = header === null ? null : header.length === row.length ? -1 : header.length === row.length - 1 ? 0 : null;
  const col = (test: RegExp) => (header && offset !== null ? header.findIndex((c) => test.test(c.trim())) + offset : -1);
  const perCol = col(/^per\b/i);
  const totalCol = col(/^total\b/i);
  const perShare = amounts[perCol >= 0 ? perCol : 0] ?? null;
  let total = totalCol >= 0 ? (amounts[totalCol] ?? null) : null;
  // Without a "Total" heading, the total is the far larger second amount (a total is at least a thousand shares' worth).
  if (totalCol < 0 && amounts.length >= 2 && perShare !== null && amounts[1] !== null && amounts[1] >= perShare * 1000) total = amounts[1];
  return { perShare, total };
}

/** Column form: headings over the columns ("Price to Public | Discounts and Commissions | Proceeds to X"), rows "Per Share" and "Total". */
function columnLines(rows: string[][]): Map<Line, FeeCells> | null {
  const perAt = rows.findIndex((r) => /^per\s+(?:share|unit|ads|american)/i.test(r[0] ?? ''));
  if (perAt < 1) return null;
  const width = rows[perAt].length - 1;
  // A heading may run over two or three rows ("Price to" / "Public"): join each column's cells.
  const headings = Array.from({ length: width }, (_, c) =>
    rows
      .slice(0, perAt)
      .filter((r) => r.length === width)
      .map((r) => r[c])
      .join(' ')
      .trim(),
  );
  if (!headings.some((h) => PRICE_ROW.test(h))) return null;
  const totalRow = rows.slice(perAt + 1).find((r) => /^total\b/i.test(r[0] ?? '')) ?? null;
  const out = new Map<Line, FeeCells>();
  headings.forEach((h, c) => {
    const line = lineOf(h);
    if (!line || out.has(line)) return;
    out.set(line, { perShare: parseMoney(rows[perAt][c + 1] ?? ''), total: totalRow ? parseMoney(totalRow[c + 1] ?? '') : null });
  });
  return out;
}
