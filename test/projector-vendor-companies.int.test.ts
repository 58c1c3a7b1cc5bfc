import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite } from '../schema/databases.ts';
import type { NewEvent } from '../schema/events/event-log.ts';
import type { SqliteHandle } from '../schema/sqlite.ts';
import { projectIncremental } from '../projector/index.ts';
import { linkIpoRows, tickerMapFromCompanyTickers } from '../projector/market/ipo-table.parse.ts';
import { normalizeCompanyName } from '../projector/common/company-name.ts';
import { barsEvent, bloombergRows, ipoRowEvents, windowTickers, yahooRows } from './projector-enrichment-events.ts';
import { companyTickersEvent, dumpReadDb, indexEntryEvents, sampleBytes, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';

const GOPRO = '0001500435';
const SNAP = '0001564408';
const AAOI = '0001158114';
const fixedClock = () => new Date('2026-02-02T00:00:00.000Z');

/**
 * Companies created from vendor rows, on the real sample without the daily index: the submissions
 * pages name 10 companies, the Bloomberg rows of the window tickers and their Stooq bars do the rest.
 */
const tickers = new Set(windowTickers());
const rows = bloombergRows().filter((r) => tickers.has(r.ticker) || r.ticker === 'AAOI');
const edgarEvents = (): NewEvent[] => [companyTickersEvent(), ...SUBMISSIONS_FILES.map((f) => submissionsEvent(f))];
const barEvents = (): NewEvent[] => [...tickers].map((t) => barsEvent(t));

/**
 * The real tickers snapshot with GoPro's rows left out, observed a day later: a test-made variant
 * (not a recorded file) standing for a later snapshot in which the ticker is gone.
 */
function snapshotWithoutGoPro(): NewEvent {
  const doc = JSON.parse(sampleBytes('company_tickers.json.gz').toString('utf8')) as Record<string, { cik_str: number }>;
  const kept = Object.fromEntries(Object.entries(doc).filter(([, r]) => r.cik_str !== Number(GOPRO)));
  return { ...companyTickersEvent('2026-02-02T09:00:00.000Z'), body: Buffer.from(JSON.stringify(kept)) };
}

async function project(dir: string, arrivals: NewEvent[][], batchSize = 1000): Promise<{ db: SqliteHandle; close(): Promise<void> }> {
  const events = await openEventLogDb(dir);
  const read = await openReadDbForWrite(`${dir}/read.db`);
  for (const arrival of arrivals) {
    events.log.appendMany(arrival);
    const result = projectIncremental({ eventLog: events.log, readDb: read.sqlite, batchSize, clock: fixedClock, lockDir: null });
    expect(result.skipped).toBe(0);
  }
  return { db: read.sqlite, close: async () => { await read.close(); await events.close(); } };
}

describe('companies from linked vendor rows', () => {
  const tmp = tempDir('projector-vendor');
  let served: Awaited<ReturnType<typeof project>>;
  const company = (cik: string) => {
    const row = served.db.prepare('SELECT * FROM companies WHERE cik = ?').get(cik) as Record<string, any> | undefined;
    return row && ({ ...row, api: JSON.parse(row.json), consensus: JSON.parse(row.consensus_json) } as Record<string, any>);
  };
  const outcome = (cik: string) => {
    const text = served.db.prepare('SELECT json FROM outcomes WHERE cik = ?').pluck().get(cik) as string | undefined;
    return text === undefined ? undefined : JSON.parse(text);
  };
  const bloombergDay1 = (ticker: string) => rows.find((r) => r.ticker === ticker && r.country === 'US')!.offerToFirstClosePct!;

  beforeAll(async () => {
    // Vendor rows and bars first, the tickers snapshot and submissions after: links appear whatever the order.
    served = await project(`${tmp.dir}`, [[...ipoRowEvents(rows), ...barEvents()], edgarEvents()]);
  }, 60_000);
  afterAll(async () => {
    await served.close();
    tmp.remove();
  });

  it('GoPro and Snap: served from their Bloomberg rows, with outcomes that agree with Bloomberg', () => {
    for (const [cik, ticker] of [[GOPRO, 'GPRO'], [SNAP, 'SNAP']]) {
      const c = company(cik)!;
      expect(c.api).toMatchObject({ cik, tickerHint: ticker, latestFormType: null, latestFilingDate: null, offeringStatus: 'listed', dealType: 'ipo' });
      expect(c).toMatchObject({ is_ipo: 1, kind: 'operating', sort_date: '' });
      // The name is the company_tickers.json title.
      const title = served.db.prepare('SELECT title FROM proj_ticker_hints WHERE cik = ? ORDER BY ord').pluck().get(cik);
      expect(c.name).toBe(title);
      expect(c.consensus.sourceSummary.vendor_ipo_table).toMatch(/offer \$\d+\.\d\d/);
      const o = outcome(cik);
      expect(o).toMatchObject({ cik, ticker, status: 'complete' });
      expect(Math.abs(o.day1ReturnPct - bloombergDay1(ticker))).toBeLessThan(0.01);
      // updatedAt is the latest observation it was derived from: the bars and rows (12:00) after the tickers snapshot (09:00).
      expect(c.api.updatedAt).toBe('2026-02-01T12:00:00.000Z');
    }
  });

  it('Snap known to EDGAR only from Form 4s: the vendor row still gives its offering status and deal type', async () => {
    const dir = tempDir('projector-vendor-snap');
    // The real 2020-03-18 form index lists Form 4s filed for Snap Inc, none of them a registration.
    const snapRows = indexEntryEvents('form.20200318.idx.gz').filter((e) => (e.payload as { cik: string }).cik === SNAP);
    expect(snapRows.length).toBeGreaterThan(0);
    const withIndex = await project(dir.dir, [[...ipoRowEvents(rows), ...barEvents()], [...edgarEvents(), ...snapRows]]);
    try {
      const row = withIndex.db.prepare('SELECT json FROM companies WHERE cik = ?').pluck().get(SNAP) as string;
      expect(JSON.parse(row)).toMatchObject({ latestFormType: '4', latestFilingDate: '2020-03-18', offeringStatus: 'listed', dealType: 'ipo' });
    } finally {
      await withIndex.close();
      dir.remove();
    }
  });

  it('every row is a company: its EDGAR company, the CIK its ticker and name link to, or a company of its own; each with bars has an outcome', () => {
    const snapshot = sampleBytes('company_tickers.json.gz').toString('utf8');
    const links = linkIpoRows(rows, tickerMapFromCompanyTickers(snapshot));
    const linked = links.linked.filter((l) => tickers.has(l.row.ticker));
    const linkedCiks = new Set(linked.map((l) => l.cik));
    expect(linkedCiks.size).toBeGreaterThan(150);
    const withOutcome = new Set(served.db.prepare('SELECT cik FROM outcomes').pluck().all() as string[]);
    expect([...linkedCiks].filter((cik) => !withOutcome.has(cik))).toEqual([]);
    // Companies without EDGAR state: the linked CIKs EDGAR did not name, and one V- company per row nobody is the issuer of.
    const vendorOnly = served.db.prepare(`SELECT cik FROM companies WHERE cik NOT IN (SELECT cik FROM proj_company_state) ORDER BY cik`).pluck().all() as string[];
    const edgar = new Set(SUBMISSIONS_FILES.map((f) => f.cik));
    const unlinkedUs = links.unlinked.filter((u) => u.reason !== 'not_us' && u.row.tradeDate !== null);
    // Besides the ticker links: a SPAC's row joins the registrant the SEC titles with the company it became
    // (Platinum Eagle's 2018 units, Bloomberg's "Target Hospitality Corp", are CIK 1712189's IPO).
    const linkedByTicker = [...linkedCiks].filter((cik) => !edgar.has(cik)).sort();
    const byTitle = vendorOnly.filter((c) => !c.startsWith('V-') && !linkedByTicker.includes(c));
    const titled = new Map(byTitle.map((cik) => [cik, served.db.prepare(`SELECT deal_type, name FROM companies WHERE cik = ?`).get(cik) as { deal_type: string; name: string }]));
    const norm = (s: string) => normalizeCompanyName(s);
    const joinedRows = unlinkedUs.filter((u) => [...titled.values()].some((c) => c.deal_type === 'spac' && norm(c.name) === norm(u.row.issuer)));
    for (const [cik, c] of titled) expect(c.deal_type, cik).toBe('spac');
    expect(joinedRows.length).toBeGreaterThanOrEqual(byTitle.length);
    expect(vendorOnly.filter((c) => c.startsWith('V-')).sort()).toEqual(
      unlinkedUs.filter((u) => !joinedRows.includes(u)).map((u) => `V-${u.row.ticker}-${u.row.tradeDate}`).sort(),
    );
    // Each of them answers by its ticker with the vendor's offer price and trade date.
    const twitter = company('V-TWTR-2013-11-07')!;
    expect(twitter.api).toMatchObject({ name: 'Twitter Inc', tickerHint: 'TWTR', offeringStatus: 'listed', dealType: 'ipo' });
    expect(twitter.consensus).toMatchObject({ offerPrice: 26, listingDate: '2013-11-07' });
    expect(served.db.prepare(`SELECT cik FROM company_tickers WHERE ticker = 'TWTR'`).pluck().all()).toEqual(['V-TWTR-2013-11-07']);
    expect(outcome('V-TWTR-2013-11-07')).toMatchObject({ ticker: 'TWTR', offerPrice: 26, status: 'complete' });
  });

  it('a company with EDGAR and vendor data keeps its EDGAR-derived row', async () => {
    const aaoi = company(AAOI)!;
    expect(aaoi.api).toMatchObject({ name: 'APPLIED OPTOELECTRONICS, INC.', latestFormType: expect.any(String) });
    expect(outcome(AAOI)).toMatchObject({ ticker: 'AAOI', offerPrice: 10 });
    // The same EDGAR events and bars without any vendor row: every EDGAR company has the same status and deal type.
    const tmpEdgar = tempDir('projector-vendor-edgar-only');
    const edgarOnly = await project(tmpEdgar.dir, [[...barEvents(), ...edgarEvents()]]);
    try {
      const statuses = (db: SqliteHandle) =>
        db.prepare('SELECT cik, offering_status, deal_type FROM companies WHERE cik IN (SELECT cik FROM proj_company_state) ORDER BY cik').all();
      expect(statuses(served.db)).toEqual(statuses(edgarOnly.db));
      expect(statuses(served.db)).toContainEqual({ cik: AAOI, offering_status: aaoi.offering_status, deal_type: 'ipo' });
    } finally {
      await edgarOnly.close();
      tmpEdgar.remove();
    }
  });

  it('a later tickers snapshot without the ticker moves the row to a company of its own; a rebuild agrees with incremental projection', async () => {
    const later = tempDir('projector-vendor-later');
    const arrivals = [edgarEvents(), [...ipoRowEvents(rows), ...barEvents()], [snapshotWithoutGoPro()]];
    const incremental = await project(`${later.dir}/incremental`, arrivals, 97);
    const rebuilt = await project(`${later.dir}/rebuilt`, [arrivals.flat()]);
    try {
      const count = (db: SqliteHandle, table: string) => db.prepare(`SELECT count(*) FROM ${table} WHERE cik = ?`).pluck().get(GOPRO);
      for (const table of ['companies', 'company_list', 'company_list_items', 'outcomes', 'api_news', 'company_tickers', 'proj_news_links']) expect(count(incremental.db, table), table).toBe(0);
      expect(incremental.db.prepare(`SELECT cik FROM company_tickers WHERE ticker = 'GPRO'`).pluck().all()).toEqual(['V-GPRO-2014-06-26']);
      expect(incremental.db.prepare('SELECT count(*) FROM outcomes WHERE cik = ?').pluck().get(SNAP)).toBe(1);
      expect(dumpReadDb(incremental.db)).toBe(dumpReadDb(rebuilt.db));
    } finally {
      await incremental.close();
      await rebuilt.close();
      later.remove();
    }
  });
});

describe('rows of two vendor tables describing one IPO', () => {
  const tmp = tempDir('projector-vendor-yahoo');
  // Real pairs: Snap (an EDGAR company by its ticker), American Renal Associates (Yahoo's abbreviated
  // name, its first bar refused), Kala (renamed KALA BIO), HubSpot (Yahoo a day later), Torch Offshore
  // (TORC at its IPO, TORCQ in Bloomberg); and Double Eagle's 2015 EAGLU, whose symbol Platinum Eagle reused in 2018.
  const pairs = { bloomberg: ['SNAP', 'ARA', 'KALA', 'HUBS', 'TORCQ', 'EAGLU'], yahoo: ['SNAP', 'ARA', 'KALA', 'HUBS', 'TORC', 'EAGLU'] };
  const bRows = bloombergRows().filter((r) => r.country === 'US' && pairs.bloomberg.includes(r.ticker));
  const yRows = yahooRows().filter((r) => pairs.yahoo.includes(r.ticker));
  const bars = ['SNAP', 'ARA', 'KALA', 'HUBS'].map((t) => barsEvent(t));
  let incremental: Awaited<ReturnType<typeof project>>;
  let rebuilt: Awaited<ReturnType<typeof project>>;
  const companiesWith = (ticker: string) => incremental.db.prepare('SELECT DISTINCT cik FROM company_tickers WHERE ticker = ? ORDER BY cik').pluck().all(ticker) as string[];
  const consensus = (cik: string) => JSON.parse(incremental.db.prepare('SELECT consensus_json FROM companies WHERE cik = ?').pluck().get(cik) as string);

  beforeAll(async () => {
    expect(yRows).toHaveLength(6);
    // Yahoo's rows first, each then its own company; Bloomberg's after, in small batches, must fold them in.
    const arrivals = [[...edgarEvents(), ...ipoRowEvents(yRows, undefined, 'yahoo'), ...bars], ipoRowEvents(bRows)];
    incremental = await project(`${tmp.dir}/incremental`, arrivals, 7);
    rebuilt = await project(`${tmp.dir}/rebuilt`, [arrivals.flat()]);
  }, 60_000);
  afterAll(async () => {
    await incremental.close();
    await rebuilt.close();
    tmp.remove();
  });

  it('one company and one offering per IPO, whichever table arrived first; a rebuild agrees', () => {
    expect(companiesWith('SNAP')).toEqual([SNAP]);
    expect(companiesWith('ARA')).toEqual(['V-ARA-2016-04-21']);
    expect(companiesWith('HUBS')).toHaveLength(1);
    expect(companiesWith('TORC')).toEqual(companiesWith('TORCQ'));
    // Double Eagle's 2015 units are WillScot's (a vendor-only company); Platinum Eagle's 2018 units, which Bloomberg
    // names as Target Hospitality, are CIK 1712189's, the registrant the SEC titles so.
    expect(companiesWith('EAGLU')).toEqual(['0001712189', 'V-EAGLU-2015-09-11']);
    const offerings = incremental.db.prepare(`SELECT cik, count(*) AS n FROM offerings WHERE cik IN (SELECT cik FROM company_tickers WHERE ticker IN ('SNAP', 'ARA', 'KALA', 'HUBS', 'TORC')) GROUP BY cik`).all() as Array<{ n: number }>;
    expect(offerings).toHaveLength(5);
    expect(offerings.every((o) => o.n === 1)).toBe(true);
    expect(dumpReadDb(incremental.db)).toBe(dumpReadDb(rebuilt.db));
  });

  it('Bloomberg\'s row states the terms, Yahoo\'s the exchange, which consensus and the calendar serve with its source', () => {
    expect(consensus(SNAP)).toMatchObject({ offerPrice: 17, offerPriceLow: 14, offerPriceHigh: 16, listingDate: '2017-03-02', exchange: 'NYSE' });
    expect(consensus(SNAP).sourceSummary.exchange).toBe('NYSE: the Yahoo Finance IPO list row SNAP, IPO 2017-03-02, its exchange column ("NYSE")');
    expect(consensus('V-ARA-2016-04-21')).toMatchObject({ offerPrice: 22, listingDate: '2016-04-21', exchange: 'NYSE' });
    expect(incremental.db.prepare(`SELECT exchange FROM ipo_calendar WHERE ticker = 'ARA'`).pluck().all()).toEqual(['NYSE']);
    // Platinum Eagle's 2018 units have only Bloomberg's row: no exchange, and the reason says so.
    expect(consensus('0001712189').sourceSummary.exchange).toMatch(/no exchange column in the Bloomberg IPO table row$/);
  });
});
