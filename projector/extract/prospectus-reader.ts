/**
 * Turns prospectus HTML (or plain text) into a flat list of blocks: headings, paragraphs and tables.
 * EDGAR HTML is verbose (a word per <font>, absolutely positioned <div>s, `$` in its own cell), so
 * the reader works on a streaming pass over htmlparser2's tokenizer (html-stream.ts) with no DOM,
 * which keeps it fast enough to read every registration statement we ingest, and bounded by
 * READ_BUDGET (read-budget.ts) on any input.
 */
import { streamHtml } from './html-stream.ts';
import { binaryContent, READ_BUDGET, type ReadBudget, type ReadLimit } from './read-budget.ts';
import { unwrapSgml } from './sgml-unwrap.ts';
import { BlockChars, cleanText, mergeCells, PAGE_FURNITURE } from './block-text.ts';
import { readPlainText } from './plain-text-reader.ts';

export { cleanText, mergeCells };

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; text: string; rows: string[][] };

export interface ProspectusDoc {
  /** Form type from the SGML wrapper, when there was one. */
  formType: string | null;
  blocks: Block[];
  /** The budgets that cut this read short (see read-budget.ts), each once; empty when the document was read whole. */
  limits: ReadLimit[];
  /** Why nothing of the document was read (binary content), else null; `blocks` is then empty. */
  unreadable: string | null;
  /** True for an EDGAR plain-text filing (read by plain-text-reader.ts), false for HTML. */
  plainText: boolean;
}

