import type { ProspectusDoc } from './prospectus-reader.ts';
import { normalizeFormType } from './sgml-unwrap.ts';

/**
 * A filing known only from its fetched primary document: when no submissions page or index row
 * names the (cik, accession), the registration statement's own cover says what was filed and when.
 * Each field is read literally off the cover; what the cover does not print stays null, and a
 * document without a form or a filing date gives no filing at all (never a guessed date).
 */
export interface DocumentFiling {
  formType: string;
  /** YYYY-MM-DD from "As filed with the Securities and Exchange Commission on <date>". */
  filingDate: string;
  /** The 333- number printed on the cover; null while the SEC has not assigned one (an original S-1). */
  fileNumber: string | null;
  primaryDocument: string | null;
  /** "(Exact name of registrant as specified in its charter)": the issuer as printed. */
  registrantName: string | null;
}

// The registration statement's cover is its first page: everything up to the fee table or the
// prospectus itself. Sixty blocks is well past it in every sample, and keeps a later "Form S-1"
// (a cross-reference in the body) from being read as the cover's.
const COVER_BLOCKS = 60;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const FILED_ON = /\bas filed with the (?:u\.s\. )?securities and exchange commission on ([a-z]+)\.? (\d{1,2}), (\d{4})/i;
// "FORM S-1", "Amendment No. 3 to: FORM S-1", "Pre-Effective Amendment No. 2 to Form F-1".
const FORM_TITLE = /\b(?:(pre-effective )?amendment no\.? ?\d+ to:? )?form (s-1|f-1|s-11)\b/i;
const FILE_NUMBER = /\bregistration (?:statement )?no\.? ?(333-\d{4,})\b/i;
const REGISTRANT_MARK = /\(exact name of (?:the )?registrant as specified in (?:its|their) (?:charter|governing instruments)\)/i;

function coverText(doc: ProspectusDoc): string[] {
  return doc.blocks.slice(0, COVER_BLOCKS).map((b) => b.text);
}

/** The filing date printed at the top of a registration statement, or null. */
export function coverFilingDate(doc: ProspectusDoc): string | null {
  for (const text of coverText(doc)) {
    const m = FILED_ON.exec(text);
    if (!m) continue;
    const month = MONTHS.indexOf(m[1].toLowerCase()) + 1;
    const day = Number(m[2]);
    const year = Number(m[3]);
    if (month === 0) return null;
    const date = new Date(Date.UTC(year, month - 1, day));
    // "February 30" is a typo, not a date.
    if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    return date.toISOString().slice(0, 10);
  }
  return null;
}

/**
 * The form of the document: the SGML `<TYPE>` when the body had a wrapper, else the cover's title
 * ("FORM S-1", an amendment's "Amendment No. 3 to Form S-1" → S-1/A). A post-effective amendment
 * is filed as POS AM, which the title does not name; it gives null rather than a wrong form.
 */
export function coverFormType(doc: ProspectusDoc): string | null {
  if (doc.formType) return normalizeFormType(doc.formType);
  // Unicycive prints "Amendment No. 3 to:" and "FORM S-1" as separate headings; join the cover first.
  const text = coverText(doc).join(' ');
  const m = FORM_TITLE.exec(text);
  if (!m) return null;
  const before = text.slice(Math.max(0, m.index - 40), m.index + m[0].length);
  if (/post-effective/i.test(before)) return null;
  const amended = /amendment/i.test(m[0]);
  return `${m[2].toUpperCase()}${amended ? '/A' : ''}`;
}

/** The 333- registration number on the cover; null when it is left blank ("Registration No. 333-"). */
export function coverFileNumber(doc: ProspectusDoc): string | null {
  for (const text of coverText(doc)) {
    if (REGISTRANT_MARK.test(text)) break;
    const m = FILE_NUMBER.exec(text);
    if (m) return m[1];
  }
  return null;
}

/**
 * The registrant's name as the cover prints it, from the line the "(Exact name of registrant as
 * specified in its charter)" caption sits under (or the text before the caption in the same block).
 */
export function coverRegistrantName(doc: ProspectusDoc): string | null {
  const blocks = coverText(doc);
  for (let i = 0; i < blocks.length; i++) {
    const m = REGISTRANT_MARK.exec(blocks[i]);
    if (!m) continue;
    const inline = blocks[i].slice(0, m.index).trim();
    const name = inline || (i > 0 ? blocks[i - 1].trim() : '');
    return plausibleName(name) ? name : null;
  }
  return null;
}

function plausibleName(name: string): boolean {
  return name.length >= 2 && name.length <= 150 && /[A-Za-z]/.test(name) && !/[()]/.test(name);
}

/** Everything one fetched document says about its own filing; null when it lacks a form or a filing date. */
export function documentFiling(doc: ProspectusDoc, primaryDocument: string | null): DocumentFiling | null {
  const formType = coverFormType(doc);
  const filingDate = coverFilingDate(doc);
  if (formType === null || filingDate === null) return null;
  return { formType, filingDate, fileNumber: coverFileNumber(doc), primaryDocument, registrantName: coverRegistrantName(doc) };
}
