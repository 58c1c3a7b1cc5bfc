import type { CompanyTickerRow } from '../../schema/edgar/company-tickers.parse.ts';
import type { SubmissionsCompany, SubmissionsFiling } from '../../schema/edgar/submissions.parse.ts';
import type { IndexEntryPayload } from '../../schema/events/event-types.ts';
import type { ProjCompanyStateTable, ProjFilingStateTable } from '../../schema/read/tables.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import type { DocumentFiling } from '../extract/document-filing.extract.ts';
import { normalizeCompanyName } from '../common/company-name.ts';
import type { CompanyFacts, KnownFiling, TickerHint } from '../offering/filing.facts.ts';
import type { KnownFirstFiling } from '../company/cik-order.derive.ts';
import { ReadCache } from './read-cache.ts';

/** The rows this store reads back: the state tables' own column types (schema/read/tables.ts). */
type CompanyStateRow = ProjCompanyStateTable;
type FilingStateRow = Pick<
  ProjFilingStateTable,
  'cik' | 'accession_number' | 'form_type' | 'filing_date' | 'file_number' | 'primary_document' | 'acceptance_date_time' | 'items' | 'report_date' | 'company_name' | 'source'
> & { /** The other CIKs that filed the same accession, comma-separated, or null. */ co_registrants: string | null };

/**
 * What EDGAR said about companies, their filings and their tickers (proj_company_state,
 * proj_filing_state, proj_ticker_hints, proj_company_tickers), behind statements prepared once per run. Each
 * write reports whether it changed anything, so only companies whose facts moved are re-derived
 * and their `updatedAt` only moves when something did.
 */
export class EdgarStore {
  /** Companies, names and hints as read back (read-cache.ts); emptied by every write of this store. */
  private readonly cache = new ReadCache();
  /** Bumped whenever a company's submissions facts (its first filing date among them) change. */
  private metaWrites = 0;
  /**
   * The (CIK, name) pairs this run has indexed in proj_company_names: a filer's name repeats on every
   * index row. Forgotten with a rolled-back transaction, which may have indexed them.
   */
  private readonly namesIndexed = new ReadCache(50_000);
  private readonly insertCompany;
  private readonly updateCompanyMeta;
  private readonly bumpUpdated;
  private readonly companyExistsStmt;
  private readonly insertName;
  private readonly selectNamed;
  private readonly selectNamedFrom;
  private readonly selectNameKeysOf;
  private readonly selectTickersOf;
  private readonly upsertFromSubmissions;
  private readonly upsertFromIndex;
  private readonly upsertFromDocument;
  private readonly selectCompany;
  private readonly selectSic;
  private readonly selectFormTypes;
  private readonly selectFilings;
  private readonly selectFilers;
  private readonly selectListedAmong;
  private readonly selectCoRegistrantsOf;
  private readonly selectHints;
  private readonly selectHintsObservedAt;
  private readonly selectHintCiks;
  private readonly selectAllHints;
  private readonly deleteHints;
  private readonly insertHint;
  private readonly insertSkipped;
  private readonly deleteTickers;
  private readonly insertTicker;
  private readonly selectFirstFilings;
  private readonly selectUndatedBetween;

