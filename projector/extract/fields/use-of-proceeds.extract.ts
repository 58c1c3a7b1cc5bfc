/**
 * One sentence from the "Use of Proceeds" section saying what the money is for. When the
 * sentence introduces a list ("as follows:"), the list items are appended so it stands alone.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, findSection, sentences } from '../doc-regions.ts';

const INTENT = /\b(?:intends?|plans?|expects?|anticipates?) to use\b|\bwill use\b|\bproceeds[^.]{0,80}\bwill be used\b|\bwill add the net proceeds\b/i;
// A supplement's section often opens by pointing at the base prospectus's section.
const CROSS_REFERENCE = /\bsupplements the information\b|\bread these two sections\b|^see\b/i;
// What the money is for: a sentence without a purpose ("… to its general funds.") is completed by the next one.
const PURPOSE = /\bpurposes?\b|\bto (?:fund|repay|finance|acquire|develop|invest)\b|\bfor (?:the|our|its|working|research|general)\b/i;
const MAX_LEN = 500;

export function extractUseOfProceeds(ctx: ExtractContext, sellingStockholdersOnly: boolean | null): Found<string> | null {
  const section = findSection(ctx.doc, /^use of proceeds$/i, ctx.regions.cover.end);
  if (!section) return null;
  const blocks = [...blocksIn(ctx.doc, section)].filter(([, b]) => b.kind !== 'table');
  const pick = (test: (s: string) => boolean): Found<string> | null => {
    for (let k = 0; k < blocks.length; k++) {
      const [i, b] = blocks[k];
      const ss = sentences(b.text);
      for (let j = 0; j < ss.length; j++) {
        const s = ss[j];
        if (CROSS_REFERENCE.test(s) || !test(s)) continue;
        if (s.endsWith(':')) return { value: clip(withList(s, blocks.slice(k + 1).map(([, n]) => n.text))), text: s, block: i };
        const next = ss[j + 1];
        if (!PURPOSE.test(s) && next && INTENT.test(next) && PURPOSE.test(next)) return { value: clip(`${s} ${next}`), text: s, block: i };
        return { value: clip(s), text: s, block: i };
      }
    }
    return null;
  };
  // In a resale the issuer's statement that it receives nothing is the use-of-proceeds fact.
  if (sellingStockholdersOnly) return pick((s) => /\bproceeds\b/i.test(s));
  return pick((s) => INTENT.test(s) && /proceeds/i.test(s) && !/\bwill not receive\b/i.test(s)) ?? pick((s) => /\bproceeds\b/i.test(s));
}

/** The lead sentence with its list: the first sentence of each item, so a long item leaves room for the rest. */
function withList(lead: string, following: string[]): string {
  const items: string[] = [];
  for (const t of following) {
    if (!/^[•●·▪◦o\-–]\s/.test(t)) break;
    const item = sentences(t.replace(/^[•●·▪◦o\-–]\s+/, ''))[0] ?? '';
    items.push(item.replace(/[;,.]?\s*(?:and|or)?$/, ''));
  }
  return items.length ? `${lead} ${items.join('; ')}.` : lead;
}

function clip(s: string): string {
  return s.length <= MAX_LEN ? s : `${s.slice(0, MAX_LEN - 1).replace(/\s+\S*$/, '')}…`;
}
