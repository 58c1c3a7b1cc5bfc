import { describe, expect, it } from 'vitest';
import { generationAt } from './read-migration.kit.ts';

/** Applied Optoelectronics' 2013 IPO filings (CIK 1158114, 333-190591) as EDGAR's submissions list them. */
const filings = [
  ['2013-08-13', '0001047469-13-008409', 'S-1', '333-190591'],
  ['2013-09-23', '0001104659-13-071526', '8-A12B', '001-36083'],
  ['2013-09-26', '0001047469-13-009310', '424B4', '333-190591'],
] as const;

const COLUMNS = 'cik, filing_date, accession_number, company_name, name_lower, form_type, file_number, json, detail_json, ai_enrichment_json, terms_json, terms_detail_json';

describe('migration 0031 on a generation at 0030 (filings clustered by company)', () => {
  it('keeps every filing row and keys the table by company, the by-date order an index', async () => {
    const { db, toLatest } = await generationAt('0030_unread_final_share_count');
    try {
      const insert = db.prepare(
        `INSERT INTO api_filings (cik, filing_date, accession_number, company_name, name_lower, form_type, file_number, json, detail_json)
         VALUES ('0001158114', ?, ?, 'APPLIED OPTOELECTRONICS, INC.', 'applied optoelectronics, inc.', ?, ?, ?, ?)`,
      );
      for (const [date, accession, form, fileNumber] of filings) {
        insert.run(date, accession, form, fileNumber, JSON.stringify({ accessionNumber: accession, formType: form }), JSON.stringify({ accessionNumber: accession }));
      }
      const before = db.prepare(`SELECT ${COLUMNS} FROM api_filings ORDER BY accession_number`).all();
      await toLatest();
      expect(db.prepare(`SELECT ${COLUMNS} FROM api_filings ORDER BY accession_number`).all()).toEqual(before);
      const key = db.prepare(`SELECT name FROM pragma_table_info('api_filings') WHERE pk > 0 ORDER BY pk`).pluck().all();
      expect(key).toEqual(['cik', 'filing_date', 'accession_number']);
      const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'api_filings' ORDER BY name`).pluck().all();
      expect(indexes).toEqual(['api_filings_by_accession', 'api_filings_by_date', 'api_filings_by_form']);
      // The analysts' view reads the new table.
      expect(db.prepare(`SELECT form_type FROM filings ORDER BY filing_date DESC LIMIT 1`).pluck().get()).toBe('424B4');
      // The API's newest-first page walks the date index, not a sort of the table.
      const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT json FROM api_filings ORDER BY filing_date DESC, accession_number DESC, cik DESC LIMIT 51`).all() as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join('\n')).toContain('api_filings_by_date');
    } finally {
      db.close();
    }
  });
});
