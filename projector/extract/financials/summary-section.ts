/**
 * Finds the prospectus's summary financial data ("Summary Consolidated Financial Data",
 * "Summary Financial and Other Data") and, failing that, the "Selected Financial Data" section,
 * and lists their tables with the scale note that precedes each one.
 */
import type { ProspectusDoc } from '../prospectus-reader.ts';
import { scaleNote } from './cells.ts';

export interface SectionTable {
  block: number;
  rows: string[][];
  /** Scale announced by the heading or caption just above the table; null when none. */
  captionScale: number | null;
}

export interface FinancialSection {
  heading: number;
  kind: 'summary' | 'selected';
  tables: SectionTable[];
}

const SUMMARY = /^summary\b.{0,60}\bfinancial\b.{0,40}\b(?:data|information)\b/i;
const SELECTED = /^selected\b(?!.*\bquarterly\b).{0,60}\bfinancial\b.{0,40}\bdata\b/i;
// Sub-headings set in capitals inside the section do not end it.
const INSIDE = /\b(?:data|balance sheets?|operations|cash flows?|statements?|in thousands|in millions|unaudited)\b/i;
const MAX_BLOCKS = 120;
const CAPTION_LOOKBACK = 4;

/** Summary sections first, then selected-data sections, each in document order. */
export function findFinancialSections(doc: ProspectusDoc): FinancialSection[] {
  const out: FinancialSection[] = [];
  for (const [kind, re] of [['summary', SUMMARY], ['selected', SELECTED]] as const) {
    doc.blocks.forEach((b, i) => {
      if (b.kind === 'heading' && b.text.length <= 150 && re.test(b.text)) out.push({ heading: i, kind, tables: tablesAfter(doc, i) });
    });
  }
  return out;
}

function tablesAfter(doc: ProspectusDoc, heading: number): SectionTable[] {
  const blocks = doc.blocks;
  const end = Math.min(blocks.length, heading + 1 + MAX_BLOCKS);
  const tables: SectionTable[] = [];
  for (let i = heading + 1; i < end; i++) {
    const b = blocks[i];
    if (b.kind === 'heading' && isMajorHeading(b.text) && !INSIDE.test(b.text)) break;
    if (b.kind === 'table') tables.push({ block: i, rows: b.rows, captionScale: captionScale(doc, heading, i) });
  }
  return tables;
}

function captionScale(doc: ProspectusDoc, heading: number, table: number): number | null {
  for (let j = table - 1; j >= heading && j >= table - CAPTION_LOOKBACK; j--) {
    const b = doc.blocks[j];
    if (b.kind === 'table') return null;
    // Only short captions: an intro paragraph's prose is not a unit note for the next table.
    if (b.text.length <= 160) {
      const s = scaleNote(b.text);
      if (s !== null) return s;
    }
  }
  return null;
}

function isMajorHeading(text: string): boolean {
  return text.length >= 4 && text === text.toUpperCase() && /[A-Z]{4}/.test(text);
}
