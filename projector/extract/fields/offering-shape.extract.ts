/**
 * Two offering shapes whose covers carry dollar figures that are not share terms:
 * - an at-the-market program sells at market prices through sales agents; its "up to $X" is a
 *   cap on sales, not a price, not gross proceeds, and it has no share count;
 * - a debt or structured-note offering prices notes as a "% of principal amount" or "$1,000 per
 *   note": no share price, range or count.
 */
import type { ExtractContext } from '../extract-context.ts';
import { blocksIn } from '../doc-regions.ts';

export interface OfferingShape {
  atTheMarket: boolean;
  debtOnly: boolean;
}

const AT_THE_MARKET = /\bat[- ]the[- ]market offerings?\b|\bequity distribution agreement\b|\b(?:as|through (?:the|our|its)) sales agents?\b|\bsales agents?\b[^.]{0,80}\bcommission\b/i;
const DEBT_TITLE = /\b(?:notes?|debentures|bonds)\b/i;
const EQUITY_TITLE = /\b(?:shares|common stock|ordinary shares|common shares|units|ADSs|american depositary|warrants|preferred stock)\b/i;

export function offeringShape(ctx: ExtractContext): OfferingShape {
  let atTheMarket = false;
  let debtTitle = false;
  let equityTitle = false;
  let inTitle = true;
  for (const [, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (b.kind === 'table') continue;
    if (AT_THE_MARKET.test(b.text)) atTheMarket = true;
    // The title lines come before the first paragraph of prose.
    if (b.text.length > 120) inTitle = false;
    if (!inTitle) continue;
    if (DEBT_TITLE.test(b.text) && /\bdue\b|\bprincipal\b|%|linked to/i.test(b.text)) debtTitle = true;
    if (EQUITY_TITLE.test(b.text.split(/\b(?:convertible into|exchangeable for|linked to)\b/i)[0]) && !DEBT_TITLE.test(b.text)) equityTitle = true;
  }
  return { atTheMarket, debtOnly: debtTitle && !equityTitle };
}
