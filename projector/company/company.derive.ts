import { assertNever } from '../../schema/exhaustive.ts';
import type { CompanyKind, DealType } from '../../schema/api/vocabulary.ts';
import { offeringsOf, type ServedOfferingContext } from '../offering/offerings.derive.ts';
import type { ApiCompany, ApiConsensus, ApiFinancialSnapshot, ApiLifecycleEnd, ApiOffering, ApiPriceHistory } from '../../schema/api/types.ts';
import type { CompaniesTable, CompanyTickersTable } from '../../schema/read/tables.ts';
import type { CompanyFacts, KnownFiling, TickerHint } from '../offering/filing.facts.ts';
import { marketOf } from './market-family.ts';
import type { CompanyOffering } from '../offering/offering.derive.ts';
import { isIpoFamily } from '../offering/deal-type.derive.ts';
import { chronological } from '../common/forms.ts';
import { grossProceedsBasis, latestTermsList, lockupScheduleOf } from '../offering/terms.derive.ts';
import type { VendorStatus } from './vendor-company.derive.ts';

export interface DerivedCompany {
  row: CompaniesTable;
  /** The served offerings (offerings_json), for the expiry calendar. */
  offerings: ApiOffering[];
  tickers: CompanyTickersTable[];
  /** The FTS5 `company_search` row. */
  search: { cik: string; name: string; tickers: string };
}

/** Who the company is: the name and tickers every other step (news links, vendor rows, bars) joins on. */
export interface CompanyIdentity {
  name: string;
  /** Every other name EDGAR gave it (former names, earlier index rows', titles): searched, and linking news. */
  otherNames?: string[];
  tickerHint: string | null;
  exchangeHint: string | null;
  /** Upper case, primary first: the submissions page's, then company_tickers.json's. */
  allTickers: string[];
  /** The company_tickers.json titles, which name the company as the exchange lists it. */
  hintTitles: string[];
  /** Tickers SEC's current data lists for the company (submissions page, company_tickers.json); absent = allTickers. */
  currentTickers?: string[];
  /** When the company began trading under a ticker, where a vendor IPO row says. */
  tickerSince?: Record<string, string>;
}

/**
 * Company name: the submissions page's, else the newer of the newest index row's (dated by its
 * filing) and company_tickers.json's title (dated by when the file was seen listing it so: a
 * rename reaches the file before any index row carries it, and Facebook's 2022 index rows predate
 * Meta Platforms), else the registrant name printed on the cover of the newest document-only filing.
 */
export function companyName(facts: CompanyFacts, filings: readonly KnownFiling[], hints: readonly TickerHint[]): string {
  if (facts.name) return facts.name;
  const newestFirst = [...filings].sort(chronological).reverse();
  const fromIndex = newestFirst.find((f) => f.companyName && f.source !== 'document');
  const fromCover = newestFirst.find((f) => f.companyName && f.source === 'document');
  const title = hints[0];
  if (fromIndex && title && (title.observedAt ?? '') < fromIndex.filingDate) return fromIndex.companyName!;
  // A company row only exists once a submissions page, an index row or a document's cover named
  // it, so the CIK fallback is unreachable in practice; it keeps the type honest without inventing a name.
  return title?.title ?? fromIndex?.companyName ?? fromCover?.companyName ?? facts.cik;
}

/** Every other name EDGAR gave the company: former names, its index rows', company_tickers.json's titles (a cover's, read from a document, is not one). */
function otherNames(name: string, facts: CompanyFacts, filings: readonly KnownFiling[], hints: readonly TickerHint[]): string[] {
  const names = [...facts.formerNames.map((f) => f.name), ...filings.flatMap((f) => (f.source !== 'document' && f.companyName) || []), ...hints.map((h) => h.title)];
  const seen = new Set([name.toLowerCase()]);
  return names.filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
}

export function companyIdentity(facts: CompanyFacts, filings: readonly KnownFiling[], hints: readonly TickerHint[]): CompanyIdentity {
  const fromSubmissions = facts.tickers.length > 0;
  const name = companyName(facts, filings, hints);
  return {
    name,
    otherNames: otherNames(name, facts, filings, hints),
    tickerHint: fromSubmissions ? facts.tickers[0].toUpperCase() : (hints[0]?.ticker ?? null),
    exchangeHint: fromSubmissions ? (facts.exchanges[0] ?? null) : (hints[0]?.exchange ?? null),
    allTickers: [...new Set([...facts.tickers.map((t) => t.toUpperCase()), ...hints.map((h) => h.ticker)])],
    hintTitles: [...new Set(hints.map((h) => h.title))],
  };
}

export interface CompanyEnrichment {
  classificationJson: string;
  consensus: ApiConsensus;
  /** What each served offering renders beside the company (offerings.derive.ts), its status aside. */
  offerings: Omit<ServedOfferingContext, 'currentStatus' | 'currentStageBeforeEnd' | 'consensus' | 'vendorOffering'>;
  snapshot: ApiFinancialSnapshot | null;
  priceHistory: ApiPriceHistory | null;
  /** The company's end as served (company/served-end.derive.ts): EDGAR's, else its later symbol's or name's. */
  lifecycleEnd: ApiLifecycleEnd | null;
}

