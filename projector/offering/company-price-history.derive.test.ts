/** Initial range versus earliest known range, on Unicycive's real submissions and its real S-1/A Amendment No. 3. */
import { describe, expect, it } from 'vitest';
import { readDocumentTerms } from '../extract/document.read.ts';
import { readDocumentFile, sampleProspectusPath } from '../extract/labelled-samples.ts';
import type { DocumentTerms } from '../extract/document-terms.ts';
import { companyPriceHistory } from './company-price-history.derive.ts';
import { deriveOffering } from './offering.derive.ts';
import { loadSubmissions } from './sample.testkit.ts';

const ACCESSION = '0001213900-21-035033';
const { company, filings } = loadSubmissions('unicycive');
const read = readDocumentTerms(readDocumentFile(sampleProspectusPath('S-1-A_0001213900-21-035033_unicycive.htm.gz')), { cik: company.cik, accessionNumber: ACCESSION, primaryDocument: null }, 'S-1/A', '2026-01-02T00:00:00Z');
const documents = [(read as { terms: DocumentTerms }).terms];
const offeringOf = (held: typeof filings) => deriveOffering({ facts: company, filings: held, documents, companyName: company.name!, today: '2021-07-01', firstBarDate: null });
const range = { low: 5, high: 6, accessionNumber: ACCESSION, filingDate: '2021-06-30', formType: 'S-1/A', source: 'edgar' };

describe('companyPriceHistory: initial or earliest known range', () => {
  it('Amendment No. 3 states $5.00–$6.00, but the S-1 and amendments before it were not read: earliest known, not initial', () => {
    const held = filings.filter((f) => f.filingDate <= '2021-06-30');
    const earlier = held.filter((f) => f.fileNumber === '333-256367' && f.accessionNumber !== ACCESSION && f.formType.startsWith('S-1'));
    expect(earlier.length).toBeGreaterThan(0);
    const history = companyPriceHistory(offeringOf(held), null, null)!;
    expect(history).toMatchObject({ initialRange: null, earliestKnownRange: range, lastRange: range });
  });

  it('the same range is the initial one when every registration filing before it was read', () => {
    const held = filings.filter((f) => f.filingDate <= '2021-06-30' && !(f.fileNumber === '333-256367' && f.accessionNumber !== ACCESSION && f.formType.startsWith('S-1')));
    const history = companyPriceHistory(offeringOf(held), null, null)!;
    expect(history).toMatchObject({ initialRange: range, earliestKnownRange: range });
  });
});
