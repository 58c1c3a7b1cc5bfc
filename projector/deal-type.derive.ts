import { baseForm, type FilingFact } from './facts.ts';
import type { Deal } from './deals.derive.ts';
import { SHELF_FORMS } from './filing-status.ts';
import type { Market } from './market.derive.ts';

/**
 * Deal type (domain.md §2.4) from form types and SIC only; cover-page signals come later. Values:
 *   spac       SIC 6770 (blank checks), whatever it files
 *   reg_a      the current deal is a Regulation A offering (1-A, DOS, or a 024- file number)
 *   fund       the current deal is an N-2 (closed-end fund or BDC)
 *   follow_on  an S-3/F-3 shelf, or an S-1/F-1/S-11 by a company already filing 10-K/10-Q/20-F/40-F
 *   uplisting  that same S-1/F-1/S-11 when the company's ticker is quoted OTC
 *   ipo        an S-1/F-1/S-11 (or a lone DRS) by a first-time registrant
 *   unknown    no registration deal
 * direct_listing, resale, debt and business_combination need the prospectus text (later issue).
 */
export type DealType = 'ipo' | 'spac' | 'uplisting' | 'follow_on' | 'reg_a' | 'fund' | 'unknown';

const PERIODIC_FORMS = new Set(['10-K', '10-Q', '10-K405', '10-KSB', '10-QSB', '10-KT', '10-QT', '20-F', '40-F']);

export interface DealTypeInput {
  sic: string | null;
  deal: Deal | null;
  /** All the company's filings, to look for periodic reports before the deal. */
  filings: readonly FilingFact[];
  market: Market;
}

export function deriveDealType({ sic, deal, filings, market }: DealTypeInput): DealType {
  if (sic === '6770') return 'spac';
  if (!deal) return 'unknown';
  const base = deal.baseForm;
  if (base === '1-A' || base === 'DOS' || deal.key.startsWith('024-')) return 'reg_a';
  if (base === 'N-2') return 'fund';
  if (SHELF_FORMS.has(base)) return 'follow_on';
  if (!['S-1', 'F-1', 'S-11', 'DRS'].includes(base)) return 'unknown';
  const alreadyReporting = filings.some((f) => PERIODIC_FORMS.has(baseForm(f.formType)) && f.filingDate < deal.firstDate);
  if (!alreadyReporting) return 'ipo';
  return market === 'otc' ? 'uplisting' : 'follow_on';
}

const IPO_FAMILY = new Set(['ipo', 'spac', 'direct_listing', 'uplisting']);

export function isIpoFamily(dealType: string): boolean {
  return IPO_FAMILY.has(dealType);
}

/**
 * The `kind` filter: operating, spac, funds, follow_on; null when no kind applies (debt, business
 * combinations, unknown). A resale by an already public issuer sells listed stock, so it is a follow_on.
 */
export function kindOf(dealType: string): 'operating' | 'spac' | 'funds' | 'follow_on' | null {
  switch (dealType) {
    case 'spac':
      return 'spac';
    case 'fund':
      return 'funds';
    case 'follow_on':
    case 'resale':
      return 'follow_on';
    case 'ipo':
    case 'uplisting':
    case 'direct_listing':
    case 'reg_a':
    case 'other':
      return 'operating';
    default:
      return null;
  }
}
