import type { SqliteHandle } from '../schema/sqlite.ts';
import type { DerivedCompany } from './company.derive.ts';
import type { FilingIdentityRow } from './filing.derive.ts';

interface ExistingFiling {
  filing_date: string;
  accession_number: string;
  company_name: string | null;
  form_type: string;
  file_number: string | null;
  json: string;
  detail_json: string;
}

/**
 * Writes the served rows of one company. Only the identity columns are written; enrichment
 * columns that later steps fill are kept, and unchanged rows are not rewritten at all.
 */
export class ServedTables {
  private readonly updateCompany;
  private readonly insertCompany;
  private readonly deleteTickers;
  private readonly insertTicker;
  private readonly deleteSearch;
  private readonly insertSearch;
  private readonly selectFilings;
  private readonly deleteFiling;
  private readonly insertFiling;
  private readonly updateFiling;

  constructor(db: SqliteHandle) {
    const companyColumns = [
      'sort_date', 'name', 'name_lower', 'ticker', 'exchange', 'offering_status', 'deal_type', 'market', 'is_ipo', 'kind',
      'gross_proceeds', 'updated_at', 'json',
    ];
    this.updateCompany = db.prepare(
      `UPDATE companies SET ${companyColumns.map((c) => `${c} = @${c}`).join(', ')} WHERE cik = @cik`,
    );
    this.insertCompany = db.prepare(
      `INSERT INTO companies (cik, ${companyColumns.join(', ')}) VALUES (@cik, ${companyColumns.map((c) => `@${c}`).join(', ')})`,
    );
    this.deleteTickers = db.prepare('DELETE FROM company_tickers WHERE cik = ?');
    this.insertTicker = db.prepare('INSERT INTO company_tickers (ticker, cik, is_primary) VALUES (?, ?, ?)');
    // The FTS rowid is the numeric CIK, so the search table's content never depends on write history.
    this.deleteSearch = db.prepare('DELETE FROM company_search WHERE rowid = ?');
    this.insertSearch = db.prepare('INSERT INTO company_search (rowid, cik, name, tickers) VALUES (?, ?, ?, ?)');
    this.selectFilings = db.prepare(
      'SELECT filing_date, accession_number, company_name, form_type, file_number, json, detail_json FROM filings WHERE cik = ?',
    );
    this.deleteFiling = db.prepare('DELETE FROM filings WHERE filing_date = ? AND accession_number = ? AND cik = ?');
    this.insertFiling = db.prepare(
      `INSERT INTO filings (filing_date, accession_number, cik, company_name, name_lower, form_type, file_number, json, detail_json)
       VALUES (@filing_date, @accession_number, @cik, @company_name, @name_lower, @form_type, @file_number, @json, @detail_json)`,
    );
    this.updateFiling = db.prepare(
      `UPDATE filings SET company_name = @company_name, name_lower = @name_lower, form_type = @form_type,
         file_number = @file_number, json = @json, detail_json = @detail_json
       WHERE filing_date = @filing_date AND accession_number = @accession_number AND cik = @cik`,
    );
  }

  writeCompany(company: DerivedCompany): void {
    if (this.updateCompany.run(company.row).changes === 0) this.insertCompany.run(company.row);
    this.deleteTickers.run(company.row.cik);
    for (const t of company.tickers) this.insertTicker.run(t.ticker, t.cik, t.is_primary);
    const rowid = Number(company.row.cik);
    this.deleteSearch.run(rowid);
    this.insertSearch.run(rowid, company.search.cik, company.search.name, company.search.tickers);
  }

  writeFilings(cik: string, rows: readonly FilingIdentityRow[]): void {
    const existing = new Map<string, ExistingFiling>();
    for (const row of this.selectFilings.all(cik) as ExistingFiling[]) existing.set(row.accession_number, row);
    for (const row of rows) {
      const old = existing.get(row.accession_number);
      existing.delete(row.accession_number);
      if (!old) {
        this.insertFiling.run(row);
      } else if (old.filing_date !== row.filing_date) {
        this.deleteFiling.run(old.filing_date, old.accession_number, cik);
        this.insertFiling.run(row);
      } else if (
        old.json !== row.json ||
        old.detail_json !== row.detail_json ||
        old.company_name !== row.company_name ||
        old.form_type !== row.form_type ||
        old.file_number !== row.file_number
      ) {
        this.updateFiling.run(row);
      }
    }
    for (const stale of existing.values()) this.deleteFiling.run(stale.filing_date, stale.accession_number, cik);
  }
}
