import type { StoredBars, StoredIpoRow } from '../shared/facts.ts';
import type { CompanyFacts } from '../shared/facts.ts';

/**
 * Companies from vendor rows. A vendor IPO table row (`reference.ipo_row`) that links to a CIK is
 * evidence of a real company and its IPO: the row is a US listing, company_tickers.json lists its
 * ticker for that CIK, and the SEC title names the same company (linkedIpoRows). When EDGAR has
 * given the CIK no company state (no submissions page, no index row), the company is served from
 * that evidence alone:
 *   name            the latest company_tickers.json title of the CIK (the link needs one)
 *   ticker/exchange company_tickers.json's hints
 *   latestForm/Date null: we hold no filing
 *   dealType        ipo (is_ipo 1, kind operating)
 *   offeringStatus  listed when a daily bar exists on or after the vendor's trade date, else priced
 *   updatedAt       the latest observation it was derived from (tickers snapshot, vendor row, bars)
 * Consensus, outcome and price history follow from the vendor row and the bars as for any company.
 * EDGAR keeps precedence: once a submissions page or an index row names the CIK, every field is
 * derived from EDGAR as usual — except status and deal type while EDGAR shows no registration deal
 * for it, which the linked vendor row still gives — and a CIK that loses its link (a later
 * tickers snapshot, a corrected row) stops being served unless EDGAR names it.
 */
export interface VendorStatus {
  offeringStatus: 'listed' | 'priced';
  dealType: 'ipo';
}

/** The status a vendor row gives a company EDGAR knows nothing about. */
export function vendorCompanyStatus(row: StoredIpoRow, bars: StoredBars | null): VendorStatus {
  const tradeDate = row.row.tradeDate;
  const last = bars?.bars[bars.bars.length - 1]?.date ?? null;
  return { offeringStatus: tradeDate !== null && last !== null && last >= tradeDate ? 'listed' : 'priced', dealType: 'ipo' };
}

/** Company facts of a CIK EDGAR has told us nothing about: only when its tickers rows last changed. */
export function vendorOnlyFacts(cik: string, hintsObservedAt: string | null): CompanyFacts {
  return {
    cik,
    name: null,
    entityType: null,
    sic: null,
    sicDescription: null,
    tickers: [],
    exchanges: [],
    formerNames: [],
    updatedAt: hintsObservedAt,
  };
}
