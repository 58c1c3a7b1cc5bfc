/**
 * Vendor IPO rows (`reference.ipo_row`, a Bloomberg or Yahoo table) joined to companies by identity,
 * not by ticker alone: tickers are recycled, and a delisted company's ticker is in no SEC file.
 * A US row belongs to, in order, among the EDGAR companies that existed when it traded (a row dated
 * before an entity's first EDGAR filing cannot be its IPO: Yahoo's Marvell Technology Group IPO of
 * 2000 is not the IPO of Marvell Technology, Inc., the successor whose filings begin 2020-12-22;
 * when no submissions page dates the entity, the CIK order may, cik-order.derive.ts):
 *   1. an EDGAR company carrying the row's ticker whose name (current, former, or the
 *      company_tickers.json title) is the row's issuer;
 *   2. an EDGAR company with the issuer's name that filed a registration or prospectus (S-1, F-1,
 *      S-11, DRS, 424B*) within two years before the trade date (or a week after it; a Yahoo row
 *      without a first-trade date is dated by its IPO date);
 *   3. an EDGAR company whose name is exactly the issuer's (normalized) and which carries no other
 *      ticker (EDGAR holds only later filings of it);
 *   4. nobody: the row becomes a company of its own, named and dated from the vendor, under the
 *      identifier `V-<ticker>-<trade date>` (or IPO date; an undated row is not served).
 * Ties go to the lowest CIK, so the join never depends on the order events arrived in. Once EDGAR
 * data names the company (a later filing, a tickers snapshot), the row moves to it and the vendor
 * company is no longer served.
 *
 * Rows describing one IPO (two tables', or two rows of one table) are joined first (`joinVendorRows`,
 * by the rules of vendor-same-ipo.derive.ts), whatever order they come in. An EDGAR entity is
 * served with one joined IPO, its latest (`entityOwnIpo`); an earlier one is a predecessor's and
 * becomes a company of its own.
 * The joined IPO goes where any of its rows goes (rows 1–3, its primary row tried first), and is one
 * company and one offering: the primary row speaks for it, the others add what it lacks.
 */
import { VENDOR_KEY_PREFIX, vendorCompanyKey } from '../../schema/cik.ts';
import { baseForm } from '../common/forms.ts';
import { isPredecessorName, normalizeCompanyName, sameCompanyName, sameExactVendorName } from '../common/company-name.ts';
import { addDays, cmp } from '../common/dates.ts';
import { assertNever } from '../../schema/exhaustive.ts';
import type { IpoTableLayout } from '../../schema/events/event-types.ts';
import type { ListingExchangeInput } from '../offering/exchange-at-listing.derive.ts';
import type { CompanyFacts, FilingFact } from '../offering/filing.facts.ts';
import type { StoredIpoRow } from '../market/market.facts.ts';
import type { CompanyEndStatus, DealType, OfferingStatus } from '../../schema/api/vocabulary.ts';
import { isPlaceholderSymbol, vendorDealType } from '../offering/vendor-deal-type.derive.ts';
import { sameVendorIpo, soleSameDayPairs, unitCounterparts, vendorRowDate } from './vendor-same-ipo.derive.ts';
import { listingSymbol, rowListingSymbol } from './vendor-symbol.derive.ts';

/** What a row is matched against: one EDGAR company (or a CIK only company_tickers.json lists). */
export interface VendorCandidate {
  cik: string;
  names: readonly string[];
  tickers: readonly string[];
  filings: readonly Pick<FilingFact, 'formType' | 'filingDate'>[];
  /** The entity's first EDGAR filing (CompanyFacts.firstFilingDate); null when no submissions page was read. */
  firstFilingDate?: string | null;
  /** When the first filing is unknown: the date before which the CIK order says the entity did not exist (cik-order.derive.ts). */
  notOnEdgarBefore?: string | null;
}

const REGISTRATION_BASES = new Set(['S-1', 'F-1', 'S-11', 'DRS']);
const LOOKBACK_DAYS = 730;
const LOOKAHEAD_DAYS = 7;

/** The identifier of the company a row becomes when no EDGAR company is its issuer; null when the row is undated. */
export function vendorCompanyId(row: StoredIpoRow['row']): string | null {
  const date = vendorRowDate(row);
  return date === null ? null : vendorCompanyKey(row.ticker, date);
}

