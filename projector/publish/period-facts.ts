import { baseForm } from '../common/forms.ts';
import type { ArticleData, ArticleFiling } from './article.types.ts';
import { jointFilings, type JointFiling } from './co-registrants.group.ts';
import { allDeals, listedIn, pricedIn, type Deal, type DealRole } from './deals.facts.ts';
import { within, type Period } from './period.ts';

/** First registration statements (their amendments are not new registrations). */
const NEW_REGISTRATION_FORMS = new Set(['S-1', 'F-1', 'S-11', 'DRS', '1-A']);
const WITHDRAWAL_FORMS = new Set(['RW', 'RW WD', 'AW']);

/** What the database holds for a period, by source: what an article says it covers. */
export interface Coverage {
  /** Deals that began trading in the period, of any type. */
  listings: number;
  /** …of them, those the vendor IPO table holds a row of. */
  listingsInVendorTable: number;
  /** …of them, those with a first close from daily price bars. */
  listingsWithBars: number;
  /** …of them, those whose offer price this service read from a final prospectus among its EDGAR filings. */
  listingsWithProspectusPrice: number;
  /** Final prospectuses (424B4, 424B1) among its EDGAR filings filed in the period, co-registrants' rows once. */
  finalProspectuses: number;
  /** New registration statements among its EDGAR filings filed in the period, co-registrants' rows once. */
  newRegistrations: number;
}

/** An article's facts: computed once, rendered by its sentences, lists, tables and charts alike. */
export interface PeriodFacts {
  period: Period;
  /** Deals whose pricing is dated in the period (deals.facts.ts), every role. */
  priced: Deal[];
  /** Deals that began trading in the period, every role. */
  listed: Deal[];
  /** New registration statements filed in the period, one per filing whatever its co-registrants. */
  registrations: JointFiling<ArticleFiling>[];
  /** Amendments filed in the period under which new co-registrants filed their first registration form. */
  joinedAmendments: JointFiling<ArticleFiling>[];
  withdrawals: JointFiling<ArticleFiling>[];
  coverage: Coverage;
}

export const withRole = (deals: readonly Deal[], role: DealRole): Deal[] => deals.filter((d) => d.role === role);

export function periodFacts(data: ArticleData, period: Period): PeriodFacts {
  const deals = allDeals(data);
  const priced = pricedIn(deals, period);
  const listed = listedIn(deals, period);
  const filed = (data.filings ?? []).filter((f) => within(f.filingDate, period));
  // Every filing of a registration form, amendments included: an amendment's co-registrants may file it as their first.
  const registrationFilings = jointFilings(filed.filter((f) => NEW_REGISTRATION_FORMS.has(baseForm(f.formType))));
  const registrations = registrationFilings.filter((r) => !r.amends);
  const joinedAmendments = registrationFilings.filter((r) => r.amends && [r.lead, ...r.coRegistrants].some((f) => NEW_REGISTRATION_FORMS.has(f.formType)));
  const prospectuses = deals.filter((d) => d.prospectus !== null && within(d.prospectus.pricingDate, period));
  return {
    period,
    priced,
    listed,
    registrations,
    joinedAmendments,
    withdrawals: jointFilings(filed.filter((f) => WITHDRAWAL_FORMS.has(f.formType))),
    coverage: {
      listings: listed.length,
      listingsInVendorTable: listed.filter((d) => d.listing!.inVendorTable).length,
      listingsWithBars: listed.filter((d) => d.listing!.outcome.closeDay1 !== null).length,
      listingsWithProspectusPrice: listed.filter((d) => d.listing!.offerSource.url !== null).length,
      finalProspectuses: prospectuses.length,
      newRegistrations: registrations.length,
    },
  };
}
