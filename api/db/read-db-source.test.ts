import { copyFileSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openReadDbForWrite } from '../../schema/databases.ts';
import { newReadDbPath, publishReadDb, removeReadDb } from '../../schema/read/location.ts';
import { openSqlite } from '../../schema/sqlite.ts';
import type { ApiError } from '../errors/api-error.ts';
import { createReadDbSource } from './read-db-source.ts';

/** Publishes a migrated generation whose read_meta names it, as a rebuild would. */
async function publishGeneration(dataDir: string, name: string): Promise<{ path: string; previous: string | null }> {
  const path = newReadDbPath(dataDir);
  const db = await openReadDbForWrite(path);
  db.sqlite.prepare('INSERT INTO read_meta (key, value) VALUES (?, ?)').run('generation', name);
  await db.close();
  return { path, previous: publishReadDb(dataDir, path) };
}

const GENERATION_SQL = "SELECT value FROM read_meta WHERE key = 'generation'";

/** How many descriptors of this process name `path` (deleted or not). */
function descriptorsOf(path: string): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).replace(/ \(deleted\)$/, '') === path) count++;
    } catch {
      // closed while listing
    }
  }
  return count;
}

describe('read-db source', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ipo-readdb-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers service_unavailable until a generation is published', async () => {
    const source = createReadDbSource({ dataDir, checkIntervalMs: 0 });
    expect(() => source.current()).toThrow(expect.objectContaining({ code: 'service_unavailable', status: 503 }) as ApiError);
    await publishGeneration(dataDir, 'one');
    expect(source.current().values(GENERATION_SQL).get()).toBe('one');
    source.close();
  });

  it('follows an atomic swap within the check interval and re-prepares statements', async () => {
    let now = 1_000;
    await publishGeneration(dataDir, 'one');
    const source = createReadDbSource({ dataDir, checkIntervalMs: 250, now: () => now });
    const first = source.current();
    const firstStatement = first.values(GENERATION_SQL);
    expect(firstStatement.get()).toBe('one');
    expect(first.values(GENERATION_SQL)).toBe(firstStatement);
    expect(first.db.readonly).toBe(true);
    // Pages are read through mmap, straight from the OS cache.
    expect(first.db.pragma('mmap_size', { simple: true })).toBeGreaterThan(0);

    const { previous } = await publishGeneration(dataDir, 'two');
    now += 100;
    expect(source.current().values(GENERATION_SQL).get()).toBe('one');
    now += 150;
    const second = source.current();
    expect(second).not.toBe(first);
    expect(second.values(GENERATION_SQL)).not.toBe(firstStatement);
    expect(second.values(GENERATION_SQL).get()).toBe('two');
    expect(first.db.open).toBe(false);

    // The projector deletes the retired generation; the source never touches it again.
    removeReadDb(previous!);
    now += 250;
    expect(source.current().values(GENERATION_SQL).get()).toBe('two');
    source.close();
  });

  it.runIf(process.platform === 'linux')('lets go of every descriptor of a retired, deleted generation', async () => {
    const { path: first } = await publishGeneration(dataDir, 'one');
    const source = createReadDbSource({ dataDir, checkIntervalMs: 0 });
    const retired = source.current();
    expect(descriptorsOf(first)).toBeGreaterThan(0);
    // The projector swaps and deletes the old file before this process notices.
    await publishGeneration(dataDir, 'two');
    removeReadDb(first);
    expect(source.current().values(GENERATION_SQL).get()).toBe('two');
    expect(retired.db.open).toBe(false);
    // The last descriptor closes on the thread pool, at once or a moment later; none is leaked.
    for (let i = 0; i < 100 && descriptorsOf(first) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(descriptorsOf(first)).toBe(0);
    source.close();
  });

  it('names the data alike in every source and in any copy of the generation, and anew when the projector commits', async () => {
    const { path } = await publishGeneration(dataDir, 'one');
    const first = createReadDbSource({ dataDir, checkIntervalMs: 0 });
    const second = createReadDbSource({ dataDir, checkIntervalMs: 0 });
    const initial = first.current().generation();
    expect(second.current().generation()).toBe(initial);

    const writer = openSqlite(path);
    const commitBatch = (seq: number, at: string) =>
      writer.transaction(() => {
        writer.prepare("INSERT INTO projector_checkpoint (projection, last_seq) VALUES ('core', ?) ON CONFLICT DO UPDATE SET last_seq = excluded.last_seq").run(seq);
        writer.prepare("INSERT INTO build_meta (key, value) VALUES ('last_batch_at', ?) ON CONFLICT DO UPDATE SET value = excluded.value").run(at);
      })();
    commitBatch(42, '2026-02-01T10:00:00.000Z');
    const afterBatch = first.current().generation();
    expect(afterBatch).not.toBe(initial);
    expect(afterBatch).toContain('core=42;2026-02-01T10:00:00.000Z');
    // The status sweep commits without moving the checkpoint: it renames the data too.
    writer.prepare("INSERT INTO read_meta (key, value) VALUES ('swept_as_of', '2026-02-01')").run();
    const afterSweep = first.current().generation();
    expect(afterSweep).not.toBe(afterBatch);
    expect(second.current().generation()).toBe(afterSweep);
    writer.pragma('wal_checkpoint(TRUNCATE)');
    writer.close();

    // A byte copy published as another generation (a snapshot installed on a replica) is the same data.
    const copy = newReadDbPath(dataDir);
    copyFileSync(path, copy);
    publishReadDb(dataDir, copy);
    const replica = createReadDbSource({ dataDir, checkIntervalMs: 0 });
    expect(replica.current().generation()).toBe(afterSweep);
    // A rebuild of the same events commits its batches at another time: other data, as far as tags go.
    const rebuilt = openSqlite(copy);
    rebuilt.prepare("UPDATE build_meta SET value = '2026-03-01T00:00:00.000Z' WHERE key = 'last_batch_at'").run();
    rebuilt.close();
    expect(replica.current().generation()).not.toBe(afterSweep);
    for (const source of [first, second, replica]) source.close();
  });

  it('reads a snapshot in one transaction: a commit meanwhile is seen after it, and it ends even when the read throws', async () => {
    const { path } = await publishGeneration(dataDir, 'one');
    const source = createReadDbSource({ dataDir, checkIntervalMs: 0 });
    const conn = source.current();
    const writer = openSqlite(path);
    const before = conn.generation();
    const seen = conn.snapshot(() => {
      const generation = conn.generation();
      writer.prepare("INSERT INTO read_meta (key, value) VALUES ('swept_as_of', '2026-02-01')").run();
      // Nested: joins the outer transaction, so it still sees the data as it was.
      return { generation, again: conn.snapshot(() => conn.generation()), inside: conn.db.inTransaction };
    });
    expect(seen).toEqual({ generation: before, again: before, inside: true });
    expect(conn.db.inTransaction).toBe(false);
    expect(conn.generation()).not.toBe(before);
    const failing = () => {
      throw new Error('read failed');
    };
    expect(() => conn.snapshot(failing)).toThrow('read failed');
    expect(conn.db.inTransaction).toBe(false);
    writer.close();
    source.close();
  });

  it('refuses writes on the read connection', async () => {
    await publishGeneration(dataDir, 'one');
    const source = createReadDbSource({ dataDir });
    expect(() => source.current().db.prepare("INSERT INTO read_meta VALUES ('x', 'y')").run()).toThrow(/readonly/i);
    source.close();
  });
});
