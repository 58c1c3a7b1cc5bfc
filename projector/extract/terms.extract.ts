/**
 * Offering terms of one prospectus (S-1, F-1, S-11, their amendments, 424B1/3/4): a pure function
 * from the reader's blocks to the extended terms shape, with the sentence each value came from.
 * What the document does not state is null; the only computed value is gross proceeds, and
 * `estimates.grossProceeds` says how it was obtained.
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import type { ProspectusDoc } from './prospectus-reader.ts';
import { makeContext, type Found } from './extract-context.ts';
import { coverSignals, type CoverSignals } from './cover-signals.ts';
import { extractOfferingPrice, extractPriceRange } from './fields/price.extract.ts';
import { extractOverAllotment, extractTotalShares } from './fields/shares.extract.ts';
import { computeGrossProceeds, extractStatedGrossProceeds, type GrossProceedsBasis } from './fields/proceeds.extract.ts';
import { extractListing } from './fields/listing.extract.ts';
import {
  extractSecurityDescription,
  extractShareClass,
  extractUnitDescription,
  extractWarrantSummary,
} from './fields/security.extract.ts';
import { extractOfferingKind } from './fields/offering-kind.extract.ts';
import { extractFlags } from './fields/flags.extract.ts';
import { extractUnderwriters } from './fields/underwriters.extract.ts';
import { extractUseOfProceeds } from './fields/use-of-proceeds.extract.ts';

export type TermsField = Exclude<keyof ApiTermsExtended, 'confidence'>;
export type Provenance = Partial<Record<TermsField, { text: string; block: number }>>;

export interface TermsExtraction {
  terms: ApiTermsExtended;
  provenance: Provenance;
  estimates: { grossProceeds?: GrossProceedsBasis };
  signals: CoverSignals;
}

export function extractTerms(doc: ProspectusDoc, opts: { formType?: string | null } = {}): TermsExtraction {
  const ctx = makeContext(doc, opts.formType);
  const provenance: Provenance = {};
  const take = <T>(field: TermsField, found: Found<T> | null): T | null => {
    if (!found) return null;
    provenance[field] = { text: found.text, block: found.block };
    return found.value;
  };

  const offeringPrice = take('offeringPrice', extractOfferingPrice(ctx));
  const range = extractPriceRange(ctx);
  take('priceRangeLow', range);
  take('priceRangeHigh', range);
  const shares = extractTotalShares(ctx);
  const totalSharesOffered = take('totalSharesOffered', shares)?.count ?? null;
  const overAllotmentShares = take('overAllotmentShares', extractOverAllotment(ctx));

  const stated = extractStatedGrossProceeds(ctx);
  const gross = computeGrossProceeds({
    stated: stated?.value ?? null,
    price: offeringPrice,
    low: range?.value.low ?? null,
    high: range?.value.high ?? null,
    shares: totalSharesOffered,
  });
  const estimates: TermsExtraction['estimates'] = {};
  if (gross) {
    estimates.grossProceeds = gross.basis;
    const src = gross.basis === 'stated' ? stated! : gross.basis === 'price_x_shares' ? provenance.offeringPrice! : range!;
    provenance.grossProceeds = { text: src.text, block: src.block };
  }

  const listing = extractListing(ctx);
  if (listing?.value.exchange) take('exchangeHint', listing);
  if (listing?.value.ticker) take('tickerHint', listing);

  const noun = shares?.value.noun ?? null;
  const shareClass = take('shareClass', extractShareClass(ctx));
  const headlineBlock = shares && /^\S+\s/.test(doc.blocks[shares.block]?.text ?? '') ? shares.block : null;
  const securityDescription = take('securityDescription', extractSecurityDescription(ctx, noun, shareClass, headlineBlock));
  const unitDescription = take('unitDescription', extractUnitDescription(ctx));
  const warrantSummary = unitDescription || noun === 'units' ? take('warrantSummary', extractWarrantSummary(ctx)) : null;

  const kind = take('isPrimaryOffering', extractOfferingKind(ctx));
  if (kind) {
    provenance.isSecondaryOffering = provenance.isPrimaryOffering;
    provenance.isSellingStockholdersOnly = provenance.isPrimaryOffering;
  }
  const flags = extractFlags(ctx, { noun, unitDescription });
  if (flags.value.length > 0) take('issuerStructureFlags', flags);
  const underwriters = take('underwriters', extractUnderwriters(ctx));
  const useOfProceedsSummary = take('useOfProceedsSummary', extractUseOfProceeds(ctx, kind?.isSellingStockholdersOnly ?? null));

  const terms: ApiTermsExtended = {
    confidence: null,
    offeringPrice,
    priceRangeLow: range?.value.low ?? null,
    priceRangeHigh: range?.value.high ?? null,
    totalSharesOffered,
    grossProceeds: gross?.value ?? null,
    overAllotmentShares,
    shareClass,
    securityDescription,
    exchangeHint: listing?.value.exchange ?? null,
    tickerHint: listing?.value.ticker ?? null,
    unitDescription,
    warrantSummary,
    useOfProceedsSummary,
    isPrimaryOffering: kind?.isPrimaryOffering ?? null,
    isSecondaryOffering: kind?.isSecondaryOffering ?? null,
    isSellingStockholdersOnly: kind?.isSellingStockholdersOnly ?? null,
    // The flags are read from the whole front matter, so an empty list is a finding, not a gap.
    issuerStructureFlags: flags.value,
    underwriters,
  };
  terms.confidence = confidenceOf(terms, estimates, doc.blocks.length > 0 && ctx.regions.cover.end > ctx.regions.cover.start);
  return { terms, provenance, estimates, signals: coverSignals(doc) };
}

/**
 * How much of the deal the document pinned down: the share of core fields read (price or range,
 * size, listing, who sells, underwriters, use of proceeds), discounted when gross proceeds is only
 * a midpoint estimate. 0 when no cover was found.
 */
export function confidenceOf(t: ApiTermsExtended, estimates: TermsExtraction['estimates'], hasCover: boolean): number {
  if (!hasCover) return 0;
  const core = [
    t.offeringPrice !== null || t.priceRangeLow !== null,
    t.totalSharesOffered !== null,
    t.exchangeHint !== null || t.tickerHint !== null,
    t.isPrimaryOffering !== null,
    t.underwriters !== null || t.isSellingStockholdersOnly === true,
    t.useOfProceedsSummary !== null,
    t.shareClass !== null || t.securityDescription !== null,
  ];
  let score = core.filter(Boolean).length / core.length;
  if (estimates.grossProceeds === 'midpoint_x_shares') score *= 0.9;
  return Math.round(score * 100) / 100;
}

/** The filing list's compact form of the same terms. */
export function toCompactTerms(t: ApiTermsExtended) {
  return {
    offeringPrice: t.offeringPrice,
    priceRangeLow: t.priceRangeLow,
    priceRangeHigh: t.priceRangeHigh,
    totalSharesOffered: t.totalSharesOffered,
    grossProceeds: t.grossProceeds,
    exchangeHint: t.exchangeHint,
    tickerHint: t.tickerHint,
    useOfProceedsSummary: t.useOfProceedsSummary,
    isPrimaryOffering: t.isPrimaryOffering,
    isSecondaryOffering: t.isSecondaryOffering,
    isSellingStockholdersOnly: t.isSellingStockholdersOnly,
    issuerStructureFlags: t.issuerStructureFlags,
    underwriters: t.underwriters,
  };
}
