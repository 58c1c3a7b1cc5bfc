import type { ApiFinancialSnapshot } from '../schema/api/types.ts';
import type { FilingsTable, NewsTable, OutcomesTable } from '../schema/read/tables.ts';
import { companyIdentity, deriveCompany, type CompanyIdentity, type DerivedCompany } from './company.derive.ts';
import type { DocumentTerms, EnrichmentState, StoredBars, StoredIpoRow, StoredNews } from './enrichment.store.ts';
import type { CompanyFacts, FilingFact, TickerHint } from './facts.ts';
import { deriveFiling } from './filing.derive.ts';
import { relinkIfChanged } from './news.apply.ts';
import { deriveNewsRows } from './news.derive.ts';
import { deriveOffering, type FilingOffering } from './offering.derive.ts';
import { deriveCompanyOutcome, linkedIpoRows, pricedIpoDeal, vendorRowFor } from './outcome.derive.ts';
import { companyClassification, companyConsensus } from './consensus.derive.ts';
import { companyPriceHistory } from './price-history.derive.ts';
import { financialSnapshotOf } from './snapshot.derive.ts';
import { vendorCompanyStatus, vendorOnlyFacts } from './vendor-company.derive.ts';
import type { TradingCalendar } from './market/trading-calendar.ts';
import type { NewsLinker } from './news-linker.ts';
import type { ProjectorState } from './state.store.ts';

export interface CompanyRows {
  company: DerivedCompany;
  filings: FilingsTable[];
  outcomes: OutcomesTable[];
  news: NewsTable[];
}

/** Everything one company's served rows are derived from. */
export interface CompanyInputs {
  facts: CompanyFacts;
  /**
   * EDGAR gave the company state (a submissions page, an index row, or a fetched filing document
   * whose cover dates it). Without it the company is served only from a linked vendor row (vendor-company.derive.ts).
   */
  edgar: boolean;
  filings: FilingFact[];
  hints: TickerHint[];
  identity: CompanyIdentity;
  documents: DocumentTerms[];
  snapshot: { snapshot: ApiFinancialSnapshot | null; observedAt: string } | null;
  /** Vendor rows under any of the company's tickers (not yet checked against its name). */
  ipoRows: StoredIpoRow[];
  /** Bars per ticker, for the company's tickers and its vendor rows' tickers. */
  bars: Map<string, StoredBars>;
  news: StoredNews[];
  today: string;
  /** Shared across derivations (it memoizes holidays); a fresh one per call when absent. */
  calendar?: TradingCalendar;
}

/** Where a company's inputs are read from; built once per projection run. */
export interface CompanySources {
  state: ProjectorState;
  enrichment: EnrichmentState;
  linker: NewsLinker;
  calendar: TradingCalendar;
}

/**
 * Loads one company's state and derives its served rows; null when the CIK is not a served company
 * (EDGAR never named it and no vendor row links to it). News links are brought up to date with
 * the company's current name and tickers first, since they decide which articles are its own.
 */
export function deriveCompanyRows(sources: CompanySources, cik: string, today: string): CompanyRows | null {
  const { state, enrichment } = sources;
  const edgar = state.load(cik);
  const hintsOnly = edgar ? null : state.loadHintsOnly(cik);
  if (!edgar && !hintsOnly) return null;
  const loaded = edgar ?? { facts: vendorOnlyFacts(cik, hintsOnly!.observedAt), filings: [], hints: hintsOnly!.hints };
  const identity = companyIdentity(loaded.facts, loaded.filings, loaded.hints);
  const ipoRows = identity.allTickers.flatMap((t) => enrichment.ipoRows(t));
  // Checked before news is linked: relinking scans every article, which a CIK that is not served must not cost.
  if (!edgar && linkedIpoRows(ipoRows, linkNames(identity, loaded.facts)).length === 0) return null;
  relinkIfChanged(enrichment, sources.linker, {
    cik,
    name: identity.name,
    tickers: identity.allTickers,
    formerNames: loaded.facts.formerNames.map((f) => f.name),
  });
  const bars = new Map<string, StoredBars>();
  for (const ticker of new Set([...identity.allTickers, ...ipoRows.map((r) => r.row.ticker)])) {
    const stored = enrichment.bars(ticker);
    if (stored) bars.set(ticker, stored);
  }
  return deriveRows({
    ...loaded,
    edgar: edgar !== null,
    identity,
    documents: enrichment.documents(cik),
    snapshot: enrichment.snapshot(cik),
    ipoRows,
    bars,
    news: enrichment.linkedNews(cik),
    today,
    calendar: sources.calendar,
  });
}

