/**
 * Underwriters, lead first: the allocation table of the "Underwriting" section lists the
 * representatives first; when a draft has no such table, the bank names printed at the foot
 * of the cover are used instead.
 */
import type { ExtractContext, Found } from '../extract-context.ts';
import { blocksIn, findSection } from '../doc-regions.ts';

const SECTION = /^(?:underwriting|underwriters|plan of distribution)(?:\s*\(conflicts? of interest\))?$/i;
const NAME_HEADER = /^(?:underwriters?|name|underwriter name|placement agents?)$/i;
const COUNT_HEADER = /number of (?:shares|units|ADSs|american depositary)/i;
const BANK_WORD = /\b(?:LLC|L\.L\.C\.|Inc\.?|Incorporated|& Co\.?|Securities|Capital|Partners|Markets|Sachs|Morgan|Company|Group|Bank|Benchmark|Hutton|Jaffray|Sandler|James|Cowen|Stanley|Lynch|Barclays|Citigroup|Jefferies|Blair|Stifel|Keefe|Roth|Maxim|Aegis|ThinkEquity|Wainwright|Genuity|Allen|JMP|Hallum|Piper|Raymond)\b/i;

export function extractUnderwriters(ctx: ExtractContext): Found<string[]> | null {
  const section = findSection(ctx.doc, SECTION, ctx.regions.cover.end);
  if (section) {
    for (const [i, b] of blocksIn(ctx.doc, section)) {
      if (b.kind !== 'table' || b.rows.length < 2) continue;
      const header = b.rows[0];
      if (!NAME_HEADER.test(header[0] ?? '') && !COUNT_HEADER.test(header.join(' '))) continue;
      const names = b.rows
        .slice(1)
        .map((r) => r[0])
        .filter((n) => n && !/^total\b/i.test(n) && !/^\$?[\d,.]+$/.test(n) && /[A-Za-z]{2}/.test(n));
      if (names.length > 0) return { value: names, text: b.rows.map((r) => r[0]).join(' | '), block: i };
    }
  }
  return coverBanks(ctx);
}

// The cover ends with the banks' names, after "The underwriters expect to deliver the shares…".
function coverBanks(ctx: ExtractContext): Found<string[]> | null {
  let after = false;
  const names: string[] = [];
  let first = -1;
  for (const [i, b] of blocksIn(ctx.doc, ctx.regions.cover)) {
    if (/expect to deliver/i.test(b.text)) {
      after = true;
      continue;
    }
    if (!after) continue;
    if (/^the date of this prospectus|^prospectus dated/i.test(b.text)) break;
    const cells = b.kind === 'table' ? b.rows.flat() : [b.text];
    for (const c of cells) {
      if (c.length <= 70 && !/\d{2}/.test(c) && BANK_WORD.test(c) && !/manager|underwriter/i.test(c)) {
        names.push(c);
        if (first < 0) first = i;
      }
    }
  }
  return names.length > 0 ? { value: names, text: names.join(' | '), block: first } : null;
}
