import type { ApiCompanyFiling, ApiFiling } from '../schema/api/types.ts';
import type { FilingsTable } from '../schema/read/tables.ts';
import { jsonHead } from './company.derive.ts';
import { toCompactTerms } from './extract/terms.extract.ts';
import type { FilingFact } from './facts.ts';
import { filingInferredStatus } from './filing-status.ts';
import { formTitle } from './form-title.ts';
import type { FilingOffering } from './offering.derive.ts';

/**
 * One served row per (accession, cik). An index-only filing has no primary document yet; it
 * points at the full submission text `{accession}.txt`, a real file in every filing folder.
 * `offering` carries what the offering rules made of the filing (status in its deal, summaries,
 * terms read from its document); without it the filing's status is what its form implies alone.
 */
export function deriveFiling(filing: FilingFact, companyName: string | null, offering: FilingOffering | null = null): FilingsTable {
  const inferredStatus = offering?.inferredStatus ?? filingInferredStatus(filing.formType);
  const detail: ApiCompanyFiling = {
    accessionNumber: filing.accessionNumber,
    filingDate: filing.filingDate,
    formType: filing.formType,
    primaryDocument: filing.primaryDocument ?? `${filing.accessionNumber}.txt`,
    inferredStatus,
    formTitle: formTitle(filing.formType),
    formSummary: offering?.formSummary ?? null,
    changeSummary: offering?.changeSummary ?? null,
  };
  const { accessionNumber, filingDate, formType, primaryDocument, formTitle: title, formSummary, changeSummary } = detail;
  const listed: ApiFiling = {
    cik: filing.cik,
    companyName,
    accessionNumber,
    filingDate,
    formType,
    primaryDocument,
    inferredStatus,
    formTitle: title,
    formSummary,
    changeSummary,
  };
  const terms = offering?.terms ?? null;
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
    ai_enrichment_json: JSON.stringify(offering?.aiEnrichment ?? null),
    terms_json: JSON.stringify(terms ? toCompactTerms(terms) : null),
    terms_detail_json: JSON.stringify(terms),
  };
}
