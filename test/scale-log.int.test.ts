import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { projectLive, rebuildReadDb } from '../projector/index.ts';
import { loadScaleMaterial } from '../scripts/bench/scale-material.ts';
import { ScaleLogGenerator, ScaleLogWriter } from '../scripts/bench/scale-log.ts';
import { GENERATED_LOAD_SOURCE } from '../scripts/generated-load.ts';
import { canonicalReadDump, differences } from './read-db-canonical.ts';
import { finalFactDifferences, tempDir } from './projector-sample-events.ts';

/**
 * Events of the scale bench's generated log projected here. The issue asks for 100,000; a rebuild
 * derives each company once (a few thousand events/s on this log on a loaded 2-core machine), but
 * the arrivals are projected in live batches, which derive after every batch (a few hundred
 * events/s), so the test runs a tenth of it, within npm test's time budget, until those are faster.
 */
export const SCALE_TEST_EVENTS = 10_000;
/** The live arrivals the incremental side projects, one `ipo project` each. */
const ARRIVALS = 4;

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
  it(`${SCALE_TEST_EVENTS} generated events: one rebuild and ${ARRIVALS} live arrivals give the same read tables, byte for byte`, async () => {
    const material = loadScaleMaterial();
    const plan = { plannedEvents: SCALE_TEST_EVENTS };

    const whole = await dataDir('scale-rebuild');
    new ScaleLogWriter(whole.events.sqlite).write(new ScaleLogGenerator(material, plan), SCALE_TEST_EVENTS);
    const types = whole.events.log.typeSummary().map((t) => t.type);
    expect(types).toEqual(['edgar.document', 'edgar.index_entry', 'edgar.submissions', 'reference.ipo_row']);
    expect(whole.events.sqlite.prepare('SELECT DISTINCT source FROM events').pluck().all()).toEqual([GENERATED_LOAD_SOURCE]);
    const rebuilt = await rebuildReadDb({ dataDir: whole.dir, eventLog: whole.events.log });
    expect(rebuilt.events).toBe(SCALE_TEST_EVENTS);
    const expected = liveDump(whole.dir);
    expect(expected.get('companies')!.split('\n').length).toBeGreaterThan(100);
    expect(expected.get('proj_document_terms')!.split('\n').length).toBeGreaterThan(10);

    // The same generator, its log arriving in slices, each projected into the live generation.
    const arriving = await dataDir('scale-arrivals');
    const generator = new ScaleLogGenerator(material, plan);
    const writer = new ScaleLogWriter(arriving.events.sqlite);
    const modes: string[] = [];
    for (let i = 0; i < ARRIVALS; i++) {
      const from = Math.floor((i * SCALE_TEST_EVENTS) / ARRIVALS);
      writer.write(generator, Math.floor(((i + 1) * SCALE_TEST_EVENTS) / ARRIVALS) - from);
      modes.push((await projectLive({ dataDir: arriving.dir, eventLog: arriving.events.log, batchSize: 500 })).mode);
    }
    expect(modes).toEqual(['rebuild', ...Array(ARRIVALS - 1).fill('incremental')]);
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
