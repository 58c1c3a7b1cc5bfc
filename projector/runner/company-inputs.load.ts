import { companyIdentity } from '../company/company.derive.ts';
import { deriveRows, linkNames, type CompanyRows } from '../company/company-rows.derive.ts';
import { vendorOnlyFacts } from '../company/vendor-company.derive.ts';
import { linkedIpoRows } from '../market/company-outcome.derive.ts';
import type { TradingCalendar } from '../market/trading-calendar.ts';
import { relinkIfChanged } from './apply-news.ts';
import type { StoredBars } from '../shared/facts.ts';
import type { NewsLinker } from './news-linker.ts';
import type { Stores } from './stores.ts';

/** Where a company's inputs are read from; built once per projection run. */
export interface CompanySources extends Pick<Stores, 'edgar' | 'documents' | 'market' | 'news'> {
  linker: NewsLinker;
  calendar: TradingCalendar;
}

/**
 * Loads one company's state and derives its served rows; null when the CIK is not a served company
 * (EDGAR never named it and no vendor row links to it). News links are brought up to date with
 * the company's current name and tickers first, since they decide which articles are its own.
 */
export function loadCompanyRows(sources: CompanySources, cik: string, today: string): CompanyRows | null {
  const { edgar: state, documents, market, news } = sources;
  const edgar = state.load(cik);
  const hintsOnly = edgar ? null : state.loadHintsOnly(cik);
  if (!edgar && !hintsOnly) return null;
  const loaded = edgar ?? { facts: vendorOnlyFacts(cik, hintsOnly!.observedAt), filings: [], hints: hintsOnly!.hints };
  const identity = companyIdentity(loaded.facts, loaded.filings, loaded.hints);
  const ipoRows = identity.allTickers.flatMap((t) => market.ipoRows(t));
  // Checked before news is linked: relinking scans every article, which a CIK that is not served must not cost.
  if (!edgar && linkedIpoRows(ipoRows, linkNames(identity, loaded.facts)).length === 0) return null;
  relinkIfChanged(news, sources.linker, {
    cik,
    name: identity.name,
    tickers: identity.allTickers,
    formerNames: loaded.facts.formerNames.map((f) => f.name),
  });
  const bars = new Map<string, StoredBars>();
  for (const ticker of new Set([...identity.allTickers, ...ipoRows.map((r) => r.row.ticker)])) {
    const stored = market.bars(ticker);
    if (stored) bars.set(ticker, stored);
  }
  return deriveRows({
    ...loaded,
    edgar: edgar !== null,
    identity,
    documents: documents.documents(cik),
    snapshot: documents.snapshot(cik),
    ipoRows,
    bars,
    news: news.linkedNews(cik),
    today,
    calendar: sources.calendar,
  });
}
