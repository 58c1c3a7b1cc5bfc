/**
 * A company's end as served (`lifecycleEnd`, `offering_status`): EDGAR's (offering/company-end.derive.ts,
 * dated by a filing), else what a later symbol or name says of it. Bloomberg's export names an issuer as
 * it is now and lists it under its last symbol (vendor-symbol.derive.ts), so its row tells how the story
 * ended where the filings we hold do not:
 *   delisted  the company's last symbol carries the bankruptcy marker (`bankruptSymbolBase`: a
 *             five-letter symbol ending in Q, DGLHQ for Digital Lighthouse's DGLH), in a vendor row of
 *             its IPO or as the SEC's current ticker (company_tickers.json's ACORQ for Acorda): its
 *             stock left the exchange for the over-the-counter market when it went bankrupt. Not when
 *             the SEC lists the company under a symbol without the marker today (Peabody relisted BTU
 *             after BTUUQ): that is the company's symbol now. For a company known only from the vendor
 *             the SEC file is looked up by the issuer's exact name (`secNamesakeTickers`): a namesake
 *             listed under another symbol than the four letters before the Q emerged and listed again
 *             (Peabody's BTU, Vroom's VRM, Chord's CHRD for OASPQ): no end. One listed under exactly
 *             those four letters (2U's TWOU for TWOUQ, Cue Health's HLTH for HLTHQ) is the SEC's file
 *             still holding the symbol the stock had when it went bankrupt: delisted stands. Or every
 *             Bloomberg row of the IPO carries a placeholder, the symbol Bloomberg gives a security
 *             that no longer trades under its own (delistedByPlaceholder).
 *   combined  a SPAC's IPO row (typed spac by vendor-deal-type.derive.ts, or by EDGAR) that names and
 *             classes an operating company: Bloomberg re-files a SPAC under the business it combined
 *             with (IPOB/U as "Opendoor Technologies Inc", E-Commerce/Services; SPCE/U as Virgin
 *             Galactic, Aerospace/Defense). A row still filed as a blank check ("Specified Purpose
 *             Acquis", "Capital Pools"), as an investment company or as inactive (a blank check that
 *             liquidated: Santa Monica Media, MergeWorthRx), or named like one ("… Acquisition Corp"),
 *             says no combination.
 * Neither row states when: the date is null, never the IPO's. A combination's delisting follows it
 * (the SPAC's symbol is the combined company's), so a vendor delisting after EDGAR's dated combination
 * is the end in force; EDGAR's dated end otherwise outranks the vendor's.
 */
import type { ApiLifecycleEnd } from '../../schema/api/types.ts';
import { normalizeCompanyName } from '../common/company-name.ts';
import type { FilingFact } from '../offering/filing.facts.ts';
import type { DealType } from '../../schema/api/vocabulary.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import type { CompanyOffering } from '../offering/offering.derive.ts';
import type { TerminalEvent } from '../offering/lifecycle.derive.ts';
import { isPlaceholderSymbol, isUnitSymbol, SPAC_SUBGROUPS, vendorDealType, vendorSymbol } from '../offering/vendor-deal-type.derive.ts';
import type { IpoTableRow } from '../market/ipo-table.parse.ts';
import { SPAC_NAME } from '../offering/spac-evidence.ts';
import { rowsOfIpo } from './vendor-company.derive.ts';
import { bankruptSymbolBase, bareSymbol } from './vendor-symbol.derive.ts';

/** Subgroups that class a row as no operating business: blank checks, and the investment companies and inactive shells liquidated blank checks are filed under. */
const NO_BUSINESS_SUBGROUPS = new Set([...SPAC_SUBGROUPS, 'Investment Companies', 'Inactive/Unknown']);

export interface EndEvidence {
  /** The company's joined vendor IPOs (vendor-company.derive.ts). */
  vendorRows: readonly StoredIpoRow[];
  /** The SEC's current tickers of the company (submissions page, company_tickers.json), primary first. */
  currentTickers: readonly string[];
  /** The SEC's titles of the company in company_tickers.json, beside its current tickers. */
  currentTitles?: readonly string[];
  /** EDGAR's type of the company's IPO-family deal, when it has one. */
  edgarIpoType: DealType | null;
  /** A vendor-only company's: the SEC file's tickers of the company it names exactly as the vendor names the issuer (vendor-company.derive.ts `secNamesakeTickers`). */
  namesakeTickers?: readonly string[];
}

