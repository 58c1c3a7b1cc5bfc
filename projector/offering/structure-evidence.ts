/**
 * What an issuer is, by the evidence Ritter's bank, REIT and partnership exclusions read
 * (ritter-exclusions.derive.ts): its SIC, the vendor's industry classification, its name. Each name
 * pattern was checked against the Bloomberg export's own classification of its 4,558 US rows.
 */
import type { IpoTableRow } from '../market/ipo-table.parse.ts';

/** Commercial banks (6021, 6022, 6029) and savings institutions (6035, 6036). */
export const BANK_SICS: ReadonlySet<string> = new Set(['6021', '6022', '6029', '6035', '6036']);

/**
 * A bank or thrift in the vendor's words: its groups "Banks" and "Savings&Loans" (Commer Banks-…,
 * Cooperative Banks, Regional Banks-Non US, S&L/Thrifts-…). A mortgage bank lends but takes no
 * deposits (Walker & Dunlop): no bank in Ritter's sense.
 */
export function vendorBankClass(row: Pick<IpoTableRow, 'industryGroup' | 'industrySubgroup'> | null): string | null {
  if (!row) return null;
  if (row.industryGroup === 'Savings&Loans') return row.industrySubgroup ?? row.industryGroup;
  if (row.industryGroup === 'Banks' && row.industrySubgroup !== 'Mortgage Banks') return row.industrySubgroup ?? row.industryGroup;
  return null;
}

/**
 * A bank holding company's or a bank's own name: Bancorp, Bancorporation, Bancshares, Bankshares,
 * Banc ("Banc of California"), Banco, Bank ("Opus Bank", "Bank of the Ozarks"), Banking, Savings,
 * Thrift as words, any case; or a name run into "Bank" in its own capitals (EverBank, BankUnited).
 * A word only: "Bankrate" sells rate tables and "Constar International Inc/Pre Bankruptcy" bottles.
 * "Financial Holdings" alone is no bank (LPL, AssetMark, Bread Financial): a bank SIC says it instead.
 * All 147 operating rows of the Bloomberg export so named are in its Banks or Savings&Loans groups.
 */
const BANK_WORD = /\b(?:banc(?:orp(?:oration)?|shares|o)?|bank(?:shares|ing)?|savings|thrift)\b/i;
const BANK_RUN_IN = /[a-z]Bank\b|\bBank[A-Z]/;

export function isBankName(name: string): boolean {
  return BANK_WORD.test(name) || BANK_RUN_IN.test(name);
}

/**
 * A REIT's name: "REIT" (also run in: InfraREIT, which the vendor files under electric distribution),
 * "Real Estate Investment Trust", a real-estate word before "Trust" (Realty, Property, Mortgage,
 * Lodging, Hotel, Hospitality, Industrial, Residential, Office, Healthcare, Timber, Storage,
 * Apartment, Net Lease, Real Estate, Finance, Assets: "Pebblebrook Hotel Trust", "KKR Real Estate
 * Finance Trust"), "Mortgage Investment"/"Mortgage Capital", "Real Estate Finance"/"Real Estate
 * Income". Of the Bloomberg export's 70 operating rows so named, 68 are in its REITS group and the
 * other two are REITs it files elsewhere (InfraREIT, Chicago Atlantic Real Estate Finance).
 */
export const REIT_NAME =
  /REIT\b|Real Estate Investment Trust|\b(?:Realty|Property|Properties|Mortgage|Lodging|Hotel|Hospitality|Industrial|Residential|Office|Healthcare|Health Care|Timber|Storage|Apartment|Net Lease|Real Estate|Finance|Assets)\s+(?:Investment\s+)?Trust\b|\bMortgage (?:Investment|Capital)\b|\bReal Estate (?:Finance|Income)\b/i;

/**
 * A limited partnership's name: it ends in "LP", "L.P." or "Limited Partnership", after the
 * disambiguating suffixes EDGAR and Bloomberg append ("Williams Partners LP/Old", "Global Partners
 * LP/MA", "… /DE/"). "Partners" alone is no partnership: Perella Weinberg Partners and Surgery
 * Partners Inc are corporations, and a name in "Partners LLC" is an LLC (Ardent Health Partners).
 */
export function isPartnershipName(name: string): boolean {
  const bare = name.replace(/(?:\s*\/[A-Za-z. ]{1,20}\/?)+$/, '').replace(/[\s,]+$/, '');
  return /(?:\bL\.?\s?P\.?|\bLimited Partnership)$/i.test(bare);
}

/**
 * An F-6 (F-6EF, F-6 POS, F-6/A) registers American depositary shares. Filed under the issuer's own
 * CIK (Shougang Concord International's F-6 POS of 2020-03-18 in the bundled form index), it shows
 * the issuer's ADR program: the shares its F-1 sells are ADSs.
 */
export function registersDepositaryShares(filings: readonly { formType: string }[]): boolean {
  return filings.some((f) => /^F-6(?:EF)?(?:\/A| POS)?$/.test(f.formType));
}
