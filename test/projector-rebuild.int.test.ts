import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite } from '../schema/databases.ts';
import type { EventLog, NewEvent } from '../schema/events/event-log.ts';
import { liveReadDbPath, readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import {
  acquireProjectorLock,
  projectIncremental,
  projectLive,
  ProjectorBusyError,
  projectorLockPath,
  rebuildReadDb,
} from '../projector/index.ts';
import {
  companyTickersEvent,
  dealEventFacts,
  companyListDrift,
  finalFactDifferences,
  dumpReadDb,
  indexEntryEvents,
  SUBMISSIONS_FILES,
  submissionsEvent,
  tempDir,
} from './projector-sample-events.ts';

/**
 * Every kind of EDGAR event of the demo sample, cut in three arrivals: a daily index, the tickers
 * snapshot and all submissions pages (the second daily index only adds run time, not coverage).
 */
function sampleArrivals(): NewEvent[][] {
  const submissions = SUBMISSIONS_FILES.map((f) => submissionsEvent(f));
  return [
    [...indexEntryEvents('form.20200318.idx.gz'), ...submissions.slice(0, 4)],
    [companyTickersEvent(), ...submissions.slice(4, 8)],
    submissions.slice(8),
  ];
}

/** Submissions pages and the tickers snapshot only: enough for the crash, swap and lock tests, and quick. */
function smallArrivals(): NewEvent[][] {
  const submissions = SUBMISSIONS_FILES.map((f) => submissionsEvent(f));
  return [submissions.slice(0, 4), [companyTickersEvent(), ...submissions.slice(4, 8)], submissions.slice(8)];
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function newDataDir(name: string): Promise<{ dir: string; log: EventLog }> {
  const tmp = tempDir(name);
  const events = await openEventLogDb(tmp.dir);
  cleanups.push(tmp.remove, () => events.close());
  return { dir: tmp.dir, log: events.log };
}

async function factsOf(path: string): Promise<string[]> {
  const db = openSqlite(path, { readonly: true });
  try {
    return dealEventFacts(db);
  } finally {
    db.close();
  }
}

async function dumpOf(path: string): Promise<string> {
  const db = openSqlite(path, { readonly: true });
  try {
    return dumpReadDb(db);
  } finally {
    db.close();
  }
}

describe('rebuild and incremental projection agree', () => {
  it('a rebuild equals incremental projection in small batches and in several arrivals, byte for byte', async () => {
    const whole = await newDataDir('projector-rebuild');
    for (const arrival of sampleArrivals()) whole.log.appendMany(arrival);
    const started = performance.now();
    const rebuilt = await rebuildReadDb({ dataDir: whole.dir, eventLog: whole.log });
    const seconds = (performance.now() - started) / 1000;
    console.info(`projected the sample: ${rebuilt.events} events in ${seconds.toFixed(2)} s (${rebuilt.companiesDerived} company derivations)`);
    expect(rebuilt.skipped).toBe(0);
    const expected = await dumpOf(readDbLinkPath(whole.dir));
    expect(expected).toContain('APPLIED OPTOELECTRONICS');
    const facts = await factsOf(readDbLinkPath(whole.dir));
    expect(facts.length).toBeGreaterThan(1000);

    // The same events, projected in batches of 250 into a plain file.
    const small = await openReadDbForWrite(`${whole.dir}/small-batches.db`);
    cleanups.push(() => small.close());
    const result = projectIncremental({ eventLog: whole.log, readDb: small.sqlite, batchSize: 250 });
    expect(result.batches).toBe(Math.ceil(rebuilt.events / 250));
    expect(dumpReadDb(small.sqlite)).toBe(expected);
    // A rebuild builds the readers' indexes after its bulk load: the same ones, as the migrations define them.
    const indexes = `SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name`;
    const rebuiltIndexes = (() => {
      const db = openSqlite(readDbLinkPath(whole.dir), { readonly: true });
      try {
        return db.prepare(indexes).raw().all() as string[][];
      } finally {
        db.close();
      }
    })();
    expect(rebuiltIndexes).toEqual(small.sqlite.prepare(indexes).raw().all());
    expect(rebuiltIndexes.map(([name]) => name)).toContain('api_filings_by_form');
    // Batches rewrite companies whose latest filing date moved: their list rows move with them.
    expect(small.sqlite.prepare('SELECT count(*) FROM company_list').pluck().get()).toBeGreaterThan(50);
    expect(companyListDrift(small.sqlite)).toEqual([]);
    // The change log holds the same final facts. Its ids and times are history, not derivation: a
    // fact gets the next id in the batch that first implies it, so other batches number them otherwise.
    const rebuiltDb = openSqlite(readDbLinkPath(whole.dir), { readonly: true });
    cleanups.push(() => {
      rebuiltDb.close();
    });
    expect(finalFactDifferences(rebuiltDb, small.sqlite)).toEqual([]);
    // A company first derived before the submissions page that lists its earlier filings: the
    // rebuild dates its `company` fact by that filing, the batches by the index row they saw first.
    expect(dealEventFacts(small.sqlite).filter((f) => !facts.includes(f)).length).toBeGreaterThan(0);

    // The same events arriving in three deliveries, each projected into the live generation.
    const arriving = await newDataDir('projector-arrivals');
    for (const arrival of sampleArrivals()) {
      arriving.log.appendMany(arrival);
      await projectLive({ dataDir: arriving.dir, eventLog: arriving.log, batchSize: 500 });
    }
    expect(await dumpOf(readDbLinkPath(arriving.dir))).toBe(expected);
    const arrived = openSqlite(readDbLinkPath(arriving.dir), { readonly: true });
    try {
      expect(finalFactDifferences(rebuiltDb, arrived)).toEqual([]);
    } finally {
      arrived.close();
    }
  });

  it('projecting twice, or re-appending the same fetches, changes nothing', async () => {
    const { dir, log } = await newDataDir('projector-twice');
    for (const arrival of smallArrivals()) log.appendMany(arrival);
    const first = await projectLive({ dataDir: dir, eventLog: log });
    expect(first.mode).toBe('rebuild');
    const before = await dumpOf(readDbLinkPath(dir));
    for (const arrival of smallArrivals()) log.appendMany(arrival);
    const second = await projectLive({ dataDir: dir, eventLog: log });
    expect(second).toMatchObject({ mode: 'incremental', events: 0, path: first.path });
    expect(await dumpOf(readDbLinkPath(dir))).toBe(before);
  });
});

/** Every table of the file except build metadata, each row as JSON in the order of all its columns. */
function everyTable(path: string): string {
  const db = openSqlite(path, { readonly: true });
  try {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'build_meta' AND name NOT LIKE 'kysely_migration%' AND name NOT LIKE 'company_search_%' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .pluck()
      .all() as string[];
    return tables
      .map((table) => {
        const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).map((c) => `"${c}"`);
        const select = table === 'company_search' ? `SELECT rowid, * FROM company_search ORDER BY rowid` : `SELECT * FROM "${table}" ORDER BY ${columns.join(', ')}`;
        return [`## ${table}`, ...db.prepare(select).raw().all().map((r) => JSON.stringify(r))].join('\n');
      })
      .join('\n');
  } finally {
    db.close();
  }
}

describe('rebuilds are byte-identical', () => {
  // The second rebuild carries the first's change log over (ids and recording times are history) and
  // finds no fact it lacks, so deal_events is identical too; the next test shows the carrying.
  it("two rebuilds from the same events give identical tables; only build_meta and the migration log (wall-clock stamps) differ", async () => {
    const { dir, log } = await newDataDir('projector-rebuild-twice');
    for (const arrival of sampleArrivals()) log.appendMany(arrival);
    const first = await rebuildReadDb({ dataDir: dir, eventLog: log, clock: () => new Date('2026-03-01T00:00:00.000Z') });
    const firstTables = everyTable(first.path);
    const firstBuild = (() => {
      const db = openSqlite(first.path, { readonly: true });
      try {
        return db.prepare('SELECT value FROM build_meta WHERE key = ?').pluck().get('last_batch_at');
      } finally {
        db.close();
      }
    })();
    expect(firstBuild).toBe('2026-03-01T00:00:00.000Z');
    const second = await rebuildReadDb({ dataDir: dir, eventLog: log, clock: () => new Date('2026-03-02T00:00:00.000Z') });
    expect(second.path).not.toBe(first.path);
    expect(everyTable(second.path)).toBe(firstTables);
    expect(firstTables).toContain('## companies');
    expect(firstTables).toContain('## proj_company_names');
  }, 120_000);
});

describe('the change log (deal_events) across projections and rebuilds', () => {
  type Logged = { id: number; key: string; type: string; occurred_on: string | null; recorded_at: string; replayed: number };
  const logOf = (path: string): Logged[] => {
    const db = openSqlite(path, { readonly: true });
    try {
      return db.prepare('SELECT id, key, type, occurred_on, recorded_at, replayed FROM deal_events ORDER BY id').all() as Logged[];
    } finally {
      db.close();
    }
  };

  it('keeps every id through a rebuild and numbers new facts after them; a batch numbers its facts by date, then key', async () => {
    const { dir, log } = await newDataDir('projector-deal-events');
    let tick = 0;
    const clock = () => new Date(Date.UTC(2026, 2, 1, 0, 0, tick++));
    const [first, second, third] = sampleArrivals();
    log.appendMany(first);
    await projectLive({ dataDir: dir, eventLog: log, clock, batchSize: 500 });
    const replayed = logOf(readDbLinkPath(dir));
    // The first projection reads the whole log: what it records is history, not news.
    expect(replayed.length).toBeGreaterThan(100);
    expect(replayed.every((e) => e.replayed === 1)).toBe(true);

    log.appendMany(second);
    await projectLive({ dataDir: dir, eventLog: log, clock, batchSize: 500 });
    const live = logOf(readDbLinkPath(dir));
    const added = live.slice(replayed.length);
    expect(live.slice(0, replayed.length)).toEqual(replayed);
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((e) => e.replayed === 0 && e.id > replayed.length)).toBe(true);
    const batches = new Map<string, Logged[]>();
    for (const e of live) batches.set(e.recorded_at, [...(batches.get(e.recorded_at) ?? []), e]);
    expect(batches.size).toBeGreaterThan(1);
    for (const batch of batches.values()) {
      const order = batch.map((e) => `${e.occurred_on ?? ''}\u0000${e.key}`);
      expect(order).toEqual([...order].sort());
    }

    log.appendMany(third);
    const rebuilt = await rebuildReadDb({ dataDir: dir, eventLog: log, clock });
    const after = logOf(rebuilt.path);
    // Every id a client may hold names the same fact; the third arrival's facts come after.
    expect(after.slice(0, live.length)).toEqual(live);
    const found = after.slice(live.length);
    expect(found.length).toBeGreaterThan(0);
    // The live generation had not projected the third arrival: its facts are news, not history.
    expect(found.every((e) => e.replayed === 0)).toBe(true);

    // The same final facts as a rebuild of the whole log with nothing carried over.
    const reference = await newDataDir('projector-deal-events-reference');
    for (const arrival of sampleArrivals()) reference.log.appendMany(arrival);
    await rebuildReadDb({ dataDir: reference.dir, eventLog: reference.log });
    const [fresh, carried] = [readDbLinkPath(reference.dir), rebuilt.path].map((path) => openSqlite(path, { readonly: true }));
    try {
      expect(finalFactDifferences(fresh, carried)).toEqual([]);
    } finally {
      fresh.close();
      carried.close();
    }
  }, 120_000);
});

