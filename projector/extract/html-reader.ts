/**
 * EDGAR HTML read in one streaming pass over htmlparser2's tokenizer (html-stream.ts), with no DOM:
 * text outside tables becomes paragraphs and headings, tables rows of cells (html-blocks.ts), and
 * what the page hides (scripts, styles, display:none) is skipped.
 */
import type { BlockSink } from './block-sink.ts';
import { BLOCK_TAGS, ParagraphReader, TableReader } from './html-blocks.ts';
import { streamHtml } from './html-stream.ts';
import type { ReadBudget, ReadLimit } from './read-budget.ts';

const SKIP_TAGS = new Set(['script', 'style', 'head', 'title', 'noscript']);
const HIDDEN = /display:\s*none/i;
const BOLD = /font-weight:\s*(bold|[6-9]00)/i;

export function readHtml(html: string, sink: BlockSink, budget: ReadBudget, limits: Set<ReadLimit>): void {
  const style = new StyleStack();
  const paragraph = new ParagraphReader(sink);
  const table = new TableReader(sink);
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
    { maxDepth: budget.maxDepth, attributes: ['style'] },
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
  /**
   * What each style attribute met says (the bits above): a document repeats a few hundred styles
   * on a hundred thousand tags, and a lookup is cheaper than the two regular expressions.
   */
  private readonly styleFlags = new Map<string, number>();

  open(name: string, style: string | undefined): void {
    let f = style === undefined ? 0 : this.flagsOf(style);
    if (SKIP_TAGS.has(name)) f |= 2;
    if (name === 'b' || name === 'strong') f |= 1;
    if (f & 2) this.skip++;
    if (f & 1) this.bold++;
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

  private flagsOf(style: string): number {
    let f = this.styleFlags.get(style);
    if (f === undefined) {
      f = (HIDDEN.test(style) ? 2 : 0) | (BOLD.test(style) ? 1 : 0);
      // Bounded, so a document of endless distinct styles costs no more memory than its tags.
      if (this.styleFlags.size < MAX_STYLES) this.styleFlags.set(style, f);
    }
    return f;
  }
}

const MAX_STYLES = 4096;
