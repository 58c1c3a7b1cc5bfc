import { baseForm, chronological, type FilingFact } from './facts.ts';
import {
  AUTO_EFFECTIVE_FORMS,
  DRAFT_FORMS,
  EFFECTIVE_NOTICE_FORMS,
  isListingForm,
  PRICED_FORMS,
  REGISTRATION_FORMS,
  SHELF_FORMS,
} from './filing-status.ts';

/**
 * Company offering status (domain.md §2.3), first version. Values, highest precedence first:
 *   withdrawn  an RW on the deal not followed by a later RW WD (AW withdraws nothing)
 *   listed     effective or priced, an 8-A12B/CERT* filed on or after the deal opened, and the
 *              company now carries a ticker that is not OTC (the deterministic stand-in for
 *              "trading has started": no wall clock enters the projection)
 *   priced     424B4, 424B1 or 253G2 in the deal
 *   effective  EFFECT or QUALIF in the deal, or an automatic shelf (S-3ASR/F-3ASR)
 *   launched   reserved: needs the price range from the prospectus text (later issue)
 *   amended    an amendment (/A) of the registration statement
 *   filed      a public registration statement (S-1, F-1, S-11, N-2, 1-A, S-3, F-3, ...)
 *   draft      only confidential drafts (DRS/DOS) are visible
 *   none       no registration deal at all
 */
export type OfferingStatus = 'none' | 'draft' | 'filed' | 'amended' | 'launched' | 'effective' | 'priced' | 'listed' | 'withdrawn';

export interface Deal {
  /** The 333-/024- file number, `draft:<377- number>` for a draft-only deal, `accession:<acc>` for an unnumbered one. */
  key: string;
  /** The form that opened the deal: S-1, F-1, S-3, ..., or DRS/DOS for a draft-only deal. */
  baseForm: string;
  /** Oldest first. */
  filings: FilingFact[];
  firstDate: string;
  lastDate: string;
}

/** Forms that belong to the registration they follow; index rows carry no file number, so they join the latest open deal. */
const FOLLOWER_FORMS = new Set(['EFFECT', 'QUALIF', 'FWP', 'RW', 'RW WD', 'AW', 'DEL AM', 'POS AM', '424A', '424B1', '424B2', '424B3', '424B4', '424B5', '424B7', '253G1', '253G2']);

interface Group {
  key: string;
  baseForm: string | null;
  draft: boolean;
  filings: FilingFact[];
}

/**
 * Groups a company's filings into deals by their 333- (or Reg A 024-) file number. A confidential
 * draft (377- number) joins the first non-shelf registration filed on or after it: the public flip.
 */
export function groupDeals(filings: readonly FilingFact[]): Deal[] {
  const groups = new Map<string, Group>();
  const groupFor = (key: string, draft: boolean): Group => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, baseForm: null, draft, filings: [] }));
    return group;
  };
  let latestRegistration: Group | null = null;
  for (const filing of [...filings].sort(chronological)) {
    const base = baseForm(filing.formType);
    const number = filing.fileNumber;
    let group: Group | null = null;
    if (DRAFT_FORMS.has(base)) group = groupFor(`draft:${number ?? 'unnumbered'}`, true);
    else if (number && /^(333|024)-/.test(number)) group = groupFor(number, false);
    else if (!number && REGISTRATION_FORMS.has(base)) group = groupFor(`accession:${filing.accessionNumber}`, false);
    else if (!number && (FOLLOWER_FORMS.has(filing.formType) || REGISTRATION_FORMS.has(base))) group = latestRegistration;
    if (!group) continue;
    group.filings.push(filing);
    if (!group.draft && group.baseForm === null && REGISTRATION_FORMS.has(base)) {
      group.baseForm = base;
      latestRegistration = group;
    }
  }
  const registrations = [...groups.values()].filter((g) => !g.draft && g.baseForm !== null);
  const deals: Group[] = [...registrations];
  const drafts = [...groups.values()].filter((g) => g.draft).sort((a, b) => chronological(a.filings[0], b.filings[0]));
  for (const draft of drafts) {
    const opened = draft.filings[0].filingDate;
    const flip = registrations
      .filter((g) => !SHELF_FORMS.has(g.baseForm as string) && openingFiling(g).filingDate >= opened)
      .sort((a, b) => chronological(openingFiling(a), openingFiling(b)))[0];
    if (flip) flip.filings.push(...draft.filings);
    else deals.push({ ...draft, baseForm: baseForm(draft.filings[0].formType) });
  }
  return deals.map((g) => {
    const sorted = [...g.filings].sort(chronological);
    return {
      key: g.key,
      baseForm: g.baseForm as string,
      filings: sorted,
      firstDate: sorted[0].filingDate,
      lastDate: sorted[sorted.length - 1].filingDate,
    };
  });
}

function openingFiling(group: Group): FilingFact {
  return group.filings.find((f) => baseForm(f.formType) === group.baseForm) ?? group.filings[0];
}

/** The deal a company's status describes: the one with the most recent activity. */
export function currentDeal(deals: readonly Deal[]): Deal | null {
  let best: Deal | null = null;
  for (const deal of deals) {
    if (
      !best ||
      deal.lastDate > best.lastDate ||
      (deal.lastDate === best.lastDate && (deal.firstDate > best.firstDate || (deal.firstDate === best.firstDate && deal.key > best.key)))
    ) {
      best = deal;
    }
  }
  return best;
}

export interface ListingEvidence {
  /** Filing dates of the company's 8-A12B and CERT* filings. */
  listingFilingDates: string[];
  /** The company carries a ticker that is not quoted OTC. */
  hasExchangeTicker: boolean;
}

export function dealStatus(deal: Deal, evidence: ListingEvidence): OfferingStatus {
  let withdrawn = false;
  for (const filing of deal.filings) {
    if (filing.formType === 'RW') withdrawn = true;
    else if (filing.formType === 'RW WD') withdrawn = false;
  }
  if (withdrawn) return 'withdrawn';
  const forms = deal.filings.map((f) => f.formType);
  const priced = forms.some((f) => PRICED_FORMS.has(f));
  const effective = forms.some((f) => EFFECTIVE_NOTICE_FORMS.has(f)) || AUTO_EFFECTIVE_FORMS.has(deal.baseForm);
  if ((priced || effective) && evidence.hasExchangeTicker && evidence.listingFilingDates.some((d) => d >= deal.firstDate)) {
    return 'listed';
  }
  if (priced) return 'priced';
  if (effective) return 'effective';
  if (forms.some((f) => f.endsWith('/A') && REGISTRATION_FORMS.has(baseForm(f)))) return 'amended';
  if (forms.some((f) => REGISTRATION_FORMS.has(f))) return 'filed';
  return 'draft';
}

export function listingFilingDates(filings: readonly FilingFact[]): string[] {
  return filings.filter((f) => isListingForm(f.formType)).map((f) => f.filingDate);
}
