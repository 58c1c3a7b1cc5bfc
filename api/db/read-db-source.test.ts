import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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

  it('names the generation alike in every source on the data dir, and anew when the projector commits', async () => {
    const { path } = await publishGeneration(dataDir, 'one');
    const first = createReadDbSource({ dataDir, checkIntervalMs: 0 });
    const second = createReadDbSource({ dataDir, checkIntervalMs: 0 });
    const initial = first.current().generation();
    expect(initial).toBe(`${basename(path)}/;`);
    expect(second.current().generation()).toBe(initial);

    const writer = openSqlite(path);
    writer.prepare("INSERT INTO projector_checkpoint (projection, last_seq) VALUES ('core', 42)").run();
    expect(first.current().generation()).toBe(`${basename(path)}/core=42;`);
    // The status sweep commits without moving the checkpoint: it renames the data too.
    writer.prepare("INSERT INTO read_meta (key, value) VALUES ('swept_as_of', '2026-02-01')").run();
    expect(first.current().generation()).toBe(`${basename(path)}/core=42;2026-02-01`);
    expect(second.current().generation()).toBe(first.current().generation());
    writer.close();

    await publishGeneration(dataDir, 'two');
    expect(first.current().generation()).not.toContain(basename(path));
    first.close();
    second.close();
  });

  it('refuses writes on the read connection', async () => {
    await publishGeneration(dataDir, 'one');
    const source = createReadDbSource({ dataDir });
    expect(() => source.current().db.prepare("INSERT INTO read_meta VALUES ('x', 'y')").run()).toThrow(/readonly/i);
    source.close();
  });
});
