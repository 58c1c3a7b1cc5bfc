/**
 * Deal type (domain.md §2.4): what kind of offering one deal is, from its forms, the company's SIC
 * and history, and — when a prospectus was read — its cover signals. First match wins:
 *   business_combination  S-4/F-4 (a de-SPAC merger included)
 *   co_registrant         a co-registrant of another filer's registration (co-registrants.derive.ts)
 *   spac                  SIC 6770; a cover with "blank check" + "trust account"; units sold at a
 *                         fixed $10.00; the issuer's name when the deal opened is blank-check style
 *                         ("… Acquisition Corp", "… Merger Corp"; the index rows' name when no submissions
 *                         page names it); or a later 8-K reports Item 5.06
 *                         (change in shell company status): the issuer was a shell when it went public,
 *                         whatever its name and SIC are now (a de-SPAC renames and re-codes it).
 *                         Only a deal opened before the issuer's first periodic report: a SPAC IPO.
 *   fund                  the issuer's name when the deal opened is a fund's ("… Income Fund, L.P.", "… Note
 *                         Fund LLC"; fund-evidence.ts), whatever it files: a Reg A Tier 2 fund's 1-A, an
 *                         interval fund's 424B3 with no registration in our filings; or an N-2, or SIC 6221
 *                         (commodity/crypto trusts)
 *   reg_a                 1-A/DOS or a 024- file number
 *   (424B1/424B4 cover asserting "initial public offering" → ipo, even with selling stockholders)
 *   uplisting             an already public issuer whose cover says it is quoted OTC and applies to list
 *   resale                an already public issuer registering only selling holders' shares
 *   debt                  a notes/indenture offering with no share class
 *   follow_on             an S-3/F-3 shelf, or an S-1/F-1 by an already public issuer
 *   direct_listing        "direct listing"/"registered stockholders"/"reference price" with no underwriter
 *   ipo                   a first-time registrant, with "initial public offering"/"no public market" on the
 *                         cover when a cover was read
 *   other                 a first-time registrant whose cover asserts none of the above
 *   unknown               no deal, or only followers of a registration we never saw, or a registration or
 *                         final prospectus of a company only daily-index rows name (no submissions page) whose
 *                         cover was not read and which filed no confidential draft (DRS): whether it was
 *                         already public (a resale after a SPAC merger, a follow-on) is not known, so it is
 *                         not called an IPO, unless its insiders filed their Forms 3 around its final
 *                         prospectus (listing-insiders.ts): the class was registered with it, an IPO
 *                         (vendor rows type it after: vendor-evidence.derive.ts, the IPO a row shows
 *                         trading by it, or a follow-on for shelf takedowns after a listing a row shows)
 * "Already public" = a 10-K/10-Q/20-F/40-F before the deal opened, or a cover saying the stock
 * "is listed on … under the symbol".
 */
import type { ApiTermsExtended } from '../../schema/api/types.ts';
import type { CoverSignals } from '../extract/cover-signals.ts';
import type { Deal } from './deals.group.ts';
import { SPAC_NAME, SPAC_UNIT_PRICE } from './spac-evidence.ts';
import { FUND_NAME } from './fund-evidence.ts';
import { coRegisteredIssuer } from './co-registrants.derive.ts';
import { finalTakedownOf } from './takedowns.ts';
import { insiderReportsAtListing, LISTING_INSIDER_DAYS } from './listing-insiders.ts';
import type { CompanyFacts, FilingFact } from './filing.facts.ts';
import { baseForm, COMBINATION_FORMS, CURRENT_REPORT_FORMS, hasItem, IPO_CAPABLE_FORMS, PERIODIC_FORMS, RESALE_PROSPECTUS_FORMS, SHELF_FORMS } from '../common/forms.ts';

export type { DealType } from '../../schema/api/vocabulary.ts';
import type { DealType } from '../../schema/api/vocabulary.ts';

export interface DealTypeInput {
  deal: (Pick<Deal, 'key' | 'baseForm' | 'openedDate'> & { filings?: readonly (Pick<FilingFact, 'formType' | 'coRegistrants'> & { filingDate?: string })[] }) | null;
  company?: CompanyFacts | null;
  /** All the company's filings, to find periodic reports filed before the deal. */
  companyFilings?: readonly FilingFact[];
  /**
   * False when the company's filing history is unknown: only daily-index rows name it (no
   * submissions page). Then no earlier periodic report proves nothing, and a registration or a
   * final prospectus alone cannot say the issuer was not already public. Absent = known.
   */
  historyKnown?: boolean;
  /** The name the filings carry (index rows, a cover) when no submissions page names the company. */
  filedName?: string | null;
  /** Cover signals of the deal's latest registration prospectus (S-1, S-1/A, F-1 …). */
  signals?: CoverSignals | null;
  /** Cover signals of its final prospectus (424B1/424B4), when read. */
  finalSignals?: CoverSignals | null;
  terms?: Partial<Pick<ApiTermsExtended, 'issuerStructureFlags' | 'offeringPrice'>> &
    Pick<ApiTermsExtended, 'isSellingStockholdersOnly' | 'shareClass' | 'totalSharesOffered'> | null;
}

