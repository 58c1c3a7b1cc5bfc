/**
 * Open-tag, text and close-tag events of an HTML document, in linear time and bounded depth.
 *
 * htmlparser2's `Parser` keeps its open elements in an array that it `unshift`s on every open tag
 * and searches with `indexOf` on every close tag, so its time grows with the square of the nesting
 * depth: 200k nested `<div>`s took 18 s. This is the same tree building on htmlparser2's own
 * tokenizer (same implied closes, void elements, foreign content and `</p>` / `</br>` repairs, so
 * real documents give the same events), with the open elements on a stack whose top is its end,
 * a count of open elements per name so a stray close tag costs nothing, and a depth budget:
 * an element opened below `maxDepth` open elements is flattened (its open and close events are
 * reported back to back, its text is read as usual, and its own close tag is dropped).
 */
import { SkippingTokenizer, type TokenizerCallbacks } from './html-tokenizer.ts';

export interface ElementHandler {
  onopentag(name: string, attribs: Record<string, string>): void;
  ontext(text: string): void;
  onclosetag(name: string): void;
}

// The tree-building tables of htmlparser2's Parser (v10), unchanged.
const formTags = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const pTag = new Set(['p']);
const tableSectionTags = new Set(['thead', 'tbody']);
const ddtTags = new Set(['dd', 'dt']);
const rtpTags = new Set(['rt', 'rp']);
const openImpliesClose = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((t): [string, Set<string>] => [t, pTag]),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t): [string, Set<string>] => [t, formTags]),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', ddtTags],
  ['dt', ddtTags],
  ...[
    'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer',
    'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul',
  ].map((t): [string, Set<string>] => [t, pTag]),
  ['rt', rtpTags],
  ['rp', rtpTags],
  ['tbody', tableSectionTags],
  ['tfoot', tableSectionTags],
]);
const voidElements = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen',
  'link', 'meta', 'param', 'source', 'track', 'wbr',
]);
const foreignContextElements = new Set(['math', 'svg']);
const htmlIntegrationElements = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

/** What tree building needs to know of one tag name, found with one lookup instead of one per table. */
interface TagRules {
  /** The open elements a start tag of this name closes (openImpliesClose). */
  impliesClose: Set<string> | undefined;
  isVoid: boolean;
  /** Pushed on the foreign-content stack: true for svg and math, false for an integration element, null for any other. */
  foreign: boolean | null;
}

const PLAIN_TAG: TagRules = { impliesClose: undefined, isVoid: false, foreign: null };
const TAG_RULES = new Map<string, TagRules>(
  [...openImpliesClose.keys(), ...voidElements, ...foreignContextElements, ...htmlIntegrationElements].map((name) => [
    name,
    {
      impliesClose: openImpliesClose.get(name),
      isVoid: voidElements.has(name),
      foreign: foreignContextElements.has(name) ? true : htmlIntegrationElements.has(name) ? false : null,
    },
  ]),
);

/** A tag name as the document writes it, with its lower-case form and rules (see TreeBuilder.tagName). */
interface KnownName {
  written: string;
  name: string;
  rules: TagRules;
}

/** Names kept by TreeBuilder.tagName; a document of more distinct names reads the rest as before. */
const MAX_KNOWN_NAMES = 256;

/** The attributes of a tag that has none to report; a tag with some gets an object of its own. */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});

export interface StreamResult {
  /** Elements flattened by the depth budget (0 for every real prospectus we hold). */
  flattened: number;
}

export interface StreamOptions {
  maxDepth: number;
  /**
   * The attributes to report, by lower-case ASCII name; every attribute when absent. A reader that
   * needs one attribute saves slicing and joining the values of all the others.
   */
  attributes?: readonly string[];
}

/** Streams `html` to `handler` (entities decoded, tag and attribute names lower-cased). */
export function streamHtml(html: string, handler: ElementHandler, opts: StreamOptions): StreamResult {
  const builder = new TreeBuilder(html, handler, opts.maxDepth, opts.attributes ?? null);
  const tokenizer = new SkippingTokenizer(builder);
  tokenizer.write(html);
  tokenizer.end();
  return { flattened: builder.flattened };
}