describe('a rebuild over a carried change log whose live checkpoint falls inside a batch', () => {
  it("derives the history at the checkpoint itself: UTime, dormant until the ticker file's arrival showed it listed, is not recorded dormant again", async () => {
    const { dir, log } = await newDataDir('projector-straddled-checkpoint');
    const index = indexEntryEvents('form.20200318.idx.gz');
    const utime = 'company:0001789299';
    const statuses = (rows: Array<{ key: string; data_json: string }>) =>
      rows.filter((e) => e.key.startsWith(utime)).map((e) => (JSON.parse(e.data_json) as { offeringStatus: string }).offeringStatus);
    const logOf = (path: string) => {
      const db = openSqlite(path, { readonly: true });
      try {
        return db.prepare('SELECT id, key, replayed, data_json FROM deal_events ORDER BY id').all() as Array<{ id: number; key: string; replayed: number; data_json: string }>;
      } finally {
        db.close();
      }
    };
    log.appendMany(index);
    await projectLive({ dataDir: dir, eventLog: log });
    log.appendMany([companyTickersEvent()]);
    await projectLive({ dataDir: dir, eventLog: log });
    const live = logOf(readDbLinkPath(dir));
    expect(statuses(live)).toEqual(['dormant', 'listed']);

    // One batch would hold the ticker file (history: the live generation projected it) and the page after it (news).
    log.appendMany([submissionsEvent(SUBMISSIONS_FILES[0])]);
    const rebuilt = await rebuildReadDb({ dataDir: dir, eventLog: log, batchSize: index.length });
    const after = logOf(rebuilt.path);
    expect(after.slice(0, live.length)).toEqual(live);
    expect(statuses(after)).toEqual(['dormant', 'listed']);
    expect(after.slice(live.length).filter((e) => e.replayed === 1)).toEqual([]);
  }, 120_000);
});

