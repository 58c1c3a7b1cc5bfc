import { closeSync, fsyncSync, openSync } from 'node:fs';
import { openReadDbForWrite } from '../../schema/databases.ts';
import { liveReadDbPath, newReadDbPath, publishReadDb, removeLeftoverReadDbs, removeReadDb } from '../../schema/read/location.ts';
import { carryDealEvents } from './deal-events.store.ts';
import { documentReadCachePath, openDocumentReadCache, type DocumentReadCache, type DocumentReadCacheStats } from './document-read-cache.store.ts';
import { extractorIdentity } from './extractor-identity.ts';
import { acquireProjectorLock } from './lock.ts';
import { createIndexes, dropReaderIndexes } from './served-indexes.store.ts';
import { PROJECTOR_VERSION, projectIncrementalAsync, type AsyncProjectOptions, type ProjectResult } from './project.ts';

export interface RebuildOptions
  extends Pick<AsyncProjectOptions, 'eventLog' | 'clock' | 'batchSize' | 'onProgress' | 'beforeCommit' | 'extraction' | 'pool' | 'signal' | 'onBatch'> {
  dataDir: string;
  /** Reads of earlier projections (see ProjectOptions.readCache): by default the data dir's own (`document-reads.db`); null = none. */
  readCache?: DocumentReadCache | null;
}

export interface RebuildResult extends ProjectResult {
  /** The new generation `read.db` now points at. */
  path: string;
  /** The retired generation, deleted from disk (open readers keep their inode), or null. */
  previous: string | null;
  /** Generations a crashed run left beside the live one, deleted before this run started. */
  leftovers: string[];
  /** What the data dir's document-read cache served and stored in this run; null when the caller gave the cache or none. */
  readCache: DocumentReadCacheStats | null;
}

export interface LiveResult extends ProjectResult {
  path: string;
  /** `rebuild` when there was no generation yet (or it was built by another projector version). */
  mode: 'rebuild' | 'incremental';
  /** Generations a crashed run left beside the live one, deleted before this run started. */
  leftovers: string[];
  readCache: DocumentReadCacheStats | null;
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
  const cache = runReadCache(options);
  try {
    // Holding the lock, no other rebuild is writing an unlinked generation: any is a crash's leftover.
    const leftovers = removeLeftoverReadDbs(options.dataDir);
    return { ...(await buildGeneration({ ...options, readCache: cache.cache })), leftovers, readCache: cache.stats };
  } finally {
    cache.close();
    release();
  }
}

/**
 * The document-read cache of a run: the one the caller gave, none, or by default the data dir's
 * own, opened (under the projector lock, so by one process at a time) for this run only.
 */
export function runReadCache(options: Pick<RebuildOptions, 'dataDir' | 'readCache'>): { cache: DocumentReadCache | null; stats: DocumentReadCacheStats | null; close(): void } {
  if (options.readCache !== undefined) return { cache: options.readCache, stats: null, close: () => {} };
  let identity: string;
  try {
    identity = extractorIdentity();
  } catch (error) {
    // The code's own files unreadable: no identity to key reads by, so none is served or kept.
    return { cache: null, stats: { hits: 0, misses: 0, stored: 0, problem: `no extractor identity: ${(error as Error).message}` }, close: () => {} };
  }
  const cache = openDocumentReadCache(documentReadCachePath(options.dataDir), identity);
  return { cache, stats: cache.stats, close: () => cache.close() };
}

/** The rebuild proper; the caller holds the projector lock. */
export async function buildGeneration(options: RebuildOptions): Promise<Omit<RebuildResult, 'leftovers' | 'readCache'>> {
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
      readCache: options.readCache ?? undefined,
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
  const cache = runReadCache(options);
  try {
    const leftovers = removeLeftoverReadDbs(options.dataDir);
    const db = await openReadDbForWrite(live);
    try {
      // Continuing the published generation: what it finds is news (see ProjectOptions.replayedThrough).
      const result = await projectIncrementalAsync({ ...options, readCache: cache.cache ?? undefined, readDb: db.sqlite, lockDir: null, replayedThrough: 0 });
      db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      return { ...result, path: live, mode: 'incremental', leftovers, readCache: cache.stats };
    } finally {
      await db.close();
    }
  } finally {
    cache.close();
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
