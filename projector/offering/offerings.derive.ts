import type { ApiConsensus, ApiOffering } from '../../schema/api/types.ts';
import type { DealStatus, DealType, OfferingStatus, StatusAsOfSource } from '../../schema/api/vocabulary.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import { baseForm, DRAFT_FORMS, OPENING_FORMS } from '../common/forms.ts';
import type { CompanyOffering } from './offering.derive.ts';
import { offeringTerms } from './offering.derive.ts';
import { isIpoFamily, nameAt } from './deal-type.derive.ts';
import type { CompanyFacts, FilingFact } from './filing.facts.ts';
import { issuerNameAt, type NameHistory } from './issuer-name.derive.ts';
import { foreignListing } from './listed-security.derive.ts';
import { ritterExclusions, type RitterEvidence } from './ritter-exclusions.derive.ts';
import { laterUnreadDocuments } from './superseded-terms.derive.ts';
import type { DealLifecycle } from './lifecycle.derive.ts';

/** What the company serves beside its offerings, so each offering renders the same values. */
export interface ServedOfferingContext {
  /** The current offering's status when a vendor row proved its pricing, which EDGAR has not shown us. */
  currentStatus: OfferingStatus | null;
  /** The stage the vendor row shows the current offering reached, when `currentStatus` is the company's end it overtook. */
  currentStageBeforeEnd: DealStatus | null;
  /** The company's served consensus: the current offering's offer price, proceeds (with their basis) and listing date. */
  consensus: Pick<ApiConsensus, 'offerPrice' | 'grossProceeds' | 'grossProceedsBasis' | 'listingDate'> | null;
  facts: Pick<CompanyFacts, 'name' | 'sic' | 'formerNames'>;
  /** EDGAR's names of the company as its submissions page gives them (name null when none was read): the name at each offering. */
  nameHistory: NameHistory;
  /** The company's tickers and company_tickers.json titles: unit and ADR evidence of its IPO. */
  tickers: readonly string[];
  tickerTitles: readonly string[];
  /** The company filed an F-6: its F-1 and vendor-only offerings sell ADSs (listed-security.derive.ts). */
  depositaryShares: boolean;
  /** The company filed a foreign private issuer's forms (20-F, 6-K, F-1), or a Canadian issuer's (40-F, F-10). */
  foreignPrivateIssuer: boolean;
  canadianIssuer: boolean;
  /** The vendor row of the current offering (its pricing), when one is joined. */
  vendorRow: IpoTableRow | null;
  /** Other tables' rows of the vendor row's IPO (a Bloomberg CUSIP beside a Yahoo row). */
  sameIpoRows: readonly IpoTableRow[];
  /** The issuer's name at listing as a vendor table of the day names it (company/vendor-symbol.derive.ts `ipoIssuerName`). */
  vendorNameAtListing: string | null;
  /** An IPO known only from a vendor row (no registration of it in the data): served as an offering of its own. */
  vendorOffering: { dealType: DealType; status: OfferingStatus; stageBeforeEnd: DealStatus | null } | null;
  /** The date each status is as of, and what it is the date of (company/status-as-of.derive.ts). */
  statusAsOf: { date: string | null; source: StatusAsOfSource | null };
  /**
   * The symbol the company's listing (its outcome, else its vendor IPO row) traded under when its own
   * evidence names it (company/listing-symbol.derive.ts listingOwnSymbol: the Yahoo row of the day, bars
   * from the first day, the final prospectus …), null otherwise: the listed offering's listingSymbol.
   */
  listingSymbol: string | null;
}

/**
 * Every offering of a company as served with include=offerings, oldest first: each registration
 * and its followers (keyed by SEC file number) with its own type, status, dates and terms, so an
 * IPO and a later follow-on are seen side by side and never mixed, plus the vendor's IPO when EDGAR
 * holds no registration of it. The current offering's price, proceeds and listing date are the
 * company's served consensus values; another offering's are its own stated terms (a prospectus's
 * total: its base deal). An offering the company's end overtook is served as that end
 * (lifecycle.derive.ts), with the stage it had reached.
 */