/** The table a row was read from; rows logged before the field existed are Bloomberg's. */
const layoutOf = (row: StoredIpoRow['row']): IpoTableLayout => row.layout ?? 'bloomberg';

/** Which row speaks for a joined IPO: Bloomberg's states the range, the offer size and the market cap, Yahoo's only a price. */
function layoutRank(layout: IpoTableLayout): number {
  switch (layout) {
    case 'bloomberg':
      return 0;
    case 'yahoo':
      return 1;
    default:
      return assertNever(layout);
  }
}

/**
 * Rows → one per IPO: the row that speaks for it (by layout, a real symbol before a placeholder, then
 * date and symbol), carrying the
 * other rows of the same IPO as `sameIpo`. Rows joined to one row are joined to each other, so a row
 * that two groups each claim joins them. The result does not depend on the input order.
 */
export function joinVendorRows(rows: readonly StoredIpoRow[]): StoredIpoRow[] {
  // A row under a placeholder symbol never speaks for a deal a row under its real symbol also lists:
  // Ottawa Bancorp's conversion is OTTW's row of 2016-10-12 (its trade date, return and issuer), not
  // the old mid-tier company's 1448759D row dated 2016-08-10. But a row Bloomberg marks "/Old" is the
  // security the IPO sold, which a successor's security replaced under the symbol: its first day is
  // the IPO's. Clear Channel Outdoor's 2005 IPO first traded on 2005-11-11 (9977553D, "Clear Channel
  // Outdoor Holdings Inc/old", CUSIP 18451C109, +3.06%), not on the CCO row's 2005-11-14 (CUSIP
  // 18453H106, the Class A of the 2019 successor, +5.56%).
  const key = (r: StoredIpoRow) =>
    `${layoutRank(layoutOf(r.row))}|${isPredecessorName(r.row.issuer) ? 0 : 1}|${isPlaceholderSymbol(r.row.ticker) ? 1 : 0}|${vendorRowDate(r.row) ?? ''}|${r.row.bloombergTicker}`;
  const sorted = [...rows].sort((a, b) => cmp(key(a), key(b)));
  // Union-find over the sorted rows; each group's root is its first, best-ranked row.
  const parent = sorted.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  const union = (i: number, j: number) => {
    const [ri, rj] = [root(i), root(j)];
    if (ri !== rj) parent[Math.max(ri, rj)] = Math.min(ri, rj);
  };
  for (let i = 0; i < sorted.length; i++) {
    for (let j = 0; j < i; j++) if (sameVendorIpo(sorted[j].row, sorted[i].row)) union(i, j);
  }
  // Rule 5 (vendor-same-ipo.derive.ts): a same-day, same-price pair with no rival row that day.
  for (const [i, j] of soleSameDayPairs(sorted.map((r) => r.row))) union(i, j);
  const groups = new Map<number, StoredIpoRow[]>();
  sorted.forEach((r, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), r]));
  return [...groups.values()].map(([primary, ...others]) => (others.length === 0 ? primary : { ...primary, sameIpo: others }));
}

/**
 * An entity lists once. When several joined IPOs resolve to one EDGAR entity (by its name and
 * ticker, dated after its first filing, where the CIK order cannot date it), the latest is its own:
 * it carries that name and ticker now, and an earlier IPO under them is a predecessor's, whose name a
 * successor took. Hertz Global Holdings (CIK 1657853, spun off in 2016 and relisted in 2021) is not
 * the issuer of Hertz's 2006 IPO (the entity now named Herc Holdings); Antero Midstream Corp (CIK
 * 1623925, Antero Midstream GP until 2019) is not Antero Midstream Partners' of 2014. The CIK order
 * could not tell: no entity the data dates lies between Tesla's CIK (1318605, first filing 2005)
 * and Alzamend's (1677077, 2016), so every CIK between is dated from 2005 on. The earlier IPOs are
 * served as companies of their own (`V-<ticker>-<date>`).
 */
export function entityOwnIpo(ipos: readonly StoredIpoRow[]): StoredIpoRow | null {
  return [...ipos].sort((a, b) => cmp(vendorRowDate(b.row) ?? '', vendorRowDate(a.row) ?? ''))[0] ?? null;
}

/** The rows of a joined IPO, the one that speaks for it first. */
export function rowsOfIpo(ipo: StoredIpoRow): StoredIpoRow[] {
  return [ipo, ...(ipo.sameIpo ?? [])];
}

