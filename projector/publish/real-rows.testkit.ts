/**
 * Test-only: read rows as the projector derives them (company-rows.derive.ts) from the real sample —
 * an EDGAR daily index, a company's submissions, the vendor IPO tables (Bloomberg, Yahoo) and daily
 * price bars — so article tests run the article mapper and builders on the rows read.db would hold,
 * with nothing typed in.
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { parseCompanyTickers } from '../../schema/edgar/company-tickers.parse.ts';
import { parseEdgarIndex } from '../../schema/edgar/index.parse.ts';
import { companyIdentity } from '../company/company.derive.ts';
import { deriveRows, type CompanyRows } from '../company/company-rows.derive.ts';
import { joinVendorRows, mayBeVendorCompany, rowsOfIpo, vendorCompanyId, vendorOnlyFacts, vendorTickers } from '../company/vendor-company.derive.ts';
import { SAME_IPO_DAYS, vendorRowDate } from '../company/vendor-same-ipo.derive.ts';
import { addDays } from '../common/dates.ts';
import { readSample, SAMPLE_DIR } from '../common/sample.testkit.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { parseStooqCsv } from '../market/bars.parse.ts';
import { parseIpoTable } from '../market/ipo-table.parse.ts';
import type { StoredBars, StoredIpoRow } from '../market/market.facts.ts';
import { readWindowIndex } from '../market/window-index.testkit.ts';
import type { CompanyFacts, KnownFiling, TickerHint } from '../offering/filing.facts.ts';
import { loadSubmissions, SUBMISSIONS } from '../offering/sample.testkit.ts';
import { articleDataFromRows, type ReadModelRows } from './article-data.derive.ts';
import type { ArticleData } from './article.types.ts';

/** The projection date: statuses are as of it, as in a read.db built that day. */
const TODAY = '2026-01-15';
const OBSERVED = `${TODAY}T00:00:00.000Z`;
const calendar = createTradingCalendar();

