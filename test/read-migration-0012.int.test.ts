import { describe, expect, it } from 'vitest';
import { generationAt } from './read-migration.kit.ts';
import { ANALYST_VIEWS, analystViewStatements } from '../schema/read/analyst-views.ts';

describe('migration 0012 on a generation at 0011, its views in place', () => {
  it('replaces the underwriters view with one that gives each firm its role and whether it leads', async () => {
    const { db, toLatest } = await generationAt('0011_first_filing_and_offering_views');
    try {
      // A generation migrated to 0011 by an earlier release has that release's views: the
      // underwriters view without roles among them.
      for (const statement of analystViewStatements.filter((s) => !/VIEW (?:underwriters|expiry_calendar)\b/.test(s))) db.exec(statement);
      db.exec(`CREATE VIEW underwriters AS SELECT f.cik AS cik, CAST(u.value AS TEXT) AS underwriter, CAST(u.key AS INTEGER) + 1 AS position
        FROM api_filings f, json_each(json_extract(f.terms_json, '$.underwriters')) u`);
      const terms = {
        underwriters: ['Raymond James & Associates, Inc.', 'Piper Jaffray & Co.'],
        underwriterRoles: ['bookrunner', 'co_manager'],
        leadLeftBookrunner: 'Raymond James & Associates, Inc.',
        leadLeftBookrunnerSource: 'cover',
      };
      db.prepare(
        `INSERT INTO api_filings (accession_number, cik, company_name, name_lower, form_type, file_number, filing_date, json, detail_json, ai_enrichment_json, terms_json, terms_detail_json)
         VALUES ('0001047469-14-002425', '0001158114', 'APPLIED OPTOELECTRONICS, INC.', 'applied optoelectronics, inc.', 'S-1/A', '333-194379', '2014-03-14', '{}', '{}', 'null', ?, ?)`,
      ).run(JSON.stringify({ underwriters: terms.underwriters }), JSON.stringify(terms));

      await toLatest();
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name`).pluck().all()).toEqual([...ANALYST_VIEWS].sort());
      expect(db.prepare('SELECT underwriter, position, role, is_lead_left FROM underwriters ORDER BY position').all()).toEqual([
        { underwriter: 'Raymond James & Associates, Inc.', position: 1, role: 'bookrunner', is_lead_left: 1 },
        { underwriter: 'Piper Jaffray & Co.', position: 2, role: 'co_manager', is_lead_left: 0 },
      ]);
    } finally {
      db.close();
    }
  });
});
