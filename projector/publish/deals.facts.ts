import type { GrossProceedsBasis } from '../../schema/api/vocabulary.ts';
import { issuerAmong } from '../offering/co-registrants.derive.ts';
import { isIpoFamily } from '../offering/deal-type.derive.ts';
import type { ArticleData, ArticleListing, ArticlePricing, CalendarEligibility, SourceLink } from './article.types.ts';
import { listedFilers, registrantLeads } from './co-registrants.group.ts';
import { addDays, type Period, within } from './period.ts';

/**
 * How an article counts a deal, one rule for every article:
 *   ipo      an IPO-family deal (IPO, SPAC, direct listing, uplisting, as the read rows type it), counted
 *            under its type as the ipo_calendar view lists it, unless it is held for review (below)
 *   review   an IPO-family deal the calendar holds for review (thin evidence) that has not begun trading:
 *            shown, not counted as an IPO
 *   not_ipo  any other deal type: funds, follow-ons, resales, debt …
 * The classification's exclusion of SPACs (and of deals whose company later combined or delisted) is
 * about an operating-company calendar today, not about what priced on a day: a SPAC that priced is
 * counted as a SPAC in every article, as the quarterly reviews and the ipo_calendar view count it.
 */
export type DealRole = 'ipo' | 'review' | 'not_ipo';

export function dealRole(dealType: string, eligibility: CalendarEligibility | null, listed: boolean): DealRole {
  if (!isIpoFamily(dealType)) return 'not_ipo';
  return eligibility === 'review' && !listed ? 'review' : 'ipo';
}

/** A final prospectus and a first trading day of one registrant this close are one IPO. */
export const SAME_DEAL_DAYS = 10;

/** One deal, counted once: its final prospectus (if this service holds one) and its listing (if the served rows show it began trading). */
export interface Deal {
  key: string;
  cik: string;
  companyName: string;
  ticker: string | null;
  exchange: string | null;
  dealType: string;
  role: DealRole;
  /** The earliest final prospectus of the deal (co-registrants' rows of it counted once). */
  prospectus: ArticlePricing | null;
  listing: ArticleListing | null;
  /**
   * The date the pricing is dated by: the final prospectus's filing date (pricing precedes it by up to
   * two business days), or the first trading day when the deal traded before its prospectus was filed
   * (dMY Squared, Qomolangma and Laser Photonics listed on 2022-09-30 and filed their 424B4s on
   * 2022-10-03: they had priced by the listing, not on the filing's day). Null when the data holds no final prospectus of the deal: a vendor IPO table
   * gives the first trading day, not the pricing date, so such a deal is never said to have priced on
   * a day, only to have begun trading. A deal counts as priced in the period holding this date.
   */
  pricedBy: string | null;
  offerPrice: number | null;
  offerSource: SourceLink | null;
  grossProceeds: number | null;
  /** What grossProceeds counts: the prospectus's base deal, or the listing's consensus basis. */
  grossProceedsBasis: GrossProceedsBasis | null;
  sharesOffered: number | null;
}

/** A deal the data dates a pricing of: its final prospectus is held. */
export type PricedDeal = Deal & { prospectus: ArticlePricing; pricedBy: string };

interface Event {
  date: string;
  pricing?: ArticlePricing;
  listing?: ArticleListing;
}

function dealOf(key: string, events: readonly Event[]): Deal {
  const prospectus = events.find((e) => e.pricing)?.pricing ?? null;
  const listing = events.find((e) => e.listing)?.listing ?? null;
  const dealType = prospectus?.dealType ?? listing!.dealType;
  const eligibility = prospectus?.calendarEligibility ?? listing?.calendarEligibility ?? null;
  const priceFromProspectus = prospectus !== null && prospectus.offerPrice !== null;
  const offerPrice = priceFromProspectus ? prospectus.offerPrice : (listing?.offerPrice ?? null);
  return {
    key,
    cik: listing?.cik ?? prospectus!.cik,
    companyName: listing?.companyName ?? prospectus!.companyName,
    ticker: prospectus?.ticker ?? listing?.ticker ?? null,
    // The served exchange at listing, else what the prospectus's company row or cover says.
    exchange: listing?.exchange ?? prospectus?.exchange ?? null,
    dealType,
    role: dealRole(dealType, eligibility, listing !== null),
    prospectus,
    listing,
    pricedBy: prospectus === null ? null : listing !== null && listing.listingDate < prospectus.pricingDate ? listing.listingDate : prospectus.pricingDate,
    offerPrice,
    offerSource: priceFromProspectus ? prospectus.source : offerPrice !== null ? listing!.offerSource : null,
    grossProceeds: prospectus?.grossProceeds ?? listing?.grossProceeds ?? null,
    grossProceedsBasis: prospectus?.grossProceeds != null ? (prospectus.grossProceedsBasis ?? null) : (listing?.grossProceedsBasis ?? null),
    sharesOffered: prospectus?.sharesOffered ?? null,
  };
}