function sampleBytes(relative: string): Buffer {
  const bytes = readFileSync(SAMPLE_DIR + relative);
  return relative.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

let hintsByCik: Map<string, TickerHint[]> | null = null;
/** company_tickers.json, as the projector's ticker hints. */
function hintsOf(cik: string): TickerHint[] {
  hintsByCik ??= parseCompanyTickers(sampleBytes('edgar/company_tickers.json.gz')).reduce((m, r) => {
    m.set(r.cik, [...(m.get(r.cik) ?? []), { ticker: r.ticker, title: r.title, exchange: null }]);
    return m;
  }, new Map<string, TickerHint[]>());
  return hintsByCik.get(cik) ?? [];
}

function rowsOf(facts: CompanyFacts, filings: KnownFiling[], vendorRows: StoredIpoRow[] = [], bars = new Map<string, StoredBars>()): CompanyRows | null {
  const hints = hintsOf(facts.cik);
  const identity = companyIdentity(facts, filings, hints);
  return deriveRows({ facts, filings, hints, identity, documents: [], snapshot: null, vendorRows, bars, news: [], today: TODAY, calendar });
}

/** The filings of a real EDGAR daily index by CIK, as the projector knows index rows (no file numbers). */
function indexFilings(file: string): Map<string, KnownFiling[]> {
  const byCik = new Map<string, KnownFiling[]>();
  for (const e of parseEdgarIndex(sampleBytes(file)).entries) {
    const filing: KnownFiling = {
      accessionNumber: e.accessionNumber, cik: e.cik, formType: e.formType, filingDate: e.dateFiled,
      fileNumber: null, primaryDocument: null, acceptanceDateTime: null, companyName: e.companyName, source: 'index',
    };
    byCik.set(e.cik, [...(byCik.get(e.cik) ?? []), filing]);
  }
  return byCik;
}

/** Every company of a real EDGAR daily index (only its rows known, as in the demo), as read rows. */
export function indexCompanyRows(file: string): CompanyRows[] {
  return [...indexFilings(file)].flatMap(([cik, filings]) => rowsOf(vendorOnlyFacts(cik, null, null), filings) ?? []);
}

/** Its US Bloomberg rows, and its window price bars when the sample holds them: what the demo joins to a company by its ticker. */
function marketOf(ticker: string): { vendorRows: StoredIpoRow[]; bars: Map<string, StoredBars> } {
  const vendorRows = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz'))
    .filter((r) => r.ticker === ticker && r.country === 'US')
    .map((row) => ({ row, observedAt: OBSERVED }));
  const windowed = readWindowIndex().some((w) => w.ticker === ticker);
  const bars = new Map(windowed ? [[ticker, { ticker, bars: parseStooqCsv(readSample(`prices/window/${ticker}.csv`)), adjusted: null, observedAt: OBSERVED }]] : []);
  return { vendorRows, bars };
}

/** A company only a real daily index names on EDGAR, with the Bloomberg row (and price bars) of its ticker: Blue Apron, Qomolangma in 2022. */
export function indexCompanyWithMarketRows(file: string, cik: string, ticker: string): CompanyRows {
  const { vendorRows, bars } = marketOf(ticker);
  return rowsOf(vendorOnlyFacts(cik, null, null), indexFilings(file).get(cik)!, vendorRows, bars)!;
}

/** A company from its real submissions JSON, with the Bloomberg rows and window price bars of its ticker when it has a window file. */
export function submissionsCompanyRows(name: keyof typeof SUBMISSIONS, ticker: string | null): CompanyRows {
  const { company, filings } = loadSubmissions(name);
  const known = filings.map((f): KnownFiling => ({ ...f, companyName: null, source: 'submissions' }));
  const { vendorRows, bars } = ticker ? marketOf(ticker) : { vendorRows: [], bars: new Map<string, StoredBars>() };
  return rowsOf({ ...company, updatedAt: OBSERVED }, known, vendorRows, bars)!;
}

let vendorTables: StoredIpoRow[] | null = null;
/** Every US row of the two bundled vendor tables, as `npm start` imports them. */
function usVendorRows(): StoredIpoRow[] {
  vendorTables ??= [...parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')), ...parseIpoTable(readSample('reference/yahoo_finance_IPOs_2000_2018.csv.gz'))]
    .filter((row) => row.country === 'US')
    .map((row) => ({ row, observedAt: OBSERVED }));
  return vendorTables;
}

let windowBars: Map<string, StoredBars> | null = null;
/** The 321 window price files, by ticker. */
function barsOf(ticker: string): StoredBars | undefined {
  windowBars ??= new Map(readWindowIndex().map((w) => [w.ticker, { ticker: w.ticker, bars: parseStooqCsv(readSample(`prices/window/${w.ticker}.csv`)), adjusted: null, observedAt: OBSERVED }]));
  return windowBars.get(ticker);
}

/** Rows of the same IPO are this many days apart at most. */
const JOIN_MARGIN_DAYS = SAME_IPO_DAYS;

/**
 * The companies the vendor tables alone make of the IPOs they date from `from` to `to`: each IPO's
 * rows joined across the two tables (joinVendorRows), derived as the projector derives a vendor-only
 * company, with the window price bars of its symbols. The projector also joins a row to an EDGAR
 * company carrying its ticker and name; these rows keep the vendor's identifier instead, with the
 * same served values (listing date, offer price, proceeds, deal type). An IPO under one of `except`'s
 * symbols is left out, for the test that derives that company from its EDGAR filings.
 */
export function vendorCompanyRowsBetween(from: string, to: string, except: readonly string[] = []): CompanyRows[] {
  const near = usVendorRows().filter((r) => {
    const date = vendorRowDate(r.row);
    return date !== null && date >= addDays(from, -JOIN_MARGIN_DAYS) && date <= addDays(to, JOIN_MARGIN_DAYS);
  });
  const ipos = joinVendorRows(near).filter((ipo) => {
    const date = vendorRowDate(ipo.row);
    return mayBeVendorCompany(ipo.row) && date !== null && date >= from && date <= to && !rowsOfIpo(ipo).some((r) => except.includes(r.row.ticker));
  });
  return ipos.flatMap((ipo) => {
    const identity = { name: ipo.row.issuer, tickerHint: ipo.row.ticker, exchangeHint: null, allTickers: [], hintTitles: [] };
    const bars = new Map(vendorTickers([ipo]).flatMap((t) => (barsOf(t) ? [[t, barsOf(t)!] as const] : [])));
    return deriveRows({ facts: vendorOnlyFacts(vendorCompanyId(ipo.row)!, null, OBSERVED), filings: [], hints: [], identity, documents: [], snapshot: null, vendorRows: [ipo], bars, news: [], today: TODAY, calendar }) ?? [];
  });
}

/** What the articles of `from`..`to` draw on when the database holds the vendor tables' IPOs of those dates (vendorCompanyRowsBetween). */
export function vendorArticleData(from: string, to: string): ArticleData {
  return articleDataOf(vendorCompanyRowsBetween(from, to));
}

/** Rows in read.db's order (filings oldest first), mapped as `ipo publish` maps them. */
export function articleDataOf(companies: readonly CompanyRows[]): ArticleData {
  const rows: ReadModelRows = {
    companies: companies.map((c) => c.company.row),
    filings: companies
      .flatMap((c) => c.filings)
      .sort((a, b) => a.filing_date.localeCompare(b.filing_date) || a.accession_number.localeCompare(b.accession_number) || a.cik.localeCompare(b.cik)),
    outcomes: companies.flatMap((c) => c.outcomes).sort((a, b) => a.trading_start_date.localeCompare(b.trading_start_date) || a.cik.localeCompare(b.cik)),
  };
  return articleDataFromRows(rows);
}
