/**
 * Ritter's exclusion flags of one offering, each from evidence a filing or a vendor row carries:
 *   spac / closed_end_fund  the offering's deal type (spac, fund)
 *   unit_offer              units on the cover (issuerStructureFlags, a security description of units), a
 *                           unit symbol in the vendor row (CBASU, HDP/U, Bloomberg's LCWUF for LCW.U), or, for
 *                           the company's IPO, a unit symbol among its tickers (units come only from the IPO)
 *   adr                     ADSs on the cover (issuerStructureFlags, "American Depositary" in the security
 *                           description), "ADR"/"ADS"/"American Depositary" in an issuer name (EDGAR's, the
 *                           vendor row's, company_tickers.json's "…/ADR" title), or a vendor symbol with the
 *                           fifth letter Y that marks an ADR (RNLXY, MTBLY)
 *   reit                    SIC 6798, an S-11 registration, a vendor "REITS-…" subgroup, or "REIT" in the name
 *   bank_or_thrift          SIC 6021/6022/6029/6035/6036, or a vendor bank or savings-and-loan subgroup
 *   limited_partnership     the issuer's name ends in "LP"/"L.P." or says "Limited Partnership"
 *   offer_price_under_5     the served offer price is below $5.00
 * No evidence, no flag: an offering whose vendor row and documents say nothing of its structure is
 * not flagged (its deal type and the sources it lists say how much was known). An F-1 alone is not
 * ADS evidence: foreign private issuers list ordinary shares on it too.
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import { RITTER_EXCLUSIONS, type DealType, type RitterExclusion } from '../../schema/api/vocabulary.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import { isUnitSymbol, vendorSymbol } from './vendor-deal-type.derive.ts';

export interface RitterEvidence {
  dealType: DealType;
  baseForm: string | null;
  sic: string | null;
  /** The issuer's names: EDGAR's at the deal, the vendor row's, company_tickers.json's titles. */
  names: readonly string[];
  terms: Pick<ApiTermsExtended, 'issuerStructureFlags' | 'securityDescription'> | null;
  vendorRow: IpoTableRow | null;
  offerPrice: number | null;
  /** The company's tickers, for its IPO only (empty for any other offering). */
  tickers?: readonly string[];
}

const BANK_SICS = new Set(['6021', '6022', '6029', '6035', '6036']);
const BANK_SUBGROUP = /^(?:Commer Banks|S&L\/Thrifts|Super-Regional Banks|Money Center Banks|Fiduciary Banks)/;
const ADR_TEXT = /\bADRs?\b|\bADSs?\b|American Depositary/i;
const UNITS_TEXT = /\bunits?\b/i;
/** Nasdaq's fifth-letter Y, kept by vendors and over-the-counter quotes, marks an ADR. */
const ADR_SYMBOL = /^[A-Z]{4}Y$/;
const LP_NAME = /(?:\bL\.?P\.?|\bLimited Partnership)\s*$/i;
const REIT_NAME = /\bREIT\b|Real Estate Investment Trust/i;

export function ritterExclusions(e: RitterEvidence): RitterExclusion[] {
  const subgroup = e.vendorRow?.industrySubgroup ?? '';
  const flags = e.terms?.issuerStructureFlags ?? [];
  const description = e.terms?.securityDescription ?? '';
  const symbol = e.vendorRow ? vendorSymbol(e.vendorRow) : null;
  const found: Record<RitterExclusion, boolean> = {
    unit_offer: flags.includes('units') || UNITS_TEXT.test(description) || (symbol !== null && isUnitSymbol(symbol)) || (e.tickers ?? []).some(isUnitSymbol),
    adr: flags.includes('adr') || ADR_TEXT.test(description) || e.names.some((n) => ADR_TEXT.test(n)) || (symbol !== null && ADR_SYMBOL.test(symbol)),
    reit: e.sic === '6798' || e.baseForm === 'S-11' || subgroup.startsWith('REITS') || e.names.some((n) => REIT_NAME.test(n)),
    closed_end_fund: e.dealType === 'fund',
    spac: e.dealType === 'spac',
    bank_or_thrift: (e.sic !== null && BANK_SICS.has(e.sic)) || BANK_SUBGROUP.test(subgroup),
    limited_partnership: e.names.some((n) => LP_NAME.test(n.trim())),
    offer_price_under_5: e.offerPrice !== null && e.offerPrice < 5,
  };
  return RITTER_EXCLUSIONS.filter((k) => found[k]);
}
