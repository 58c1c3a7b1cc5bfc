/**
 * What is being sold: the share class, the security counted by `totalSharesOffered` (shares,
 * units or ADSs), and for unit deals the unit and warrant terms, quoted from the cover.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, findSection, sentences } from '../doc-regions.ts';
import type { OfferedNoun } from './shares.extract.ts';

const CLASS_RE = /\b(Class [A-C] )?(common stock|ordinary shares|common shares|subordinate voting shares|shares of beneficial interest|common units)\b/i;
const UNIT_SENTENCE = /\beach unit\b[^.]{0,40}?\b(?:consists|consisting|has an offering price|is comprised|will consist|comprises)\b/i;
const WARRANT_TERMS = /\b(?:each whole warrant entitles|warrants? (?:to purchase|entitl|exercisable))/i;
const ADS_RATIO = /\b(?:each|every)\s+(?:\w+\s+)?(?:ADS|ADSs|American Depositary Shares?)\s+(?:represents?|representing)\b[^.;]*/i;

export function extractShareClass(ctx: ExtractContext): Found<string> | null {
  // Title lines first ("Class A Common Stock"), then cover prose.
  for (const pass of ['short', 'prose'] as const) {
    for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
      if (b.kind === 'table') continue;
      if ((pass === 'short') !== (b.text.length <= 60)) continue;
      const m = CLASS_RE.exec(b.text);
      if (m) return { value: `${m[1] ?? ''}${m[2].toLowerCase()}`, text: b.text, block: i };
    }
  }
  return null;
}

export function extractSecurityDescription(
  ctx: ExtractContext,
  noun: OfferedNoun | null,
  shareClass: string | null,
  headlineBlock: number | null,
): Found<string> | null {
  if (noun === 'units' && headlineBlock !== null) {
    const next = ctx.doc.blocks[headlineBlock + 1];
    const tail = next && next.kind !== 'table' && next.text.length <= 60 && !/^\d/.test(next.text) ? ` (${next.text})` : '';
    return { value: `Units${tail}`, text: ctx.doc.blocks[headlineBlock].text + tail, block: headlineBlock };
  }
  if (noun === 'ads') {
    const ratio = findInCoverOrOffering(ctx, ADS_RATIO);
    const value = ratio ? `American Depositary Shares (${ratio.value.replace(/^each\s+/i, 'each ')})` : 'American Depositary Shares';
    return { value, text: ratio?.text ?? value, block: ratio?.block ?? headlineBlock ?? ctx.regions.cover.start };
  }
  if (shareClass) return { value: shareClass, text: shareClass, block: headlineBlock ?? ctx.regions.cover.start };
  return null;
}

export function extractUnitDescription(ctx: ExtractContext): Found<string> | null {
  const found = findInCoverOrOffering(ctx, UNIT_SENTENCE);
  return found ? { ...found, value: found.text } : null;
}

/**
 * The warrant terms: the warrant clause of the unit sentence ("(b) four-fifth warrant … to purchase
 * one share … exercisable until …"), else a sentence on what each warrant entitles the holder to.
 */
export function extractWarrantSummary(ctx: ExtractContext): Found<string> | null {
  const unit = findInCoverOrOffering(ctx, UNIT_SENTENCE);
  if (unit && /warrant/i.test(unit.text)) {
    const s = unit.text;
    const lead = s.slice(0, s.search(/warrants?\b/i));
    const cut = Math.max(lead.lastIndexOf(' and '), lead.lastIndexOf('('), lead.lastIndexOf(', '));
    const clause = s.slice(cut < 0 ? 0 : cut).replace(/^(?:\s*and\s+|\s*\(\w\)\s*|,\s*)+/, '').replace(/^\w\)\s*/, '').trim();
    return { value: clause, text: s, block: unit.block };
  }
  const terms = findInCoverOrOffering(ctx, WARRANT_TERMS);
  return terms ? { value: terms.text, text: terms.text, block: terms.block } : null;
}

function findInCoverOrOffering(ctx: ExtractContext, re: RegExp): Found<string> | null {
  const regions = [ctx.regions.cover];
  const offering = findSection(ctx.doc, /^the offering$/i, ctx.regions.cover.start);
  if (offering) regions.push(offering);
  for (const region of regions) {
    for (const [i, b] of blocksIn(ctx.doc, region)) {
      const texts = b.kind === 'table' ? b.rows.flatMap((r) => r.slice(1)) : [b.text];
      for (const t of texts) {
        for (const s of sentences(t)) {
          const m = re.exec(s);
          if (m) return { value: m[0], text: s, block: i };
        }
      }
    }
  }
  return null;
}
