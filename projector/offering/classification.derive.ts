/**
 * Calendar classification: should this company's current deal appear on an IPO calendar?
 *   include  an operating company's IPO, uplisting or direct listing headed for an exchange, read
 *            with enough confidence (deal type ≥ 0.6 and an exchange named, a listing filed, or trading shown)
 *   exclude  SPACs, funds, follow-ons, resales, debt, business combinations, withdrawn deals, companies
 *            whose story ended (delisted, or a SPAC that combined), and Regulation A offerings with no
 *            exchange listing
 *   review   anything else: unknown/other types, thin evidence, best-efforts or self-underwritten deals
 *            that name no exchange
 * `eligibilityReasons` (an extra field beside the spec's four) says which rule decided.
 */
import type { ApiClassification, ApiTermsExtended } from '../../schema/api/types.ts';
import type { DealTypeResult } from './deal-type.derive.ts';
import type { CompanyFacts } from './filing.facts.ts';

export interface ClassificationInput {
  dealType: DealTypeResult;
  /** The deal's lifecycle status or the company's offeringStatus (withdrawn, delisted and combined exclude). */
  status?: string | null;
  terms?: Pick<ApiTermsExtended, 'exchangeHint' | 'issuerStructureFlags'> | null;
  company?: Pick<CompanyFacts, 'sic' | 'exchanges'> | null;
  /** An 8-A12B or CERT* was filed for the deal. */
  exchangeListingFiled?: boolean;
}

export type Classification = ApiClassification & { calendarEligibility: 'include' | 'exclude' | 'review'; eligibilityReasons: string[] };

const LISTING_PATH: Record<string, string> = {
  ipo: 'underwritten_ipo', spac: 'spac_ipo', direct_listing: 'direct_listing', uplisting: 'uplisting', reg_a: 'reg_a_offering',
  follow_on: 'follow_on', resale: 'resale_registration', debt: 'debt_offering', business_combination: 'business_combination',
  fund: 'fund_offering', other: 'other', unknown: 'unknown',
};
const EXCLUDED = new Set(['spac', 'fund', 'follow_on', 'resale', 'debt', 'business_combination']);
const CALENDAR_TYPES = new Set(['ipo', 'uplisting', 'direct_listing']);

export function deriveClassification(input: ClassificationInput): Classification {
  const type = input.dealType.dealType;
  const flags = input.terms?.issuerStructureFlags ?? [];
  const issuerKind = issuerKindOf(type, input.company?.sic ?? null);
  const otcOnly = (input.company?.exchanges ?? []).length > 0 && (input.company?.exchanges ?? []).every((e) => e !== null && /^otc/i.test(e));
  const exchangeNamed = Boolean(input.terms?.exchangeHint) || input.exchangeListingFiled === true;
  const base = { issuerKind, listingPath: LISTING_PATH[type] ?? 'unknown' };
  const reasons = [...input.dealType.reasons];
  const out = (calendarEligibility: Classification['calendarEligibility'], why: string, confidence: number): Classification => ({
    calendarEligibility, ...base, confidence: Math.round(confidence * 100) / 100, eligibilityReasons: [why, ...reasons],
  });

  if (input.status === 'withdrawn') return out('exclude', 'the deal was withdrawn', 0.9);
  if (input.status === 'delisted') return out('exclude', 'the company was delisted', 0.9);
  if (input.status === 'combined') return out('exclude', 'the SPAC completed its business combination', 0.9);
  if (EXCLUDED.has(type)) return out('exclude', `${type} deals are not operating-company IPOs`, input.dealType.confidence);
  if (type === 'reg_a') {
    return exchangeNamed ? out('review', 'Regulation A offering that names an exchange', 0.6) : out('exclude', 'Regulation A offering with no exchange listing', 0.8);
  }
  if (!CALENDAR_TYPES.has(type)) return out('review', `deal type ${type} needs a person to look`, 0.3);
  if ((flags.includes('best_efforts') || flags.includes('self_underwritten')) && !exchangeNamed) {
    return out('review', 'best-efforts or self-underwritten offering naming no exchange', 0.5);
  }
  if (otcOnly && !exchangeNamed) return out('review', 'quoted OTC with no exchange named', 0.5);
  if (input.dealType.confidence < 0.6) return out('review', 'deal type read with low confidence', input.dealType.confidence);
  // Trading shows where it went: a listing the data holds (a vendor row's first trade, daily bars) needs no filing to name it.
  if (input.status === 'listed') return out('include', `${type} that began trading`, input.dealType.confidence);
  if (!exchangeNamed) return out('review', 'no exchange named and no listing filed yet', input.dealType.confidence * 0.7);
  return out('include', `${type} headed for an exchange`, input.dealType.confidence);
}

function issuerKindOf(type: string, sic: string | null): string {
  if (type === 'spac') return 'spac';
  if (type === 'fund') return 'fund';
  if (sic === '6798') return 'reit';
  if (sic === '6022' || sic === '6021' || sic === '6035' || sic === '6036') return 'bank';
  if (type === 'unknown') return 'unknown';
  return 'operating_company';
}