/** EDGAR's end as served. */
export function edgarEnd(event: TerminalEvent | null): ApiLifecycleEnd | null {
  return event ? { ...event, source: 'edgar' } : null;
}

/** The company's ends the vendor rows and the SEC's tickers show, combination first; empty when none. */
export function laterSymbolEnds(e: EndEvidence): ApiLifecycleEnd[] {
  return [combinedByVendor(e) ?? combinedBySecSymbol(e), delistedByMarker(e) ?? preferredOnly(e) ?? delistedByPlaceholder(e)].filter((end): end is ApiLifecycleEnd => end !== null);
}

/** Words only a blank check's name carries ("OceanTech Acquisitions I Corp", "Valuence Merger Corp. I"). */
const BLANK_CHECK_WORDS = /\bacquisitions?\b|\bmerger\b|\bblank check\b|\bspac\b/i;

/** The stem of a unit symbol: the blank check's own symbol (TKKS for TKKSU, ADEX for ADEX-U). */
function unitStem(symbol: string): string {
  return symbol.replace(/[-./ ]UN?$/, '').replace(/^([A-Z]{4})U$/, '$1');
}

/**
 * A SPAC's registrant the SEC lists today under none of the blank check's own symbols: a blank
 * check trades under its stem (units, shares, warrants: SLAMU, SLAM, SLAMW) until it combines, and
 * the combined company takes its own symbol and name (TKK Symphony's TKKSU, 2018, the registrant the
 * SEC lists as Cheer Holding, CHR; Good Works' GWACU as Cipher Mining, CIFR). A SPAC that liquidated
 * leaves the file, one the file lists under its stem or a blank check's name has not combined.
 * Undated: the file says so today.
 */
function combinedBySecSymbol({ vendorRows, currentTickers, currentTitles = [], edgarIpoType }: EndEvidence): ApiLifecycleEnd | null {
  // The file's title must be an operating company's too: a blank check that moved its listing (Everest Consolidator's MNTN) is not combined.
  if (currentTickers.length === 0 || currentTitles.length === 0 || currentTitles.some((t) => BLANK_CHECK_WORDS.test(t))) return null;
  for (const ipo of vendorRows) {
    const spac = edgarIpoType === 'spac' || vendorDealType(ipo.row, (ipo.sameIpo ?? []).map((r) => r.row)).dealType === 'spac';
    // Units the exchange listed (TKKSU, ADEX-U), not a later over-the-counter symbol (JWSUF for Jaws Mustang's JWSM.U).
    const units = rowsOfIpo(ipo).map((r) => vendorSymbol(r.row)).find((symbol) => isUnitSymbol(symbol) && !/[EF]$/.test(symbol));
    if (!spac || units === undefined) continue;
    const stem = unitStem(units);
    if (currentTickers.some((t) => bareSymbol(t).startsWith(stem))) return null;
    return {
      status: 'combined', date: null, accessionNumber: null, formType: null, source: 'edgar',
      reason: `the SEC lists the SPAC's registrant under ${currentTickers[0]}, none of the blank check's own symbols (${stem}, its units ${units}): a SPAC gives up its symbol when it combines`,
    };
  }
  return null;
}

/** The SEC's notation for a preferred class: the common's symbol, a dash, P and the series (OAK-PA). */
const PREFERRED_CLASS = /^[A-Z]{1,5}-P[A-Z]?$/;

/**
 * A company that went public, which the SEC lists only under preferred classes: its common stock,
 * the IPO's, no longer trades (Oaktree Capital Group, OAK-PA and OAK-PB after Brookfield bought its
 * common in 2019). A company that never sold common to the public (a utility's preferred) has no IPO to end.
 */
