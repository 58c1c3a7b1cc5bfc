import { baseForm, DRAFT_FORMS, isAmendment } from '../common/forms.ts';
import { groupDeals } from '../offering/deals.group.ts';
import type { ArticleFiling } from './article.types.ts';
import { jointFilings, registrantLeads, type JointFiling } from './co-registrants.group.ts';

/**
 * Registration statements, the forms that open a registration: the public statements (S-1, F-1,
 * S-11, Reg A's 1-A) and the confidential drafts that precede them (DRS, and Reg A's DOS). Their
 * amendments continue the registration; a company's reports (1-SA, 1-K, 1-U, 10-K …) are none.
 */
export const REGISTRATION_FORMS: ReadonlySet<string> = new Set(['S-1', 'F-1', 'S-11', '1-A', 'DRS', 'DOS']);

/** One registration: a company's draft, its public statement and their amendments, as the offering rules group them. */
export interface Registration {
  /** Its filings of registration forms, oldest first, co-registrants' rows of each filing together. */
  filings: JointFiling<ArticleFiling>[];
  /** Its first filing the data holds: counted as a new registration when it is not an amendment. */
  first: JointFiling<ArticleFiling>;
}

/**
 * Every registration the filings hold, each once: co-registrants are one registrant
 * (registrantLeads), and a registrant's filings are grouped as offerings are (offering/deals.group.ts),
 * so a confidential draft and the public statement it becomes are one registration, and so are a
 * statement and its amendments.
 */
export function registrationsOf(filings: readonly ArticleFiling[]): Registration[] {
  const leadOf = registrantLeads(filings);
  const byRegistrant = new Map<string, JointFiling<ArticleFiling>[]>();
  for (const j of jointFilings(filings.filter((f) => REGISTRATION_FORMS.has(baseForm(f.formType))))) {
    const lead = leadOf(j.lead.cik);
    byRegistrant.set(lead, [...(byRegistrant.get(lead) ?? []), j]);
  }
  const registrations: Registration[] = [];
  for (const [cik, joint] of byRegistrant) {
    const byAccession = new Map(joint.map((j) => [j.lead.accessionNumber, j]));
    const facts = joint.map((j) => ({ ...j.lead, cik, fileNumber: j.lead.fileNumber ?? null, primaryDocument: null, acceptanceDateTime: null }));
    for (const deal of groupDeals(facts)) {
      const grouped = deal.filings.map((f) => byAccession.get(f.accessionNumber)!);
      registrations.push({ filings: grouped, first: grouped[0] });
      for (const f of deal.filings) byAccession.delete(f.accessionNumber);
    }
    // A filing the offering rules place in no deal (a file number of another series) is a registration of its own.
    for (const j of byAccession.values()) registrations.push({ filings: [j], first: j });
  }
  return registrations;
}

/** A confidential draft (DRS, or Reg A's DOS) or its amendment. */
export const isDraftFiling = (j: JointFiling<ArticleFiling>) => DRAFT_FORMS.has(baseForm(j.lead.formType));

/** A registration as the public first saw it: its first public filing, and the confidential draft submitted before it, if any. */
export interface PublicRegistration {
  /** The registration statement that opened it in public (an S-1, F-1, S-11 or 1-A, not an amendment). */
  filing: JointFiling<ArticleFiling>;
  /** Its first confidential draft, submitted before the public filing; the SEC does not publish a draft until then. */
  draft: JointFiling<ArticleFiling> | null;
}

/**
 * When a registration became public: at its first filing that is not a confidential draft, as the
 * offering rules date a registration's opening (offering/deals.group.ts: the first filing of its
 * opening form, which a DRS flips into) and as IPO calendars count a new filing. A draft is not
 * public when it is submitted: the SEC releases it with the public filing, so an article dated at
 * the draft would say what no one could know that day. Null when the registration has no public
 * filing in the data (drafts only), or when its first public filing amends one opened before the data.
 */
export function publicRegistration(r: Registration): PublicRegistration | null {
  const filing = r.filings.find((j) => !isDraftFiling(j));
  if (!filing || filing.amends || isAmendment(filing.lead.formType)) return null;
  return { filing, draft: isDraftFiling(r.first) ? r.first : null };
}
