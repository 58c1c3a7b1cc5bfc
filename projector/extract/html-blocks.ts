/**
 * The two kinds of block an HTML prospectus is read into, as the stream of tags and text arrives
 * (html-reader.ts): paragraphs and headings outside tables, and tables as rows of cells.
 */
import type { BlockSink } from './block-sink.ts';
import { cleanText, mergeCells, PAGE_FURNITURE, type BlockChars } from './block-text.ts';

export const BLOCK_TAGS = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'center', 'blockquote', 'hr',
  'body', 'pre', 'dt', 'dd', 'dl', 'section', 'article', 'header', 'footer', 'address', 'title',
]);
const NON_SPACE = /[^\s\u00a0\u200b]/;
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BULLET = /^[•●·▪◦o\-–]$/;

/**
 * Text outside tables, gathered until a block element ends the paragraph: how much of it is bold
 * decides whether it is a heading, and a lone bullet glyph waits for the item it marks.
 */
export class ParagraphReader {
  private parts: string[] = [];
  private readonly chars: BlockChars;
  /** Visible characters of the paragraph, and how many of them are bold. */
  private visible = 0;
  private boldVisible = 0;
  private headingTag = false;
  private pendingBullet = '';

  constructor(private readonly sink: BlockSink) {
    this.chars = sink.blockChars();
  }

  open(name: string): void {
    if (name === 'br') {
      if (this.chars.fit(' ')) this.parts.push(' ');
    } else if (BLOCK_TAGS.has(name)) {
      this.flush();
      if (HEADING_TAGS.has(name)) this.headingTag = true;
    }
  }

  text(data: string, bold: boolean): void {
    const kept = this.chars.fit(data);
    if (kept) this.parts.push(kept);
    // Whitespace between tags says nothing about emphasis; only visible text counts. Most text
    // starts with a printable ASCII character, which answers without the regular expression.
    const first = kept.charCodeAt(0);
    if ((first > 0x20 && first < 0x7f) || NON_SPACE.test(kept)) {
      this.visible += kept.length;
      if (bold) this.boldVisible += kept.length;
    }
  }

  /** Ends the paragraph: pushes it as a heading or paragraph, or keeps it to join the next one. */
  flush(): void {
    if (this.visible === 0) {
      this.take();
      this.headingTag = false;
      return;
    }
    const text = cleanText(this.take());
    const isBold = this.boldVisible >= this.visible * 0.9;
    this.visible = 0;
    this.boldVisible = 0;
    const wasHeadingTag = this.headingTag;
    this.headingTag = false;
    if (!text || PAGE_FURNITURE.test(text)) return;
    // Float-left bullet glyphs sit in their own <div>; glue them to the item text that follows.
    if (BULLET.test(text)) {
      this.pendingBullet = text + ' ';
      return;
    }
    const full = this.pendingBullet + text;
    this.pendingBullet = '';
    // A page break splits a sentence into two <p>s; rejoin when the first stops mid-sentence.
    if (!isBold && /^[a-z]/.test(full) && this.sink.continueParagraph(full)) return;
    const heading = wasHeadingTag || (isBold && full.length <= 150 && /[A-Za-z]/.test(full) && !/[,;]$/.test(full));
    this.sink.push(heading ? { kind: 'heading', text: full } : { kind: 'paragraph', text: full });
  }

  private take(): string {
    const raw = this.parts.join('');
    this.parts = [];
    this.chars.reset();
    return raw;
  }
}

/** The outermost table's rows of cells; a table nested in a cell is read as text of that cell. */
export class TableReader {
  /** Tables open around the current position; 0 outside any table. */
  depth = 0;
  private rows: string[][] = [];
  private row: string[] | null = null;
  /** The text of the cell being read, or null outside a cell (a string: most cells are one or two pieces). */
  private cell: string | null = null;
  private readonly chars: BlockChars;

  constructor(private readonly sink: BlockSink) {
    this.chars = sink.blockChars();
  }

  open(name: string): void {
    if (name === 'table') {
      this.depth++;
      if (this.depth === 1) {
        this.rows = [];
        this.chars.reset();
      }
      return;
    }
    if (this.depth > 1) return;
    if (name === 'tr') {
      this.endRow();
      this.row = [];
    } else if (name === 'td' || name === 'th') {
      this.endCell();
      if (!this.row) this.row = [];
      this.cell = '';
    } else if (name === 'br' || BLOCK_TAGS.has(name)) {
      if (this.cell !== null) this.addCellText(' ');
    }
  }

  text(data: string): void {
    if (this.cell !== null) this.addCellText(data);
    else if (this.row && data.trim()) {
      this.cell = '';
      this.addCellText(data);
    }
  }

  close(name: string): void {
    if (name === 'table') {
      this.depth--;
      if (this.depth === 0) {
        this.endRow();
        if (this.rows.length > 0) pushTable(this.sink, this.rows);
        this.rows = [];
      }
      return;
    }
    if (this.depth > 1) {
      if ((name === 'td' || name === 'th' || name === 'tr') && this.cell !== null) this.addCellText(' ');
      return;
    }
    if (name === 'td' || name === 'th') this.endCell();
    else if (name === 'tr') this.endRow();
    else if (BLOCK_TAGS.has(name) && this.cell !== null) this.addCellText(' ');
  }

  private addCellText(s: string): void {
    this.cell += this.chars.fit(s);
  }

  private endCell(): void {
    if (this.cell !== null && this.row) this.row.push(cleanText(this.cell));
    this.cell = null;
  }

  private endRow(): void {
    this.endCell();
    if (this.row) {
      const merged = mergeCells(this.row);
      if (merged.length > 0) this.rows.push(merged);
    }
    this.row = null;
  }
}

// Word processors lay bulleted lists out as one-row tables (bullet cell, text cell); those are prose.
function pushTable(sink: BlockSink, rows: string[][]): void {
  if (rows.every((r) => r.length === 2 && BULLET.test(r[0]))) {
    for (const r of rows) sink.push({ kind: 'paragraph', text: `${r[0]} ${r[1]}` });
    return;
  }
  sink.push({ kind: 'table', rows, text: rows.map((r) => r.join(' ')).join('\n') });
}
