/**
 * The extended terms' fee and adviser fields of one prospectus, with the text each was read from:
 * the cover's fee lines (cover-fees.extract.ts), the estimated offering expenses
 * (offering-expenses.extract.ts), the issuer's and the underwriters' counsel (counsel.extract.ts) and
 * the issuer's auditors (auditors.extract.ts).
 */
import type { ApiTermsExtended } from '../../../schema/api/types.ts';
import type { ExtractContext } from '../extract-context.ts';
import { extractCoverFees } from './cover-fees.extract.ts';
import { extractOfferingExpenses } from './offering-expenses.extract.ts';
import { extractCounsel } from './counsel.extract.ts';
import { extractAuditors } from './auditors.extract.ts';

export const FEE_FIELDS = [
  'underwritingDiscountPerShare',
  'underwritingDiscountTotal',
  'proceedsToIssuerPerShare',
  'proceedsToIssuerTotal',
  'proceedsToSellingStockholdersPerShare',
  'proceedsToSellingStockholdersTotal',
] as const;

export const ADVISER_FIELDS = ['issuerCounsel', 'underwritersCounsel', 'auditors'] as const;

export type FeesAndAdvisers = Pick<
  ApiTermsExtended,
  (typeof FEE_FIELDS)[number] | 'feesSource' | 'offeringExpenses' | 'offeringExpensesSource' | (typeof ADVISER_FIELDS)[number]
>;

type Source = { text: string; block: number };

export function feesAndAdvisers(ctx: ExtractContext): { terms: FeesAndAdvisers; provenance: Partial<Record<keyof FeesAndAdvisers, Source>> } {
  const provenance: Partial<Record<keyof FeesAndAdvisers, Source>> = {};
  const fees = extractCoverFees(ctx);
  if (fees.text !== null && fees.block !== null) {
    const source = { text: fees.text, block: fees.block };
    provenance.feesSource = source;
    for (const field of FEE_FIELDS) if (fees.value[field] !== null) provenance[field] = source;
  }
  const expenses = extractOfferingExpenses(ctx);
  if (expenses.text !== null && expenses.block !== null) {
    provenance.offeringExpensesSource = { text: expenses.text, block: expenses.block };
    if (expenses.value !== null) provenance.offeringExpenses = provenance.offeringExpensesSource;
  }
  const counsel = extractCounsel(ctx);
  const auditors = extractAuditors(ctx);
  for (const [field, found] of [['issuerCounsel', counsel.issuer], ['underwritersCounsel', counsel.underwriters], ['auditors', auditors]] as const) {
    if (found) provenance[field] = { text: found.text, block: found.block };
  }
  return {
    terms: {
      ...fees.value,
      offeringExpenses: expenses.value,
      offeringExpensesSource: expenses.source,
      issuerCounsel: counsel.issuer?.value ?? null,
      underwritersCounsel: counsel.underwriters?.value ?? null,
      auditors: auditors?.value ?? null,
    },
    provenance,
  };
}
