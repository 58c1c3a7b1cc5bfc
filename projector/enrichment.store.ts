import type { ApiAiEnrichment, ApiFinancialSnapshot, ApiTermsExtended } from '../schema/api/types.ts';
import type { NewsArticlePayload } from '../schema/events/event-types.ts';
import type { ProjDocumentTermsTable } from '../schema/read/tables.ts';
import type { SqliteHandle } from '../schema/sqlite.ts';
import type { CoverSignals } from './extract/cover-signals.ts';
import type { Provenance, TermsExtraction } from './extract/terms.extract.ts';
import type { DailyBar } from './market/bars.parse.ts';
import type { IpoTableRow } from './market/ipo-table.parse.ts';
import type { PublishedAt, PublishedAtSource } from './news-date.derive.ts';
import type { LockupExtraction } from './offering/lockup.extract.ts';

/** What one prospectus document yielded, read once when its event was applied. */
export interface DocumentTerms {
  cik: string;
  accessionNumber: string;
  /** SGML `<TYPE>` of the document, when it had a wrapper. */
  formType: string | null;
  observedAt: string;
  terms: ApiTermsExtended;
  provenance: Provenance;
  estimates: TermsExtraction['estimates'];
  signals: CoverSignals;
  lockup: LockupExtraction;
  /** Extractive enrichment; materialChanges is filled at derive time. */
  enrichment: ApiAiEnrichment;
  /**
   * Financial snapshot from the summary financial data tables, or null. Its source names the
   * document's own form and no filing date: derivation fills both from the filing row.
   */
  snapshot: ApiFinancialSnapshot | null;
}

export interface StoredIpoRow {
  row: IpoTableRow;
  observedAt: string;
}

export interface StoredBars {
  ticker: string;
  bars: DailyBar[];
  adjusted: boolean | null;
  observedAt: string;
}

export interface StoredNews {
  newsId: string;
  payload: NewsArticlePayload;
  observedAt: string;
  /** The date the article is served under, and where it came from (see news-date.derive.ts). */
  published: PublishedAt;
}

export interface NewsLink {
  newsId: string;
  confidence: number;
  reason: string;
}

/** A document's stored reads, as the state table types them. */
type DocumentRow = Omit<ProjDocumentTermsTable, 'seq'>;

interface NewsRow {
  news_id: string;
  payload_json: string;
  observed_at: string;
  published_at: string | null;
  published_at_source: PublishedAtSource | null;
}

function storedNews(r: NewsRow): StoredNews {
  return {
    newsId: r.news_id,
    payload: JSON.parse(r.payload_json) as NewsArticlePayload,
    observedAt: r.observed_at,
    published: { publishedAt: r.published_at, source: r.published_at_source },
  };
}

/**
 * The enrichment state tables (migration 0003) behind statements prepared once per run. Writes
 * report whether they changed anything, so an identical re-fetch re-derives nothing.
 */
export class EnrichmentState {
  private readonly upsertDocument;
  private readonly selectDocuments;
  private readonly upsertSnapshot;
  private readonly selectSnapshot;
  private readonly upsertIpoRow;
  private readonly selectIpoRows;
  private readonly selectBars;
  private readonly upsertBars;
  private readonly upsertNews;
  private readonly selectAllNews;
  private readonly selectNewsByIds;
  private readonly deleteLinksOfCik;
  private readonly deleteLinksOfNews;
  private readonly insertLink;
  private readonly selectLinks;
  private readonly selectSignature;
  private readonly upsertSignature;
  private readonly selectFilingForm;
  private readonly selectCiksByTicker;
  private readonly selectCandidates;
  private readonly selectVendorCiks;
  private readonly deleteSignature;

