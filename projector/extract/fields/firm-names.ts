/**
 * One name per law or accounting firm, as bank-names.ts gives one per bank. Prospectuses print a
 * firm with its legal form in several spellings ("Wilson Sonsini Goodrich & Rosati, P.C." and
 * "…, Professional Corporation"; "Latham & Watkins" in 2000, "Latham & Watkins LLP" later), and a
 * renamed firm under each name it had ("Cooley Godward LLP" is Cooley LLP). So a firm's name is its
 * name without the legal form, a renamed firm's its current name: then "top counsel by deals" is a
 * GROUP BY over one string per firm.
 */

interface FirmFamily {
  canonical: string;
  spellings: RegExp;
}

// Renames only, and mergers whose firm kept the old name inside the new one; a firm whose spellings
// differ only by legal form or punctuation needs no row (`canonicalFirmName` strips the form).
const FAMILIES: FirmFamily[] = [
  { canonical: 'Cooley', spellings: /^Cooley(?: Godward(?: Kronish)?)?$/i },
  { canonical: 'Wilmer Cutler Pickering Hale and Dorr', spellings: /^(?:Hale (?:and|&) Dorr|Wilmer,? Cutler(?:,? Pickering,? Hale (?:and|&) Dorr)?(?: (?:and|&) Pickering)?|WilmerHale)$/i },
  { canonical: 'ArentFox Schiff', spellings: /^(?:Schiff Hardin|ArentFox Schiff)$/i },
  { canonical: 'Bracewell', spellings: /^Bracewell(?: (?:and|&) (?:Giuliani|Patterson))?$/i },
  { canonical: 'BDO USA', spellings: /^BDO (?:Seidman|USA)$/i },
  { canonical: 'Crowe', spellings: /^Crowe(?: (?:Horwath|Chizek(?: (?:and|&) Company)?))?$/i },
  { canonical: 'PricewaterhouseCoopers', spellings: /^(?:PricewaterhouseCoopers|PwC)$/i },
];

// Legal forms, in the spellings prospectuses print, optionally after a comma; a parenthesised place
// names one office or national member of a firm ("DLA Piper LLP (US)", "Maples and Calder (Hong Kong) LLP").
const LEGAL_FORM = /,?\s+(?:L\.?L\.?P\.?|L\.?L\.?C\.?|P\.?L\.?L\.?C\.?|P\.?C\.?|P\.?A\.?|S\.?C\.?|Professional (?:Corporation|Association|Law Corporation)|Chartered|Ltd\.?|Limited|N\.?V\.?|B\.?V\.?|GmbH)$/i;
const COUNTRY = /\s*\((?:US|USA|U\.S\.|UK|[A-Z][a-z]+(?: [A-Z][a-z]+)*)\)/g;

/** The firm's name without its legal form, or its current name when it was renamed. */
export function canonicalFirmName(printed: string): string {
  let name = printed.replace(/\s+/g, ' ').replace(COUNTRY, '').trim().replace(/[,;:.]+$/, '');
  for (let prev = ''; prev !== name; ) {
    prev = name;
    name = name.replace(LEGAL_FORM, '').trim();
  }
  name = name.replace(/,$/, '').trim();
  const family = FAMILIES.find((f) => f.spellings.test(name));
  return family ? family.canonical : name;
}

/** Firm names compare without case, punctuation, "&"/"and" and legal forms. */
export function firmKey(name: string): string {
  return canonicalFirmName(name)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim();
}

/**
 * Canonical names, one per firm (two names with one key are one firm), in the order first printed;
 * a name whose key is empty is dropped.
 */
export function distinctCanonical(printed: readonly string[], canonical: (name: string) => string, key: (name: string) => string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of printed) {
    const name = canonical(p);
    const k = key(name);
    if (!k || seen.has(k)) continue;
    seen.add(k);
    out.push(name);
  }
  return out;
}

/** Canonical names, one per law or audit firm, in the order first printed. */
export function canonicalFirms(printed: readonly string[]): string[] {
  return distinctCanonical(printed, canonicalFirmName, firmKey);
}
