/**
 * What a vendor IPO row (Bloomberg, Yahoo) says the offering was, from evidence the row itself
 * carries. Vendor tables name issuers as they are now (a de-SPAC under its merged name, Gores
 * Holdings II as "Verra Mobility Corp"), so the name alone is weak; the ticker, the price and the
 * vendor's industry classification are not:
 *   spac  the vendor's subgroup is a blank-check one ("Specified Purpose Acquis", "Capital Pools");
 *         or units (a `…U` Nasdaq symbol, `…/U`, `….U`, `…-U`, `…UF`, `…UE`) sold at $10.00 unless the
 *         row's own figures show an operating float (operatingOffer: a cap at offer above 1.5× the offer,
 *         or no cap, an offer below any blank check's trust and a lively first close: LM Funding
 *         America's $12M of units, 2015, +3.7%), or at a
 *         flat $8.00/$6.00 that first closed within 3% of it, or raised to it from another trust price
 *         (6.00–6.00 → $8.00), or with no range stated and a blank check's market cap at offer
 *         (shellUnitsAtOlderTrustPrice), in any group; or units, or a $10.00 offer, by an issuer named
 *         like a blank check ("… Acquisition Corp"); or units beside another unit series of the same
 *         issuer on the same day (sameDayUnitSeries: the Series A and Series B units of 2004–2006
 *         blank checks, GHBAU at $8.50 and GHBBU at $10.10, whatever their price).
 *   fund  the vendor's subgroup is "Closed-end Funds", or "Investment Companies"/"Venture Capital"
 *         with an investment vehicle's name (BDCs: Ares Capital, Hercules Capital; not the holding
 *         companies it files there, Compass Diversified, Oaktree Capital Group LLC: fund-evidence.ts
 *         isInvestmentVehicleName), its group or
 *         subgroup is a fund's ("Debt Fund", "Equity Fund", "Commodity Fund", "Country Funds-Closed-end",
 *         "Finance-Investment Fund"), its sector is "Funds", its group "Municipal" (BlackRock Municipal
 *         Income Quality Trust: shares holding municipal bonds), or the issuer is named a fund ("KKR
 *         Income Opportunities Fund"); or an income fund's name sold at a fixed round price, its
 *         range collapsed onto it, as closed-end funds sell at their NAV-based $15, $20 or $25
 *         (BlackRock Credit Allocation Income Trust I, PSW, $25.00 on a $25.00–$25.00 range, which
 *         the vendor files under "Private Equity"; Cohen & Steers Global Income Builder, INB, at $20.00).
 *   spac  (after the fund rules) a blank check listed under its later merger's name (Nikola for VectoIQ,
 *         QuantumScape for Kensington, placeholder tickers like "1854789D"): sold at a flat $10.00 (offer
 *         and filing range 10.00–10.00, or no range stated with a known cap and a flat first close;
 *         $8.00 or $6.00 before 2014) with a market cap at offer at most 1.5× the offer size (no
 *         operatingOffer), outside
 *         the vendor's banks and REITs, and among its insurers only with a known cap and a first close
 *         within 3% (flatTrustPriceShell).
 *   ipo   none of these: an operating company's IPO as far as the row shows.
 * A unit offering at another price is not called a SPAC unless its price and cap are a shell's
 * (Delcath's $6.00 units of 2000 show no cap at offer): Ritter's unit flag
 * (ritter-exclusions.derive.ts) marks it instead.
 */
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import { normalizeCompanyName } from '../common/company-name.ts';
import { SPAC_NAME, SPAC_UNIT_PRICE } from './spac-evidence.ts';
import { isBankName, vendorBankClass } from './structure-evidence.ts';
import { FUND_CLASS, FUND_NAME, INCOME_FUND_NAME, INVESTMENT_SUBGROUPS, isInvestmentVehicleName } from './fund-evidence.ts';

export type VendorDealType = 'spac' | 'fund' | 'ipo';

export interface VendorTyping {
  dealType: VendorDealType;
  /** Why, in words a reader can check against the vendor row. */
  reasons: string[];
}

/** The vendor's subgroups for blank checks. */
export const SPAC_SUBGROUPS = new Set(['Specified Purpose Acquis', 'Capital Pools']);

