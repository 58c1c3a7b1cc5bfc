import type { IndexEntryPayload } from '../../schema/events/event-types.ts';
import { job, type Job } from '../jobs/job-types.ts';
import { DOCUMENT_FORMS, THIRD_PARTY_FORMS } from './offering-forms.ts';

/**
 * The one rule both listings (the latest-filings feed and the daily index) discover by: which
 * filings are new and worth following, and whom to follow for them. Pure: what the event log
 * already holds comes in through a `FilingLedger`.
 */

export interface FilingParty {
  cik: string;
  /** `Filer`, `Subject`, `Filed by`… as the feed names it; null on index rows, which name none. */
  role: string | null;
}

/** One filing as a listing shows it, with every party it names. */
export interface FilingSighting {
  accessionNumber: string;
  formType: string;
  /** EDGAR filing date, YYYY-MM-DD. */
  filedOn: string;
  parties: FilingParty[];
}

/** What the event log already holds about a filing. */
export interface FilingLedger {
  /** A primary document of this accession has been fetched. */
  hasDocument(accessionNumber: string): boolean;
  /** The company's newest submissions JSON lists this accession. */
  companyListsFiling(cik: string, accessionNumber: string): boolean;
}

/** Index rows are one per (accession, CIK): folded into one sighting per accession, in file order. */
export function sightingsFromIndex(entries: IndexEntryPayload[]): FilingSighting[] {
  const byAccession = new Map<string, FilingSighting>();
  for (const e of entries) {
    const sighting = byAccession.get(e.accessionNumber) ?? { accessionNumber: e.accessionNumber, formType: e.formType, filedOn: e.dateFiled, parties: [] };
    if (!sighting.parties.some((p) => p.cik === e.cik)) sighting.parties.push({ cik: e.cik, role: null });
    byAccession.set(e.accessionNumber, sighting);
  }
  return [...byAccession.values()];
}

// Parties that file about someone else: the holder behind a 13D ("Filed by"), an insider ("Reporting").
const NOT_FOLLOWED_ROLES = new Set(['Filed by', 'Reporting']);

/**
 * The companies a filing is followed to. On a third-party form an index row does not say who
 * filed, but the accession does: its first ten digits are the filer's id (domain.md §1.2), so the
 * exchange of a 25-NSE is the party whose CIK they spell.
 */
export function followedParties(sighting: FilingSighting): string[] {
  const filerId = sighting.accessionNumber.slice(0, 10);
  const thirdParty = THIRD_PARTY_FORMS.has(sighting.formType);
  const ciks = sighting.parties
    .filter((p) => !(p.role !== null && NOT_FOLLOWED_ROLES.has(p.role)))
    .filter((p) => !(thirdParty && p.role === null && p.cik === filerId))
    .map((p) => p.cik);
  return [...new Set(ciks)];
}

/**
 * One `edgar.submissions` job per company with new filings of `forms`, carrying those accessions
 * (so the job is new whenever they are, and the handler knows which documents to fetch). A filing
 * is new while the log lacks what following it brings: its primary document for a prospectus form,
 * else the company's submissions listing it.
 */
export function discoveryFollowUps(sightings: FilingSighting[], forms: Iterable<string>, ledger: FilingLedger): Job[] {
  const wanted = new Set(forms);
  const byCik = new Map<string, { accessions: Set<string>; filedOn: string }>();
  for (const s of sightings) {
    if (!wanted.has(s.formType) || ledger.hasDocument(s.accessionNumber)) continue;
    const needsDocument = DOCUMENT_FORMS.has(s.formType);
    for (const cik of followedParties(s)) {
      if (!needsDocument && ledger.companyListsFiling(cik, s.accessionNumber)) continue;
      const pending = byCik.get(cik) ?? { accessions: new Set<string>(), filedOn: s.filedOn };
      pending.accessions.add(s.accessionNumber);
      if (s.filedOn > pending.filedOn) pending.filedOn = s.filedOn;
      byCik.set(cik, pending);
    }
  }
  return [...byCik].map(([cik, p]) => job('edgar.submissions', { cik, accessions: [...p.accessions].sort(), filedOn: p.filedOn }));
}