describe('a crash mid-batch', () => {
  it('leaves rows and checkpoint as the previous batch left them, and the next run completes', async () => {
    const { dir, log } = await newDataDir('projector-crash');
    const [first, second, third] = smallArrivals();
    log.appendMany(first);
    await projectLive({ dataDir: dir, eventLog: log });
    const path = liveReadDbPath(dir)!;
    const before = await dumpOf(path);
    log.appendMany([...second, ...third]);

    const db = await openReadDbForWrite(path);
    cleanups.push(() => db.close());
    let batches = 0;
    expect(() =>
      projectIncremental({
        eventLog: log,
        readDb: db.sqlite,
        batchSize: 100_000,
        beforeCommit: () => {
          batches++;
          throw new Error('simulated crash after the rows were written');
        },
      }),
    ).toThrow(/simulated crash/);
    expect(batches).toBe(1);
    expect(dumpReadDb(db.sqlite)).toBe(before);
    expect(existsSync(projectorLockPath(dir))).toBe(false);

    const resumed = projectIncremental({ eventLog: log, readDb: db.sqlite });
    expect(resumed.events).toBe(second.length + third.length);

    const reference = await newDataDir('projector-crash-reference');
    for (const arrival of smallArrivals()) reference.log.appendMany(arrival);
    await rebuildReadDb({ dataDir: reference.dir, eventLog: reference.log });
    expect(dumpReadDb(db.sqlite)).toBe(await dumpOf(readDbLinkPath(reference.dir)));
  });
});