/** The symbol as the vendor wrote it ("HDP/U" from "HDP/U US"; "CBASU"). */
export function vendorSymbol(row: Pick<IpoTableRow, 'bloombergTicker' | 'ticker'>): string {
  const raw = row.bloombergTicker ?? row.ticker;
  const space = raw.lastIndexOf(' ');
  return (space > 0 ? raw.slice(0, space) : raw).toUpperCase();
}

/**
 * Units trade under the common stock's symbol with a U: a fifth letter on Nasdaq (CBASU), a
 * suffix after a separator on NYSE and in vendors' notations (HDP/U, HDP.U, HDP-U, HDP U). A NYSE
 * unit of a foreign issuer, once it trades over the counter, keeps its U before the fifth-letter F
 * of foreign issues: Bloomberg lists Learn CW's LCW.U as LCWUF (all 31 such symbols in its export
 * are $10.00 blank-check units). Nasdaq's fifth-letter E, for an issuer late with its reports, follows
 * the U the same way: Global Consumer Acquisition's units as WLBUE (listed as Western Liberty Bancorp).
 */
export function isUnitSymbol(symbol: string): boolean {
  return /^[A-Z]{4}U$/.test(symbol) || /^[A-Z]{1,5}[-./ ]U(?:N)?$/.test(symbol) || /^[A-Z]{3}U[EF]$/.test(symbol);
}

/**
 * Bloomberg's symbols for securities that no longer trade: digits and a letter (1624831D, 9991110D,
 * 316623Q, 3042466Q). No exchange lists such a symbol. A fifth letter Q (SNECQ, TORCQ) is a real
 * symbol, the one a bankrupt issuer traded under last (`bankruptSymbolBase`): not a placeholder.
 */
export function isPlaceholderSymbol(symbol: string): boolean {
  return /^\d+[A-Z]?$/.test(symbol);
}

/**
 * A symbol of the over-the-counter market for a foreign issuer: four letters and FINRA's fifth
 * letter F (Learn CW's NYSE units LCW.U as LCWUF, Syncora's NYSE SCA as SYCRF, Constellation
 * Acquisition's shares as CSTAF) or Y, an ADR's (Renren's NYSE RENN as Moatable's MTBLY, Renalytix's
 * Nasdaq RNLX as RNLXY). No US exchange lists a five-letter symbol ending in F: the Yahoo list's only
 * such row is "Other OTC", and every one of the 42 in the Bloomberg export is a foreign issuer's whose
 * IPO listed on an exchange under another symbol; the export's only two ending in Y are those ADRs,
 * quoted over the counter since, and the Yahoo list's US rows hold none. It names the security the
 * row describes, but not the symbol of its listing.
 */
export function isForeignOverTheCounterSymbol(symbol: string): boolean {
  return /^[A-Z]{4}[FY]$/.test(symbol);
}

/** The vendor's classification of the row as a fund, in its own words; null when it says none. */
function fundClass(row: IpoTableRow): string | null {
  const subgroup = row.industrySubgroup;
  if (subgroup && FUND_CLASS.test(subgroup)) return `vendor industry subgroup "${subgroup}"`;
  if (subgroup && INVESTMENT_SUBGROUPS.has(subgroup) && isInvestmentVehicleName(row.issuer)) {
    return `vendor industry subgroup "${subgroup}" and an investment vehicle's name ("${row.issuer}")`;
  }
  if (row.industryGroup && FUND_CLASS.test(row.industryGroup)) return `vendor industry group "${row.industryGroup}"`;
  if (row.industrySector === 'Funds') return 'vendor industry sector "Funds"';
  // Shares the vendor files under municipal bonds are a municipal bond fund's: no municipality sells stock.
  if (row.industryGroup === 'Municipal') return 'vendor industry group "Municipal" (a municipal bond fund\'s shares)';
  if (FUND_NAME.test(row.issuer)) return `issuer named "${row.issuer}"`;
  return fundAtNavPrice(row);
}

/**
 * A fixed round price (a multiple of $5, its range collapsed onto it) and an income fund's name,
 * outside the vendor's REITs: mortgage REITs sell at a fixed $20 too (PennyMac Mortgage Investment
 * Trust), under names the income words miss. An operating company at a fixed price names no income
 * (Elevate Credit at $6.50).
 */
