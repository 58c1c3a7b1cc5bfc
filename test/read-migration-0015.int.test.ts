import { describe, expect, it } from 'vitest';
import { generationAt } from './read-migration.kit.ts';
import { ANALYST_VIEWS, analystViewStatements } from '../schema/read/analyst-views.ts';

describe('migration 0015 on a generation at 0014, its views in place', () => {
  it('gives offerings their fees, expenses and advisers, and creates the advisers view', async () => {
    const { db, toLatest } = await generationAt('0014_vendor_identity_lookups');
    try {
      // A generation migrated to 0014 by an earlier release has that release's views: offerings
      // without the new columns, and no advisers view.
      for (const statement of analystViewStatements.filter((s) => !/VIEW (?:offerings|advisers|expiry_calendar)\b/.test(s))) db.exec(statement);
      db.exec(`CREATE VIEW offerings AS SELECT c.cik AS cik, json_extract(o.value, '$.fileNumber') AS file_number FROM companies c, json_each(c.offerings_json) o`);
      // Unicycive's IPO as its S-1/A's terms state it (projector/extract/labels): a blank cover table,
      // the $600,000 estimate, its counsel and auditor.
      const terms = {
        proceedsToIssuerTotal: null,
        feesSource: 'blank_cover_table',
        offeringExpenses: 600000,
        offeringExpensesSource: 'prospectus',
        issuerCounsel: ['Sheppard, Mullin, Richter & Hampton'],
        underwritersCounsel: ['ArentFox Schiff'],
        auditors: ['Mayer Hoffman McCann'],
      };
      const offering = { fileNumber: '333-256367', dealType: 'ipo', status: 'listed', openedDate: '2021-06-01', listingDate: '2021-07-13', termsAccessionNumber: '0001213900-21-035033', terms };
      db.prepare(
        `INSERT INTO companies (sort_date, cik, name, name_lower, ticker, offering_status, deal_type, market, is_ipo, json, offerings_json)
         VALUES ('2021-07-13', '0001766140', 'Unicycive Therapeutics, Inc.', 'unicycive therapeutics, inc.', 'UNCY', 'listed', 'ipo', 'us', 1, '{}', ?)`,
      ).run(JSON.stringify([offering]));

      await toLatest();
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name`).pluck().all()).toEqual([...ANALYST_VIEWS].sort());
      expect(db.prepare('SELECT fees_source, offering_expenses, net_proceeds_to_issuer, issuer_counsel, underwriters_counsel, auditors FROM offerings').get()).toEqual({
        fees_source: 'blank_cover_table',
        offering_expenses: 600000,
        net_proceeds_to_issuer: null,
        issuer_counsel: 'Sheppard, Mullin, Richter & Hampton',
        underwriters_counsel: 'ArentFox Schiff',
        auditors: 'Mayer Hoffman McCann',
      });
      expect(db.prepare('SELECT file_number, terms_accession_number, role, firm, position FROM advisers ORDER BY role').all()).toEqual([
        { file_number: '333-256367', terms_accession_number: '0001213900-21-035033', role: 'auditor', firm: 'Mayer Hoffman McCann', position: 1 },
        { file_number: '333-256367', terms_accession_number: '0001213900-21-035033', role: 'issuer_counsel', firm: 'Sheppard, Mullin, Richter & Hampton', position: 1 },
        { file_number: '333-256367', terms_accession_number: '0001213900-21-035033', role: 'underwriters_counsel', firm: 'ArentFox Schiff', position: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});
