import type { SqliteHandle } from '../../schema/sqlite.ts';
import type { StoredEvent } from '../../schema/events/event-log.ts';
import { applyEvent } from './apply-event.ts';
import type { ApplyTarget } from './apply-target.ts';
import { isUnreadable } from './unreadable.ts';
import { loadCompanyRows, rowsNearCik, vendorCompanyServedAs, vendorIdsNear, type CompanySources } from './company-inputs.load.ts';
import { mayOwn } from './apply-market.ts';
import { changedCikRanges, cikFrontier } from '../company/cik-order.derive.ts';
import { isVendorCompanyId } from '../company/vendor-company.derive.ts';
import { companyDealEvents, servedElsewhereEvent, type DealEvent } from '../company/deal-events.derive.ts';
import { createTradingCalendar } from '../common/trading-calendar.ts';
import { NewsLinker } from './news-linker.ts';
import { openStores } from './stores.ts';
import { DirtyCompanies } from './dirty-companies.store.ts';
import { DerivedDates, type DerivedOn } from './derived-dates.store.ts';
import { cachedReads, DEFAULT_EXTRACTION_BUDGET, inlineReads, NotPreparedError } from './document-reads.ts';
import type { FeedFilingServed, ProjectOptions } from './project.ts';

/**
 * One projection run's transactions (project.ts drives them): a batch of events applied and the
 * companies it touched re-derived, or a sweep of the companies whose overlays the as-of date moved,
 * each committing its rows with the checkpoint.
 */

/** Checkpoint row of this runner in `projector_checkpoint`. */
export const PROJECTION_NAME = 'core';