function fundAtNavPrice(row: IpoTableRow): string | null {
  const price = row.offerPrice;
  if (price === null || price < SPAC_UNIT_PRICE || price % 5 !== 0 || row.rangeLow !== price || row.rangeHigh !== price) return null;
  if (row.industryGroup === 'REITS' || !INCOME_FUND_NAME.test(row.issuer)) return null;
  return `issuer named "${row.issuer}" selling at a fixed $${price.toFixed(2)}, a fund's NAV-based price`;
}

/** Blank checks' trust prices: $10.00 since about 2008, $8.00 and $6.00 before. */
const SHELL_PRICES: readonly number[] = [SPAC_UNIT_PRICE, 8, 6];
/** A SPAC's market cap at offer: its public shares plus founder shares (20% of the total), at most 1.42× in the vendor's own SPAC rows. */
const SHELL_MAX_CAP_TO_SIZE = 1.5;
/**
 * Since the $10.00 era the trust holds the offer price for every share, so a blank check's first
 * close stays near it: none of the vendor's flat-priced SPAC rows closed more than 3% below it. An
 * operating IPO at a flat $10.00 may (SCYNEXIS 2014: -10%). Older $8.00 and $6.00 blank checks
 * held less in trust and could (Energy Services Acquisition's $6.00 units, 2006: -3.8%).
 */
const SHELL_MIN_FIRST_DAY_PCT = -3;
/**
 * A trust-backed share's first close, either way, at most: 476 of the vendor's 685 flat $10.00 SPAC
 * rows closed within 1%, and MetroMile (Fortress Value Acquisition II, filed under insurers) +2.6%.
 * A mutual insurer's conversion, sold at a discount to its book value, rose more (Mercer Insurance
 * +21.5%, Fremont Michigan +20%, Eastern Insurance +14.1%, Penn Millers +7.5%, Vericity +20%).
 */
const SHELL_MAX_FIRST_DAY_MOVE_PCT = 3;

/**
 * A blank check the vendor lists under the company it later merged with: Bloomberg keeps the SPAC's
 * IPO row but renames it, re-files its industry and, once the shell's symbol is gone, shows a
 * placeholder ("1854789D" for VectoIQ, now Nikola). What stays is the trust's price on a range
 * collapsed onto it: $10.00 (687 of the vendor's 739 US "Specified Purpose Acquis" rows), or the
 * $8.00 and $6.00 of 2003–2013 blank checks (MergeWorthRx, 2013; Great Lakes Dredge & Dock's
 * units ALBAU, 2005), and a market cap at offer no more than SHELL_MAX_CAP_TO_SIZE × the offer (public plus
 * founder shares; an operating company floats a minority: ChemoCentryx's $10.00 IPO of 2012 is 6.8×).
 * Mutual-to-stock conversions sell all their shares at a flat $10.00 too: the vendor's banks and
 * thrifts are no shell (a de novo bank floats all its shares flat as a SPAC does: Pinnacle Financial
 * Partners 2000, 1.00×, 0.0%; a blank check filed under banks shows its units instead, WLBUE), nor
 * its REITs (Preferred Apartment Communities 2011). A converted mutual insurer, sold below book,
 * rises on its first day (Mercer Insurance 2003, +21.5%): an insurer is a shell only with a known cap
 * and a first close within SHELL_MAX_FIRST_DAY_MOVE_PCT (MetroMile, Fortress Value Acquisition II).
 * A row with no range stated is read as flat at $10.00 only with a known cap and a flat first close
 * (AgroFresh, Boulevard Acquisition's IPO; Dynacare 2000 and Strongbridge 2015 show no cap). An
 * unknown cap (blank or 0) does not exclude at $10.00, where 42 of the SPAC rows lack it; at $6.00 or
 * $8.00 the first close must then stay within SHELL_UNKNOWN_CAP_MAX_MOVE_PCT (`flatFirstClose`):
 * Information Services Group (2007, +1.9%) and Secure America Acquisition (as Ultimate Escapes,
 * ULEUQ, 2007, -1.1%) are blank checks; Delcath's $6.00 units of 2000 (+3.1%) are not.
 * Measured on the export's flat $10.00 rows outside the SPAC subgroup and the unit/name rules: 66 of
 * 66 de-SPAC rows (MetroMile and Global Cornerstone included) and 1 of 18 operating IPOs (SCYNEXIS
 * 2014, 1.36×, which the first-close floor leaves out); at $6.00/$8.00, 38 rows outside the
 * subgroup, 35 of them with unit symbols.
 */