  constructor(db: SqliteHandle) {
    this.upsertDocument = db.prepare(
      `INSERT INTO proj_document_terms (cik, accession_number, form_type, seq, observed_at, terms_json, provenance_json, estimates_json,
         signals_json, lockup_json, enrichment_json, snapshot_json)
       VALUES (@cik, @accession_number, @form_type, @seq, @observed_at, @terms_json, @provenance_json, @estimates_json, @signals_json,
         @lockup_json, @enrichment_json, @snapshot_json)
       ON CONFLICT (cik, accession_number) DO UPDATE SET form_type = excluded.form_type, seq = excluded.seq, observed_at = excluded.observed_at,
         terms_json = excluded.terms_json, provenance_json = excluded.provenance_json, estimates_json = excluded.estimates_json,
         signals_json = excluded.signals_json, lockup_json = excluded.lockup_json, enrichment_json = excluded.enrichment_json,
         snapshot_json = excluded.snapshot_json`,
    );
    this.selectDocuments = db.prepare(
      `SELECT cik, accession_number, form_type, observed_at, terms_json, provenance_json, estimates_json, signals_json, lockup_json, enrichment_json,
         snapshot_json
       FROM proj_document_terms WHERE cik = ? ORDER BY accession_number`,
    );
    this.upsertSnapshot = db.prepare(
      `INSERT INTO proj_financial_snapshots (cik, snapshot_json, observed_at) VALUES (?, ?, ?)
       ON CONFLICT (cik) DO UPDATE SET snapshot_json = excluded.snapshot_json, observed_at = excluded.observed_at
       WHERE snapshot_json IS NOT excluded.snapshot_json`,
    );
    this.selectSnapshot = db.prepare('SELECT snapshot_json, observed_at FROM proj_financial_snapshots WHERE cik = ?');
    this.upsertIpoRow = db.prepare(
      `INSERT INTO proj_ipo_rows (ticker, bloomberg_ticker, trade_date, row_json, observed_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (ticker, bloomberg_ticker, trade_date) DO UPDATE SET row_json = excluded.row_json, observed_at = excluded.observed_at
       WHERE row_json IS NOT excluded.row_json`,
    );
    this.selectIpoRows = db.prepare('SELECT row_json, observed_at FROM proj_ipo_rows WHERE ticker = ? ORDER BY bloomberg_ticker, trade_date');
    this.selectBars = db.prepare('SELECT ticker, bars_json, adjusted, observed_at FROM proj_daily_bars WHERE ticker = ?');
    this.upsertBars = db.prepare(
      `INSERT INTO proj_daily_bars (ticker, bars_json, adjusted, observed_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (ticker) DO UPDATE SET bars_json = excluded.bars_json, adjusted = excluded.adjusted, observed_at = excluded.observed_at`,
    );
    this.upsertNews = db.prepare(
      `INSERT INTO proj_news (news_id, payload_json, observed_at, published_at, published_at_source) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (news_id) DO UPDATE SET payload_json = excluded.payload_json, observed_at = excluded.observed_at,
         published_at = excluded.published_at, published_at_source = excluded.published_at_source
       WHERE payload_json IS NOT excluded.payload_json OR published_at IS NOT excluded.published_at
         OR published_at_source IS NOT excluded.published_at_source`,
    );
    this.selectAllNews = db.prepare('SELECT news_id, payload_json, observed_at, published_at, published_at_source FROM proj_news ORDER BY news_id');
    this.selectNewsByIds = db.prepare(
      `SELECT n.news_id, n.payload_json, n.observed_at, n.published_at, n.published_at_source, l.confidence, l.reason FROM proj_news_links l
       JOIN proj_news n ON n.news_id = l.news_id WHERE l.cik = ? ORDER BY n.news_id`,
    );
    this.deleteLinksOfCik = db.prepare('DELETE FROM proj_news_links WHERE cik = ?');
    this.deleteLinksOfNews = db.prepare('DELETE FROM proj_news_links WHERE news_id = ?');
    this.insertLink = db.prepare(
      `INSERT INTO proj_news_links (cik, news_id, confidence, reason) VALUES (?, ?, ?, ?)
       ON CONFLICT (cik, news_id) DO UPDATE SET confidence = excluded.confidence, reason = excluded.reason`,
    );
    this.selectLinks = db.prepare('SELECT cik FROM proj_news_links WHERE news_id = ? ORDER BY cik').pluck();
    this.selectSignature = db.prepare('SELECT signature FROM proj_link_signatures WHERE cik = ?').pluck();
    this.upsertSignature = db.prepare(
      `INSERT INTO proj_link_signatures (cik, signature) VALUES (?, ?) ON CONFLICT (cik) DO UPDATE SET signature = excluded.signature`,
    );
    this.selectFilingForm = db.prepare('SELECT form_type FROM proj_filing_state WHERE cik = ? AND accession_number = ?').pluck();
    // Who carries a ticker: a submissions page's tickers, or the company_tickers.json snapshot of a known company.
    this.selectCiksByTicker = db.prepare(
      `SELECT cik FROM proj_company_tickers WHERE ticker = @ticker
       UNION SELECT h.cik FROM proj_ticker_hints h JOIN proj_company_state c ON c.cik = h.cik WHERE h.ticker = @ticker
       ORDER BY cik`,
    ).pluck();
    // CIKs a vendor row may create a company for: company_tickers.json lists one of the row's tickers for them.
    this.selectVendorCiks = db.prepare(
      `SELECT DISTINCT h.cik FROM proj_ticker_hints h WHERE h.ticker IN (SELECT ticker FROM proj_ipo_rows) ORDER BY h.cik`,
    ).pluck();
    this.deleteSignature = db.prepare('DELETE FROM proj_link_signatures WHERE cik = ?');
    this.selectCandidates = db.prepare(
      `SELECT c.cik, c.name, (SELECT group_concat(ticker, ' ') FROM (SELECT ticker FROM company_tickers t WHERE t.cik = c.cik ORDER BY ticker)) AS tickers
       FROM companies c ORDER BY c.cik`,
    );
  }

