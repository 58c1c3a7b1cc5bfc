/**
 * One sentence from the "Use of Proceeds" section saying what the money is for. When the
 * sentence introduces a list ("as follows:"), the list items are appended so it stands alone.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, findSection, sentences } from '../doc-regions.ts';

const INTENT = /\b(?:intends?|plans?|expects?|anticipates?) to use\b|\bwill use\b|\bproceeds[^.]{0,80}\bwill be used\b/i;
const MAX_LEN = 500;

export function extractUseOfProceeds(ctx: ExtractContext, sellingStockholdersOnly: boolean | null): Found<string> | null {
  const section = findSection(ctx.doc, /^use of proceeds$/i, ctx.regions.cover.end);
  if (!section) return null;
  const blocks = [...blocksIn(ctx.doc, section)].filter(([, b]) => b.kind !== 'table');
  const pick = (test: (s: string) => boolean): Found<string> | null => {
    for (let k = 0; k < blocks.length; k++) {
      const [i, b] = blocks[k];
      for (const s of sentences(b.text)) {
        if (!test(s)) continue;
        return { value: clip(s.endsWith(':') ? withList(s, blocks.slice(k + 1).map(([, n]) => n.text)) : s), text: s, block: i };
      }
    }
    return null;
  };
  // In a resale the issuer's statement that it receives nothing is the use-of-proceeds fact.
  if (sellingStockholdersOnly) return pick((s) => /\bproceeds\b/i.test(s));
  return pick((s) => INTENT.test(s) && /proceeds/i.test(s) && !/\bwill not receive\b/i.test(s)) ?? pick((s) => /\bproceeds\b/i.test(s));
}

function withList(lead: string, following: string[]): string {
  const items: string[] = [];
  for (const t of following) {
    if (!/^[•●·▪◦o\-–]\s/.test(t)) break;
    items.push(t.replace(/^[•●·▪◦o\-–]\s+/, '').replace(/[;,.]?\s*(?:and|or)?$/, ''));
  }
  return items.length ? `${lead} ${items.join('; ')}.` : lead;
}

function clip(s: string): string {
  return s.length <= MAX_LEN ? s : `${s.slice(0, MAX_LEN - 1).replace(/\s+\S*$/, '')}…`;
}
