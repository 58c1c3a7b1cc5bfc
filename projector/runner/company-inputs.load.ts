import { companyIdentity, type CompanyIdentity } from '../company/company.derive.ts';
import { deriveRows, hasOfferingActivity, type CompanyRows } from '../company/company-rows.derive.ts';
import {
  entityOwnIpo, isVendorCompanyId, joinVendorRows, mayBeVendorCompany, resolveVendorIpo, resolveVendorIpoJoin, rowsOfIpo, secNamesakeTickers, vendorCompanyId, vendorOnlyFacts, vendorTickers, type VendorCandidate,
} from '../company/vendor-company.derive.ts';
import { SAME_DEAL_DAYS, sameDayCounterpart, sameIpoLookup, sameVendorIpo, vendorRowDate } from '../company/vendor-same-ipo.derive.ts';
import { addDays } from '../common/dates.ts';
import { notOnEdgarBefore, type CikFrontier } from '../company/cik-order.derive.ts';
import { bankruptSymbolBase, ipoSymbol } from '../company/vendor-symbol.derive.ts';
import { isPlaceholderSymbol } from '../offering/vendor-deal-type.derive.ts';
import { VENDOR_KEY_PREFIX } from '../../schema/cik.ts';
import { cutVendorNamePrefix, normalizeCompanyName, vendorNameKeys } from '../common/company-name.ts';
import type { TradingCalendar } from '../common/trading-calendar.ts';
import { relinkIfChanged } from './apply-news.ts';
import type { CompanyFacts, KnownFiling, TickerHint } from '../offering/filing.facts.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import type { NewsLinker } from './news-linker.ts';
import type { Stores } from './stores.ts';

/** Where a company's inputs are read from; built once per projection run. */
export interface CompanySources extends Pick<Stores, 'edgar' | 'documents' | 'market' | 'news'> {
  linker: NewsLinker;
  calendar: TradingCalendar;
  /** The CIK order of the entities whose first filing is known, as the state stands (company/cik-order.derive.ts). */
  cikFrontier: CikFrontier;
}

/**
 * Loads one company's state and derives its served rows; null when the id is not a served company:
 * no offering activity (an insider's Form 4s, a Form D fund), or a vendor company whose row now
 * joins an EDGAR company. News links are brought up to date with the company's current name and
 * tickers first, since they decide which articles are its own.
 */
export function loadCompanyRows(sources: CompanySources, id: string, today: string): CompanyRows | null {
  if (!isVendorCompanyId(id) && !mayHaveOfferingActivity(sources, id)) return null;
  const loaded = isVendorCompanyId(id) ? loadVendorCompany(sources, id) : loadEdgarCompany(sources, id);
  if (loaded === null) return null;
  const { facts, filings, hints, identity, vendorRows, namesakeTickers } = loaded;
  // Checked before news is linked: relinking scans every article, which a CIK that is not served must not cost.
  if (!hasOfferingActivity(facts, filings, vendorRows)) return null;
  const { documents, market, news } = sources;
  // A joined vendor row names the company too: its ticker and its issuer name link news as well.
  relinkIfChanged(news, sources.linker, {
    cik: id,
    name: identity.name,
    tickers: [...new Set([...identity.allTickers, ...vendorTickers(vendorRows)])],
    formerNames: [...new Set([...facts.formerNames.map((f) => f.name), ...(identity.otherNames ?? []), ...vendorRows.flatMap(rowsOfIpo).map((r) => r.row.issuer)])].filter((n) => n !== identity.name),
  });
  const bars = new Map<string, StoredBars>();
  for (const ticker of new Set([...identity.allTickers, ...vendorTickers(vendorRows)])) {
    const stored = market.bars(ticker);
    if (stored) bars.set(ticker, stored);
  }
  return deriveRows({
    facts,
    filings,
    hints,
    identity,
    documents: documents.documents(id),
    snapshot: documents.snapshot(id),
    vendorRows,
    bars,
    news: news.linkedNews(id),
    today,
    calendar: sources.calendar,
    namesakeTickers,
  });
}

/**
 * False only when `hasOfferingActivity` is false for the EDGAR entity, decided without loading its
 * filings: most of a daily index is filers that never offer (insiders' Form 4s, funds' 497s), each
 * touched again with every filing, and a frequent filer's filings grow with the log. Its filings
 * count by their forms alone; its vendor rows come from rowsNear, whose tickers and names are among
 * the identity keys (every name EDGAR gave is indexed; edgar.store.ts), save the CIK that
 * `companyName` falls back to, looked up as well.
 */