export interface DealTypeResult {
  dealType: DealType;
  /** Why, in words a reader can check against the filings. */
  reasons: string[];
  /** 0.5 forms only … 0.95 final prospectus read. */
  confidence: number;
}

const IPO_FAMILY: ReadonlySet<DealType> = new Set(['ipo', 'spac', 'direct_listing', 'uplisting']);

export function isIpoFamily(dealType: string): boolean {
  return IPO_FAMILY.has(dealType as DealType);
}

export function deriveDealType(input: DealTypeInput): DealTypeResult {
  const { deal, company, signals, finalSignals, terms } = input;
  if (!deal) return result('unknown', ['no registration statement of this deal is visible'], 0.3);
  const spacNamed = spacName(input, deal.openedDate);
  if (spacNamed && (deal.baseForm === null || IPO_CAPABLE_FORMS.has(deal.baseForm) || deal.baseForm === 'DRS') && !priorPeriodicReport(input.companyFilings ?? [], deal.openedDate)) {
    return result('spac', [`issuer was named "${spacNamed}" when the deal opened`], 0.75);
  }
  const fundNamed = issuerNameMatching(input, deal.openedDate, FUND_NAME);
  const fund = fundNamed ? result('fund', [`issuer was named "${fundNamed}" when the deal opened: a fund`], 0.8) : null;
  if (deal.baseForm === null) return fund ?? prospectusOnlyType(deal, input);
  const base = deal.baseForm;
  const read = signals ?? finalSignals ?? null;
  const conf = finalSignals ? 0.95 : signals ? 0.85 : 0.6;

  if (COMBINATION_FORMS.has(base)) return result('business_combination', [`opened by ${base}`], 0.9);
  const issuer = company ? coRegisteredIssuer(company.cik, deal.filings?.find((f) => baseForm(f.formType) === base) ?? deal.filings?.[0]) : null;
  if (issuer) return result('co_registrant', [`co-registrant of CIK ${issuer}'s ${base}: the same accession is filed by the issuer, the lowest CIK of its filers`], 0.8);
  const priorReports = priorPeriodicReport(input.companyFilings ?? [], deal.openedDate);
  // A SPAC goes public before it files any periodic report: a later registration (a resale of its
  // warrants, the combined company's offerings) is no SPAC IPO, whatever the SIC still says.
  const firstTime = priorReports === null;
  if (firstTime && company?.sic === '6770') return result('spac', ['SIC 6770 (blank checks)'], 0.95);
  if (firstTime && read?.blankCheck && read.trustAccount) return result('spac', ['cover mentions a blank check company and a trust account'], conf);
  const ipoCapable = firstTime && (IPO_CAPABLE_FORMS.has(base) || base === 'DRS');
  if (ipoCapable && terms?.issuerStructureFlags?.includes('units') && terms.offeringPrice === SPAC_UNIT_PRICE) {
    return result('spac', ['registers units at a fixed $10.00'], conf);
  }
  const shell = ipoCapable ? shellStatusChange(input.companyFilings ?? [], deal.openedDate) : null;
  if (shell) return result('spac', [`a later 8-K (${shell.filingDate}) reports Item 5.06, the end of its shell company status`], 0.8);
  if (fund) return fund;
  if (base === '1-A' || base === 'DOS' || deal.key.startsWith('024-')) return result('reg_a', ['Regulation A offering statement (1-A/DOS, 024- file number)'], 0.95);
  if (base === 'N-2') return result('fund', ['N-2 (closed-end fund or BDC)'], 0.95);
  if (company?.sic === '6221') return result('fund', ['SIC 6221 (commodity trust)'], 0.8);

  if (finalSignals?.initialPublicOffering) {
    return result('ipo', ['the final prospectus cover says this is an initial public offering'], 0.95);
  }
  const reasons: string[] = [];
  if (priorReports) reasons.push(`already filing periodic reports (${priorReports.formType} on ${priorReports.filingDate})`);
  if (read?.listedUnderSymbol) reasons.push('cover says the stock is already listed under a symbol');
  const alreadyPublic = reasons.length > 0 && !read?.initialPublicOffering;

  const resaleForms = resaleProspectusesOnly(deal.filings ?? []);
  if (SHELF_FORMS.has(base)) {
    // A takedown whose final supplement is filed under Rule 424(b)(2) sells notes, as the prospectus-only rule reads it.
    if (finalTakedownOf(deal.filings ?? [])?.formType === '424B2') return result('debt', [`${base} shelf whose takedown's final supplement is a 424B2, the notes' form`, ...reasons], 0.7);
    if (resaleForms) return result('resale', [`${base} shelf registration`, resaleForms, ...reasons], 0.7);
    return result('follow_on', [`${base} shelf registration`, ...reasons], 0.9);
  }
  if (alreadyPublic) {
    if (read?.otcQuoted && read.applyingToList) return result('uplisting', [...reasons, 'cover: quoted OTC and applying to list on an exchange'], conf);
    if (!read && company?.exchanges.some((e) => e !== null && /^otc/i.test(e))) {
      return result('uplisting', [...reasons, 'the company is quoted OTC'], 0.6);
    }
    const sellersOnly = terms?.isSellingStockholdersOnly === true || (read?.resale === true && read.issuerReceivesNoProceeds);
    if (read && sellersOnly && !read.underwritten) return result('resale', [...reasons, 'cover registers resales by selling holders; the issuer receives no proceeds'], conf);
    if (read?.debtOffering && !terms?.shareClass && !terms?.totalSharesOffered) return result('debt', [...reasons, 'cover offers notes under an indenture'], conf);
    if (resaleForms && !read?.underwritten) return result('resale', [...reasons, resaleForms], 0.7);
    return result('follow_on', reasons, read ? conf : 0.6);
  }
  if (read?.directListing && !read.underwritten) return result('direct_listing', ['cover describes a direct listing / registered stockholders with no underwriter'], conf);
  // A confidential draft (DRS) is the IPO path (and an issuer's first year): it says first-time registrant.
  const drafted = base === 'DRS' || (deal.filings ?? []).some((f) => baseForm(f.formType) === 'DRS');
  if (!read && input.historyKnown === false && !drafted) {
    const insiders = listedWithInsiders(deal, input);
    if (insiders) return result('ipo', [`${base} of a company known only from daily-index rows`, insiders], 0.7);
    return result('unknown', [`${base} of a company known only from daily-index rows: whether it was already public (a resale after a SPAC merger, a follow-on) is not known`], 0.3);
  }
  if (!read) {
    if (IPO_CAPABLE_FORMS.has(base) || base === 'DRS') return result('ipo', [`${base} by a first-time registrant`], 0.6);
    return result('other', [`${base} by a first-time registrant`], 0.4);
  }
  if (read.initialPublicOffering || read.noPublicMarket) {
    const why = read.initialPublicOffering ? 'cover says initial public offering' : 'cover says no public market exists';
    return result('ipo', [`${baseForm(base)} by a first-time registrant`, why], conf);
  }
  if (read.debtOffering) return result('debt', ['cover offers notes under an indenture'], conf);
  return result('other', ['first-time registrant, but the cover asserts neither an IPO nor a listing'], 0.5);
}

