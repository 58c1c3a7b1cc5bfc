import type { DealType } from '../../schema/api/vocabulary.ts';
import type { ArticleFiling, ArticleListing, SourceLink } from './article.types.ts';
import type { JointFiling } from './co-registrants.group.ts';
import type { PricedDeal } from './deals.facts.ts';
import { company, esc, num, sourceNote, ticker, time } from './html.ts';
import type { Coverage, TypeCounts } from './period-facts.ts';
import type { PublicRegistration } from './registrations.facts.ts';

/** What readers call each deal type. */
const DEAL_TYPE_WORDS: Record<DealType, string> = {
  ipo: 'IPO',
  spac: 'SPAC',
  direct_listing: 'Direct listing',
  uplisting: 'Uplisting',
  follow_on: 'Follow-on',
  reg_a: 'Regulation A',
  fund: 'Fund',
  resale: 'Resale',
  debt: 'Debt',
  business_combination: 'Business combination',
  co_registrant: 'Co-registrant',
  other: 'Other',
  unknown: 'Deal type not known',
};

export const dealTypeWords = (type: string) => DEAL_TYPE_WORDS[type as DealType] ?? type.replace(/_/g, ' ');

/** Each deal type as a count in running text names it: one, many. */
const DEAL_TYPE_NOUNS: Record<DealType, [string, string]> = {
  ipo: ['IPO', 'IPOs'],
  spac: ['SPAC', 'SPACs'],
  direct_listing: ['direct listing', 'direct listings'],
  uplisting: ['uplisting', 'uplistings'],
  follow_on: ['follow-on', 'follow-ons'],
  reg_a: ['Regulation A offering', 'Regulation A offerings'],
  fund: ['fund', 'funds'],
  resale: ['resale', 'resales'],
  debt: ['debt offering', 'debt offerings'],
  business_combination: ['business combination', 'business combinations'],
  co_registrant: ["co-registrant's deal", "co-registrants' deals"],
  other: ['other deal', 'other deals'],
  unknown: ['deal of unknown type', 'deals of unknown type'],
};

/**
 * "56 IPOs and 2 SPACs": a count of IPO-family deals by served deal type, each count with its source.
 * SPACs, direct listings and uplistings are named as what they are, never counted as "IPOs" (an analyst's
 * IPO count is of operating companies); "56 IPOs" when every one is typed an IPO, "0 IPOs" when none.
 */
export function familyCounted(counts: TypeCounts, source: SourceLink): string {
  return counts.length === 0 ? counted(0, 'IPO', 'IPOs', source) : joinAnd(counts.map(({ dealType, count }) => typeCounted(dealType, count, source)));
}

/** familyCounted in plain text (summaries). */
export function familyPlural(counts: TypeCounts): string {
  return counts.length === 0 ? plural(0, 'IPO', 'IPOs') : joinAnd(counts.map(({ dealType, count }) => plural(count, ...typeNouns(dealType))));
}

/** "59 IPOs, 2 SPACs": counts by served deal type, each with its source. */
export function typeBreakdown(counts: TypeCounts, source: SourceLink): string {
  return counts.map(({ dealType, count }) => typeCounted(dealType, count, source)).join(', ');
}

const typeNouns = (dealType: string): [string, string] => DEAL_TYPE_NOUNS[dealType as DealType] ?? [dealTypeWords(dealType), dealTypeWords(dealType)];
const typeCounted = (dealType: string, count: number, source: SourceLink) => counted(count, ...typeNouns(dealType), source);