  constructor(db: SqliteHandle) {
    this.insertCompany = db.prepare('INSERT OR IGNORE INTO proj_company_state (cik) VALUES (?)');
    this.updateCompanyMeta = db.prepare(
      `UPDATE proj_company_state SET name = ?, entity_type = ?, sic = ?, sic_description = ?, tickers_json = ?, exchanges_json = ?,
         former_names_json = ?, first_filing_date = ?
       WHERE cik = ? AND (name IS NOT ? OR entity_type IS NOT ? OR sic IS NOT ? OR sic_description IS NOT ?
                          OR tickers_json IS NOT ? OR exchanges_json IS NOT ? OR former_names_json IS NOT ? OR first_filing_date IS NOT ?)`,
    );
    this.bumpUpdated = db.prepare(
      `UPDATE proj_company_state SET updated_at = ? WHERE cik = ? AND (updated_at IS NULL OR updated_at < ?)`,
    );
    this.companyExistsStmt = db.prepare('SELECT 1 FROM proj_company_state WHERE cik = ?').pluck();
    this.selectFirstFilings = db.prepare(
      'SELECT cik, first_filing_date AS firstFilingDate FROM proj_company_state WHERE first_filing_date IS NOT NULL ORDER BY cik',
    );
    // CIKs padded to ten digits compare as numbers do.
    this.selectUndatedBetween = db.prepare(
      `SELECT cik FROM proj_company_state WHERE cik > @above AND cik <= @upTo AND first_filing_date IS NULL
       UNION SELECT cik FROM proj_ticker_hints WHERE cik > @above AND cik <= @upTo AND cik NOT IN (SELECT cik FROM proj_company_state)
       ORDER BY cik`,
    ).pluck();
    this.insertName = db.prepare('INSERT OR IGNORE INTO proj_company_names (name_key, cik) VALUES (?, ?)');
    this.selectNamed = db.prepare('SELECT cik FROM proj_company_names WHERE name_key = ? ORDER BY cik').pluck();
    // Name keys are lower-case ASCII words: every key starting with the prefix sorts below prefix + U+FFFF.
    this.selectNamedFrom = db.prepare("SELECT DISTINCT cik FROM proj_company_names WHERE name_key >= ? AND name_key < ? || char(65535) ORDER BY cik").pluck();
    this.selectNameKeysOf = db.prepare('SELECT name_key FROM proj_company_names WHERE cik = ? ORDER BY name_key').pluck();
    // The submissions page's tickers and company_tickers.json's, with the hint titles' names.
    this.selectTickersOf = db.prepare(
      `SELECT ticker, NULL AS title FROM proj_company_tickers WHERE cik = @cik
       UNION SELECT ticker, title FROM proj_ticker_hints WHERE cik = @cik ORDER BY ticker`,
    );
    // A submissions page is authoritative: it overwrites an index row's facts for the same filing.
    this.upsertFromSubmissions = db.prepare(
      `INSERT INTO proj_filing_state (cik, accession_number, form_type, filing_date, file_number, primary_document,
         acceptance_date_time, act, items, report_date, company_name, source)
       VALUES (@cik, @accession, @form, @date, @fileNumber, @primaryDocument, @acceptance, @act, @items, @reportDate, NULL, 'submissions')
       ON CONFLICT (cik, accession_number) DO UPDATE SET
         form_type = excluded.form_type, filing_date = excluded.filing_date, file_number = excluded.file_number,
         primary_document = excluded.primary_document, acceptance_date_time = excluded.acceptance_date_time,
         act = excluded.act, items = excluded.items, report_date = excluded.report_date,
         company_name = CASE WHEN source = 'document' THEN NULL ELSE company_name END, source = 'submissions'
       WHERE source IS NOT 'submissions' OR form_type IS NOT excluded.form_type OR filing_date IS NOT excluded.filing_date
         OR file_number IS NOT excluded.file_number OR primary_document IS NOT excluded.primary_document
         OR acceptance_date_time IS NOT excluded.acceptance_date_time OR act IS NOT excluded.act
         OR items IS NOT excluded.items OR report_date IS NOT excluded.report_date`,
    );
    // An index row never overrides what a submissions page said about the same filing. It replaces
    // a row read off the filing's own document whole, so the result is the one the index-first order gives.
    this.upsertFromIndex = db.prepare(
      `INSERT INTO proj_filing_state (cik, accession_number, form_type, filing_date, company_name, source)
       VALUES (?, ?, ?, ?, ?, 'index')
       ON CONFLICT (cik, accession_number) DO UPDATE SET
         form_type = excluded.form_type, filing_date = excluded.filing_date, company_name = excluded.company_name,
         file_number = NULL, primary_document = NULL, acceptance_date_time = NULL, act = NULL, items = NULL, report_date = NULL,
         source = 'index'
       WHERE source = 'document' OR (source = 'index' AND (form_type IS NOT excluded.form_type OR filing_date IS NOT excluded.filing_date
         OR company_name IS NOT excluded.company_name))`,
    );
    // A fetched document is evidence of its filing only while EDGAR's lists do not name it: it never
    // overrides a submissions page or an index row, and either replaces it when it arrives.
    this.upsertFromDocument = db.prepare(
      `INSERT INTO proj_filing_state (cik, accession_number, form_type, filing_date, file_number, primary_document, company_name, source)
       VALUES (@cik, @accession, @form, @date, @fileNumber, @primaryDocument, @companyName, 'document')
       ON CONFLICT (cik, accession_number) DO UPDATE SET
         form_type = excluded.form_type, filing_date = excluded.filing_date, file_number = excluded.file_number,
         primary_document = excluded.primary_document, company_name = excluded.company_name
       WHERE source = 'document' AND (form_type IS NOT excluded.form_type OR filing_date IS NOT excluded.filing_date
         OR file_number IS NOT excluded.file_number OR primary_document IS NOT excluded.primary_document
         OR company_name IS NOT excluded.company_name)`,
    );
    this.selectCompany = db.prepare('SELECT * FROM proj_company_state WHERE cik = ?');
    this.selectSic = db.prepare('SELECT sic FROM proj_company_state WHERE cik = ?').pluck();
    this.selectFormTypes = db.prepare('SELECT DISTINCT form_type FROM proj_filing_state WHERE cik = ?').pluck();
    this.selectFilings = db.prepare(
      `SELECT f.cik, f.accession_number, f.form_type, f.filing_date, f.file_number, f.primary_document, f.acceptance_date_time, f.items,
              f.report_date, f.company_name, f.source,
              (SELECT group_concat(o.cik) FROM (SELECT cik FROM proj_filing_state o WHERE o.accession_number = f.accession_number
                 AND o.cik <> f.cik ORDER BY cik) o) AS co_registrants
       FROM proj_filing_state f WHERE f.cik = ? ORDER BY f.accession_number`,
    );
    this.selectFilers = db.prepare('SELECT cik FROM proj_filing_state WHERE accession_number = ? ORDER BY cik').pluck();
    this.selectListedAmong = db
      .prepare(
        `SELECT cik FROM proj_ticker_hints WHERE cik IN (SELECT value FROM json_each(@ciks))
         UNION SELECT cik FROM proj_company_state WHERE cik IN (SELECT value FROM json_each(@ciks)) AND tickers_json <> '[]' ORDER BY cik`,
      )
      .pluck();
    this.selectCoRegistrantsOf = db
      .prepare(
        `SELECT DISTINCT o.cik FROM proj_filing_state f JOIN proj_filing_state o ON o.accession_number = f.accession_number AND o.cik <> f.cik
         WHERE f.cik = ? ORDER BY o.cik`,
      )
      .pluck();
    this.selectHints = db.prepare('SELECT ticker, title, exchange, observed_at AS observedAt FROM proj_ticker_hints WHERE cik = ? ORDER BY ord');
    this.selectHintsObservedAt = db.prepare('SELECT max(observed_at) FROM proj_ticker_hints WHERE cik = ?').pluck();
    this.selectHintCiks = db.prepare('SELECT DISTINCT cik FROM proj_ticker_hints WHERE ticker = ? ORDER BY cik').pluck();
    this.selectAllHints = db.prepare('SELECT cik, ord, ticker, title, exchange FROM proj_ticker_hints ORDER BY cik, ord');
    this.deleteHints = db.prepare('DELETE FROM proj_ticker_hints WHERE cik = ?');
    this.insertHint = db.prepare('INSERT INTO proj_ticker_hints (cik, ord, ticker, title, exchange, observed_at) VALUES (?, ?, ?, ?, ?, ?)');
    this.insertSkipped = db.prepare('INSERT OR REPLACE INTO proj_skipped_events (seq, type, reason) VALUES (?, ?, ?)');
    this.deleteTickers = db.prepare('DELETE FROM proj_company_tickers WHERE cik = ?');
    this.insertTicker = db.prepare('INSERT OR IGNORE INTO proj_company_tickers (ticker, cik) VALUES (?, ?)');
  }

