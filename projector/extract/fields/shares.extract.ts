/**
 * Base deal size and the over-allotment option. The cover headline ("2,700,000 shares",
 * "4,550,000 Units") is the base deal including any selling-stockholder shares and excluding the
 * option; when it is blank we add "we are offering N" and "the selling stockholders are offering M", or,
 * in a resale, count the shares the holders may sell ("up to 500,000 shares … by the selling stockholder").
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, findSection, sentenceAt, sentences } from '../doc-regions.ts';
import { COUNT_SRC, parseCount } from '../text-numbers.ts';
import { SELLING_HOLDERS } from './offering-kind.extract.ts';

export type OfferedNoun = 'shares' | 'units' | 'ads';

const NOUN_SRC = '(american depositary shares|ADSs|units|shares)';
const HEADLINE = new RegExp(`^(${COUNT_SRC})\\s+${NOUN_SRC}\\b`, 'i');
const WE_OFFER = new RegExp(`\\bwe are (?:offering|selling)\\s+(${COUNT_SRC})\\s+(?:of our\\s+)?${NOUN_SRC}`, 'i');
const HOLDERS_OFFER = new RegExp(
  `selling (?:stock|share)holders?\\b.{0,200}?\\b(?:are|is) (?:offering|selling)\\s+(?:an additional\\s+)?(${COUNT_SRC})\\s+${NOUN_SRC}`,
  'i',
);
// A resale sizes the offering by what the holders may sell: "the resale … of up to 500,000 shares … by
// the selling stockholder", "(i) up to 1,333,333 shares … and (ii) up to 1,333,333 shares …".
const UP_TO = new RegExp(`\\bup to\\s+(?:an aggregate of\\s+)?(${COUNT_SRC})\\s+${NOUN_SRC}`, 'gi');
const OPTION = new RegExp(
  `(?:option|right)\\b.{0,250}?\\bpurchase\\s+(?:up to\\s+(?:an?\\s+)?(?:additional\\s+|aggregate of\\s+)?|an additional\\s+|additional\\s+)(${COUNT_SRC})\\s+(?:additional\\s+)?(?:shares|ADSs|units|american depositary|ordinary|common)`,
  'i',
);

export function nounOf(word: string): OfferedNoun {
  const w = word.toLowerCase();
  if (w.startsWith('american') || w === 'adss') return 'ads';
  if (w === 'units') return 'units';
  return 'shares';
}

export function extractHeadlineShares(ctx: ExtractContext): Found<{ count: number; noun: OfferedNoun }> | null {
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind === 'table' || b.text.length > 90) continue;
    const m = HEADLINE.exec(b.text);
    if (!m) continue;
    const count = parseCount(m[1]);
    if (count !== null && count > 0) return { value: { count, noun: nounOf(m[2]) }, text: b.text, block: i };
  }
  return null;
}

export function extractTotalShares(ctx: ExtractContext): Found<{ count: number; noun: OfferedNoun }> | null {
  const headline = extractHeadlineShares(ctx);
  if (headline) return headline;
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind === 'table') continue;
    const ours = WE_OFFER.exec(b.text);
    const theirs = HOLDERS_OFFER.exec(b.text);
    const a = ours ? parseCount(ours[1]) : null;
    const c = theirs ? parseCount(theirs[1]) : null;
    if (a === null && c === null) continue;
    const noun = nounOf((ours ?? theirs)![2]);
    return { value: { count: (a ?? 0) + (c ?? 0), noun }, text: sentenceAt(b.text, (ours ?? theirs)!.index), block: i };
  }
  return resaleShares(ctx);
}

/** The shares a resale registers: every "up to N shares" of the sentence that names the selling holders. */
export function resaleShares(ctx: ExtractContext): Found<{ count: number; noun: OfferedNoun }> | null {
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind === 'table' || !SELLING_HOLDERS.test(b.text)) continue;
    for (const s of sentences(b.text)) {
      if (!SELLING_HOLDERS.test(s)) continue;
      const counts = [...s.matchAll(UP_TO)].map((m) => ({ count: parseCount(m[1]), noun: nounOf(m[2]) }));
      if (counts.length === 0 || counts.some((c) => c.count === null || c.noun !== counts[0].noun)) continue;
      return { value: { count: counts.reduce((n, c) => n + c.count!, 0), noun: counts[0].noun }, text: s, block: i };
    }
  }
  return null;
}

export function extractOverAllotment(ctx: ExtractContext): Found<number> | null {
  const regions = [ctx.regions.cover];
  const offering = findSection(ctx.doc, /^the offering$/i, ctx.regions.cover.start);
  if (offering) regions.push(offering);
  const underwriting = findSection(ctx.doc, /^underwrit/i, ctx.regions.cover.end);
  if (underwriting) regions.push(underwriting);
  for (const region of regions) {
    for (const [i, b] of blocksIn(ctx.doc, region)) {
      const m = OPTION.exec(b.text);
      if (!m) continue;
      const count = parseCount(m[1]);
      if (count !== null && count > 0) return { value: count, text: sentenceAt(b.text, m.index), block: i };
    }
  }
  return null;
}
