/**
 * Groups a company's filings into deals (domain.md §1.2, §2.3): one deal per Securities Act
 * registration, keyed by its 333- (or Reg A 024-) file number, never by date proximity. Three
 * exceptions need dates:
 *   - a confidential draft (DRS 377-, DOS 367-) joins the public registration it flips into;
 *   - a Rule 462(b) S-1MEF/F-1MEF has its own 333- number but upsizes the deal that goes
 *     effective or prices within a few days of it;
 *   - index rows carry no file number, so their followers join the latest open registration, and an
 *     amendment joins the latest deal of its form: a draft's amendment (DRS/A, DOS/A) its latest draft,
 *     which then flips with it into the public registration (UTime's DRS, DRS/A and F-1 are one deal).
 */
import type { FilingFact } from './filing.facts.ts';
import { baseForm, chronological, DRAFT_FORMS, EFFECT_FORMS, FOLLOWER_FORMS, IPO_CAPABLE_FORMS, MEF_FORMS, OPENING_FORMS, PRICED_FORMS, SHELF_FORMS, TAKEDOWN_RUN_DAYS, WITHDRAWAL_FORMS } from '../common/forms.ts';
import { cmp, daysBetween } from '../common/dates.ts';

export interface Deal<F extends FilingFact = FilingFact> {
  /** The 333-/024- number; `draft:<377-…>` for a draft that never flipped; `unnumbered:<accession>` for an index-only deal. */
  key: string;
  fileNumber: string | null;
  /** Opening form (S-1, F-1, S-3, 1-A …), DRS/DOS for a draft-only deal, null when only followers are visible. */
  baseForm: string | null;
  draftFileNumbers: string[];
  mefFileNumbers: string[];
  /** Oldest first; the caller's own filing objects, richer types included. */
  filings: F[];
  /** Date of the opening registration (or the first filing when none is visible). */
  openedDate: string;
}

const DOS_TARGETS: ReadonlySet<string> = new Set(['1-A']);
/** A draft flips within a year of its last amendment; anything later is a different deal. */
const DRAFT_FLIP_WINDOW_DAYS = 365;
/** A 462(b) registration is filed on pricing day; the EFFECT or 424B it upsizes lands within days. */
const MEF_LINK_WINDOW_DAYS = 5;

interface Group<F extends FilingFact = FilingFact> {
  key: string;
  fileNumber: string | null;
  baseForm: string | null;
  kind: 'registration' | 'draft' | 'mef';
  filings: F[];
  drafts: string[];
  mefs: string[];
}