function preferredOnly({ vendorRows, currentTickers, edgarIpoType }: EndEvidence): ApiLifecycleEnd | null {
  if ((vendorRows.length === 0 && edgarIpoType === null) || currentTickers.length === 0 || !currentTickers.every((t) => PREFERRED_CLASS.test(t))) return null;
  return {
    status: 'delisted', date: null, accessionNumber: null, formType: null, source: 'edgar',
    reason: `the SEC lists the company only under its preferred stock (${currentTickers.join(', ')}): its common stock no longer trades on an exchange`,
  };
}

/**
 * The symbol the SEC lists the bankrupt issuer under today when it is one of its own: neither a marked
 * symbol nor one built on the four letters before the marker (`base`). Those four letters are the
 * symbol the stock had when it went bankrupt, which the SEC's file may still hold for a company that
 * files on (2U's TWOU), with its other classes on them (Applied UV's preferred AUVIP beside AUVI).
 */
export function relistedAs(base: string, namesakeTickers: readonly string[]): string | null {
  return namesakeTickers.find((t) => bankruptSymbolBase(t) === null && !t.startsWith(base)) ?? null;
}

function delistedByMarker({ vendorRows, currentTickers, namesakeTickers = [] }: EndEvidence): ApiLifecycleEnd | null {
  const base = (symbol: string) => bankruptSymbolBase(symbol);
  const sec = currentTickers[0] ?? null;
  if (sec !== null && base(sec) !== null) {
    return {
      status: 'delisted', date: null, accessionNumber: null, formType: null, source: 'edgar',
      reason: `the SEC lists the company under ${sec}: the fifth-letter Q marks a bankrupt issuer's over-the-counter symbol, so its stock (${base(sec)}) no longer trades on an exchange`,
    };
  }
  // The SEC's own tickers of the company, else those of its exact namesake: either relists it only
  // under a symbol other than the four letters it went bankrupt with (Spirit Airlines' SAVE, in a
  // file older than its SAVEQ, is the symbol it had, not a new listing).
  const row = vendorRows.flatMap(rowsOfIpo).map((r) => r.row).find((r) => base(r.ticker) !== null);
  if (!row || relistedAs(base(row.ticker)!, sec !== null ? currentTickers : namesakeTickers) !== null) return null;
  return {
    status: 'delisted', date: null, accessionNumber: null, formType: null, source: 'vendor',
    reason: `the vendor lists the IPO (${base(row.ticker)}) under ${vendorSymbol(row)}, "${row.issuer}": the fifth-letter Q marks a bankrupt issuer's over-the-counter symbol, so its stock no longer trades on an exchange`,
  };
}

/**
 * Bloomberg moves a security that no longer trades under its symbol to a placeholder, digits and a
 * letter (Angie's List's 2011 stock as 9895420D, merged into ANGI in 2017; Gander Mountain's as
 * 1403557D, taken private in 2010), and keeps the symbol of one still trading. An IPO whose every
 * Bloomberg row carries a placeholder (a Yahoo row's symbol is its IPO day's), of a company the SEC's
 * file lists under no symbol today, nor an exact namesake of it (Aclarion's 1963941D beside the SEC's
 * ACON for Aclarion, Inc.; Warner Music's 2005 stock, 1800354D, beside WMG, its 2020 listing), is
 * delisted, undated. Not a SPAC's: its
 * placeholder says the blank check's units no longer trade, combined or liquidated, which
 * combinedByVendor tells apart where the row names a business.
 */
function delistedByPlaceholder({ vendorRows, currentTickers, namesakeTickers = [], edgarIpoType }: EndEvidence): ApiLifecycleEnd | null {
  if (vendorRows.length === 0 || currentTickers.length > 0 || namesakeTickers.length > 0 || edgarIpoType === 'spac') return null;
  // Bloomberg's symbols are as of its export; the Yahoo list's are of the IPO's day and say nothing of today.
  const rows = vendorRows.flatMap(rowsOfIpo).map((r) => r.row).filter((r) => r.layout !== 'yahoo');
  if (rows.length === 0 || !rows.every((r) => isPlaceholderSymbol(r.ticker))) return null;
  if (vendorRows.some((ipo) => vendorDealType(ipo.row, (ipo.sameIpo ?? []).map((r) => r.row)).dealType === 'spac')) return null;
  const row = rows[0];
  return {
    status: 'delisted', date: null, accessionNumber: null, formType: null, source: 'vendor',
    reason: `the vendor lists the IPO only under the placeholder ${vendorSymbol(row)}, "${row.issuer}", which it gives a security no longer trading under its symbol, and the SEC lists the company under none today`,
  };
}

