/**
 * Ritter's exclusion flags of one offering, each from evidence a filing or a vendor row carries:
 *   spac / closed_end_fund  the offering's deal type (spac, fund); a commodity pool is a fund, not a closed-end
 *                           one (isCommodityPoolRow: GLD's shares are created at NAV, not fixed at the offering)
 *   unit_offer              units on the cover (issuerStructureFlags, a security description of units; not a
 *                           preliminary cover a later unread amendment or final prospectus superseded when the
 *                           company's known tickers hold no unit symbol: superseded-terms.derive.ts), a
 *                           unit symbol in a vendor row of the IPO (CBASU, HDP/U, Bloomberg's LCWUF for LCW.U,
 *                           the Yahoo list's EAGLU; not a royalty trust's, whose U marks trust units: SDTTU),
 *                           a SPAC's vendor row whose CUSIP is its issuer's issue 20 (the units of a blank
 *                           check the vendor lists under its later merger's name and symbol: Hostess Brands),
 *                           or, for the company's IPO when no row names a listing (a placeholder, a later OTC
 *                           symbol), a unit symbol among its tickers (units come only from the IPO)
 *   adr                     ADSs listed (listed-security.derive.ts foreignListing): on the cover, in an issuer
 *                           name (EDGAR's, the vendor row's, company_tickers.json's "…/ADR" title), a vendor
 *                           symbol with the fifth letter Y (RNLXY, MTBLY), an F-6 under the issuer's own CIK for
 *                           an F-1 or vendor-only offering, or a Bloomberg row's US CUSIP for an issuer foreign by
 *                           its legal form (Talend SA) or its forms (20-F, 6-K)
 *   reit                    SIC 6798, an S-11 registration, the vendor's REITS group or a "… Capital" in its
 *                           Private Equity subgroup (vendorReitClass: Jernigan Capital), or a REIT's name
 *                           (structure-evidence.ts: "REIT", InfraREIT, "… Realty Trust", "… Mortgage Investment")
 *   bank_or_thrift          SIC 6021/6022/6029/6035/6036, the vendor's "Banks" or "Savings&Loans" group
 *                           (mortgage banks aside), or a bank's name (Bancorp, Bancshares, Savings, Bank, EverBank),
 *                           or, when no vendor industry classifies it, "Financial" sold at a thrift
 *                           conversion's $10.00 (Entegra Financial in the Yahoo list; the Bloomberg export
 *                           files China Internet Nationwide Financial Services, $10.00, under software)
 *   limited_partnership     the issuer's name ends in "LP"/"L.P.", "Limited Partnership" or bare "Partners", after a
 *                           vendor's or EDGAR's suffix ("Williams Partners LP/Old", Cypress Environmental Partners),
 *                           or names an MLP inside it ("Cheniere Energy Partners LP Holdings LLC"), in any
 *                           industry (isPartnershipName); an operating company's "Partners LLC" where no vendor
 *                           industry classifies it (Seadrill Partners LLC, Yahoo); or, for an operating
 *                           company, a royalty trust's name ("… Royalty Trust", "… Oil Trust") or a vendor
 *                           row of energy units (vendorPartnershipClass: a royalty trust, "Partners" or an
 *                           LLC filed under Pipelines, Oil&Gas, Coal or Gas)
 *   offer_price_under_5     the served offer price is below $5.00
 * The name rules read no SPAC's names: a vendor names a SPAC as the company it later merged with, and
 * a blank check's name tells what it meant to buy ("Coastal Bancshares Acquisition Corp" is no bank).
 * Nor do a SPAC's REIT and bank flags read the company's SIC or the vendor's group: both describe the
 * company it merged with (Capitol Acquisition as Two Harbors, "REITS-Mortgage"; Global Consumer
 * Acquisition as Western Liberty Bancorp, "Banks"); the blank check held cash in trust.
 * Nor do the REIT and bank rules read a fund's: its name tells what it holds ("Cohen & Steers REIT and
 * Preferred and Income Fund"); an "L.P." still says how a fund is organised.
 * No evidence, no flag: an offering whose vendor row and documents say nothing of its structure is
 * not flagged (its deal type and the sources it lists say how much was known). An F-1 alone is not
 * ADS evidence: foreign private issuers list ordinary shares on it too. A foreign issuer whose listed
 * security no evidence shows carries no flag either, but its offering's foreignListing says so
 * (unknown), and the analyst views leave it out of the sample.
 */
import { cusipIssueNumber } from '../market/cusip.parse.ts';
import { RITTER_EXCLUSIONS, type RitterExclusion } from '../../schema/api/vocabulary.ts';
import { foreignListing, showsDepositaryShares, type ListingEvidence } from './listed-security.derive.ts';
import { isForeignOverTheCounterSymbol, isPlaceholderSymbol, isUnitSymbol, vendorSymbol } from './vendor-deal-type.derive.ts';
import { BANK_SICS, isCommodityPoolRow, isRoyaltyTrustRow, isBankName, isConversionPricedBankName, isPartnershipName, isPartnersLlcName, REIT_NAME, ROYALTY_TRUST_NAME, vendorBankClass, vendorPartnershipClass, vendorReitClass } from './structure-evidence.ts';