class TreeBuilder implements TokenizerCallbacks {
  flattened = 0;
  /** Open elements, innermost last. */
  private readonly stack: string[] = [];
  /** How many elements of each name are on the stack (names with none are dropped, so it holds at most maxDepth). */
  private readonly openCounts = new Map<string, number>();
  /**
   * Flattened elements per name whose close tag has not come yet; cleared when the stack pops below
   * them. At most maxDepth names are tracked: a close tag of an untracked one finds no element open.
   */
  private readonly flattenedOpen = new Map<string, number>();
  /** Whether each foreign (svg, math) or integration element is foreign content; innermost last. */
  private readonly foreignContext: boolean[] = [false];
  private tagname = '';
  private tagFlattened = false;
  private tagVoid = false;
  /** True from a start tag's name to its end, while its attributes are read. */
  private openPending = false;
  private attribname = '';
  /** Whether the attribute being read is one to report. */
  private attribKept = true;
  private attribvalue = '';
  private attribs = NO_ATTRIBUTES;
  /** The attribute names to report, or null for all, and their lengths (a name of another length is not sliced). */
  private readonly wantedAttribs: ReadonlySet<string> | null;
  private readonly wantedLengths: ReadonlySet<number>;
  /** Tag names met, by length and first and last character (TreeBuilder.tagName). */
  private readonly knownNames = new Map<number, KnownName>();

  constructor(
    private readonly html: string,
    private readonly handler: ElementHandler,
    private readonly maxDepth: number,
    wantedAttribs: readonly string[] | null,
  ) {
    this.wantedAttribs = wantedAttribs && new Set(wantedAttribs);
    this.wantedLengths = new Set((wantedAttribs ?? []).map((name) => name.length));
  }

  ontext(start: number, endIndex: number): void {
    this.handler.ontext(this.html.slice(start, endIndex));
  }

  ontextentity(codepoint: number): void {
    this.handler.ontext(String.fromCodePoint(codepoint));
  }

  onopentagname(start: number, endIndex: number): void {
    const known = this.tagName(start, endIndex);
    this.emitOpenTag(known.name, known.rules);
  }

  onopentagend(): void {
    this.endOpenTag();
  }

  onselfclosingtag(): void {
    // HTML ignores the slash of `<div/>`; only inside svg or math does it close the element.
    if (this.foreignContext[this.foreignContext.length - 1]) this.closeCurrentTag();
    else this.endOpenTag();
  }

  onclosetag(start: number, endIndex: number): void {
    const { name, rules } = this.tagName(start, endIndex);
    if (this.flattenedOpen.size > 0 && this.flattenedOpen.has(name)) {
      this.closeFlattened(name);
      return;
    }
    if (rules.foreign !== null) this.foreignContext.pop();
    if (!rules.isVoid) {
      if (this.openCounts.get(name)) {
        let top: string;
        do top = this.pop();
        while (top !== name);
      } else if (name === 'p') {
        // A stray `</p>` is an empty paragraph.
        this.emitOpenTag('p', rules);
        this.closeCurrentTag();
      }
    } else if (name === 'br') {
      this.handler.onopentag('br', {});
      this.handler.onclosetag('br');
    }
  }

  onattribname(start: number, endIndex: number): void {
    // Lower-casing keeps the length of a name that lower-cases to ASCII.
    if (this.wantedAttribs !== null && !this.wantedLengths.has(endIndex - start)) {
      this.attribKept = false;
      return;
    }
    if (this.wantedAttribs !== null) {
      const wanted = this.wantedAsciiName(start, endIndex);
      if (wanted !== undefined) {
        this.attribKept = wanted !== null;
        if (wanted !== null) this.attribname = wanted;
        return;
      }
    }
    this.attribname = this.html.slice(start, endIndex).toLowerCase();
    this.attribKept = this.wantedAttribs === null || this.wantedAttribs.has(this.attribname);
  }

  /**
   * For an ASCII attribute name, the wanted name it lower-cases to, or null for none, compared in
   * place: `width` and `align` have the length of `style` on every other cell. Undefined for a
   * name with other characters, which the caller lower-cases as it is.
   */
  private wantedAsciiName(start: number, endIndex: number): string | null | undefined {
    const html = this.html;
    for (let i = start; i < endIndex; i++) if (html.charCodeAt(i) >= 0x80) return undefined;
    for (const wanted of this.wantedAttribs!) {
      if (wanted.length !== endIndex - start) continue;
      let i = 0;
      for (; i < wanted.length; i++) {
        const c = html.charCodeAt(start + i);
        if ((c >= 0x41 && c <= 0x5a ? c + 0x20 : c) !== wanted.charCodeAt(i)) break;
      }
      if (i === wanted.length) return wanted;
    }
    return null;
  }

