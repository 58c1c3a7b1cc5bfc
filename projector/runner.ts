import { dirname } from 'node:path';
import type { EventLog, StoredEvent } from '../schema/events/event-log.ts';
import type { SqliteHandle } from '../schema/sqlite.ts';
import { applyEvent, isUnreadable } from './apply-events.ts';
import { deriveCompany } from './company.derive.ts';
import { deriveFiling } from './filing.derive.ts';
import { acquireProjectorLock } from './lock.ts';
import { ServedTables } from './served.store.ts';
import { ProjectorState } from './state.store.ts';

/** Checkpoint row of this runner in `projector_checkpoint`. */
export const PROJECTION_NAME = 'core';
/** Bump when a derivation changes: `projectLive` then rebuilds instead of projecting incrementally. */
export const PROJECTOR_VERSION = '1';
export const DEFAULT_BATCH_SIZE = 1000;

export interface ProjectProgress {
  lastSeq: number;
  events: number;
  batches: number;
  companiesDerived: number;
}

export interface ProjectResult extends ProjectProgress {
  skipped: number;
}

export interface ProjectOptions {
  eventLog: EventLog;
  /** A read database opened with `openReadDbForWrite` (migrated). */
  readDb: SqliteHandle;
  /** Only stamps the checkpoint row; derived rows never depend on it. */
  clock?: () => Date;
  batchSize?: number;
  onProgress?: (progress: ProjectProgress) => void;
  /** Directory of the single-writer lock; defaults to the read db's directory. `null` = the caller holds it. */
  lockDir?: string | null;
  /** Runs inside each batch's transaction just before the checkpoint is written (observability, failure tests). */
  beforeCommit?: (batch: { events: readonly StoredEvent[]; touched: ReadonlySet<string> }) => void;
}

/**
 * Projects every event after the checkpoint, in batches. Each batch's state, served rows and
 * checkpoint commit in one transaction: a crash leaves the previous batch's result intact.
 */
export function projectIncremental(options: ProjectOptions): ProjectResult {
  const lockDir = options.lockDir === undefined ? dirname(options.readDb.name) : options.lockDir;
  const release = lockDir === null ? () => {} : acquireProjectorLock(lockDir);
  try {
    return runBatches(options);
  } finally {
    release();
  }
}

function runBatches(options: ProjectOptions): ProjectResult {
  const { eventLog, readDb } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  const state = new ProjectorState(readDb);
  const served = new ServedTables(readDb);
  const readCheckpoint = readDb.prepare('SELECT last_seq FROM projector_checkpoint WHERE projection = ?').pluck();
  const writeCheckpoint = readDb.prepare(
    `INSERT INTO projector_checkpoint (projection, last_seq, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (projection) DO UPDATE SET last_seq = excluded.last_seq, updated_at = excluded.updated_at`,
  );
  const countSkipped = readDb.prepare('SELECT count(*) FROM proj_skipped_events').pluck();
  // Stamped by whoever projects, so `projectLive` can tell a generation built by other derivations.
  readDb
    .prepare(`INSERT INTO read_meta (key, value) VALUES ('projector_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
    .run(PROJECTOR_VERSION);
  const skippedBefore = countSkipped.get() as number;

  const progress: ProjectProgress = { lastSeq: (readCheckpoint.get(PROJECTION_NAME) as number | undefined) ?? 0, events: 0, batches: 0, companiesDerived: 0 };
  const projectBatch = readDb.transaction((events: StoredEvent[]) => {
    const touched = new Set<string>();
    for (const event of events) {
      try {
        applyEvent(state, event, touched);
      } catch (error) {
        if (!isUnreadable(error)) throw error;
        state.recordSkipped(event.seq, event.type, error.message);
      }
    }
    for (const cik of [...touched].sort()) rederive(state, served, cik);
    options.beforeCommit?.({ events, touched });
    const lastSeq = events[events.length - 1].seq;
    writeCheckpoint.run(PROJECTION_NAME, lastSeq, clock().toISOString());
    return { lastSeq, derived: touched.size };
  });

  for (;;) {
    const events = eventLog.readBatch(progress.lastSeq, batchSize);
    if (events.length === 0) break;
    const { lastSeq, derived } = projectBatch(events);
    progress.lastSeq = lastSeq;
    progress.events += events.length;
    progress.batches += 1;
    progress.companiesDerived += derived;
    options.onProgress?.({ ...progress });
  }
  return { ...progress, skipped: (countSkipped.get() as number) - skippedBefore };
}

/** Re-derives every served row of one company from the projector state. */
function rederive(state: ProjectorState, served: ServedTables, cik: string): void {
  const loaded = state.load(cik);
  if (!loaded) return;
  const company = deriveCompany(loaded.facts, loaded.filings, loaded.hints);
  served.writeCompany(company);
  served.writeFilings(
    cik,
    loaded.filings.map((f) => deriveFiling(f, company.row.name)),
  );
}