  /** Empties the memo of reads: at the start of a transaction, since a rolled-back one may have filled it. */
  forgetReads(): void {
    this.cache.clear();
    this.namesIndexed.clear();
  }

  /** Every CIK that filed the accession (co-registrants file one accession under several CIKs). */
  filersOf(accessionNumber: string): string[] {
    return this.selectFilers.all(accessionNumber) as string[];
  }

  /** Every other CIK that filed an accession this company filed (its co-registrants, or the issuer it co-registered with). */
  coRegistrantsOf(cik: string): string[] {
    return this.selectCoRegistrantsOf.all(cik) as string[];
  }

  /** Creates the company's state row if missing; true when it was created. */
  ensureCompany(cik: string): boolean {
    this.cache.clear();
    return this.insertCompany.run(cik).changes > 0;
  }

  companyExists(cik: string): boolean {
    return this.companyExistsStmt.get(cik) !== undefined;
  }

  /** Every name EDGAR gave a company (submissions, former names, index rows, a cover, company_tickers.json's title) is indexed for vendor rows. */
  private rememberName(cik: string, name: string | null): void {
    if (!name) return;
    this.namesIndexed.get(`${cik}\0${name}`, () => {
      const key = normalizeCompanyName(name);
      if (key !== '') this.insertName.run(key, cik);
      return true;
    });
  }

