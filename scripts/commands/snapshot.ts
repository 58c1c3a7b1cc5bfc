import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROJECTION_NAME, PROJECTOR_VERSION } from '../../projector/index.ts';
import { loadConfig } from '../../schema/config.ts';
import { liveReadDbPath, newReadDbPath, publishReadDb, removeReadDb } from '../../schema/read/location.ts';
import { integrityOf, openSqlite } from '../../schema/sqlite.ts';
import { UsageError, type Command } from '../command.ts';

interface SnapshotFacts {
  checkpointSeq: number;
  projectorVersion: string | null;
  integrity: string;
}

/** What a read.db snapshot says of itself: its checkpoint, the projector that built it, its integrity. */
function factsOf(path: string): SnapshotFacts {
  const db = openSqlite(path, { readonly: true });
  try {
    const get = (sql: string, ...args: string[]) => {
      try {
        return db.prepare(sql).pluck().get(...args);
      } catch {
        return undefined;
      }
    };
    const seq = get('SELECT last_seq FROM projector_checkpoint WHERE projection = ?', PROJECTION_NAME);
    const version = get(`SELECT value FROM read_meta WHERE key = 'projector_version'`);
    return {
      checkpointSeq: typeof seq === 'number' ? seq : 0,
      projectorVersion: typeof version === 'string' ? version : null,
      integrity: integrityOf(path),
    };
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the live read.db, taken with SQLite's online backup API while the projector
 * keeps committing: what an API replica on another machine serves.
 */
export async function createSnapshot(dataDir: string, file: string): Promise<SnapshotFacts & { bytes: number }> {
  const live = liveReadDbPath(dataDir);
  if (!live || !existsSync(live)) throw new UsageError(`no read.db in ${dataDir}: run \`ipo project\` or \`ipo projector\` first`);
  if (existsSync(file)) throw new UsageError(`${file} exists; snapshots are written to a new file`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const db = openSqlite(live, { readonly: true });
  try {
    await db.backup(partial);
  } finally {
    db.close();
  }
  // Readers on another machine open it read-only: no WAL there, the whole database in one file.
  const copy = openSqlite(partial);
  copy.pragma('journal_mode = DELETE');
  copy.close();
  renameSync(partial, file);
  return { ...factsOf(file), bytes: statSync(file).size };
}

/**
 * Installs a snapshot as the live read.db of this data directory: copied in beside the live
 * generation, checked, then swapped in by renaming the `read.db` link (atomic), which a running
 * API follows on its next request. The previous generation is deleted; open readers keep its inode.
 */
export function installSnapshot(dataDir: string, file: string): SnapshotFacts & { previous: string | null; path: string } {
  if (!existsSync(file)) throw new UsageError(`no snapshot at ${file}`);
  const facts = factsOf(file);
  if (facts.integrity !== 'ok') throw new UsageError(`${file} fails SQLite's integrity check: ${facts.integrity}`);
  if (facts.projectorVersion !== PROJECTOR_VERSION) {
    throw new UsageError(`${file} was built by projector version ${facts.projectorVersion ?? 'unknown'}, this service reads version ${PROJECTOR_VERSION}: upgrade both sides together`);
  }
  const live = liveReadDbPath(dataDir);
  if (live && existsSync(live) && factsOf(live).checkpointSeq > facts.checkpointSeq) {
    throw new UsageError(`${file} (checkpoint seq ${facts.checkpointSeq}) is older than the live read.db (seq ${factsOf(live).checkpointSeq})`);
  }
  const path = newReadDbPath(dataDir);
  const incoming = `${path}.incoming`;
  copyFileSync(file, incoming);
  renameSync(incoming, path);
  const previous = publishReadDb(dataDir, path);
  if (previous) removeReadDb(previous);
  return { ...facts, previous, path };
}

export const snapshotCreateCommand: Command = {
  name: 'snapshot create',
  summary: 'Write a consistent copy of the live read.db to FILE (for API replicas on other machines).',
  args: ['FILE'],
  details: `Uses SQLite's online backup API, so the projector keeps committing meanwhile. FILE must not exist.
Prints the checkpoint seq the snapshot holds. Ship it (rsync, scp, object storage) and run
\`ipo snapshot install FILE\` on each replica.`,
  async run({ positionals }, io) {
    const config = loadConfig(io.env);
    const s = await createSnapshot(config.dataDir, positionals[0]);
    io.out.write(`snapshot ${resolve(positionals[0])}: checkpoint seq ${s.checkpointSeq}, projector version ${s.projectorVersion}, ${s.bytes} bytes, integrity ${s.integrity}\n`);
    return s.integrity === 'ok' ? 0 : 1;
  },
};

export const snapshotInstallCommand: Command = {
  name: 'snapshot install',
  summary: "Swap a read.db snapshot in as this data directory's live read.db, atomically; a running API follows it.",
  args: ['FILE'],
  details: `Checks the snapshot (SQLite integrity check, the projector version this code reads, a checkpoint
not older than the live one), copies it into DATA_DIR as a new read.db generation and renames the
read.db link onto it, which is atomic: a running \`ipo serve\` answers from the old generation until
the rename and from the new one after, without a restart or a failed request.`,
  async run({ positionals }, io) {
    const config = loadConfig(io.env);
    const s = installSnapshot(config.dataDir, positionals[0]);
    io.out.write(`installed: read.db -> ${s.path} (checkpoint seq ${s.checkpointSeq})${s.previous ? `; retired ${s.previous}` : ''}\n`);
    return 0;
  },
};