  /** Every served company as a news-link candidate (the rows of the previous batches). */
  servedCandidates(): Array<{ cik: string; name: string; tickers: string[] }> {
    return (this.selectCandidates.all() as Array<{ cik: string; name: string; tickers: string | null }>).map((r) => ({
      cik: r.cik,
      name: r.name,
      tickers: r.tickers ? r.tickers.split(' ') : [],
    }));
  }

  filingForm(cik: string, accessionNumber: string): string | null {
    return (this.selectFilingForm.get(cik, accessionNumber) as string | undefined) ?? null;
  }

  putDocument(seq: number, doc: DocumentTerms): void {
    this.upsertDocument.run({
      cik: doc.cik,
      accession_number: doc.accessionNumber,
      form_type: doc.formType,
      seq,
      observed_at: doc.observedAt,
      terms_json: JSON.stringify(doc.terms),
      provenance_json: JSON.stringify(doc.provenance),
      estimates_json: JSON.stringify(doc.estimates),
      signals_json: JSON.stringify(doc.signals),
      lockup_json: JSON.stringify(doc.lockup),
      enrichment_json: JSON.stringify(doc.enrichment),
      snapshot_json: JSON.stringify(doc.snapshot),
    });
  }

  documents(cik: string): DocumentTerms[] {
    return (this.selectDocuments.all(cik) as DocumentRow[]).map((r) => ({
      cik: r.cik,
      accessionNumber: r.accession_number,
      formType: r.form_type,
      observedAt: r.observed_at,
      terms: JSON.parse(r.terms_json) as ApiTermsExtended,
      provenance: JSON.parse(r.provenance_json) as Provenance,
      estimates: JSON.parse(r.estimates_json) as TermsExtraction['estimates'],
      signals: JSON.parse(r.signals_json) as CoverSignals,
      lockup: JSON.parse(r.lockup_json) as LockupExtraction,
      enrichment: JSON.parse(r.enrichment_json) as ApiAiEnrichment,
      snapshot: JSON.parse(r.snapshot_json) as ApiFinancialSnapshot | null,
    }));
  }

  putSnapshot(cik: string, snapshot: ApiFinancialSnapshot | null, observedAt: string): boolean {
    return this.upsertSnapshot.run(cik, JSON.stringify(snapshot), observedAt).changes > 0;
  }

  snapshot(cik: string): { snapshot: ApiFinancialSnapshot | null; observedAt: string } | null {
    const row = this.selectSnapshot.get(cik) as { snapshot_json: string; observed_at: string } | undefined;
    return row ? { snapshot: JSON.parse(row.snapshot_json) as ApiFinancialSnapshot | null, observedAt: row.observed_at } : null;
  }

