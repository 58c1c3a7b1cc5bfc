import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { extractorIdentity, openDocumentReadCache, projectLive, rebuildReadDb } from '../projector/index.ts';
import { loadScaleMaterial } from '../scripts/bench/scale-material.ts';
import { ScaleLogGenerator, ScaleLogWriter } from '../scripts/bench/scale-log.ts';
import { GENERATED_LOAD_SOURCE } from '../scripts/generated-load.ts';
import { canonicalReadDump, differences } from './read-db-canonical.ts';
import { finalFactDifferences, tempDir } from './projector-sample-events.ts';

/** Events of the scale bench's generated log projected here: the small version of the bench. */
export const SCALE_TEST_EVENTS = 100_000;
/**
 * The incremental side: the log up to the last arrivals projected first (a rebuild, as `ipo project`
 * makes the first generation), then each arrival projected into the live generation in live-sized
 * batches, which derive after every batch (a few hundred events a second on this log).
 */
const ARRIVALS = 3;
const ARRIVAL_EVENTS = 1_000;
const LIVE_BATCH = 500;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function dataDir(name: string) {
  const tmp = tempDir(name);
  const events = await openEventLogDb(tmp.dir);
  cleanups.push(tmp.remove, () => events.close());
  return { dir: tmp.dir, events };
}

function liveDump(dir: string): Map<string, string> {
  const db = openSqlite(readDbLinkPath(dir), { readonly: true });
  try {
    return canonicalReadDump(db);
  } finally {
    db.close();
  }
}

const logDigest = (db: ReturnType<typeof openSqlite>) => {
  const hash = createHash('sha256');
  for (const row of db.prepare('SELECT seq, event_id, type, source, subject, observed_at, payload, blob_sha256, meta FROM events ORDER BY seq').raw().iterate()) hash.update(JSON.stringify(row));
  return hash.digest('hex');
};

describe('scale log: rebuild equals incremental projection', () => {
  it(`${SCALE_TEST_EVENTS} generated events: one rebuild, and a first projection with ${ARRIVALS} live arrivals after it, give the same read tables, byte for byte`, async () => {
    const material = loadScaleMaterial();
    const plan = { plannedEvents: SCALE_TEST_EVENTS };
    // Both sides read the same documents of the same events: the second copies the first's reads.
    const reads = tempDir('scale-reads');
    const readCache = openDocumentReadCache(`${reads.dir}/document-reads.db`, extractorIdentity());
    cleanups.push(reads.remove, () => readCache.close());

    const whole = await dataDir('scale-rebuild');
    new ScaleLogWriter(whole.events.sqlite).write(new ScaleLogGenerator(material, plan), SCALE_TEST_EVENTS);
    const types = whole.events.log.typeSummary().map((t) => t.type);
    expect(types).toEqual(['edgar.document', 'edgar.index_entry', 'edgar.submissions', 'reference.ipo_row']);
    expect(whole.events.sqlite.prepare('SELECT DISTINCT source FROM events').pluck().all()).toEqual([GENERATED_LOAD_SOURCE]);
    const rebuilt = await rebuildReadDb({ dataDir: whole.dir, eventLog: whole.events.log, readCache });
    expect(rebuilt.events).toBe(SCALE_TEST_EVENTS);
    const expected = liveDump(whole.dir);
    expect(expected.get('companies')!.split('\n').length).toBeGreaterThan(1000);
    expect(expected.get('proj_document_terms')!.split('\n').length).toBeGreaterThan(10);

    // The same generator, its log arriving in slices, each projected into the live generation.
    const arriving = await dataDir('scale-arrivals');
    const generator = new ScaleLogGenerator(material, plan);
    const writer = new ScaleLogWriter(arriving.events.sqlite);
    const modes: string[] = [];
    for (const count of [SCALE_TEST_EVENTS - ARRIVALS * ARRIVAL_EVENTS, ...Array<number>(ARRIVALS).fill(ARRIVAL_EVENTS)]) {
      writer.write(generator, count);
      modes.push((await projectLive({ dataDir: arriving.dir, eventLog: arriving.events.log, batchSize: LIVE_BATCH, readCache })).mode);
    }
    expect(modes).toEqual(['rebuild', ...Array(ARRIVALS).fill('incremental')]);
    expect(logDigest(arriving.events.sqlite)).toBe(logDigest(whole.events.sqlite));

    const actual = liveDump(arriving.dir);
    expect(differences(expected, actual)).toEqual([]);
    expect([...actual.keys()]).toEqual([...expected.keys()]);
    const [rebuiltDb, arrivedDb] = [whole.dir, arriving.dir].map((dir) => openSqlite(readDbLinkPath(dir), { readonly: true }));
    try {
      expect(rebuiltDb.prepare('SELECT count(*) FROM deal_events').pluck().get()).toBeGreaterThan(1000);
      expect(finalFactDifferences(rebuiltDb, arrivedDb)).toEqual([]);
    } finally {
      rebuiltDb.close();
      arrivedDb.close();
    }

    // The comparison sees one changed row: a perturbed copy of a single value is a difference.
    const db = openSqlite(readDbLinkPath(arriving.dir));
    try {
      db.prepare(`UPDATE companies SET name = name || ' ' WHERE cik = (SELECT min(cik) FROM companies)`).run();
    } finally {
      db.close();
    }
    expect(differences(expected, liveDump(arriving.dir)).map((d) => d.table)).toEqual(['companies']);
  }, 600_000);
});
