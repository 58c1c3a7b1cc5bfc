import { baseForm, isAmendment } from '../common/forms.ts';
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

/** A registration's first filing, when it opened the registration rather than amended one opened before the data. */
export const opensRegistration = (r: Registration) => !r.first.amends && !isAmendment(r.first.lead.formType);
