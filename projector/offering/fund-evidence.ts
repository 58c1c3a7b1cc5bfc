/** Evidence of a fund shared by the EDGAR and the vendor deal-type rules (domain.md §2.2, research-grade.md). */

/**
 * A fund's own name: "… Income Fund", "… Municipal Bond Fund II", "DLP Positive Note Fund LLC". A whole
 * word only: "eFunds Corp" and "Prosper Funding LLC" are operating companies.
 */
export const FUND_NAME = /\bfunds?\b/i;

/** The vendor's fund subgroups: closed-end funds and investment companies (BDCs). */
export const FUND_SUBGROUPS: ReadonlySet<string> = new Set(['Closed-end Funds', 'Investment Companies']);

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
