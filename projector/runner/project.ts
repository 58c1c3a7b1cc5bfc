import { dirname } from 'node:path';
import type { EventLog, StoredEvent } from '../../schema/events/event-log.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import { applyEvent } from './apply-event.ts';
import type { ApplyTarget } from './apply-target.ts';
import { isUnreadable } from './unreadable.ts';
import { loadCompanyRows, rowsNearCik, vendorIdsNear, type CompanySources } from './company-inputs.load.ts';
import { mayOwn } from './apply-market.ts';
import { changedCikRanges, cikFrontier } from '../company/cik-order.derive.ts';
import { isVendorCompanyId } from '../company/vendor-company.derive.ts';
import { companyDealEvents } from '../company/deal-events.derive.ts';
import { acquireProjectorLock } from './lock.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { NewsLinker } from './news-linker.ts';
import { openStores } from './stores.ts';
import {
  DEFAULT_EXTRACTION_BUDGET,
  documentInput,
  extractionFailedEvent,
  inlineReads,
  NotPreparedError,
  preparedReads,
  type ExtractionBudget,
} from './document-reads.ts';
import type { ExtractionPool, PreparedRead } from './extraction-pool.ts';

/** Checkpoint row of this runner in `projector_checkpoint`. */
export const PROJECTION_NAME = 'core';
/** Bump when a derivation changes: `projectLive` then rebuilds instead of projecting incrementally. */
export const PROJECTOR_VERSION = '25';
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
  /** What a document read may use; the same in every projection of a log, or rebuilds differ. */
  extraction?: ExtractionBudget;
  /**
   * Deal events recorded by a batch that ends at or before this seq are marked `replayed`: history
   * re-read, not news. A rebuild passes the live generation's checkpoint (those events were projected
   * before); by default a first projection replays the log as it stood when it began (what arrives
   * while it runs is news), and a projection that continues a generation replays nothing.
   */
  replayedThrough?: number;
}

/** A filing the latest-filings feed brought that a batch made visible: its company is served. */
export interface FeedFilingServed {
  accessionNumber: string;
  cik: string;
  formType: string;
  /** When the poll that listed it read the feed (the index entry's observation). */
  seenAt: string;
}

/** One committed batch, for the live projector's log line. */
export interface BatchReport {
  events: number;
  /** Companies whose served rows were re-derived. */
  companies: number;
  lastSeq: number;
  /** Documents read in worker threads for this batch. */
  documents: number;
  ms: number;
  /** The feed's index entries of this batch whose company is served (for the feed-to-API lag `ipo status` shows). */
  feedFilings: FeedFilingServed[];
  /** Deal events the batch added to the change log (`deal_events`), or null. */
  dealEvents: { first: number; last: number } | null;
}

export interface AsyncProjectOptions extends ProjectOptions {
  /** Reads each batch's documents in worker threads before its transaction; absent = inline, as `projectIncremental`. */
  pool?: ExtractionPool;
  /** Ends the run after the batch in flight; a batch still extracting is dropped uncommitted. */
  signal?: AbortSignal;
  onBatch?: (batch: BatchReport) => void;
}

/** A batch reads at most this many documents in workers, so a run of prospectuses still commits often. */
const DOCUMENTS_PER_BATCH = 16;

/**
 * Projects every event after the checkpoint, in batches. Each batch's state, served rows and
 * checkpoint commit in one transaction: a crash leaves the previous batch's result intact.
 */
export function projectIncremental(options: ProjectOptions): ProjectResult {
  return withLock(options, () => {
    const run = openRun(options);
    for (;;) {
      const events = run.nextEvents();
      if (events.length === 0) break;
      run.applyBatch(events);
    }
    const sweep = run.pendingSweep();
    if (sweep) run.sweep(sweep.today, sweep.ciks, true);
    return run.result();
  });
}

/**
 * `projectIncremental` that yields to the event loop between transactions, and with a pool reads
 * each batch's documents in worker threads first: the main thread never parses a document. The
 * derived rows are the same either way (see `preparedReads`).
 */
