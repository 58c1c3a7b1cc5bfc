import type { ArticleListing, SourceLink } from './article.types.ts';
import { proceedsBasisNote } from './aggregate.ts';
import type { Deal, PricedDeal } from './deals.facts.ts';
import { company, esc, listOr, num, ticker, time } from './html.ts';
import { countByType, withRole, type PeriodFacts } from './period-facts.ts';
import { counted, dealTypeWords, familyCounted, formLink, pricedSentence, typeBreakdown } from './sentences.ts';

/** The computed figures of a deals section: named after what they count. */
export const dealsSource = (what: string): SourceLink => ({ label: `${what}, counted from the deals listed in this article`, url: null });

/** Proceeds of deals, or null when none states any, with how many do. */
export function proceedsOf(deals: readonly Deal[]): { total: number | null; stated: number } {
  const stated = deals.map((d) => d.grossProceeds).filter((x): x is number => x !== null);
  return { total: stated.length ? stated.reduce((a, b) => a + b, 0) : null, stated: stated.length };
}

/** "4 IPOs priced this week, raising $2,402.8M." — the count the lists below it show. */
export function pricedCountSentence(ipos: readonly Deal[], when: string): string {
  const src = dealsSource(`IPOs priced ${when}`);
  if (ipos.length === 0) return `No IPO pricing is dated ${when} in the data this service holds.`;
  const { total, stated } = proceedsOf(ipos);
  const raised =
    total === null ? '' : `, raising ${num(total, 'millions', src)}` + (stated < ipos.length ? ` (${num(stated, 'int', src)} of them state proceeds)` : '');
  const basis = proceedsBasisNote(ipos.filter((d) => d.grossProceeds !== null).map((d) => d.grossProceedsBasis));
  return `${familyCounted(countByType(ipos), src)} priced ${when}${raised}.${basis ? ` ${basis}` : ''}`;
}

/** "dMY Squared Technology Group, Inc. (DMYY, SPAC) filed its final prospectus (424B4) on 2022-10-03, after its first trade on 2022-09-30." */
function filedAfterTradingSentence(d: PricedDeal): string {
  const traded = d.listing ? `, after its first trade on ${time(d.listing.listingDate)}` : `, after it had priced by ${time(d.pricedBy)}`;
  return `${company(d.companyName, d.cik)}${ticker(d.ticker)}, ${esc(dealTypeWords(d.dealType))}, filed its final prospectus (${formLink({ formType: d.prospectus.formType, url: d.prospectus.source.url! })}) on ${time(d.prospectus.pricingDate)}${traded}.`;
}

const DATING_NOTE = 'A deal is dated by the filing of its final prospectus: pricing precedes it by up to two business days.';

/**
 * IPOs that began trading in the period whose final prospectus the data does not hold: the vendor
 * IPO table gives their first trading day, not the day they priced, so no pricing date is said.
 */
export const undatedDebuts = (facts: PeriodFacts): Deal[] => withRole(facts.listed, 'ipo').filter((d) => d.prospectus === null);

function undatedSentence(undated: readonly Deal[], when: string): string {
  const n = undated.length;
  if (n === 0) return '';
  const one = n === 1;
  return (
    ` ${familyCounted(countByType(undated), dealsSource(`IPOs that began trading ${when} with no final prospectus held`))} that began trading ${when} ` +
    `${one ? 'is' : 'are'} not dated here: the data holds no final prospectus of ${one ? 'it' : 'them'}, and the vendor IPO tables give ` +
    `${one ? 'its' : 'their'} first trading day, not the day ${one ? 'it' : 'they'} priced, so ${one ? 'it is' : 'they are'} listed only among the debuts below.`
  );
}

/**
 * The priced deals of an article, by how they count (deals.facts.ts dealRole): IPOs by deal type,
 * then the deals held for review, then those that are not IPOs. Each deal once. The period's debuts
 * with no pricing date are counted apart, never as priced in it.
 */
