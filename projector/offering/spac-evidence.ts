/** Evidence of a blank-check company shared by the EDGAR and the vendor deal-type rules (domain.md §2.2). */

/** A blank check's name: "… Acquisition Corp", "… Merger Corp", "blank check". */
export const SPAC_NAME = /\b(?:acquisition|merger) (?:corp(?:oration)?|co(?:mpany)?|ltd|limited|inc|holdings?)\b|\bblank check\b/i;

/** A SPAC sells units at $10.00. */
export const SPAC_UNIT_PRICE = 10;
