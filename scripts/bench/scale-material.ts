/**
 * What the scale bench's generated log is made of, all read from the bundled real sample: the
 * share of each form in EDGAR's daily indexes, the bytes of the real prospectuses, the shape of a
 * submissions JSON and the fields of real vendor IPO rows. Nothing here is invented; the generator
 * (scale-log.ts) only re-labels it as generated load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { packagePath } from '../../schema/package-files.ts';
import type { IpoRowPayload } from '../../schema/events/event-types.ts';
import { DOCUMENT_FORMS } from '../../ingest/edgar/offering-forms.ts';
import { parseIpoTable } from '../../projector/market/ipo-table.parse.ts';

/** The bundled real daily indexes (one of each kind: form, company, master). */
const INDEX_FILES = ['form.20200318.idx.gz', 'company.20221003.idx.gz', 'master.2024-01-02.idx.gz'];
/** The real recent-submissions page whose keys and column set the generated pages copy. */
const SUBMISSIONS_TEMPLATE = 'CIK0001766140_unicycive.json';
/** The real Bloomberg export whose rows lend their figures to the generated vendor rows. */
const VENDOR_TABLE = 'bloomberg_ipo_data_2000_2025.csv.gz';
/** Final prospectuses of a priced IPO: the filings a vendor IPO table has a row for. */
export const PRICING_FORMS: ReadonlySet<string> = new Set(['424B1', '424B4']);

export interface FormShare {
  form: string;
  /** Rows of this form in the real indexes. */
  rows: number;
}

export interface ProspectusBody {
  file: string;
  body: Buffer;
  gzip: Buffer;
  sha256: string;
}

export interface ScaleMaterial {
  /** Every form of the real daily indexes with its row count, most frequent first. */
  forms: FormShare[];
  totalRows: number;
  /** Real registration statements, re-used for generated S-1/F-1/S-11 documents. */
  registrations: ProspectusBody[];
  /** Real 424B prospectuses, re-used for generated 424B1/424B4 documents. */
  finals: ProspectusBody[];
  submissionsTemplate: Record<string, unknown>;
  vendorRows: IpoRowPayload[];
}

const sampleFile = (...segments: string[]) => readFileSync(packagePath('data/sample', ...segments));

/** Form counts over the bundled real daily indexes: the proportions the generated rows follow. */
export function realFormShares(): { forms: FormShare[]; totalRows: number } {
  const counts = new Map<string, number>();
  let totalRows = 0;
  for (const file of INDEX_FILES) {
    for (const entry of parseEdgarIndex(gunzipSync(sampleFile('edgar', 'index', file))).entries) {
      counts.set(entry.formType, (counts.get(entry.formType) ?? 0) + 1);
      totalRows++;
    }
  }
  const forms = [...counts].map(([form, rows]) => ({ form, rows })).sort((a, b) => b.rows - a.rows || (a.form < b.form ? -1 : 1));
  return { forms, totalRows };
}

function prospectus(file: string): ProspectusBody {
  const raw = sampleFile('prospectuses', file);
  const body = file.endsWith('.gz') ? gunzipSync(raw) : raw;
  return { file, body, gzip: gzipSync(body), sha256: createHash('sha256').update(body).digest('hex') };
}

export function loadScaleMaterial(): ScaleMaterial {
  const { forms, totalRows } = realFormShares();
  // Whole documents only: the snippets are fragments kept for parser tests.
  const files = readdirSync(packagePath('data/sample/prospectuses')).filter((f) => f.endsWith('.htm.gz')).sort();
  const registrations = files.filter((f) => /^S-1/.test(f)).map(prospectus);
  const finals = files.filter((f) => /^424B/.test(f)).map(prospectus);
  const submissionsTemplate = JSON.parse(sampleFile('edgar', 'submissions', SUBMISSIONS_TEMPLATE).toString('utf8')) as Record<string, unknown>;
  const vendorRows = parseIpoTable(gunzipSync(sampleFile('reference', VENDOR_TABLE)).toString('utf8'));
  if (registrations.length === 0 || finals.length === 0 || vendorRows.length === 0) throw new Error(`the bundled sample lacks prospectuses or vendor rows (${join('data', 'sample')})`);
  return { forms, totalRows, registrations, finals, submissionsTemplate, vendorRows };
}

/** The ingest fetches a filing's primary document for these forms (ingest/edgar/offering-forms.ts). */
export const isDocumentForm = (form: string) => DOCUMENT_FORMS.has(form);

/**
 * Events one index row brings on average, as the ingest would log them: the row, and for a
 * document form the company's submissions page and the document, and for a priced IPO's final
 * prospectus a vendor row.
 */
export function eventsPerIndexRow(material: Pick<ScaleMaterial, 'forms' | 'totalRows'>): number {
  let events = 0;
  for (const { form, rows } of material.forms) events += rows * (1 + (isDocumentForm(form) ? 2 : 0) + (PRICING_FORMS.has(form) ? 1 : 0));
  return events / material.totalRows;
}