function mayHaveOfferingActivity(sources: CompanySources, cik: string): boolean {
  const filed = sources.edgar.formsFiled(cik);
  const forms = (filed?.forms ?? []).map((formType) => ({ formType }));
  if (hasOfferingActivity({ sic: filed?.sic ?? null }, forms, [])) return true;
  const seeds = [...sources.market.ipoRowsOfIssuer(normalizeCompanyName(cik))];
  return rowsNearCik(sources, cik, []).length > 0 || withSameIpoRows(sources.market, seeds).length > 0;
}

/** The joined vendor IPOs a company is served with (rows of one IPO joined, its primary row first); null when the id names no company. */
export function vendorIposOf(sources: CompanySources, id: string): StoredIpoRow[] | null {
  return (isVendorCompanyId(id) ? loadVendorCompany(sources, id) : loadEdgarCompany(sources, id))?.vendorRows ?? null;
}

interface LoadedCompany {
  facts: CompanyFacts;
  filings: KnownFiling[];
  hints: TickerHint[];
  identity: CompanyIdentity;
  vendorRows: StoredIpoRow[];
  namesakeTickers?: string[];
}

function loadEdgarCompany(sources: CompanySources, cik: string): LoadedCompany | null {
  const state = sources.edgar;
  const edgar = state.load(cik);
  const hintsOnly = edgar ? null : state.loadHintsOnly(cik);
  if (!edgar && !hintsOnly) return null;
  const loaded = edgar ?? { facts: vendorOnlyFacts(cik, null, hintsOnly!.observedAt), filings: [], hints: hintsOnly!.hints };
  const identity = companyIdentity(loaded.facts, loaded.filings, loaded.hints);
  // One entry per IPO (rows of two tables joined), kept when the IPO is this company's.
  const resolve = (row: StoredIpoRow['row']) => candidatesFor(sources, row);
  const joined = joinVendorRows(rowsNear(sources, identity, loaded.facts)).flatMap((ipo) => {
    const join = resolveVendorIpoJoin(ipo, resolve);
    return join?.cik === cik ? [{ ipo, rule: join.rule }] : [];
  });
  // An IPO joined by name alone is the entity's only when no IPO joins it by identity.
  const byIdentity = joined.filter((j) => j.rule === 'identity');
  const own = entityOwnIpo((byIdentity.length > 0 ? byIdentity : joined).map((j) => j.ipo));
  return { ...loaded, identity, vendorRows: own ? [withHeldBases(sources, own, cik)] : [] };
}

/**
 * The IPO's rows, each under a bankruptcy symbol whose four letters the SEC's ticker file gives
 * another company marked so (StoredIpoRow.baseHeldElsewhere): not the symbol it listed under.
 */
function withHeldBases(sources: CompanySources, ipo: StoredIpoRow, id: string): StoredIpoRow {
  const mark = (stored: StoredIpoRow): StoredIpoRow => {
    const base = bankruptSymbolBase(stored.row.ticker);
    return base !== null && sources.edgar.hintCiks(base).some((holder) => holder !== id) ? { ...stored, baseHeldElsewhere: base } : stored;
  };
  const marked = mark(ipo);
  return ipo.sameIpo ? { ...marked, sameIpo: ipo.sameIpo.map(mark) } : marked;
}

/** A vendor-only company: its IPO's rows, unless EDGAR data now names its issuer. */
function loadVendorCompany(sources: CompanySources, id: string): LoadedCompany | null {
  const found = vendorIpoOf(sources, id);
  if (found === null || found.joins !== null) return null;
  const { candidates } = found;
  const ipo = withHeldBases(sources, found.ipo, id);
  // Its ticker comes from the rows (deriveRows adds them), never from SEC's current data: the symbol it listed under, never a placeholder.
  const identity: CompanyIdentity = { name: ipo.row.issuer, tickerHint: ipoSymbol(ipo), exchangeHint: null, allTickers: [], hintTitles: [] };
  return { facts: vendorOnlyFacts(id, null, ipo.observedAt), filings: [], hints: [], identity, vendorRows: [ipo], namesakeTickers: secNamesakeTickers(ipo.row, candidates) };
}

/**
 * The EDGAR company a vendor-only company's IPO is now served under (its rows joined that CIK), or
 * null: the change log names it when the vendor id stops being served (deal-events.derive.ts
 * servedElsewhereEvent), so a client folds the two ids' facts.
 */
export function vendorCompanyServedAs(sources: CompanySources, id: string): string | null {
  const found = vendorIpoOf(sources, id);
  return found?.joins === true ? found.cik : null;
}