export async function projectIncrementalAsync(options: AsyncProjectOptions): Promise<ProjectResult> {
  return withLock(options, async () => {
    const run = openRun(options);
    const { pool, signal } = options;
    for (;;) {
      if (signal?.aborted) return run.result();
      const started = performance.now();
      let events = run.nextEvents();
      if (events.length === 0) break;
      let documents = 0;
      if (pool) {
        events = atMostDocuments(events, DOCUMENTS_PER_BATCH);
        const prepared = await untilAborted(prepareReads(run, events, pool, options.clock ?? (() => new Date())), signal);
        if (prepared === null) return run.result();
        documents = prepared.size;
        run.target.extraction.reads = preparedReads(prepared);
      }
      try {
        const batch = run.applyBatch(events);
        options.onBatch?.({ ...batch, documents, ms: Math.round(performance.now() - started) });
      } finally {
        run.target.extraction.reads = inlineReads;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const sweep = run.pendingSweep();
    if (sweep) {
      // In batch-sized transactions: one company per step would be slow, all at once would hold the thread.
      for (let i = 0; i < sweep.ciks.length || i === 0; i += run.batchSize) {
        if (signal?.aborted) return run.result();
        run.sweep(sweep.today, sweep.ciks.slice(i, i + run.batchSize), i + run.batchSize >= sweep.ciks.length);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return run.result();
  });
}

function withLock<T>(options: ProjectOptions, body: () => T): T {
  const lockDir = options.lockDir === undefined ? dirname(options.readDb.name) : options.lockDir;
  const release = lockDir === null ? () => {} : acquireProjectorLock(lockDir);
  let async = false;
  try {
    const result = body();
    if (result instanceof Promise) {
      async = true;
      return result.finally(release) as T;
    }
    return result;
  } finally {
    if (!async) release();
  }
}

/** The events up to (not including) the document after the `max`-th. */
function atMostDocuments(events: StoredEvent[], max: number): StoredEvent[] {
  let documents = 0;
  const end = events.findIndex((e) => e.type === 'edgar.document' && ++documents > max);
  return end === -1 ? events : events.slice(0, end);
}

/** Resolves with the promise's value, or with null as soon as the signal aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | null> {
  if (!signal) return work;
  if (signal.aborted) return Promise.resolve(null);
  return new Promise<T | null>((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Reads the batch's documents in the pool, each with the input the applier will meet (unless an
 * earlier event of the batch changes it: then the batch is cut there). A read the pool gave up on
 * is recorded as a `projector.extraction_failed` event before the batch is applied, so this batch
 * and every later projection read the document as unreadable.
 */
async function prepareReads(run: Run, events: StoredEvent[], pool: ExtractionPool, clock: () => Date): Promise<Map<number, PreparedRead>> {
  const prepared = new Map<number, PreparedRead>();
  const { extraction, documents } = run.target;
  const jobs = events.flatMap((event) => {
    if (event.type !== 'edgar.document') return [];
    const found = documentInput(extraction, documents, event);
    return 'input' in found ? [{ event, input: found.input }] : [];
  });
  await Promise.all(
    jobs.map(async ({ event, input }) => {
      const body = event.body()!;
      const outcome = await pool.read(input, body);
      if (outcome.ok) {
        prepared.set(event.seq, { knownForm: input.knownForm, read: outcome.read });
        return;
      }
      const failure = { reason: outcome.reason, budgetMs: pool.timeoutMs, bytes: body.length, detail: outcome.detail };
      extraction.eventLog.append(extractionFailedEvent(event, input, failure, clock().toISOString()));
    }),
  );
  return prepared;
}

type Run = ReturnType<typeof openRun>;

/** Statements, stores and progress of one projection run; the loops above drive it. */
function openRun(options: ProjectOptions) {
  const { eventLog, readDb } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  const statements = runStatements(readDb);
  // Stamped by whoever projects, so `projectLive` can tell a generation built by other derivations.
  statements.writeMeta.run('projector_version', PROJECTOR_VERSION);
  const skippedBefore = statements.countSkipped.get() as number;
  const startSeq = (statements.readCheckpoint.get(PROJECTION_NAME) as number | undefined) ?? 0;
  const target = runTarget(options, startSeq);
  const progress: ProjectProgress = { lastSeq: startSeq, events: 0, batches: 0, companiesDerived: 0, companiesSwept: 0 };
  const projectBatch = batchTransaction(options, target, statements);
  const sweepStep = sweepTransaction(readDb, target, statements, options.clock ?? (() => new Date()));

  return {
    target,
    batchSize,
    nextEvents: () => eventLog.readBatch(progress.lastSeq, batchSize),
    applyBatch(events: StoredEvent[]) {
      const batch = projectBatch(events);
      progress.lastSeq = batch.lastSeq;
      progress.events += batch.events;
      progress.batches += 1;
      progress.companiesDerived += batch.companies;
      options.onProgress?.({ ...progress });
      return batch;
    },
    /** The companies to re-derive because the as-of date moved since the last sweep, or null. */
    pendingSweep(): { today: string; ciks: string[] } | null {
      const latest = statements.asOf();
      const today = latest === null ? null : asOfDate(latest);
      if (today === null || statements.readMeta.get(SWEPT_AS_OF_KEY) === today) return null;
      return { today, ciks: (statements.datedCiks.all() as string[]).filter((cik) => target.derivedOn.get(cik) !== today) };
    },
    /** Re-derives `ciks`; the last step records the sweep as done. */
    sweep(today: string, ciks: string[], last: boolean) {
      sweepStep(today, ciks, last, progress.lastSeq);
      progress.companiesSwept += ciks.length;
      if (last) options.onProgress?.({ ...progress });
    },
    result: (): ProjectResult => ({ ...progress, skipped: (statements.countSkipped.get() as number) - skippedBefore }),
  };
}

/** The read.db statements a run uses besides the stores': checkpoint, build and read metadata. */
function runStatements(readDb: SqliteHandle) {
  const readMeta = readDb.prepare('SELECT value FROM read_meta WHERE key = ?').pluck();
  return {
    readCheckpoint: readDb.prepare('SELECT last_seq FROM projector_checkpoint WHERE projection = ?').pluck(),
    writeCheckpoint: readDb.prepare(
      `INSERT INTO projector_checkpoint (projection, last_seq) VALUES (?, ?)
     ON CONFLICT (projection) DO UPDATE SET last_seq = excluded.last_seq`,
    ),
    // The wall clock goes only into build_meta, so the read tables of two rebuilds are byte-identical.
    writeBuildMeta: readDb.prepare(`INSERT INTO build_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`),
    countSkipped: readDb.prepare('SELECT count(*) FROM proj_skipped_events').pluck(),
    readMeta,
    writeMeta: readDb.prepare(`INSERT INTO read_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`),
    // Only a company with a deal has a status that can move with the date; 'none' means no deal at all.
    datedCiks: readDb.prepare(`SELECT cik FROM companies WHERE offering_status <> 'none' ORDER BY cik`).pluck(),
    asOf: () => (readMeta.get(AS_OF_KEY) as string | undefined) ?? null,
  };
}

type RunStatements = ReturnType<typeof runStatements>;

/** The stores of the run and what its derivations share. */
function runTarget(options: ProjectOptions, startSeq: number): RunTarget {
  const stores = openStores(options.readDb);
  return {
    ...stores,
    linker: new NewsLinker(stores.news),
    calendar: createTradingCalendar(),
    cikFrontier: cikFrontier(stores.edgar.knownFirstFilings()),
    derivedOn: new Map(),
    fromEmpty: startSeq === 0,
    replayedThrough: options.replayedThrough ?? (startSeq === 0 ? options.eventLog.lastSeq() : 0),
    extraction: { eventLog: options.eventLog, budget: options.extraction ?? DEFAULT_EXTRACTION_BUDGET, reads: inlineReads },
  };
}

/**
 * One batch in one transaction: apply its events, move the as-of date, re-derive the companies
 * they touched, then the checkpoint. Returns what it committed.
 */
function batchTransaction(options: ProjectOptions, target: RunTarget, statements: RunStatements) {
  const clock = options.clock ?? (() => new Date());
  return options.readDb.transaction((events: StoredEvent[]) => {
    target.dealEvents.begin();
    // Read again from the committed state: a batch rolled back may have moved it.
    target.cikFrontier = cikFrontier(target.edgar.knownFirstFilings());
    const touched = new Set<string>();
    let latest = statements.asOf();
    let applied = 0;
    for (const event of events) {
      try {
        applyEvent(target, event, touched);
      } catch (error) {
        // A document read prepared for another input: the batch ends before it (see preparedReads).
        if (error instanceof NotPreparedError && applied > 0) break;
        if (!isUnreadable(error)) throw error;
        target.edgar.recordSkipped(event.seq, event.type, error.message);
      }
      applied++;
      if (latest === null || event.observedAt > latest) latest = event.observedAt;
    }
    const done = applied === events.length ? events : events.slice(0, applied);
    if (latest !== null) statements.writeMeta.run(AS_OF_KEY, latest);
    const today = asOfDate(latest);
    // A newly known first filing moves the CIK order's bound of other entities: their vendor rows may change owner.
    for (const id of movedByCikOrder(target)) touched.add(id);
    // A changed EDGAR company may now be the issuer of a vendor row served as its own company (or stop being it).
    for (const cik of [...touched]) if (!isVendorCompanyId(cik)) for (const id of vendorIdsNear(target, cik, target.served.servedTickers(cik))) touched.add(id);
    for (const cik of [...touched].sort()) rederive(target, cik, today);
    options.beforeCommit?.({ events: done, touched });
    const lastSeq = done[done.length - 1].seq;
    const committedAt = clock().toISOString();
    const dealEvents = target.dealEvents.record(committedAt, lastSeq <= target.replayedThrough);
    statements.writeCheckpoint.run(PROJECTION_NAME, lastSeq);
    statements.writeBuildMeta.run('last_batch_at', committedAt);
    return { events: done.length, lastSeq, companies: touched.size, feedFilings: feedFilingsServed(target, done), dealEvents };
  });
}

/**
 * When the batch's events changed the entities whose first filing is known, the companies that may
 * own the vendor rows near an entity whose CIK order bound moved (company/cik-order.derive.ts); the
 * target's frontier becomes the new one.
 */
function movedByCikOrder(target: RunTarget): string[] {
  const after = cikFrontier(target.edgar.knownFirstFilings());
  const ranges = changedCikRanges(target.cikFrontier, after);
  target.cikFrontier = after;
  const ids = new Set<string>();
  for (const { above, upTo } of ranges) {
    for (const cik of target.edgar.undatedCiksBetween(above, upTo)) {
      const rows = rowsNearCik(target, cik, target.served.servedTickers(cik));
      // Without vendor rows near it, the entity's rows and the vendor companies stay what they are.
      if (rows.length === 0) continue;
      ids.add(cik);
      for (const id of mayOwn(target.market, target.edgar, rows)) ids.add(id);
    }
  }
  return [...ids];
}

/** Index entries read off the latest-filings feed (`meta.index` = `current`) whose company the API serves. */
function feedFilingsServed(target: RunTarget, events: readonly StoredEvent[]): FeedFilingServed[] {
  return events.flatMap((event) => {
    if (event.type !== 'edgar.index_entry' || event.meta.index !== 'current') return [];
    const entry = event.payload as { cik?: string; formType?: string; accessionNumber?: string };
    if (!entry.cik || !target.served.hasCompany(entry.cik)) return [];
    return [{ accessionNumber: event.subject, cik: entry.cik, formType: entry.formType ?? '', seenAt: event.observedAt }];
  });
}

/**
 * Overlays (stale, postponed, listed-by-date) read the as-of date: when it moved, every company with
 * a deal is re-derived once, so each row reflects the same date whichever batch last touched it.
 * A company this run already derived under that date is current and is passed over.
 */
function sweepTransaction(readDb: SqliteHandle, target: RunTarget, statements: RunStatements, clock: () => Date) {
  return readDb.transaction((today: string, ciks: string[], last: boolean, lastSeq: number) => {
    target.dealEvents.begin();
    for (const cik of ciks) rederive(target, cik, today);
    // A status the date moved (listed once the expected first trade passed) is a fact of its own.
    target.dealEvents.record(clock().toISOString(), lastSeq <= target.replayedThrough);
    if (last) statements.writeMeta.run(SWEPT_AS_OF_KEY, today);
  });
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
  /** See ProjectOptions.replayedThrough. */
  replayedThrough: number;
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
  target.dealEvents.collect(companyDealEvents(derived));
  // News is linked against the served companies: the cached list is stale once one is written.
  target.linker.forgetCandidates();
  target.derivedOn.set(cik, today);
}
