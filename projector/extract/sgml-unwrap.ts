/**
 * EDGAR wraps each document of a submission in SGML (`<DOCUMENT><TYPE>…<TEXT>…</TEXT></DOCUMENT>`);
 * full-submission `.txt` files hold several (the prospectus, then exhibits). The terms live in the
 * first document of the filing's own form type, so we pick that one and hand back its body.
 */

export interface UnwrappedDocument {
  /** `<TYPE>` of the chosen document, or null when the input had no SGML wrapper. */
  formType: string | null;
  body: string;
  /** False for plain-text filings (old `.txt` prospectuses without HTML markup). */
  isHtml: boolean;
}

const TYPE_RE = /<TYPE>([^\r\n<]+)/i;

export function normalizeFormType(formType: string): string {
  return formType.trim().toUpperCase().replace(/\s+/g, ' ');
}

export function unwrapSgml(input: string, formType?: string | null): UnwrappedDocument {
  const docs = splitDocuments(input);
  if (docs.length === 0) return { formType: null, body: input, isHtml: looksLikeHtml(input) };
  const wanted = formType ? normalizeFormType(formType) : null;
  const chosen = (wanted && docs.find((d) => d.type === wanted)) || docs[0];
  return { formType: chosen.type, body: chosen.body, isHtml: looksLikeHtml(chosen.body) };
}

function splitDocuments(input: string): Array<{ type: string | null; body: string }> {
  const out: Array<{ type: string | null; body: string }> = [];
  const openTag = new TagFinder(input, '<DOCUMENT>');
  const closeTag = new TagFinder(input, '</DOCUMENT>');
  let from = 0;
  for (;;) {
    const start = openTag.from(from);
    if (start < 0) break;
    let end = closeTag.from(start);
    if (end < 0) end = input.length;
    const chunk = input.slice(start, end);
    const typeMatch = TYPE_RE.exec(chunk.slice(0, 2000));
    const textStart = indexOfCi(chunk, '<TEXT>', 0);
    let body = textStart >= 0 ? chunk.slice(textStart + 6) : chunk;
    const textEnd = indexOfCi(body, '</TEXT>', 0);
    if (textEnd >= 0) body = body.slice(0, textEnd);
    out.push({ type: typeMatch ? normalizeFormType(typeMatch[1]) : null, body });
    from = end + 1;
  }
  return out;
}

function indexOfCi(haystack: string, needle: string, from: number): number {
  const i = indexOfTag(haystack, needle, from);
  if (i >= 0) return i;
  return indexOfTag(haystack, needle.toLowerCase(), from);
}

/**
 * `haystack.indexOf(tag, from)` for a tag ending in `>`. String search skips ahead by the pattern's
 * last character, and in HTML a `>` is everywhere, so searching `<TAG>` crawled through the
 * document; `<TAG` without it, then checking the `>`, finds the same position several times faster.
 */
function indexOfTag(haystack: string, tag: string, from: number): number {
  if (!tag.endsWith('>')) return haystack.indexOf(tag, from);
  const open = tag.slice(0, -1);
  for (let i = haystack.indexOf(open, from); i >= 0; i = haystack.indexOf(open, i + 1)) {
    if (haystack.charCodeAt(i + open.length) === 0x3e) return i;
  }
  return -1;
}

/**
 * `indexOfCi` over one input at rising offsets, remembering what each search found: a file of
 * many lower-case `<document>`s would otherwise search the whole rest of it for the upper-case
 * tag once per document.
 */
class TagFinder {
  private readonly upper: Finder;
  private readonly lower: Finder;

  constructor(input: string, tag: string) {
    this.upper = new Finder(input, tag);
    this.lower = new Finder(input, tag.toLowerCase());
  }

  from(offset: number): number {
    const i = this.upper.from(offset);
    return i >= 0 ? i : this.lower.from(offset);
  }
}

class Finder {
  private searchedFrom = Infinity;
  private found = -1;

  constructor(
    private readonly input: string,
    private readonly needle: string,
  ) {}

  /** `input.indexOf(needle, offset)`, searching again only when the last answer lies before `offset`. */
  from(offset: number): number {
    if (offset >= this.searchedFrom && (this.found < 0 || this.found >= offset)) return this.found;
    this.searchedFrom = offset;
    this.found = indexOfTag(this.input, this.needle, offset);
    return this.found;
  }
}

/**
 * HTML has paragraph, font or cell tags. A `<TABLE>` alone does not make HTML: EDGAR's plain-text
 * filings mark their tables with `<TABLE>`, `<CAPTION>`, `<S>` and `<C>` lines and nothing else.
 */
function looksLikeHtml(body: string): boolean {
  const head = body.slice(0, 20000);
  if (/<(?:html|body|p|div|font|br|tr|td)\b/i.test(head)) return true;
  return /<table\b/i.test(head) && !/^\s*<(?:S|C|CAPTION|PAGE)>/m.test(head);
}
