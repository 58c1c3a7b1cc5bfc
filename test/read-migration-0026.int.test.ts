import { describe, expect, it } from 'vitest';
import { generationAt, insertCompany } from './read-migration.kit.ts';

/**
 * Calyxt (CIK 0001705843) as the demo serves it: its 2017 IPO known only from the Yahoo IPO list's row
 * (CLXT, IPO 2017-07-20; data/sample/reference), and its 424B5 of 2022-10-03 (the company index of that
 * day, data/sample/edgar/index). The SEC's ticker file lists the company as Cibus, CBUS, today.
 */
const ipo = { fileNumber: null, dealType: 'ipo', status: 'listed', isCurrent: true, source: 'vendor', listingDate: '2017-07-20', offerPrice: 8, ritterExclusions: [] };
const takedown = { fileNumber: null, dealType: 'follow_on', status: 'priced', isCurrent: false, source: 'edgar', pricedDate: '2022-09-30', finalProspectusAccessionNumber: '0001193125-22-256794', ritterExclusions: [] };

describe('migration 0026 on a generation at 0025', () => {
  it("serves an offering's own listing symbol as its ticker, the company's today beside it", async () => {
    const { db, toLatest } = await generationAt('0025_priced_estimate');
    try {
      const insert = (cik: string, offerings: unknown[]) =>
        insertCompany(db, { sortDate: '2022-10-03', cik, name: 'Calyxt, Inc.', ticker: 'CBUS', offerings, consensus: { listingDate: '2017-07-20' } });
      insert('0001705843', [takedown, { ...ipo, listingSymbol: 'CLXT' }]);
      // As projected before the field: the views serve what they did.
      insert('1705843-before', [takedown, ipo]);
      db.prepare("INSERT INTO company_tickers (ticker, cik, is_primary, is_current) VALUES ('CBUS', '0001705843', 1, 1)").run();

      await toLatest();
      expect(db.prepare('SELECT cik, deal_type, ticker, current_ticker FROM offerings ORDER BY cik, deal_type').all()).toEqual([
        { cik: '0001705843', deal_type: 'follow_on', ticker: 'CBUS', current_ticker: 'CBUS' },
        { cik: '0001705843', deal_type: 'ipo', ticker: 'CLXT', current_ticker: 'CBUS' },
        { cik: '1705843-before', deal_type: 'follow_on', ticker: 'CBUS', current_ticker: null },
        { cik: '1705843-before', deal_type: 'ipo', ticker: 'CBUS', current_ticker: null },
      ]);
      expect(db.prepare('SELECT cik, ticker, current_ticker FROM ipo_calendar ORDER BY cik').all()).toEqual([
        { cik: '0001705843', ticker: 'CLXT', current_ticker: 'CBUS' },
        { cik: '1705843-before', ticker: 'CBUS', current_ticker: null },
      ]);
    } finally {
      db.close();
    }
  });
});