  onattribdata(start: number, endIndex: number): void {
    if (this.attribKept) this.attribvalue += this.html.slice(start, endIndex);
  }

  onattribentity(codepoint: number): void {
    if (this.attribKept) this.attribvalue += String.fromCodePoint(codepoint);
  }

  onattribend(): void {
    if (this.attribKept && this.openPending) {
      if (this.attribs === NO_ATTRIBUTES) this.attribs = {};
      if (!Object.prototype.hasOwnProperty.call(this.attribs, this.attribname)) this.attribs[this.attribname] = this.attribvalue;
    }
    this.attribvalue = '';
  }

  onend(): void {
    while (this.stack.length > 0) this.pop();
  }

  // Comments, CDATA (a comment in HTML), declarations and processing instructions carry no text.
  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}

  /**
   * The lower-case name and rules of the tag name at `start`..`endIndex`. A document writes the
   * same few names thousands of times, so a name met before is found by its length and first and
   * last characters and one comparison, instead of being sliced, lower-cased and looked up again;
   * the one string per name also keeps its hash for the lookups of tree building.
   */
  private tagName(start: number, endIndex: number): KnownName {
    const html = this.html;
    const length = endIndex - start;
    const first = html.charCodeAt(start);
    const last = html.charCodeAt(endIndex - 1);
    const cacheable = length < 64 && first < 0x80 && last < 0x80;
    const key = length | (first << 6) | (last << 13);
    if (cacheable) {
      const known = this.knownNames.get(key);
      if (known !== undefined && html.startsWith(known.written, start)) return known;
    }
    const written = html.slice(start, endIndex);
    const name = written.toLowerCase();
    const found: KnownName = { written, name, rules: TAG_RULES.get(name) ?? PLAIN_TAG };
    if (cacheable && (this.knownNames.size < MAX_KNOWN_NAMES || this.knownNames.has(key))) this.knownNames.set(key, found);
    return found;
  }

  private emitOpenTag(name: string, rules: TagRules): void {
    this.tagname = name;
    this.tagFlattened = false;
    this.tagVoid = rules.isVoid;
    const impliesClose = rules.impliesClose;
    if (impliesClose) while (this.stack.length > 0 && impliesClose.has(this.stack[this.stack.length - 1])) this.pop();
    if (!rules.isVoid) {
      if (this.stack.length >= this.maxDepth) {
        this.tagFlattened = true;
        this.flattened++;
        const pending = this.flattenedOpen.get(name);
        if (pending !== undefined || this.flattenedOpen.size < this.maxDepth) this.flattenedOpen.set(name, (pending ?? 0) + 1);
      } else {
        this.stack.push(name);
        this.openCounts.set(name, (this.openCounts.get(name) ?? 0) + 1);
        if (rules.foreign !== null) this.foreignContext.push(rules.foreign);
      }
    }
    this.openPending = true;
    this.attribs = NO_ATTRIBUTES;
  }

  private endOpenTag(): void {
    if (this.openPending) {
      this.handler.onopentag(this.tagname, this.attribs);
      this.openPending = false;
      this.attribs = NO_ATTRIBUTES;
    }
    if (this.tagVoid || this.tagFlattened) this.handler.onclosetag(this.tagname);
    this.tagname = '';
    this.tagFlattened = false;
    this.tagVoid = false;
  }

  private closeCurrentTag(): void {
    const name = this.tagname;
    const flattened = this.tagFlattened;
    this.endOpenTag();
    if (flattened) {
      // Its close tag came with it (`<x/>` in svg, or the `</p>` that stood for an empty paragraph).
      if (this.flattenedOpen.has(name)) this.closeFlattened(name);
    } else if (this.stack[this.stack.length - 1] === name) {
      this.pop();
    }
  }

  private closeFlattened(name: string): void {
    const pending = this.flattenedOpen.get(name)!;
    if (pending === 1) this.flattenedOpen.delete(name);
    else this.flattenedOpen.set(name, pending - 1);
  }

  private pop(): string {
    const name = this.stack.pop()!;
    const open = this.openCounts.get(name)!;
    if (open === 1) this.openCounts.delete(name);
    else this.openCounts.set(name, open - 1);
    // Whatever was flattened lived inside the element just closed.
    if (this.flattenedOpen.size > 0) this.flattenedOpen.clear();
    this.handler.onclosetag(name);
    return name;
  }
}