  /**
   * Every ticker and normalized name EDGAR ever gave a company, without loading its filings: what
   * a vendor row may know it by.
   */
  identityKeys(cik: string): { tickers: string[]; nameKeys: string[] } {
    return this.cache.get(`k\0${cik}`, () => this.readIdentityKeys(cik));
  }

  private readIdentityKeys(cik: string): { tickers: string[]; nameKeys: string[] } {
    const rows = this.selectTickersOf.all({ cik }) as Array<{ ticker: string; title: string | null }>;
    const hinted = rows.flatMap((r) => (r.title ? [normalizeCompanyName(r.title)] : []));
    const nameKeys = [...new Set([...(this.selectNameKeysOf.all(cik) as string[]), ...hinted])].filter((k) => k !== '');
    return { tickers: [...new Set(rows.map((r) => r.ticker))], nameKeys };
  }

  /** CIKs EDGAR ever named with a normalized name that starts with this text (a vendor's cut name: company-name.ts cutVendorNamePrefix). */
  ciksNamedFrom(prefix: string): string[] {
    return this.cache.get(`p\0${prefix}`, () => this.selectNamedFrom.all(prefix, prefix) as string[]);
  }

  /** CIKs EDGAR ever named with this normalized name. */
  ciksNamed(nameKey: string): string[] {
    return this.cache.get(`n\0${nameKey}`, () => this.selectNamed.all(nameKey) as string[]);
  }

  /** `firstFilingDate`: the earliest date the submissions page lists (schema/edgar/submissions.parse.ts). */
  setCompanyMeta(company: SubmissionsCompany, firstFilingDate: string | null): boolean {
    this.cache.clear();
    this.rememberName(company.cik, company.name);
    for (const former of company.formerNames) this.rememberName(company.cik, former.name);
    const values = [
      company.name,
      company.entityType,
      company.sic,
      company.sicDescription,
      JSON.stringify(company.tickers),
      JSON.stringify(company.exchanges),
      JSON.stringify(company.formerNames),
      firstFilingDate,
    ];
    if (this.updateCompanyMeta.run(...values, company.cik, ...values).changes === 0) return false;
    this.metaWrites++;
    this.deleteTickers.run(company.cik);
    for (const ticker of company.tickers) this.insertTicker.run(ticker.toUpperCase(), company.cik);
    return true;
  }

  /** `updatedAt` is the latest observedAt of a changing event: never earlier, never the wall clock. */
  touchUpdatedAt(cik: string, observedAt: string): void {
    this.cache.clear();
    this.bumpUpdated.run(observedAt, cik, observedAt);
  }

