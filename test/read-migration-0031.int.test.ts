import { describe, expect, it } from 'vitest';
import { FILING_DETAIL_SQL } from '../schema/read/filing-detail.ts';
import { generationAt } from './read-migration.kit.ts';

/** Applied Optoelectronics' 2013 IPO filings (CIK 1158114, 333-190591) as EDGAR's submissions list them. */
const filings = [
  ['2013-08-13', '0001047469-13-008409', 'S-1', '333-190591', 'a2216044zs-1.htm', 'filed'],
  ['2013-09-23', '0001104659-13-071526', '8-A12B', '001-36083', 'a13-20885_18a12b.htm', 'amended'],
  ['2013-09-26', '0001047469-13-009310', '424B4', '333-190591', 'a2216811z424b4.htm', 'listed'],
] as const;
const COMPANY = 'APPLIED OPTOELECTRONICS, "AOI", INC.';

const COLUMNS = 'cik, filing_date, accession_number, company_name, name_lower, form_type, file_number, json, ai_enrichment_json, terms_json, terms_detail_json';

describe('migration 0031 on a generation at 0030 (filings clustered by company, the detail element made when read)', () => {
  it('keeps every filing row, keys the table by company with a by-date index, and serves the dropped detail element byte for byte', async () => {
    const { db, toLatest } = await generationAt('0030_unread_final_share_count');
    try {
      const insert = db.prepare(
        `INSERT INTO api_filings (cik, filing_date, accession_number, company_name, name_lower, form_type, file_number, json, detail_json, terms_json, terms_detail_json)
         VALUES ('0001158114', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const [date, accession, form, fileNumber, primaryDocument, status] of filings) {
        // As the projector wrote them: the detail element is the item from accessionNumber on, with aiEnrichment and extended terms.
        const element = { accessionNumber: accession, filingDate: date, formType: form, primaryDocument, inferredStatus: status, formTitle: form, formSummary: null, changeSummary: null };
        const terms = form === '424B4' ? { offeringPrice: 10, totalSharesOffered: 4_166_667, underwriters: ['Raymond James'] } : null;
        insert.run(date, accession, COMPANY, COMPANY.toLowerCase(), form, fileNumber, JSON.stringify({ cik: '0001158114', companyName: COMPANY, ...element }),
          JSON.stringify({ ...element, aiEnrichment: null, terms }), JSON.stringify(terms && { offeringPrice: 10 }), JSON.stringify(terms));
      }
      const before = db.prepare(`SELECT ${COLUMNS} FROM api_filings ORDER BY accession_number`).all();
      const details = db.prepare('SELECT detail_json FROM api_filings ORDER BY accession_number').pluck().all();
      await toLatest();
      expect(db.prepare(`SELECT ${COLUMNS} FROM api_filings ORDER BY accession_number`).all()).toEqual(before);
      expect(db.prepare(`SELECT ${FILING_DETAIL_SQL} FROM api_filings ORDER BY accession_number`).pluck().all()).toEqual(details);
      const columns = db.prepare(`SELECT name FROM pragma_table_info('api_filings')`).pluck().all();
      expect(columns).not.toContain('detail_json');
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
