import type { ArticleFiling } from './article.types.ts';
import { barChart } from './chart.svg.ts';
import { company, figure, num, sourceNote, time } from './html.ts';
import { addDays } from './period.ts';
import { baseForm, DRAFT_FORMS, IPO_CAPABLE_FORMS, isRegistrationFiling } from '../common/forms.ts';
import { isIpoFamily } from '../offering/deal-type.derive.ts';
import { registrantLeads } from './co-registrants.group.ts';
import { counted } from './sentences.ts';

/** A registration with no filing for this long is dormant (domain.md §2.3), out of the pipeline. */
export const PIPELINE_ACTIVITY_DAYS = 270;
/** A priced deal stays in the pipeline this long: it is about to list, or just did. */
export const RECENTLY_PRICED_DAYS = 30;

/** The lifecycle stages before listing, in order, as a reader says them. */
const STAGES: ReadonlyArray<[status: string, label: string]> = [
  ['draft', 'Confidential draft'],
  ['filed', 'Filed'],
  ['amended', 'Amended'],
  ['launched', 'Price range set'],
  ['effective', 'Effective'],
  ['priced', 'Priced, not yet seen trading'],
];

export interface PipelineStage {
  status: string;
  label: string;
  count: number;
  /** The registrants at this stage (the lead of co-registrants), in name order. */
  registrants: Array<{ name: string; cik: string }>;
  /**
   * The registrants at this stage whose registration this service cannot type (an S-1, F-1 or S-11,
   * or its amendment, of a company only daily-index rows name, whose prospectus it has not read: an
   * IPO's, or an already public issuer's), in name order: in progress, not counted as IPO-family.
   */
  untyped: Array<{ name: string; cik: string }>;
}

/** Up to this many registrations in progress, an article names them: a count a reader cannot check reads as a guess. */
const NAMED_MAX = 12;

/**
 * The IPO registration pipeline on `date`. A registrant is in it while its latest IPO-family
 * registration filing on or before the date is under PIPELINE_ACTIVITY_DAYS old (under
 * RECENTLY_PRICED_DAYS for a priced deal), at the stage its latest filing of any form shows (the
 * projector's inferredStatus, which only uses filings up to that one: an exchange's certification
 * after an EFFECT shows it listed, out of the pipeline). A deal the data shows trading by the date
 * (a vendor row's trade date the filings do not show) has listed, whatever its filings' stage says. A company's reports (Reg A's 1-SA, 1-K, 1-U;
 * 10-K, 8-K) and holders' forms are no registration's: they neither keep one in the pipeline nor type
 * it. Co-registrants are one registrant (registrantLeads): of a filing they made together, the
 * lead's row speaks. A confidential draft (DRS, DOS) is not public until the registration is filed
 * in public (registrations.facts.ts publicRegistration), so on its own date it neither puts a
 * registration in the pipeline nor sets its stage: a registration enters at its first public filing.
 * An amendment is public registration activity too, even when the statement it amends was filed
 * before the data's first day (Atour's F-1/A of 2022-10-03): the registration is in progress. One
 * whose type is not known (`untyped`: an S-1, F-1 or S-11 family filing of a company only daily-index
 * rows name) is in progress all the same, and listed apart from the IPO-family count.
 */