function flatTrustPriceShell(row: IpoTableRow): string | null {
  const price = row.offerPrice;
  if (price === null || !SHELL_PRICES.includes(price)) return null;
  const size = row.offerSizeMillions;
  const cap = row.marketCapAtOfferMillions;
  const ratio = size && cap ? cap / size : null;
  const flatRange = row.rangeLow === price && row.rangeHigh === price;
  // No range stated: only at $10.00 with a known cap and a first close within the shell's band (AgroFresh as Boulevard).
  const unstatedRange = row.rangeLow === null && row.rangeHigh === null && price === SPAC_UNIT_PRICE && ratio !== null && flatFirstClose(row);
  if (!flatRange && !unstatedRange) return null;
  // A bank's name at a flat $10.00 is a mutual conversion whatever group the vendor files it under
  // (Catalyst Bancorp 2021, filed under Investment Companies, +35.6%); a blank check named for a bank
  // it later bought shows its units or its "Acquisition" name instead (WLBUE).
  if (vendorBankClass(row) !== null || isBankName(row.issuer) || row.industryGroup === 'REITS') return null;
  // The price alone is no evidence: every flat $10.00 SPAC row states a cap or a first close (1,315 of
  // 1,315 in the export and the raw yearly files); Bluejay Diagnostics' 2021 row states neither.
  if (price === SPAC_UNIT_PRICE && ratio === null && row.offerToFirstClosePct === null) return null;
  if (row.industryGroup === 'Insurance' && (ratio === null || !flatFirstClose(row))) return null;
  if (ratio === null ? price !== SPAC_UNIT_PRICE && !flatFirstClose(row, SHELL_UNKNOWN_CAP_MAX_MOVE_PCT) : ratio > SHELL_MAX_CAP_TO_SIZE) return null;
  if (price === SPAC_UNIT_PRICE && row.offerToFirstClosePct !== null && row.offerToFirstClosePct < SHELL_MIN_FIRST_DAY_PCT) return null;
  if (operatingOffer(row)) return null;
  const capText = ratio === null ? 'no market cap at offer' : `a market cap at offer ${ratio.toFixed(2)}× its size`;
  const rangeText = flatRange ? `range ${price.toFixed(2)}–${price.toFixed(2)}` : 'no range stated';
  return `sold at a flat $${price.toFixed(2)} (${rangeText}) with ${capText}: a blank check's trust price, listed under a later name`;
}

/**
 * A $6.00 or $8.00 row without a market cap at offer is a blank check's only when its first close
 * stayed this close to the trust: of the export's rows at those flat prices outside its SPAC subgroup
 * and without a cap, the 15 within 2% are all blank checks (Santa Monica Media, Vantage Drilling,
 * Information Services Group …); the three beyond are Delcath (+3.1%), inVentiv (-5.5%) and
 * Monadnock Bancorp (+3.75%, a thrift).
 */
const SHELL_UNKNOWN_CAP_MAX_MOVE_PCT = 2;

/** The smallest offer of a $10.00 blank check in the vendor tables: Selway Capital Acquisition's $20M units (SWCAU, 2011, now Healthcare Corp of America). */
const MIN_TRUST_MILLIONS = 20;

