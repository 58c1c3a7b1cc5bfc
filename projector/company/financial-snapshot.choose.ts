import type { ApiFinancialSnapshot } from '../../schema/api/types.ts';
import type { FilingTermsFact } from '../offering/offering.derive.ts';

/**
 * The served financialSnapshot. XBRL company facts win whenever they hold a period: they are the
 * issuer's tagged statements. Before the first 10-Q a company has none (domain §1.5: S-1 financial
 * statements are not tagged), so the snapshot falls back to the summary financial data of the
 * latest read prospectus that has any, read once with its document. Its source takes the filing
 * row's date and form, which the document alone may not know.
 */
export function financialSnapshotOf(
  facts: ApiFinancialSnapshot | null,
  prospectuses: ReadonlyMap<string, FilingTermsFact>,
): ApiFinancialSnapshot | null {
  if (facts) return facts;
  // termsByAccession is in filing order, oldest first.
  const read = [...prospectuses.values()].filter((t) => t.doc.snapshot !== null);
  const latest = read[read.length - 1];
  if (!latest) return null;
  const snapshot = latest.doc.snapshot as ApiFinancialSnapshot;
  return {
    ...snapshot,
    source: {
      accessionNumber: latest.filing.accessionNumber,
      filingDate: latest.filing.filingDate,
      formType: latest.filing.formType,
      extractedAt: snapshot.source?.extractedAt ?? latest.doc.observedAt,
    },
  };
}
