import type { ApiCompanyFiling, ApiFiling } from '../schema/api/types.ts';
import type { FilingsTable } from '../schema/read/tables.ts';
import { jsonHead } from './company.derive.ts';
import type { FilingFact } from './facts.ts';
import { filingInferredStatus } from './filing-status.ts';
import { formTitle } from './form-title.ts';

/** The columns this step owns; enrichment, terms and AI columns belong to later steps. */
export type FilingIdentityRow = Omit<FilingsTable, 'ai_enrichment_json' | 'terms_json' | 'terms_detail_json'>;

/**
 * One served row per (accession, cik). An index-only filing has no primary document yet; it
 * points at the full submission text `{accession}.txt`, a real file in every filing folder.
 */
export function deriveFiling(filing: FilingFact, companyName: string | null): FilingIdentityRow {
  const detail: ApiCompanyFiling = {
    accessionNumber: filing.accessionNumber,
    filingDate: filing.filingDate,
    formType: filing.formType,
    primaryDocument: filing.primaryDocument ?? `${filing.accessionNumber}.txt`,
    inferredStatus: filingInferredStatus(filing.formType),
    formTitle: formTitle(filing.formType),
    formSummary: null,
    changeSummary: null,
  };
  const { accessionNumber, filingDate, formType, primaryDocument, inferredStatus, formTitle: title } = detail;
  const listed: ApiFiling = {
    cik: filing.cik,
    companyName,
    accessionNumber,
    filingDate,
    formType,
    primaryDocument,
    inferredStatus,
    formTitle: title,
    formSummary: null,
    changeSummary: null,
  };
  return {
    filing_date: filing.filingDate,
    accession_number: filing.accessionNumber,
    cik: filing.cik,
    company_name: companyName,
    name_lower: companyName?.toLowerCase() ?? null,
    form_type: filing.formType,
    file_number: filing.fileNumber,
    json: jsonHead(listed),
    detail_json: jsonHead(detail),
  };
}
