import { baseForm } from './facts.ts';

/**
 * The status a filing implies on its own, before looking at the rest of its deal:
 *   draft            DRS, DOS and their amendments (confidential drafts)
 *   filed            S-1, F-1, S-11, N-2, 1-A, S-3, F-3 (a public registration statement)
 *   amended          an amendment (/A) of one of those
 *   effective        EFFECT and QUALIF (SEC notices), and S-3ASR/F-3ASR (effective on filing)
 *   priced           424B4, 424B1 (final prospectus) and 253G2 (Reg A final offering circular)
 *   listing_approved 8-A12B and CERT* (the class is registered with and certified by an exchange)
 *   withdrawn        RW (AW only withdraws an amendment; RW WD undoes an RW: neither withdraws)
 *   none             everything else
 */
export type FilingStatus = 'draft' | 'filed' | 'amended' | 'effective' | 'priced' | 'listing_approved' | 'withdrawn' | 'none';

export const DRAFT_FORMS = new Set(['DRS', 'DOS']);
/** Registration statements that open a deal (shelves included; S-8 and S-4 are not offerings we track). */
export const REGISTRATION_FORMS = new Set(['S-1', 'F-1', 'S-11', 'N-2', '1-A', 'S-3', 'S-3ASR', 'F-3', 'F-3ASR']);
export const SHELF_FORMS = new Set(['S-3', 'S-3ASR', 'F-3', 'F-3ASR']);
export const AUTO_EFFECTIVE_FORMS = new Set(['S-3ASR', 'F-3ASR']);
export const PRICED_FORMS = new Set(['424B4', '424B1', '253G2']);
export const EFFECTIVE_NOTICE_FORMS = new Set(['EFFECT', 'QUALIF']);

export function isListingForm(form: string): boolean {
  return form === '8-A12B' || /^CERT[A-Z]*$/.test(form);
}

export function filingInferredStatus(form: string): FilingStatus {
  const base = baseForm(form);
  const amendment = form !== base;
  if (DRAFT_FORMS.has(base)) return 'draft';
  if (AUTO_EFFECTIVE_FORMS.has(base) && !amendment) return 'effective';
  if (REGISTRATION_FORMS.has(base)) return amendment ? 'amended' : 'filed';
  if (EFFECTIVE_NOTICE_FORMS.has(form)) return 'effective';
  if (PRICED_FORMS.has(form)) return 'priced';
  if (isListingForm(form)) return 'listing_approved';
  if (form === 'RW') return 'withdrawn';
  return 'none';
}
