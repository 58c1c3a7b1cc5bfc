/**
 * Legal-name normalisation for matching a company across sources (domain §6.3): casefold, `&` →
 * and, strip punctuation and corporate suffixes. "Acquisition Corp" keeps "acquisition", which is
 * what tells SPACs apart from their sponsors.
 */

const SUFFIXES = new Set([
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'llc', 'lp', 'plc',
  'holdings', 'holding', 'group', 'nv', 'sa', 'ag', 'se', 'the', 'class', 'a', 'adr', 'ads',
]);

/**
 * Bloomberg's marker for a predecessor entity ("Grubhub Inc/old", "NRG Energy Inc/Old"): the name is
 * the issuer's without it, which tells the predecessor apart by date, never by name.
 */
const PREDECESSOR_MARKER = /\s*\/\s*old\s*\/?\s*$/i;

/** Whether a vendor names a predecessor entity ("ConnectOne Bancorp Inc/Old"): not the filer that holds the name now. */
export function isPredecessorName(name: string): boolean {
  return PREDECESSOR_MARKER.test(name);
}

/**
 * EDGAR's conformed names end with the state of incorporation when two filers share a name
 * ("CLOVER HEALTH INVESTMENTS, CORP. /DE", "GLOBAL PARTNERS LP/MA"): the same issuer as without it.
 */
const STATE_MARKER = /\s*\/\s*[a-z]{2}\s*\/?\s*$/i;

/** A name's words: casefolded, accents, markers and punctuation gone, every word kept. */
function nameWords(name: string): string[] {
  return name
    .replace(PREDECESSOR_MARKER, '')
    .replace(STATE_MARKER, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // A possessive is one word: Bloomberg's "Domino's Pizza Inc" is EDGAR's "DOMINOS PIZZA INC".
    .replace(/(\w)['\u2019](\w)/g, '$1$2')
    // Bloomberg's abbreviation: "Albertsons Cos Inc" is "Albertsons Companies, Inc.".
    .replace(/\bcos\b\.?/g, 'companies')
    // N.V., S.A., U.S. → nv, sa, us before punctuation becomes a separator.
    .replace(/\b([a-z])\.([a-z])\.?(?=\s|,|$)/g, '$1$2')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

export function nameTokens(name: string): string[] {
  const words = nameWords(name);
  // Suffixes are only dropped from the end, so "Group 1 Automotive" keeps its first word.
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1])) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words;
}

/**
 * The tokens of names already seen: a projection matches the same few thousand names (filers,
 * vendor issuers) against each other over and over. A pure function's memo, frozen so no caller
 * can change what another gets, and emptied past a bound so it never grows with the log.
 */
const seenTokens = new Map<string, readonly string[]>();
const SEEN_TOKENS_LIMIT = 50_000;

function tokensOf(name: string): readonly string[] {
  let tokens = seenTokens.get(name);
  if (tokens === undefined) {
    if (seenTokens.size >= SEEN_TOKENS_LIMIT) seenTokens.clear();
    tokens = Object.freeze(nameTokens(name));
    seenTokens.set(name, tokens);
  }
  return tokens;
}

/**
 * A name with its legal suffixes kept: "Blue Owl Capital Inc" and "Blue Owl Capital Corp" are two
 * companies (the asset manager a SPAC became, and a BDC), as are "Stem Inc" and "Stem Holdings, Inc.",
 * though their normalized names are one. For joins that no ticker or filing backs.
 */
export function exactCompanyName(name: string): string {
  return nameWords(name).join(' ');
}

/**
 * Bloomberg's export cuts many issuer names at 30 characters, mid-word at times: "Global Business Travel
 * Group I" is Global Business Travel Group, Inc., "BlackRock Municipal Income Fun" a fund. A name of that
 * width may be such a cut.
 */
const VENDOR_NAME_WIDTH = 30;

function mayBeCut(vendorName: string): boolean {
  return vendorName.length === VENDOR_NAME_WIDTH;
}

/**
 * exactCompanyName for a vendor's issuer against a name EDGAR gives: equal, or, for a name the vendor
 * may have cut (VENDOR_NAME_WIDTH), the start of EDGAR's ("Alliance Entertainment Holding" of
 * "ALLIANCE ENTERTAINMENT HOLDING CORP").
 */
export function sameExactVendorName(vendorName: string, name: string): boolean {
  const vendor = exactCompanyName(vendorName);
  const other = exactCompanyName(name);
  return vendor === other || (mayBeCut(vendorName) && vendor !== '' && other.startsWith(vendor));
}

/**
 * The normalized names EDGAR may file a vendor's issuer under: its own, and for a name the vendor may
 * have cut, that name without its last word, which may be part of one ("global business travel", as
 * "Global Business Travel Group, Inc." normalizes).
 */
export function vendorNameKeys(vendorName: string): string[] {
  const key = normalizeCompanyName(vendorName);
  const uncut = mayBeCut(vendorName) ? normalizeCompanyName(vendorName.replace(/\s*\S+$/, '')) : '';
  // One word left names no company by itself ("Global").
  return [...new Set([key, ...(uncut.includes(' ') ? [uncut] : [])])].filter((k) => k !== '');
}

/**
 * For a name the vendor may have cut, its words as written, the last perhaps part of one: the start of
 * every normalized name EDGAR may file the issuer under when the cut fell inside its last words
 * ("epicquest education group inte" of "EpicQuest Education Group International Ltd"); else null.
 */
export function cutVendorNamePrefix(vendorName: string): string | null {
  const words = nameWords(vendorName);
  return mayBeCut(vendorName) && words.length > 1 ? words.join(' ') : null;
}

export function normalizeCompanyName(name: string): string {
  return tokensOf(name).join(' ');
}

/**
 * Two legal names denote the same company when their normalised forms are equal or one is the
 * other plus trailing words (Bloomberg "GoPro Inc" vs SEC "GoPro, Inc."; "Snap Inc" vs "Snap").
 */
export function sameCompanyName(a: string, b: string): boolean {
  const x = tokensOf(a);
  const y = tokensOf(b);
  if (x.length === 0 || y.length === 0) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.every((t, i) => long[i] === t);
}