/** IPO-family events of one registrant, oldest first, cut where SAME_DEAL_DAYS pass with nothing. */
function clusters(events: readonly Event[]): Event[][] {
  const sorted = [...events].sort((a, b) => a.date.localeCompare(b.date) || Number(Boolean(b.pricing)) - Number(Boolean(a.pricing)));
  const out: Event[][] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && addDays(last[last.length - 1].date, SAME_DEAL_DAYS) >= e.date) last.push(e);
    else out.push([e]);
  }
  return out;
}

/**
 * Every deal the data holds, each counted once: co-registrants' rows of one prospectus are one deal
 * (registrantLeads); an IPO-family prospectus and an IPO-family listing of one registrant within
 * SAME_DEAL_DAYS are one IPO; any other prospectus (a follow-on's) or listing (a fund's) is a deal of its own.
 */
export function allDeals(data: ArticleData): Deal[] {
  const leadOf = registrantLeads(data.filings ?? []);
  const listed = listedFilers(data.filings ?? []);
  // One row per prospectus: co-registrants' rows of it share its accession number; its issuer's speaks for it.
  const prospectuses = new Map<string, ArticlePricing>();
  for (const p of data.pricings ?? []) {
    const seen = prospectuses.get(p.accessionNumber);
    if (!seen || issuerAmong([seen.cik, p.cik], listed) === p.cik) prospectuses.set(p.accessionNumber, p);
  }
  const ipoEvents = new Map<string, Event[]>();
  const addIpo = (cik: string, e: Event) => ipoEvents.set(leadOf(cik), [...(ipoEvents.get(leadOf(cik)) ?? []), e]);
  const deals: Deal[] = [];
  for (const p of prospectuses.values()) {
    if (isIpoFamily(p.dealType)) addIpo(p.cik, { date: p.pricingDate, pricing: p });
    else deals.push(dealOf(p.accessionNumber, [{ date: p.pricingDate, pricing: p }]));
  }
  for (const l of data.listings ?? []) {
    if (isIpoFamily(l.dealType)) addIpo(l.cik, { date: l.listingDate, listing: l });
    else deals.push(dealOf(`${l.cik}:${l.listingDate}`, [{ date: l.listingDate, listing: l }]));
  }
  for (const [lead, events] of ipoEvents) for (const c of clusters(events)) deals.push(dealOf(`${lead}:${c[0].date}`, c));
  return deals;
}

/** Deals whose final prospectus is dated in the period, oldest first. */
export function pricedIn(deals: readonly Deal[], period: Period): PricedDeal[] {
  return deals.filter((d): d is PricedDeal => d.prospectus !== null && d.pricedBy !== null && within(d.pricedBy, period)).sort(dealOrder((d) => d.pricedBy));
}

/** Deals that began trading in the period, oldest first. */
export function listedIn(deals: readonly Deal[], period: Period): Deal[] {
  return deals.filter((d) => d.listing !== null && within(d.listing.listingDate, period)).sort(dealOrder((d) => d.listing!.listingDate));
}

const dealOrder = <D extends Deal>(date: (d: D) => string) => (a: D, b: D) =>
  date(a).localeCompare(date(b)) || a.companyName.localeCompare(b.companyName) || a.cik.localeCompare(b.cik) || a.key.localeCompare(b.key);
