import type { ArticlePublishedPayload } from '../../schema/events/event-types.ts';
import { COMPANY_LIST_ITEM_SQL } from '../../schema/read/company-list.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import type { CompanyRows } from '../company/company-rows.derive.ts';
import type { FilingsTable } from '../../schema/read/tables.ts';
import type { LastServed } from '../company/deal-events.derive.ts';
import type { DerivedCompany } from '../company/company.derive.ts';

const COMPANY_COLUMNS = [
  'sort_date', 'name', 'name_lower', 'ticker', 'exchange', 'offering_status', 'deal_type', 'market', 'is_ipo', 'kind',
  'gross_proceeds', 'listing_date', 'updated_at', 'json', 'latest_terms_json', 'latest_terms_detail_json', 'classification_json',
  'consensus_json', 'financial_snapshot_json', 'lockup_schedule_json', 'price_history_json', 'offerings_json', 'lifecycle_end_json',
] as const;

/** The columns of a company's list row (company_list): what a list item serves, in page order. */
const COMPANY_LIST_COLUMNS = ['sort_date', 'json', 'latest_terms_json', 'classification_json', 'consensus_json'] as const;

const FILING_COLUMNS = [
  'company_name', 'name_lower', 'form_type', 'file_number', 'json', 'ai_enrichment_json', 'terms_json', 'terms_detail_json',
] as const;

const CALENDAR_COLUMNS = ['expiry_date', 'entry_id', 'kind', 'cik', 'ticker', 'company_name', 'name_lower', 'json'] as const;

const NEWS_COLUMNS = ['date_known', 'company_name', 'name_lower', 'provider', 'source_name', 'json', 'detail_json', 'content_json'] as const;

/**
 * The FTS rowid of a company: its numeric CIK, or for a vendor company (`V-…`) a 32-bit FNV-1a hash
 * of its identifier above every possible CIK (10 digits), so the search table never depends on write history.
 */
function searchRowid(id: string): number {
  if (/^\d+$/.test(id)) return Number(id);
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return 10_000_000_000 + hash;
}

/** Rows keyed by their primary key; `same` says whether a stored row already equals a derived one. */
interface Keyed<T> {
  key: (row: T) => string;
  same: (a: T, b: T) => boolean;
}

/**
 * Writes the served rows of one company (and published articles). Every row of a company is
 * derived whole, so a write replaces what was there; unchanged rows are not rewritten at all,
 * which keeps the WAL small when a batch touches many companies but changes few.
 */
export class ServedTables {
  private readonly selectCompany;
  private readonly companyServed;
  private readonly selectServedTickers;
  private readonly deleteAllOfCik;
  private readonly deleteCompany;
  private readonly insertCompany;
  private readonly deleteListRow;
  private readonly deleteListRowOfCik;
  private readonly insertListRow;
  private readonly deleteListItem;
  private readonly deleteListItemOfCik;
  private readonly insertListItem;
  private readonly deleteTickers;
  private readonly insertTicker;
  private readonly deleteSearch;
  private readonly insertSearch;
  private readonly selectFilings;
  private readonly deleteFiling;
  private readonly insertFilingRow;
  private readonly selectOutcomes;
  private readonly deleteOutcome;
  private readonly insertOutcome;
  private readonly selectNews;
  private readonly deleteNews;
  private readonly insertNews;
  private readonly selectCalendar;
  private readonly deleteCalendarEntry;
  private readonly insertCalendarEntry;
  private readonly upsertArticle;
  private readonly deleteArticle;

