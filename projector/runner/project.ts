import { dirname } from 'node:path';
import { padCik } from '../../schema/cik.ts';
import type { EventLog, StoredEvent } from '../../schema/events/event-log.ts';
import type { SqliteHandle } from '../../schema/sqlite.ts';
import { HeapBound } from './heap-bound.ts';
import { acquireProjectorLock } from './lock.ts';
import type { DocumentReadCache } from './document-read-cache.store.ts';
import { documentInput, extractionFailedEvent, preparedReads, type DocumentInput, type ExtractionBudget } from './document-reads.ts';
import type { ExtractionPool, PreparedRead } from './extraction-pool.ts';
import { extractorIdentity } from './extractor-identity.ts';
import { asOfDate, batchTransaction, deferredTransactions, PROJECTION_NAME, runStatements, runTarget, sweepTransaction, SWEPT_AS_OF_KEY } from './run-transactions.ts';

export { PROJECTION_NAME };
/** Bump when a derivation changes: `projectLive` then rebuilds instead of projecting incrementally. */
export const PROJECTOR_VERSION = '80';
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
  /** Reads of earlier projections: a document whose read it holds is not extracted again, and every read made is kept in it. */
  readCache?: DocumentReadCache;
  /**
   * Deal events recorded by a batch that ends at or before this seq are marked `replayed`: history
   * re-read, not news. A rebuild passes the live generation's checkpoint (those events were projected
   * before); by default a first projection replays the log as it stood when it began (what arrives
   * while it runs is news), and a projection that continues a generation replays nothing.
   */
  replayedThrough?: number;
  /**
   * A rebuild's mode: batches apply events and collect the keys of the companies they touch, and
   * each company is derived once, after all its events (at the end of the log; at `replayedThrough`,
   * where a batch is cut, so history and news stay apart). The served rows are the same as
   * deriving after every batch; the change log holds the final state's facts, without the ones
   * later evidence revised (see deferredTransactions). A failed batch ends the run. Live
   * projections derive after every batch.
   */
  deriveOnce?: boolean;
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
  /**
   * With a pool: batches of `batchSize` events whatever documents they hold (a rebuild's, which
   * nobody reads before it is published), and the workers read the next batch's documents while
   * this one is applied, so the writer and the readers run at once. A read prepared against an
   * earlier state is checked again before use and read again when its input moved; one an earlier
   * event of the same batch moved is read inline rather than cutting the batch. Without it, a
   * batch reads at most 16 documents and ends before a document whose input moved, so a run of
   * prospectuses still commits often and the main thread never parses one.
   */
  wholeBatches?: boolean;
}

/** The projector's heap is collected in full past this (then past twice what survived): see HeapBound. */
const PROJECTOR_HEAP_BOUND_BYTES = 128 * 1024 * 1024;

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
      if (run.mustDeriveBefore(events)) while (run.deriveStep());
      run.applyBatch(events);
    }
    while (run.deriveStep());
    const sweep = run.pendingSweep();
    if (sweep) run.sweep(sweep.today, sweep.ciks, true);
    return run.result();
  });
}

/** A batch's events and, with a pool, the reads of its documents under way. */
interface StagedBatch {
  events: StoredEvent[];
  reads: Promise<Map<number, PreparedRead>> | null;
  /** The forms its index rows name, by filing (see `documentInputs`). */
  named: Map<string, string>;
}

/**
 * Batches whose documents the workers read ahead of the writer (`wholeBatches`): the first
 * batches of a log are quick to apply and the documents are not spread evenly, so one batch of
 * slack leaves the writer waiting.
 */
const READ_AHEAD_BATCHES = 4;

/**
 * `projectIncremental` that yields to the event loop between transactions, and with a pool reads
 * each batch's documents in worker threads first: the main thread never parses a document. The
 * derived rows are the same either way (see `preparedReads`).
 */