/** Why the deal's prospectuses sold nothing at a price of its own (forms.ts RESALE_PROSPECTUS_FORMS), or null. */
function resaleProspectusesOnly(filings: readonly { formType: string }[]): string | null {
  const prospectuses = [...new Set(filings.map((f) => f.formType).filter((f) => f.startsWith('424B') && f !== '424B8'))];
  if (prospectuses.length === 0 || !prospectuses.every((f) => RESALE_PROSPECTUS_FORMS.has(f))) return null;
  return `its prospectuses are ${prospectuses.join(' and ')} only, a resale's: no pricing supplement`;
}

function result(dealType: DealType, reasons: string[], confidence: number): DealTypeResult {
  return { dealType, reasons, confidence };
}

/**
 * An offering seen only through prospectuses filed under a registration we do not hold. A final
 * prospectus whose cover says initial public offering, or a 424B4/424B1 by a company with no earlier
 * periodic report, is an IPO; 424B2 takedowns (medium-term and structured notes) are debt, even of an
 * issuer known only from daily-index rows (Rule 424(b)(2) is the shelf takedown's form); any other
 * prospectus is a follow-on by an issuer selling under its existing registration.
 */
function prospectusOnlyType(deal: NonNullable<DealTypeInput['deal']>, input: DealTypeInput): DealTypeResult {
  const forms = (deal.filings ?? []).map((f) => f.formType).filter((f) => f.startsWith('424B'));
  if (forms.length === 0) return result('unknown', ['no registration statement of this deal is visible'], 0.3);
  if (input.finalSignals?.initialPublicOffering) return result('ipo', ['the final prospectus cover says this is an initial public offering'], 0.9);
  // Rule 424(b)(2) is the shelf takedown's form (Rule 415(a)(1)(x)); an IPO's final prospectus is a
  // 424B1 or 424B4. A deal of 424B2s only is a takedown whatever else the data holds of its issuer.
  if (forms.every((f) => f === '424B2')) return result('debt', ['prospectus supplements under Rule 424(b)(2), the shelf takedown form, as a rule of notes'], 0.6);
  const prior = priorPeriodicReport(input.companyFilings ?? [], deal.openedDate);
  if (input.historyKnown === false && !input.finalSignals) {
    const insiders = listedWithInsiders(deal, input);
    if (insiders) return result('ipo', [`final prospectus of a company known only from daily-index rows`, insiders], 0.7);
    return result('unknown', [`final prospectus (${[...new Set(forms)].join(', ')}) of a company known only from daily-index rows: IPO or follow-on is not known`], 0.3);
  }
  if (!prior && forms.some((f) => f === '424B4' || f === '424B1')) return result('ipo', ['final prospectus by a company with no earlier periodic report; its registration is not in our filings'], 0.5);
  if (input.finalSignals?.debtOffering || input.signals?.debtOffering) {
    return result('debt', ['prospectus supplements of notes under a registration filed before our history'], 0.6);
  }
  return result('follow_on', [`prospectus (${[...new Set(forms)].join(', ')}) under a registration filed before our history`], 0.6);
}