/**
 * The symbols of joined IPOs, each IPO's primary row first, each symbol as listed before as written
 * (Bloomberg's TORCQ gives TORC, then TORCQ, then Yahoo's TORC); never a placeholder (vendor-symbol.derive.ts).
 */
export function vendorTickers(ipos: readonly StoredIpoRow[]): string[] {
  return [...new Set(ipos.flatMap((ipo) => rowsOfIpo(ipo).flatMap((r) => [rowListingSymbol(r) ?? r.row.ticker, r.row.ticker])))].filter((t) => !isPlaceholderSymbol(t));
}

/** Where a joined IPO goes: the first of its rows that joins an EDGAR company decides; null when none does. */
export function resolveVendorIpo(ipo: StoredIpoRow, candidatesOf: (row: StoredIpoRow['row']) => readonly VendorCandidate[]): string | null {
  return resolveVendorIpoJoin(ipo, candidatesOf)?.cik ?? null;
}

/** resolveVendorIpo, saying by which rule: a row joining by identity decides before any row joining by name alone. */
export function resolveVendorIpoJoin(ipo: StoredIpoRow, candidatesOf: (row: StoredIpoRow['row']) => readonly VendorCandidate[]): VendorJoin | null {
  let byName: VendorJoin | null = null;
  for (const { row } of rowsOfIpo(ipo)) {
    const join = resolveVendorRowJoin(row, candidatesOf(row));
    if (join?.rule === 'identity') return join;
    byName ??= join;
  }
  return byName;
}

/** The vendor evidence of the exchange a joined IPO listed on: the first of its rows with an exchange column. */
export function vendorListingEvidence(ipo: StoredIpoRow | null): ListingExchangeInput['vendor'] {
  if (ipo === null) return null;
  const withExchange = rowsOfIpo(ipo).find((r) => (r.row.exchange ?? '').trim() !== '');
  const { row } = withExchange ?? ipo;
  return { layout: layoutOf(row), symbol: row.bloombergTicker, date: vendorRowDate(row), exchange: row.exchange ?? null };
}

export function isVendorCompanyId(id: string): boolean {
  return id.startsWith(VENDOR_KEY_PREFIX);
}

/** A vendor row's symbol for units: a fifth letter U on Nasdaq (LMFAU), a `-U` suffix elsewhere (TPGH-U). */
const isUnitTicker = (ticker: string): boolean => /^[A-Z]{4}U$/.test(ticker) || ticker.endsWith('-U');

/**
 * How a row joined its company: `identity` by ticker, registration or a name no other ticker
 * contradicts; `later-namesake` by the exact name alone, EDGAR holding only filings dated after the
 * row's IPO. The second is weaker: an entity with an IPO joined by identity keeps it (entityOwnIpo
 * chooses among the identity joins first).
 */
export type VendorJoinRule = 'identity' | 'later-namesake';

export interface VendorJoin {
  cik: string;
  rule: VendorJoinRule;
}

/** The CIK a row joins, or null when it is its own company. Non-US rows join nobody and are not served. */
export function resolveVendorRow(row: StoredIpoRow['row'], candidates: readonly VendorCandidate[]): string | null {
  return resolveVendorRowJoin(row, candidates)?.cik ?? null;
}

/** resolveVendorRow, saying by which rule the row joined. */
export function resolveVendorRowJoin(row: StoredIpoRow['row'], candidates: readonly VendorCandidate[]): VendorJoin | null {
  const identity = resolveByIdentity(row, candidates);
  if (identity !== null) return { cik: identity, rule: 'identity' };
  const date = vendorRowDate(row);
  // A predecessor's row ("ConnectOne Bancorp Inc/Old") is not the filer that holds the name now.
  if (date === null || isPredecessorName(row.issuer)) return null;
  // EDGAR names the issuer exactly, legal suffix included, and every filing it holds of the entity
  // is later than the IPO, under whatever symbol the entity took since: the same company, whose IPO
  // filings predate the data. Calyxt's 2017 IPO (CLXT) and its 2022 prospectus supplement as Calyxt,
  // Inc. (the SEC lists it as CBUS since it became Cibus); GS Acquisition Holdings Corp II's units,
  // which Bloomberg names for Mirion Technologies, the registrant the SPAC became.
  const laterNamesake = (c: VendorCandidate) =>
    existedBy(c, date) && c.filings.length > 0 && c.filings.every((f) => f.filingDate > date) && c.names.some((n) => sameExactVendorName(row.issuer, n));
  // Of two namesakes, the one with a ticker holds the name on an exchange now: a SPAC that took its
  // target's name, not the target it absorbed (the old Nukkleus, CIK 1592782, no ticker, beside
  // Brilliant Acquisition's CIK 1787518, Nukkleus Inc., NUKK, when the data holds a filing of it).
  const cik = [...candidates].sort(byTickerThenCik).find(laterNamesake)?.cik;
  return cik === undefined ? null : { cik, rule: 'later-namesake' };
}

