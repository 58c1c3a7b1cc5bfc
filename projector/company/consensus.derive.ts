import type { ApiClassification, ApiConsensus } from '../../schema/api/types.ts';
import type { CompanyIdentity } from './company.derive.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { CompanyFacts, TickerHint } from '../offering/filing.facts.ts';
import type { CompanyOffering } from '../offering/offering.derive.ts';
import { deriveClassification } from '../offering/classification.derive.ts';
import { deriveConsensus } from './consensus-rules.derive.ts';
import { isListingForm } from '../common/forms.ts';

import { VENDOR_SOURCE } from '../common/sources.ts';

export interface ConsensusSources {
  facts: CompanyFacts;
  hints: readonly TickerHint[];
  identity: CompanyIdentity;
  offering: CompanyOffering;
  vendorRow: StoredIpoRow | null;
  bars: StoredBars | null;
}

/**
 * Consensus about one offering (the current one, whose terms latestTerms shows: its final
 * prospectus when read), across EDGAR terms, the submissions page, company_tickers.json, the vendor
 * row of that offering and the first bar. Observation times: the company's facts carry their latest
 * observedAt (updated_at), which stands for the submissions page and the tickers snapshot alike,
 * and is the resolvedAt of a consensus no source contributed to.
 */
export function companyConsensus(s: ConsensusSources): ApiConsensus {
  const deal = s.offering.lifecycle.currentDeal;
  const edgar = s.offering.latestTerms;
  const factsSeen = s.facts.updatedAt as string;
  const vendor = s.vendorRow?.row ?? null;
  return deriveConsensus({
    edgar: edgar ? { accessionNumber: edgar.filing.accessionNumber, formType: edgar.filing.formType, terms: edgar.doc.terms, observedAt: edgar.doc.observedAt } : null,
    submissions: s.facts.name !== null ? { tickers: s.facts.tickers, exchanges: s.facts.exchanges, observedAt: factsSeen } : null,
    companyTickers: s.hints[0] ? { ticker: s.hints[0].ticker, exchange: s.hints[0].exchange, observedAt: factsSeen } : null,
    vendors: vendor
      ? [
          {
            source: VENDOR_SOURCE,
            ticker: vendor.ticker,
            offerPrice: vendor.offerPrice,
            rangeLow: vendor.rangeLow,
            rangeHigh: vendor.rangeHigh,
            tradeDate: vendor.tradeDate,
            // The vendor's offer size is in USD millions; it reports shares outstanding, not shares offered.
            proceeds: vendor.offerSizeMillions === null ? null : Math.round(vendor.offerSizeMillions * 1_000_000),
            observedAt: s.vendorRow!.observedAt,
          },
        ]
      : [],
    firstBar: s.bars && s.bars.bars.length > 0 ? { date: s.bars.bars[0].date, observedAt: s.bars.observedAt } : null,
    expectedFirstTradeDate: deal?.expectedFirstTradeDate ? { date: deal.expectedFirstTradeDate, observedAt: factsSeen } : null,
    observedAt: factsSeen,
  });
}

/** Calendar classification of the current deal; only the four spec fields are served. */
export function companyClassification(s: Pick<ConsensusSources, 'facts' | 'offering'>): ApiClassification {
  const deal = s.offering.lifecycle.currentDeal;
  const c = deriveClassification({
    dealType: s.offering.dealTypeResult,
    status: s.offering.lifecycle.offeringStatus,
    terms: s.offering.latestTerms?.doc.terms ?? null,
    company: { sic: s.facts.sic, exchanges: s.facts.exchanges },
    exchangeListingFiled: deal ? deal.filings.some((f) => isListingForm(f.formType)) : false,
  });
  return { calendarEligibility: c.calendarEligibility, issuerKind: c.issuerKind, listingPath: c.listingPath, confidence: c.confidence };
}
