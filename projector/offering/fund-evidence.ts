/** Evidence of a fund shared by the EDGAR and the vendor deal-type rules (domain.md §2.2, research-grade.md). */

/**
 * A fund's own name: "… Income Fund", "… Municipal Bond Fund II", "DLP Positive Note Fund LLC". A whole
 * word only: "eFunds Corp" and "Prosper Funding LLC" are operating companies.
 */
export const FUND_NAME = /\bfunds?\b/i;

/**
 * The vendor's subgroups of investment vehicles, where it files business development companies
 * (BDCs) beside operating holding companies: "Investment Companies" holds Ares Capital and Main
 * Street Capital, but also Compass Diversified Holdings, Oaktree Capital Group LLC, Stronghold
 * Digital Mining, Reliance Global Group and blank checks (Santa Monica Media, Global Cornerstone);
 * "Venture Capital" holds the venture lenders Hercules Capital and SuRo Capital. A row in one is a
 * fund only when its name is an investment vehicle's (isInvestmentVehicleName).
 */
export const INVESTMENT_SUBGROUPS: ReadonlySet<string> = new Set(['Investment Companies', 'Venture Capital']);

/**
 * A closed-end fund's or BDC's name: Fund or BDC as a word, whatever else it says (Investcorp Credit
 * Management BDC); else a lender's or investor's word (Capital, Investment, Finance, Financial,
 * Lending, Credit, Income, Opportunities, Funding, Ventures, Trust; "Capita" as the vendor cuts its
 * names at 30 characters: "First Eagle Alternative Capita"; PhenixFIN's run-in FIN) and no operating
 * holding company's (Holdings, Group, Management, or an LLC: a RIC is taxed as a corporation, so a
 * listed LLC is a partnership for tax, Oaktree Capital Group LLC, KKR Financial Holdings LLC, the
 * Macquarie Infrastructure Company the vendor lists as AMF Hawaii Investments LLC). Of the vendor's
 * 80 US "Investment Companies" rows this keeps every BDC and leaves out Compass Diversified, Oaktree
 * Capital Group, KKR Financial, Bimini Capital Management, HA Sustainable Infrastructure, Stronghold
 * Digital Mining, Reliance Global, MDB Capital Holdings, AMF Hawaii and three blank checks.
 */
const VEHICLE_WORD = /\b(?:Capital?|Investments?|Finance|Financial|Lending|Credit|Income|Opportunities|Funding|Ventures|Trust)\b/i;
const VEHICLE_RUN_IN = /[a-z]FIN\b/;
const HOLDING_COMPANY_WORD = /\b(?:Holdings?|Group|Management|LLC)\b/i;

export function isInvestmentVehicleName(name: string): boolean {
  if (/\b(?:Funds?|BDC)\b/i.test(name)) return true;
  return (VEHICLE_WORD.test(name) || VEHICLE_RUN_IN.test(name)) && !HOLDING_COMPANY_WORD.test(name);
}

/**
 * The vendor's fund classifications by group or subgroup: "Closed-end Funds", "Debt Fund", "Equity Fund",
 * "Asset Allocation Fund", "Commodity Fund", "Country Funds-Closed-end", "Finance-Investment Fund".
 */
export const FUND_CLASS = /\bFunds?\b/;

/**
 * An income fund's name: "Income", "Municipal" or "Dividend" as a word (BlackRock Credit Allocation
 * Income Trust I, Cohen & Steers Global Income Builder). With a fixed round price it marks a
 * closed-end fund the vendor files elsewhere (fundAtNavPrice in vendor-deal-type.derive.ts).
 */
export const INCOME_FUND_NAME = /\b(?:Income|Municipal|Dividend)\b/i;