  putIpoRow(row: IpoTableRow, observedAt: string): boolean {
    return this.upsertIpoRow.run(row.ticker, row.bloombergTicker, row.tradeDate ?? '', JSON.stringify(row), observedAt).changes > 0;
  }

  ipoRows(ticker: string): StoredIpoRow[] {
    return (this.selectIpoRows.all(ticker) as Array<{ row_json: string; observed_at: string }>).map((r) => ({
      row: JSON.parse(r.row_json) as IpoTableRow,
      observedAt: r.observed_at,
    }));
  }

  bars(ticker: string): StoredBars | null {
    const row = this.selectBars.get(ticker) as { ticker: string; bars_json: string; adjusted: number | null; observed_at: string } | undefined;
    if (!row) return null;
    return { ticker: row.ticker, bars: JSON.parse(row.bars_json) as DailyBar[], adjusted: row.adjusted === null ? null : row.adjusted === 1, observedAt: row.observed_at };
  }

  /** Merges a fetched body's bars into the ticker's series (the later body wins for a date); true when it changed. */
  mergeBars(ticker: string, bars: readonly DailyBar[], adjusted: boolean | null, observedAt: string): boolean {
    const before = this.bars(ticker);
    const byDate = new Map<string, DailyBar>();
    for (const bar of before?.bars ?? []) byDate.set(bar.date, bar);
    for (const bar of bars) byDate.set(bar.date, bar);
    const merged = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const text = JSON.stringify(merged);
    const adjustedValue = adjusted === null ? null : adjusted ? 1 : 0;
    if (before && JSON.stringify(before.bars) === text && (before.adjusted === null ? null : before.adjusted ? 1 : 0) === adjustedValue) return false;
    this.upsertBars.run(ticker, text, adjustedValue, observedAt);
    return true;
  }

  ciksWithTicker(ticker: string): string[] {
    return this.selectCiksByTicker.all({ ticker: ticker.toUpperCase() }) as string[];
  }

  putNews(news: StoredNews): boolean {
    const { publishedAt, source } = news.published;
    return this.upsertNews.run(news.newsId, JSON.stringify(news.payload), news.observedAt, publishedAt, source).changes > 0;
  }

  allNews(): StoredNews[] {
    return (this.selectAllNews.all() as NewsRow[]).map(storedNews);
  }

  linkedNews(cik: string): Array<StoredNews & { confidence: number; reason: string }> {
    return (this.selectNewsByIds.all(cik) as Array<NewsRow & { confidence: number; reason: string }>).map((r) => ({
      ...storedNews(r),
      confidence: r.confidence,
      reason: r.reason,
    }));
  }

  linkedCiks(newsId: string): string[] {
    return this.selectLinks.all(newsId) as string[];
  }

  link(cik: string, link: NewsLink): void {
    this.insertLink.run(cik, link.newsId, link.confidence, link.reason);
  }

  /** Drops every link of one article (before it is linked again). */
  unlinkNews(newsId: string): void {
    this.deleteLinksOfNews.run(newsId);
  }

  /** Replaces every news link of one company. */
  relinkCompany(cik: string, links: readonly NewsLink[]): void {
    this.deleteLinksOfCik.run(cik);
    for (const l of links) this.link(cik, l);
  }

  /** CIKs whose company_tickers.json tickers carry a vendor row (see vendor-company.derive.ts). */
  ciksWithVendorRows(): Set<string> {
    return new Set(this.selectVendorCiks.all() as string[]);
  }

  /** A company no longer served keeps no news links, and is linked afresh if it is served again. */
  forgetCompanyLinks(cik: string): void {
    this.deleteLinksOfCik.run(cik);
    this.deleteSignature.run(cik);
  }

  linkSignature(cik: string): string | null {
    return (this.selectSignature.get(cik) as string | undefined) ?? null;
  }

  setLinkSignature(cik: string, signature: string): void {
    this.upsertSignature.run(cik, signature);
  }
}
