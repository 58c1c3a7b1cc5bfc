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
  let from = 0;
  for (;;) {
    const start = indexOfCi(input, '<DOCUMENT>', from);
    if (start < 0) break;
    let end = indexOfCi(input, '</DOCUMENT>', start);
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
  const i = haystack.indexOf(needle, from);
  if (i >= 0) return i;
  return haystack.indexOf(needle.toLowerCase(), from);
}

function looksLikeHtml(body: string): boolean {
  return /<(html|body|p|div|table|font|br)\b/i.test(body.slice(0, 20000));
}
