/**
 * The law and accounting firms a sentence names, as printed. A firm is a run of capitalised words
 * (joined by commas, "&" or "and") that ends in a legal form: "Davis Polk & Wardwell LLP",
 * "Mintz, Levin, Cohn, Ferris, Glovsky and Popeo, P.C.", "Wilson Sonsini Goodrich & Rosati,
 * Professional Corporation". Firms of the early 2000s printed no form ("Ropes & Gray, Boston,
 * Massachusetts"): a run without one is a firm when it joins two names with "&" or "and", and ends
 * at its first comma, where the city follows. An office's city follows a firm too ("…LLP, New York,
 * New York and Squire Patton Boggs (US) LLP"), so a second firm of a run starts after the "and"
 * (or comma) that follows the first one's city.
 */

// Legal forms, and the words that end a firm's name where a legal form would ("Han Kun Law Offices").
const FORM = String.raw`(?:L\.?L\.?P\.?|L\.?L\.?C\.?|P\.?L\.?L\.?C\.?|P\.?C\.?|P\.?A\.?|Professional (?:Corporation|Association|Law Corporation)|Chartered|Law Offices?|Law Firm|Attorneys at Law)`;
const FORM_AT_END = new RegExp(String.raw`(?:^|[\s,])${FORM}(?=$|[\s,;:)])`, 'g');
const FORM_ALONE = new RegExp(`${FORM}$`);
// A word of a name: capitalised, a number, an initial, "&", or a parenthesised qualifier ("(US)",
// "(Hong Kong)", "(“Withum”)"; its spaces are held apart by `QUALIFIER` first).
const NAME_WORD = /^(?:[\p{Lu}0-9][\p{L}\p{N}'’.+\-]*,?|&|\(“?\p{Lu}[^\s)]*\),?)$/u;
const QUALIFIER = /\(\p{Lu}[\p{L}.]*(?: \p{Lu}[\p{L}.]*)*\)/gu;
const JOINER = /^(?:and|&|of|de|y|van|von)$/;
// Sentence openers and pronouns that start a capitalised run but name no firm.
const NOT_A_FIRM = /^(?:The|This|These|Certain|Our|We|Other|Additional|Various|Legal|Such|Any|As|From|In|Each|Both)\b/;

/** Runs of name words in the sentence: [start offset, text]. */
function capitalisedRuns(sentence: string): Array<{ at: number; text: string }> {
  const runs: Array<{ at: number; text: string }> = [];
  // "(Hong Kong)" is one word of a name; a no-break space keeps every offset where it was.
  const words = [...sentence.replace(QUALIFIER, (q) => q.replace(/ /g, '\u00a0')).matchAll(/[^\s]+/g)];
  let start = -1;
  let end = -1;
  for (let i = 0; i <= words.length; i++) {
    const w = words[i]?.[0] ?? '';
    const next = words[i + 1]?.[0] ?? '';
    const inName = i < words.length && (NAME_WORD.test(w) || (JOINER.test(w) && start >= 0 && NAME_WORD.test(next)));
    if (inName) {
      if (start < 0) start = words[i].index!;
      end = words[i].index! + w.length;
      // A run ends with its sentence or clause: "…LLP." or "…Texas;"
      if (/[.;:]$/.test(w) && !/^(?:[A-Z]\.)+$|^(?:Inc|Co|Corp)\.$/.test(w)) {
        runs.push({ at: start, text: sentence.slice(start, end) });
        start = -1;
      }
      continue;
    }
    if (start >= 0) runs.push({ at: start, text: sentence.slice(start, end) });
    start = -1;
  }
  return runs;
}

/** The firms a run names: each up to its legal form; a run without a form, up to its first comma, when it stands in a firm's slot. */
function firmsInRun(run: string, formlessSlot: boolean, brands: RegExp | null): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of run.matchAll(FORM_AT_END)) {
    const end = m.index! + m[0].length;
    let segment = run.slice(from, end);
    if (out.length > 0) {
      // After the first firm: skip its city up to the joining "and", else up to the last comma.
      const and = segment.search(/\s(?:and|&)\s/);
      const cut = and >= 0 ? and + segment.slice(and).indexOf(' ', 1) + 1 : segment.lastIndexOf(', ') + 2;
      if (cut > 0) segment = segment.slice(cut);
    }
    const name = segment.replace(/^[\s,]+/, '').trim();
    if (name && !NOT_A_FIRM.test(name) && /[A-Za-z]{2}/.test(name.replace(FORM_ALONE, ''))) out.push(name);
    from = end;
  }
  if (out.length > 0 || !formlessSlot) return out;
  const head = run.split(/,\s/)[0].replace(/[.;:]$/, '').trim();
  const named = /\s(?:&|and)\s/.test(head) || (brands !== null && brands.test(head));
  return named && !NOT_A_FIRM.test(head) ? [head] : [];
}

export interface NamedFirmsOptions {
  /** The words after which a firm without a legal form may stand (default: "by"). */
  slot?: RegExp;
  /** Brands that make a run a firm without "&" or "and" ("KPMG AG Wirtschaftsprüfungsgesellschaft"). */
  brands?: RegExp | null;
}

export function namedFirms(sentence: string, opts: NamedFirmsOptions = {}): string[] {
  // A firm without a legal form is read only where a firm stands: after "by" or opening the
  // sentence ("… for NEE and NEE Capital" names the issuer, not a firm).
  const slot = opts.slot ?? /\bby\s+$/i;
  return capitalisedRuns(sentence).flatMap((run) => firmsInRun(run.text, run.at === 0 || slot.test(sentence.slice(0, run.at)), opts.brands ?? null));
}
