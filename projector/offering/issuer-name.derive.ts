/**
 * The issuer's name on an offering's date, from EDGAR evidence only (research-grade.md, "name what it
 * is"): vendor tables name issuers as of their export, so a SPAC's unit IPO of 2017 is listed under the
 * name of the company it later merged with (Gores Holdings II as "Verra Mobility Corp"). The name is
 *   submissions  the submissions page's former name whose dates cover the day, else its current name,
 *                when the day falls within the company's EDGAR history (the page's first filing on);
 *   filing       else the name the offering's own filing carried (a daily-index row of it);
 *   null         else: no evidence, and the served company name may be a later one.
 */
import type { IssuerNameSource } from '../../schema/api/vocabulary.ts';
import type { CompanyFacts } from './filing.facts.ts';

export interface IssuerNameAt {
  name: string;
  source: IssuerNameSource;
}

/** What EDGAR's submissions page says of the company's names; `name` null when no page was read. */
export type NameHistory = Pick<CompanyFacts, 'name' | 'formerNames' | 'firstFilingDate'>;

/**
 * `date` is the offering's: its opening filing's date (`ownFiling` then names what that filing carried),
 * or a vendor offering's first trade (no filing of its own).
 */
export function issuerNameAt(history: NameHistory, date: string | null, ownFiling: { filed: boolean; name: string | null }): IssuerNameAt | null {
  if (date === null) return null;
  // A filing of the company is within its history by definition; a vendor's date only from the page's first filing on.
  const since = history.firstFilingDate ?? null;
  const withinHistory = ownFiling.filed || (since !== null && date >= since);
  const name = withinHistory ? submissionsNameOn(history, date) : null;
  if (name !== null) return { name, source: 'submissions' };
  return ownFiling.name ? { name: ownFiling.name, source: 'filing' } : null;
}

/**
 * The former name whose period covers the day, else the current name once the last former name ended
 * (or when the page lists none); null when the page names nobody for the day (before its dated names).
 */
function submissionsNameOn(history: NameHistory, date: string): string | null {
  if (history.name === null) return null;
  const day = (iso: string | null, fallback: string) => iso?.slice(0, 10) ?? fallback;
  const covering = history.formerNames.find((f) => date >= day(f.from, '0000-00-00') && date <= day(f.to, '9999-12-31'));
  if (covering) return covering.name;
  const lastEnded = history.formerNames.reduce<string | null>((max, f) => (max === null || day(f.to, '9999-12-31') > max ? day(f.to, '9999-12-31') : max), null);
  return lastEnded === null || date > lastEnded ? history.name : null;
}
