/**
 * Turns prospectus HTML (or plain text) into a flat list of blocks: headings, paragraphs and tables.
 * EDGAR HTML is verbose (a word per <font>, absolutely positioned <div>s, `$` in its own cell), so
 * the reader works on a streaming htmlparser2 callback pass with no DOM, which keeps it fast enough
 * to read every registration statement we ingest.
 */
import { Parser } from 'htmlparser2';
import { unwrapSgml } from './sgml-unwrap.ts';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; text: string; rows: string[][] };

export interface ProspectusDoc {
  /** Form type from the SGML wrapper, when there was one. */
  formType: string | null;
  blocks: Block[];
}

const BLOCK_TAGS = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'center', 'blockquote', 'hr',
  'body', 'pre', 'dt', 'dd', 'dl', 'section', 'article', 'header', 'footer', 'address', 'title',
]);
const SKIP_TAGS = new Set(['script', 'style', 'head', 'title', 'noscript']);
const NON_SPACE = /[^\s\u00a0\u200b]/;
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

// Page furniture that the typesetter leaves between pages: bare numbers, roman numerals,
// "F-12", "- 3 -", and the "Table of Contents" back-links printed on every page.
const PAGE_FURNITURE = /^(?:\d{1,3}|[ivxlc]{1,7}|[A-Z]{1,2}-(?:\d{1,3}|[ivxlc]{1,7})|-\s*\d{1,3}\s*-|page \d{1,3}|table of contents)$/i;

export function readProspectus(input: string, opts: { formType?: string | null } = {}): ProspectusDoc {
  const unwrapped = unwrapSgml(input, opts.formType);
  const blocks = unwrapped.isHtml ? readHtml(unwrapped.body) : readPlainText(unwrapped.body);
  return { formType: unwrapped.formType, blocks };
}

/** Whitespace and typographic spaces to one ASCII space; zero-width marks removed. */
export function cleanText(s: string): string {
  return s
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ')
    .trim();
}

