/**
 * Ritter's exclusion flags of one offering, each from evidence a filing or a vendor row carries:
 *   spac / closed_end_fund  the offering's deal type (spac, fund)
 *   unit_offer              units on the cover (issuerStructureFlags) or a unit symbol in the vendor row
 *   adr                     ADSs on the cover, or "ADR"/"American Depositary" in the issuer's name
 *   reit                    SIC 6798, an S-11 registration, a vendor "REITS-…" subgroup, or "REIT" in the name
 *   bank_or_thrift          SIC 6021/6022/6029/6035/6036, or a vendor bank or savings-and-loan subgroup
 *   limited_partnership     the issuer's name ends in "LP"/"L.P." or says "Limited Partnership"
 *   offer_price_under_5     the served offer price is below $5.00
 * No evidence, no flag: an offering whose vendor row and documents say nothing of its structure is
 * not flagged (its deal type and the sources it lists say how much was known).
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import { RITTER_EXCLUSIONS, type DealType, type RitterExclusion } from '../../schema/api/vocabulary.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import { isUnitSymbol, vendorSymbol } from './vendor-deal-type.derive.ts';

export interface RitterEvidence {
  dealType: DealType;
  baseForm: string | null;
  sic: string | null;
  /** The issuer's names: EDGAR's at the deal and the vendor row's. */
  names: readonly string[];
  terms: Pick<ApiTermsExtended, 'issuerStructureFlags' | 'securityDescription'> | null;
  vendorRow: IpoTableRow | null;
  offerPrice: number | null;
}

const BANK_SICS = new Set(['6021', '6022', '6029', '6035', '6036']);
const BANK_SUBGROUP = /^(?:Commer Banks|S&L\/Thrifts|Super-Regional Banks|Money Center Banks|Fiduciary Banks)/;
const ADR_TEXT = /\bADRs?\b|\bADSs?\b|American Depositary/i;
const LP_NAME = /(?:\bL\.?P\.?|\bLimited Partnership)\s*$/i;
const REIT_NAME = /\bREIT\b|Real Estate Investment Trust/i;

export function ritterExclusions(e: RitterEvidence): RitterExclusion[] {
  const subgroup = e.vendorRow?.industrySubgroup ?? '';
  const flags = e.terms?.issuerStructureFlags ?? [];
  const found: Record<RitterExclusion, boolean> = {
    unit_offer: flags.includes('units') || (e.vendorRow !== null && isUnitSymbol(vendorSymbol(e.vendorRow))),
    adr: flags.includes('adr') || ADR_TEXT.test(e.terms?.securityDescription ?? '') || e.names.some((n) => ADR_TEXT.test(n)),
    reit: e.sic === '6798' || e.baseForm === 'S-11' || subgroup.startsWith('REITS') || e.names.some((n) => REIT_NAME.test(n)),
    closed_end_fund: e.dealType === 'fund',
    spac: e.dealType === 'spac',
    bank_or_thrift: (e.sic !== null && BANK_SICS.has(e.sic)) || BANK_SUBGROUP.test(subgroup),
    limited_partnership: e.names.some((n) => LP_NAME.test(n.trim())),
    offer_price_under_5: e.offerPrice !== null && e.offerPrice < 5,
  };
  return RITTER_EXCLUSIONS.filter((k) => found[k]);
}