export function groupDeals<F extends FilingFact>(filings: readonly F[]): Deal<F>[] {
  const groups = new Map<string, Group<F>>();
  const open = (key: string, kind: Group['kind'], fileNumber: string | null): Group<F> => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, fileNumber, baseForm: null, kind, filings: [], drafts: [], mefs: [] }));
    return g;
  };
  let latestRegistration: Group<F> | null = null;
  const latestDraft = new Map<string, Group<F>>();
  for (const filing of [...filings].sort(chronological)) {
    const form = filing.formType;
    const base = baseForm(form);
    const number = filing.fileNumber;
    let group: Group<F> | null = null;
    if (DRAFT_FORMS.has(base)) {
      // An index row's amendment of a draft amends the company's latest draft; an original opens one.
      const amended = !number && form !== base ? latestDraft.get(base) : undefined;
      group = amended ?? open(`draft:${number ?? filing.accessionNumber}`, 'draft', number);
      group.baseForm ??= base;
      latestDraft.set(base, group);
    } else if (MEF_FORMS.has(base)) {
      group = open(`mef:${number ?? filing.accessionNumber}`, 'mef', number);
      group.baseForm ??= base;
    } else if (number && /^(?:333|024)-/.test(number) && (OPENING_FORMS.has(base) || FOLLOWER_FORMS.has(form))) {
      const mef = groups.get(`mef:${number}`);
      group = mef ?? open(number, 'registration', number);
    } else if (!number && OPENING_FORMS.has(base)) {
      // An index row: an amendment continues the latest deal of its form, an original opens one.
      const latest = latestRegistration as Group<F> | null;
      group = form !== base && latest?.baseForm === base ? latest : open(`unnumbered:${filing.accessionNumber}`, 'registration', null);
    } else if (!number && FOLLOWER_FORMS.has(form)) {
      // A prospectus is an offering even when its registration predates the filings we hold (a bank's
      // 424B2 notes on an index row): it opens one, which the later unnumbered followers join.
      // A deal seen only through its prospectuses ends with its takedown run: a prospectus filed later is
      // another takedown under a registration we do not hold (OpGen's 424B5s of 2020-03-18 and 2022-10-03).
      const opensOwn = WITHDRAWAL_FORMS.has(form) || form.startsWith('424B');
      const latest = latestRegistration as Group<F> | null;
      const runOver = latest !== null && latest.baseForm === null && form.startsWith('424B') && laterThanRun(latest, filing);
      group = (runOver ? null : latest) ?? (opensOwn ? open(`unnumbered:${filing.accessionNumber}`, 'registration', null) : null);
    }
    if (!group) continue;
    group.filings.push(filing);
    if (group.kind === 'registration' && group.baseForm === null && OPENING_FORMS.has(base)) group.baseForm = base;
    if (group.kind === 'registration') latestRegistration = group;
  }

  // A registration's opening date never changes below: drafts and MEFs only add filings of other forms.
  const registrations = [...groups.values()]
    .filter((g) => g.kind === 'registration')
    .map((g) => ({ g, opened: openedDate(g) }));
  const deals: Group<F>[] = registrations.map((r) => r.g);
  // Earliest-opened first, so the first unclaimed match is the one a draft flips into (stable on ties).
  const byOpening = [...registrations].sort((a, b) => cmp(a.opened, b.opened));
  const claimed = new Set<Group<F>>();
  for (const draft of [...groups.values()].filter((g) => g.kind === 'draft').sort(byFirstFiling)) {
    const first = draft.filings[0].filingDate;
    const last = draft.filings[draft.filings.length - 1].filingDate;
    const targets = draft.baseForm === 'DOS' ? DOS_TARGETS : IPO_CAPABLE_FORMS;
    const flip = byOpening.find(
      ({ g, opened }) =>
        !claimed.has(g) && g.baseForm !== null && targets.has(g.baseForm) && opened >= first && daysBetween(last, opened) <= DRAFT_FLIP_WINDOW_DAYS,
    )?.g;
    if (flip) {
      claimed.add(flip);
      flip.filings.push(...draft.filings);
      if (draft.fileNumber) flip.drafts.push(draft.fileNumber);
    } else {
      deals.push(draft);
    }
  }
  for (const mef of [...groups.values()].filter((g) => g.kind === 'mef')) {
    const target = mefTarget(mef, registrations);
    if (target) {
      target.filings.push(...mef.filings);
      if (mef.fileNumber) target.mefs.push(mef.fileNumber);
    } else {
      deals.push(mef);
    }
  }

  return deals
    .map((g) => {
      const sorted = [...g.filings].sort(chronological);
      return {
        key: g.kind === 'draft' && g.fileNumber ? `draft:${g.fileNumber}` : g.key,
        fileNumber: g.kind === 'registration' ? g.fileNumber : null,
        baseForm: g.baseForm,
        draftFileNumbers: g.drafts,
        mefFileNumbers: g.mefs,
        filings: sorted,
        openedDate: openedDate({ ...g, filings: sorted }),
      };
    })
    .sort((a, b) => (a.openedDate < b.openedDate ? -1 : a.openedDate > b.openedDate ? 1 : a.key < b.key ? -1 : 1));
}

function mefTarget<F extends FilingFact>(mef: Group<F>, registrations: ReadonlyArray<{ g: Group<F>; opened: string }>): Group<F> | null {
  const date = mef.filings[0].filingDate;
  let best: { g: Group<F>; gap: number } | null = null;
  for (const { g, opened } of registrations) {
    if (g.baseForm === null || SHELF_FORMS.has(g.baseForm) || opened > date) continue;
    for (const f of g.filings) {
      if (!EFFECT_FORMS.has(f.formType) && !PRICED_FORMS.has(f.formType)) continue;
      const gap = daysBetween(date, f.filingDate);
      if (gap < -1 || gap > MEF_LINK_WINDOW_DAYS) continue;
      if (!best || Math.abs(gap) < best.gap) best = { g, gap: Math.abs(gap) };
    }
  }
  return best?.g ?? null;
}

function openedDate(g: { filings: readonly FilingFact[]; baseForm: string | null }): string {
  const opening = g.filings.find((f) => baseForm(f.formType) === g.baseForm && !f.formType.endsWith('/A'));
  return (opening ?? g.filings[0]).filingDate;
}

const byFirstFiling = (a: Group<FilingFact>, b: Group<FilingFact>): number => chronological(a.filings[0], b.filings[0]);

/** Whether `filing` comes more than TAKEDOWN_RUN_DAYS after the last filing of a deal seen only through its prospectuses. */
function laterThanRun<F extends FilingFact>(deal: Group<F>, filing: F): boolean {
  const last = deal.filings[deal.filings.length - 1];
  return last !== undefined && daysBetween(last.filingDate, filing.filingDate) > TAKEDOWN_RUN_DAYS;
}
