/**
 * One name per bank. Covers print brands ("BofA Securities", "J.P. Morgan", "Evercore ISI") and the
 * underwriting section prints legal entities ("Merrill Lynch, Pierce, Fenner & Smith Incorporated",
 * "J.P. Morgan Securities LLC", "Evercore Group L.L.C."); both are the same underwriter. The table
 * maps every spelling of a bank family to the legal name of its US broker-dealer; names outside the
 * table are kept as printed and compared without punctuation and legal suffixes.
 */
import { distinctCanonical } from './firm-names.ts';

interface BankFamily {
  canonical: string;
  spellings: RegExp;
}

// Only brand/legal splits that are real (a rename or a brand over an entity); a bank whose cover
// and table names differ only by "& Co." or "LLC" needs no row, `bankKey` already merges them.
const FAMILIES: BankFamily[] = [
  { canonical: 'BofA Securities, Inc.', spellings: /\bBofA\b|\bMerrill Lynch\b|\bBanc of America Securities\b/i },
  { canonical: 'Evercore Group L.L.C.', spellings: /\bEvercore\b/i },
  { canonical: 'J.P. Morgan Securities LLC', spellings: /\bJ\.\s?P\.\s?Morgan\b|\bJPMorgan\b/i },
  { canonical: 'Citigroup Global Markets Inc.', spellings: /\bCitigroup\b|^Citi$/i },
  { canonical: 'BNY Mellon Capital Markets, LLC', spellings: /^BNY\b/i },
  { canonical: 'Credit Agricole Securities (USA) Inc.', spellings: /\bCr[ée]dit Agricole\b/i },
  { canonical: 'Mizuho Securities USA LLC', spellings: /^Mizuho\b/i },
  { canonical: 'Wells Fargo Securities, LLC', spellings: /^Wells Fargo\b/i },
  // 1999–2001 covers print Deutsche Bank's US desk as "Deutsche Banc Alex. Brown" and Chase's as "Chase H&Q".
  { canonical: 'Deutsche Bank Securities Inc.', spellings: /^Deutsche Ban[ck]\b/i },
  { canonical: 'Chase Securities Inc.', spellings: /^Chase (?:H&Q|Securities)\b/i },
  { canonical: 'Barclays Capital Inc.', spellings: /^Barclays\b/i },
  { canonical: 'Credit Suisse Securities (USA) LLC', spellings: /^Credit Suisse\b/i },
  { canonical: 'RBC Capital Markets, LLC', spellings: /^RBC\b/i },
  { canonical: 'TD Securities (USA) LLC', spellings: /^TD Securities\b/i },
  { canonical: 'SMBC Nikko Securities America, Inc.', spellings: /^SMBC\b/i },
  { canonical: 'MUFG Securities Americas Inc.', spellings: /^MUFG\b/i },
];

/** The canonical name of a printed underwriter name (the printed name when the bank is not in the table). */
export function canonicalBankName(printed: string): string {
  const name = printed.replace(/\s+/g, ' ').trim();
  // "X, a division of Y" is X's desk at Y: the printed division names the underwriter.
  const head = name.split(/,?\s+a division of\s+/i)[0];
  const family = FAMILIES.find((f) => f.spellings.test(head));
  return family ? family.canonical : name;
}

/** Bank names compare without case, punctuation and legal suffixes ("Inc.", "LLC", "& Co."). */
export function bankKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/[.,&]/g, ' ')
    .replace(/\b(?:inc|incorporated|llc|l l c|co|corp|corporation|ltd|lp|l p|plc|and)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Canonical names, one per bank, in the order first printed. */
export function canonicalUnderwriters(printed: string[]): string[] {
  return distinctCanonical(printed, canonicalBankName, bankKey);
}
