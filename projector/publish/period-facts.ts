import { baseForm, DRAFT_FORMS } from '../common/forms.ts';
import type { ArticleData, ArticleFiling } from './article.types.ts';
import { jointFilings, type JointFiling } from './co-registrants.group.ts';
import { allDeals, listedIn, pricedIn, type Deal, type DealRole, type PricedDeal } from './deals.facts.ts';
import { within, type Period } from './period.ts';

import { opensRegistration, REGISTRATION_FORMS, registrationsOf } from './registrations.facts.ts';
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
  /** Registrations among its EDGAR filings first filed in the period: co-registrants' rows once, a draft and its public statement once. */
  newRegistrations: number;
}

/** An article's facts: computed once, rendered by its sentences, lists, tables and charts alike. */
export interface PeriodFacts {
  period: Period;
  /** Deals whose final prospectus is dated in the period (deals.facts.ts), every role. */
  priced: PricedDeal[];
  /** Deals that began trading in the period, every role. */
  listed: Deal[];
  /** Registrations first filed in the period (a draft, or a public statement no draft preceded), by their first filing. */
  registrations: JointFiling<ArticleFiling>[];
  /** Public statements filed in the period of registrations first filed before them as a confidential draft. */
  publicAfterDraft: Array<{ filing: JointFiling<ArticleFiling>; draft: JointFiling<ArticleFiling> }>;
  /** Amendments filed in the period under which new co-registrants filed their first registration form. */
  joinedAmendments: JointFiling<ArticleFiling>[];
  withdrawals: JointFiling<ArticleFiling>[];
  coverage: Coverage;
}

const isDraft = (j: JointFiling<ArticleFiling>) => DRAFT_FORMS.has(baseForm(j.lead.formType));

export const withRole = <D extends Deal>(deals: readonly D[], role: DealRole): D[] => deals.filter((d) => d.role === role);

export function periodFacts(data: ArticleData, period: Period): PeriodFacts {
  const deals = allDeals(data);
  const priced = pricedIn(deals, period);
  const listed = listedIn(deals, period);
  const filed = (data.filings ?? []).filter((f) => within(f.filingDate, period));
  const inPeriod = (j: JointFiling<ArticleFiling>) => within(j.lead.filingDate, period);
  const all = registrationsOf(data.filings ?? []);
  const registrations = all
    .filter((r) => opensRegistration(r) && inPeriod(r.first))
    .map((r) => r.first)
    .sort((a, b) => a.lead.filingDate.localeCompare(b.lead.filingDate) || a.lead.accessionNumber.localeCompare(b.lead.accessionNumber));
  const publicAfterDraft = all.flatMap((r) =>
    r.filings
      .filter((j) => inPeriod(j) && isDraft(r.first) && !isDraft(j) && !j.amends)
      .map((filing) => ({ filing, draft: r.first })),
  );
  // An amendment's co-registrants may file it as their first registration form: still an amendment.
  const registrationFilings = jointFilings(filed.filter((f) => REGISTRATION_FORMS.has(baseForm(f.formType))));
  const joinedAmendments = registrationFilings.filter((r) => r.amends && [r.lead, ...r.coRegistrants].some((f) => REGISTRATION_FORMS.has(f.formType)));
  const prospectuses = deals.filter((d) => d.prospectus !== null && within(d.prospectus.pricingDate, period));
  return {
    period,
    priced,
    listed,
    registrations,
    publicAfterDraft,
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
