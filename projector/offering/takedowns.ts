import { PRICING_TAKEDOWN_FORMS, TAKEDOWN_RUN_DAYS } from '../common/forms.ts';
import { daysBetween } from '../common/dates.ts';

/**
 * The final supplement of a shelf's first takedown: of pricing takedowns (424B2, 424B5) filed within
 * TAKEDOWN_RUN_DAYS of the one before, the last; the earlier ones are preliminaries (Tesla's 424B5s
 * of 2013-05-15 and 2013-05-17; Marvell's 424B5 of 2023-09-11 and 424B2 of 2023-09-13). Filings in
 * filing order; null when none is a pricing takedown.
 */
export function finalTakedownOf<F extends { formType: string; filingDate?: string }>(filings: readonly F[]): F | null {
  let final: F | null = null;
  for (const f of filings) {
    if (!PRICING_TAKEDOWN_FORMS.has(f.formType)) continue;
    if (final === null || supersedesTakedown(final, f)) final = f;
  }
  return final;
}

/** Whether `next`, a pricing takedown filed within TAKEDOWN_RUN_DAYS of the pricing takedown `final`, is the final supplement in its place. */
export function supersedesTakedown(final: { formType: string; filingDate?: string }, next: { formType: string; filingDate?: string }): boolean {
  return (
    PRICING_TAKEDOWN_FORMS.has(final.formType) && PRICING_TAKEDOWN_FORMS.has(next.formType) &&
    final.filingDate !== undefined && next.filingDate !== undefined && daysBetween(final.filingDate, next.filingDate) <= TAKEDOWN_RUN_DAYS
  );
}
