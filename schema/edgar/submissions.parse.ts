import { padCik } from '../cik.ts';

/**
 * Parser for EDGAR submissions JSON (`data.sec.gov/submissions/CIK##########.json`) and its older
 * pages (`CIK##########-submissions-001.json`). The recent page nests the parallel filing arrays
 * under `filings.recent`; older pages carry the same arrays at the top level and no company data.
 */

export interface SubmissionsFiling {
  accessionNumber: string;
  filingDate: string;
  reportDate: string | null;
  /** As EDGAR gives it: US/Eastern wall time with a literal (wrong) `Z`. Never convert it as UTC. */
  acceptanceDateTime: string | null;
  act: string | null;
  form: string;
  fileNumber: string | null;
  filmNumber: string | null;
  /** Comma-joined 8-K items, e.g. "2.02,9.01"; null when empty. */
  items: string | null;
  size: number | null;
  primaryDocument: string | null;
  primaryDocDescription: string | null;
}

export interface SubmissionsCompany {
  /** 10-digit CIK. */
  cik: string;
  name: string;
  entityType: string | null;
  sic: string | null;
  sicDescription: string | null;
  tickers: string[];
  /** Parallel to `tickers`; an element may be null. */
  exchanges: Array<string | null>;
  category: string | null;
  stateOfIncorporation: string | null;
  fiscalYearEnd: string | null;
  formerNames: Array<{ name: string; from: string | null; to: string | null }>;
}

export interface SubmissionsOlderPage {
  name: string;
  filingCount: number | null;
  filingFrom: string | null;
  filingTo: string | null;
}

export interface ParsedSubmissions {
  /** `recent` for the company page, `older` for a `-submissions-NNN.json` page. */
  format: 'recent' | 'older';
  /** Company facts; null on older pages, which carry none. */
  company: SubmissionsCompany | null;
  /** In the order EDGAR lists them (newest first). */
  filings: SubmissionsFiling[];
  olderPages: SubmissionsOlderPage[];
}

export class SubmissionsParseError extends Error {}

type Columns = Record<string, unknown>;

export function parseSubmissions(input: Buffer | string): ParsedSubmissions {
  let doc: unknown;
  try {
    doc = JSON.parse(typeof input === 'string' ? input : input.toString('utf8'));
  } catch (error) {
    throw new SubmissionsParseError(`submissions body is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(doc)) throw new SubmissionsParseError('submissions body is not a JSON object');
  const filingsNode = doc.filings;
  if (isObject(filingsNode) && isObject(filingsNode.recent)) {
    return {
      format: 'recent',
      company: companyOf(doc),
      filings: filingsOf(filingsNode.recent),
      olderPages: olderPagesOf(filingsNode.files),
    };
  }
  if (Array.isArray(doc.accessionNumber)) {
    return { format: 'older', company: null, filings: filingsOf(doc), olderPages: [] };
  }
  throw new SubmissionsParseError('neither a submissions page (filings.recent) nor an older page (top-level arrays)');
}

/**
 * The entity's first EDGAR filing as a company page shows it: the earliest of its recent filings and
 * of its older pages' `filingFrom` (the pages need not be fetched). Null for an older page, or a page
 * that lists no filing.
 */
export function firstFilingDate(parsed: ParsedSubmissions): string | null {
  if (parsed.format !== 'recent') return null;
  const dates = [...parsed.filings.map((f) => f.filingDate), ...parsed.olderPages.map((p) => p.filingFrom)].filter((d): d is string => typeof d === 'string' && d !== '');
  return dates.length > 0 ? dates.reduce((a, b) => (a < b ? a : b)) : null;
}

function companyOf(doc: Columns): SubmissionsCompany {
  const cik = str(doc.cik);
  const name = str(doc.name);
  if (!cik || !/^\d{1,10}$/.test(cik)) throw new SubmissionsParseError(`invalid cik ${JSON.stringify(doc.cik)}`);
  if (!name) throw new SubmissionsParseError('company has no name');
  const tickers = Array.isArray(doc.tickers) ? doc.tickers.map((t) => String(t)) : [];
  const exchanges = Array.isArray(doc.exchanges) ? doc.exchanges.map((e) => str(e)) : [];
  const formerNames = Array.isArray(doc.formerNames)
    ? doc.formerNames.filter(isObject).map((f) => ({ name: String(f.name ?? ''), from: str(f.from), to: str(f.to) }))
    : [];
  return {
    cik: padCik(cik),
    name,
    entityType: str(doc.entityType),
    sic: str(doc.sic),
    sicDescription: str(doc.sicDescription),
    tickers,
    exchanges,
    category: str(doc.category),
    stateOfIncorporation: str(doc.stateOfIncorporation),
    fiscalYearEnd: str(doc.fiscalYearEnd),
    formerNames,
  };
}

function filingsOf(columns: Columns): SubmissionsFiling[] {
  const accessions = columns.accessionNumber;
  if (!Array.isArray(accessions)) throw new SubmissionsParseError('filings have no accessionNumber array');
  const column = (name: string): unknown[] => {
    const values = columns[name];
    if (values === undefined) return [];
    if (!Array.isArray(values) || values.length !== accessions.length) {
      throw new SubmissionsParseError(`column ${name} is not parallel to accessionNumber`);
    }
    return values;
  };
  const [filingDate, reportDate, acceptance, act, form, fileNumber, filmNumber, items, size, primaryDocument, description] = [
    'filingDate', 'reportDate', 'acceptanceDateTime', 'act', 'form', 'fileNumber', 'filmNumber', 'items', 'size',
    'primaryDocument', 'primaryDocDescription',
  ].map(column);
  return accessions.map((accession, i) => {
    const accessionNumber = str(accession);
    const date = str(filingDate[i]);
    const formType = str(form[i]);
    if (!accessionNumber || !/^\d{10}-\d{2}-\d{6}$/.test(accessionNumber)) {
      throw new SubmissionsParseError(`row ${i}: invalid accession number ${JSON.stringify(accession)}`);
    }
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new SubmissionsParseError(`row ${i}: invalid filingDate`);
    if (!formType) throw new SubmissionsParseError(`row ${i}: empty form`);
    const sizeValue = size[i];
    return {
      accessionNumber,
      filingDate: date,
      reportDate: str(reportDate[i]),
      acceptanceDateTime: str(acceptance[i]),
      act: str(act[i]),
      form: formType,
      fileNumber: str(fileNumber[i]),
      filmNumber: str(filmNumber[i]),
      items: str(items[i]),
      size: typeof sizeValue === 'number' ? sizeValue : null,
      primaryDocument: str(primaryDocument[i]),
      primaryDocDescription: str(description[i]),
    };
  });
}

function olderPagesOf(files: unknown): SubmissionsOlderPage[] {
  if (!Array.isArray(files)) return [];
  return files.filter(isObject).map((f) => ({
    name: String(f.name ?? ''),
    filingCount: typeof f.filingCount === 'number' ? f.filingCount : null,
    filingFrom: str(f.filingFrom),
    filingTo: str(f.filingTo),
  }));
}

function isObject(value: unknown): value is Columns {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** EDGAR writes "" for absent values; they become null here so no consumer mistakes "" for data. */
function str(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}
