import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { marketDemoJobs } from '../scripts/demo.ts';
import { runIpo } from './cli-harness.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample');
const TABLE = join(SAMPLE, 'reference/bloomberg_ipo_data_2000_2025.csv.gz');
const dataDir = mkdtempSync(join(tmpdir(), 'market-import-'));

const ipo = (...argv: string[]) => runIpo(dataDir, ...argv);

beforeAll(async () => {
  // The real SEC ticker map, as the company_tickers job would have recorded it.
  const events = await openEventLogDb(dataDir);
  events.log.append({
    type: 'edgar.company_tickers',
    source: 'edgar',
    subject: 'company_tickers',
    observedAt: '2024-06-03T12:00:00.000Z',
    body: gunzipSync(readFileSync(join(SAMPLE, 'edgar/company_tickers.json.gz'))),
  });
  await events.close();
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('ipo import ipo-table on the real Bloomberg table', () => {
  const windowTickers = marketDemoJobs().tickers;

  it('links the window tickers to CIKs as SOURCES.md counts them (184 of the 321 window listings)', async () => {
    const r = await ipo('import', 'ipo-table', TABLE, '--source', 'bloomberg', '--tickers', windowTickers.join(','));
    expect(r.code).toBe(0);
    // 322 rows: one window ticker (a recycled symbol) has two rows in the table, one of them not US.
    expect(r.out).toMatch(/^322 rows: 184 linked to a CIK, 138 unlinked \(not_us 1, ticker_unknown 137\); 322 new events$/m);
    expect(r.out.split('\n').filter((l) => l.startsWith('  unlinked '))).toHaveLength(20);
    const verbose = await ipo('import', 'ipo-table', TABLE, '--source', 'bloomberg', '--tickers', windowTickers.join(','), '--verbose');
    expect(verbose.out).toMatch(/; 0 new events$/m);
    expect(verbose.out.split('\n').filter((l) => l.startsWith('  unlinked '))).toHaveLength(138);
  });

  it('restricts by trade date and records source and subject', async () => {
    const r = await ipo('import', 'ipo-table', TABLE, '--source', 'bloomberg', '--tickers', 'SNAP,TWTR,GPRO', '--from', '2017-01-01', '--to', '2017-12-31');
    expect(r.out).toMatch(/^1 rows: 1 linked to a CIK, 0 unlinked; 0 new events$/m);
    const events = await openEventLogDb(dataDir);
    try {
      const snap = events.log.ofType('reference.ipo_row').filter((e) => e.subject === 'SNAP');
      expect(snap).toHaveLength(1);
      expect(snap[0].source).toBe('bloomberg');
      expect(snap[0].payload).toMatchObject({ bloombergTicker: 'SNAP US', issuer: 'Snap Inc', offerPrice: 17, tradeDate: '2017-03-02' });
    } finally {
      await events.close();
    }
  });

  it('reads the Yahoo list by its header: its priced US rows, with their exchange', async () => {
    const yahoo = join(SAMPLE, 'reference/yahoo_finance_IPOs_2000_2018.csv.gz');
    const r = await ipo('import', 'ipo-table', yahoo, '--source', 'yahoo');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^297 rows: \d+ linked to a CIK, \d+ unlinked .*; 297 new events$/m);
    const events = await openEventLogDb(dataDir);
    try {
      const slab = events.log.ofType('reference.ipo_row').filter((e) => e.subject === 'SLAB');
      expect(slab.map((e) => [e.source, e.meta])).toEqual([['yahoo', { file: 'yahoo_finance_IPOs_2000_2018.csv.gz' }]]);
      expect(slab[0].payload).toMatchObject({ layout: 'yahoo', exchange: 'NasdaqGM', ipoDate: '2000-03-24', tradeDate: '2000-03-24', offerPrice: 31 });
    } finally {
      await events.close();
    }
    // A CSV of another layout (a price window) is refused, naming the columns it needs.
    const other = await ipo('import', 'ipo-table', join(SAMPLE, 'prices/window/INDEX.csv'), '--source', 'x');
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/FILE must be a Bloomberg export or the Yahoo Finance IPO list, got INDEX\.csv: the header needs Issuer Ticker/);
  });

  it('rejects bad input with exit code 2', async () => {
    expect((await ipo('import', 'ipo-table', TABLE)).code).toBe(2);
    expect((await ipo('import', 'ipo-table', 'table.xlsx', '--source', 'x')).code).toBe(2);
    expect((await ipo('import', 'ipo-table', TABLE, '--source', 'bloomberg', '--from', '2017')).code).toBe(2);
    expect((await ipo('import', 'ipo-table', join(dataDir, 'missing.csv'), '--source', 'bloomberg')).code).toBe(2);
  });
});
