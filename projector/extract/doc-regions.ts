/**
 * Where things are in a prospectus: the facing page of the registration statement (check-box grid),
 * the prospectus cover (terms), and named sections ("Underwriting", "Use of Proceeds").
 * Extractors search these regions instead of the whole document so that a base prospectus's
 * "Description of Units" or a dilution table's assumed price never leaks into the cover terms.
 */
import type { Block, ProspectusDoc } from './prospectus-reader.ts';

export interface Region {
  start: number;
  end: number; // exclusive
}

export interface DocRegions {
  facing: Region;
  cover: Region;
}

const COVER_START = /^(?:the information in this (?:preliminary )?prospectus|subject to completion|preliminary prospectus\b|prospectus \(subject to completion\)|filed pursuant to rule 424)/i;
const DELAYING_AMENDMENT = /hereby amends this registration statement/i;
// Facing-page items of a registration statement: the Rule 415/462 boxes and the filer-status grid.
const FACING_ITEM = /\bcheck the following box\b|\bindicate by check mark\b|^approximate date of commencement of proposed sale/i;
const PROSPECTUS_TITLE = /^(?:base )?prospectus(?: supplement)?$/i;
const COVER_END_HEADING = /^(?:table of contents|prospectus summary|summary|about this prospectus(?: supplement)?|prospectus supplement summary)$/i;
const MAX_COVER_BLOCKS = 70;

export function findRegions(doc: ProspectusDoc): DocRegions {
  const blocks = doc.blocks;
  const limit = Math.min(blocks.length, 400);
  let start = -1;
  for (let i = 0; i < limit; i++) {
    if (COVER_START.test(blocks[i].text)) {
      start = i;
      break;
    }
  }
  if (start < 0) {
    // Final prospectuses carry no red-herring legend: the cover follows the delaying amendment or
    // the fee table of the facing page, or is the very first page of a 424B.
    for (let i = 0; i < limit; i++) {
      if (DELAYING_AMENDMENT.test(blocks[i].text)) {
        start = i + 1;
        break;
      }
    }
  }
  if (start < 0) {
    // An automatic shelf (S-3ASR, F-3ASR) is effective on filing: no legend, no delaying amendment.
    // Its cover is the "PROSPECTUS" title after the last facing-page item.
    let lastFacing = -1;
    for (let i = 0; i < limit; i++) if (FACING_ITEM.test(blocks[i].text)) lastFacing = i;
    if (lastFacing >= 0) {
      start = lastFacing + 1;
      for (let i = lastFacing + 1; i < Math.min(limit, lastFacing + 15); i++) {
        if (PROSPECTUS_TITLE.test(blocks[i].text)) {
          start = i;
          break;
        }
      }
    }
  }
  if (start < 0) start = 0;
  let end = Math.min(blocks.length, start + MAX_COVER_BLOCKS);
  for (let i = start + 1; i < end; i++) {
    const b = blocks[i];
    if (isTocTable(b) || (b.kind === 'heading' && COVER_END_HEADING.test(b.text))) {
      end = i;
      break;
    }
  }
  return { facing: { start: 0, end: start }, cover: { start, end } };
}

/** A table of contents: most rows end in a page number ("11", "S-4", "F-1"). */
function isTocTable(b: Block): boolean {
  if (b.kind !== 'table' || b.rows.length < 4) return false;
  const paged = b.rows.filter((r) => r.length >= 2 && /^(?:[A-Z]-)?(?:\d{1,3}|[ivx]{1,5})$/i.test(r[r.length - 1])).length;
  return paged >= b.rows.length * 0.6;
}

/** Blocks of the first section whose heading matches, up to the next all-caps heading. */
export function findSection(doc: ProspectusDoc, heading: RegExp, from = 0): Region | null {
  const blocks = doc.blocks;
  for (let i = from; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.kind !== 'heading' || !heading.test(b.text)) continue;
    let end = Math.min(blocks.length, i + 120);
    for (let j = i + 1; j < end; j++) {
      const n = blocks[j];
      if (n.kind === 'heading' && isMajorHeading(n.text)) {
        end = j;
        break;
      }
    }
    return { start: i + 1, end };
  }
  return null;
}

// Section titles are set in capitals; sub-headings ("Over-allotment Option") are not.
function isMajorHeading(text: string): boolean {
  return text.length >= 4 && text === text.toUpperCase() && /[A-Z]{4}/.test(text);
}

export function* blocksIn(doc: ProspectusDoc, region: Region): Generator<[number, Block]> {
  for (let i = region.start; i < region.end && i < doc.blocks.length; i++) yield [i, doc.blocks[i]];
}

/** Splits prose into sentences without breaking on "Inc.", "No.", "$0.001" or "U.S.". */
export function sentences(text: string): string[] {
  const out: string[] = [];
  const re = /[.!?]["”’)]?\s+(?=["“(]?[A-Z])/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const before = text.slice(Math.max(last, m.index - 6), m.index + 1);
    if (/\b(?:Inc|No|Co|Corp|Ltd|L\.P|U\.S|S\.A|N\.V|Mr|Ms|Dr|St|vs|approx|LLC)\.$/i.test(before) || /\b[A-Z]\.$/.test(before)) continue;
    out.push(text.slice(last, m.index + m[0].trimEnd().length).trim());
    last = m.index + m[0].length;
  }
  const tail = text.slice(last).trim();
  if (tail) out.push(tail);
  return out;
}

/** The sentence of `text` that contains character offset `at`. */
export function sentenceAt(text: string, at: number): string {
  let pos = 0;
  for (const s of sentences(text)) {
    const i = text.indexOf(s, pos);
    if (i >= 0 && at >= i && at < i + s.length) return s;
    if (i >= 0) pos = i + s.length;
  }
  return text;
}
