/**
 * The issuer's auditors, from "Experts": the firms whose reports cover the issuer's own financial
 * statements ("have been audited by X", "in reliance upon the report of X"). Experts also names the
 * auditors of businesses the issuer bought or will buy (Vastera's Ford customs department, Tellium's
 * Astarte Fiber Networks, AeroVironment's BlueHalo): a paragraph is the issuer's when it names no
 * other company's statements than the first paragraph's, or speaks of "our" statements. A prior
 * auditor of the issuer's earlier years (Southern National's BDO Seidman for 2006) is its auditor too.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, sentences } from '../doc-regions.ts';
import { canonicalFirms } from './firm-names.ts';
import { namedFirms } from './named-firms.ts';
import { titledSections } from './titled-sections.ts';

const EXPERTS = /^experts$/i;
const AUDIT_CUE = /\baudited\b|\breports? (?:thereon )?of\b|\bupon the authority of\b|\bon the authority of\b|\bindependent (?:registered )?(?:public |certified public )?account|\bindependent auditors?\b|\bas experts?\b/i;
// Whose statements a paragraph is about: "The financial statements of X", "statements for X", "X's financial statements".
const STATEMENTS_OF = /\b(?:financial statements|statements of (?:income|operations)[^.]*?|balance sheets?)\s+(?:of|for)\s+([A-Z][\w&’'.-]*(?:\s+[A-Z][\w&’'.-]*)*)/;
const POSSESSIVE = /^(?:The\s+)?([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)['’]s\s+(?:audited\s+)?(?:consolidated\s+|combined\s+)?(?:historical\s+)?financial statements/;
const OURS = /^(?:our|we|the company['’]s)\b/i;
// Audit networks whose national members print no legal form ("KPMG AG Wirtschaftsprüfungsgesellschaft",
// "Ernst & Young Hua Ming"): after "by" or "report of", such a name is the auditor.
const AUDIT_BRANDS = /^(?:KPMG|Deloitte|PricewaterhouseCoopers|PwC|Ernst & Young|BDO|Grant Thornton|RSM|Baker Tilly|Mazars|Marcum|Moss Adams|Crowe|CohnReznick|WithumSmith)\b/;
const AUDITOR_SLOT = /\b(?:by|of)\s+$/i;

/** The company whose statements a paragraph is about: its first word, lower case; 'ours' for the issuer's; null when unnamed. */
function entityOf(text: string): string | null | 'ours' {
  if (OURS.test(text.trim())) return 'ours';
  const m = POSSESSIVE.exec(text.trim()) ?? STATEMENTS_OF.exec(text);
  return m ? m[1].split(/\s+/)[0].toLowerCase().replace(/[’'.,]/g, '') : null;
}

export function extractAuditors(ctx: ExtractContext): Found<string[]> | null {
  for (const section of titledSections(ctx.doc, EXPERTS, ctx.regions.cover.end)) {
    let issuerEntity: string | null | undefined;
    const firms: string[] = [];
    const text: string[] = [];
    let block = -1;
    for (const [i, b] of blocksIn(ctx.doc, section)) {
      if (b.kind !== 'paragraph') continue;
      const entity = entityOf(b.text);
      if (issuerEntity === undefined) issuerEntity = entity === 'ours' ? null : entity;
      else if (entity !== null && entity !== 'ours' && issuerEntity !== null && entity !== issuerEntity) continue;
      for (const s of sentences(b.text)) {
        if (!AUDIT_CUE.test(s)) continue;
        const named = namedFirms(s, { slot: AUDITOR_SLOT, brands: AUDIT_BRANDS });
        if (named.length === 0) continue;
        firms.push(...named);
        text.push(s);
        if (block < 0) block = i;
      }
    }
    if (firms.length > 0) return { value: canonicalFirms(firms), text: text.join(' '), block };
  }
  return null;
}
