/**
 * CUSIPs as the Bloomberg export carries them (`cusip` column) → the issuer number, the first six
 * characters, which stay with an issuer across its securities (NRG Energy's 2000 common, 629377102,
 * and its reorganised common, 629377508) and through renames.
 *
 * The export went through a spreadsheet: 95 of the 4,558 US cells are numbers in exponent notation
 * (Terminix's "8.81E+104") and 147 lost their leading zeros (Apollo Tactical Income's "37638103" for
 * 037638103). A cell is read only when its check digit holds, after putting back the zeros a
 * spreadsheet drops; anything else (exponents, "N.A.") names no issuer.
 */

const CUSIP = /^[0-9A-Z*@#]{8}[0-9]$/;

/** The CUSIP's ninth character, by the modulus-10 "double add double" rule of its issuing agency. */
function checkDigit(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const ch = first8[i];
    let v = /[0-9]/.test(ch) ? Number(ch) : /[A-Z]/.test(ch) ? ch.charCodeAt(0) - 55 : '*@#'.indexOf(ch) + 36;
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return (10 - (sum % 10)) % 10;
}

/** A valid nine-character CUSIP, or null. All-digit cells of five to eight digits get their leading zeros back. */
export function parseCusip(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim().toUpperCase();
  const candidate = /^[0-9]{5,8}$/.test(text) ? text.padStart(9, '0') : text;
  if (!CUSIP.test(candidate)) return null;
  return checkDigit(candidate.slice(0, 8)) === Number(candidate[8]) ? candidate : null;
}

/** The issuer number (first six characters) of a valid CUSIP; null when the cell holds none. */
export function cusipIssuer(raw: string | null | undefined): string | null {
  return parseCusip(raw)?.slice(0, 6) ?? null;
}

/**
 * The issue number (characters seven and eight) of a valid CUSIP: which of the issuer's securities it is.
 * A blank check's three securities are numbered alike by the agency: its shares 10, its warrants 11, its
 * units 20 (Gores Holdings' units 382866200, Global Partner Acquisition's 37954X204, Conyers Park's 212894208).
 */
export function cusipIssueNumber(raw: string | null | undefined): string | null {
  return parseCusip(raw)?.slice(6, 8) ?? null;
}
