import type { ApiFiling } from '../../schema/api/types.ts';
import type { FilingsTable } from '../../schema/read/tables.ts';
import { toCompactTerms } from '../extract/terms.extract.ts';
import type { KnownFiling } from './filing.facts.ts';
import { formTitle } from './form-title.ts';
import type { FilingOffering } from './offering.derive.ts';

/**
 * One served row per (accession, cik). An index-only filing has no primary document yet; it
 * points at the full submission text `{accession}.txt`, a real file in every filing folder.
 * `offering` carries what the offering rules made of the filing (status in its deal, summaries,
 * terms read from its document).
 */
export function deriveFiling(filing: KnownFiling, companyName: string | null, offering: FilingOffering): FilingsTable {
  // The company detail's element is this item from accessionNumber on (schema/read/filing-detail.ts).
  const listed: ApiFiling = {
    cik: filing.cik,
    companyName,
    accessionNumber: filing.accessionNumber,
    filingDate: filing.filingDate,
    formType: filing.formType,
    primaryDocument: filing.primaryDocument ?? `${filing.accessionNumber}.txt`,
    inferredStatus: offering.inferredStatus,
    formTitle: formTitle(filing.formType),
    formSummary: offering.formSummary,
    changeSummary: offering.changeSummary,
  };
  const { terms, aiEnrichment } = offering;
  return {
    filing_date: filing.filingDate,
    accession_number: filing.accessionNumber,
    cik: filing.cik,
    company_name: companyName,
    name_lower: companyName?.toLowerCase() ?? null,
    form_type: filing.formType,
    file_number: filing.fileNumber,
    json: JSON.stringify(listed),
    ai_enrichment_json: JSON.stringify(aiEnrichment),
    terms_json: JSON.stringify(terms ? toCompactTerms(terms) : null),
    terms_detail_json: JSON.stringify(terms),
  };
}