/**
 * The served company row. Status and deal type come from the offering rules (lifecycle of the
 * current deal); `is_ipo` and `kind` follow the final deal type. `market` is the family of the served
 * exchange (consensus.exchange: the exchange at listing, else today's market), falling back to the
 * exchange the latest prospectus names when the company has none yet. `vendor`: the
 * status of a company served from a vendor row alone (vendor-company.derive.ts), which has no deal.
 */
export function deriveCompany(
  facts: CompanyFacts,
  filings: readonly KnownFiling[],
  identity: CompanyIdentity,
  offering: CompanyOffering,
  enrichment: CompanyEnrichment,
  vendor: VendorStatus | null = null,
): DerivedCompany {
  const { name, tickerHint, exchangeHint, allTickers } = identity;
  const latestTerms = offering.latestTerms?.doc.terms ?? null;
  const market = marketOf(enrichment.consensus.exchange ?? exchangeHint ?? latestTerms?.exchangeHint ?? null);
  const latest = filings.length > 0 ? [...filings].sort(chronological)[filings.length - 1] : null;
  const api: ApiCompany = {
    cik: facts.cik,
    name,
    updatedAt: facts.updatedAt,
    latestFormType: latest?.formType ?? null,
    latestFilingDate: latest?.filingDate ?? null,
    offeringStatus: vendor?.offeringStatus ?? offering.lifecycle.offeringStatus,
    dealType: vendor?.dealType ?? offering.dealType,
    tickerHint,
    exchangeHint,
    sicDescription: facts.sicDescription,
  };
  const current = offering.lifecycle.currentDeal;
  // The listing date dates an IPO's lock-up when neither the EFFECT date nor the final prospectus does.
  const lockup = lockupScheduleOf(current, offering.termsByAccession, current && isIpoFamily(current.dealKind) ? enrichment.consensus.listingDate : null);
  const offerings = offeringsOf(offering, {
    ...enrichment.offerings,
    currentStatus: vendor?.ipoStatus ?? null,
    currentStageBeforeEnd: vendor?.stageBeforeEnd ?? null,
    consensus: enrichment.consensus,
    vendorOffering: vendor?.fromVendorAlone ? { dealType: vendor.dealType, status: vendor.ipoStatus, stageBeforeEnd: vendor.stageBeforeEnd } : null,
  });
  return {
    row: {
      sort_date: api.latestFilingDate ?? '',
      cik: facts.cik,
      name,
      name_lower: name.toLowerCase(),
      ticker: tickerHint,
      exchange: exchangeHint,
      offering_status: api.offeringStatus,
      deal_type: api.dealType,
      market,
      is_ipo: isIpoFamily(api.dealType) ? 1 : 0,
      kind: kindOf(api.dealType),
      // The filter reads what the company serves: consensus proceeds (stated, else the vendor's), else the estimate.
      gross_proceeds: enrichment.consensus.grossProceeds ?? grossProceedsBasis(latestTerms),
      listing_date: enrichment.consensus.listingDate,
      updated_at: facts.updatedAt,
      json: JSON.stringify(api),
      latest_terms_json: JSON.stringify(latestTerms ? latestTermsList(latestTerms) : null),
      latest_terms_detail_json: JSON.stringify(latestTerms),
      classification_json: enrichment.classificationJson,
      consensus_json: JSON.stringify(enrichment.consensus),
      financial_snapshot_json: JSON.stringify(enrichment.snapshot),
      lockup_schedule_json: JSON.stringify(lockup),
      price_history_json: JSON.stringify(enrichment.priceHistory),
      offerings_json: JSON.stringify(offerings),
      lifecycle_end_json: JSON.stringify(enrichment.lifecycleEnd),
    },
    offerings,
    tickers: allTickers.map((ticker) => ({
      ticker,
      cik: facts.cik,
      is_primary: ticker === tickerHint ? 1 : 0,
      is_current: (identity.currentTickers ?? allTickers).includes(ticker) ? 1 : 0,
      held_since: identity.tickerSince?.[ticker] ?? null,
    })),
    // Other names are searchable too: `q=facebook` finds Meta Platforms, and so is the name an offering
    // is served under, which articles print (ShotSpotter's 2017 IPO, as Yahoo's list names SoundThinking).
    search: { cik: facts.cik, name: searchNames(name, identity, offerings).join(' · '), tickers: allTickers.join(' ') },
  };
}

/** Every name the company is served or known under, its own first, each once (case aside). */
function searchNames(name: string, identity: CompanyIdentity, offerings: readonly { issuerNameAtOffering: string | null }[]): string[] {
  const names = [name, ...(identity.otherNames ?? []), ...offerings.flatMap((o) => (o.issuerNameAtOffering ? [o.issuerNameAtOffering] : []))];
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = n.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The `kind` filter: operating, spac, funds, follow_on; null when no kind applies (debt, business
 * combinations, unknown). A resale by an already public issuer sells listed stock, so it is a follow_on.
 */
function kindOf(dealType: DealType): CompanyKind | null {
  switch (dealType) {
    case 'spac':
      return 'spac';
    case 'fund':
      return 'funds';
    case 'follow_on':
    case 'resale':
      return 'follow_on';
    case 'ipo':
    case 'uplisting':
    case 'direct_listing':
    case 'reg_a':
    case 'other':
      return 'operating';
    case 'debt':
    case 'business_combination':
    case 'co_registrant':
    case 'unknown':
      return null;
    default:
      return assertNever(dealType);
  }
}
