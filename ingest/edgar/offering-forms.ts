/**
 * The forms discovery follows: a filing of one of these sends its company's submissions (and, for a
 * prospectus, its primary document) to be fetched. They are the IPO path of domain.md §2 as the
 * projector reads it (projector/offering/forms.ts; a test keeps the two in step): registrations
 * that can open an IPO-style deal and their drafts, Reg A, spin-off registrations, the steps that
 * move a deal (effectiveness, pricing, withdrawal) and the end of a listing.
 * Shelf takedowns (424B2, 424B3, 424B5, 424B7) are left out: banks file hundreds of note
 * supplements a day, none of them an IPO.
 */
export const OFFERING_FORMS: readonly string[] = [
  'S-1', 'S-1/A', 'F-1', 'F-1/A', 'S-11', 'S-11/A', 'N-2', 'N-2/A',
  'S-1MEF', 'F-1MEF', 'S-11MEF',
  'DRS', 'DRS/A', 'DOS', 'DOS/A',
  '1-A', '1-A/A', '1-A-W', 'QUALIF', '253G2',
  '10-12B', '10-12B/A',
  'EFFECT', 'RW', 'RW WD',
  '424B1', '424B4',
  '25', '25-NSE', '15-12B',
];

/** Offering forms whose primary document the projector reads: a prospectus cover states the terms. */
export const DOCUMENT_FORMS: ReadonlySet<string> = new Set(['S-1', 'S-1/A', 'F-1', 'F-1/A', 'S-11', 'S-11/A', 'S-1MEF', 'F-1MEF', '424B1', '424B4']);

/**
 * Forms a third party files about a company: an exchange's 25-NSE names the exchange and the
 * issuer whose class it delists. The exchange files thousands of them and is not followed.
 */
export const THIRD_PARTY_FORMS: ReadonlySet<string> = new Set(['25-NSE']);
