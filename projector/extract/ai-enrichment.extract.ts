/**
 * A deterministic, extractive `aiEnrichment`: every sentence it returns is copied from the document,
 * every flag is tied to a risk-factor heading that matched the taxonomy (risk-taxonomy.ts), so it
 * needs no model and a rebuild reproduces it.
 *   narrativeSummary  the cover's offering sentence(s) + the first sentence of the summary overview
 *   materialChanges   the term changes since the deal's previous registration filing
 *   riskFlags         taxonomy flags of the risk-factor headings, plus cover structure flags
 *   confidence        how much of that was found
 */
import type { ApiAiEnrichment, ApiTermsExtended } from '../../schema/api/types.ts';
import type { ProspectusDoc } from './prospectus-reader.ts';
import { findRegions, sentences } from './doc-regions.ts';
import { RISK_TAXONOMY } from './risk-taxonomy.ts';

export interface AiEnrichmentInput {
  doc: ProspectusDoc;
  terms?: ApiTermsExtended | null;
  /** Clauses from filing-summary's termChanges, or null when there is no previous filing. */
  changes?: string[] | null;
}

const RISK_START = /^risk factors$/i;
const RISK_END = /^(?:special note|cautionary note|forward-looking statements|use of proceeds|dividend policy|capitalization)/i;
const OFFERING_SENTENCE = /\b(?:this is (?:an|our|the) initial public offering|we are offering|(?:are|is) offering|selling stockholders? (?:named|identified) in this prospectus (?:are|is) offering|are selling)\b/i;
const OVERVIEW = /^(?:overview|our company|company overview|our business|business overview)$/i;
const MAX_NARRATIVE_SENTENCES = 3;

/**
 * Risk-factor titles: headings, and short stand-alone sentences (titles are often set in italics,
 * not bold). The summary may carry its own short "Risk Factors" part, so every "RISK FACTORS"
 * heading opens a candidate section (ending at the next all-caps heading) and the longest wins.
 */
export function riskHeadings(doc: ProspectusDoc): string[] {
  let best: string[] = [];
  doc.blocks.forEach((start, i) => {
    if (start.kind !== 'heading' || !RISK_START.test(start.text)) return;
    const out: string[] = [];
    for (let j = i + 1; j < doc.blocks.length; j++) {
      const b = doc.blocks[j];
      if (b.kind === 'heading' && (RISK_END.test(b.text) || isMajorHeading(b.text))) break;
      if (b.kind === 'heading' || (b.kind === 'paragraph' && b.text.length <= 250 && sentences(b.text).length === 1 && /[.]$/.test(b.text))) out.push(b.text);
    }
    if (out.length > best.length) best = out;
  });
  return best;
}

function isMajorHeading(text: string): boolean {
  return text.length >= 4 && text === text.toUpperCase() && /[A-Z]{4}/.test(text) && !/^RISKS?\b/.test(text);
}

export function riskFlags(doc: ProspectusDoc, terms?: ApiTermsExtended | null): string[] {
  const headings = riskHeadings(doc);
  const flags = new Set<string>();
  for (const c of RISK_TAXONOMY) if (headings.some((h) => c.pattern.test(h))) flags.add(c.flag);
  for (const f of terms?.issuerStructureFlags ?? []) {
    if (f === 'emerging_growth_company') flags.add('emerging_growth_company');
    if (f === 'dual_class') flags.add('dual_class_control');
    if (f === 'vie_structure') flags.add('vie_structure');
  }
  return RISK_TAXONOMY.map((c) => c.flag).filter((f) => flags.has(f));
}

export function narrativeSummary(doc: ProspectusDoc): string | null {
  const picked: string[] = [];
  const cover = findRegions(doc).cover;
  for (let i = cover.start; i < cover.end && picked.length < 2; i++) {
    const b = doc.blocks[i];
    if (b.kind !== 'paragraph') continue;
    const s = sentences(b.text).find((x) => OFFERING_SENTENCE.test(x) && x.length <= 400);
    if (s && !picked.includes(s)) picked.push(s);
  }
  const limit = Math.min(doc.blocks.length - 1, cover.end + 400);
  for (let i = cover.end; i < limit; i++) {
    if (doc.blocks[i].kind !== 'heading' || !OVERVIEW.test(doc.blocks[i].text)) continue;
    const next = doc.blocks.slice(i + 1, i + 4).find((b) => b.kind === 'paragraph');
    const s = next ? sentences(next.text)[0] : undefined;
    if (s && s.length <= 500) picked.push(s);
    break;
  }
  return picked.length > 0 ? picked.slice(0, MAX_NARRATIVE_SENTENCES).join(' ') : null;
}

export function deriveAiEnrichment(input: AiEnrichmentInput): ApiAiEnrichment {
  const narrative = narrativeSummary(input.doc);
  const headings = riskHeadings(input.doc);
  const flags = headings.length > 0 || (input.terms?.issuerStructureFlags?.length ?? 0) > 0 ? riskFlags(input.doc, input.terms) : null;
  let confidence = 0;
  if (narrative) confidence += 0.4;
  if (headings.length >= 5) confidence += 0.3;
  else if (headings.length > 0) confidence += 0.15;
  confidence += 0.3 * (input.terms?.confidence ?? 0);
  return {
    narrativeSummary: narrative,
    materialChanges: input.changes ?? null,
    riskFlags: flags,
    confidence: Math.round(confidence * 100) / 100,
  };
}