/**
 * A vendor company's IPO and the EDGAR entity it resolves to: `joins` true when that entity serves
 * the IPO, null when the IPO stays the vendor company's (no entity, or the entity's own IPO is a
 * later one: entityOwnIpo), false when the entity cannot be loaded.
 */
function vendorIpoOf(sources: CompanySources, id: string): { ipo: StoredIpoRow; candidates: VendorCandidate[]; cik: string | null; joins: boolean | null } | null {
  const date = id.slice(-10);
  const ticker = id.slice(VENDOR_KEY_PREFIX.length, -11);
  const ipo = joinVendorRows(withSameIpoRows(sources.market, sources.market.ipoRows(ticker))).find((r) => vendorCompanyId(r.row) === id && mayBeVendorCompany(r.row));
  if (!ipo || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const candidates = candidatesFor(sources, ipo.row);
  const cik = resolveVendorIpo(ipo, (row) => (row === ipo.row ? candidates : candidatesFor(sources, row)));
  if (cik === null) return { ipo, candidates, cik, joins: null };
  // Served by the EDGAR entity it joins, unless that entity's own IPO is a later one (entityOwnIpo).
  const own = loadEdgarCompany(sources, cik)?.vendorRows.some((r) => vendorCompanyId(r.row) === id);
  return { ipo, candidates, cik, joins: own === undefined ? false : own ? true : null };
}

/** sameIpoLookup of a row, computed once per row object: the store hands out the same objects until a write. */
const lookups = new WeakMap<StoredIpoRow['row'], ReturnType<typeof sameIpoLookup>>();
function lookupKeys(row: StoredIpoRow['row']): ReturnType<typeof sameIpoLookup> {
  let keys = lookups.get(row);
  if (!keys) lookups.set(row, (keys = sameIpoLookup(row)));
  return keys;
}

const rowKey = (r: StoredIpoRow) => `${r.row.ticker}|${r.row.bloombergTicker}|${vendorRowDate(r.row) ?? ''}`;

/**
 * The US rows among `rows`, with every other row describing the same IPO as one of them
 * (vendor-same-ipo.derive.ts: under its symbol, its units' symbol, its issuer's name, its first
 * trading day, its CUSIP issuer or its offer price and size), transitively, and every other table's row dated the same day at
 * the same price (rule 5 joins such a pair only when no rival row is dated that day).
 */
export function withSameIpoRows(market: CompanySources['market'], rows: readonly StoredIpoRow[]): readonly StoredIpoRow[] {
  const found = new Map(rows.filter((r) => r.row.country === 'US').map((r) => [rowKey(r), r]));
  if (found.size === 0) return [];
  // The closure depends on the vendor rows alone, and a batch's companies ask for the same ones again and again.
  return market.memoized(`same-ipo\0${[...found.keys()].join('\0')}`, () => sameIpoClosure(market, found));
}

function sameIpoClosure(market: CompanySources['market'], found: Map<string, StoredIpoRow>): StoredIpoRow[] {
  for (let pending = [...found.values()]; pending.length > 0; ) {
    const row = pending.pop()!.row;
    const { tickers, issuerKey, tradeDay, cusipIssuer, offerKey } = lookupKeys(row);
    const date = vendorRowDate(row);
    const candidates = [
      ...tickers.flatMap((t) => market.ipoRows(t)),
      ...(issuerKey ? market.ipoRowsOfIssuer(issuerKey) : []),
      ...(tradeDay ? market.ipoRowsTradedOn(tradeDay) : []),
      ...(cusipIssuer ? market.ipoRowsOfCusipIssuer(cusipIssuer) : []),
      // The other table's rows of the day at the price (rule 5), the same offer near the date (rule 6).
      ...(date && row.offerPrice !== null ? market.ipoRowsDated(date, row.offerPrice, row.layout !== 'yahoo') : []),
      ...(date && offerKey ? market.ipoRowsOffered(offerKey, addDays(date, -SAME_DEAL_DAYS), addDays(date, SAME_DEAL_DAYS), isPlaceholderSymbol(row.ticker)) : []),
    ];
    for (const c of candidates) {
      // A same-day counterpart may not be the same IPO, but rule 5 must see every one (soleSameDayPairs).
      if (c.row.country !== 'US' || found.has(rowKey(c)) || !(sameVendorIpo(row, c.row) || sameDayCounterpart(row, c.row))) continue;
      found.set(rowKey(c), c);
      pending.push(c);
    }
  }
  return [...found.values()];
}

/** Vendor rows that may be the company's: under one of its tickers, or naming its issuer as EDGAR named it, and the other rows of their IPOs. */
function rowsNear(sources: CompanySources, identity: CompanyIdentity, facts: CompanyFacts): readonly StoredIpoRow[] {
  const rows: StoredIpoRow[] = identity.allTickers.flatMap((t) => sources.market.ipoRows(t));
  for (const key of nameKeys([identity.name, ...identity.hintTitles, ...(identity.otherNames ?? []), ...facts.formerNames.map((f) => f.name)])) {
    rows.push(...sources.market.ipoRowsOfIssuer(key));
  }
  return withSameIpoRows(sources.market, rows);
}

/** The identifiers of vendor companies whose rows may change owner when this EDGAR company changes. */
export function vendorIdsNear(sources: CompanySources, cik: string, servedTickers: readonly string[]): string[] {
  return [...new Set(rowsNearCik(sources, cik, servedTickers).flatMap((r) => vendorCompanyId(r.row) ?? []))];
}

/** Vendor rows that may be this company's, by its identity keys, and the other rows of their IPOs. */
export function rowsNearCik(sources: CompanySources, cik: string, servedTickers: readonly string[]): readonly StoredIpoRow[] {
  // Read off the identity indexes, not the company's filings: this runs for every changed company.
  const { tickers, nameKeys } = sources.edgar.identityKeys(cik);
  // The tickers it was served under count too: a ticker it just lost may leave a row without an issuer.
  const rows = [...new Set([...tickers, ...servedTickers])].flatMap((ticker) => sources.market.ipoRows(ticker));
  for (const key of nameKeys) rows.push(...sources.market.ipoRowsOfIssuer(key));
  // The other rows of those IPOs too: the company their IPO is served as may be one of theirs.
  return withSameIpoRows(sources.market, rows);
}

/** The CIKs a row may join: those carrying its ticker and those EDGAR named like its issuer. */
function candidateCiks(sources: Pick<CompanySources, 'edgar' | 'market'>, row: StoredIpoRow['row']): Set<string> {
  const { edgar, market } = sources;
  return new Set([...market.ciksWithTicker(row.ticker), ...edgar.hintCiks(row.ticker), ...vendorNameKeys(row.issuer).flatMap((k) => edgar.ciksNamed(k)), ...edgarNamedFrom(edgar, row.issuer)]);
}

/**
 * The companies that may serve a vendor row under the bankruptcy symbol of these four letters: when
 * the SEC's ticker file gives the letters to a company, whether they are the IPO's symbol changes
 * (withHeldBases), so they are derived again.
 */
export function servingBankruptSymbolOf(sources: Pick<CompanySources, 'edgar' | 'market'>, base: string): string[] {
  if (!/^[A-Z]{4}$/.test(base)) return [];
  return sources.market.ipoRows(`${base}Q`).flatMap(({ row }) => [vendorCompanyId(row) ?? [], ...candidateCiks(sources, row)].flat());
}

/** The CIKs EDGAR named with a name a vendor's cut issuer name is the start of; none for a name not cut. */
export function edgarNamedFrom(edgar: Pick<CompanySources['edgar'], 'ciksNamedFrom'>, issuer: string): string[] {
  const prefix = cutVendorNamePrefix(issuer);
  return prefix === null ? [] : edgar.ciksNamedFrom(prefix);
}

/** Every company a row may join: those carrying its ticker and those EDGAR named like its issuer. */
function candidatesFor(sources: CompanySources, row: StoredIpoRow['row']): VendorCandidate[] {
  const { edgar } = sources;
  const ciks = candidateCiks(sources, row);
  return [...ciks].map((cik) => {
    const loaded = edgar.load(cik);
    const hints = loaded ? loaded.hints : (edgar.loadHintsOnly(cik)?.hints ?? []);
    const facts = loaded?.facts;
    return {
      cik,
      names: [
        ...(facts?.name ? [facts.name] : []),
        ...(facts?.formerNames.map((f) => f.name) ?? []),
        ...hints.map((h) => h.title),
        ...(loaded?.filings.flatMap((f) => (f.companyName ? [f.companyName] : [])) ?? []),
      ],
      tickers: [...(facts?.tickers.map((t) => t.toUpperCase()) ?? []), ...hints.map((h) => h.ticker)],
      filings: loaded?.filings ?? [],
      firstFilingDate: facts?.firstFilingDate ?? null,
      notOnEdgarBefore: notOnEdgarBefore(sources.cikFrontier, cik),
    };
  });
}

function nameKeys(names: readonly string[]): string[] {
  return [...new Set(names.map(normalizeCompanyName).filter((k) => k !== ''))];
}