export async function projectIncrementalAsync(options: AsyncProjectOptions): Promise<ProjectResult> {
  return withLock(options, async () => {
    const run = openRun(options);
    const { pool, signal } = options;
    const clock = options.clock ?? (() => new Date());
    const readAhead = options.wholeBatches === true;
    const heap = new HeapBound(PROJECTOR_HEAP_BOUND_BYTES);
    const queue: StagedBatch[] = [];
    /** The batch being applied, while later ones are staged. */
    let head: StagedBatch | null = null;
    const stage = (afterSeq: number): StagedBatch => {
      const read = run.eventsAfter(afterSeq);
      const events = pool && !readAhead ? atMostDocuments(read, DOCUMENTS_PER_BATCH) : read;
      // The filings the batches before this one name, latest first: applied by the time this one is.
      const earlier = [...(head ? [head] : []), ...queue].map((q) => q.named).reverse();
      const reads = pool && events.length > 0 ? prepareReads(run, events, pool, clock, earlier) : null;
      // Awaited when the batch is applied; a run that ends first (stopped, failed) leaves it unawaited.
      reads?.catch(() => {});
      return { events, reads, named: indexedFilings(events) };
    };
    for (;;) {
      if (signal?.aborted) return run.result();
      const started = performance.now();
      const current = queue.shift() ?? stage(run.lastSeq());
      const { events } = current;
      if (events.length === 0) break;
      head = current;
      // The workers read the next batches' documents while this one's finish and it is applied.
      while (pool && readAhead && queue.length < READ_AHEAD_BATCHES) {
        const last = (queue.at(-1) ?? current).events;
        const next = stage(last[last.length - 1].seq);
        if (next.events.length === 0) break;
        queue.push(next);
      }
      let documents = 0;
      if (pool) {
        let prepared = await untilAborted(current.reads!, signal);
        if (prepared !== null && readAhead) prepared = await untilAborted(preparedAgain(run, events, prepared, pool, clock), signal);
        if (prepared === null) return run.result();
        documents = prepared.size;
        run.target.extraction.reads = preparedReads(prepared, readAhead ? run.target.extraction.inline : null);
      }
      if (run.mustDeriveBefore(events) && !(await deriveDeferred(run, signal, heap))) return run.result();
      try {
        const batch = run.applyBatch(events);
        // A batch cut short (a read prepared for another input) continues where it stopped.
        if (batch.lastSeq !== events[events.length - 1].seq) queue.length = 0;
        options.onBatch?.({ ...batch, documents, ms: Math.round(performance.now() - started) });
        run.target.extraction.cache?.flush();
        heap.check();
      } catch (error) {
        queue.length = 0;
        throw error;
      } finally {
        run.target.extraction.reads = run.target.extraction.inline;
        head = null;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!(await deriveDeferred(run, signal, heap))) return run.result();
    const sweep = run.pendingSweep();
    if (sweep) {
      // In batch-sized transactions: one company per step would be slow, all at once would hold the thread.
      for (let i = 0; i < sweep.ciks.length || i === 0; i += run.batchSize) {
        if (signal?.aborted) return run.result();
        run.sweep(sweep.today, sweep.ciks.slice(i, i + run.batchSize), i + run.batchSize >= sweep.ciks.length);
        heap.check();
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return run.result();
  });
}

/** Derives the companies a deriveOnce run left dirty, a transaction at a time; false when stopped first. */
async function deriveDeferred(run: Run, signal: AbortSignal | undefined, heap: HeapBound): Promise<boolean> {
  while (run.deriveStep()) {
    heap.check();
    if (signal?.aborted) return false;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
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
async function prepareReads(run: Run, events: StoredEvent[], pool: ExtractionPool, clock: () => Date, earlier: ReadonlyArray<ReadonlyMap<string, string>> = []): Promise<Map<number, PreparedRead>> {
  const prepared = new Map<number, PreparedRead>();
  const { cache } = run.target.extraction;
  const jobs = documentInputs(run, events, earlier);
  await Promise.all(
    jobs.map(async ({ event, input }) => {
      const stored = cache?.get(input, event.eventId);
      if (stored !== undefined) {
        prepared.set(event.seq, { knownForm: input.knownForm, read: stored });
        return;
      }
      const body = event.body()!;
      const outcome = await pool.read(input, body);
      if (outcome.ok) {
        prepared.set(event.seq, { knownForm: input.knownForm, read: outcome.read });
        // Kept only when the worker ran this process's reader: one started after the files changed on disk ran other code.
        if (cache && outcome.extractor === extractorIdentity()) cache.put(input, event.eventId, outcome.read);
        return;
      }
      const failure = { reason: outcome.reason, budgetMs: outcome.budgetMs, bytes: body.length, detail: outcome.detail };
      run.target.extraction.eventLog.append(extractionFailedEvent(event, input, failure, clock().toISOString()));
    }),
  );
  return prepared;
}

/**
 * The batch's document events with the input the applier will meet: the state as it stands, and
 * for a filing it does not know yet, the form an earlier index row of the batch, or of the batches
 * staged before it (`earlier`, latest first), names (the ingest logs a filing's index row before
 * its document). A guess that proves wrong only cuts the batch
 * before that document (see `preparedReads`).
 */
function documentInputs(run: Run, events: readonly StoredEvent[], earlier: ReadonlyArray<ReadonlyMap<string, string>> = []): Array<{ event: StoredEvent; input: DocumentInput }> {
  const { extraction, documents } = run.target;
  const named = new Map<string, string>();
  return events.flatMap((event) => {
    if (event.type === 'edgar.index_entry') {
      const entry = indexedFiling(event.payload);
      if (entry) named.set(entry.key, entry.formType);
      return [];
    }
    if (event.type !== 'edgar.document') return [];
    const found = documentInput(extraction, documents, event);
    if (!('input' in found)) return [];
    const { input } = found;
    const key = `${input.meta.cik}\0${input.meta.accessionNumber}`;
    const form = input.knownForm ?? named.get(key) ?? earlier.find((m) => m.has(key))?.get(key) ?? null;
    return [{ event, input: { ...input, knownForm: form } }];
  });
}

/** The forms the batch's index rows name, by filing (the last of a filing's rows). */
function indexedFilings(events: readonly StoredEvent[]): Map<string, string> {
  const named = new Map<string, string>();
  for (const event of events) {
    const entry = event.type === 'edgar.index_entry' ? indexedFiling(event.payload) : null;
    if (entry) named.set(entry.key, entry.formType);
  }
  return named;
}

/** The filing an index row names, keyed as a document's meta is, or null when it names none clearly. */
function indexedFiling(payload: unknown): { key: string; formType: string } | null {
  const { cik, accessionNumber, formType } = (payload ?? {}) as Record<string, unknown>;
  if (typeof cik !== 'string' || !/^\d{1,10}$/.test(cik.trim()) || typeof accessionNumber !== 'string' || typeof formType !== 'string') return null;
  return { key: `${padCik(cik.trim())}\0${accessionNumber.trim()}`, formType: formType.trim() };
}

/**
 * Reads prepared ahead, while the batch before was applied: each is checked against the state the
 * batch now meets, and a document whose input moved (that batch named its filing) is read again.
 */
async function preparedAgain(run: Run, events: StoredEvent[], prepared: Map<number, PreparedRead>, pool: ExtractionPool, clock: () => Date): Promise<Map<number, PreparedRead>> {
  const moved = documentInputs(run, events).filter(({ event, input }) => prepared.get(event.seq)?.knownForm !== input.knownForm);
  if (moved.length === 0) return prepared;
  const again = await prepareReads(run, moved.map((m) => m.event), pool, clock);
  for (const { event } of moved) prepared.delete(event.seq);
  for (const [seq, read] of again) prepared.set(seq, read);
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
  const deferred = target.deferred ? deferredTransactions(readDb, target, options.clock ?? (() => new Date())) : null;
  /** The derivation under way (deriveOnce): its as-of date and the last company derived. */
  let deriving: { today: string; after: string } | null = null;

  /**
   * The next batch after `seq`, never reaching past `replayedThrough` from before it: a batch records
   * history or news, not both, and a rebuild derives its history (mustDeriveBefore) from the state at
   * the live generation's checkpoint itself, not at the last batch boundary before it. Derived earlier,
   * a company the live projector saw revised by the events in between (an idle registration the
   * ticker file then showed listed) would be recorded in its earlier status again, as history.
   */
  const readBatch = (seq: number): StoredEvent[] => {
    const events = eventLog.readBatch(seq, batchSize);
    if (seq >= target.replayedThrough) return events;
    const past = events.findIndex((e) => e.seq > target.replayedThrough);
    return past <= 0 ? events : events.slice(0, past);
  };

  return {
    target,
    batchSize,
    nextEvents: () => readBatch(progress.lastSeq),
    eventsAfter: readBatch,
    lastSeq: () => progress.lastSeq,
    applyBatch(events: StoredEvent[]) {
      const batch = projectBatch(events);
      progress.lastSeq = batch.lastSeq;
      progress.events += batch.events;
      progress.batches += 1;
      progress.companiesDerived += batch.companies;
      options.onProgress?.({ ...progress });
      return batch;
    },
    /**
     * deriveOnce: whether the companies the batches so far touched must be derived before `events`
     * are applied, because those reach past `replayedThrough` (what they imply is news).
     */
    mustDeriveBefore(events: readonly StoredEvent[]): boolean {
      return deferred !== null && progress.lastSeq <= target.replayedThrough && events[events.length - 1].seq > target.replayedThrough;
    },
    /** deriveOnce: derives the next companies left dirty; false once none is left (always without deriveOnce). */
    deriveStep(): boolean {
      if (deferred === null) return false;
      if (deriving === null) {
        const today = deferred.prepare(statements.asOf());
        if (today === null) return false;
        deriving = { today, after: '' };
      }
      const step = deferred.step(deriving.today, deriving.after, progress.lastSeq);
      if (step === null) {
        deriving = null;
        options.onProgress?.({ ...progress });
        return false;
      }
      deriving.after = step.last;
      progress.companiesDerived += step.companies;
      return true;
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