export function pricedSection(facts: PeriodFacts, when: string): string[] {
  const ipos = withRole(facts.priced, 'ipo');
  const review = withRole(facts.priced, 'review');
  const others = facts.priced.filter((d) => d.role === 'not_ipo');
  const body = [`<p>${pricedCountSentence(ipos, when)}${facts.priced.length ? ` ${DATING_NOTE}` : ''}${undatedSentence(undatedDebuts(facts), when)}</p>`];
  const types = [...new Set(ipos.map((d) => d.dealType))].sort();
  for (const type of types) body.push(`<h3>${dealTypeWords(type)}</h3>`, ...listOr(ipos.filter((d) => d.dealType === type).map(pricedSentence), ''));
  if (review.length) {
    body.push(
      '<h3>Not yet confirmed as IPOs</h3>',
      '<p>This service types these deals as IPOs from their filings, but the IPO calendar holds them for review (thin evidence, such as a final prospectus whose registration statement it does not hold), so they are not counted as IPOs.</p>',
      ...listOr(review.map(pricedSentence), ''),
    );
  }
  if (others.length) {
    const label = (d: PricedDeal) => `${dealTypeWords(d.dealType)}: `;
    body.push('<h3>Not counted as IPOs</h3>', ...listOr(others.map((d) => label(d) + pricedSentence(d)), ''));
  }
  if (facts.filedAfterTrading.length) {
    body.push(
      '<h3>Final prospectuses of deals that had begun trading</h3>',
      `<p>Filed ${when} after the deal's first trade: it had priced by then, so it is counted on the day it began trading, not here.</p>`,
      ...listOr(facts.filedAfterTrading.map(filedAfterTradingSentence), ''),
    );
  }
  return body;
}

/**
 * "2 other listings are not counted as IPOs: 2 funds." The period's listings that are not IPOs (by
 * their served deal type), by type; empty when there are none.
 */
export function notCountedSentence(listed: readonly Deal[], source: SourceLink): string {
  const notIpo = listed.filter((d) => d.role === 'not_ipo');
  const n = notIpo.length;
  if (n === 0) return '';
  // Named, not only counted: "1 fund (ArrowMark Financial Corp, BANX)".
  const named = notIpo.map((d) => `${company(d.companyName, d.cik)}${ticker(d.ticker)}`).join(', ');
  return `${counted(n, 'other listing', 'other listings', source)} ${n === 1 ? 'is' : 'are'} not counted as ${n === 1 ? 'an IPO' : 'IPOs'}: ${typeBreakdown(countByType(notIpo), source)} (${named}).`;
}

/**
 * "First-day returns are known for 20 of the 61 IPOs; the other 41 have no daily price bars in the
 * data." Returns come from price bars, which the data holds for some listings only: a reader is told
 * how many of the counted listings the averages and lists cover.
 */
export function returnsKnownSentence(listings: readonly ArticleListing[], source: SourceLink): string {
  const total = listings.length;
  const known = listings.filter((l) => l.outcome?.day1ReturnPct != null).length;
  const noBars = listings.filter((l) => l.outcome === null).length;
  const pending = total - known - noBars;
  const n = (x: number) => num(x, 'int', source);
  if (total === 0) return '';
  if (total === 1) {
    if (known === 1) return 'Its first-day return is known, from daily price bars.';
    return noBars ? 'Its first-day return is not known: the data holds no daily price bars of it.' : 'Its first-day return is not known yet: the price bars hold no first close against an offer price.';
  }
  const head = known === total ? `First-day returns are known for all ${n(total)}, from daily price bars` : known === 0 ? 'No first-day return is known' : `First-day returns from daily price bars are known for ${n(known)} of the ${n(total)}`;
  // "the other" only when they are all the rest.
  const rest = known > 0 && pending === 0 ? (noBars === 1 ? 'the other' : `the other ${n(noBars)}`) : n(noBars);
  // The vendor table states a first-day return for most of those: known, but not from price bars, so not averaged here.
  const stated = listings.filter((l) => l.outcome === null && l.statedDay1ReturnPct != null).length;
  const statedNote = stated === 0 ? '' : ` (the vendor IPO table states a first-day return for ${stated === noBars ? (noBars === 1 ? 'it' : `all ${n(stated)}`) : n(stated)}, which the figures here, over price bars, leave out)`;
  const gaps = [
    ...(noBars ? [`${rest} ${noBars === 1 ? 'has' : 'have'} no daily price bars in the data${statedNote}`] : []),
    ...(pending ? [`${n(pending)} ${pending === 1 ? 'has' : 'have'} price bars but no first close against an offer price yet`] : []),
  ];
  return `${head}${gaps.length ? `; ${gaps.join(', and ')}` : ''}.`;
}

/** "9 IPOs began trading this week. First-day returns are known for 4 of them … 1 other listing is not counted as an IPO: 1 fund." */
export function listedCountSentence(facts: PeriodFacts, when: string): string {
  const src = dealsSource(`listings ${when}`);
  const ipos = withRole(facts.listed, 'ipo');
  const others = notCountedSentence(facts.listed, src);
  return (
    (ipos.length
      ? `${familyCounted(countByType(ipos), src)} began trading ${when}. ${returnsKnownSentence(ipos.map((d) => d.listing!), src)}`
      : `No IPO began trading ${when}.`) + (others ? ` ${others}` : '')
  );
}
