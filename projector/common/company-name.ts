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

/**
 * EDGAR's conformed names end with the state of incorporation when two filers share a name
 * ("CLOVER HEALTH INVESTMENTS, CORP. /DE", "GLOBAL PARTNERS LP/MA"): the same issuer as without it.
 */
const STATE_MARKER = /\s*\/\s*[a-z]{2}\s*\/?\s*$/i;

export function nameTokens(name: string): string[] {
  const words = name
    .replace(PREDECESSOR_MARKER, '')
    .replace(STATE_MARKER, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // N.V., S.A., U.S. → nv, sa, us before punctuation becomes a separator.
    .replace(/\b([a-z])\.([a-z])\.?(?=\s|,|$)/g, '$1$2')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  // Suffixes are only dropped from the end, so "Group 1 Automotive" keeps its first word.
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1])) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words;
}

export function normalizeCompanyName(name: string): string {
  return nameTokens(name).join(' ');
}

/**
 * Two legal names denote the same company when their normalised forms are equal or one is the
 * other plus trailing words (Bloomberg "GoPro Inc" vs SEC "GoPro, Inc."; "Snap Inc" vs "Snap").
 */
export function sameCompanyName(a: string, b: string): boolean {
  const x = nameTokens(a);
  const y = nameTokens(b);
  if (x.length === 0 || y.length === 0) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.every((t, i) => long[i] === t);
}