/** The row of a SPAC's IPO that names and classes an operating company (see the header); null when none does. */
function rowNamingBusiness(ipo: StoredIpoRow, edgarIpoType: DealType | null): IpoTableRow | null {
  const spac = edgarIpoType === 'spac' || vendorDealType(ipo.row, (ipo.sameIpo ?? []).map((r) => r.row)).dealType === 'spac';
  if (!spac) return null;
  return rowsOfIpo(ipo).map((r) => r.row).find((r) => r.industrySubgroup && !NO_BUSINESS_SUBGROUPS.has(r.industrySubgroup) && !SPAC_NAME.test(r.issuer)) ?? null;
}

/**
 * A SPAC's unit symbol the vendor rebuilt on a later symbol of the company it became: Bloomberg's SPCE/U
 * for the units Social Capital Hedosophia sold as IPOA.U, SPCE being Virgin Galactic's, the SEC's
 * current ticker of the company; or on any later symbol the data holds for it (`laterSymbols`: its
 * company_tickers.json rows, its later vendor rows' symbols). A SPAC's units trade under the blank
 * check's own symbol, which the combined company gives up, so units under the combined company's
 * symbol never traded: the symbol the IPO listed under is not in the data (null), neither the row's
 * nor the company's. Unless the SEC lists the units themselves (CONX Corp's CONXU). What the data
 * cannot tell: a combined company that kept the SPAC's symbol (Waldencast plc's WALD, its units
 * WALDU) looks the same, and its units' symbol is then left unknown too; and units rebuilt on a
 * symbol the company held between its combination and today, which no file the data holds names
 * (RAMEU for the units of Battalion Oil's blank check of 2004, RAME its symbol as RAM Energy
 * Resources; the SEC lists BATL), are served as written.
 */
export function isRebuiltUnitSymbol(ipo: StoredIpoRow, currentTickers: readonly string[], laterSymbols: readonly string[] = currentTickers): boolean {
  const symbol = vendorSymbol(ipo.row);
  if (ipo.row.layout === 'yahoo' || !isUnitSymbol(symbol)) return false;
  const stem = unitStem(symbol);
  // The SEC listing the units themselves (CONX Corp's CONXU beside CONX) says they traded under that symbol.
  if (currentTickers.some((t) => bareSymbol(t) === bareSymbol(symbol))) return false;
  return stem !== symbol && laterSymbols.includes(stem) && rowNamingBusiness(ipo, null) !== null;
}

/**
 * A SPAC's IPO row that names the operating company it became under a symbol that is not units': the
 * symbol is that company's, the vendor's as of its export, not the blank check's (Bloomberg's QS for
 * Kensington Capital's 2020 units, KCAC.U; BLBD for Hennessy Capital's 2014 HCACU; a placeholder for
 * VectoIQ's VTIQU). A blank check trades under its own symbol until the combination, and the combined
 * company takes another, so the symbol the IPO listed under is not in the row. A Yahoo row of the same
 * IPO names the symbol of the day and decides instead. What the data cannot tell: a combined company
 * that kept the SPAC's symbol (Waldencast's WALD) is left unknown too.
 */
export function isCombinedCompanySymbol(ipo: StoredIpoRow): boolean {
  if (rowsOfIpo(ipo).some((r) => r.row.layout === 'yahoo') || isUnitSymbol(vendorSymbol(ipo.row))) return false;
  return rowNamingBusiness(ipo, null) !== null;
}

