import type { ApiCompany } from '../schema/api/types.ts';
import type { CompaniesTable, CompanyTickersTable } from '../schema/read/tables.ts';
import { deriveDealType, isIpoFamily, kindOf } from './deal-type.derive.ts';
import { currentDeal, dealStatus, groupDeals, listingFilingDates } from './deals.derive.ts';
import { chronological, type CompanyFacts, type FilingFact, type TickerHint } from './facts.ts';
import { marketOf } from './market.derive.ts';

/** The columns this step owns; enrichment columns (terms, consensus, ...) belong to later steps. */
export type CompanyIdentityRow = Omit<
  CompaniesTable,
  | 'latest_terms_json'
  | 'latest_terms_detail_json'
  | 'classification_json'
  | 'consensus_json'
  | 'financial_snapshot_json'
  | 'lockup_schedule_json'
>;

export interface DerivedCompany {
  row: CompanyIdentityRow;
  tickers: CompanyTickersTable[];
  /** The FTS5 `company_search` row. */
  search: { cik: string; name: string; tickers: string };
}

/** Company name: the submissions page's, else the newest index row's, else company_tickers.json's title. */
export function companyName(facts: CompanyFacts, filings: readonly FilingFact[], hints: readonly TickerHint[]): string {
  if (facts.name) return facts.name;
  const newestNamed = [...filings].sort(chronological).reverse().find((f) => f.companyName);
  // A company row only exists once a submissions page or an index row named it, so the CIK
  // fallback is unreachable in practice; it keeps the type honest without inventing a name.
  return newestNamed?.companyName ?? hints[0]?.title ?? facts.cik;
}

export function deriveCompany(facts: CompanyFacts, filings: readonly FilingFact[], hints: readonly TickerHint[]): DerivedCompany {
  const name = companyName(facts, filings, hints);
  const fromSubmissions = facts.tickers.length > 0;
  const tickerHint = fromSubmissions ? facts.tickers[0].toUpperCase() : (hints[0]?.ticker ?? null);
  const exchangeHint = fromSubmissions ? (facts.exchanges[0] ?? null) : (hints[0]?.exchange ?? null);
  const market = marketOf(exchangeHint);

  const latest = filings.length > 0 ? [...filings].sort(chronological)[filings.length - 1] : null;
  const deals = groupDeals(filings);
  const deal = currentDeal(deals);
  // Trading evidence comes from the submissions page when we have one: its tickers are empty
  // before listing and after delisting, while a company_tickers.json snapshot may be older.
  const hasExchangeTicker = facts.name !== null ? fromSubmissions && market !== 'otc' : tickerHint !== null && market !== 'otc';
  const offeringStatus = deal ? dealStatus(deal, { listingFilingDates: listingFilingDates(filings), hasExchangeTicker }) : 'none';
  const dealType = deriveDealType({ sic: facts.sic, deal, filings, market });

  const api: ApiCompany = {
    cik: facts.cik,
    name,
    updatedAt: facts.updatedAt,
    latestFormType: latest?.formType ?? null,
    latestFilingDate: latest?.filingDate ?? null,
    offeringStatus,
    dealType,
    tickerHint,
    exchangeHint,
    sicDescription: facts.sicDescription,
  };
  const allTickers = [...new Set([...facts.tickers.map((t) => t.toUpperCase()), ...hints.map((h) => h.ticker)])];
  return {
    row: {
      sort_date: api.latestFilingDate ?? '',
      cik: facts.cik,
      name,
      name_lower: name.toLowerCase(),
      ticker: tickerHint,
      exchange: exchangeHint,
      offering_status: offeringStatus,
      deal_type: dealType,
      market,
      is_ipo: isIpoFamily(dealType) ? 1 : 0,
      kind: kindOf(dealType),
      gross_proceeds: null,
      updated_at: facts.updatedAt,
      json: jsonHead(api),
    },
    tickers: allTickers.map((ticker) => ({ ticker, cik: facts.cik, is_primary: ticker === tickerHint ? 1 : 0 })),
    search: { cik: facts.cik, name, tickers: allTickers.join(' ') },
  };
}

/** An object's JSON without its closing brace: the API appends include fragments and `}`. */
export function jsonHead(value: object): string {
  return JSON.stringify(value).slice(0, -1);
}
