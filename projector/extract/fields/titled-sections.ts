/**
 * Every section of a prospectus with a given title, in document order. A 424B supplement carries its
 * own "Legal Matters" and "Experts" before the base prospectus's; a registration statement one of
 * each. A title is a heading, or a paragraph or one-row table that is nothing but the title (older
 * filings set headings as plain text).
 */
import type { ProspectusDoc } from '../prospectus-reader.ts';
import type { Region } from '../doc-regions.ts';

const MAX_BLOCKS = 30;
// Sections that follow Legal Matters and Experts: a title of one of them ends the section even when
// it is not set in capitals.
const NEXT_SECTION = /^(?:experts|legal matters|legal opinions?|validity of\b|where you can (?:find|obtain)|incorporation\b|information incorporated|index to\b|change in\b|changes in\b|interests of named|other matters|part ii\b|item \d+\.)/i;

function blockText(doc: ProspectusDoc, i: number): string {
  const b = doc.blocks[i];
  if (b.kind === 'table') return b.rows.length === 1 ? b.rows[0].join(' ').trim() : '';
  return b.text.trim();
}

function isTitle(doc: ProspectusDoc, i: number, title: RegExp): boolean {
  const b = doc.blocks[i];
  const raw = blockText(doc, i);
  // A title has at most 80 characters and a closing `.` or `:`; every paragraph of the document
  // is asked, so a longer one is answered before the replace copies it.
  if (raw.length > 81) return false;
  const text = raw.replace(/[.:]$/, '');
  return text.length <= 80 && title.test(text) && (b.kind === 'heading' || b.kind === 'paragraph' || b.kind === 'table');
}

const isCapitals = (text: string) => text === text.toUpperCase() && /[A-Z]{4}/.test(text);

export function titledSections(doc: ProspectusDoc, title: RegExp, from = 0): Region[] {
  const out: Region[] = [];
  for (let i = from; i < doc.blocks.length; i++) {
    if (!isTitle(doc, i, title)) continue;
    // A title in capitals may hold sub-headings (one per audited company); one in mixed case ends at the next heading.
    const capitals = isCapitals(blockText(doc, i));
    let end = Math.min(doc.blocks.length, i + 1 + MAX_BLOCKS);
    for (let j = i + 1; j < end; j++) {
      const b = doc.blocks[j];
      const text = blockText(doc, j);
      const heading = b.kind === 'heading';
      if ((heading && (!capitals || isCapitals(text))) || (text.length <= 80 && NEXT_SECTION.test(text))) {
        end = j;
        break;
      }
    }
    out.push({ start: i + 1, end });
    i = end - 1;
  }
  return out;
}
