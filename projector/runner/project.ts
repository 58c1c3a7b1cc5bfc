import { dirname } from 'node:path';
import type { EventLog, StoredEvent } from '../../schema/events/event-log.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import { applyEvent } from './apply-event.ts';
import type { ApplyTarget } from './apply-target.ts';
import { isUnreadable } from './unreadable.ts';
import { loadCompanyRows, vendorIdsNear, type CompanySources } from './company-inputs.load.ts';
import { isVendorCompanyId } from '../company/vendor-company.derive.ts';
import { acquireProjectorLock } from './lock.ts';
import { createTradingCalendar } from '../market/trading-calendar.ts';
import { NewsLinker } from './news-linker.ts';
import { openStores } from './stores.ts';

/** Checkpoint row of this runner in `projector_checkpoint`. */
export const PROJECTION_NAME = 'core';
/** Bump when a derivation changes: `projectLive` then rebuilds instead of projecting incrementally. */
export const PROJECTOR_VERSION = '8';
export const DEFAULT_BATCH_SIZE = 1000;

export interface ProjectProgress {
  lastSeq: number;
  events: number;
  batches: number;
  companiesDerived: number;
  /** Companies re-derived because the as-of date moved (see asOfDate). */
  companiesSwept: number;
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
  const readCheckpoint = readDb.prepare('SELECT last_seq FROM projector_checkpoint WHERE projection = ?').pluck();
  const writeCheckpoint = readDb.prepare(
    `INSERT INTO projector_checkpoint (projection, last_seq) VALUES (?, ?)
     ON CONFLICT (projection) DO UPDATE SET last_seq = excluded.last_seq`,
  );
  // The wall clock goes only into build_meta, so the read tables of two rebuilds are byte-identical.
  const writeBuildMeta = readDb.prepare(`INSERT INTO build_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  const countSkipped = readDb.prepare('SELECT count(*) FROM proj_skipped_events').pluck();
  const readMeta = readDb.prepare('SELECT value FROM read_meta WHERE key = ?').pluck();
  const writeMeta = readDb.prepare(`INSERT INTO read_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  // Only a company with a deal has a status that can move with the date; 'none' means no deal at all.
  const datedCiks = readDb.prepare(`SELECT cik FROM companies WHERE offering_status <> 'none' ORDER BY cik`).pluck();
  // Stamped by whoever projects, so `projectLive` can tell a generation built by other derivations.
  writeMeta.run('projector_version', PROJECTOR_VERSION);
  const skippedBefore = countSkipped.get() as number;
  const asOf = () => (readMeta.get(AS_OF_KEY) as string | undefined) ?? null;

  const startSeq = (readCheckpoint.get(PROJECTION_NAME) as number | undefined) ?? 0;
  const stores = openStores(readDb);
  const target: RunTarget = {
    ...stores,
    linker: new NewsLinker(stores.news),
    calendar: createTradingCalendar(),
    derivedOn: new Map(),
    fromEmpty: startSeq === 0,
  };
  const progress: ProjectProgress = {
    lastSeq: startSeq,
    events: 0,
    batches: 0,
    companiesDerived: 0,
    companiesSwept: 0,
  };
  const projectBatch = readDb.transaction((events: StoredEvent[]) => {
    const touched = new Set<string>();
    let latest = asOf();
    for (const event of events) {
      if (latest === null || event.observedAt > latest) latest = event.observedAt;
      try {
        applyEvent(target, event, touched);
      } catch (error) {
        if (!isUnreadable(error)) throw error;
        target.edgar.recordSkipped(event.seq, event.type, error.message);
      }
    }
    if (latest !== null) writeMeta.run(AS_OF_KEY, latest);
    const today = asOfDate(latest);
    // A changed EDGAR company may now be the issuer of a vendor row served as its own company (or stop being it).
    for (const cik of [...touched]) if (!isVendorCompanyId(cik)) for (const id of vendorIdsNear(target, cik, target.served.servedTickers(cik))) touched.add(id);
    for (const cik of [...touched].sort()) rederive(target, cik, today);
    options.beforeCommit?.({ events, touched });
    const lastSeq = events[events.length - 1].seq;
    writeCheckpoint.run(PROJECTION_NAME, lastSeq);
    writeBuildMeta.run('last_batch_at', clock().toISOString());
    return { lastSeq, derived: touched.size };
  });
  // Overlays (stale, postponed, listed-by-date) read the as-of date: when it moved, every company with
  // a deal is re-derived once, so each row reflects the same date whichever batch last touched it.
  // A company this run already derived under that date is current and is passed over.
  const sweep = readDb.transaction((today: string) => {
    const ciks = (datedCiks.all() as string[]).filter((cik) => target.derivedOn.get(cik) !== today);
    for (const cik of ciks) rederive(target, cik, today);
    writeMeta.run(SWEPT_AS_OF_KEY, today);
    return ciks.length;
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
  const today = asOf() === null ? null : asOfDate(asOf());
  if (today !== null && readMeta.get(SWEPT_AS_OF_KEY) !== today) {
    progress.companiesSwept += sweep(today);
    options.onProgress?.({ ...progress });
  }
  return { ...progress, skipped: (countSkipped.get() as number) - skippedBefore };
}

/**
 * The projection's "today": the date of the latest observedAt among the events projected so far.
 * Derived rows never read the wall clock, so a rebuild reproduces them byte for byte; the cost is
 * that a stale or postponed overlay appears only once some later event has been observed (any
 * fetch moves the date, and the scheduled refreshes fetch daily).
 */
function asOfDate(observedAt: string | null): string {
  return observedAt === null ? '0000-00-00' : observedAt.slice(0, 10);
}

const AS_OF_KEY = 'as_of';
const SWEPT_AS_OF_KEY = 'swept_as_of';

/** The stores a run writes, plus what its derivations share (see CompanySources). */
interface RunTarget extends ApplyTarget, CompanySources {
  /** The as-of date each company was last derived with in this run. */
  derivedOn: Map<string, string>;
  /**
   * The run started from checkpoint 0: no batch was ever committed, so no company has served rows
   * other than those this run writes (a rebuild's fresh generation).
   */
  fromEmpty: boolean;
}

/**
 * Re-derives every served row of one company from the projector state. A CIK that is no longer a
 * company (a vendor-only company whose link went away) loses its rows and its news links.
 */
function rederive(target: RunTarget, cik: string, today: string): void {
  const derived = loadCompanyRows(target, cik, today);
  if (!derived) {
    if (!target.served.hasCompany(cik)) return;
    target.served.removeCompanyRows(cik);
    target.news.forgetCompanyLinks(cik);
    target.linker.forgetCandidates();
    return;
  }
  target.served.writeCompanyRows(derived, target.fromEmpty && !target.derivedOn.has(cik));
  // News is linked against the served companies: the cached list is stale once one is written.
  target.linker.forgetCandidates();
  target.derivedOn.set(cik, today);
}
