/**
 * Offering terms of one prospectus (S-1, F-1, S-11, their amendments, 424B1-5, shelf S-3/F-3 and
 * their supplements): a pure function from the reader's blocks to the extended terms shape, with
 * the sentence each value came from. What the document does not state is null. Gross proceeds is
 * the stated total or a fixed price × shares (`estimates.grossProceeds` says which); a range
 * midpoint × shares is an estimate: `terms.grossProceedsEstimate` (and `estimates.grossProceedsEstimate`).
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import type { ProspectusDoc } from './prospectus-reader.ts';
import { makeContext, type Found } from './extract-context.ts';
import { coverSignals, type CoverSignals } from './cover-signals.ts';
import { extractOfferingPrice, extractPriceRange } from './fields/price.extract.ts';
import { extractOverAllotment, extractTotalShares } from './fields/shares.extract.ts';
import { computeGrossProceeds, extractDollarSize, extractStatedGrossProceeds, type GrossProceedsBasis } from './fields/proceeds.extract.ts';
import { extractListing } from './fields/listing.extract.ts';
import {
  extractSecurityDescription,
  extractShareClass,
  extractUnitDescription,
  extractWarrantSummary,
} from './fields/security.extract.ts';
import { extractOfferingKind } from './fields/offering-kind.extract.ts';
import { offeringShape } from './fields/offering-shape.extract.ts';
import { extractFlags } from './fields/flags.extract.ts';
import { extractUnderwriters, type DistributorRole } from './fields/underwriters.extract.ts';
import { syndicateTerms } from './fields/syndicate-terms.ts';
import { extractUseOfProceeds } from './fields/use-of-proceeds.extract.ts';
import { feesAndAdvisers } from './fields/fees-and-advisers.ts';

export type TermsField = Exclude<keyof ApiTermsExtended, 'confidence'>;
export type Provenance = Partial<Record<TermsField, { text: string; block: number }>>;

export interface TermsEstimates {
  /** How `terms.grossProceeds` was obtained, when it is set. */
  grossProceeds?: Exclude<GrossProceedsBasis, 'midpoint_x_shares'>;
  /** Range midpoint × base shares, when the document states a range but no price: never in `terms`. */
  grossProceedsEstimate: number | null;
  grossProceedsEstimateBasis?: 'midpoint_x_shares';
}

export interface TermsExtraction {
  terms: ApiTermsExtended;
  provenance: Provenance;
  estimates: TermsEstimates;
  signals: CoverSignals;
  /** The underwriters (or placement / sales agents) as the document prints them; `terms.underwriters` holds one canonical name per bank. */
  underwritersAsPrinted: string[] | null;
  /** What the firms of `terms.underwriters` are to the offering: underwriters, or the placement or sales agents of a best-efforts or at-the-market sale. */
  underwriterRole: DistributorRole | null;
}