const BLOCK_TAGS = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'center', 'blockquote', 'hr',
  'body', 'pre', 'dt', 'dd', 'dl', 'section', 'article', 'header', 'footer', 'address', 'title',
]);
const SKIP_TAGS = new Set(['script', 'style', 'head', 'title', 'noscript']);
const NON_SPACE = /[^\s\u00a0\u200b]/;
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BULLET = /^[•●·▪◦o\-–]$/;
const SENTENCE_END = /[.:;!?"”)]$/;

/**
 * Reads a document within `budget`: never more than its characters, depth and blocks, so a
 * hostile document (binary, truncated, nested 200k deep, 50 MB) reads in bounded time and memory;
 * `limits` says which budget cut in.
 */
export function readProspectus(input: string, opts: { formType?: string | null; budget?: ReadBudget } = {}): ProspectusDoc {
  const budget = opts.budget ?? READ_BUDGET;
  const limits = new Set<ReadLimit>();
  if (input.length > budget.maxInputChars) limits.add('maxInputChars');
  const unwrapped = unwrapSgml(limits.size > 0 ? input.slice(0, budget.maxInputChars) : input, opts.formType);
  const unreadable = binaryContent(unwrapped.body);
  const plainText = !unwrapped.isHtml;
  if (unreadable !== null) return { formType: unwrapped.formType, blocks: [], limits: [...limits], unreadable, plainText };
  const sink = new BlockSink(budget, limits);
  if (unwrapped.isHtml) readHtml(unwrapped.body, sink, budget, limits);
  else readPlainText(unwrapped.body, sink, budget, limits);
  return { formType: unwrapped.formType, blocks: sink.finish(), limits: [...limits], unreadable: null, plainText };
}

/**
 * The blocks read so far, within the budget's block count and block size. The last paragraph
 * stays open as parts while a page break may continue it, so rejoining costs the length of the
 * fragment, not of the paragraph.
 */
export class BlockSink {
  /** True once a block was refused for the block budget: the rest of the document is dropped unread. */
  done = false;
  private readonly blocks: Block[] = [];
  private openParts: string[] | null = null;
  private openLength = 0;
  private openEndsSentence = true;

  constructor(
    private readonly budget: ReadBudget,
    private readonly limits: Set<ReadLimit>,
  ) {}

  push(block: Block): void {
    this.seal();
    if (this.blocks.length >= this.budget.maxBlocks) {
      this.limits.add('maxBlocks');
      this.done = true;
      return;
    }
    this.blocks.push(block);
    if (block.kind === 'paragraph') {
      this.openParts = [block.text];
      this.openLength = block.text.length;
      this.openEndsSentence = SENTENCE_END.test(block.text);
    }
  }

  /** Appends `text` to the last block when that is a paragraph stopped mid-sentence; false when it is not. */
  continueParagraph(text: string): boolean {
    if (this.done || this.openParts === null || this.openEndsSentence) return false;
    if (this.openLength + 1 + text.length > this.budget.maxBlockChars) {
      this.limits.add('maxBlockChars');
      return false;
    }
    this.openParts.push(text);
    this.openLength += 1 + text.length;
    this.openEndsSentence = SENTENCE_END.test(text);
    return true;
  }

  finish(): Block[] {
    this.seal();
    return this.blocks;
  }

  private seal(): void {
    if (this.openParts === null) return;
    if (this.openParts.length > 1) this.blocks[this.blocks.length - 1].text = this.openParts.join(' ');
    this.openParts = null;
  }
}

function readHtml(html: string, sink: BlockSink, budget: ReadBudget, limits: Set<ReadLimit>): void {
  const style = new StyleStack();
  const paragraph = new ParagraphReader(sink, budget, limits);
  const table = new TableReader(sink, budget, limits);
  const { flattened } = streamHtml(
    html,
    {
      onopentag(name, attribs) {
        style.open(name, attribs.style);
        if (style.skip > 0 || sink.done) return;
        if (name === 'table' && table.depth === 0) paragraph.flush();
        if (name === 'table' || table.depth > 0) table.open(name);
        else paragraph.open(name);
      },
      ontext(data) {
        if (style.skip > 0 || sink.done) return;
        if (table.depth > 0) table.text(data);
        else paragraph.text(data, style.bold > 0);
      },
      onclosetag(name) {
        const wasSkipped = style.close();
        if (wasSkipped || sink.done) return;
        if (table.depth > 0) table.close(name);
        else if (BLOCK_TAGS.has(name)) paragraph.flush();
      },
    },
    { maxDepth: budget.maxDepth },
  );
  if (flattened > 0) limits.add('maxDepth');
  if (!sink.done) paragraph.flush();
}

/** The open elements' effect on text: how many make it bold, how many hide it (script, display:none). */
class StyleStack {
  bold = 0;
  skip = 0;
  // Per open element: bit 1 = made text bold, bit 2 = started a hidden/skipped region.
  private readonly flags: number[] = [];

  open(name: string, style: string | undefined): void {
    let f = 0;
    if (SKIP_TAGS.has(name) || (style !== undefined && /display:\s*none/i.test(style))) {
      f |= 2;
      this.skip++;
    }
    if (name === 'b' || name === 'strong' || (style !== undefined && /font-weight:\s*(bold|[6-9]00)/i.test(style))) {
      f |= 1;
      this.bold++;
    }
    this.flags.push(f);
  }

  /** Closes the innermost element; true when it was inside a hidden region. */
  close(): boolean {
    const f = this.flags.pop() ?? 0;
    const wasSkipped = this.skip > 0;
    if (f & 1) this.bold--;
    if (f & 2) this.skip--;
    return wasSkipped;
  }
}

/**
 * Text outside tables, gathered until a block element ends the paragraph: how much of it is bold
 * decides whether it is a heading, and a lone bullet glyph waits for the item it marks.
 */
class ParagraphReader {
  private parts: string[] = [];
  private readonly chars: BlockChars;
  /** Visible characters of the paragraph, and how many of them are bold. */
  private visible = 0;
  private boldVisible = 0;
  private headingTag = false;
  private pendingBullet = '';

  constructor(
    private readonly sink: BlockSink,
    budget: ReadBudget,
    limits: Set<ReadLimit>,
  ) {
    this.chars = new BlockChars(budget.maxBlockChars, limits);
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
    // Whitespace between tags says nothing about emphasis; only visible text counts.
    if (NON_SPACE.test(kept)) {
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
class TableReader {
  /** Tables open around the current position; 0 outside any table. */
  depth = 0;
  private rows: string[][] = [];
  private row: string[] | null = null;
  private cell: string[] | null = null;
  private readonly chars: BlockChars;

  constructor(
    private readonly sink: BlockSink,
    budget: ReadBudget,
    limits: Set<ReadLimit>,
  ) {
    this.chars = new BlockChars(budget.maxBlockChars, limits);
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
      this.cell = [];
    } else if (name === 'br' || BLOCK_TAGS.has(name)) {
      if (this.cell) this.addCellText(' ');
    }
  }

  text(data: string): void {
    if (this.cell) this.addCellText(data);
    else if (this.row && data.trim()) {
      this.cell = [];
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
      if ((name === 'td' || name === 'th' || name === 'tr') && this.cell) this.addCellText(' ');
      return;
    }
    if (name === 'td' || name === 'th') this.endCell();
    else if (name === 'tr') this.endRow();
    else if (BLOCK_TAGS.has(name) && this.cell) this.addCellText(' ');
  }

  private addCellText(s: string): void {
    const kept = this.chars.fit(s);
    if (kept) this.cell!.push(kept);
  }

  private endCell(): void {
    if (this.cell && this.row) this.row.push(cleanText(this.cell.join('')));
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
