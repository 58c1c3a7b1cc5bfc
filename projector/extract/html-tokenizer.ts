/**
 * htmlparser2's tokenizer, skipping runs of text and attribute values with `indexOf`.
 *
 * With entity decoding on, the tokenizer looks at every character of text and of quoted attribute
 * values one call at a time, though only `<`, `&` (and the closing quote) change anything there;
 * that per-character loop was the largest cost of reading a prospectus. The subclass jumps to the
 * next character that matters and hands it to the tokenizer's own state function, so it gives the
 * same callbacks at the same offsets (html-stream.test.ts compares it with htmlparser2's Parser).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The callbacks htmlparser2's tokenizer calls (`Callbacks` in its Tokenizer.d.ts). */
export interface TokenizerCallbacks {
  onattribdata(start: number, endIndex: number): void;
  onattribentity(codepoint: number): void;
  onattribend(quote: number, endIndex: number): void;
  onattribname(start: number, endIndex: number): void;
  oncdata(start: number, endIndex: number, endOffset: number): void;
  onclosetag(start: number, endIndex: number): void;
  oncomment(start: number, endIndex: number, endOffset: number): void;
  ondeclaration(start: number, endIndex: number): void;
  onend(): void;
  onopentagend(endIndex: number): void;
  onopentagname(start: number, endIndex: number): void;
  onprocessinginstruction(start: number, endIndex: number): void;
  onselfclosingtag(endIndex: number): void;
  ontext(start: number, endIndex: number): void;
  ontextentity(codepoint: number, endIndex: number): void;
}

/** The tokenizer's public methods and the internals (htmlparser2 v10 Tokenizer.js) the subclass relies on. */
interface TokenizerInternals {
  write(chunk: string): void;
  end(): void;
  /** The chunk being read, the position in the stream, and where the chunk starts in it. */
  buffer: string;
  index: number;
  offset: number;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
}

type TokenizerClass = new (options: { xmlMode?: boolean; decodeEntities?: boolean }, callbacks: TokenizerCallbacks) => TokenizerInternals;

// The package exports only the Parser; its tokenizer sits beside it in the same dist folder.
const require = createRequire(import.meta.url);
const Tokenizer = (require(join(dirname(require.resolve('htmlparser2')), 'Tokenizer.js')) as { default: TokenizerClass }).default;
// The subclass overrides internals of htmlparser2 v10; a version without them must fail loudly, not read differently.
for (const method of ['stateText', 'handleInAttributeValue'] as const) {
  if (typeof (Tokenizer.prototype as Partial<TokenizerInternals>)[method] !== 'function') {
    throw new Error(`htmlparser2's Tokenizer has no ${method}: html-tokenizer.ts needs updating for this htmlparser2 version`);
  }
}

const LT = 0x3c;
const AMP = 0x26;
const DOUBLE_QUOTE = 0x22;

/** Entity-decoding HTML tokenizer that steps over the characters its text and attribute states ignore. */
export class SkippingTokenizer extends Tokenizer {
  private readonly lt = new NextChar('<');
  private readonly amp = new NextChar('&');
  private readonly doubleQuote = new NextChar('"');
  private readonly singleQuote = new NextChar("'");

  constructor(callbacks: TokenizerCallbacks) {
    super({ decodeEntities: true }, callbacks);
  }

  override write(chunk: string): void {
    for (const finder of [this.lt, this.amp, this.doubleQuote, this.singleQuote]) finder.reset(chunk);
    super.write(chunk);
  }

  // In text only `<` and `&` do anything (Tokenizer.stateText).
  override stateText(c: number): void {
    if (c !== LT && c !== AMP) {
      const from = this.index - this.offset + 1;
      const next = Math.min(this.lt.from(from), this.amp.from(from));
      if (!this.skipTo(next)) return;
      c = this.buffer.charCodeAt(next);
    }
    super.stateText(c);
  }

  // In a quoted value only its quote and `&` do anything (Tokenizer.handleInAttributeValue).
  override handleInAttributeValue(c: number, quote: number): void {
    if (c !== quote && c !== AMP) {
      const from = this.index - this.offset + 1;
      const next = Math.min((quote === DOUBLE_QUOTE ? this.doubleQuote : this.singleQuote).from(from), this.amp.from(from));
      if (!this.skipTo(next)) return;
      c = this.buffer.charCodeAt(next);
    }
    super.handleInAttributeValue(c, quote);
  }

  /**
   * Moves to `next` in the chunk, or to its last character when `next` is past it (as the
   * tokenizer's own fastForwardTo does: its loop then steps past the end); true when it is in the chunk.
   */
  private skipTo(next: number): boolean {
    if (next >= this.buffer.length) {
      this.index = this.offset + this.buffer.length - 1;
      return false;
    }
    this.index = this.offset + next;
    return true;
  }
}

/** The next position of one character at or after a rising offset, searching again only when passed. */
class NextChar {
  private text = '';
  private searchedFrom = Infinity;
  private found = 0;

  constructor(private readonly char: string) {}

  reset(text: string): void {
    this.text = text;
    this.searchedFrom = Infinity;
  }

  /** The first position ≥ `offset` holding the character, or the text's length when none does. */
  from(offset: number): number {
    if (offset >= this.searchedFrom && this.found >= offset) return this.found;
    const i = this.text.indexOf(this.char, offset);
    this.searchedFrom = offset;
    this.found = i < 0 ? this.text.length : i;
    return this.found;
  }
}
