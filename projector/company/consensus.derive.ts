import type { ApiClassification, ApiConsensus } from '../../schema/api/types.ts';
import type { CompanyIdentity } from './company.derive.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { CompanyFacts, FilingFact, TickerHint } from '../offering/filing.facts.ts';
import { offeringTerms, type CompanyOffering } from '../offering/offering.derive.ts';
import { deriveClassification } from '../offering/classification.derive.ts';
import { isIpoFamily } from '../offering/deal-type.derive.ts';
import { deriveListingExchange, type ListingExchange } from '../offering/exchange-at-listing.derive.ts';
import { deriveConsensus } from './consensus-rules.derive.ts';
import { pricedIpoDeal } from './company-outcome.derive.ts';
import { vendorListingEvidence } from './vendor-company.derive.ts';
import { bankruptSymbolBase, heldBasesOf, ipoSymbol } from './vendor-symbol.derive.ts';
import { isPlaceholderSymbol } from '../offering/vendor-deal-type.derive.ts';
import { ipoOfferSizeMillions } from './vendor-same-ipo.derive.ts';
import { isListingForm } from '../common/forms.ts';

import { VENDOR_SOURCE } from '../common/sources.ts';

export interface ConsensusSources {
  facts: CompanyFacts;
  /** The company's filings: its exchange certifications and 8-A12B registrations. */
  filings: readonly FilingFact[];
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
  const offerSize = s.vendorRow ? ipoOfferSizeMillions(s.vendorRow) : null;
  return deriveConsensus({
    lettersHeldElsewhere: heldBasesOf(s.vendorRow),
    edgar: edgar ? { accessionNumber: edgar.filing.accessionNumber, formType: edgar.filing.formType, terms: edgar.doc.terms, observedAt: edgar.doc.observedAt } : null,
    submissions: s.facts.name !== null ? { tickers: s.facts.tickers, exchanges: s.facts.exchanges, observedAt: factsSeen } : null,
    companyTickers: s.hints[0] ? { ticker: s.hints[0].ticker, exchange: s.hints[0].exchange, observedAt: factsSeen } : null,
    listingExchange: { ...companyListingExchange(s), observedAt: factsSeen },
    vendors: vendor
      ? [
          {
            source: VENDOR_SOURCE,
            // A Bloomberg placeholder is no ticker, and a bankrupt issuer's last symbol (EPEGQ) no listing's
            // (vendor-symbol.derive.ts): the IPO's symbol as ipo_outcomes serves it (EPE), else none.
            ticker: isPlaceholderSymbol(vendor.ticker) || bankruptSymbolBase(vendor.ticker) !== null ? ipoSymbol(s.vendorRow!) : vendor.ticker,
            // A row quoting its price and first bar in different units (a share, an ADS) states no price of the listed security.
            offerPrice: vendor.priceUnitsDiffer ? null : vendor.offerPrice,
            rangeLow: vendor.rangeLow,
            rangeHigh: vendor.rangeHigh,
            tradeDate: vendor.tradeDate,
            ipoDate: vendor.tradeDate === null ? (vendor.ipoDate ?? null) : null,
            // The vendor's offer size is in USD millions; it reports shares outstanding, not shares offered.
            // A blank check's two unit series are one IPO: their sizes add up (vendor-same-ipo.derive.ts ipoOfferSizeMillions).
            proceeds: offerSize === null ? null : Math.round(offerSize * 1_000_000),
            // Bloomberg's Offer Size is the deal as closed: TWTR's $2,093M is 80.5M shares × $26, its 70M-share base deal and the option's 10.5M.
            proceedsBasis: offerSize === null ? null : 'vendor_offer_size',
            issuer: vendor.issuer,
            observedAt: s.vendorRow!.observedAt,
          },
        ]
      : [],
    firstBar: s.bars && s.bars.bars.length > 0 ? { date: s.bars.bars[0].date, observedAt: s.bars.observedAt } : null,
    // Only a deal shown listed (an exchange certified it) trades from its expected first day; a priced one may not trade yet.
    expectedFirstTradeDate: deal?.expectedFirstTradeDate && deal.status === 'listed' ? { date: deal.expectedFirstTradeDate, observedAt: factsSeen } : null,
    observedAt: factsSeen,
  });
}

/**
 * The exchange the company listed on (exchange-at-listing.derive.ts), served as consensus.exchange
 * and as its outcome's exchange. The listing is its IPO-family deal that priced, else its current
 * IPO-family deal, else the vendor row's first trade; the prospectus is that deal's.
 */
export function companyListingExchange(s: Pick<ConsensusSources, 'facts' | 'filings' | 'hints' | 'offering' | 'vendorRow'>): ListingExchange {
  const current = s.offering.lifecycle.currentDeal;
  const deal = pricedIpoDeal(s.offering.lifecycle.deals) ?? (current && isIpoFamily(current.dealKind) ? current : null);
  const tradeDate = deal ? (deal.firstTradeDate ?? deal.expectedFirstTradeDate ?? deal.pricedDate ?? deal.effectiveDate) : (s.vendorRow?.row.tradeDate ?? null);
  const read = offeringTerms(deal, s.offering.termsByAccession);
  const fromSubmissions = s.facts.tickers.length > 0;
  return deriveListingExchange({
    filings: s.filings,
    listing: deal || tradeDate ? { openedDate: deal?.openedDate ?? null, tradeDate } : null,
    prospectus: read ? { formType: read.filing.formType, accessionNumber: read.filing.accessionNumber, exchangeHint: read.doc.terms.exchangeHint } : null,
    current: fromSubmissions
      ? { source: 'submissions page', exchange: s.facts.exchanges[0] ?? null }
      : s.hints[0] ? { source: 'company_tickers_exchange.json', exchange: s.hints[0].exchange } : null,
    vendor: vendorListingEvidence(s.vendorRow),
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
