/**
 * The extended terms' fee and adviser properties: what the underwriters (or agents) are paid and what
 * the issuer nets, per the cover's price table; the issuer's estimated offering expenses; its counsel,
 * the underwriters' counsel and its auditors. Read from the same document as the other terms
 * (projector/extract/fields/cover-fees.extract.ts, offering-expenses.extract.ts, counsel.extract.ts,
 * auditors.extract.ts).
 */
import { nullableNumber, nullableStringArray, string, type JsonSchema } from './json-schema.ts';
import { FEES_SOURCES, OFFERING_EXPENSES_SOURCES } from './vocabulary.ts';

const COVER_TABLE =
  "Read from the cover's price table (the \"Underwriting discount\", \"Placement agents' fees\", \"Proceeds, before expenses, to us\" and \"… to selling stockholders\" lines, in rows or in columns); null when the table leaves the cell blank or has no such line, or when the cover has no price table (`feesSource` says which).";
const PER_SHARE = 'per share, or per unit or ADS: the first per-security column (a deal that also sells pre-funded warrants prints a second).';
const TOTAL = "in total: the table's \"Total\" column, else its far larger second amount (the base deal, without the over-allotment option).";
const FIRMS =
  'One name per firm: its name without the legal form (LLP, P.C., Professional Corporation …) or the parenthesised office ("DLA Piper LLP (US)" is DLA Piper), a renamed firm under its current name (Cooley Godward → Cooley, BDO Seidman → BDO USA, Crowe Horwath → Crowe, Bracewell & Giuliani → Bracewell, Hale and Dorr → Wilmer Cutler Pickering Hale and Dorr, Schiff Hardin → ArentFox Schiff), so that one firm is one string across deals.';

export const FEES_AND_ADVISERS: Record<string, JsonSchema> = {
  underwritingDiscountPerShare: nullableNumber({
    description: `Extension: the underwriting discount (or the placement or sales agents' fee of an agented deal), ${PER_SHARE} ${COVER_TABLE}`,
  }),
  underwritingDiscountTotal: nullableNumber({ description: `Extension: the underwriting discount (or agents' fee), ${TOTAL} ${COVER_TABLE}` }),
  proceedsToIssuerPerShare: nullableNumber({ description: `Extension: the proceeds to the issuer before expenses, ${PER_SHARE} ${COVER_TABLE}` }),
  proceedsToIssuerTotal: nullableNumber({
    description: `Extension: the proceeds to the issuer before expenses, ${TOTAL} ${COVER_TABLE} Net of \`offeringExpenses\` it is the issuer's net proceeds.`,
  }),
  proceedsToSellingStockholdersPerShare: nullableNumber({
    description: `Extension: the proceeds to the selling stockholders before expenses, ${PER_SHARE} Null also when the table has no selling-stockholder line (the issuer alone sells). ${COVER_TABLE}`,
  }),
  proceedsToSellingStockholdersTotal: nullableNumber({
    description: `Extension: the proceeds to the selling stockholders before expenses, ${TOTAL} Null also when the table has no selling-stockholder line. ${COVER_TABLE}`,
  }),
  feesSource: string({
    enum: [...FEES_SOURCES],
    description:
      "Extension: where the six fee figures were read, or why they are null: cover_table (the cover's price table states them), blank_cover_table (the table is there with its cells blank: a preliminary prospectus before pricing), no_cover_table (the cover prints no price table: a resale at market prices, a shelf's base prospectus, an at-the-market program).",
  }),
  offeringExpenses: nullableNumber({
    description:
      "Extension: the issuer's estimated offering expenses, excluding the underwriting discount (legal, accounting, printing, listing and registration fees): the Underwriting or Plan of Distribution section's estimate (\"our share of the total expenses of the offering, excluding underwriting discounts and commissions, will be approximately $X\"), else the total of the registration statement's Part II \"Other Expenses of Issuance and Distribution\". Null when both are blank or absent (`offeringExpensesSource` says which).",
  }),
  offeringExpensesSource: string({
    enum: [...OFFERING_EXPENSES_SOURCES],
    description:
      'Extension: where `offeringExpenses` was read, or why it is null: prospectus, registration_statement (Part II, Item 13 or 14), blank (a statement or table is there with its amount blank or "to be filed by amendment"), not_stated (the document states none).',
  }),
  issuerCounsel: nullableStringArray({
    description: `Extension: the issuer's counsel, from "Legal Matters" ("Legal Opinions", "Validity of the Securities"): the firms that pass upon the securities for the issuer (co-counsel and foreign-law counsel included), from the first such section that names one (a supplement's before its base prospectus's). Null when none is named. ${FIRMS}`,
  }),
  underwritersCounsel: nullableStringArray({
    description: `Extension: the underwriters' counsel (or the placement or sales agents', dealers' or initial purchasers'), from the same sections: "passed upon for the underwriters by", "the underwriters have been represented by", "is representing the underwriters". Null when none is named (resales; a shelf's "counsel that we will name"). ${FIRMS}`,
  }),
  auditors: nullableStringArray({
    description: `Extension: the issuer's auditors, from "Experts": the firms whose reports cover the issuer's own financial statements, a prior auditor of earlier years included; the auditors of businesses it bought are left out. Null when the document has no Experts section naming one. ${FIRMS}`,
  }),
};
