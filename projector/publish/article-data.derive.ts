import type { ApiClassification, ApiConsensus, ApiLockupSchedule, ApiOffering, ApiOutcome, ApiTermsExtended } from '../../schema/api/types.ts';
import { accessionFolder, unpadCik } from '../../schema/cik.ts';
import type { CompaniesTable, FilingsTable } from '../../schema/read/tables.ts';
import { VENDOR_SOURCE } from '../common/sources.ts';
import { normalizeCompanyName } from '../common/company-name.ts';
import { NAMED_TODAY } from './html.ts';
import type { ArticleData, ArticleFiling, ArticleListing, ArticleLockup, ArticlePricing, CalendarEligibility, SourceLink } from './article.types.ts';

/** The read-model columns an article draws on (the API shapes are their JSON). */
export type CompanyRow = Pick<
  CompaniesTable,
  'cik' | 'name' | 'ticker' | 'exchange' | 'deal_type' | 'gross_proceeds' | 'classification_json' | 'consensus_json' | 'lockup_schedule_json' | 'offerings_json'
>;
export type FilingRow = Pick<FilingsTable, 'cik' | 'company_name' | 'form_type' | 'filing_date' | 'accession_number' | 'file_number' | 'json' | 'terms_json'>;

export interface ReadModelRows {
  companies: CompanyRow[];
  /** Oldest first. */
  filings: FilingRow[];
  outcomes: Array<{ json: string }>;
}

const PRICING_FORMS = new Set(['424B1', '424B4']);
/** Listing paths of the deals an IPO calendar lists (classification.derive.ts). */
const CALENDAR_PATHS = new Set(['underwritten_ipo', 'direct_listing', 'uplisting']);

const parse = <T>(text: string): T | null => (text ? (JSON.parse(text) as T | null) : null);

function filingUrl(cik: string, accession: string, primaryDocument: string | undefined): string {
  const folder = `https://www.sec.gov/Archives/edgar/data/${unpadCik(cik)}/${accessionFolder(accession)}`;
  return primaryDocument ? `${folder}/${primaryDocument}` : `${folder}/${accession}-index.htm`;
}

/** The prospectus that states the lock-up, linked when this service holds it. */
function lockupSource(filing: ArticleFiling | undefined, accession: string): SourceLink {
  return filing ? { label: `lock-up terms, ${filing.formType} ${accession}`, url: filing.url } : { label: `lock-up terms, filing ${accession}`, url: null };
}

/**
 * A company's offerings as the read rows type them. A filing belongs to the offering its file number
 * (or draft or upsize number) names, or whose final prospectus it is; a filing of no offering (an
 * 8-K, an index row without a file number) speaks for the company's current offering. A listing is
 * an offering the rows date a first trading day of, whatever the company did after.
 */
class CompanyDeals {
  private readonly offerings: ApiOffering[];
  private readonly byFileNumber = new Map<string, ApiOffering>();
  private readonly byProspectus = new Map<string, ApiOffering>();
  readonly current: ApiOffering | null;
  /** The offerings the rows show began trading: each a listing. */
  readonly listed: readonly ApiOffering[];
  /**
   * The offering the classification judges: the projector classifies the company's current EDGAR deal
   * (company-rows.derive.ts). A vendor's IPO is never that deal, so when it is the current offering
   * the classification speaks for none of the offerings served, and none is judged by it.
   */
  private readonly classified: ApiOffering | null;
  private readonly eligibility: CalendarEligibility | null;

  constructor(readonly row: CompanyRow) {
    this.offerings = parse<ApiOffering[]>(row.offerings_json) ?? [];
    for (const o of this.offerings) {
      for (const n of [o.fileNumber, ...o.draftFileNumbers, ...o.upsizeFileNumbers]) if (n) this.byFileNumber.set(n, o);
      if (o.finalProspectusAccessionNumber) this.byProspectus.set(o.finalProspectusAccessionNumber, o);
    }
    this.current = this.offerings.find((o) => o.isCurrent) ?? null;
    this.listed = this.offerings.filter((o) => o.listingDate !== null);
    this.classified = this.current?.source === 'edgar' ? this.current : null;
    const classification = parse<ApiClassification>(row.classification_json);
    // Excluded for what happened later (delisted, withdrawn after listing …), an IPO's listing path is
    // still an IPO's: the exclusion says where the company is now, not what its deal was.
    const laterEnd = classification?.calendarEligibility === 'exclude' && CALENDAR_PATHS.has(classification.listingPath ?? '');
    this.eligibility = laterEnd ? null : (classification?.calendarEligibility ?? null);
  }

  offeringOf(f: FilingRow): ApiOffering | null {
    return this.byProspectus.get(f.accession_number) ?? (f.file_number ? this.byFileNumber.get(f.file_number) : undefined) ?? this.current;
  }

  dealTypeOf(f: FilingRow): string {
    return this.offeringOf(f)?.dealType ?? this.row.deal_type;
  }