/**
 * Why the deal's final prospectus (424B4/424B1) made its issuer public, or null: its insiders' Forms 3
 * filed around it (listing-insiders.ts). A deal seen only through prospectuses opened with its first one.
 */
function listedWithInsiders(deal: NonNullable<DealTypeInput['deal']>, input: DealTypeInput): string | null {
  const final = (deal.filings ?? []).find((f) => f.formType === '424B4' || f.formType === '424B1');
  const date = final?.filingDate ?? (deal.baseForm === null ? deal.openedDate : null);
  if (!final || date === null) return null;
  const reports = insiderReportsAtListing(input.companyFilings ?? [], date);
  if (reports.length === 0) return null;
  return `${reports.length} insiders' Forms 3 filed within ${LISTING_INSIDER_DAYS} days of its ${final.formType} of ${date}: its class was first registered with this offering`;
}

/** The blank-check style name the issuer had when the deal opened, or null. */
function spacName(input: DealTypeInput, openedDate: string): string | null {
  return issuerNameMatching(input, openedDate, SPAC_NAME);
}

/** The name the issuer had when the deal opened (submissions' names, else the filings' own) when it matches `pattern`, or null. */
function issuerNameMatching(input: DealTypeInput, openedDate: string, pattern: RegExp): string | null {
  const name = nameAt(input.company, openedDate) ?? input.filedName ?? null;
  return name !== null && pattern.test(name) ? name : null;
}

export function priorPeriodicReport(filings: readonly FilingFact[], before: string): FilingFact | null {
  let first: FilingFact | null = null;
  for (const f of filings) {
    if (PERIODIC_FORMS.has(baseForm(f.formType)) && f.filingDate < before && (!first || f.filingDate < first.filingDate)) first = f;
  }
  return first;
}

/** The first 8-K after `after` reporting Item 5.06 (change in shell company status): a de-SPAC closing. */
export function shellStatusChange(filings: readonly FilingFact[], after: string): FilingFact | null {
  let first: FilingFact | null = null;
  for (const f of filings) {
    if (CURRENT_REPORT_FORMS.has(f.formType) && f.filingDate > after && hasItem(f.items, '5.06') && (!first || f.filingDate < first.filingDate)) first = f;
  }
  return first;
}

/** The issuer's name when the deal opened: a former name whose period covers the date, else the current one. */
export function nameAt(company: Pick<CompanyFacts, 'name' | 'formerNames'> | null | undefined, date: string): string | null {
  if (!company) return null;
  for (const former of company.formerNames ?? []) {
    const from = former.from?.slice(0, 10) ?? '0000-00-00';
    const to = former.to?.slice(0, 10) ?? '9999-12-31';
    if (date >= from && date <= to) return former.name;
  }
  return company.name;
}