  constructor(db: SqliteHandle) {
    this.selectCompany = db.prepare(`SELECT cik, ${COMPANY_COLUMNS.join(', ')} FROM companies WHERE cik = ?`);
    this.companyServed = db.prepare('SELECT 1 FROM companies WHERE cik = ?').pluck();
    this.selectServedTickers = db.prepare('SELECT ticker FROM company_tickers WHERE cik = ? ORDER BY ticker').pluck();
    this.deleteAllOfCik = ['api_filings', 'outcomes', 'api_news', 'calendar_entries'].map((table) => db.prepare(`DELETE FROM ${table} WHERE cik = ?`));
    this.deleteCompany = db.prepare('DELETE FROM companies WHERE cik = ?');
    this.insertCompany = db.prepare(
      `INSERT INTO companies (cik, ${COMPANY_COLUMNS.join(', ')}) VALUES (@cik, ${COMPANY_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    // company_list is keyed by (sort_date, cik) alone: a row is found through its companies row's sort_date.
    this.deleteListRow = db.prepare('DELETE FROM company_list WHERE sort_date = ? AND cik = ?');
    this.deleteListRowOfCik = db.prepare('DELETE FROM company_list WHERE (sort_date, cik) IN (SELECT sort_date, cik FROM companies WHERE cik = ?)');
    this.insertListRow = db.prepare(
      `INSERT INTO company_list (cik, ${COMPANY_LIST_COLUMNS.join(', ')}) VALUES (@cik, ${COMPANY_LIST_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.deleteListItem = db.prepare('DELETE FROM company_list_items WHERE sort_date = ? AND cik = ?');
    this.deleteListItemOfCik = db.prepare('DELETE FROM company_list_items WHERE (sort_date, cik) IN (SELECT sort_date, cik FROM companies WHERE cik = ?)');
    // Spliced by the same SQL as the migration's, from the list row just written.
    this.insertListItem = db.prepare(
      `INSERT INTO company_list_items (sort_date, cik, json)
       SELECT sort_date, cik, ${COMPANY_LIST_ITEM_SQL} FROM company_list WHERE sort_date = ? AND cik = ?`,
    );
    this.deleteTickers = db.prepare('DELETE FROM company_tickers WHERE cik = ?');
    this.insertTicker = db.prepare('INSERT INTO company_tickers (ticker, cik, is_primary, is_current, held_since) VALUES (?, ?, ?, ?, ?)');
    // The FTS rowid is the numeric CIK, so the search table's content never depends on write history.
    this.deleteSearch = db.prepare('DELETE FROM company_search WHERE rowid = ?');
    this.insertSearch = db.prepare('INSERT INTO company_search (rowid, cik, name, tickers) VALUES (?, ?, ?, ?)');
    this.selectFilings = db.prepare(`SELECT filing_date, accession_number, cik, ${FILING_COLUMNS.join(', ')} FROM api_filings WHERE cik = ?`);
    this.deleteFiling = db.prepare('DELETE FROM api_filings WHERE filing_date = ? AND accession_number = ? AND cik = ?');
    this.insertFilingRow = db.prepare(
      `INSERT INTO api_filings (filing_date, accession_number, cik, ${FILING_COLUMNS.join(', ')})
       VALUES (?, ?, ?, ${FILING_COLUMNS.map(() => '?').join(', ')})`,
    );
    this.selectOutcomes = db.prepare('SELECT * FROM outcomes WHERE cik = ?');
    this.deleteOutcome = db.prepare('DELETE FROM outcomes WHERE trading_start_date = ? AND cik = ? AND ticker = ?');
    this.insertOutcome = db.prepare(
      `INSERT INTO outcomes (trading_start_date, cik, ticker, company_name, name_lower, status, json)
       VALUES (@trading_start_date, @cik, @ticker, @company_name, @name_lower, @status, @json)`,
    );
    this.selectNews = db.prepare(`SELECT published_at, news_id, cik, ${NEWS_COLUMNS.join(', ')} FROM api_news WHERE cik = ?`);
    this.deleteNews = db.prepare('DELETE FROM api_news WHERE published_at = ? AND news_id = ? AND cik = ?');
    this.insertNews = db.prepare(
      `INSERT INTO api_news (published_at, news_id, cik, ${NEWS_COLUMNS.join(', ')})
       VALUES (@published_at, @news_id, @cik, ${NEWS_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.selectCalendar = db.prepare(`SELECT ${CALENDAR_COLUMNS.join(', ')} FROM calendar_entries WHERE cik = ?`);
    this.deleteCalendarEntry = db.prepare('DELETE FROM calendar_entries WHERE expiry_date = ? AND entry_id = ?');
    this.insertCalendarEntry = db.prepare(
      `INSERT INTO calendar_entries (${CALENDAR_COLUMNS.join(', ')}) VALUES (${CALENDAR_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    this.deleteArticle = db.prepare('DELETE FROM articles WHERE article_id = ?');
    this.upsertArticle = db.prepare(
      `INSERT INTO articles (published_at, article_id, source_kind, title, path, html, summary)
       VALUES (@publishedAt, @id, @sourceKind, @title, @path, @html, @summary)`,
    );
  }

  /**
   * Replaces every served row of one company. `absent`: the caller knows none is stored yet (the
   * first derivation of a fresh build), so nothing is read back or deleted first.
   */
  writeCompanyRows(rows: CompanyRows, absent = false): void {
    const cik = rows.company.row.cik;
    this.writeCompany(rows.company, absent);
    this.sync(cik, rows.filings, absent ? null : this.selectFilings, {
      key: (r) => r.accession_number,
      same: (a, b) => a.filing_date === b.filing_date && FILING_COLUMNS.every((c) => a[c] === b[c]),
    }, (r) => this.deleteFiling.run(r.filing_date, r.accession_number, r.cik), (r) => this.insertFiling(r));
    this.sync(cik, rows.outcomes, absent ? null : this.selectOutcomes, {
      key: (r) => `${r.trading_start_date}\u0000${r.ticker}`,
      same: (a, b) => a.company_name === b.company_name && a.name_lower === b.name_lower && a.status === b.status && a.json === b.json,
    }, (r) => this.deleteOutcome.run(r.trading_start_date, r.cik, r.ticker), (r) => this.insertOutcome.run(r));
    this.sync(cik, rows.news, absent ? null : this.selectNews, {
      key: (r) => r.news_id,
      same: (a, b) => a.published_at === b.published_at && NEWS_COLUMNS.every((c) => a[c] === b[c]),
    }, (r) => this.deleteNews.run(r.published_at, r.news_id, r.cik), (r) => this.insertNews.run(r));
    this.sync(cik, rows.calendar, absent ? null : this.selectCalendar, {
      key: (r) => r.entry_id,
      same: (a, b) => CALENDAR_COLUMNS.every((c) => a[c] === b[c]),
    }, (r) => this.deleteCalendarEntry.run(r.expiry_date, r.entry_id), (r) => this.insertCalendarEntry.run(r));
  }

  /** The tickers the company is served under now (before a re-derivation replaces them). */
  servedTickers(cik: string): string[] {
    return this.selectServedTickers.all(cik) as string[];
  }

  /** A served company's name, type, status and ticker (deal-events.derive.ts LastServed), if served. */
  lastServed(cik: string): LastServed | undefined {
    const row = this.selectCompany.get(cik) as { name: string; deal_type: string | null; offering_status: string; ticker: string | null } | undefined;
    return row && { cik, name: row.name, dealType: row.deal_type, offeringStatus: row.offering_status, ticker: row.ticker };
  }

  hasCompany(cik: string): boolean {
    return this.companyServed.get(cik) !== undefined;
  }

  /** Removes every served row of a company that is no longer served (a vendor-only company that lost its link). */
  removeCompanyRows(cik: string): void {
    this.deleteListRowOfCik.run(cik);
    this.deleteListItemOfCik.run(cik);
    this.deleteCompany.run(cik);
    this.deleteTickers.run(cik);
    this.deleteSearch.run(searchRowid(cik));
    for (const statement of this.deleteAllOfCik) statement.run(cik);
  }

  private writeCompany(company: DerivedCompany, absent: boolean): void {
    const old = absent ? undefined : (this.selectCompany.get(company.row.cik) as Record<string, unknown> | undefined);
    const row = company.row as unknown as Record<string, unknown>;
    if (!old || COMPANY_COLUMNS.some((c) => old[c] !== row[c])) {
      // sort_date is part of the clustered key, so a changed row is replaced rather than updated.
      if (old) this.deleteCompany.run(company.row.cik);
      this.insertCompany.run(company.row);
      this.writeListRow(company, old);
    }
    const rowid = searchRowid(company.row.cik);
    if (!absent) {
      this.deleteTickers.run(company.row.cik);
      this.deleteSearch.run(rowid);
    }
    for (const t of company.tickers) this.insertTicker.run(t.ticker, t.cik, t.is_primary, t.is_current, t.held_since);
    this.insertSearch.run(rowid, company.search.cik, company.search.name, company.search.tickers);
  }

  /**
   * The company's list row and its item with every list include, in step with its companies row;
   * rewritten only when a served list column changed.
   */
  private writeListRow(company: DerivedCompany, old: Record<string, unknown> | undefined): void {
    const row = company.row as unknown as Record<string, unknown>;
    if (old && COMPANY_LIST_COLUMNS.every((c) => old[c] === row[c])) return;
    if (old) {
      this.deleteListRow.run(old.sort_date, company.row.cik);
      this.deleteListItem.run(old.sort_date, company.row.cik);
    }
    this.insertListRow.run(company.row);
    this.insertListItem.run(company.row.sort_date, company.row.cik);
  }

  // Positional parameters: a rebuild inserts one for every filing, and binding by name costs more.
  private insertFiling(r: FilingsTable): void {
    this.insertFilingRow.run(r.filing_date, r.accession_number, r.cik, ...FILING_COLUMNS.map((c) => r[c]));
  }

  /** A re-published article (same id) replaces the earlier version. */
  writeArticle(article: ArticlePublishedPayload): void {
    this.deleteArticle.run(article.id);
    this.upsertArticle.run(article);
  }

  private sync<T>(
    cik: string,
    rows: readonly T[],
    select: { all: (cik: string) => unknown[] } | null,
    keyed: Keyed<T>,
    remove: (row: T) => void,
    insert: (row: T) => void,
  ): void {
    const existing = new Map<string, T>();
    for (const row of (select?.all(cik) ?? []) as T[]) existing.set(keyed.key(row), row);
    for (const row of rows) {
      const key = keyed.key(row);
      const old = existing.get(key);
      existing.delete(key);
      if (old && keyed.same(old, row)) continue;
      if (old) remove(old);
      insert(row);
    }
    for (const stale of existing.values()) remove(stale);
  }
}
