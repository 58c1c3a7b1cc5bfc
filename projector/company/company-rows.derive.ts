import type { ApiFinancialSnapshot } from '../../schema/api/types.ts';
import type { FilingsTable, NewsTable, OutcomesTable } from '../../schema/read/tables.ts';
import { companyIdentity, deriveCompany, type CompanyIdentity, type DerivedCompany } from './company.derive.ts';
import type { DocumentTerms, StoredBars, StoredIpoRow, StoredNews } from '../shared/facts.ts';
import type { CompanyFacts, KnownFiling, TickerHint } from '../shared/facts.ts';
import { deriveFiling } from '../offering/filing-row.derive.ts';
import { relinkIfChanged } from '../runner/apply-news.ts';
import { deriveNewsRows } from '../news/news-rows.derive.ts';
import { deriveOffering, type FilingOffering } from '../offering/offering.derive.ts';
import { deriveCompanyOutcome, linkedIpoRows, pricedIpoDeal, vendorRowFor } from '../market/company-outcome.derive.ts';
import { companyClassification, companyConsensus } from './consensus.derive.ts';
import { companyPriceHistory } from '../offering/company-price-history.derive.ts';
import { financialSnapshotOf } from '../extract/financials/snapshot.choose.ts';
import { vendorCompanyStatus, vendorOnlyFacts } from './vendor-company.derive.ts';
import type { TradingCalendar } from '../market/trading-calendar.ts';
import type { NewsLinker } from '../runner/news-linker.ts';

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
  filings: KnownFiling[];
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

/** The names a vendor row's issuer must match (tickers are recycled). */
export function linkNames(identity: CompanyIdentity, facts: CompanyFacts): string[] {
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