/** The names a vendor row's issuer must match (tickers are recycled). */
function linkNames(identity: CompanyIdentity, facts: CompanyFacts): string[] {
  return [identity.name, ...identity.hintTitles, ...facts.formerNames.map((f) => f.name)];
}

/**
 * Pure: a company's inputs to its company, filing, outcome and news rows; null when EDGAR gave no
 * company state and no vendor row links to it.
 */
export function deriveRows(input: CompanyInputs): CompanyRows | null {
  const { identity } = input;
  const vendorRows = linkedIpoRows(input.ipoRows, linkNames(identity, input.facts));
  if (!input.edgar && vendorRows.length === 0) return null;
  // The listed security's bars: the vendor row's ticker when one is linked, else the primary ticker.
  const barsTicker = [...vendorRows.map((r) => r.row.ticker), ...identity.allTickers].find((t) => input.bars.has(t)) ?? null;
  const bars = barsTicker ? (input.bars.get(barsTicker) as StoredBars) : null;
  // updatedAt: the latest observation of anything the company's rows are derived from (news aside).
  const observed = [
    input.facts.updatedAt,
    ...input.documents.map((d) => d.observedAt),
    input.snapshot?.observedAt ?? null,
    ...vendorRows.map((r) => r.observedAt),
    bars?.observedAt ?? null,
  ].filter((t): t is string => t !== null);
  const facts = { ...input.facts, updatedAt: observed.length > 0 ? observed.reduce((a, b) => (a > b ? a : b)) : null };
  const offering = deriveOffering({
    facts,
    filings: input.filings,
    documents: input.documents,
    companyName: identity.name,
    today: input.today,
    calendar: input.calendar,
    firstBarDate: bars?.bars[0]?.date ?? null,
  });
  const deal = pricedIpoDeal(offering.lifecycle.deals);
  const vendorRow = vendorRowFor(vendorRows, deal);
  const company = deriveCompany(
    facts,
    input.filings,
    identity,
    offering,
    {
      // A company with no deal is not on any calendar: no classification.
      classificationJson: JSON.stringify(offering.lifecycle.currentDeal ? companyClassification({ facts, offering }) : null),
      consensusJson: JSON.stringify(companyConsensus({ facts, hints: input.hints, identity, offering, vendorRow, bars })),
      snapshot: financialSnapshotOf(input.snapshot?.snapshot ?? null, offering.termsByAccession),
      priceHistory: companyPriceHistory(offering, vendorRow, deal),
    },
    // The vendor row speaks for the offering when EDGAR shows no registration deal: a company EDGAR
    // never named (served only with a linked row), or one known from unrelated filings (Snap's
    // Form 4s in a daily index) whose IPO registration is not in the event log.
    (!input.edgar || offering.lifecycle.currentDeal === null) && vendorRows.length > 0
      ? vendorCompanyStatus(vendorRow ?? vendorRows[vendorRows.length - 1], bars)
      : null,
  );
  const outcome = deriveCompanyOutcome({
    cik: facts.cik,
    companyName: identity.name,
    exchange: identity.exchangeHint,
    sicDescription: facts.sicDescription,
    deal,
    vendorRow,
    bars,
    terms: offering.termsByAccession,
  });
  return {
    company,
    // The offering rules describe every filing they were given.
    filings: input.filings.map((f) => deriveFiling(f, identity.name, offering.filings.get(f.accessionNumber) as FilingOffering)),
    outcomes: outcome
      ? [
          {
            trading_start_date: outcome.tradingStartDate,
            cik: outcome.cik,
            ticker: outcome.ticker,
            company_name: outcome.companyName,
            name_lower: outcome.companyName?.toLowerCase() ?? null,
            status: outcome.status,
            json: JSON.stringify(outcome),
          },
        ]
      : [],
    news: deriveNewsRows(facts.cik, identity.name, input.news),
  };
}