export function pipelineAsOf(filings: readonly ArticleFiling[], date: string): PipelineStage[] {
  const leadOf = registrantLeads(filings);
  const registration = new Map<string, ArticleFiling>();
  const untypedRegistration = new Map<string, ArticleFiling>();
  const latest = new Map<string, ArticleFiling>();
  const later = (f: ArticleFiling, seen: ArticleFiling | undefined) =>
    !seen || (f.filingDate.localeCompare(seen.filingDate) || f.accessionNumber.localeCompare(seen.accessionNumber) || seen.cik.localeCompare(f.cik)) > 0;
  for (const f of filings) {
    if (f.filingDate > date || !f.inferredStatus || DRAFT_FORMS.has(baseForm(f.formType))) continue;
    const lead = leadOf(f.cik);
    if (later(f, latest.get(lead))) latest.set(lead, f);
    if (isRegistrationFiling(f.formType) && f.dealType && isIpoFamily(f.dealType) && later(f, registration.get(lead))) registration.set(lead, f);
    if (f.dealType === 'unknown' && IPO_CAPABLE_FORMS.has(baseForm(f.formType)) && later(f, untypedRegistration.get(lead))) untypedRegistration.set(lead, f);
  }
  const active = addDays(date, -PIPELINE_ACTIVITY_DAYS);
  const recent = addDays(date, -RECENTLY_PRICED_DAYS);
  const inProgress = (registrations: Map<string, ArticleFiling>) => {
    const registrants = new Map<string, Array<{ name: string; cik: string }>>();
    for (const [lead, r] of registrations) {
      if (r.listingDate && r.listingDate <= date) continue;
      const status = latest.get(lead)!.inferredStatus!;
      if (r.filingDate > (status === 'priced' ? recent : active)) registrants.set(status, [...(registrants.get(status) ?? []), { name: r.companyName, cik: r.cik }]);
    }
    return (status: string) => (registrants.get(status) ?? []).sort((a, b) => a.name.localeCompare(b.name) || a.cik.localeCompare(b.cik));
  };
  // A registrant typed IPO-family by any of its filings is counted there, never also apart.
  for (const lead of registration.keys()) untypedRegistration.delete(lead);
  const typed = inProgress(registration);
  const untyped = inProgress(untypedRegistration);
  return STAGES.map(([status, label]) => {
    const named = typed(status);
    return { status, label, count: named.length, registrants: named, untyped: untyped(status) };
  });
}

/** The pipeline section of an article: a chart of the stages and a sentence, or words when it is empty. */
export function pipelineSection(filings: readonly ArticleFiling[], date: string, heading: string): string[] {
  const stages = pipelineAsOf(filings, date);
  const total = stages.reduce((a, s) => a + s.count, 0);
  const body = [`<h2>${heading}</h2>`];
  if (total === 0) {
    body.push(`<p>No IPO registration was in progress on ${time(date)} among the companies whose filings this service holds.</p>`);
    body.push(...untypedSentence(stages));
    return body;
  }
  const source = { label: `EDGAR filings through ${date}; each company's stage as of its latest filing`, url: null };
  const shown = stages.filter((s) => s.count > 0);
  body.push(
    `<p>${counted(total, 'IPO-family registration', 'IPO-family registrations', source)} (IPOs, SPACs, direct listings and uplistings, as this service types them from their filings; co-registrants counted once) ${total === 1 ? 'was' : 'were'} in progress: ` +
      `${shown.map((s) => `${num(s.count, 'int', source)} ${s.label.toLowerCase()}${total <= NAMED_MAX ? ` (${s.registrants.map((r) => company(r.name, r.cik)).join('; ')})` : ''}`).join(', ')}.</p>`,
    figure(
      barChart({ id: 'pipeline', title: `IPO registrations in progress on ${date}, by stage`, categories: stages.map((s) => s.label), series: [{ name: 'Registrations', values: stages.map((s) => s.count) }], style: 'int', horizontal: true }),
      `IPO registrations in progress on ${date}, by stage. A registration leaves the pipeline when it lists, is withdrawn, goes ${PIPELINE_ACTIVITY_DAYS} days without a filing, or priced over ${RECENTLY_PRICED_DAYS} days ago.`,
      sourceNote([source], date),
    ),
  );
  body.push(...untypedSentence(stages));
  return body;
}

/** The registrations in progress whose type this service does not know, named apart from the IPO-family count; nothing when there are none. */
function untypedSentence(stages: readonly PipelineStage[]): string[] {
  const shown = stages.filter((s) => s.untyped.length > 0);
  const total = shown.reduce((a, s) => a + s.untyped.length, 0);
  if (total === 0) return [];
  const source = { label: 'EDGAR filings (daily-index rows) of companies whose prospectus this service has not read', url: null };
  return [
    `<p>Not counted above, ${counted(total, 'registration', 'registrations', source)} whose type this service does not know (an S-1, F-1 or S-11, or its amendment, of a company only EDGAR's daily index names: an IPO's, or an already public issuer's offering) ${total === 1 ? 'was' : 'were'} in progress too: ` +
      `${shown.map((s) => `${num(s.untyped.length, 'int', source)} ${s.label.toLowerCase()}${total <= NAMED_MAX ? ` (${s.untyped.map((r) => company(r.name, r.cik)).join('; ')})` : ''}`).join(', ')}.</p>`,
  ];
}
