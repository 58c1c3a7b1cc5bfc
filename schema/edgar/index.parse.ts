import { padCik } from '../cik.ts';
import type { IndexEntryPayload } from '../events/event-types.ts';

/**
 * Parser for EDGAR daily and full index files (`form`, `company`, `master`).
 *
 * The fixed-width files are not reliably fixed-width: a company name longer than its column
 * pushes the CIK, date and file name to the right (a real full-index row does this). So rows are
 * read from the right, where the columns are unambiguous (CIK, date, `edgar/...` file name), and
 * only the remaining head is split into form type and company name.
 */
export type IndexKind = 'form' | 'company' | 'master';

export interface MalformedIndexLine {
  /** 1-based line number in the file. */
  line: number;
  text: string;
  reason: string;
}

export interface ParsedIndex {
  kind: IndexKind;
  /** The `Description:` header, e.g. "Daily Index of EDGAR Dissemination Feed by Form Type". */
  description: string | null;
  /** The `Last Data Received:` header as written, e.g. "Mar 18, 2020". */
  lastDataReceived: string | null;
  /** One entry per (accession, cik), in file order; the first row of a duplicate wins. */
  entries: IndexEntryPayload[];
  /** Rows that looked like data but could not be read: reported, never guessed at. */
  malformed: MalformedIndexLine[];
  /** Rows dropped because an earlier row had the same (accession, cik). */
  duplicatesDropped: number;
}

export class IndexParseError extends Error {}

// Column widths of the fixed-width files: the form index starts with a 12-wide form type, the
// company index with a 62-wide company name.
const FORM_TYPE_WIDTH = 12;
const COMPANY_NAME_WIDTH = 62;

const ROW_TAIL = /^(.*?\S)\s+(\d{1,10})\s+(\d{8}|\d{4}-\d{2}-\d{2})\s+(edgar\/\S+)\s*$/;
const ACCESSION_IN_FILE = /(\d{10}-\d{2}-\d{6})\.txt$/;
const SEPARATOR = /^-{20,}\s*$/;

/** Index files are Latin-1; a Buffer is decoded as such, a string is taken as already decoded. */
export function parseEdgarIndex(input: Buffer | string, expectedKind?: IndexKind): ParsedIndex {
  const text = typeof input === 'string' ? input : input.toString('latin1');
  const lines = text.split(/\r?\n/);
  const separatorAt = lines.findIndex((l) => SEPARATOR.test(l));
  if (separatorAt < 0) throw new IndexParseError('not an EDGAR index: no header separator line');
  const headerText = lines.slice(0, separatorAt).join('\n');
  const kind = detectKind(headerText);
  if (expectedKind && kind !== expectedKind) {
    throw new IndexParseError(`expected a ${expectedKind} index, found a ${kind} index`);
  }
  const result: ParsedIndex = {
    kind,
    description: headerValue(headerText, 'Description'),
    lastDataReceived: headerValue(headerText, 'Last Data Received'),
    entries: [],
    malformed: [],
    duplicatesDropped: 0,
  };
  const seen = new Set<string>();
  for (let i = separatorAt + 1; i < lines.length; i++) {
    const raw = lines[i];
    if (raw.trim() === '') continue;
    const parsed = kind === 'master' ? parsePipeRow(raw) : parseFixedRow(raw, kind);
    if (typeof parsed === 'string') {
      result.malformed.push({ line: i + 1, text: raw, reason: parsed });
      continue;
    }
    const key = `${parsed.accessionNumber}\u0000${parsed.cik}`;
    if (seen.has(key)) {
      result.duplicatesDropped++;
      continue;
    }
    seen.add(key);
    result.entries.push(parsed);
  }
  return result;
}

function detectKind(header: string): IndexKind {
  if (/^CIK\|Company Name\|Form Type\|Date Filed\|File ?name\s*$/im.test(header)) return 'master';
  // The company index wraps its column header onto two lines; only its start matters here.
  if (/^Company Name\s+Form Type\s+CIK/m.test(header)) return 'company';
  if (/^Form Type\s+Company Name\s+CIK/m.test(header)) return 'form';
  throw new IndexParseError('not an EDGAR index: unrecognised column header');
}

function headerValue(header: string, name: string): string | null {
  const match = new RegExp(`^${name}:\\s*(.*?)\\s*$`, 'm').exec(header);
  return match ? match[1] : null;
}

function normaliseDate(value: string): string | null {
  const iso = value.length === 8 ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
  const [y, m, d] = iso.split('-').map(Number);
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990) return null;
  return iso;
}

function entryFrom(cik: string, companyName: string, formType: string, date: string, fileName: string): IndexEntryPayload | string {
  const accession = ACCESSION_IN_FILE.exec(fileName);
  if (!accession) return 'file name carries no accession number';
  const dateFiled = normaliseDate(date);
  if (!dateFiled) return `invalid date "${date}"`;
  if (!/^\d{1,10}$/.test(cik)) return `invalid CIK "${cik}"`;
  if (!formType) return 'empty form type';
  return { cik: padCik(cik), companyName, formType, dateFiled, accessionNumber: accession[1], fileName };
}

function parsePipeRow(raw: string): IndexEntryPayload | string {
  const fields = raw.trim().split('|');
  if (fields.length < 5) return `expected 5 pipe-separated fields, found ${fields.length}`;
  // Names carry no pipes in practice; if one ever does, the middle fields belong to the name.
  const [cik, ...rest] = fields;
  const [formType, date, fileName] = rest.splice(-3, 3);
  return entryFrom(cik.trim(), rest.join('|').trim(), formType.trim(), date.trim(), fileName.trim());
}

function parseFixedRow(raw: string, kind: 'form' | 'company'): IndexEntryPayload | string {
  const tail = ROW_TAIL.exec(raw);
  if (!tail) return 'no CIK, date and file name at the end of the row';
  const [, head, cik, date, fileName] = tail;
  const split = kind === 'form' ? splitHead(head, FORM_TYPE_WIDTH, 'first') : splitHead(head, COMPANY_NAME_WIDTH, 'last');
  if (!split) return 'cannot separate form type from company name';
  const [left, right] = split;
  const [formType, companyName] = kind === 'form' ? [left, right] : [right, left];
  return entryFrom(cik, companyName, formType, date, fileName);
}

/**
 * Splits "left-column right-column". Trusts the fixed column boundary when the row honours it;
 * otherwise splits at a run of two or more spaces (form types hold single spaces, `1-A POS`):
 * the first run when the form type comes first, the last run when it comes last.
 */
function splitHead(head: string, width: number, runToUse: 'first' | 'last'): [string, string] | null {
  if (head.length > width && head[width - 1] === ' ' && head[width] !== ' ') {
    const left = head.slice(0, width).trim();
    const right = head.slice(width).trim();
    if (left && right && !/\s{2,}/.test(runToUse === 'first' ? left : right)) return [left, right];
  }
  const runs = [...head.matchAll(/\s{2,}/g)];
  const run = runToUse === 'first' ? runs[0] : runs[runs.length - 1];
  if (!run || run.index === undefined) return null;
  const left = head.slice(0, run.index).trim();
  const right = head.slice(run.index + run[0].length).trim();
  return left && right ? [left, right] : null;
}
