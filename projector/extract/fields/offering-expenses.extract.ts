/**
 * The issuer's estimated offering expenses, excluding the underwriting discount (Regulation S-K Item
 * 508(e)). The prospectus states them in its Underwriting or Plan of Distribution section: "We
 * estimate that our share of the total expenses of the offering, excluding underwriting discounts and
 * commissions, will be approximately $600,000"; "The expenses of the offering, not including the
 * underwriting discounts and commissions, are estimated to be approximately $3,160,000". A
 * registration statement also itemises them in Part II ("Other Expenses of Issuance and
 * Distribution", Item 13, or 14 on Form S-3), whose "Total" line is the estimate when the prospectus
 * gives none (a resale prospectus rarely does). Drafts leave both blank ("approximately $ million",
 * "Total $*  *To be filed by amendment"): the amount is then null and the source says `blank`.
 */
import type { OfferingExpensesSource } from '../../../schema/api/vocabulary.ts';
import type { ExtractContext } from '../extract-context.ts';
import { sentences } from '../doc-regions.ts';
import { parseMoney } from '../text-numbers.ts';

export interface OfferingExpenses {
  value: number | null;
  source: OfferingExpensesSource;
  text: string | null;
  block: number | null;
}

// The estimate's wording: expenses of the offering, set apart from the distributors' discount or fee.
const EXPENSES = /\bexpenses\b/i;
const EXCLUDING_DISCOUNT = /\b(?:excluding|exclusive of|other than|not including|but excluding)\b[^.]{0,80}?\b(?:discounts?|commissions?|fees)\b/i;
const ESTIMATED = /\bestimat|\bexpect/i;
const NOT_THE_ESTIMATE = /\bnet proceeds\b|\bnet tangible\b|\breimburse\b/i;
const AMOUNT = /\$\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s+(million|billion))?/i;
// A blank amount: "$ ." or "$ million" or "$[•]".
const BLANK_AMOUNT = /\$\s*(?:[.,]|million|billion|\[|[●•_*]|$)/i;
const PART_II = /other expenses of issuance and distribution/i;

export function extractOfferingExpenses(ctx: ExtractContext): OfferingExpenses {
  const partII = partIIStart(ctx);
  const stated = prospectusEstimate(ctx, partII ?? ctx.doc.blocks.length);
  if (stated && stated.value !== null) return stated;
  const table = partIITotal(ctx, partII);
  if (table && table.value !== null) return table;
  return stated ?? table ?? { value: null, source: 'not_stated', text: null, block: null };
}

/** The first sentence before Part II that states the estimate; its amount is null when left blank. */
function prospectusEstimate(ctx: ExtractContext, end: number): OfferingExpenses | null {
  for (let i = ctx.regions.cover.end; i < end; i++) {
    const b = ctx.doc.blocks[i];
    if (b.kind !== 'paragraph' || !EXPENSES.test(b.text)) continue;
    for (const s of sentences(b.text)) {
      if (!EXPENSES.test(s) || !EXCLUDING_DISCOUNT.test(s) || !ESTIMATED.test(s) || NOT_THE_ESTIMATE.test(s)) continue;
      // The amount follows the set-apart clause: "…, excluding underwriting discounts and commissions, will be approximately $X".
      const after = s.slice(EXCLUDING_DISCOUNT.exec(s)!.index);
      const m = AMOUNT.exec(after);
      if (m) return { value: money(m), source: 'prospectus', text: s, block: i };
      if (BLANK_AMOUNT.test(after)) return { value: null, source: 'blank', text: s, block: i };
    }
  }
  return null;
}

function money(m: RegExpExecArray): number | null {
  const base = parseMoney(`$${m[1]}`);
  if (base === null) return null;
  const scale = m[2] ? (m[2].toLowerCase() === 'billion' ? 1e9 : 1e6) : 1;
  return Math.round(base * scale * 100) / 100;
}

/** Where Part II's expenses item starts: its title as a heading, a paragraph or a one-row table. */
function partIIStart(ctx: ExtractContext): number | null {
  for (let i = ctx.regions.cover.end; i < ctx.doc.blocks.length; i++) {
    const b = ctx.doc.blocks[i];
    const text = b.kind === 'table' ? (b.rows.length === 1 ? b.rows[0].join(' ') : '') : b.text;
    if (text.length <= 100 && PART_II.test(text)) return i;
  }
  return null;
}

/** The "Total" line of Part II's expenses table (or of its plain-text rendering); null amount when it is "*" or a note mark. */
function partIITotal(ctx: ExtractContext, start: number | null): OfferingExpenses | null {
  if (start === null) return null;
  for (let i = start + 1; i < Math.min(ctx.doc.blocks.length, start + 8); i++) {
    const b = ctx.doc.blocks[i];
    if (b.kind === 'table') {
      const total = b.rows.find((r) => /^total\b/i.test((r[0] ?? '').trim()));
      if (!total) continue;
      const value = parseMoney(total[total.length - 1] ?? '');
      return { value, source: value === null ? 'blank' : 'registration_statement', text: total.join(' | '), block: i };
    }
    const m = /\bTotal\b[\s.]*(\$?\s?[\d,]+(?:\.\d+)?|\$?\s?\*)/i.exec(b.text);
    if (b.kind === 'paragraph' && m) {
      const value = parseMoney(m[1]);
      return { value, source: value === null ? 'blank' : 'registration_statement', text: m[0], block: i };
    }
  }
  return null;
}
