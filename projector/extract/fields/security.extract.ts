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
// "The Warrants have an exercise price of $3.482 per share and will be exercisable immediately …"
const WARRANT_PRICE_TERMS = /\bwarrants? (?:have|has|will have) an exercise price\b/i;
const PRE_FUNDED = /\bpre-?funded\b/i;
// The kinds of security a cover title names, in the words covers use.
const SECURITY_KINDS: Array<[RegExp, string]> = [
  [/\bpre-?funded warrants?\b/i, 'pre-funded warrants'],
  [/(?<!pre-?funded )\bwarrants?\b/i, 'warrants'],
  [/\bpreferred stock\b/i, 'preferred stock'],
  [/\bdepositary shares\b/i, 'depositary shares'],
  [/\bdebt securities\b/i, 'debt securities'],
  [/\bpurchase contracts\b/i, 'purchase contracts'],
  [/\bsubscription rights\b|\brights\b/i, 'rights'],
  [/\bunits\b/i, 'units'],
];
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
  const titled = titledSecurities(ctx);
  if (titled) return titled;
  if (shareClass) return { value: shareClass, text: shareClass, block: headlineBlock ?? ctx.regions.cover.start };
  return null;
}

/**
 * The securities a cover title names when it names several: "330,000 Shares of Common Stock /
 * Pre-funded Warrants to Purchase up to … / Warrants to Purchase up to …" or a universal shelf's
 * "Common Stock Preferred Stock Debt Securities Warrants Purchase Contracts Units". The stock a
 * warrant is "to purchase" is what it converts into, not a further security sold.
 */
function titledSecurities(ctx: ExtractContext): Found<string> | null {
  const names: string[] = [];
  const lines: string[] = [];
  let first = -1;
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind === 'table') continue;
    if (b.text.length > 100) break;
    const own = b.text.split(/\b(?:to purchase|exercisable|issuable|underlying|to be offered by)\b/i)[0];
    const found: Array<{ at: number; name: string }> = [];
    const cls = CLASS_RE.exec(own);
    if (cls) found.push({ at: cls.index, name: `${cls[1] ?? ''}${cls[2].toLowerCase()}` });
    for (const [re, name] of SECURITY_KINDS) {
      const m = re.exec(own);
      if (m) found.push({ at: m.index, name });
    }
    if (found.length === 0) continue;
    if (first < 0) first = i;
    lines.push(b.text);
    for (const f of found.sort((a, z) => a.at - z.at)) if (!names.includes(f.name)) names.push(f.name);
  }
  if (names.length < 2) return null;
  const value = names.length === 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return { value, text: lines.join(' / '), block: first };
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
  // Warrants sold beside shares (not in units): the sentence that gives their exercise price.
  const terms = findInCoverOrOffering(ctx, WARRANT_PRICE_TERMS, PRE_FUNDED) ?? findInCoverOrOffering(ctx, WARRANT_TERMS, PRE_FUNDED);
  return terms ? { value: terms.text, text: terms.text, block: terms.block } : null;
}

function findInCoverOrOffering(ctx: ExtractContext, re: RegExp, skip?: RegExp): Found<string> | null {
  const regions = [ctx.regions.cover];
  const offering = findSection(ctx.doc, /^the offering$/i, ctx.regions.cover.start);
  if (offering) regions.push(offering);
  for (const region of regions) {
    for (const [i, b] of blocksIn(ctx.doc, region)) {
      const texts = b.kind === 'table' ? b.rows.flatMap((r) => r.slice(1)) : [b.text];
      for (const t of texts) {
        for (const s of sentences(t)) {
          const m = re.exec(s);
          if (m && !skip?.test(s)) return { value: m[0], text: s, block: i };
        }
      }
    }
  }
  return null;
}
