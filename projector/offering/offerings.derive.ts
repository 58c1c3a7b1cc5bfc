import type { ApiOffering } from '../../schema/api/types.ts';
import type { OfferingStatus } from '../../schema/api/vocabulary.ts';
import type { CompanyOffering } from './offering.derive.ts';
import { offeringTerms } from './offering.derive.ts';

/**
 * Every offering of a company as served with include=offerings, oldest first: each registration
 * and its followers (keyed by SEC file number) with its own type, status, dates and terms, so an
 * IPO and a later follow-on are seen side by side and never mixed. `currentStatus`: the current
 * offering's status when a vendor row proved its pricing, which EDGAR has not shown us.
 */
export function offeringsOf(offering: CompanyOffering, currentStatus: OfferingStatus | null = null): ApiOffering[] {
  const current = offering.lifecycle.currentDeal;
  return offering.lifecycle.deals.map((deal) => {
    const terms = offeringTerms(deal, offering.termsByAccession);
    return {
      fileNumber: deal.fileNumber,
      dealType: deal.dealKind,
      status: deal === current && currentStatus !== null ? currentStatus : deal.displayStatus,
      isCurrent: deal === current,
      openedDate: deal.openedDate,
      lastFilingDate: deal.lastFilingDate,
      effectiveDate: deal.effectiveDate,
      pricedDate: deal.pricedDate,
      withdrawnDate: deal.withdrawnDate,
      expectedFirstTradeDate: deal.expectedFirstTradeDate,
      upsized: deal.upsized,
      upsizeFileNumbers: deal.mefFileNumbers,
      draftFileNumbers: deal.draftFileNumbers,
      filingCount: deal.filings.length,
      finalProspectusAccessionNumber: deal.finalProspectus?.accessionNumber ?? null,
      termsAccessionNumber: terms?.filing.accessionNumber ?? null,
      terms: terms?.doc.terms ?? null,
    };
  });
}
