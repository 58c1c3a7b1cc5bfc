/**
 * Insiders' initial ownership reports at a listing: evidence that an offering made its issuer public.
 * Section 16 starts with the registration of an equity class under Section 12, and every director,
 * officer and 10% holder then files a Form 3 (for an IPO, by the effective date). So several Forms 3
 * filed around a final prospectus mean the class was registered with that offering: the issuer was
 * not public before it. An already-public issuer's follow-on brings none (Applied Optoelectronics'
 * 2014 424B4 has none within days of it, its 2013 IPO 14), and one Form 3 is a new insider of a public
 * company, hence the minimum. A daily index holds these rows whether or not a submissions page was
 * read: Laser Photonics' 424B4 of 2022-10-03 came with nine.
 */
import { daysBetween } from '../common/dates.ts';
import type { FilingFact } from './filing.facts.ts';

/** Forms 3 this many days from the final prospectus (either side) belong to its listing. */
export const LISTING_INSIDER_DAYS = 10;
/** Fewer than this many is a new insider of a public company, not a class newly registered. */
export const LISTING_INSIDER_MIN = 3;

/** The insiders' Forms 3 filed within LISTING_INSIDER_DAYS of `date`, when there are at least LISTING_INSIDER_MIN; else empty. */
export function insiderReportsAtListing(filings: readonly Pick<FilingFact, 'formType' | 'filingDate'>[], date: string): Pick<FilingFact, 'formType' | 'filingDate'>[] {
  const near = filings.filter((f) => f.formType === '3' && Math.abs(daysBetween(date, f.filingDate)) <= LISTING_INSIDER_DAYS);
  return near.length >= LISTING_INSIDER_MIN ? near : [];
}