  putSubmissionsFiling(cik: string, filing: SubmissionsFiling): boolean {
    this.cache.clear();
    return (
      this.upsertFromSubmissions.run({
        cik,
        accession: filing.accessionNumber,
        form: filing.form,
        date: filing.filingDate,
        fileNumber: filing.fileNumber,
        primaryDocument: filing.primaryDocument,
        acceptance: filing.acceptanceDateTime,
        act: filing.act,
        items: filing.items,
        reportDate: filing.reportDate,
      }).changes > 0
    );
  }

  putIndexFiling(entry: IndexEntryPayload): boolean {
    this.cache.clear();
    this.rememberName(entry.cik, entry.companyName);
    return (
      // Positional parameters: this runs for every row of a daily index, and binding by name costs more.
      this.upsertFromIndex.run(entry.cik, entry.accessionNumber, entry.formType, entry.dateFiled, entry.companyName).changes > 0
    );
  }

  /**
   * A filing known only from its fetched document (document-filing.derive.ts), with the registrant
   * name its cover prints; true when it changed the state. A no-op when EDGAR's lists know the filing.
   */
  putDocumentFiling(cik: string, accessionNumber: string, filing: DocumentFiling): boolean {
    this.cache.clear();
    this.rememberName(cik, filing.registrantName);
    return (
      this.upsertFromDocument.run({
        cik,
        accession: accessionNumber,
        form: filing.formType,
        date: filing.filingDate,
        fileNumber: filing.fileNumber,
        primaryDocument: filing.primaryDocument,
        companyName: filing.registrantName,
      }).changes > 0
    );
  }

  /**
   * Replaces the company_tickers.json snapshot; returns the CIKs whose hints changed and the tickers
   * they held before or hold now. A changed CIK's rows are stamped with the snapshot's observedAt; an
   * unchanged CIK keeps its stamp.
   */
  replaceTickerHints(rows: readonly CompanyTickerRow[], observedAt: string): { ciks: string[]; tickers: string[] } {
    this.cache.clear();
    const signature = (hints: Array<{ ticker: string; title: string; exchange: string | null }>) =>
      JSON.stringify(hints.map((h) => [h.ticker, h.title, h.exchange]));
    const before = new Map<string, string>();
    const tickersBefore = new Map<string, string[]>();
    const grouped = new Map<string, Array<{ ord: number; ticker: string; title: string; exchange: string | null }>>();
    for (const row of this.selectAllHints.all() as Array<{ cik: string; ord: number; ticker: string; title: string; exchange: string | null }>) {
      const list = grouped.get(row.cik) ?? [];
      list.push(row);
      grouped.set(row.cik, list);
    }
    for (const [cik, hints] of grouped) {
      before.set(cik, signature(hints));
      tickersBefore.set(cik, hints.map((h) => h.ticker));
    }
    const after = new Map<string, CompanyTickerRow[]>();
    for (const row of rows) {
      const list = after.get(row.cik) ?? [];
      list.push(row);
      after.set(row.cik, list);
    }
    const changed: string[] = [];
    for (const cik of new Set([...before.keys(), ...after.keys()])) {
      const next = after.get(cik) ?? [];
      if (before.get(cik) === (next.length ? signature(next) : undefined)) continue;
      this.deleteHints.run(cik);
      for (const row of next) {
        this.insertHint.run(cik, row.order, row.ticker, row.title, row.exchange, observedAt);
        // The SEC's title names the entity too, and is how a vendor table names a SPAC after its merger
        // (Bloomberg's "Opendoor Technologies Inc" for IPOB/U is CIK 1801169, which filed as Social Capital
        // Hedosophia Holdings Corp. II): a vendor row must find the CIK by it, as the CIK finds the row.
        this.rememberName(cik, row.title);
      }
      changed.push(cik);
    }
    // The tickers the changed CIKs held before and hold now: a ticker given up matters as one taken.
    const tickers = changed.flatMap((cik) => [...(tickersBefore.get(cik) ?? []), ...(after.get(cik) ?? []).map((r) => r.ticker)]);
    return { ciks: changed.sort(), tickers: [...new Set(tickers)].sort() };
  }

  load(cik: string): { facts: CompanyFacts; filings: KnownFiling[]; hints: TickerHint[] } | null {
    return this.cache.get(`c\0${cik}`, () => this.readCompany(cik));
  }