describe('generation swap and the single-writer lock', () => {
  it('an open reader keeps its generation through a rebuild; a fresh open sees the new one', async () => {
    const { dir, log } = await newDataDir('projector-swap');
    const [first, second] = smallArrivals();
    log.appendMany(first);
    const one = await rebuildReadDb({ dataDir: dir, eventLog: log });
    expect(one.previous).toBeNull();
    const reader = openSqlite(readDbLinkPath(dir), { readonly: true });
    cleanups.push(() => {
      reader.close();
    });
    const countCompanies = reader.prepare('SELECT count(*) FROM companies').pluck();
    const oldCount = countCompanies.get() as number;

    log.appendMany(second);
    const two = await rebuildReadDb({ dataDir: dir, eventLog: log });
    expect(two.previous).toBe(one.path);
    expect(existsSync(one.path)).toBe(false);
    expect(liveReadDbPath(dir)).toBe(two.path);

    expect(countCompanies.get()).toBe(oldCount);
    const fresh = openSqlite(readDbLinkPath(dir), { readonly: true });
    cleanups.push(() => {
      fresh.close();
    });
    const newCount = fresh.prepare('SELECT count(*) FROM companies').pluck().get() as number;
    expect(newCount).toBeGreaterThan(oldCount);
  });

  it('refuses a second writer and takes over a lock left by a dead process', async () => {
    const { dir, log } = await newDataDir('projector-lock');
    log.appendMany(smallArrivals()[2]);
    const release = acquireProjectorLock(dir);
    await expect(projectLive({ dataDir: dir, eventLog: log })).rejects.toThrow(ProjectorBusyError);
    release();
    // A pid above Linux's pid_max belongs to no process: the lock is stale.
    writeFileSync(projectorLockPath(dir), '4194305');
    const result = await projectLive({ dataDir: dir, eventLog: log });
    expect(result.events).toBe(smallArrivals()[2].length);
    expect(existsSync(projectorLockPath(dir))).toBe(false);
  });
});

describe('leftovers of a crashed rebuild', () => {
  it('are deleted, journals included, at the start of the next rebuild or projection; the live generation is kept', async () => {
    const { dir, log } = await newDataDir('projector-leftovers');
    const [first, second] = smallArrivals();
    log.appendMany(first);
    const live = await rebuildReadDb({ dataDir: dir, eventLog: log });
    expect(live.leftovers).toEqual([]);

    // What a rebuild killed before the swap leaves: a partial generation and its journals.
    const partial = `${dir}/read-20260101-000000000-crash1.db`;
    const files = [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`];
    for (const file of files) writeFileSync(file, 'partial');
    log.appendMany(second);
    const incremental = await projectLive({ dataDir: dir, eventLog: log });
    expect(incremental).toMatchObject({ mode: 'incremental', path: live.path, leftovers: [partial] });
    for (const file of files) expect(existsSync(file), file).toBe(false);
    expect(existsSync(live.path)).toBe(true);
    expect(liveReadDbPath(dir)).toBe(live.path);

    const orphanJournal = `${dir}/read-20260101-000000000-crash2.db-wal`;
    writeFileSync(orphanJournal, 'partial');
    const rebuilt = await rebuildReadDb({ dataDir: dir, eventLog: log });
    expect(rebuilt.leftovers).toEqual([`${dir}/read-20260101-000000000-crash2.db`]);
    expect(existsSync(orphanJournal)).toBe(false);
    expect(existsSync(rebuilt.path)).toBe(true);
    expect(readdirSync(dir).filter((name) => name.startsWith('read-'))).toEqual([basename(rebuilt.path)]);
  });
});
