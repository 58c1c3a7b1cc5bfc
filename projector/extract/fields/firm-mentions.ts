/**
 * Where a text names firms of a known syndicate. The cover prints brands ("J.P. MORGAN & CO.",
 * "BofA Merrill Lynch", "William Blair") and the underwriting section legal names ("J.P. Morgan
 * Securities Inc.", "Merrill Lynch, Pierce, Fenner & Smith Incorporated", "William Blair & Company,
 * L.L.C."); an EDGAR plain-text cover even runs a row's names into one line ("JP MORGAN LEHMAN
 * BROTHERS SALOMON SMITH BARNEY"). So a firm is found by words, not by parsing names out of the
 * text: its name's leading words (at least two, or all of a one-word name), its canonical bank
 * name's (bank-names.ts), or the whole text when that is one of the firm's brands.
 */
import { bankKey, canonicalBankName } from './bank-names.ts';

export interface Mention {
  /** Index of the firm in the list searched for. */
  firm: number;
  /** Word positions in the text: [start, end). */
  start: number;
  end: number;
}

export interface FirmWords {
  /** The words of each name the firm goes by (as printed, canonical). */
  names: string[][];
  canonicalKey: string;
}

// A text this short may be one brand as a whole ("Deutsche Banc Alex. Brown", "Chase H&Q").
const WHOLE_NAME_WORDS = 6;
// Legal forms and joining words say nothing about which bank it is.
const NOISE = new Set(['inc', 'incorporated', 'llc', 'co', 'corp', 'corporation', 'ltd', 'lp', 'plc', 'and', 'the']);

/** The words of a name or text: lower case, initials joined ("J.P." → "jp", "L.L.C." → "llc"), legal forms dropped. */
export function nameWords(text: string): string[] {
  const joined: string[] = [];
  let initials = false;
  for (const w of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const letter = /^[a-z]$/.test(w);
    if (letter && initials) joined[joined.length - 1] += w;
    else joined.push(w);
    initials = letter;
  }
  return joined.filter((w) => !NOISE.has(w));
}

/** The words a firm is found by: each name printed for it, and its canonical bank name. */
export function firmWords(printed: string[]): FirmWords {
  const canonical = canonicalBankName(printed[0]);
  const names = new Map<string, string[]>();
  for (const name of [...printed, canonical]) {
    const words = nameWords(name);
    if (words.length > 0) names.set(words.join(' '), words);
  }
  return { names: [...names.values()], canonicalKey: bankKey(canonical) };
}

// Words that begin many firms' names and so name none alone.
const SHARED_FIRST_WORDS = new Set(['capital', 'securities', 'first', 'global', 'national', 'american', 'international', 'united', 'new', 'bank', 'financial', 'investment', 'partners', 'group', 'markets', 'morgan']);

/** A first word that can stand for its firm on a cover ("Cowen" for Cowen and Company, LLC; "Needham"). */
function isBrandWord(word: string): boolean {
  return word.length >= 4 && !/^\d+$/.test(word) && !SHARED_FIRST_WORDS.has(word);
}

/**
 * The firms of `firms` the text names, in the order named. Where two matches overlap
 * the longer wins ("JP MORGAN" is J.P. Morgan, not the "Morgan" of Morgan Stanley). A cover's cell
 * (`brand`) may name a firm by its first word alone ("Cowen"), when it starts with it.
 */
export function firmMentions(text: string, firms: FirmWords[], opts: { brand?: boolean } = {}): { mentions: Mention[]; words: number } {
  const words = nameWords(text);
  // Only a name-sized text can be a brand as a whole; a sentence merely contains brands.
  const whole = words.length <= WHOLE_NAME_WORDS ? bankKey(canonicalBankName(text)) : null;
  const candidates: Mention[] = [];
  firms.forEach((firm, i) => {
    if (firm.canonicalKey === whole && words.length > 0) candidates.push({ firm: i, start: 0, end: words.length });
    for (const name of firm.names) {
      const need = Math.min(2, name.length);
      for (let at = 0; at < words.length; at++) {
        let k = 0;
        while (k < name.length && words[at + k] === name[k]) k++;
        if (k >= need || (k === 1 && at === 0 && opts.brand && isBrandWord(name[0]))) candidates.push({ firm: i, start: at, end: at + k });
      }
    }
  });
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken: Mention[] = [];
  for (const c of candidates) {
    if (taken.some((t) => c.start < t.end && t.start < c.end)) continue;
    taken.push(c);
  }
  return { mentions: taken.sort((a, b) => a.start - b.start), words: words.length };
}
