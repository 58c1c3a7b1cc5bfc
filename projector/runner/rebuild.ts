import { closeSync, fsyncSync, openSync } from 'node:fs';
import { openReadDbForWrite } from '../../schema/databases.ts';
import { liveReadDbPath, newReadDbPath, publishReadDb, removeLeftoverReadDbs, removeReadDb } from '../../schema/read/location.ts';
import { carryDealEvents } from './deal-events.store.ts';
import { acquireProjectorLock } from './lock.ts';
import { createIndexes, dropReaderIndexes } from './served-indexes.store.ts';
import { PROJECTOR_VERSION, projectIncrementalAsync, type AsyncProjectOptions, type ProjectResult } from './project.ts';

export interface RebuildOptions
  extends Pick<AsyncProjectOptions, 'eventLog' | 'clock' | 'batchSize' | 'onProgress' | 'beforeCommit' | 'extraction' | 'pool' | 'signal' | 'onBatch'> {
  dataDir: string;
}

export interface RebuildResult extends ProjectResult {
  /** The new generation `read.db` now points at. */
  path: string;
  /** The retired generation, deleted from disk (open readers keep their inode), or null. */
  previous: string | null;
  /** Generations a crashed run left beside the live one, deleted before this run started. */
  leftovers: string[];
}

export interface LiveResult extends ProjectResult {
  path: string;
  /** `rebuild` when there was no generation yet (or it was built by another projector version). */
  mode: 'rebuild' | 'incremental';
  /** Generations a crashed run left beside the live one, deleted before this run started. */
  leftovers: string[];
}

/** Page cache of the generation a rebuild writes, in KiB. */
const REBUILD_CACHE_KIB = 64 * 1024;

/** A rebuild was stopped (its signal aborted) before it finished: its generation was deleted, the live one kept. */
export class ProjectionStoppedError extends Error {}

/**
 * Builds a fresh read database generation from the whole event log, then swaps `read.db` to it
 * atomically. The API keeps serving the old generation until it reopens the link.
 */
export async function rebuildReadDb(options: RebuildOptions): Promise<RebuildResult> {
  const release = acquireProjectorLock(options.dataDir);
  try {
    // Holding the lock, no other rebuild is writing an unlinked generation: any is a crash's leftover.
    const leftovers = removeLeftoverReadDbs(options.dataDir);
    return { ...(await buildGeneration(options)), leftovers };
  } finally {
    release();
  }
}

/** The rebuild proper; the caller holds the projector lock. */
export async function buildGeneration(options: RebuildOptions): Promise<Omit<RebuildResult, 'leftovers'>> {
  const clock = options.clock ?? (() => new Date());
  const path = newReadDbPath(options.dataDir, clock());
  const db = await openReadDbForWrite(path);
  let result: ProjectResult;
  try {
    // Nothing reads a generation before it is published, and a failed build is deleted: it is
    // written without WAL copies and syncs (a rollback journal in memory keeps ROLLBACK working),
    // then switched back to WAL for its readers and synced once before the swap.
    db.sqlite.pragma('journal_mode = MEMORY');
    db.sqlite.pragma('synchronous = OFF');
    // A bulk load touches every page of the growing file: with SQLite's default 2 MB cache each
    // batch evicts and reads back its pages through system calls. A fixed cache keeps memory bounded.
    db.sqlite.pragma(`cache_size = -${REBUILD_CACHE_KIB}`);
    const readerIndexes = dropReaderIndexes(db.sqlite);
    // The change log is history, not a derivation: the new generation continues the live one's.
    const live = liveReadDbPath(options.dataDir);
    const carried = live === null ? null : carryDealEvents(db.sqlite, live);
    result = await projectIncrementalAsync({
      ...options,
      // Batches of the size asked, cut only at the live checkpoint (the workers read ahead of the writer).
      wholeBatches: true,
      // Each company derived once, after its last event, not after every batch that touched it.
      deriveOnce: true,
      readDb: db.sqlite,
      lockDir: null,
      replayedThrough: carried?.liveCheckpoint,
    });
    if (options.signal?.aborted) throw new ProjectionStoppedError('the rebuild was stopped before it finished');
    createIndexes(db.sqlite, readerIndexes);
    db.sqlite.pragma('journal_mode = WAL');
  } catch (error) {
    await db.close();
    removeReadDb(path);
    throw error;
  }
  await db.close();
  syncFile(path);
  const previous = publishReadDb(options.dataDir, path);
  if (previous) removeReadDb(previous);
  return { ...result, path, previous };
}

/**
 * `ipo project`: creates the first generation when there is none, else projects new events into
 * the live one. A generation written by another projector version is rebuilt instead.
 */
export async function projectLive(options: RebuildOptions): Promise<LiveResult> {
  const live = liveReadDbPath(options.dataDir);
  if (live === null || !(await hasCurrentVersion(live))) {
    const rebuilt = await rebuildReadDb(options);
    return { ...rebuilt, mode: 'rebuild' };
  }
  const release = acquireProjectorLock(options.dataDir);
  try {
    const leftovers = removeLeftoverReadDbs(options.dataDir);
    const db = await openReadDbForWrite(live);
    try {
      // Continuing the published generation: what it finds is news (see ProjectOptions.replayedThrough).
      const result = await projectIncrementalAsync({ ...options, readDb: db.sqlite, lockDir: null, replayedThrough: 0 });
      db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      return { ...result, path: live, mode: 'incremental', leftovers };
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Whether the generation at `path` was written by this projector version (else it must be rebuilt). */
export async function hasCurrentVersion(path: string): Promise<boolean> {
  const db = await openReadDbForWrite(path);
  try {
    const row = db.sqlite.prepare(`SELECT value FROM read_meta WHERE key = 'projector_version'`).pluck().get();
    return row === PROJECTOR_VERSION;
  } finally {
    await db.close();
  }
}