function combinedByVendor({ vendorRows, edgarIpoType }: EndEvidence): ApiLifecycleEnd | null {
  for (const ipo of vendorRows) {
    const row = rowNamingBusiness(ipo, edgarIpoType);
    if (!row) continue;
    return {
      status: 'combined', date: null, accessionNumber: null, formType: null, source: 'vendor',
      reason: `the vendor lists the SPAC's IPO (${vendorSymbol(row)}) as "${row.issuer}", filed under "${row.industrySubgroup}": it names a SPAC as the operating company it combined with`,
    };
  }
  return null;
}

/**
 * The end in force and every end seen, oldest first: EDGAR's events, then the vendor's that add to
 * them (see the header). EDGAR's end in force stands unless it is a combination the vendor's
 * delisting followed.
 */
export function servedEnds(edgar: readonly TerminalEvent[], terminal: TerminalEvent | null, later: readonly ApiLifecycleEnd[]): { events: ApiLifecycleEnd[]; terminal: ApiLifecycleEnd | null } {
  const own = edgar.map((e) => edgarEnd(e)!);
  const inForce = edgarEnd(terminal);
  // A company that went public again after its EDGAR end (no terminal in force) has no end a vendor row could date after it.
  if (edgar.length > 0 && terminal === null) return { events: own, terminal: null };
  const added = later.filter((v) => !own.some((e) => e.status === v.status));
  if (inForce?.status === 'delisted') return { events: own, terminal: inForce };
  const events = [...own, ...added];
  return { events, terminal: added.length > 0 ? added[added.length - 1] : inForce };
}

/**
 * The offering rules' result with a vendor end applied: the company's status is the end's, and each
 * deal it overtook (any not withdrawn nor already ended: the end is undated, and every deal the data
 * holds came before the symbol it reads, save one the combined company filed under the name
 * `combinedNames` give it: see filedAsCombinedCompany) is served as that end, a SPAC's as its combination.
 */
export function withServedEnd(offering: CompanyOffering, end: ApiLifecycleEnd | null, events: readonly ApiLifecycleEnd[], combinedNames: readonly string[] = []): CompanyOffering {
  // EDGAR's filed end is the offering rules' own (lifecycle.derive.ts): already applied.
  const own = offering.lifecycle.terminal;
  if (end === null || (own !== null && own.status === end.status && own.date === end.date)) return offering;
  const combined = events.some((e) => e.status === 'combined');
  const afterCombination = filedAsCombinedCompany(end, combinedNames);
  const deals = offering.lifecycle.deals.map((d) => {
    if (d.status === 'withdrawn' || d.endedBy !== null) return d;
    if (d.dealKind !== 'spac' && afterCombination(d.filings)) return d;
    const endedBy = d.dealKind === 'spac' && combined ? 'combined' : end.status;
    return { ...d, overlay: null, displayStatus: d.status, endedBy, servedStatus: endedBy };
  });
  const current = offering.lifecycle.currentDeal === null ? null : (deals[offering.lifecycle.deals.indexOf(offering.lifecycle.currentDeal)] ?? null);
  return { ...offering, lifecycle: { ...offering.lifecycle, deals, currentDeal: current, offeringStatus: end.status } };
}

/**
 * Whether a deal's filings came from the company a combination made, when the combination is known
 * undated, from a vendor row naming the SPAC's IPO for the company it combined with: every filing of
 * the deal names the registrant so (Vivint Smart Home's S-1/A of 2020-03-18, after Mosaic Acquisition
 * became it; Mirion's, FaZe's, Mondee's and QualTek's resale S-1s of 2022). A SPAC's own filings
 * carry its own name.
 */
function filedAsCombinedCompany(end: ApiLifecycleEnd, combinedNames: readonly string[]) {
  const names = new Set(combinedNames.map(normalizeCompanyName).filter((n) => n !== ''));
  return (filings: readonly FilingFact[]): boolean => {
    if (end.status !== 'combined' || end.date !== null || names.size === 0) return false;
    // Known filings carry the registrant's name on their index row (KnownFiling).
    const named = (filings as ReadonlyArray<FilingFact & { companyName?: string | null; source?: string }>).filter((f) => f.source !== 'document' && f.companyName);
    return named.length > 0 && named.every((f) => names.has(normalizeCompanyName(f.companyName!)));
  };
}
