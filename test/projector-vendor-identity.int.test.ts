import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite } from '../schema/databases.ts';
import type { NewEvent } from '../schema/events/event-log.ts';
import type { SqliteHandle } from '../schema/sqlite.ts';
import { projectIncremental } from '../projector/index.ts';
import { openStores } from '../projector/runner/stores.ts';
import { NewsLinker } from '../projector/runner/news-linker.ts';
import { createTradingCalendar } from '../projector/common/trading-calendar.ts';
import { cikFrontier } from '../projector/company/cik-order.derive.ts';
import { vendorIposOf } from '../projector/runner/company-inputs.load.ts';
import { rowsOfIpo } from '../projector/company/vendor-company.derive.ts';
import { vendorRowDate } from '../projector/company/vendor-same-ipo.derive.ts';
import type { IpoTableRow } from '../projector/market/ipo-table.parse.ts';
import { bloombergRawRows, bloombergRows, ipoRowEvents, yahooRows } from './projector-enrichment-events.ts';
import { companyTickersEvent, dumpReadDb, indexEntryEvents, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';

/**
 * Every US row of both bundled vendor tables, and the priced US rows of Bloomberg's raw yearly exports
 * after the consolidated table, with the EDGAR sample (the two daily indexes, the tickers snapshot,
 * the ten submissions pages): what `npm start` serves, without documents, prices or news.
 */
const fixedClock = () => new Date('2026-02-02T00:00:00.000Z');
const usBloomberg = bloombergRows().filter((r) => r.country === 'US');
const usBloombergRaw = bloombergRawRows().filter((r) => r.country === 'US');
const usYahoo = yahooRows();
const vendorEvents = (): NewEvent[] => [...ipoRowEvents(usBloomberg), ...ipoRowEvents(usBloombergRaw), ...ipoRowEvents(usYahoo, undefined, 'yahoo')];
const indexEvents = (): NewEvent[] => [...indexEntryEvents('form.20200318.idx.gz'), ...indexEntryEvents('company.20221003.idx.gz'), companyTickersEvent()];
const submissionEvents = (): NewEvent[] => SUBMISSIONS_FILES.map((f) => submissionsEvent(f));

async function project(dir: string, arrivals: NewEvent[][], batchSize: number): Promise<{ db: SqliteHandle; close(): Promise<void> }> {
  const events = await openEventLogDb(dir);
  const read = await openReadDbForWrite(`${dir}/read.db`);
  for (const arrival of arrivals) {
    events.log.appendMany(arrival);
    expect(projectIncremental({ eventLog: events.log, readDb: read.sqlite, batchSize, clock: fixedClock, lockDir: null }).skipped).toBe(0);
  }
  return { db: read.sqlite, close: async () => { await read.close(); await events.close(); } };
}

const rowKey = (r: IpoTableRow) => `${r.layout ?? 'bloomberg'}|${r.bloombergTicker}|${vendorRowDate(r)}`;

/** Row key → the companies serving it, and the served companies' IPOs, read back as the projector loads them. */
function servedRows(db: SqliteHandle): { servedBy: Map<string, string[]>; ipos: number; companies: string[] } {
  const stores = openStores(db);
  const sources = { ...stores, linker: new NewsLinker(stores.news), calendar: createTradingCalendar(), cikFrontier: cikFrontier(stores.edgar.knownFirstFilings()) };
  const companies = db.prepare('SELECT cik FROM companies ORDER BY cik').pluck().all() as string[];
  const servedBy = new Map<string, string[]>();
  let ipos = 0;
  for (const id of companies) {
    for (const ipo of vendorIposOf(sources, id) ?? []) {
      ipos++;
      for (const { row } of rowsOfIpo(ipo)) servedBy.set(rowKey(row), [...(servedBy.get(rowKey(row)) ?? []), id]);
    }
  }
  return { servedBy, ipos, companies };
}

describe('vendor rows joined by identity, on every US row of both tables', () => {
  const tmp = tempDir('projector-vendor-identity');
  let rebuilt: Awaited<ReturnType<typeof project>>;
  let served: ReturnType<typeof servedRows>;
  const ownersOf = (layout: 'bloomberg' | 'yahoo', symbol: string) =>
    [...served.servedBy].filter(([k]) => k.startsWith(`${layout}|${symbol}|`)).flatMap(([, ids]) => ids);

  beforeAll(async () => {
    rebuilt = await project(`${tmp.dir}/rebuilt`, [[...indexEvents(), ...submissionEvents(), ...vendorEvents()]], 100_000);
    served = servedRows(rebuilt.db);
  }, 120_000);
  afterAll(async () => {
    await rebuilt.close();
    tmp.remove();
  });

  it('serves every dated US row by exactly one company: no row lost, none twice', () => {
    const rows = [...usBloomberg, ...usBloombergRaw, ...usYahoo];
    // 1,461 raw rows are rows of the consolidated table, value for value (one event each): 285 new.
    expect(new Set(rows.map(rowKey)).size).toBe(4855 + 285);
    expect(rebuilt.db.prepare('SELECT count(*) FROM proj_ipo_rows').pluck().get()).toBe(4855 + 285);
    const counts = rows.map((r) => served.servedBy.get(rowKey(r))?.length ?? 0);
    expect(counts.filter((n) => n !== 1)).toEqual([]);
    // Fewer IPOs than rows: the rows of one IPO in both tables (or twice in one) are one offering.
    // README (Two vendor IPO tables): 4,855 rows in 4,630 IPOs, and the raw exports' 285 new rows 285 IPOs more.
    expect(served.ipos).toBe(4630 + 285);
  });

  it('one IPO, one company: a renamed issuer under a new symbol joins by first day, price and close (FB and META)', () => {
    expect(ownersOf('yahoo', 'FB')).toEqual(['0001326801']);
    expect(ownersOf('bloomberg', 'META US')).toEqual(['0001326801']);
    // Antero Midstream GP's 2017 IPO: Yahoo's AMGP, Bloomberg's AM as Antero Midstream Corp.
    expect(ownersOf('yahoo', 'AMGP')).toEqual(ownersOf('bloomberg', 'AM US'));
    // "Grubhub Inc/old": Bloomberg's predecessor mark, the same issuer as Yahoo's GrubHub Inc.
    expect(ownersOf('bloomberg', '9990620D US')).toEqual(ownersOf('yahoo', 'GRUB'));
  });

  it('one IPO, one company when one table names it later or under a placeholder symbol: the only rows of their day at their price', () => {
    for (const [yahoo, bloomberg] of [['EVER', '1624831D US'], ['FTAI', '9991110D US'], ['SN', 'SNECQ US'], ['SERV', 'TMX US'], ['SELB', 'RNAC US'], ['ISBC', 'ISBC US'], ['EAGLU', '1566353D US']]) {
      expect(ownersOf('yahoo', yahoo), yahoo).toHaveLength(1);
      expect(ownersOf('yahoo', yahoo), yahoo).toEqual(ownersOf('bloomberg', bloomberg));
    }
    // Ottawa Bancorp's 2016 second step, listed twice by Bloomberg (the old mid-tier company's placeholder and OTTW).
    expect(ownersOf('bloomberg', '1448759D US')).toEqual(ownersOf('bloomberg', 'OTTW US'));
    expect(ownersOf('bloomberg', 'OTTW US')).toHaveLength(1);
    // Atlas Energy Solutions' 2023 IPO, listed twice by Bloomberg: AESI and 2310932D "AESI Holdings Inc".
    expect(ownersOf('bloomberg', '2310932D US')).toEqual(ownersOf('bloomberg', 'AESI US'));
    expect(ownersOf('bloomberg', 'AESI US')).toHaveLength(1);
    // A Series A/B blank check's two unit series of one day: Good Harbor Partners' GHBAU and GHBBU.
    expect(ownersOf('bloomberg', 'GHBAU US')).toEqual(ownersOf('bloomberg', 'GHBBU US'));
  });

  it('Biohaven Pharmaceutical\'s 2017 IPO joins its own CIK, not Biohaven Ltd (BHVN today, CIK 1935979): the CIK order dates Biohaven Ltd after 2017', () => {
    expect(ownersOf('yahoo', 'BHVN')).toEqual(['0001689813']);
    expect(ownersOf('bloomberg', '2177859D US')).toEqual(['0001689813']);
  });

  it('predecessor IPOs are companies of their own, their IPO served: not joined to the successor carrying the name', () => {
    // Google's 2004 IPO (Bloomberg names it Alphabet Inc, GOOGL; Alphabet's CIK 1652044 is of 2015).
    expect(ownersOf('bloomberg', 'GOOGL US')).toEqual(['V-GOOGL-2004-08-19']);
    // Wright Medical Group's 2001 IPO, not Tornier's Wright Medical Group N.V. (CIK 1492658), whose 2011 IPO is WMGI.
    expect(ownersOf('bloomberg', '1321686D US')).toEqual(['V-1321686D-2001-07-13']);
    expect(ownersOf('bloomberg', 'WMGI US')).toEqual(['0001492658']);
    // Emdeon's 2009 IPO (Change Healthcare Holdings), not Change Healthcare Inc. (CIK 1756497), whose IPO is CHNG's of 2019.
    expect(ownersOf('bloomberg', '1873532D US')).toEqual(['V-1873532D-2009-08-12']);
    expect(ownersOf('bloomberg', 'CHNG US')).toEqual(['0001756497']);
    // An entity lists once, its latest IPO (entityOwnIpo): Hertz's 2006 IPO is not that of the Hertz
    // Global Holdings of 2016 (CIK 1657853, relisted 2021); Antero Midstream Partners' 2014 IPO is not
    // Antero Midstream Corp's (CIK 1623925, the GP whose IPO was 2017).
    expect(ownersOf('yahoo', 'HTZ')).toEqual(['V-HTZ-2006-11-16']);
    expect(ownersOf('bloomberg', 'HTZ US')).toEqual(['0001657853']);
    expect(ownersOf('yahoo', 'AM')).toEqual(['V-9966611D-2014-11-05']);
    expect(ownersOf('bloomberg', 'AM US')).toEqual(['0001623925']);
    // Marvell Technology Group's 2000 IPO: the successor's own first filing (2020-12-22) decides.
    expect(ownersOf('yahoo', 'MRVL')).toEqual(['V-MRVL-2000-06-26']);
  });

  it("types Ritter's sample by the IPO's own evidence: a partnership by its name at the IPO, no deal without an offer price", () => {
    const db = rebuilt.db;
    // The Yahoo list names the 2012 IPO "The Carlyle Group LP": a partnership sold its units, whatever the company is named later.
    const partnerships = db
      .prepare(`SELECT company_name, issuer_name_at_offering, ritter_exclusions FROM offerings WHERE deal_type = 'ipo' AND (issuer_name_at_offering LIKE '% LP' OR issuer_name_at_offering LIKE '% L.P.')`)
      .all() as Array<{ ritter_exclusions: string | null }>;
    expect(partnerships.length).toBeGreaterThan(0);
    for (const p of partnerships) expect(p.ritter_exclusions ?? '', JSON.stringify(p)).toContain('limited_partnership');
    // His $5 floor needs the offer price: an operating IPO without one (a Yahoo row pricing a share while
    // its bars quote an ADS, as Grupo Supervielle's) is left out of the sample, not let in.
    const count = (where: string) => db.prepare(`SELECT count(*) FROM offerings WHERE ${where}`).pluck().get();
    expect(count(`deal_type = 'ipo' AND ritter_exclusions IS NULL AND offer_price IS NULL`)).toBeGreaterThan(0);
    expect(count(`in_ritter_sample = 1 AND offer_price IS NULL`)).toBe(0);
    // Nor without a listing date: his sample counts an IPO in the year of its first trade. CyberArk's Yahoo
    // row dates its first bar 2000-01-03, years before its IPO: no first trade, so the list's IPO date is
    // its listing date (company/consensus-rules.derive.ts). It stays out all the same: an Israeli issuer
    // ("Ltd", no CUSIP in the Yahoo list) whose listed security, ADSs or its own shares, no row shows.
    expect(db.prepare(`SELECT listing_date, foreign_listing, in_ritter_sample FROM offerings WHERE company_name LIKE 'CyberArk%' AND deal_type = 'ipo'`).all()).toEqual([
      { listing_date: '2014-09-24', foreign_listing: 'unknown', in_ritter_sample: 0 },
    ]);
    expect(count(`in_ritter_sample = 1 AND listing_date IS NULL`)).toBe(0);
    // A vendor offering has no filings: whether a Rule 462(b) registration upsized it is unknown, not false.
    expect(count(`source = 'vendor'`)).toBeGreaterThan(0);
    expect(count(`source = 'vendor' AND upsized IS NOT NULL`)).toBe(0);
    // Nor can it be false for a registration whose pricing day (EFFECT, final prospectus) the data does not hold.
    expect(count(`source = 'edgar' AND upsized = 0 AND priced_date IS NULL AND effective_date IS NULL`)).toBe(0);
  });

  it('vendor rows first, EDGAR after and submissions last, in small batches: the same read model as one rebuild', async () => {
    const later = await project(`${tmp.dir}/incremental`, [vendorEvents(), indexEvents(), submissionEvents()], 2000);
    try {
      expect(dumpReadDb(later.db)).toBe(dumpReadDb(rebuilt.db));
    } finally {
      await later.close();
    }
  }, 180_000);
});