export interface RitterEvidence extends ListingEvidence {
  sic: string | null;
  offerPrice: number | null;
  /** The company's tickers, for its IPO only (empty for any other offering). */
  tickers?: readonly string[];
  /**
   * The terms were read from a preliminary cover a later amendment or final prospectus of the offering
   * revised unread (superseded-terms.derive.ts). With known tickers none of which is a unit symbol, its
   * units are no evidence: the listing shows the security sold. The flag is then not served (unknown
   * is no exclusion), as for any offering whose structure no evidence shows.
   */
  preliminaryTerms?: boolean;
}

const UNITS_TEXT = /\bunits?\b/i;

function ipoRows(e: RitterEvidence) {
  return [e.vendorRow, ...(e.sameIpoRows ?? [])].filter((r) => r !== null);
}

/** The symbols the IPO's vendor rows list it under that name a listing (unit symbols always do). */
function ipoRowSymbols(e: RitterEvidence): string[] {
  return ipoRows(e).map(vendorSymbol).filter((s) => isUnitSymbol(s) || !(isPlaceholderSymbol(s) || isForeignOverTheCounterSymbol(s)));
}

export function ritterExclusions(e: RitterEvidence): RitterExclusion[] {
  const flags = e.terms?.issuerStructureFlags ?? [];
  const description = e.terms?.securityDescription ?? '';
  const spac = e.dealType === 'spac';
  const holdings = spac || e.dealType === 'fund';
  const operatingName = (test: (name: string) => boolean) => !holdings && e.names.some(test);
  const tickers = e.tickers ?? [];
  const listedWithoutUnits = e.preliminaryTerms === true && tickers.length > 0 && !tickers.some(isUnitSymbol);
  const coverUnits = !listedWithoutUnits && (flags.includes('units') || UNITS_TEXT.test(description));
  // A royalty trust's units of beneficial interest carry a U symbol too (SDTTU, SDRMU): trust units, not
  // Ritter's units of shares and warrants; the partnership flag says what they are.
  const royaltyTrust = !holdings && (e.names.some((n) => ROYALTY_TRUST_NAME.test(n)) || isRoyaltyTrustRow(e.vendorRow));
  // The vendor rows' own symbols say what the IPO sold; the company's tickers speak only without one: a
  // unit symbol among them may be units sold beside the IPO (BrightSpring's BTSGU tangible equity units,
  // 2024, next to its common stock, Bloomberg's BTSG row). A placeholder or a later over-the-counter
  // symbol names no listing: Double Eagle's units are the Yahoo row's EAGLU beside Bloomberg's
  // 1566353D, BlueRiver's the SEC's BLUA-U beside Bloomberg's BLUVF.
  const rowSymbols = ipoRowSymbols(e);
  const symbolUnits = !royaltyTrust && (rowSymbols.length > 0 ? rowSymbols.some(isUnitSymbol) : tickers.some(isUnitSymbol));
  // A vendor lists a blank check under the company it merged with (Hostess Brands for Gores Holdings,
  // 1646391D), but keeps the CUSIP of the security sold: a SPAC's units are its issue 20.
  const spacUnitCusip = spac && ipoRows(e).some((r) => cusipIssueNumber(r.cusip) === '20');
  const found: Record<RitterExclusion, boolean> = {
    unit_offer: coverUnits || symbolUnits || spacUnitCusip,
    adr: showsDepositaryShares(e) || foreignListing(e) === 'ads',
    reit: (!spac && (e.sic === '6798' || vendorReitClass(e.vendorRow) !== null)) || e.baseForm === 'S-11' || operatingName((n) => REIT_NAME.test(n)),
    closed_end_fund: e.dealType === 'fund' && !isCommodityPoolRow(e.vendorRow),
    spac,
    bank_or_thrift: (!spac && ((e.sic !== null && BANK_SICS.has(e.sic)) || vendorBankClass(e.vendorRow) !== null)) || operatingName(isBankName) ||
      (!e.vendorRow?.industryGroup && operatingName((n) => isConversionPricedBankName(n, e.offerPrice))),
    limited_partnership:
      !spac && (e.names.some(isPartnershipName) || operatingName((n) => ROYALTY_TRUST_NAME.test(n)) || (!holdings && vendorPartnershipClass(e.vendorRow) !== null) ||
        (!e.vendorRow?.industryGroup && operatingName(isPartnersLlcName))),
    offer_price_under_5: e.offerPrice !== null && e.offerPrice < 5,
  };
  return RITTER_EXCLUSIONS.filter((k) => found[k]);
}