const byCik = (a: VendorCandidate, b: VendorCandidate) => (a.cik < b.cik ? -1 : a.cik > b.cik ? 1 : 0);
const byTickerThenCik = (a: VendorCandidate, b: VendorCandidate) => Number(b.tickers.length > 0) - Number(a.tickers.length > 0) || byCik(a, b);

function resolveByIdentity(row: StoredIpoRow['row'], candidates: readonly VendorCandidate[]): string | null {
  const named = (c: VendorCandidate) => c.names.some((n) => sameCompanyName(row.issuer, n));
  const date = vendorRowDate(row);
  const sorted = [...candidates].filter((c) => existedBy(c, date)).sort(byCik);
  const byTicker = sorted.find((c) => c.tickers.includes(row.ticker) && named(c));
  if (byTicker) return byTicker.cik;
  // A unit IPO's row under its units' symbol joins the company of the same name that trades as the
  // units' common stock: LM Funding America's units (LMFAU, 2015) split into LMFA.
  const common = isUnitTicker(row.ticker) ? unitCounterparts(row.ticker) : [];
  const byCommon = sorted.find((c) => common.some((t) => c.tickers.includes(t)) && named(c));
  if (byCommon) return byCommon.cik;
  if (date === null) return null;
  const from = addDays(date, -LOOKBACK_DAYS);
  const to = addDays(date, LOOKAHEAD_DAYS);
  const registered = (c: VendorCandidate) =>
    c.filings.some((f) => f.filingDate >= from && f.filingDate <= to && (REGISTRATION_BASES.has(baseForm(f.formType)) || f.formType.startsWith('424B')));
  const dated = sorted.find((c) => named(c) && registered(c));
  if (dated) return dated.cik;
  // EDGAR named a company exactly like the issuer (only later filings of it are held, say), and no
  // other ticker of it contradicts the row: the same company. A SPAC's row names the company it
  // became, whose symbol is that company's, not the units': the SEC's title for the registrant the
  // SPAC became ("Virgin Galactic Holdings, Inc", SPCE, for Bloomberg's SPCE/U, the units Social
  // Capital Hedosophia sold as IPOA.U) is that company, when no filing of it says otherwise.
  const key = normalizeCompanyName(row.issuer);
  // No ticker or filing backs that join, so the name must be the same with its legal suffix: "Blue Owl
  // Capital Inc" (the SPAC Altimar became) is not the BDC "Blue Owl Capital Corp".
  const spacRow = vendorDealType(row).dealType === 'spac';
  const sameTickers = (c: VendorCandidate) => c.tickers.every((t) => t === row.ticker) && c.names.some((n) => normalizeCompanyName(n) === key);
  const becameIt = (c: VendorCandidate) => spacRow && c.filings.length === 0 && c.names.some((n) => sameExactVendorName(row.issuer, n));
  return sorted.find((c) => sameTickers(c) || becameIt(c))?.cik ?? null;
}

/**
 * The SEC's tickers (submissions page, company_tickers.json) of the entities the SEC names exactly as
 * the row names its issuer, legal suffix included (`sameExactVendorName`, as the SPAC join above), that
 * existed when the row traded: what the SEC lists a company the vendor alone knows under today.
 * No ticker or filing backs the name, so it only ever takes a vendor's end back (served-end.derive.ts),
 * never joins the row.
 */
export function secNamesakeTickers(row: StoredIpoRow['row'], candidates: readonly VendorCandidate[]): string[] {
  const qualifier = nameQualifier(row.issuer);
  const date = vendorRowDate(row);
  const same = (n: string) => sameExactVendorName(row.issuer, n) && nameQualifier(n) === qualifier;
  const namesakes = candidates.filter((c) => existedBy(c, date) && c.names.some(same));
  return [...new Set(namesakes.flatMap((c) => c.tickers))];
}

