/**
 * htmlparser2's tokenizer, skipping runs of text and attribute values with `indexOf`, and runs of
 * tag and attribute names with one loop.
 *
 * With entity decoding on, the tokenizer looks at every character of text and of quoted attribute
 * values one call at a time, though only `<`, `&` (and the closing quote) change anything there;
 * that per-character loop was the largest cost of reading a prospectus. Names are the same: only
 * the character that ends one does anything, and EDGAR HTML has a tag every few words. The
 * subclass jumps to the next character that matters and hands it to the tokenizer's own state
 * function, so it gives the same callbacks at the same offsets (html-stream.test.ts compares it
 * with htmlparser2's Parser). The entities EDGAR writes by the thousand (`&nbsp;`, `&#160;`) are
 * decoded here, as the tokenizer's entity decoder would, without starting it.
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
  /** Where the text or name being read began. */
  sectionStart: number;
  /** The callbacks, as the constructor took them. */
  cbs: TokenizerCallbacks;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
  stateInTagName(c: number): void;
  stateInClosingTagName(c: number): void;
  stateInAttributeName(c: number): void;
}

type TokenizerClass = new (options: { xmlMode?: boolean; decodeEntities?: boolean }, callbacks: TokenizerCallbacks) => TokenizerInternals;

// The package exports only the Parser; its tokenizer sits beside it in the same dist folder.
const require = createRequire(import.meta.url);
const Tokenizer = (require(join(dirname(require.resolve('htmlparser2')), 'Tokenizer.js')) as { default: TokenizerClass }).default;
// The subclass overrides internals of htmlparser2 v10; a version without them must fail loudly, not read differently.
for (const method of ['stateText', 'handleInAttributeValue', 'stateInTagName', 'stateInClosingTagName', 'stateInAttributeName'] as const) {
  if (typeof (Tokenizer.prototype as Partial<TokenizerInternals>)[method] !== 'function') {
    throw new Error(`htmlparser2's Tokenizer has no ${method}: html-tokenizer.ts needs updating for this htmlparser2 version`);
  }
}

const LT = 0x3c;
const AMP = 0x26;
const DOUBLE_QUOTE = 0x22;
const HASH = 0x23;
const SEMICOLON = 0x3b;
const SLASH = 0x2f;
const GT = 0x3e;
const EQUALS = 0x3d;

/** Whitespace as the tokenizer sees it: space, tab, line feed, form feed, carriage return. */
function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

/** What ends a tag name (Tokenizer's isEndOfTagSection). */
function endsTagName(c: number): boolean {
  return c === GT || c === SLASH || isWhitespace(c);
}

/** What ends a closing tag's name (Tokenizer.stateInClosingTagName). */
function endsClosingTagName(c: number): boolean {
  return c === GT || isWhitespace(c);
}

/** What ends an attribute name (Tokenizer.stateInAttributeName). */
function endsAttributeName(c: number): boolean {
  return c === EQUALS || endsTagName(c);
}

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
    if (c === AMP && this.decodeCommonEntity()) return;
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

  // Each name state below does something only at the character that ends the name; one loop per
  // state (not one taking the test as a function) keeps each loop's test inlined.
  override stateInTagName(c: number): void {
    if (!endsTagName(c)) {
      const buffer = this.buffer;
      let i = this.index - this.offset + 1;
      while (i < buffer.length && !endsTagName(buffer.charCodeAt(i))) i++;
      if (!this.skipTo(i)) return;
      c = buffer.charCodeAt(i);
    }
    super.stateInTagName(c);
  }

  override stateInClosingTagName(c: number): void {
    if (!endsClosingTagName(c)) {
      const buffer = this.buffer;
      let i = this.index - this.offset + 1;
      while (i < buffer.length && !endsClosingTagName(buffer.charCodeAt(i))) i++;
      if (!this.skipTo(i)) return;
      c = buffer.charCodeAt(i);
    }
    super.stateInClosingTagName(c);
  }

  override stateInAttributeName(c: number): void {
    if (!endsAttributeName(c)) {
      const buffer = this.buffer;
      let i = this.index - this.offset + 1;
      while (i < buffer.length && !endsAttributeName(buffer.charCodeAt(i))) i++;
      if (!this.skipTo(i)) return;
      c = buffer.charCodeAt(i);
    }
    super.stateInAttributeName(c);
  }

  /**
   * Decodes `&nbsp;`, `&amp;` or a decimal `&#…;` whose code point the decoder keeps as it is, at
   * the `&` under the index, in text: the callbacks and the position after it are those the
   * tokenizer's entity decoder gives (Tokenizer.emitCodePoint). False for any other entity, left to the decoder.
   */
  private decodeCommonEntity(): boolean {
    const buffer = this.buffer;
    const at = this.index - this.offset;
    let codePoint: number;
    let length: number;
    if (buffer.charCodeAt(at + 1) === HASH) {
      codePoint = 0;
      let i = at + 2;
      // At most 7 digits: enough for any code point, and far from overflowing.
      for (; i < buffer.length && i < at + 9; i++) {
        const digit = buffer.charCodeAt(i) - 0x30;
        if (digit < 0 || digit > 9) break;
        codePoint = codePoint * 10 + digit;
      }
      if (i === at + 2 || buffer.charCodeAt(i) !== SEMICOLON || !keptAsIs(codePoint)) return false;
      length = i + 1 - at;
    } else if (buffer.startsWith('nbsp;', at + 1)) {
      codePoint = 0xa0;
      length = 6;
    } else if (buffer.startsWith('amp;', at + 1)) {
      codePoint = AMP;
      length = 5;
    } else {
      return false;
    }
    if (this.sectionStart < this.index) this.cbs.ontext(this.sectionStart, this.index);
    this.sectionStart = this.index + length;
    this.index = this.sectionStart - 1;
    this.cbs.ontextentity(codePoint, this.sectionStart);
    return true;
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

/**
 * A code point the entity decoder emits unchanged (entities' replaceCodePoint): not NUL, not
 * 0x80–0x9F (read as Windows-1252), not a surrogate, not past U+10FFFF.
 */
function keptAsIs(cp: number): boolean {
  return (cp > 0 && cp < 0x80) || (cp >= 0xa0 && cp < 0xd800) || (cp > 0xdfff && cp <= 0x10ffff);
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
