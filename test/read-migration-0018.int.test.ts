import { describe, expect, it } from 'vitest';
import { generationAt } from './read-migration.kit.ts';
import { MarketStore } from '../projector/runner/market.store.ts';
import { parseIpoTable } from '../projector/market/ipo-table.parse.ts';
import { readSample } from '../projector/common/sample.testkit.ts';

describe('migration 0018 on a generation at 0017', () => {
  it('keeps the stored vendor rows and finds them by date and by offer price and size once put again', async () => {
    const { db, toLatest } = await generationAt('0017_expiry_calendar');
    try {
      // Ottawa Bancorp's 2016 second step as Bloomberg lists it twice (OTTW, and the old mid-tier company's 1448759D).
      const rows = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).filter((r) => ['OTTW US', '1448759D US'].includes(r.bloombergTicker));
      expect(rows).toHaveLength(2);
      db.prepare(`INSERT INTO proj_ipo_rows (ticker, bloomberg_ticker, trade_date, row_json, observed_at) VALUES (?, ?, ?, ?, ?)`).run(
        rows[0].ticker, rows[0].bloombergTicker, rows[0].tradeDate, JSON.stringify(rows[0]), '2026-02-01T00:00:00.000Z',
      );

      await toLatest();
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'proj_ipo_rows' AND name LIKE 'proj_ipo_rows_by_%' ORDER BY name`).pluck().all()).toEqual(
        ['proj_ipo_rows_by_cusip_issuer', 'proj_ipo_rows_by_first_trade_day', 'proj_ipo_rows_by_issuer', 'proj_ipo_rows_by_offer_key', 'proj_ipo_rows_by_trade_date'],
      );
      // A row stored before the column existed has no offer key until it is put again (the rebuild, or the same row re-imported).
      expect(db.prepare('SELECT offer_key FROM proj_ipo_rows').pluck().all()).toEqual([null]);
      const market = new MarketStore(db);
      for (const row of rows) market.putIpoRow(row, '2026-02-02T00:00:00.000Z');
      expect(market.ipoRowsOffered('10|23.84', '2016-07-01', '2016-12-31', true).map((r) => r.row.bloombergTicker)).toEqual(['1448759D US', 'OTTW US']);
      expect(market.ipoRowsOffered('10|23.84', '2016-07-01', '2016-12-31', false).map((r) => r.row.bloombergTicker)).toEqual(['1448759D US']);
      expect(market.ipoRowsDated('2016-10-12', 10, false).map((r) => r.row.bloombergTicker)).toEqual(['OTTW US']);
      expect(market.ipoRowsDated('2016-10-12', 10, true)).toEqual([]);
    } finally {
      db.close();
    }
  });
});