  /** The classification judges the offering it classified only: a later follow-on's verdict is not its IPO's, nor the reverse. */
  eligibilityOf(offering: ApiOffering | null): CalendarEligibility | null {
    return offering !== null && offering === this.classified ? this.eligibility : null;
  }
}

/**
 * The issuer as an article names a deal: the name it had at the offering when EDGAR or the vendor's
 * listing gives one ("Nubia Brand International Corp.", not today's Solidion Technology): an article
 * is dated, and a later name is what its date did not know. Else today's name, the only one the data
 * holds (the vendor tables and the SEC's files name issuers as they are now), marked NAMED_TODAY:
 * it and the symbol beside it may be later than the deal. Today's name unmarked when the one given
 * differs only in case and punctuation (Acurx's index row).
 */
export function nameAtOffering(current: string, offering: Pick<ApiOffering, 'issuerNameAtOffering'> | null): string {
  const then = offering?.issuerNameAtOffering ?? null;
  if (then === null) return `${current}${NAMED_TODAY}`;
  return normalizeCompanyName(then) !== normalizeCompanyName(current) ? then : current;
}

/** The issuer's name on an offering's filing (nameAtOffering), else the company's. */
function filingIssuerName(current: string, offering: Pick<ApiOffering, 'issuerNameAtOffering'> | null): string {
  return offering === null ? current : nameAtOffering(current, offering);
}

function pricingOf(f: FilingRow, filing: ArticleFiling, deals: CompanyDeals, symbols: ListingSymbols): ArticlePricing {
  const terms = parse<Pick<ApiTermsExtended, 'offeringPrice' | 'totalSharesOffered' | 'grossProceeds' | 'tickerHint' | 'exchangeHint'>>(f.terms_json);
  const offering = deals.offeringOf(f);
  const listed = offering?.listingDate ? outcomeKey(f.cik, offering.listingDate) : null;
  return {
    cik: f.cik,
    // A prospectus names its issuer as it was: EDGAR's name on the filing.
    companyName: offering?.issuerNameAtOffering ?? filing.companyName,
    formType: f.form_type,
    accessionNumber: f.accession_number,
    // The symbol its listing started under (DMYY-U for dMY Squared's units), as the outcome serves it.
    ticker: listed !== null && symbols.has(listed) ? symbols.get(listed)! : (deals.row.ticker ?? terms?.tickerHint ?? null),
    exchange: deals.row.exchange ?? terms?.exchangeHint ?? null,
    dealType: deals.dealTypeOf(f),
    calendarEligibility: deals.eligibilityOf(offering),
    pricingDate: f.filing_date,
    termsRead: terms !== null,
    offerPrice: terms?.offeringPrice ?? null,
    sharesOffered: terms?.totalSharesOffered ?? null,
    grossProceeds: terms?.grossProceeds ?? null,
    grossProceedsBasis: terms?.grossProceeds != null ? 'base_deal' : null,
    source: { label: `${f.form_type} ${f.accession_number}`, url: filing.url },
  };
}

interface Prospectuses {
  byAccession: ReadonlyMap<string, ArticlePricing>;
  /** The latest of each company. */
  latestByCik: ReadonlyMap<string, ArticlePricing>;
}

const outcomeKey = (cik: string, date: string) => `${cik}|${date}`;
/** The symbol each served outcome names its listing by (null: none known), by outcomeKey. */
type ListingSymbols = ReadonlyMap<string, string | null>;

/**
 * A company's served offerings that began trading, as listings. The values are the served ones (the
 * offering's offer price, proceeds and basis, which the ipo_calendar view renders for the company's
 * current offering), the exchange is the consensus's when the consensus describes this listing, and
 * the first-day and first-week figures are the outcome row of the same first trading day, when the
 * data holds price bars of it.
 */
function listingsOf(deals: CompanyDeals, outcomes: ReadonlyMap<string, ApiOutcome>, symbols: ListingSymbols, prospectus: Prospectuses, stated: ReadonlyMap<string, number>): ArticleListing[] {
  const row = deals.row;
  const consensus = parse<ApiConsensus>(row.consensus_json);
  return deals.listed.map((offering) => {
    const listingDate = offering.listingDate!;
    const outcome = outcomes.get(outcomeKey(row.cik, listingDate)) ?? null;
    const ofThisListing = consensus !== null && consensus.listingDate === listingDate;
    const filed = prospectus.byAccession.get(offering.finalProspectusAccessionNumber ?? '') ?? (offering.isCurrent ? prospectus.latestByCik.get(row.cik) : undefined);
    // The prospectus is cited for the offer price only when this service read that price from it by the first trading day.
    const fromProspectus = filed !== undefined && filed.pricingDate <= listingDate && filed.offerPrice !== null && filed.offerPrice === offering.offerPrice;
    const inVendorTable = offering.source === 'vendor' || (ofThisListing && Boolean(consensus.sourceSummary[VENDOR_SOURCE]));
    // The listing's served symbol, whatever its first day's source (null for units that never traded under the one the vendor wrote).
    const key = outcomeKey(row.cik, listingDate);
    const symbol = symbols.has(key) ? symbols.get(key)! : row.ticker;
    return {
      cik: row.cik,
      companyName: nameAtOffering(row.name, offering),
      ticker: symbol,
      exchange: ofThisListing ? consensus.exchange : (outcome?.exchange ?? null),
      listingDate,
      dealType: offering.dealType,
      offerPrice: offering.offerPrice,
      grossProceeds: offering.grossProceeds,
      grossProceedsBasis: offering.grossProceedsBasis,
      calendarEligibility: deals.eligibilityOf(offering),
      inVendorTable,
      offerSource: fromProspectus ? filed.source : { label: inVendorTable ? `vendor IPO table, ${symbol ?? row.name}` : `the offering's served terms, ${symbol ?? row.name}`, url: null },
      outcome,
      priceSource: outcome ? { label: `daily price bars, ${outcome.ticker ?? symbol ?? row.name}`, url: null } : null,
      statedDay1ReturnPct: outcome ? null : (stated.get(outcomeKey(row.cik, listingDate)) ?? null),
    };
  });
}

