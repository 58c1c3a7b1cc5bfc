import { describe, expect, it } from 'vitest';
import { generationAt } from './read-migration.kit.ts';
import { ANALYST_VIEWS, analystViewStatements } from '../schema/read/analyst-views.ts';
import { parseStooqCsv } from '../projector/market/bars.parse.ts';
import { parseIpoTable } from '../projector/market/ipo-table.parse.ts';
import { deriveOutcome } from '../projector/market/outcome.derive.ts';
import { readSample } from '../projector/common/sample.testkit.ts';

describe('migration 0016 on a generation at 0015, its views in place', () => {
  it("gives ipo_outcomes Ritter's measures from the stored outcome", async () => {
    const { db, toLatest } = await generationAt('0015_fees_and_advisers');
    try {
      // A generation migrated to 0015 by an earlier release has that release's views: ipo_outcomes without the new columns.
      for (const statement of analystViewStatements.filter((s) => !/VIEW (?:ipo_outcomes|expiry_calendar)\b/.test(s))) db.exec(statement);
      db.exec(`CREATE VIEW ipo_outcomes AS SELECT o.cik AS cik, o.ticker AS ticker FROM outcomes o`);
      // Twitter's first day from its Bloomberg row and daily bars, and its final prospectus's 70M-share base deal.
      const row = parseIpoTable(readSample('reference/bloomberg_ipo_data_2000_2025.csv.gz')).find((r) => r.bloombergTicker === 'TWTR US')!;
      const outcome = deriveOutcome(
        { cik: '0001418091', companyName: 'Twitter, Inc.', ticker: 'TWTR', exchange: 'NYSE', sicDescription: null, updatedAt: null },
        {
          offerPrice: 26,
          pricingDate: '2013-11-06',
          bars: parseStooqCsv(readSample('prices/window/TWTR.csv')),
          baseDeal: { sharesOffered: 70_000_000, grossProceeds: 1_820_000_000 },
          vendor: { offerSizeMillions: row.offerSizeMillions, offerToFirstClosePct: row.offerToFirstClosePct, tradeDate: row.tradeDate },
        },
      )!;
      db.prepare(
        `INSERT INTO outcomes (trading_start_date, cik, ticker, company_name, name_lower, status, json) VALUES (?, ?, 'TWTR', 'Twitter, Inc.', 'twitter, inc.', ?, ?)`,
      ).run(outcome.tradingStartDate, outcome.cik, outcome.status, JSON.stringify(outcome));

      await toLatest();
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name`).pluck().all()).toEqual([...ANALYST_VIEWS].sort());
      expect(db.prepare('SELECT listing_date, close_day1, day1_return_source, shares_sold, gross_proceeds, gross_proceeds_basis, money_left_on_table FROM ipo_outcomes').get()).toEqual({
        listing_date: '2013-11-07',
        close_day1: 44.9,
        day1_return_source: 'price_series',
        shares_sold: 70_000_000,
        gross_proceeds: 1_820_000_000,
        gross_proceeds_basis: 'base_deal',
        money_left_on_table: 1_323_000_000,
      });
    } finally {
      db.close();
    }
  });
});
