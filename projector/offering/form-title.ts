import { baseForm } from '../common/forms.ts';

/**
 * Plain-English names of EDGAR form types (SEC form descriptions, domain.md §2.1). An amendment
 * (`X/A`) is named after its base form. Unknown forms get null rather than a guess.
 */
const TITLES: Record<string, string> = {
  // Registration and the IPO lifecycle
  DRS: 'Draft registration statement (confidential submission)',
  DRSLTR: 'Correspondence about a draft registration statement',
  'S-1': 'Registration statement',
  'F-1': 'Registration statement (foreign private issuer)',
  'S-11': 'Registration statement (real estate company)',
  'N-2': 'Registration statement (closed-end fund or business development company)',
  'S-1MEF': 'Registration of additional securities (Rule 462(b))',
  'F-1MEF': 'Registration of additional securities (Rule 462(b), foreign private issuer)',
  'S-3MEF': 'Registration of additional securities on a shelf (Rule 462(b))',
  'S-3': 'Shelf registration statement',
  'S-3ASR': 'Automatic shelf registration statement (well-known seasoned issuer)',
  'F-3': 'Shelf registration statement (foreign private issuer)',
  'F-3ASR': 'Automatic shelf registration statement (foreign well-known seasoned issuer)',
  'S-3D': 'Registration statement for a dividend or interest reinvestment plan',
  'S-4': 'Registration statement for a business combination or exchange offer',
  'F-4': 'Registration statement for a business combination (foreign private issuer)',
  'S-8': 'Registration statement for employee benefit plan securities',
  'S-8 POS': 'Post-effective amendment to an employee benefit plan registration',
  'F-6': 'Registration statement for American depositary receipts',
  'F-6EF': 'Registration statement for American depositary receipts (effective on filing)',
  FWP: 'Free writing prospectus',
  EFFECT: 'Notice of effectiveness of a registration statement',
  '424A': 'Preliminary prospectus',
  '424B1': 'Final prospectus (with pricing information)',
  '424B2': 'Prospectus supplement (shelf takedown)',
  '424B3': 'Prospectus or prospectus supplement',
  '424B4': 'Final prospectus',
  '424B5': 'Prospectus supplement (shelf takedown)',
  '424B7': 'Prospectus supplement (selling security holders)',
  '424B8': 'Prospectus filed after the required date',
  '8-A12B': 'Registration of a class of securities on a national exchange',
  '8-A12G': 'Registration of a class of securities under Section 12(g)',
  CERT: 'Exchange certification of approval for listing',
  CERTNYS: 'NYSE certification of approval for listing',
  CERTNAS: 'Nasdaq certification of approval for listing',
  CERTARCA: 'NYSE Arca certification of approval for listing',
  CERTAMEX: 'NYSE American certification of approval for listing',
  CERTBATS: 'Cboe BZX certification of approval for listing',
  RW: 'Request to withdraw a registration statement',
  'RW WD': 'Withdrawal of a request to withdraw a registration statement',
  AW: 'Withdrawal of an amendment to a registration statement',
  'AW WD': 'Withdrawal of a request to withdraw an amendment',
  'DEL AM': 'Delaying amendment',
  'POS AM': 'Post-effective amendment to a registration statement',
  'POS EX': 'Post-effective amendment (exhibits only)',
  POSASR: 'Post-effective amendment to an automatic shelf registration',
  '10-12B': 'Registration of a class of securities on an exchange (e.g. a spin-off)',
  '10-12G': 'Registration of a class of securities under Section 12(g)',
  // Regulation A and exempt offerings
  '1-A': 'Regulation A offering statement',
  '1-A POS': 'Post-qualification amendment to a Regulation A offering statement',
  DOS: 'Draft Regulation A offering statement (confidential submission)',
  QUALIF: 'Notice of qualification of a Regulation A offering',
  '253G1': 'Regulation A offering circular',
  '253G2': 'Regulation A final offering circular',
  '1-K': 'Regulation A annual report',
  '1-SA': 'Regulation A semiannual report',
  '1-U': 'Regulation A current report',
  D: 'Notice of an exempt offering of securities (Regulation D)',
  REGDEX: 'Regulation D exemption notice (paper filing)',
  // Periodic and current reports
  '10-K': 'Annual report',
  '10-KT': 'Transition report (annual)',
  '10-Q': 'Quarterly report',
  '8-K': 'Current report',
  '20-F': 'Annual report (foreign private issuer)',
  '40-F': 'Annual report (Canadian issuer)',
  '6-K': 'Current report (foreign private issuer)',
  '11-K': 'Annual report of an employee stock plan',
  ARS: 'Annual report to security holders',
  'NT 10-K': 'Notice of late filing of an annual report',
  'NT 10-Q': 'Notice of late filing of a quarterly report',
  SD: 'Specialized disclosure report',
  // Ownership
  '3': 'Initial statement of beneficial ownership',
  '4': 'Statement of changes in beneficial ownership',
  '5': 'Annual statement of changes in beneficial ownership',
  '144': 'Notice of proposed sale of restricted securities',
  'SC 13D': 'Beneficial ownership report (over 5%, active investor)',
  'SC 13G': 'Beneficial ownership report (over 5%, passive investor)',
  // EDGAR's names for Schedules 13D/G since December 2024
  'SCHEDULE 13D': 'Beneficial ownership report (over 5%, active investor)',
  'SCHEDULE 13G': 'Beneficial ownership report (over 5%, passive investor)',
  'SC TO-T': 'Third-party tender offer statement',
  'SC TO-I': 'Issuer tender offer statement',
  'SC 14D9': 'Solicitation or recommendation statement on a tender offer',
  // Proxies and business combinations
  'DEF 14A': 'Definitive proxy statement',
  'PRE 14A': 'Preliminary proxy statement',
  DEFA14A: 'Additional definitive proxy soliciting materials',
  DFAN14A: 'Proxy soliciting materials filed by a non-management party',
  DEFM14A: 'Definitive proxy statement for a merger or acquisition',
  PREM14A: 'Preliminary proxy statement for a merger or acquisition',
  'DEF 14C': 'Definitive information statement',
  'PRE 14C': 'Preliminary information statement',
  '425': 'Communication about a business combination',
  // Correspondence and delisting
  CORRESP: 'Correspondence from the filer to the SEC staff',
  UPLOAD: 'Letter from the SEC staff (e.g. a comment letter)',
  'CT ORDER': 'Order granting confidential treatment',
  '25-NSE': 'Notice of removal from listing, filed by the exchange',
  '25': 'Notification of removal from listing',
  '15-12B': 'Termination of registration of a class listed on an exchange',
  '15-12G': 'Termination of registration under Section 12(g)',
  '15-15D': 'Suspension of the duty to file reports',
};

export function formTitle(form: string): string | null {
  const direct = TITLES[form];
  if (direct) return direct;
  if (form.endsWith('/A')) {
    const base = TITLES[baseForm(form)];
    return base ? `${base} (amendment)` : null;
  }
  return null;
}