function lockupsOf(rows: readonly CompanyRow[], filingByAccession: ReadonlyMap<string, ArticleFiling>): ArticleLockup[] {
  const lockups: ArticleLockup[] = [];
  for (const c of rows) {
    const schedule = parse<ApiLockupSchedule>(c.lockup_schedule_json);
    for (const t of schedule?.tranches ?? []) {
      if (!t.expiryDate) continue;
      lockups.push({
        cik: c.cik,
        companyName: c.name,
        ticker: c.ticker,
        expiryDate: t.expiryDate,
        firstSellableTradingDay: t.firstSellableTradingDay,
        shares: t.shares,
        source: lockupSource(filingByAccession.get(schedule!.sourceAccessionNumber), schedule!.sourceAccessionNumber),
      });
    }
  }
  return lockups;
}

/** Read rows → what the article builders take. Pure: the same rows give the same data. */
export function articleDataFromRows(rows: ReadModelRows): ArticleData {
  const companies = new Map(rows.companies.map((c) => [c.cik, new CompanyDeals(c)]));
  const filings: ArticleFiling[] = [];
  const pricings: ArticlePricing[] = [];
  // Rows come oldest first, so the last prospectus set for a CIK is its latest.
  const prospectus = { byAccession: new Map<string, ArticlePricing>(), latestByCik: new Map<string, ArticlePricing>() };
  const filingByAccession = new Map<string, ArticleFiling>();
  const servedOutcomes = rows.outcomes.map((r) => JSON.parse(r.json) as ApiOutcome);
  const symbols = new Map(servedOutcomes.map((o) => [outcomeKey(o.cik, o.tradingStartDate), o.ticker]));
  for (const f of rows.filings) {
    const served = JSON.parse(f.json) as { primaryDocument?: string; inferredStatus?: string };
    const deals = companies.get(f.cik);
    const filing: ArticleFiling = {
      cik: f.cik,
      // A filing of an offering names its issuer as the offering's evidence does on the day (Social
      // Capital Hedosophia Holdings Corp. II's S-1/A of 2020-03-18, not Opendoor, its name today).
      companyName: filingIssuerName(f.company_name ?? deals?.row.name ?? f.cik, deals?.offeringOf(f) ?? null),
      formType: f.form_type,
      filingDate: f.filing_date,
      accessionNumber: f.accession_number,
      fileNumber: f.file_number,
      url: filingUrl(f.cik, f.accession_number, served.primaryDocument || undefined),
      inferredStatus: served.inferredStatus ?? null,
      dealType: deals?.dealTypeOf(f) ?? null,
      listingDate: deals?.offeringOf(f)?.listingDate ?? null,
      listed: Boolean(deals?.row.ticker),
    };
    filings.push(filing);
    filingByAccession.set(f.accession_number, filing);
    if (!PRICING_FORMS.has(f.form_type) || !deals) continue;
    const pricing = pricingOf(f, filing, deals, symbols);
    pricings.push(pricing);
    prospectus.latestByCik.set(f.cik, pricing);
    prospectus.byAccession.set(f.accession_number, pricing);
  }
  const outcomes = new Map<string, ApiOutcome>();
  const stated = new Map<string, number>();
  for (const o of servedOutcomes) {
    // The articles average returns from daily price bars only; a vendor-stated first day (its return, or
    // its close) has none, so its listing counts among those without bars, and its sentence quotes the
    // vendor's figure as such.
    if (o.day1ReturnSource === 'vendor_stated' || o.day1ReturnSource === 'vendor_close') {
      if (o.day1ReturnPct !== null) stated.set(outcomeKey(o.cik, o.tradingStartDate), o.day1ReturnPct);
      continue;
    }
    outcomes.set(outcomeKey(o.cik, o.tradingStartDate), o);
  }
  const listings = [...companies.values()].flatMap((deals) => listingsOf(deals, outcomes, symbols, prospectus, stated));
  return { filings, pricings, listings, lockups: lockupsOf(rows.companies, filingByAccession) };
}
