/**
 * Whether the terms served for an offering come from a preliminary document its issuer later
 * revised: a registration amendment or the final prospectus of the same offering, filed after the
 * document read and not read itself. What a preliminary cover says of the security sold (units of a
 * share and a warrant) can change before pricing: Unicycive's S-1/A of 2021-06-30 offered units,
 * its two S-1/As of 2021-07-12 and its 424B4 of 2021-07-14 (not bundled) sold common stock alone,
 * which trades as UNCY with no unit symbol.
 */
import { PRICED_FORMS, PROSPECTUS_FORMS } from '../common/forms.ts';

interface Filed {
  accessionNumber: string;
  formType: string;
  filingDate: string;
}

/** The later unread amendments and final prospectuses of the deal, oldest first; empty when the read document is the final one. */
export function laterUnreadDocuments(filings: readonly Filed[], read: Filed, isRead: (accessionNumber: string) => boolean): Filed[] {
  if (PRICED_FORMS.has(read.formType)) return [];
  return [...filings].sort((a, b) => a.filingDate.localeCompare(b.filingDate)).filter(
    (f) =>
      f.accessionNumber !== read.accessionNumber &&
      !isRead(f.accessionNumber) &&
      f.filingDate >= read.filingDate &&
      (PRICED_FORMS.has(f.formType) || (f.formType.endsWith('/A') && PROSPECTUS_FORMS.has(f.formType))),
  );
}