export function offeringsOf(offering: CompanyOffering, ctx: ServedOfferingContext): ApiOffering[] {
  const current = ctx.vendorOffering ? null : offering.lifecycle.currentDeal;
  const vendorName = ctx.vendorRow ? [ctx.vendorRow.issuer] : [];
  const edgar = offering.lifecycle.deals.map((deal): ApiOffering => {
    const terms = offeringTerms(deal, offering.termsByAccession);
    const isCurrent = deal === current;
    const status = isCurrent && ctx.currentStatus !== null ? ctx.currentStatus : deal.servedStatus;
    const offerPrice = isCurrent ? (ctx.consensus?.offerPrice ?? null) : (terms?.doc.terms.offeringPrice ?? null);
    const grossProceeds = isCurrent ? (ctx.consensus?.grossProceeds ?? null) : (terms?.doc.terms.grossProceeds ?? null);
    const ipo = isCurrent && isIpoFamily(deal.dealKind);
    const named = issuerNameAt(ctx.nameHistory, deal.openedDate, { filed: true, name: filedName(deal.filings) });
    const asOf = dealStatusAsOf(deal, status, ctx.statusAsOf);
    return {
      fileNumber: deal.fileNumber,
      dealType: deal.dealKind,
      status,
      statusAsOf: asOf.date,
      statusAsOfSource: asOf.source,
      isCurrent,
      source: 'edgar',
      openedDate: firstFiledDate(deal),
      lastFilingDate: deal.lastFilingDate,
      effectiveDate: deal.effectiveDate,
      pricedDate: deal.pricedDate,
      withdrawnDate: deal.withdrawnDate,
      expectedFirstTradeDate: deal.expectedFirstTradeDate,
      upsized: upsizedAsSeen(deal),
      upsizeFileNumbers: deal.mefFileNumbers,
      draftFileNumbers: deal.draftFileNumbers,
      filingCount: deal.filings.length,
      finalProspectusAccessionNumber: deal.finalProspectus?.accessionNumber ?? null,
      termsAccessionNumber: terms?.filing.accessionNumber ?? null,
      offerPrice,
      grossProceeds,
      grossProceedsBasis: isCurrent ? (ctx.consensus?.grossProceedsBasis ?? null) : grossProceeds === null ? null : 'base_deal',
      listingDate: isCurrent ? (ctx.consensus?.listingDate ?? null) : null,
      // Its own evidence only: the listing's symbol (the listed IPO), else the one its read prospectus states
      // ("under the symbol"), never the company's today, which may be later (Cibus's CBUS for Calyxt's CLXT).
      listingSymbol: (ipo && ctx.consensus?.listingDate != null ? ctx.listingSymbol : null) ?? terms?.doc.terms.tickerHint ?? null,
      stageBeforeEnd: isCurrent && ctx.currentStageBeforeEnd !== null ? ctx.currentStageBeforeEnd : deal.endedBy === null ? null : deal.displayStatus,
      issuerNameAtOffering: named?.name ?? null,
      issuerNameAtOfferingSource: named?.source ?? null,
      ...structureOf({
        dealType: deal.dealKind,
        baseForm: deal.baseForm ? baseForm(deal.baseForm) : null,
        sic: ctx.facts.sic,
        names: [nameAt(ctx.facts, deal.openedDate), ...(isCurrent ? vendorName : []), ...(ipo ? ctx.tickerTitles : [])].filter((n): n is string => n !== null),
        terms: terms?.doc.terms ?? null,
        vendorRow: isCurrent ? ctx.vendorRow : null,
        sameIpoRows: isCurrent ? ctx.sameIpoRows : [],
        offerPrice,
        tickers: ipo ? ctx.tickers : [],
        preliminaryTerms: terms !== null && laterUnreadDocuments(deal.filings, terms.filing, (a) => offering.termsByAccession.has(a)).length > 0,
        ...issuerForms(ctx),
      }),
      terms: terms?.doc.terms ?? null,
    };
  });
  if (!ctx.vendorOffering) return edgar;
  const vendor = vendorOfferingOf(ctx, vendorName);
  // Oldest first: the vendor's IPO sits before the registrations opened after it traded (by the first filing seen).
  const deals = offering.lifecycle.deals;
  const at = edgar.findIndex((_, i) => vendor.listingDate !== null && deals[i].openedDate > vendor.listingDate);
  return at < 0 ? [...edgar, vendor] : [...edgar.slice(0, at), vendor, ...edgar.slice(at)];
}

/**
 * The day the registration was first filed: its first filing's, when the data holds the opening form
 * itself (S-1, F-1, a confidential draft …). A deal first seen by an amendment or a final prospectus
 * (Social Capital Hedosophia II's S-1/A of 2020-03-18, dMY Squared's 424B4 of 2022-10-03) was filed
 * earlier, on a day the data does not hold: null, not the day of that later filing.
 */
function firstFiledDate(deal: DealLifecycle): string | null {
  const first = deal.filings[0];
  if (!first) return null;
  const form = first.formType;
  return !form.endsWith('/A') && (OPENING_FORMS.has(baseForm(form)) || DRAFT_FORMS.has(baseForm(form))) ? deal.openedDate : null;
}

/**
 * An offering's status is as of no day before the status took effect. One the clock put it in holds
 * from its rule's first day: an overlay (dormant, stale, postponed) from overlaySince (lifecycle.derive.ts),
 * so DICE's S-3 of 2022-10-03 is dormant as of 2023-07-01, not as of its own filing day; a listing
 * the clock infers from a pricing or effectiveness no trade has confirmed yet from its expected first
 * trading day, so a 424B4 filed the evening before the first trade reads listed as of that trading day
 * (deal-status.scan.ts statusAt). Later evidence of the company's is kept.
 */
