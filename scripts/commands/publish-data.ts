import type { ArticleData, ArticleFiling, ArticleLockup, ArticleOutcome, ArticlePricing, SourceLink } from '../../projector/publish/index.ts';
import type { ApiClassification, ApiConsensus, ApiLockupSchedule, ApiOffering, ApiOutcome } from '../../schema/api/types.ts';
import { accessionFolder, unpadCik } from '../../schema/cik.ts';
import { openSqlite } from '../../schema/sqlite.ts';

/** The read-model columns an article draws on (read.db is opened read-only; the API shapes are its JSON). */
export interface CompanyRow {
  cik: string;
  name: string;
  ticker: string | null;
  exchange: string | null;
  deal_type: string;
  gross_proceeds: number | null;
  classification_json: string;
  consensus_json: string;
  lockup_schedule_json: string;
  offerings_json: string;
}

export interface FilingRow {
  cik: string;
  company_name: string | null;
  form_type: string;
  filing_date: string;
  accession_number: string;
  file_number: string | null;
  json: string;
  terms_json: string;
}

export interface ReadModelRows {
  companies: CompanyRow[];
  filings: FilingRow[];
  outcomes: Array<{ json: string }>;
}

const PRICING_FORMS = new Set(['424B1', '424B4']);

function filingUrl(cik: string, accession: string, primaryDocument: string | undefined): string {
  const folder = `https://www.sec.gov/Archives/edgar/data/${unpadCik(cik)}/${accessionFolder(accession)}`;
  return primaryDocument ? `${folder}/${primaryDocument}` : `${folder}/${accession}-index.htm`;
}

const parse = <T>(text: string): T | null => (text ? (JSON.parse(text) as T | null) : null);

function offerSource(filed: { filingDate: string; source: SourceLink } | undefined, outcome: ApiOutcome): SourceLink {
  if (filed && filed.filingDate <= outcome.tradingStartDate) return filed.source;
  return { label: `vendor IPO table, ${outcome.ticker}`, url: null };
}

/** The prospectus that states the lock-up, linked when this service holds it. */
function lockupSource(filing: ArticleFiling | undefined, accession: string): SourceLink {
  return filing ? { label: `lock-up terms, ${filing.formType} ${accession}`, url: filing.url } : { label: `lock-up terms, filing ${accession}`, url: null };
}

/** Read rows → what the article builders take. Pure: the same rows give the same data. */
/** Each registration file number of a company → the deal type of the offering it belongs to. */
function offeringDealTypes(c: CompanyRow): Map<string, string> {
  const byFileNumber = new Map<string, string>();
  for (const o of parse<ApiOffering[]>(c.offerings_json) ?? []) {
    for (const n of [o.fileNumber, ...o.draftFileNumbers, ...o.upsizeFileNumbers]) if (n) byFileNumber.set(n, o.dealType);
  }
  return byFileNumber;
}

export function articleDataFromRows(rows: ReadModelRows): ArticleData {
  const companies = new Map(rows.companies.map((c) => [c.cik, c]));
  const dealTypes = new Map(rows.companies.map((c) => [c.cik, offeringDealTypes(c)]));
  const filings: ArticleFiling[] = [];
  const pricings: ArticlePricing[] = [];
  /** The latest pricing prospectus of each company: where its offer price and proceeds are stated. */
  const prospectus = new Map<string, { filingDate: string; source: SourceLink }>();
  const filingByAccession = new Map<string, ArticleFiling>();
  for (const f of rows.filings) {
    const served = JSON.parse(f.json) as { primaryDocument?: string; inferredStatus?: string };
    const url = filingUrl(f.cik, f.accession_number, served.primaryDocument || undefined);
    const company = companies.get(f.cik);
    const companyName = f.company_name ?? company?.name ?? f.cik;
    const filing: ArticleFiling = {
      cik: f.cik,
      companyName,
      formType: f.form_type,
      filingDate: f.filing_date,
      accessionNumber: f.accession_number,
      url,
      inferredStatus: served.inferredStatus ?? null,
      // The filing's own offering when its file number says which, else the company's current deal.
      dealType: (f.file_number ? dealTypes.get(f.cik)?.get(f.file_number) : undefined) ?? company?.deal_type ?? null,
    };
    filings.push(filing);
    filingByAccession.set(f.accession_number, filing);
    if (!PRICING_FORMS.has(f.form_type) || !company) continue;
    const terms = parse<{ offeringPrice: number | null; totalSharesOffered: number | null; grossProceeds: number | null; tickerHint: string | null; exchangeHint: string | null }>(f.terms_json);
    pricings.push({
      cik: f.cik,
      companyName,
      ticker: company.ticker ?? terms?.tickerHint ?? null,
      exchange: company.exchange ?? terms?.exchangeHint ?? null,
      dealType: company.deal_type,
      pricingDate: f.filing_date,
      offerPrice: terms?.offeringPrice ?? null,
      sharesOffered: terms?.totalSharesOffered ?? null,
      grossProceeds: terms?.grossProceeds ?? null,
      source: { label: `${f.form_type} ${f.accession_number}`, url },
    });
    // Rows come oldest first, so the last one kept is the latest.
    prospectus.set(f.cik, { filingDate: f.filing_date, source: { label: `${f.form_type} ${f.accession_number}`, url } });
  }
  const outcomes: ArticleOutcome[] = rows.outcomes.map((r) => {
    const outcome = JSON.parse(r.json) as ApiOutcome;
    const company = companies.get(outcome.cik);
    const classification = company ? parse<ApiClassification>(company.classification_json) : null;
    return {
      outcome,
      dealType: company?.deal_type ?? 'unknown',
      // Proceeds from the filings' terms, else the consensus (which also reads vendor IPO rows).
      grossProceeds: company?.gross_proceeds ?? (company ? parse<ApiConsensus>(company.consensus_json)?.grossProceeds ?? null : null),
      calendarEligibility: classification?.calendarEligibility ?? null,
      // The final prospectus filed by the first trading day states the price; else the vendor row does.
      offerSource: offerSource(prospectus.get(outcome.cik), outcome),
      priceSource: { label: `daily price bars, ${outcome.ticker}`, url: null },
    };
  });
  const lockups: ArticleLockup[] = [];
  for (const c of rows.companies) {
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
  return { filings, pricings, outcomes, lockups };
}

/** Reads the rows from a read.db file, read-only. */
export function readModelRows(readDbPath: string): ReadModelRows {
  const db = openSqlite(readDbPath, { readonly: true });
  try {
    return {
      companies: db
        .prepare('SELECT cik, name, ticker, exchange, deal_type, gross_proceeds, classification_json, consensus_json, lockup_schedule_json, offerings_json FROM companies ORDER BY cik')
        .all() as CompanyRow[],
      filings: db
        .prepare('SELECT cik, company_name, form_type, filing_date, accession_number, file_number, json, terms_json FROM api_filings ORDER BY filing_date, accession_number, cik')
        .all() as FilingRow[],
      outcomes: db.prepare('SELECT json FROM outcomes ORDER BY trading_start_date, cik').all() as Array<{ json: string }>,
    };
  } finally {
    db.close();
  }
}
