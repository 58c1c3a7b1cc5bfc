import { openReadDbForWrite, type OpenDatabase } from '../../schema/databases.ts';
import type { EventLog } from '../../schema/events/event-log.ts';
import type { ReadDatabase } from '../../schema/read/tables.ts';
import { liveReadDbPath, removeLeftoverReadDbs } from '../../schema/read/location.ts';
import type { ExtractionBudget } from './document-reads.ts';
import type { ExtractionPool } from './extraction-pool.ts';
import { acquireProjectorLock } from './lock.ts';
import { projectIncrementalAsync, type BatchReport } from './project.ts';
import { buildGeneration, hasCurrentVersion, ProjectionStoppedError, runReadCache } from './rebuild.ts';

export interface LiveProjectorOptions {
  dataDir: string;
  eventLog: EventLog;
  /** Worker threads for document reads; absent = read inline. */
  pool?: ExtractionPool;
  extraction?: ExtractionBudget;
  batchSize: number;
  /** How often the event log's last seq is checked when nothing woke the loop. */
  pollMs: number;
  clock?: () => Date;
  /** Once, when the lock is held and read.db is open (after a rebuild when there was no current generation). */
  onReady?: (ready: { mode: 'rebuild' | 'incremental'; path: string; leftovers: string[]; lastSeq: number }) => void;
  onBatch?: (batch: BatchReport & { rebuild: boolean }) => void;
  /** A run failed; the loop retries after a growing pause, and catch-ups waiting on it are rejected. */
  onError?: (error: Error) => void;
}

export interface LiveProjector {
  /** Resolves once every event appended before the call is projected; rejects if a run fails or the projector stops first. */
  catchUp(): Promise<void>;
  /** Ends after the batch in flight (a batch still extracting is dropped uncommitted), closes read.db, releases the lock. */
  stop(): Promise<void>;
  /** Resolves when the loop has ended (after `stop`). */
  readonly stopped: Promise<void>;
}

/** Another process's stop, or a failed run, ended the wait of a catch-up. */
export class CatchUpAbandonedError extends Error {}

const MAX_ERROR_PAUSE_MS = 60_000;

/**
 * The long-running single writer of read.db: holds the projector lock for its whole life, wakes
 * on new events (the log's last seq, checked every `pollMs`, or a `catchUp` call) and projects them
 * in small transactions off a pool of extraction workers. Throws `ProjectorBusyError` at once when
 * another projector holds the lock.
 */
export function startLiveProjector(options: LiveProjectorOptions): LiveProjector {
  const release = acquireProjectorLock(options.dataDir);
  const abort = new AbortController();
  const waiters: Array<{ seq: number; resolve(): void; reject(error: Error): void }> = [];
  let checkpoint = -1;
  let wake: (() => void) | null = null;

  const settle = (error: Error | null) => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i];
      if (waiter.seq <= checkpoint) waiter.resolve();
      else if (error) waiter.reject(error);
      else continue;
      waiters.splice(i, 1);
    }
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const run = async () => {
    let db: OpenDatabase<ReadDatabase> | null = null;
    let failures = 0;
    const { signal } = abort;
    // Holding the lock for its life, the projector keeps the data dir's document-read cache open as long.
    const cache = runReadCache({ dataDir: options.dataDir });
    const readCache = cache.cache ?? undefined;
    const runOptions = { eventLog: options.eventLog, pool: options.pool, extraction: options.extraction, batchSize: options.batchSize, clock: options.clock, signal, readCache };
    try {
      while (!signal.aborted) {
        try {
          if (!db) {
            // Holding the lock, any generation read.db does not link is a crashed rebuild's leftover.
            const leftovers = removeLeftoverReadDbs(options.dataDir);
            let live = liveReadDbPath(options.dataDir);
            const mode = live !== null && (await hasCurrentVersion(live)) ? 'incremental' : 'rebuild';
            if (mode === 'rebuild') {
              // In a rebuild's batches (DEFAULT_BATCH_SIZE), as `ipo project --rebuild` builds: the live batch size is for freshness, which an unpublished generation has no use for.
              await buildGeneration({ ...runOptions, batchSize: undefined, dataDir: options.dataDir, onBatch: (b) => options.onBatch?.({ ...b, rebuild: true }) });
              live = liveReadDbPath(options.dataDir)!;
            }
            db = await openReadDbForWrite(live!);
            checkpoint = (db.sqlite.prepare(`SELECT last_seq FROM projector_checkpoint WHERE projection = 'core'`).pluck().get() as number | undefined) ?? 0;
            options.onReady?.({ mode, path: live!, leftovers, lastSeq: checkpoint });
          }
          if (options.eventLog.lastSeq() > checkpoint) {
            const onBatch = (b: BatchReport) => {
              // A catch-up resolves as soon as its events are committed, not at the end of a long backlog.
              checkpoint = b.lastSeq;
              settle(null);
              options.onBatch?.({ ...b, rebuild: false });
            };
            // Continuing a published generation: whatever it finds is news, even in one that was built from an empty log.
            const result = await projectIncrementalAsync({ ...runOptions, readDb: db.sqlite, lockDir: null, onBatch, replayedThrough: 0 });
            checkpoint = result.lastSeq;
          }
          failures = 0;
          settle(null);
          if (options.eventLog.lastSeq() <= checkpoint && !signal.aborted) await pause(options.pollMs);
        } catch (error) {
          if (error instanceof ProjectionStoppedError) break;
          failures++;
          const err = error instanceof Error ? error : new Error(String(error));
          options.onError?.(err);
          settle(new CatchUpAbandonedError(`projection failed: ${err.message}`));
          if (!signal.aborted) await pause(Math.min(MAX_ERROR_PAUSE_MS, options.pollMs * 2 ** failures));
        }
      }
    } finally {
      settle(new CatchUpAbandonedError('the projector stopped'));
      try {
        await db?.close();
      } finally {
        cache.close();
        release();
      }
    }
  };
  const stopped = run();

  return {
    stopped,
    catchUp() {
      if (abort.signal.aborted) return Promise.reject(new CatchUpAbandonedError('the projector stopped'));
      const seq = options.eventLog.lastSeq();
      if (seq <= checkpoint) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push({ seq, resolve, reject });
        wake?.();
      });
    },
    async stop() {
      abort.abort();
      wake?.();
      await stopped;
    },
  };
}
