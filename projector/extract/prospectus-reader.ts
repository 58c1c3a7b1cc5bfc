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
  // Per open element: bit 1 = made text bold, bit 2 = started a hidden/skipped region.
  const flags: number[] = [];
  let bold = 0;
  let skip = 0;
  let para: string[] = [];
  const paraChars = new BlockChars(budget.maxBlockChars, limits);
  let paraLen = 0;
  let boldLen = 0;
  let headingTag = false;
  let pendingBullet = '';

  let tableDepth = 0;
  let rows: string[][] = [];
  let row: string[] | null = null;
  let cell: string[] | null = null;
  const tableChars = new BlockChars(budget.maxBlockChars, limits);

  const takePara = (): string => {
    const raw = para.join('');
    para = [];
    paraChars.reset();
    return raw;
  };
  const flush = (): void => {
    if (paraLen === 0) {
      takePara();
      headingTag = false;
      return;
    }
    const text = cleanText(takePara());
    const isBold = boldLen >= paraLen * 0.9;
    paraLen = 0;
    boldLen = 0;
    const wasHeadingTag = headingTag;
    headingTag = false;
    if (!text || PAGE_FURNITURE.test(text)) return;
    // Float-left bullet glyphs sit in their own <div>; glue them to the item text that follows.
    if (BULLET.test(text)) {
      pendingBullet = text + ' ';
      return;
    }
    const full = pendingBullet + text;
    pendingBullet = '';
    // A page break splits a sentence into two <p>s; rejoin when the first stops mid-sentence.
    if (!isBold && /^[a-z]/.test(full) && sink.continueParagraph(full)) return;
    const heading = wasHeadingTag || (isBold && full.length <= 150 && /[A-Za-z]/.test(full) && !/[,;]$/.test(full));
    sink.push(heading ? { kind: 'heading', text: full } : { kind: 'paragraph', text: full });
  };

  const addCellText = (s: string): void => {
    const kept = tableChars.fit(s);
    if (kept) cell!.push(kept);
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
  const { flattened } = streamHtml(
    html,
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
        if (skip > 0 || sink.done) return;
        if (name === 'table') {
          tableDepth++;
          if (tableDepth === 1) {
            flush();
            rows = [];
            tableChars.reset();
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
            if (cell) addCellText(' ');
          }
          return;
        }
        if (name === 'br') {
          if (paraChars.fit(' ')) para.push(' ');
        } else if (BLOCK_TAGS.has(name)) {
          flush();
          if (HEADING_TAGS.has(name)) headingTag = true;
        }
      },
      ontext(data) {
        if (skip > 0 || sink.done) return;
        if (tableDepth > 0) {
          if (cell) addCellText(data);
          else if (row && data.trim()) {
            cell = [];
            addCellText(data);
          }
          return;
        }
        const kept = paraChars.fit(data);
        if (kept) para.push(kept);
        // Whitespace between tags says nothing about emphasis; only visible text counts.
        if (NON_SPACE.test(kept)) {
          paraLen += kept.length;
          if (bold > 0) boldLen += kept.length;
        }
      },
      onclosetag(name) {
        const f = flags.pop() ?? 0;
        const wasSkipped = skip > 0;
        if (f & 1) bold--;
        if (f & 2) skip--;
        if (wasSkipped || sink.done) return;
        if (name === 'table' && tableDepth > 0) {
          tableDepth--;
          if (tableDepth === 0) {
            endRow();
            if (rows.length > 0) pushTable(sink, rows);
            rows = [];
          }
          return;
        }
        if (tableDepth > 0) {
          if (tableDepth > 1) {
            if ((name === 'td' || name === 'th' || name === 'tr') && cell) addCellText(' ');
            return;
          }
          if (name === 'td' || name === 'th') endCell();
          else if (name === 'tr') endRow();
          else if (BLOCK_TAGS.has(name) && cell) addCellText(' ');
          return;
        }
        if (BLOCK_TAGS.has(name)) flush();
      },
    },
    { maxDepth: budget.maxDepth },
  );
  if (flattened > 0) limits.add('maxDepth');
  if (!sink.done) flush();
}

// Word processors lay bulleted lists out as one-row tables (bullet cell, text cell); those are prose.
function pushTable(sink: BlockSink, rows: string[][]): void {
  if (rows.every((r) => r.length === 2 && BULLET.test(r[0]))) {
    for (const r of rows) sink.push({ kind: 'paragraph', text: `${r[0]} ${r[1]}` });
    return;
  }
  sink.push({ kind: 'table', rows, text: rows.map((r) => r.join(' ')).join('\n') });
}