  private readCompany(cik: string): { facts: CompanyFacts; filings: KnownFiling[]; hints: TickerHint[] } | null {
    const row = this.selectCompany.get(cik) as CompanyStateRow | undefined;
    if (!row) return null;
    const facts: CompanyFacts = {
      cik,
      name: row.name,
      entityType: row.entity_type,
      sic: row.sic,
      sicDescription: row.sic_description,
      tickers: JSON.parse(row.tickers_json) as string[],
      exchanges: JSON.parse(row.exchanges_json) as Array<string | null>,
      formerNames: JSON.parse(row.former_names_json) as CompanyFacts['formerNames'],
      updatedAt: row.updated_at,
      firstFilingDate: row.first_filing_date,
    };
    const filings = (this.selectFilings.all(cik) as FilingStateRow[]).map(
      (f): KnownFiling => ({
        cik: f.cik,
        accessionNumber: f.accession_number,
        formType: f.form_type,
        filingDate: f.filing_date,
        fileNumber: f.file_number,
        primaryDocument: f.primary_document,
        acceptanceDateTime: f.acceptance_date_time,
        items: f.items,
        reportDate: f.report_date,
        companyName: f.company_name,
        source: f.source,
        coRegistrants: f.co_registrants === null ? [] : f.co_registrants.split(','),
      }),
    );
    // Which filer of a co-registered accession is listed decides its issuer (offering/co-registrants.derive.ts).
    for (const filing of filings) {
      if (filing.coRegistrants!.length > 0) filing.listedFilers = this.selectListedAmong.all({ ciks: JSON.stringify([cik, ...filing.coRegistrants!]) }) as string[];
    }
    const hints = this.selectHints.all(cik) as TickerHint[];
    return { facts, filings, hints };
  }

  /**
   * The company's SIC code and the distinct forms it filed, without loading its filings: what
   * decides whether its filings are offering activity (company-rows.derive.ts hasOfferingActivity).
   * Null when EDGAR has given it no company state.
   */
  formsFiled(cik: string): { sic: string | null; forms: string[] } | null {
    const sic = this.selectSic.get(cik) as string | null | undefined;
    if (sic === undefined) return null;
    return { sic, forms: this.selectFormTypes.all(cik) as string[] };
  }

  /**
   * The company_tickers.json rows of a CIK EDGAR has given no company state (no submissions page,
   * no index row), with when they last changed; null when the snapshot does not list it either.
   */
  loadHintsOnly(cik: string): { hints: TickerHint[]; observedAt: string | null } | null {
    return this.cache.get(`h\0${cik}`, () => this.readHintsOnly(cik));
  }

  private readHintsOnly(cik: string): { hints: TickerHint[]; observedAt: string | null } | null {
    const hints = this.selectHints.all(cik) as TickerHint[];
    if (hints.length === 0) return null;
    return { hints, observedAt: (this.selectHintsObservedAt.get(cik) as string | null) ?? null };
  }

  /** Every CIK the company_tickers.json snapshot lists under a ticker, followed or not. */
  hintCiks(ticker: string): string[] {
    return this.cache.get(`t\0${ticker.toUpperCase()}`, () => this.selectHintCiks.all(ticker.toUpperCase()) as string[]);
  }

  /** Changes whenever `knownFirstFilings` may have (counts writes, never reads the database). */
  firstFilingsVersion(): number {
    return this.metaWrites;
  }

  /** The entities whose first filing a submissions page told (the CIK order's known entities, company/cik-order.derive.ts). */
  knownFirstFilings(): KnownFirstFiling[] {
    return this.selectFirstFilings.all() as KnownFirstFiling[];
  }

  /** CIKs above `above` up to `upTo` (null: unbounded) whose first filing no submissions page told, company_tickers.json's included. */
  undatedCiksBetween(above: string | null, upTo: string | null): string[] {
    return this.selectUndatedBetween.all({ above: above ?? '', upTo: upTo ?? '9999999999' }) as string[];
  }

  recordSkipped(seq: number, type: string, reason: string): void {
    this.insertSkipped.run(seq, type, reason);
  }
}
