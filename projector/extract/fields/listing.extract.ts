/**
 * Exchange and ticker as the prospectus writes them: "listed on the NASDAQ Global Market under the
 * symbol "AAOI"", "approved to list … on the Nasdaq Capital Market under the symbol "UNCY"", and the
 * exchanges' former names in older filings ("Nasdaq National Market", "American Stock Exchange").
 * A blank symbol in an early draft ("under the symbol " ."") stays null.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, sentences } from '../doc-regions.ts';
import { frontMatter } from '../extract-context.ts';

// Quoted ("AAOI", “UNCY”) or, in older filings, bare capitals ("under the symbol RSTN.").
const SYMBOL = /under the (?:trading )?symbols?\s*(?:[“"'‘]\s*([A-Z][A-Z0-9]{0,5}(?:[.\-][A-Z0-9]{1,3})?)\s*[.,]?\s*[”"'’]|([A-Z]{2,6})(?![A-Za-z0-9]))/;
export const EXCHANGE =
  /\b(?:The\s+)?(Nasdaq\s+(?:Global\s+Select|Global|Capital|National|SmallCap)\s+Market|American\s+Stock\s+Exchange|Nasdaq\s+Stock\s+Market(?:\s+LLC)?|New\s+York\s+Stock\s+Exchange(?:\s+(?:American|Arca|MKT))?|NYSE\s+(?:American|MKT|Arca|Amex)|NYSE|Cboe\s+BZX(?:\s+Exchange)?|OTCQX|OTCQB|OTC\s+Pink|OTC\s+Bulletin\s+Board|Nasdaq|NASDAQ|TSX(?:\s+Venture\s+Exchange)?)\b/i;

export interface ListingHint {
  ticker: string | null;
  exchange: string | null;
}

export function extractListing(ctx: ExtractContext): Found<ListingHint> | null {
  for (const region of [ctx.regions.cover, frontMatter(ctx)]) {
    for (const [i, b] of blocksIn(ctx.doc, region)) {
      if (b.kind === 'table' || !/under the (?:trading )?symbol/i.test(b.text)) continue;
      for (const s of sentences(b.text)) {
        if (!/under the (?:trading )?symbol/i.test(s)) continue;
        const sym = SYMBOL.exec(s);
        const ex = EXCHANGE.exec(s);
        const exchange = ex ? ex[1].replace(/\s+/g, ' ') : null;
        if (!sym && !exchange) continue;
        return { value: { ticker: sym ? sym[1] ?? sym[2] : null, exchange }, text: s, block: i };
      }
    }
  }
  return null;
}