/** "a", "a and b", "a, b and c". */
const joinAnd = (parts: readonly string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`);

const noun = (n: number, singular: string, pluralWords: string) => (n === 1 ? singular : pluralWords);

/** "4 IPOs", "1 IPO" in plain text (summaries). */
export const plural = (n: number, singular: string, pluralWords: string) => `${n} ${noun(n, singular, pluralWords)}`;

/** "4 IPOs", "1 IPO": a count with its source, and the noun agreeing with it. */
export function counted(n: number, singular: string, pluralWords: string, source: SourceLink): string {
  return `${num(n, 'int', source)} ${noun(n, singular, pluralWords)}`;
}

/** The link to a filing, its form type as the text. */
export const formLink = (f: { formType: string; url: string }) => `<a href="${esc(f.url)}">${esc(f.formType)}</a>`;

/**
 * "X (TICK) priced at $17.00 for $276.0M (16,000,000 shares) on NASDAQ; final prospectus (424B4) filed D."
 * A size from a vendor's table says it counts the over-allotment (laterSizeNote). Only a deal whose final prospectus the data holds is said to have priced: the prospectus dates it.
 * Never says a prospectus states no price: an unread one is said to be unread.
 */
export function pricedSentence(d: PricedDeal): string {
  const p = d.prospectus;
  const who = `${company(d.companyName, d.cik)}${ticker(d.ticker)}`;
  const filed = `final prospectus (${formLink({ formType: p.formType, url: p.source.url! })})`;
  if (d.offerPrice === null) {
    const unread = p.termsRead ? 'this service could not read the price in it' : 'this service has not read it, so the price is not given here';
    return `${who} filed its ${filed} on ${time(p.pricingDate)}: it priced by then, but ${unread}.`;
  }
  const src = d.offerSource ?? { label: 'offer price', url: null };
  const terms =
    `priced at ${num(d.offerPrice, 'usd', src)}` +
    (d.grossProceeds === null ? '' : ` for ${num(d.grossProceeds, 'millions', p.grossProceeds !== null ? p.source : (d.listing?.offerSource ?? src))}${laterSizeNote(d)}`) +
    (d.sharesOffered === null ? '' : ` (${num(d.sharesOffered, 'int', p.source)} shares)`) +
    (d.exchange ? ` on ${esc(d.exchange)}` : '');
  return `${who} ${terms}; ${filed} filed ${time(p.pricingDate)}.`;
}

/**
 * A vendor's offer size is reported after the closing and, as a rule, counts the over-allotment shares
 * exercised by then: on the day a deal prices it is later knowledge, so the sentence says so.
 */
const laterSizeNote = (d: PricedDeal) =>
  d.grossProceedsBasis === 'vendor_offer_size' ? ' (the vendor\'s offer size, reported after the closing: it may count over-allotment shares exercised by then)' : '';

const STATED_RETURN_SOURCE: SourceLink = { label: 'the vendor IPO table\'s "Offer To 1st Close" (Bloomberg)', url: null };

/**
 * "X (TICK) began trading on D: offered at $24.00, first close $31.34 (+30.58%), first week +75.17%."
 * A listing the data holds no price bars of says so: its returns are not known here, not missing.
 */
export function debutSentence(d: ArticleListing, options: { date: boolean; week: boolean }): string {
  const o = d.outcome;
  const offer = d.offerPrice === null ? 'no offer price is recorded' : `offered at ${num(d.offerPrice, 'usd', d.offerSource)}`;
  const when = options.date ? ` on ${time(d.listingDate)}` : '';
  const who = `${company(d.companyName, d.cik)}${ticker(d.ticker)} began trading${when}: ${offer}`;
  if (o === null || d.priceSource === null) {
    const stated = d.statedDay1ReturnPct ?? null;
    if (stated === null) return `${who}; the data holds no daily price bars of it, so its first-day return is not known here.`;
    return `${who}; the data holds no daily price bars of it: the vendor IPO table states a first-day return of ${num(stated, 'pct', STATED_RETURN_SOURCE)}, which the averages here, over price bars, leave out.`;
  }
  const day1 =
    o.closeDay1 === null
      ? 'no first close is recorded yet'
      : `first close ${num(o.closeDay1, 'usd', d.priceSource)}` + (o.day1ReturnPct === null ? '' : ` (${num(o.day1ReturnPct, 'pct', d.priceSource)})`);
  const week1 = !options.week || o.closeDay1 === null ? '' : o.week1ReturnPct === null ? ', first week not complete yet' : `, first week ${num(o.week1ReturnPct, 'pct', d.priceSource)}`;
  return `${who}, ${day1}${week1}.`;
}

/** "X filed a registration statement (S-1), with 2 co-registrants: A, B." One filing, however many registrants filed it. */
export function registrationSentence(r: JointFiling<ArticleFiling>, verb: string): string {
  const with_ = r.coRegistrants.length
    ? `, with ${counted(r.coRegistrants.length, 'co-registrant', 'co-registrants', { label: `registrants of ${r.lead.accessionNumber}`, url: r.lead.url })}: ` +
      r.coRegistrants.map((c) => company(c.companyName, c.cik)).join(', ')
    : '';
  return `${company(r.lead.companyName, r.lead.cik)} ${verb} (${formLink(r.lead)})${with_}.`;
}

/**
 * "X filed a registration statement (S-1)." and, for a registration first submitted as a confidential
 * draft, when: the draft became public with this filing, which is when the registration is counted.
 */
export function newRegistrationSentence(r: PublicRegistration): string {
  const filed = registrationSentence(r.filing, 'filed a registration statement');
  if (r.draft === null) return filed;
  return `${filed} It had first submitted it as a confidential draft (${formLink(r.draft.lead)}) on ${time(r.draft.lead.filingDate)}, which the SEC makes public only with this filing: one registration, counted now.`;
}

/** The forms and tables the coverage counts, named once under it. */
const COVERAGE_NOTE: readonly SourceLink[] = [
  {
    label:
      'EDGAR filings held by this service (final prospectuses: Forms 424B4 and 424B1; new registration statements: Forms S-1, F-1, S-11 and 1-A, ' +
      'a registration counted once, at its first public filing, whatever its co-registrants or amendments; a confidential draft (DRS, DOS) submitted before it ' +
      'is not public until then and is not counted apart)',
    url: null,
  },
  { label: 'listings: every offering this service serves with a first trading day (the rows of its ipo_calendar and offerings views), from its EDGAR filings and the vendor IPO table rows it imported (Bloomberg, Yahoo Finance), typed as it serves them', url: null },
  { label: 'first closes: the daily price bars it fetched', url: null },
];
const COVERAGE_SOURCE: SourceLink = { label: "this service's database: the served offerings, EDGAR filings, vendor IPO table rows and daily price bars it holds", url: null };

/**
 * What a review covers, in words: the deals the database holds for the period and where they come
 * from. A sample is not the market, and the paragraph says so. `period` is HTML: the period in a <time>.
 */
export function coverageParagraph(c: Coverage, period: string, asOf: string): string {
  const n = (x: number) => num(x, 'int', COVERAGE_SOURCE);
  // An IPO review's filings may be a follow-on's or a debt offering's: each count says whose.
  const byType = (counts: TypeCounts) => (counts.length === 0 ? '' : ` (${typeBreakdown(counts, COVERAGE_SOURCE)})`);
  const listings =
    c.listings === 0
      ? 'no listing with a first trading day in it'
      : `${counted(c.listings, 'listing', 'listings', COVERAGE_SOURCE)} with a first trading day in it ` +
        `(by deal type: ${typeBreakdown(c.listingsByType, COVERAGE_SOURCE)}; ${n(c.listingsInVendorTable)} in the vendor IPO tables, ` +
        `${n(c.listingsWithBars)} with a first close from daily price bars, ` +
        `${n(c.listingsWithProspectusPrice)} with an offer price read from a final prospectus among its EDGAR filings)`;
  return (
    `<p class="coverage">What this covers: for ${period} this service's database holds ${listings}, and, among its EDGAR filings, ` +
    `${counted(c.finalProspectuses, 'final prospectus', 'final prospectuses', COVERAGE_SOURCE)}${byType(c.finalProspectusesByType)} and ` +
    `${counted(c.newRegistrations, 'new registration statement', 'new registration statements', COVERAGE_SOURCE)}${byType(c.newRegistrationsByType)} filed in it. ` +
    'Deals it does not hold are not counted: the figures describe this database, not the whole US IPO market.</p>\n' +
    sourceNote(COVERAGE_NOTE, asOf)
  );
}