/**
 * What a name says after its slash, which the name words drop: the state EDGAR and Bloomberg tell
 * namesakes apart by ("Community Bancorp/NV" is not "COMMUNITY BANCORP /VT"), or Bloomberg's "/Old"
 * of a reorganised predecessor; empty when none.
 */
function nameQualifier(name: string): string {
  return /\/\s*([A-Za-z]+)\s*\/?\s*$/.exec(name)?.[1].toUpperCase() ?? '';
}

/**
 * Whether the entity had filed on EDGAR by the row's date: its IPO's registration precedes its first
 * trade. Its own first filing decides when known; else the CIK order, when it bounds it. Unknown dates do not exclude.
 */
function existedBy(c: VendorCandidate, date: string | null): boolean {
  if (date === null) return true;
  if (c.firstFilingDate != null) return c.firstFilingDate <= date;
  return c.notOnEdgarBefore == null || c.notOnEdgarBefore <= date;
}

/** Rows served as their own company: dated US rows. */
export function mayBeVendorCompany(row: StoredIpoRow['row']): boolean {
  return row.country === 'US' && vendorRowDate(row) !== null;
}

export interface VendorStatus {
  offeringStatus: Extract<OfferingStatus, 'listed' | 'priced'> | CompanyEndStatus;
  /** The IPO offering's own status: the company's, except a SPAC's IPO, which ends in its combination whatever came after. */
  ipoStatus: Extract<OfferingStatus, 'listed' | 'priced'> | CompanyEndStatus;
  /** The stage the IPO had reached when the company's end (a vendor's: company/served-end.derive.ts) overtook it; null when none did. */
  stageBeforeEnd: Extract<OfferingStatus, 'listed' | 'priced'> | null;
  dealType: DealType;
  /** True when EDGAR holds no IPO-family registration of the company: the vendor row is its IPO. */
  fromVendorAlone: boolean;
}

/**
 * The status a vendor row gives an IPO whose pricing EDGAR has not shown us: listed from its trade
 * date (the vendor's first trading day) on, priced before. A Yahoo row whose first-trade date is
 * unknown names the exchange the IPO listed on: listed from its IPO date on, as an EDGAR deal with
 * its exchange's approval is from its expected first trade date (deal-status.scan.ts); its listing
 * date stays unknown. The deal type is EDGAR's when it typed the IPO (with the vendor row's evidence
 * already applied), else the row's own evidence (vendor-deal-type.derive.ts): a SPAC's unit IPO is a
 * spac, a closed-end fund's a fund. The company's end, when its later symbol or name shows one
 * (served-end.derive.ts), overtakes the stage reached, which stays as `stageBeforeEnd`; `ends` are
 * the company's ends, oldest first, the last in force.
 */
export function vendorCompanyStatus(ipo: StoredIpoRow, today: string, edgarDealType: DealType | undefined, ends: readonly CompanyEndStatus[] = []): VendorStatus {
  const listedBy = (row: StoredIpoRow['row']) => row.tradeDate ?? (row.exchange ? (row.ipoDate ?? null) : null);
  const listed = rowsOfIpo(ipo).some(({ row }) => {
    const date = listedBy(row);
    return date !== null && date <= today;
  });
  const stage = listed ? 'listed' : 'priced';
  const dealType = edgarDealType ?? vendorDealType(ipo.row, (ipo.sameIpo ?? []).map((r) => r.row)).dealType;
  const end = ends[ends.length - 1] ?? null;
  const ipoEnd = dealType === 'spac' && ends.includes('combined') ? 'combined' : end;
  return { offeringStatus: end ?? stage, ipoStatus: ipoEnd ?? stage, stageBeforeEnd: end === null ? null : stage, dealType, fromVendorAlone: edgarDealType === undefined };
}

/**
 * Facts of a company EDGAR has told us nothing about but its company_tickers.json rows (hints), or
 * nothing at all (a vendor-only company: named from the vendor row).
 */
export function vendorOnlyFacts(cik: string, name: string | null, updatedAt: string | null): CompanyFacts {
  return { cik, name, entityType: null, sic: null, sicDescription: null, tickers: [], exchanges: [], formerNames: [], updatedAt };
}