export function extractTerms(doc: ProspectusDoc, opts: { formType?: string | null } = {}): TermsExtraction {
  const ctx = makeContext(doc, opts.formType);
  const provenance: Provenance = {};
  const take = <T>(field: TermsField, found: Found<T> | null): T | null => {
    if (!found) return null;
    provenance[field] = { text: found.text, block: found.block };
    return found.value;
  };

  // At-the-market programs and note offerings have no share price, range or count (see offering-shape).
  const shape = offeringShape(ctx);
  const shareTerms = !shape.atTheMarket && !shape.debtOnly;
  const offeringPrice = take('offeringPrice', shareTerms ? extractOfferingPrice(ctx) : null);
  const range = shareTerms ? extractPriceRange(ctx) : null;
  take('priceRangeLow', range);
  take('priceRangeHigh', range);
  const shares = shareTerms ? extractTotalShares(ctx) : null;
  const totalSharesOffered = take('totalSharesOffered', shares)?.count ?? null;
  const overAllotmentShares = take('overAllotmentShares', shareTerms ? extractOverAllotment(ctx) : null);

  // An at-the-market program sells at market prices: no total is known until it has sold.
  const stated = shape.atTheMarket ? null : (extractStatedGrossProceeds(ctx) ?? extractDollarSize(ctx));
  const gross = computeGrossProceeds({
    stated: stated?.value ?? null,
    price: offeringPrice,
    low: range?.value.low ?? null,
    high: range?.value.high ?? null,
    shares: totalSharesOffered,
  });
  const estimates: TermsEstimates = { grossProceedsEstimate: gross.estimate };
  if (gross.basis) {
    estimates.grossProceeds = gross.basis;
    const src = gross.basis === 'stated' ? stated! : provenance.offeringPrice!;
    provenance.grossProceeds = { text: src.text, block: src.block };
  }
  if (gross.estimate !== null) estimates.grossProceedsEstimateBasis = 'midpoint_x_shares';

  const listing = extractListing(ctx);
  if (listing?.value.exchange) take('exchangeHint', listing);
  if (listing?.value.ticker) take('tickerHint', listing);

  const noun = shares?.value.noun ?? null;
  const shareClass = take('shareClass', extractShareClass(ctx));
  const headlineBlock = shares && /^\S+\s/.test(doc.blocks[shares.block]?.text ?? '') ? shares.block : null;
  const securityDescription = take('securityDescription', extractSecurityDescription(ctx, noun, shareClass, headlineBlock));
  const unitDescription = take('unitDescription', extractUnitDescription(ctx));

  const kind = take('isPrimaryOffering', extractOfferingKind(ctx));
  if (kind) {
    provenance.isSecondaryOffering = provenance.isPrimaryOffering;
    provenance.isSellingStockholdersOnly = provenance.isPrimaryOffering;
  }
  const distributors = extractUnderwriters(ctx);
  const underwriters = distributors ? take('underwriters', { ...distributors, value: distributors.value.canonical }) : null;
  const syndicate = syndicateTerms(ctx, distributors);
  Object.assign(provenance, syndicate.provenance);
  const flags = extractFlags(ctx, {
    noun,
    unitDescription,
    distributor: distributors ? { role: distributors.value.role, text: distributors.text } : null,
  });
  if (flags.value.length > 0) take('issuerStructureFlags', flags);
  // Warrant terms are read only when warrants are sold (in units or beside the shares).
  const warrantSummary = unitDescription || noun === 'units' || flags.value.includes('warrants') ? take('warrantSummary', extractWarrantSummary(ctx)) : null;
  const useOfProceedsSummary = take('useOfProceedsSummary', extractUseOfProceeds(ctx, kind?.isSellingStockholdersOnly ?? null));
  const fees = feesAndAdvisers(ctx);
  Object.assign(provenance, fees.provenance);

  const terms: ApiTermsExtended = {
    confidence: null,
    offeringPrice,
    priceRangeLow: range?.value.low ?? null,
    priceRangeHigh: range?.value.high ?? null,
    totalSharesOffered,
    grossProceeds: gross.value,
    grossProceedsEstimate: gross.estimate,
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
    underwritersAsPrinted: distributors?.value.printed ?? null,
    ...syndicate.terms,
    ...fees.terms,
  };
  terms.confidence = confidenceOf(terms, estimates, doc.blocks.length > 0 && ctx.regions.cover.end > ctx.regions.cover.start);
  const distributedBy = { underwritersAsPrinted: distributors?.value.printed ?? null, underwriterRole: distributors?.value.role ?? null };
  return { terms, provenance, estimates, signals: coverSignals(doc), ...distributedBy };
}

/**
 * How much of the deal the document pinned down: the share of core fields read (price or range,
 * size, listing, who sells, underwriters, use of proceeds), discounted when the deal's size in
 * money is only a midpoint estimate (a range but neither a stated total nor a fixed price).
 * 0 when no cover was found.
 */
export function confidenceOf(t: ApiTermsExtended, estimates: TermsEstimates, hasCover: boolean): number {
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
  if (t.grossProceeds === null && estimates.grossProceedsEstimate !== null) score *= 0.9;
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
    bookrunners: t.bookrunners,
    coManagers: t.coManagers,
    leadLeftBookrunner: t.leadLeftBookrunner,
    leadLeftBookrunnerSource: t.leadLeftBookrunnerSource,
  };
}