function readHtml(html: string): Block[] {
  const blocks: Block[] = [];
  // Per open element: bit 1 = made text bold, bit 2 = started a hidden/skipped region.
  const flags: number[] = [];
  let bold = 0;
  let skip = 0;
  let para: string[] = [];
  let paraLen = 0;
  let boldLen = 0;
  let headingTag = false;
  let pendingBullet = '';

  let tableDepth = 0;
  let rows: string[][] = [];
  let row: string[] | null = null;
  let cell: string[] | null = null;

  const flush = (): void => {
    if (paraLen === 0) {
      para = [];
      headingTag = false;
      return;
    }
    const text = cleanText(para.join(''));
    const isBold = boldLen >= paraLen * 0.9;
    para = [];
    paraLen = 0;
    boldLen = 0;
    const wasHeadingTag = headingTag;
    headingTag = false;
    if (!text || PAGE_FURNITURE.test(text)) return;
    // Float-left bullet glyphs sit in their own <div>; glue them to the item text that follows.
    if (/^[•●·▪◦o\-–]$/.test(text)) {
      pendingBullet = text + ' ';
      return;
    }
    const full = pendingBullet + text;
    pendingBullet = '';
    // A page break splits a sentence into two <p>s; rejoin when the first stops mid-sentence.
    const prev = blocks[blocks.length - 1];
    if (prev && prev.kind === 'paragraph' && !isBold && /^[a-z]/.test(full) && !/[.:;!?"”)]$/.test(prev.text)) {
      prev.text += ' ' + full;
      return;
    }
    const heading = wasHeadingTag || (isBold && full.length <= 150 && /[A-Za-z]/.test(full) && !/[,;]$/.test(full));
    blocks.push(heading ? { kind: 'heading', text: full } : { kind: 'paragraph', text: full });
  };

  const endCell = (): void => {
    if (cell && row) row.push(cleanText(cell.join('')));
    cell = null;
  };
  const endRow = (): void => {
    endCell();
    if (row) {
      const merged = mergeCells(row);
      if (merged.length > 0) rows.push(merged);
    }
    row = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        let f = 0;
        const style = attribs.style;
        if (SKIP_TAGS.has(name) || (style !== undefined && /display:\s*none/i.test(style))) {
          f |= 2;
          skip++;
        }
        if (name === 'b' || name === 'strong' || (style !== undefined && /font-weight:\s*(bold|[6-9]00)/i.test(style))) {
          f |= 1;
          bold++;
        }
        flags.push(f);
        if (skip > 0) return;
        if (name === 'table') {
          tableDepth++;
          if (tableDepth === 1) {
            flush();
            rows = [];
          }
          return;
        }
        if (tableDepth > 0) {
          if (tableDepth > 1) return;
          if (name === 'tr') {
            endRow();
            row = [];
          } else if (name === 'td' || name === 'th') {
            endCell();
            if (!row) row = [];
            cell = [];
          } else if (name === 'br' || BLOCK_TAGS.has(name)) {
            cell?.push(' ');
          }
          return;
        }
        if (name === 'br') {
          para.push(' ');
        } else if (BLOCK_TAGS.has(name)) {
          flush();
          if (HEADING_TAGS.has(name)) headingTag = true;
        }
      },
      ontext(data) {
        if (skip > 0) return;
        if (tableDepth > 0) {
          if (cell) cell.push(data);
          else if (row && data.trim()) {
            cell = [data];
          }
          return;
        }
        para.push(data);
        // Whitespace between tags says nothing about emphasis; only visible text counts.
        if (NON_SPACE.test(data)) {
          paraLen += data.length;
          if (bold > 0) boldLen += data.length;
        }
      },
      onclosetag(name) {
        const f = flags.pop() ?? 0;
        const wasSkipped = skip > 0;
        if (f & 1) bold--;
        if (f & 2) skip--;
        if (wasSkipped) return;
        if (name === 'table' && tableDepth > 0) {
          tableDepth--;
          if (tableDepth === 0) {
            endRow();
            if (rows.length > 0) pushTable(blocks, rows);
            rows = [];
          }
          return;
        }
        if (tableDepth > 0) {
          if (tableDepth > 1) {
            if (name === 'td' || name === 'th' || name === 'tr') cell?.push(' ');
            return;
          }
          if (name === 'td' || name === 'th') endCell();
          else if (name === 'tr') endRow();
          else if (BLOCK_TAGS.has(name)) cell?.push(' ');
          return;
        }
        if (BLOCK_TAGS.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}

// Word processors lay bulleted lists out as one-row tables (bullet cell, text cell); those are prose.
function pushTable(blocks: Block[], rows: string[][]): void {
  if (rows.every((r) => r.length === 2 && /^[•●·▪◦o\-–]$/.test(r[0]))) {
    for (const r of rows) blocks.push({ kind: 'paragraph', text: `${r[0]} ${r[1]}` });
    return;
  }
  blocks.push({ kind: 'table', rows, text: rows.map((r) => r.join(' ')).join('\n') });
}

/**
 * EDGAR tables put `$` and `)` / `%` in cells of their own and pad with empty spacer cells;
 * merging them gives one cell per value ("$ 4.00" → "$4.00", "(1,234" + ")" → "(1,234)").
 */
export function mergeCells(cells: string[]): string[] {
  const out: string[] = [];
  let carry = '';
  for (const c of cells) {
    if (c === '') continue;
    if (c === '$' || c === '($' || c === '(' || c === '$(') {
      // Two currency cells in a row mean the first one's amount was left blank.
      if (carry) out.push(carry);
      carry = c;
      continue;
    }
    if (/^[)%]+$/.test(c) && out.length > 0 && carry === '') {
      out[out.length - 1] += c;
      continue;
    }
    out.push(carry + c);
    carry = '';
  }
  if (carry) out.push(carry);
  return out;
}

function readPlainText(text: string): Block[] {
  const blocks: Block[] = [];
  const body = text.replace(/<\/?(PAGE|PRE|S|C|FN|CAPTION|TABLE)>/gi, '\n');
  for (const chunk of body.split(/\r?\n\s*\r?\n/)) {
    const t = cleanText(chunk);
    if (!t || PAGE_FURNITURE.test(t)) continue;
    const heading = t.length <= 80 && t === t.toUpperCase() && /[A-Z]/.test(t);
    blocks.push(heading ? { kind: 'heading', text: t } : { kind: 'paragraph', text: t });
  }
  return blocks;
}