/** The read.db statements a run uses besides the stores': checkpoint, build and read metadata. */
export function runStatements(readDb: SqliteHandle) {
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

export type RunStatements = ReturnType<typeof runStatements>;

/** The stores of the run and what its derivations share. */
export function runTarget(options: ProjectOptions, startSeq: number): RunTarget {
  const stores = openStores(options.readDb);
  const inline = options.readCache ? cachedReads(options.readCache, inlineReads) : inlineReads;
  return {
    ...stores,
    linker: new NewsLinker(stores.news),
    calendar: createTradingCalendar(),
    cikFrontier: cikFrontier(stores.edgar.knownFirstFilings()),
    cikFrontierAt: stores.edgar.firstFilingsVersion(),
    derivedOn: options.deriveOnce ? new DerivedDates(options.readDb) : new Map(),
    deferred: options.deriveOnce ? new DirtyCompanies(options.readDb) : null,
    recordedDealKeys: new Set(),
    fromEmpty: startSeq === 0,
    replayedThrough: options.replayedThrough ?? (startSeq === 0 ? options.eventLog.lastSeq() : 0),
    extraction: { eventLog: options.eventLog, budget: options.extraction ?? DEFAULT_EXTRACTION_BUDGET, reads: inline, inline, cache: options.readCache ?? null },
  };
}

/**
 * One batch in one transaction: apply its events, move the as-of date, re-derive the companies
 * they touched, then the checkpoint. Returns what it committed.
 */
export function batchTransaction(options: ProjectOptions, target: RunTarget, statements: RunStatements) {
  const clock = options.clock ?? (() => new Date());
  return forgettingOnRollback(target, options.readDb.transaction((events: StoredEvent[]) => {
    target.dealEvents.begin();
    // Read again from the committed state when a batch rolled back (forgettingOnRollback): it may have moved it.
    if (target.cikFrontierAt === null) {
      target.cikFrontier = cikFrontier(target.edgar.knownFirstFilings());
      target.cikFrontierAt = target.edgar.firstFilingsVersion();
    }
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
    const { deferred } = target;
    if (deferred) {
      // A rebuild derives them once, after their last event (deferredTransactions).
      for (const id of touched) deferred.add(id);
    } else {
      const today = asOfDate(latest);
      for (const id of relatedCompanies(target, touched)) touched.add(id);
      for (const cik of [...touched].sort()) rederive(target, cik, today);
    }
    options.beforeCommit?.({ events: done, touched });
    const lastSeq = done[done.length - 1].seq;
    const committedAt = clock().toISOString();
    const dealEvents = target.dealEvents.record(committedAt, lastSeq <= target.replayedThrough);
    statements.writeCheckpoint.run(PROJECTION_NAME, lastSeq);
    statements.writeBuildMeta.run('last_batch_at', committedAt);
    return { events: done.length, lastSeq, companies: deferred ? 0 : touched.size, feedFilings: feedFilingsServed(target, done), dealEvents };
  }));
}

/**
 * The companies to derive besides those the events touched: the vendor companies whose rows may
 * change owner because the touched EDGAR companies changed, or because the CIK order moved.
 */
function relatedCompanies(target: RunTarget, touched: ReadonlySet<string>): string[] {
  // A newly known first filing moves the CIK order's bound of other entities: their vendor rows may change owner.
  const related = new Set(movedByCikOrder(target));
  // A changed EDGAR company may now be the issuer of a vendor row served as its own company (or stop being it).
  for (const cik of [...touched, ...related]) if (!isVendorCompanyId(cik)) for (const id of vendorIdsNear(target, cik, target.served.servedTickers(cik))) related.add(id);
  return [...related];
}

/** Companies a deferred derivation step writes (and rows of the change log it records) in one transaction. */
const DEFERRED_STEP = 1000;

/**
 * Filing rows after which a deferred step commits, whatever its companies' count: a step holds
 * its companies' change-log facts (one at least per filing) until it records them, and a frequent
 * filer's filings grow with the log, so a step of 1000 companies held ever more as the log grew (peak
 * RSS 815 MiB on a 1,000,000-event rebuild, against 662 MiB with steps of 250 companies).
 */
const DEFERRED_STEP_FILINGS = 20_000;

/**
 * A rebuild's derivations (ProjectOptions.deriveOnce): the batches only apply events and collect
 * the keys of the companies they touched; these derive each of them once, from the state as it
 * then stands, in transactions of DEFERRED_STEP companies in key order. `prepare` adds the
 * companies a batch would derive with them (relatedCompanies, the state's CIK order measured against
 * the one of the last derivation) and returns the as-of date they are derived under, or null when
 * none is dirty; each `step` derives the next companies after `after` and returns the last one, or
 * null once all are derived (the set is then empty). The change log records their facts as the
 * state states them, each dated by its evidence (deal-events.derive.ts): a fact that evidence
 * later revised within the span was never true, and is recorded only by a live projection.
 */
export function deferredTransactions(readDb: SqliteHandle, target: RunTarget, clock: () => Date) {
  const dirty = target.deferred!;
  const prepare = readDb.transaction((asOf: string | null): string | null => {
    if (dirty.isEmpty()) return null;
    const moved = movedByCikOrder(target);
    for (const id of moved) dirty.add(id);
    for (let after = ''; ; ) {
      const keys = dirty.keysAfter(after, DEFERRED_STEP);
      if (keys.length === 0) break;
      // Vendor ids (`V-…`) sort after every CIK: the ones added here come after the CIKs read.
      for (const cik of keys) if (!isVendorCompanyId(cik)) for (const id of vendorIdsNear(target, cik, target.served.servedTickers(cik))) dirty.add(id);
      after = keys[keys.length - 1];
    }
    return asOfDate(asOf);
  });
  const step = forgettingOnRollback(target, readDb.transaction((today: string, after: string, lastSeq: number): { last: string; companies: number } | null => {
    const keys = dirty.keysAfter(after, DEFERRED_STEP);
    if (keys.length === 0) {
      dirty.clear();
      return null;
    }
    target.dealEvents.begin();
    let filings = 0;
    let derived = 0;
    for (const cik of keys) {
      filings += rederive(target, cik, today);
      derived++;
      if (filings >= DEFERRED_STEP_FILINGS) break;
    }
    target.dealEvents.record(clock().toISOString(), lastSeq <= target.replayedThrough);
    return { last: keys[derived - 1], companies: derived };
  }));
  return { prepare: forgettingOnRollback(target, prepare), step };
}

/**
 * The stores keep what they read in memory (edgar.store.ts, market.store.ts); a transaction that
 * throws is rolled back, and with it whatever it wrote through them, so they forget it all.
 */
function forgettingOnRollback<A extends unknown[], R>(target: RunTarget, transaction: (...args: A) => R): (...args: A) => R {
  return (...args: A) => {
    try {
      return transaction(...args);
    } catch (error) {
      target.edgar.forgetReads();
      target.market.forgetReads();
      // Keys the rolled-back batch collected were never recorded.
      target.recordedDealKeys.clear();
      target.cikFrontierAt = null;
      throw error;
    }
  };
}

/**
 * When the batch's events changed the entities whose first filing is known, the companies that may
 * own the vendor rows near an entity whose CIK order bound moved (company/cik-order.derive.ts); the
 * target's frontier becomes the new one.
 */
function movedByCikOrder(target: RunTarget): string[] {
  // No first filing was written since the frontier was read: it is the same, and no bound moved.
  if (target.cikFrontierAt === target.edgar.firstFilingsVersion()) return [];
  const after = cikFrontier(target.edgar.knownFirstFilings());
  const ranges = changedCikRanges(target.cikFrontier, after);
  target.cikFrontier = after;
  target.cikFrontierAt = target.edgar.firstFilingsVersion();
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
export function sweepTransaction(readDb: SqliteHandle, target: RunTarget, statements: RunStatements, clock: () => Date) {
  return forgettingOnRollback(target, readDb.transaction((today: string, ciks: string[], last: boolean, lastSeq: number) => {
    target.dealEvents.begin();
    for (const cik of ciks) rederive(target, cik, today);
    // A status the date moved (listed once the expected first trade passed) is a fact of its own.
    target.dealEvents.record(clock().toISOString(), lastSeq <= target.replayedThrough);
    if (last) statements.writeMeta.run(SWEPT_AS_OF_KEY, today);
  }));
}

/**
 * The projection's "today": the date of the latest observedAt among the events projected so far.
 * Derived rows never read the wall clock, so a rebuild reproduces them byte for byte; the cost is
 * that a stale or postponed overlay appears only once some later event has been observed (any
 * fetch moves the date, and the scheduled refreshes fetch daily).
 */
export function asOfDate(observedAt: string | null): string {
  return observedAt === null ? '0000-00-00' : observedAt.slice(0, 10);
}

/** Change-log keys a run holds at most (tens of bytes each); past it the set starts again empty. */
const RECORDED_KEYS_HELD = 200_000;

/**
 * Collects the facts whose keys this run has not recorded yet: the others the change log would
 * ignore. A revisable fact is always collected: the log compares its values with the latest it holds.
 */
function collectNewDealEvents(target: RunTarget, events: readonly DealEvent[]): void {
  const fresh = events.filter((e) => e.revisable || !target.recordedDealKeys.has(e.key));
  if (fresh.length === 0) return;
  target.dealEvents.collect(fresh);
  if (target.recordedDealKeys.size + fresh.length > RECORDED_KEYS_HELD) target.recordedDealKeys.clear();
  for (const e of fresh) if (!e.revisable) target.recordedDealKeys.add(e.key);
}

const AS_OF_KEY = 'as_of';
export const SWEPT_AS_OF_KEY = 'swept_as_of';

/** The stores a run writes, plus what its derivations share (see CompanySources). */
export interface RunTarget extends ApplyTarget, CompanySources {
  /** The as-of date each company was last derived with in this run (a rebuild's in a TEMP table). */
  derivedOn: DerivedOn;
  /** With ProjectOptions.deriveOnce, the companies touched and not derived yet; else null (each batch derives its own). */
  deferred: DirtyCompanies | null;
  /**
   * Keys of the change log this run has recorded (or collected in the open batch), up to
   * RECORDED_KEYS_HELD: a company re-derived implies its old facts again, which the log would
   * ignore, and each of them costs a sort and an insert. A key not held is simply collected.
   */
  recordedDealKeys: Set<string>;
  /** `edgar.firstFilingsVersion()` when `cikFrontier` was read; null when a rollback may have made it stale. */
  cikFrontierAt: number | null;
  /**
   * The run started from checkpoint 0: no batch was ever committed, so no company has served rows
   * other than those this run writes (a rebuild's fresh generation).
   */
  fromEmpty: boolean;
  /** See ProjectOptions.replayedThrough. */
  replayedThrough: number;
}

/**
 * Re-derives every served row of one company from the projector state; returns the filing rows it
 * wrote. A CIK that is no longer a company (a vendor-only company whose link went away) loses its
 * rows and its news links.
 */
function rederive(target: RunTarget, cik: string, today: string): number {
  const derived = loadCompanyRows(target, cik, today);
  if (!derived) {
    const last = target.served.lastServed(cik);
    if (last === undefined) return 0;
    // Its rows now belong to another company: the change log says under which id (a client folds the two).
    const servedAs = isVendorCompanyId(cik) ? vendorCompanyServedAs(target, cik) : null;
    if (servedAs !== null) collectNewDealEvents(target, [servedElsewhereEvent(last, servedAs)]);
    target.served.removeCompanyRows(cik);
    target.news.forgetCompanyLinks(cik);
    target.linker.forgetCandidates();
    return 0;
  }
  target.served.writeCompanyRows(derived, target.fromEmpty && !target.derivedOn.has(cik));
  collectNewDealEvents(target, companyDealEvents(derived));
  // News is linked against the served companies: the cached list is stale once one is written.
  target.linker.forgetCandidates();
  target.derivedOn.set(cik, today);
  return derived.filings.length;
}
