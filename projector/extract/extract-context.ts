/** What every field extractor receives, and what it returns: a value with the text it came from. */
import type { ProspectusDoc } from './prospectus-reader.ts';
import { findRegions, type DocRegions } from './doc-regions.ts';

export interface Found<T> {
  value: T;
  /** The sentence or table row the value was read from. */
  text: string;
  /** Index into `doc.blocks`. */
  block: number;
}

export interface ExtractContext {
  doc: ProspectusDoc;
  regions: DocRegions;
  formType: string | null;
}

export function makeContext(doc: ProspectusDoc, formType?: string | null): ExtractContext {
  return { doc, regions: findRegions(doc), formType: formType ?? doc.formType ?? null };
}

/** Cover plus the summary pages that follow it: where "The Offering" and issuer status live. */
export function frontMatter(ctx: ExtractContext, blocks = 400): { start: number; end: number } {
  const start = ctx.regions.cover.start;
  return { start, end: Math.min(ctx.doc.blocks.length, start + blocks) };
}
