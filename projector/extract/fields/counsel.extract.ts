/**
 * The issuer's counsel and the underwriters' counsel, from "Legal Matters" (also titled "Legal
 * Opinions" or "Validity of the Securities"). A firm is counsel when its sentence says it passes on
 * the securities or represents a party: "will be passed upon for us by X", "X … will pass upon the
 * validity", "X will provide Vastera an opinion", "the underwriters have been represented by Y",
 * "Y is representing the underwriters", "for any underwriters, dealers or agents", "the Placement
 * Agents are being represented … by Y". Its clause says for whom: underwriters, placement or sales
 * agents, dealers or initial purchasers make it the underwriters' counsel, anyone else the issuer's.
 * A supplement's section comes before its base prospectus's; each role is read from the first
 * section that names a firm for it. Sentences about a firm's shareholding ("beneficially owns",
 * "holds an option") or about whom it relies on name no counsel.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, sentences, type Region } from '../doc-regions.ts';
import { canonicalFirms } from './firm-names.ts';
import { namedFirms } from './named-firms.ts';
import { titledSections } from './titled-sections.ts';

export const LEGAL_MATTERS = /^(?:legal matters|legal opinions?|validity of (?:the )?[\w ]{3,40})$/i;
const PASSES_ON = /\bpass(?:ed|es)?\s+(?:up)?on\b|\bwill pass\b|\brepresent(?:ed|ing|s)\b|\bopinion\b|\bacted as (?:\w+\s+)?counsel\b|\bcounsel (?:to|for)\b|\bco-counsel\b/i;
const NOT_COUNSEL = /\brely\b|\brelies\b|\bbeneficially own|\bowns?\b|\bholds?\b|\bfrom time to time\b|\binvestment fund\b/i;
const FOR_DISTRIBUTORS = /\b(?:underwriters?|placement agents?|sales agents?|agents|dealers|initial purchasers?|representatives of the underwriters)\b/i;

type Party = 'issuer' | 'underwriters';

/**
 * A sentence split where it turns from one party to another: "for us by A, and for the underwriters
 * by B". A full stop before a capital ends a clause even after "Inc.", which the sentence splitter
 * keeps inside a sentence ("… on behalf of AeroVironment, Inc. Additional legal matters may be passed
 * upon for us or any underwriters …").
 */
function clauses(sentence: string): string[] {
  return sentence.split(/;\s+|,?\s+and\s+(?=for\s)|(?<=\.)\s+(?=[A-Z][a-z])/);
}

export interface CounselFound {
  issuer: Found<string[]> | null;
  underwriters: Found<string[]> | null;
}

export function extractCounsel(ctx: ExtractContext): CounselFound {
  let issuer: Found<string[]> | null = null;
  let underwriters: Found<string[]> | null = null;
  for (const section of titledSections(ctx.doc, LEGAL_MATTERS, ctx.regions.cover.end)) {
    const found = counselIn(ctx, section);
    issuer ??= found.issuer;
    underwriters ??= found.underwriters;
  }
  return { issuer, underwriters };
}

/** The counsel one Legal Matters section names, by party. */
export function counselIn(ctx: ExtractContext, section: Region): CounselFound {
  const firms: Record<Party, string[]> = { issuer: [], underwriters: [] };
  const text: Record<Party, string[]> = { issuer: [], underwriters: [] };
  const block: Record<Party, number> = { issuer: section.start, underwriters: section.start };
  for (const [i, b] of blocksIn(ctx.doc, section)) {
    if (b.kind === 'table') continue;
    for (const s of sentences(b.text)) {
      if (!PASSES_ON.test(s) || NOT_COUNSEL.test(s)) continue;
      for (const clause of clauses(s)) {
        const named = namedFirms(clause);
        if (named.length === 0) continue;
        const party: Party = FOR_DISTRIBUTORS.test(clause) ? 'underwriters' : 'issuer';
        if (firms[party].length === 0) block[party] = i;
        firms[party].push(...named);
        if (!text[party].includes(s)) text[party].push(s);
      }
    }
  }
  const found = (party: Party): Found<string[]> | null =>
    firms[party].length > 0 ? { value: canonicalFirms(firms[party]), text: text[party].join(' '), block: block[party] } : null;
  return { issuer: found('issuer'), underwriters: found('underwriters') };
}