function dealStatusAsOf(
  deal: Pick<DealLifecycle, 'overlay' | 'overlaySince' | 'servedStatus' | 'status' | 'firstTradeDate' | 'expectedFirstTradeDate'>,
  status: string,
  company: ServedOfferingContext['statusAsOf'],
): ServedOfferingContext['statusAsOf'] {
  if (status !== deal.servedStatus) return company;
  const since: ServedOfferingContext['statusAsOf'] | null =
    deal.overlay !== null
      ? deal.overlaySince === null ? null : { date: deal.overlaySince, source: 'inactivity' }
      : deal.status === 'listed' && deal.servedStatus === 'listed' && deal.firstTradeDate === null && deal.expectedFirstTradeDate !== null
        ? { date: deal.expectedFirstTradeDate, source: 'expected_first_trade' }
        : null;
  if (since === null) return company;
  return company.date !== null && company.date >= since.date! ? company : since;
}

/** The name the deal's first filing carried on its index row, when one did. */
function filedName(filings: readonly FilingFact[]): string | null {
  return (filings as ReadonlyArray<FilingFact & { companyName?: string | null }>).find((f) => f.companyName)?.companyName ?? null;
}

function vendorOfferingOf(ctx: ServedOfferingContext, vendorName: string[]): ApiOffering {
  const { dealType, status, stageBeforeEnd } = ctx.vendorOffering!;
  const offerPrice = ctx.consensus?.offerPrice ?? null;
  const listingDate = ctx.consensus?.listingDate ?? null;
  // EDGAR's name for the day first; else the Yahoo list's, which names issuers as they were.
  const named = issuerNameAt(ctx.nameHistory, listingDate, { filed: false, name: null }) ?? (ctx.vendorNameAtListing ? { name: ctx.vendorNameAtListing, source: 'vendor_listing' as const } : null);
  return {
    fileNumber: null,
    dealType,
    status,
    statusAsOf: ctx.statusAsOf.date,
    statusAsOfSource: ctx.statusAsOf.source,
    isCurrent: true,
    source: 'vendor',
    openedDate: null,
    lastFilingDate: null,
    effectiveDate: null,
    pricedDate: null,
    withdrawnDate: null,
    expectedFirstTradeDate: null,
    // No filings, so no Rule 462(b) registration can be seen: unknown, not false.
    upsized: null,
    upsizeFileNumbers: [],
    draftFileNumbers: [],
    filingCount: 0,
    finalProspectusAccessionNumber: null,
    termsAccessionNumber: null,
    offerPrice,
    grossProceeds: ctx.consensus?.grossProceeds ?? null,
    grossProceedsBasis: ctx.consensus?.grossProceedsBasis ?? null,
    listingDate,
    listingSymbol: ctx.listingSymbol,
    stageBeforeEnd,
    issuerNameAtOffering: named?.name ?? null,
    issuerNameAtOfferingSource: named?.source ?? null,
    ...structureOf({
      dealType,
      baseForm: null,
      sic: ctx.facts.sic,
      // The name at the IPO too: the Yahoo list's "The Carlyle Group LP" says a partnership sold its units.
      names: [...(ctx.facts.name ? [ctx.facts.name] : []), ...(named ? [named.name] : []), ...vendorName, ...(isIpoFamily(dealType) ? ctx.tickerTitles : [])],
      terms: null,
      vendorRow: ctx.vendorRow,
      sameIpoRows: ctx.sameIpoRows,
      offerPrice,
      tickers: isIpoFamily(dealType) ? ctx.tickers : [],
      ...issuerForms(ctx),
    }),
    terms: null,
  };
}

/**
 * A Rule 462(b) registration is filed on the pricing day: the data can say none was filed only when it
 * holds the deal's pricing (its EFFECT or final prospectus). Before that, unknown (Pandora's and Social
 * Capital Hedosophia III's one S-1: IPOC added 20% by an S-1MEF the data does not hold).
 */
function upsizedAsSeen(deal: Pick<DealLifecycle, 'upsized' | 'pricedDate' | 'effectiveDate'>): boolean | null {
  return deal.upsized || deal.pricedDate !== null || deal.effectiveDate !== null ? deal.upsized : null;
}

/** Ritter's exclusions and what a foreign issuer listed, from the same evidence. */
function structureOf(e: RitterEvidence): Pick<ApiOffering, 'ritterExclusions' | 'foreignListing'> {
  return { ritterExclusions: ritterExclusions(e), foreignListing: foreignListing(e) };
}

function issuerForms(ctx: ServedOfferingContext): Pick<RitterEvidence, 'depositaryShares' | 'foreignPrivateIssuer' | 'canadianIssuer'> {
  return { depositaryShares: ctx.depositaryShares, foreignPrivateIssuer: ctx.foreignPrivateIssuer, canadianIssuer: ctx.canadianIssuer };
}
