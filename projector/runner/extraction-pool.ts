import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { RUNNING_COMPILED, siblingModule } from '../../schema/package-files.ts';
import type { DocumentReadResult } from '../extract/document.read.ts';
import type { DocumentInput } from './document-reads.ts';

/**
 * Worker threads that read documents for `ipo projector`, so a large or hostile prospectus never
 * holds the thread that commits batches, answers jobs and handles signals.
 *
 * The time budget is a last-resort guard, not a rule of the projection: how long a read takes
 * depends on the machine, so an overrun cannot simply yield nulls (a rebuild elsewhere would read
 * the document and differ). Instead the projector records the overrun as a
 * `projector.extraction_failed` event, and every projection, live or rebuilt, reads a document
 * with such an event as unreadable. Deterministic limits belong in `ExtractionBudget` (bytes) and
 * in the reader's own READ_BUDGET (extract/read-budget.ts), which keeps every read far inside it.
 */
export interface ExtractionPool {
  /** The time budget of one read, in ms (EXTRACTION_TIMEOUT_MS), unless the read gives its own. */
  readonly timeoutMs: number;
  /**
   * Reads one document in a worker. The budget counts from the moment a started worker holds the
   * document, so neither the queue nor a fresh worker's start-up counts against it. An extraction
   * error rejects, as it would throw inline.
   */
  read(input: DocumentInput, body: Buffer, options?: ReadOptions): Promise<PoolOutcome>;
  /** Terminates the workers; reads still queued or running reject with `PoolClosedError`. */
  close(): Promise<void>;
}

export interface ReadOptions {
  /** This read's time budget in ms, instead of the pool's. */
  timeoutMs?: number;
}

export type PoolOutcome =
  /** `extractor`: the identity of the code the worker ran (extractor-identity.ts), for the document-read cache. */
  | { ok: true; read: DocumentReadResult; extractor: string }
  /**
   * The worker was terminated at the time budget, or died (out of memory, crash); it has been
   * replaced. `budgetMs` is the budget the read had, for the record of the failure.
   */
  | { ok: false; reason: 'timeout' | 'worker_exit'; budgetMs: number; detail: string | null };

/** A read prepared for the applier, with the input it was computed for. */
export interface PreparedRead {
  knownForm: string | null;
  read: DocumentReadResult;
}

export class PoolClosedError extends Error {}

/** Main thread → worker. */
export interface ExtractionRequest {
  id: number;
  input: DocumentInput;
  body: Uint8Array;
}

/** Worker → main thread. */
export type ExtractionReply =
  | { ready: true; extractor: string }
  | { id: number; ok: true; read: DocumentReadResult }
  | { id: number; ok: false; message: string; stack: string | null };

export interface ExtractionPoolOptions {
  timeoutMs: number;
  /** Worker threads; default one per spare core, 1 to 4. */
  size?: number;
}

interface Task {
  id: number;
  input: DocumentInput;
  body: Buffer;
  timeoutMs: number;
  resolve(outcome: PoolOutcome): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** The identity of the code the worker loaded, from its ready message. */
  extractor: string;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

// Compiled, the worker runs its own module; from the sources it needs a shim that loads tsx first.
const WORKER_ENTRY = RUNNING_COMPILED ? siblingModule(import.meta.url, 'extraction.worker') : new URL('./extraction-worker.mjs', import.meta.url);

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * Worker threads for a batch projection (`ipo project`, a rebuild or a catch-up): one per core, 1
 * to 4. Its writer applies a batch in a fraction of the time the batch's documents take to read, then
 * waits on the next batch's reads, so with one worker per spare core a rebuild left a core idle for
 * most of its apply phase. A live projector (`ipo projector`) keeps to the spare cores: it shares the
 * machine with the API and the workers.
 */
export function batchPoolSize(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

export function createExtractionPool(options: ExtractionPoolOptions): ExtractionPool {
  const { timeoutMs } = options;
  checkBudget(timeoutMs);
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;
  /** A worker that could not even start: every read fails with this rather than respawning in a loop. */
  let broken: Error | null = null;

  const finish = (slot: Slot): Task | null => {
    const task = slot.task;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    return task;
  };

  /** Swaps a worker that overran or died for a fresh one; the old one's late events are ignored. */
  const replace = (slot: Slot, reason: 'timeout' | 'worker_exit', detail: string | null) => {
    const task = finish(slot);
    const old = slot.worker;
    old.removeAllListeners();
    old.on('error', () => {});
    void old.terminate();
    task?.resolve({ ok: false, reason, budgetMs: task.timeoutMs, detail });
    if (!closed) spawn(slot);
  };

  const spawn = (slot: Slot) => {
    const worker = new Worker(WORKER_ENTRY);
    slot.worker = worker;
    slot.ready = false;
    worker.on('message', (reply: ExtractionReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        slot.extractor = reply.extractor;
        pump();
        return;
      }
      if (slot.task?.id !== reply.id) return;
      const task = finish(slot)!;
      if (reply.ok) task.resolve({ ok: true, read: reply.read, extractor: slot.extractor });
      else task.reject(Object.assign(new Error(reply.message), { stack: reply.stack ?? undefined }));
      pump();
    });
    // An uncaught error (ERR_WORKER_OUT_OF_MEMORY among them) is followed by 'exit'; either ends the worker.
    worker.on('error', (error) => (slot.ready ? replace(slot, 'worker_exit', error.message) : fail(error)));
    worker.on('exit', (code) => (slot.ready ? replace(slot, 'worker_exit', `exit code ${code}`) : fail(new Error(`extraction worker exited with code ${code} while starting`))));
  };

  const fail = (error: Error) => {
    broken ??= new Error(`extraction worker failed to start: ${error.message}`);
    for (const task of queue.splice(0)) task.reject(broken);
  };

  const slots: Slot[] = [];
  for (let i = 0; i < (options.size ?? defaultPoolSize()); i++) {
    const slot = { ready: false, extractor: '', task: null, timer: null } as unknown as Slot;
    spawn(slot);
    slots.push(slot);
  }

  function pump(): void {
    for (const slot of slots) {
      if (closed || queue.length === 0) return;
      if (!slot.ready || slot.task) continue;
      const task = queue.shift()!;
      slot.task = task;
      // Started after the body is copied to the worker: the budget is the worker's, not the copy's.
      slot.worker.postMessage({ id: task.id, input: task.input, body: task.body } satisfies ExtractionRequest);
      slot.timer = setTimeout(() => replace(slot, 'timeout', null), task.timeoutMs);
    }
  }

  return {
    timeoutMs,
    read(input, body, readOptions = {}) {
      if (closed) return Promise.reject(new PoolClosedError('the extraction pool is closed'));
      if (broken) return Promise.reject(broken);
      const budget = readOptions.timeoutMs ?? timeoutMs;
      checkBudget(budget);
      return new Promise<PoolOutcome>((resolve, reject) => {
        queue.push({ id: nextId++, input, body, timeoutMs: budget, resolve, reject });
        pump();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const error = new PoolClosedError('the extraction pool closed');
      for (const task of queue.splice(0)) task.reject(error);
      await Promise.all(
        slots.map((slot) => {
          finish(slot)?.reject(error);
          slot.worker.removeAllListeners();
          slot.worker.on('error', () => {});
          return slot.worker.terminate();
        }),
      );
    },
  };
}

function checkBudget(timeoutMs: number): void {
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new RangeError(`timeoutMs must be a positive integer, got ${timeoutMs}`);
}
