/**
 * Who sells: the issuer (primary), selling stockholders (secondary), or only the holders (resale).
 * Read from the cover, where every prospectus must say it: "we are offering", an issuer's shelf
 * ("we may offer and sell") or at-the-market program (sales through agents) are primary.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, sentenceAt } from '../doc-regions.ts';

const PRIMARY =
  /\b(?:we are offering|we are selling|(?:is|are) offering (?:\S+ )?(?:shares|units|ADSs|american depositary) of (?:its|our)|(?:Inc|Corp|Ltd|Limited|Company|Corporation|LLC)\.?,? (?:is )?offering (?:\S+ )?(?:shares|units|ADSs|notes|securities)|we are issuing|this is (?:an|our|the) initial public offering of|we are offering for sale)\b/i;
// A shelf or an at-the-market program: the issuer sells, now or from time to time, itself or
// through sales agents ("the offer and sale from time to time of shares of X's common stock …
// through A, B and C as agents", "We may offer and sell the securities identified above").
const ISSUER_SELLS_LATER =
  /\bwe may (?:from time to time )?(?:offer|issue)(?:,? (?:issue|offer))? (?:and|or) sell\b|\bwe may offer\b|\b(?:offer|issuance) and sale (?:from time to time )?of .{0,200}?\bthrough\b.{0,600}?\bas (?:our |its )?(?:sales )?agents?\b/i;
// "We are not selling any shares", "Tellium is not selling any shares of common stock under this prospectus".
const NOT_PRIMARY = /\b(?:we are|is) not (?:selling|offering) any\b/i;
/** "selling stockholders", "selling shareholder", "selling securityholders": the holders who sell in a secondary or resale. */
export const SELLING_HOLDERS = /\bselling (?:stock|share|unit|security|securit(?:y|ies))holders?\b/i;
const SECONDARY =
  /selling (?:stock|share|unit|security ?)holders?\b.{0,250}?\b(?:are offering|is offering|may (?:from time to time )?offer|offer and resell|may (?:from time to time )?(?:sell|resell)|are selling|is selling)\b|\boffered by the selling (?:stock|share|security ?)holders?\b|\b(?:resale|disposition)\b[^.]{0,250}\bby the selling (?:stock|share|security ?)holders?\b/i;

export interface OfferingKind {
  isPrimaryOffering: boolean | null;
  isSecondaryOffering: boolean | null;
  isSellingStockholdersOnly: boolean | null;
}

export function extractOfferingKind(ctx: ExtractContext): Found<OfferingKind> | null {
  let primary: { block: number; text: string } | null = null;
  let secondary: { block: number; text: string } | null = null;
  let notPrimary = false;
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind === 'table') continue;
    if (NOT_PRIMARY.test(b.text)) notPrimary = true;
    const p = PRIMARY.exec(b.text);
    if (p && !primary) primary = { block: i, text: sentenceAt(b.text, p.index) };
    const later = ISSUER_SELLS_LATER.exec(b.text);
    if (later && !primary && !SELLING_HOLDERS.test(sentenceAt(b.text, later.index))) primary = { block: i, text: sentenceAt(b.text, later.index) };
    const s = SECONDARY.exec(b.text);
    if (s && !secondary) secondary = { block: i, text: sentenceAt(b.text, s.index) };
  }
  if (!primary && !secondary) return null;
  const isPrimary = primary !== null && !notPrimary;
  const isSecondary = secondary !== null;
  const src = primary ?? secondary!;
  return {
    value: { isPrimaryOffering: isPrimary, isSecondaryOffering: isSecondary, isSellingStockholdersOnly: isSecondary && !isPrimary },
    text: src.text,
    block: src.block,
  };
}
