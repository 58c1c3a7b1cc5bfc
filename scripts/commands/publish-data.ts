import type { ReadModelRows } from '../../projector/publish/article-data.derive.ts';
import { openSqlite } from '../../schema/sqlite.ts';

export { articleDataFromRows } from '../../projector/publish/article-data.derive.ts';

/** Reads the rows an article draws on from a read.db file, read-only (the mapping is projector/publish's). */
export function readModelRows(readDbPath: string): ReadModelRows {
  const db = openSqlite(readDbPath, { readonly: true });
  try {
    return {
      companies: db
        .prepare('SELECT cik, name, ticker, exchange, deal_type, gross_proceeds, classification_json, consensus_json, lockup_schedule_json, offerings_json FROM companies ORDER BY cik')
        .all() as ReadModelRows['companies'],
      filings: db
        .prepare('SELECT cik, company_name, form_type, filing_date, accession_number, file_number, json, terms_json FROM api_filings ORDER BY filing_date, accession_number, cik')
        .all() as ReadModelRows['filings'],
      outcomes: db.prepare('SELECT json FROM outcomes ORDER BY trading_start_date, cik').all() as Array<{ json: string }>,
    };
  } finally {
    db.close();
  }
}