/**
 * A $10.00 row whose own figures show an operating company's float rather than a blank check's trust:
 *   - a known market cap at offer above SHELL_MAX_CAP_TO_SIZE × the offer: the IPO sold a minority of
 *     the company, where a blank check sells all but its founders' 20%;
 *   - no market cap at offer (blank or 0), an offer smaller than any blank check's trust
 *     (MIN_TRUST_MILLIONS) and a first close that left the shell's band: LM Funding America's $12M of
 *     units (LMFAU, 2015: a share and a warrant, a specialty lender filed under Finance-Commercial),
 *     +3.7% on its first day. The operating companies' unit IPOs of the export raised $1–30M; every
 *     $10.00 blank check $20M or more, and those without a cap at offer that moved as far (M III
 *     Acquisition's MIIIU -3.7%, Supernova II's SNII/U +3.5%, Rosecliff's RCLFU +4.0%) $150M or more.
 * Either alone leaves a blank check with a missing cap or a lively first day (2021's units rose up to
 * 32%) typed as one; the vendor's SPAC subgroup and a blank check's name speak before this.
 */
function operatingOffer(row: IpoTableRow): boolean {
  const { offerSizeMillions: size, marketCapAtOfferMillions: cap } = row;
  if (!size) return false;
  if (cap) return cap / size > SHELL_MAX_CAP_TO_SIZE;
  return size < MIN_TRUST_MILLIONS && !flatFirstClose(row);
}

function tenDollarUnitsReason(row: IpoTableRow, symbol: string): string {
  const { offerSizeMillions: size, marketCapAtOfferMillions: cap } = row;
  const capText = size && cap ? ` with a market cap at offer ${(cap / size).toFixed(2)}× its size` : '';
  return `units (${symbol}) sold at $10.00${capText}`;
}

/** The first close stayed within `maxMovePct` (SHELL_MAX_FIRST_DAY_MOVE_PCT unless given) of the offer, either way. */
function flatFirstClose(row: IpoTableRow, maxMovePct = SHELL_MAX_FIRST_DAY_MOVE_PCT): boolean {
  return row.offerToFirstClosePct !== null && Math.abs(row.offerToFirstClosePct) <= maxMovePct;
}

/**
 * Units of 2003–2008 blank checks sold at the $8.00 or $6.00 of their trust, on a range collapsed
 * onto it, and traded flat: Santa Monica Media (MEJ/U), Affinity Media (AFMIU), Community Bankers
 * Acquisition (BTC/U, filed under banks), FMG Acquisition (UIHCU, filed under insurers), and the
 * vendor's rows renamed for their mergers (Vantage Drilling, Essex Rental, Westway, Stream Global).
 * A blank check that raised its unit from one trust price to the next between filings shows a range
 * of trust prices under its offer, and traded as flat: Healthcare Acquisition (HAQ/U, filed at
 * 6.00–6.00, sold at $8.00, now Altimmune), Global Logistics Acquisition (GLA/U, 6.00–8.00 → $8.00,
 * now Clark Holdings). An operating company's unit range is a banker's (Tri-S Security's $6.00 units
 * on 5.50–6.25, 2005, first close -0.8%). With no range stated, the first close says less (older
 * trusts held less than the offer: Great Lakes Dredge & Dock's ALBAU +5.0%); a known market cap at
 * offer within SHELL_MAX_CAP_TO_SIZE of the offer, public and founder shares only, speaks instead
 * (Ardent Acquisition's AAIRU, $6.00, 1.09×, +5.2%, now Avantair).
 * Whatever group the vendor files them under: units at a flat trust price are no thrift's or
 * insurer's mutual conversion, which sells common stock. An operating company's units at a flat
 * $6.00 moved more (Delcath 2000, +3.1%, no cap at offer).
 */
function shellUnitsAtOlderTrustPrice(row: IpoTableRow): boolean {
  const price = row.offerPrice;
  if (price === null || !SHELL_PRICES.includes(price)) return false;
  const { rangeLow: low, rangeHigh: high } = row;
  if (low === null && high === null) return shellCap(row);
  const trustRange = low !== null && high !== null && SHELL_PRICES.includes(low) && SHELL_PRICES.includes(high) && high <= price;
  return trustRange && flatFirstClose(row);
}

function olderTrustUnitsReason(row: IpoTableRow, symbol: string): string {
  const { offerPrice, rangeLow: low, rangeHigh: high } = row;
  const price = `$${offerPrice!.toFixed(2)}`;
  if (low === null || high === null) {
    return `units (${symbol}) sold at ${price}, a blank check's trust price, with no range stated and a market cap at offer ${(row.marketCapAtOfferMillions! / row.offerSizeMillions!).toFixed(2)}× its size`;
  }
  const raised = low === offerPrice && high === offerPrice ? '' : ` on a range of trust prices (${low.toFixed(2)}–${high.toFixed(2)}), raised between filings,`;
  return `units (${symbol}) sold at a flat ${price}${raised} that first closed within ${SHELL_MAX_FIRST_DAY_MOVE_PCT}% of it: a blank check's trust price`;
}

