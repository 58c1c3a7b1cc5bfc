import { cmp } from './dates.ts';

/** Form families of the IPO lifecycle (domain.md §2.1). */

/** `S-1/A` → `S-1`. */
export function baseForm(form: string): string {
  return form.endsWith('/A') ? form.slice(0, -2) : form;
}

export const isAmendment = (form: string): boolean => form.endsWith('/A');

/** Registration statements that open a deal. S-8 (employee plans) is not an offering we track. */
export const OPENING_FORMS = new Set(['S-1', 'F-1', 'S-11', 'N-2', '1-A', 'S-3', 'S-3ASR', 'F-3', 'F-3ASR', 'S-4', 'F-4']);
/** Forms whose issuer sells under an existing shelf or registers a business combination: never an IPO path. */
export const SHELF_FORMS = new Set(['S-3', 'S-3ASR', 'F-3', 'F-3ASR']);
export const COMBINATION_FORMS = new Set(['S-4', 'F-4']);
/** Forms of a deal that can open an IPO-style lifecycle (a DRS flips into one of these). */
export const IPO_CAPABLE_FORMS = new Set(['S-1', 'F-1', 'S-11', 'N-2']);
export const AUTO_EFFECTIVE_FORMS = new Set(['S-3ASR', 'F-3ASR']);
/** Confidential drafts: 377- for DRS, 367- for Reg A's DOS. */
export const DRAFT_FORMS = new Set(['DRS', 'DOS']);
/** Rule 462(b) short-form upsizing registrations: their own 333- number, someone else's deal. */
export const MEF_FORMS = new Set(['S-1MEF', 'F-1MEF', 'S-11MEF', 'S-3MEF', 'F-3MEF']);
/** Registration statements and final prospectuses whose cover states the offering's terms. */
export const PROSPECTUS_FORMS = new Set([
  'S-1', 'S-1/A', 'F-1', 'F-1/A', 'S-11', 'S-11/A', 'S-3', 'S-3/A', 'S-3ASR', 'F-3', 'F-3/A', 'F-3ASR',
  'S-1MEF', 'F-1MEF', '424B1', '424B2', '424B3', '424B4', '424B5', '424B7',
]);
export const PRICED_FORMS = new Set(['424B4', '424B1', '253G2']);
/**
 * Shelf takedowns (prospectus supplements under Rule 424(b)(2), (5) and (7)): each one sells
 * securities already registered, so the deal is priced when one is filed.
 */
export const TAKEDOWN_FORMS = new Set(['424B2', '424B5', '424B7']);
/**
 * The takedowns that price: a 424B7 names the selling security holders of a resale (Solidion's of
 * 2024-07-18; Marvell's, filed the day its S-3ASR was), whose sales at market the issuer prices nothing of.
 */
export const PRICING_TAKEDOWN_FORMS = new Set(['424B2', '424B5']);
/**
 * Prospectuses no pricing completes: Rule 424(b)(3)'s, the final form of a resale prospectus whose
 * holders sell at market, and (b)(7)'s, which names the selling security holders. An already-public
 * issuer's registration whose every prospectus (424B8, a late filing of any, aside) is one of these
 * sold nothing at a price of its own: Wolfspeed's post-reorganisation S-1s, Vincerx's after its
 * combination, Solidion's of 2024.
 */
export const RESALE_PROSPECTUS_FORMS = new Set(['424B3', '424B7']);
/**
 * Takedown supplements of one sale within this many days of each other: the first a preliminary
 * (often filed with the shelf itself), the last the final one, filed after pricing. Tesla's
 * 424B5s of 2013-05-15 and 2013-05-17 under 333-188625: priced 2013-05-16.
 */
export const TAKEDOWN_RUN_DAYS = 5;
export const EFFECT_FORMS = new Set(['EFFECT', 'QUALIF']);
export const WITHDRAWAL_FORMS = new Set(['RW', '1-A-W']);
/** Forms that follow the registration they belong to (they carry its file number, or none on index rows). */
export const FOLLOWER_FORMS = new Set([
  'EFFECT', 'QUALIF', 'FWP', 'RW', 'RW WD', 'AW', 'AW WD', 'DEL AM', 'POS AM', 'POS EX', 'POSASR', '424A', '424B1', '424B2',
  '424B3', '424B4', '424B5', '424B7', '424B8', '253G1', '253G2', '253G3', '1-A-W', '1-A POS', '25-NSE',
]);
/** Registration-statement activity that refreshes a deal (T_last in domain.md §2.3). */
export function isRegistrationActivity(form: string): boolean {
  const base = baseForm(form);
  return OPENING_FORMS.has(base) || DRAFT_FORMS.has(base) || form === 'FWP' || form === 'DEL AM';
}

/**
 * A filing of a registration itself: the statement, its draft and amendments, and the forms that
 * follow it (effectiveness, final prospectus, withdrawal, upsizing). A company's reports (10-K, 8-K,
 * Reg A's 1-K, 1-SA and 1-U) and holders' forms are not, whatever registration they sit beside.
 */
export function isRegistrationFiling(form: string): boolean {
  return isRegistrationActivity(form) || FOLLOWER_FORMS.has(form) || MEF_FORMS.has(baseForm(form));
}

export function isListingForm(form: string): boolean {
  return form === '8-A12B' || form === '8-A12B/A' || /^CERT[A-Z]*$/.test(form);
}

/** Removal of a class from exchange listing: the issuer's Form 25 or the exchange's 25-NSE. */
export const DELISTING_FORMS = new Set(['25', '25-NSE']);
/** Termination of Exchange Act registration of a class (section 12(b) or 12(g)). */
export const DEREGISTRATION_FORMS = new Set(['15-12B', '15-12G']);
/** Current reports whose `items` field lists the 8-K items (2.01 completion of an acquisition, 5.06 shell status). */
export const CURRENT_REPORT_FORMS = new Set(['8-K', '8-K12B']);

/** Whether a filing's comma-joined `items` (EDGAR submissions) lists an 8-K item, e.g. hasItem('1.01,2.01', '2.01'). */
export function hasItem(items: string | null | undefined, item: string): boolean {
  return (items ?? '').split(',').some((i) => i.trim() === item);
}

export const PERIODIC_FORMS = new Set(['10-K', '10-Q', '10-K405', '10-KSB', '10-QSB', '10-KT', '10-QT', '20-F', '40-F']);

/** Oldest first: filing date, then acceptance time, then accession. */
export function chronological<T extends { filingDate: string; acceptanceDateTime: string | null; accessionNumber: string }>(a: T, b: T): number {
  return cmp(a.filingDate, b.filingDate) || cmp(a.acceptanceDateTime ?? '', b.acceptanceDateTime ?? '') || cmp(a.accessionNumber, b.accessionNumber);
}
