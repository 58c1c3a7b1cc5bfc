import { baseForm, DRAFT_FORMS } from '../common/forms.ts';
import type { ArticleData, ArticleFiling } from './article.types.ts';
import { jointFilings, type JointFiling } from './co-registrants.group.ts';
import { allDeals, listedIn, pricedIn, type Deal, type DealRole, type PricedDeal } from './deals.facts.ts';
import { within, type Period } from './period.ts';
import { publicRegistration, REGISTRATION_FORMS, registrationsOf, type PublicRegistration } from './registrations.facts.ts';

const WITHDRAWAL_FORMS = new Set(['RW', 'RW WD', 'AW']);

/** How many of a period's listings the database holds of each served deal type, most first. */
export type TypeCounts = ReadonlyArray<{ dealType: string; count: number }>;

/** What the database holds for a period, by source: what an article says it covers. */
export interface Coverage {
  /** Deals the served rows show began trading in the period, of any type. */
  listings: number;
  /** …of them, by served deal type. */
  listingsByType: TypeCounts;
  /** …of them, those a vendor IPO table holds a row of. */
  listingsInVendorTable: number;
  /** …of them, those with a first close from daily price bars. */
  listingsWithBars: number;
  /** …of them, those whose offer price this service read from a final prospectus among its EDGAR filings. */
  listingsWithProspectusPrice: number;
  /** Final prospectuses (424B4, 424B1) among its EDGAR filings filed in the period, co-registrants' rows once. */
  finalProspectuses: number;
  /** …of them, by the served deal type of the offering each prices. */
  finalProspectusesByType: TypeCounts;
  /** Registrations among its EDGAR filings that became public in the period (publicRegistration): co-registrants' rows once, a draft and its public statement once. */
  newRegistrations: number;
  /** …of them, by the served deal type of the offering each opens (unknown when the data cannot type it). */
  newRegistrationsByType: TypeCounts;
}

/** An article's facts: computed once, rendered by its sentences, lists, tables and charts alike. */
export interface PeriodFacts {
  period: Period;
  /** Deals whose final prospectus is dated in the period (deals.facts.ts), every role. */
  priced: PricedDeal[];
  /** Deals the served rows show began trading in the period, every role. */
  listed: Deal[];
  /**
   * Deals whose final prospectus was filed in the period after they had begun trading (dMY Squared,
   * Qomolangma and Laser Photonics listed on 2022-09-30 and filed their 424B4s on 2022-10-03): priced
   * before the period, so not among `priced`, but among the final prospectuses the coverage counts.
   */
  filedAfterTrading: PricedDeal[];
  /** Registrations first filed in public in the period, each with the confidential draft that preceded it, if any. */
  registrations: PublicRegistration[];
  /** Amendments filed in the period under which new co-registrants filed their first registration form. */
  joinedAmendments: JointFiling<ArticleFiling>[];
  withdrawals: JointFiling<ArticleFiling>[];
  coverage: Coverage;
}

export const withRole = <D extends Deal>(deals: readonly D[], role: DealRole): D[] => deals.filter((d) => d.role === role);

/** Deals counted by their served deal type, most first (ties by type). */
export function countByType(deals: readonly Pick<Deal, 'dealType'>[]): TypeCounts {
  const counts = new Map<string, number>();
  for (const d of deals) counts.set(d.dealType, (counts.get(d.dealType) ?? 0) + 1);
  return [...counts].map(([dealType, count]) => ({ dealType, count })).sort((a, b) => b.count - a.count || a.dealType.localeCompare(b.dealType));
}

export function periodFacts(data: ArticleData, period: Period): PeriodFacts {
  const deals = allDeals(data);
  const priced = pricedIn(deals, period);
  const listed = listedIn(deals, period);
  const filed = (data.filings ?? []).filter((f) => within(f.filingDate, period));
  const registrations = registrationsOf(data.filings ?? [])
    .map(publicRegistration)
    .filter((r): r is PublicRegistration => r !== null && within(r.filing.lead.filingDate, period))
    .sort((a, b) => a.filing.lead.filingDate.localeCompare(b.filing.lead.filingDate) || a.filing.lead.accessionNumber.localeCompare(b.filing.lead.accessionNumber));
  // An amendment's co-registrants may file it as their first registration form: still an amendment.
  // A confidential draft's amendment is not public on its date, so no article of that date names it.
  const registrationFilings = jointFilings(filed.filter((f) => REGISTRATION_FORMS.has(baseForm(f.formType)) && !DRAFT_FORMS.has(baseForm(f.formType))));
  const joinedAmendments = registrationFilings.filter((r) => r.amends && [r.lead, ...r.coRegistrants].some((f) => REGISTRATION_FORMS.has(f.formType)));
  const prospectuses = deals.filter((d) => d.prospectus !== null && within(d.prospectus.pricingDate, period));
  const filedAfterTrading = prospectuses.filter((d): d is PricedDeal => d.pricedBy !== null && !within(d.pricedBy, period));
  return {
    period,
    priced,
    listed,
    filedAfterTrading,
    registrations,
    joinedAmendments,
    withdrawals: jointFilings(filed.filter((f) => WITHDRAWAL_FORMS.has(f.formType))),
    coverage: {
      listings: listed.length,
      listingsByType: countByType(listed),
      listingsInVendorTable: listed.filter((d) => d.listing!.inVendorTable).length,
      listingsWithBars: listed.filter((d) => d.listing!.outcome?.closeDay1 != null).length,
      listingsWithProspectusPrice: listed.filter((d) => d.listing!.offerSource.url !== null).length,
      finalProspectuses: prospectuses.length,
      finalProspectusesByType: countByType(prospectuses),
      newRegistrations: registrations.length,
      newRegistrationsByType: countByType(registrations.map((r) => ({ dealType: r.filing.lead.dealType ?? 'unknown' }))),
    },
  };
}