/** A known market cap at offer no more than SHELL_MAX_CAP_TO_SIZE × the offer size: public plus founder shares. */
function shellCap(row: IpoTableRow): boolean {
  const { offerSizeMillions: size, marketCapAtOfferMillions: cap } = row;
  return !!size && !!cap && cap / size <= SHELL_MAX_CAP_TO_SIZE;
}

/**
 * Two unit series of one issuer, its name and first trading day the same, under two unit symbols:
 * the Series A and Series B units of the 2004–2006 blank checks (Class B shares redeemable from the
 * trust, Series A units priced around them), which the vendor lists as two rows under the company
 * each later merged with: Good Harbor Partners (GHBAU $8.50, GHBBU $10.10, as UAN Cultural &
 * Creative), Global Services Partners (SOPKU $8.50, GSPBU $10.10, as SouthPeak Interactive), Mercator
 * Partners (GTLTU $10.50, GTTBU $10.10, as GTT Communications), Juniper Partners (JNPCU, JNPBU, as
 * Juniper Content). An operating company sells one security in its IPO: of the Bloomberg export's
 * rows, the only same-day pairs of unit rows of one issuer are these and Israel Growth Partners
 * Acquisition's (IGPAU, IGPBU), which the vendor files as a SPAC.
 */
export function sameDayUnitSeries(a: IpoTableRow, b: IpoTableRow): boolean {
  const [sa, sb] = [vendorSymbol(a), vendorSymbol(b)];
  if (sa === sb || !isUnitSymbol(sa) || !isUnitSymbol(sb) || a.tradeDate === null || a.tradeDate !== b.tradeDate) return false;
  const name = normalizeCompanyName(a.issuer);
  return name !== '' && name === normalizeCompanyName(b.issuer);
}

/**
 * The row's typing; `sameIpo` are the other rows joined to it as one IPO (vendor-same-ipo.derive.ts),
 * where a blank check's second unit series is found.
 */
export function vendorDealType(row: IpoTableRow, sameIpo: readonly IpoTableRow[] = []): VendorTyping {
  const subgroup = row.industrySubgroup;
  if (subgroup && SPAC_SUBGROUPS.has(subgroup)) return { dealType: 'spac', reasons: [`vendor industry subgroup "${subgroup}"`] };
  const symbol = vendorSymbol(row);
  const units = isUnitSymbol(symbol);
  const series = sameIpo.find((other) => sameDayUnitSeries(row, other));
  if (series) {
    const price = (r: IpoTableRow) => (r.offerPrice === null ? 'no price' : `$${r.offerPrice.toFixed(2)}`);
    return { dealType: 'spac', reasons: [`two unit series of one issuer on one day (${symbol} at ${price(row)}, ${vendorSymbol(series)} at ${price(series)}): a blank check's Series A and B units`] };
  }
  const tenDollars = row.offerPrice === SPAC_UNIT_PRICE;
  const spacName = SPAC_NAME.test(row.issuer);
  if (units && tenDollars && !operatingOffer(row)) return { dealType: 'spac', reasons: [tenDollarUnitsReason(row, symbol)] };
  if (units && shellUnitsAtOlderTrustPrice(row)) return { dealType: 'spac', reasons: [olderTrustUnitsReason(row, symbol)] };
  if (spacName && (units || tenDollars)) {
    return { dealType: 'spac', reasons: [`issuer named "${row.issuer}" selling ${units ? `units (${symbol})` : 'at $10.00'}`] };
  }
  const fund = fundClass(row);
  if (fund) return { dealType: 'fund', reasons: [fund] };
  const shell = flatTrustPriceShell(row);
  if (shell) return { dealType: 'spac', reasons: [shell] };
  return { dealType: 'ipo', reasons: ['vendor IPO row with no blank-check or fund evidence'] };
}
