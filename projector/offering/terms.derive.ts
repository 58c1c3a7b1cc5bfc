import type { ApiLatestTermsCompact, ApiLockupSchedule, ApiTermsExtended } from '../../schema/api/types.ts';
import type { FilingTermsFact } from './offering.derive.ts';
import type { DealLifecycle } from './lifecycle.derive.ts';
import { deriveLockupSchedule } from './lockup.derive.ts';
import { PRICED_FORMS } from '../common/forms.ts';

/**
 * What one unit of the offering is, for the company list's `latestTerms.structure`:
 *   units            units (SPACs and small deals: a share plus a warrant or right)
 *   ads              American depositary shares (foreign issuers)
 *   preferred_stock  preferred shares
 *   notes            debt securities
 *   ordinary_shares  ordinary shares (Cayman, BVI, UK, ... issuers)
 *   common_stock     common stock, of a class or not
 *   null             the document does not say
 */
export type OfferingStructure = 'units' | 'ads' | 'preferred_stock' | 'notes' | 'ordinary_shares' | 'common_stock';

export function structureOf(t: ApiTermsExtended): OfferingStructure | null {
  const described = `${t.securityDescription ?? ''} ${t.shareClass ?? ''}`;
  if (/\bunits?\b/i.test(t.securityDescription ?? '') || (t.unitDescription !== null && !/\bADSs?\b/.test(described))) return 'units';
  if (/\bADSs?\b|american depositary/i.test(described) || (t.issuerStructureFlags ?? []).includes('adr')) return 'ads';
  if (/\bpreferred\b/i.test(described)) return 'preferred_stock';
  if (/\bnotes?\b|\bdebentures?\b|\bbonds?\b/i.test(described)) return 'notes';
  if (/\bordinary shares?\b/i.test(described)) return 'ordinary_shares';
  if (/\bcommon (?:stock|shares?)\b|\bclass [a-z] (?:common )?(?:stock|shares?)\b|\bshares?\b/i.test(described)) return 'common_stock';
  if ((t.issuerStructureFlags ?? []).includes('units')) return 'units';
  return null;
}

/** The company list's latestTerms: the terms a calendar shows, and what one unit is. */
export function latestTermsList(t: ApiTermsExtended): ApiLatestTermsCompact {
  return {
    offeringPrice: t.offeringPrice,
    priceRangeLow: t.priceRangeLow,
    priceRangeHigh: t.priceRangeHigh,
    grossProceeds: t.grossProceeds,
    grossProceedsEstimate: t.grossProceedsEstimate,
    totalSharesOffered: t.totalSharesOffered,
    structure: structureOf(t),
  };
}

/**
 * The filter basis of `gross_proceeds_gt/lt`, as the spec defines it: stated gross proceeds (or the
 * fixed price × shares), else the range-midpoint estimate.
 */
export function grossProceedsBasis(t: ApiTermsExtended | null): number | null {
  return t?.grossProceeds ?? t?.grossProceedsEstimate ?? null;
}

/**
 * Lock-up schedule of the current deal: the final prospectus's lock-up when it was read and states
 * one, else the newest read registration document of the deal that states one; null otherwise.
 */
export function lockupScheduleOf(
  deal: DealLifecycle | null,
  terms: ReadonlyMap<string, FilingTermsFact>,
  listingDate: string | null = null,
): ApiLockupSchedule | null {
  if (!deal) return null;
  const read = deal.filings.map((f) => terms.get(f.accessionNumber)).filter((t): t is FilingTermsFact => t !== undefined);
  const withLockup = read.filter((t) => t.doc.lockup.tranches.length > 0);
  const source = withLockup.find((t) => PRICED_FORMS.has(t.filing.formType)) ?? withLockup[withLockup.length - 1];
  if (!source) return null;
  return deriveLockupSchedule({
    extraction: source.doc.lockup,
    sourceAccessionNumber: source.filing.accessionNumber,
    effectiveDate: deal.effectiveDate,
    finalProspectusFilingDate: deal.finalProspectus?.filingDate ?? null,
    listingDate,
  });
}
