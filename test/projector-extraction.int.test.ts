import { readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite } from '../schema/databases.ts';
import type { EventLog, NewEvent } from '../schema/events/event-log.ts';
import type { ExtractionFailedPayload } from '../schema/events/event-types.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { readDocumentTerms } from '../projector/extract/document.read.ts';
import { readDocumentFile, SAMPLE_PROSPECTUS_DIR, sampleProspectusPath } from '../projector/extract/labelled-samples.ts';
import { createExtractionPool, EXTRACTION_FAILED, extractorIdentity, projectIncremental, projectIncrementalAsync, rebuildReadDb, type ExtractionPool } from '../projector/index.ts';
import type { DocumentInput } from '../projector/runner/document-reads.ts';
import { brokenSentences, signedFile, unclosedTables } from '../projector/extract/hostile-inputs.ts';
import { DOCUMENTS, documentEvent } from './projector-enrichment-events.ts';
import { dumpReadDb, tempDir } from './projector-sample-events.ts';

const fixedClock = () => new Date('2026-02-02T00:00:00.000Z');
const input = (seq: number, knownForm: string | null): DocumentInput => ({
  seq,
  meta: { cik: '0001230276', accessionNumber: '0001193125-11-032963', primaryDocument: 'ds1.htm' },
  knownForm,
  observedAt: '2026-02-01T12:00:00.000Z',
});

/**
 * Generated input (not a filing) that is slow to read within every read budget: three million
 * sentence fragments (30 MB, under the default size budget) that the reader rejoins into
 * paragraphs. The reader has no quadratic case left to stall on, so the time budget is shown on
 * the slowest kind of read (bench: hostile inputs) at the longest the size budget allows.
 */
function slowDocument(): Buffer {
  return Buffer.from(brokenSentences(3_000_000));
}
/**
 * The budget the slow document is read with. Its read takes over 1.5 s in a worker on an idle
 * 2-core machine, more than 30 times this, so it overruns on any machine; the real documents
 * read beside it keep a generous budget, so neither test waits on how fast anything reads.
 */
const OVERRUN_BUDGET_MS = 50;
const HOSTILE_CIK = '0000000000';

/** A document event with a clearly synthetic identity (CIK 0, accession of zeros) around a hostile body. */
function hostileEvent(body: Buffer = slowDocument(), n = 0): NewEvent {
  const accessionNumber = `0000000000-00-${String(n).padStart(6, '0')}`;
  const meta = { url: `https://example.invalid/hostile-${n}.htm`, cik: HOSTILE_CIK, accessionNumber, primaryDocument: `hostile-${n}.htm` };
  return { type: 'edgar.document', source: 'test', subject: accessionNumber, observedAt: '2026-02-01T12:00:00.000Z', body, meta };
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function newLog(name: string): Promise<{ dir: string; log: EventLog }> {
  const tmp = tempDir(name);
  const events = await openEventLogDb(tmp.dir);
  cleanups.push(tmp.remove, () => events.close());
  return { dir: tmp.dir, log: events.log };
}

describe('the extraction pool', () => {
  let pool: ExtractionPool;
  beforeAll(() => {
    pool = createExtractionPool({ timeoutMs: 30_000, size: 2 });
  });
  afterAll(() => pool.close());

  it('reads every real sample prospectus exactly as the inline reader does', async () => {
    const files = readdirSync(SAMPLE_PROSPECTUS_DIR).filter((f) => /\.(htm|html)(\.gz)?$/.test(f)).sort();
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const [i, file] of files.entries()) {
      const html = readDocumentFile(sampleProspectusPath(file));
      for (const knownForm of [null, 'S-1']) {
        const inline = readDocumentTerms(html, input(i, knownForm).meta, knownForm, input(i, knownForm).observedAt);
        const pooled = await pool.read(input(i, knownForm), Buffer.from(html));
        expect(pooled, file).toEqual({ ok: true, read: inline, extractor: extractorIdentity() });
        // The stores write JSON: the reads must serialize the same, key order included.
        expect(JSON.stringify(pooled.ok && pooled.read)).toBe(JSON.stringify(inline));
      }
    }
  }, 120_000);
});

describe('the time budget', () => {
  it('ends a read that overruns it in its worker, while the main thread keeps running; the next read gets a fresh worker', async () => {
    const pool = createExtractionPool({ timeoutMs: 30_000, size: 1 });
    cleanups.push(() => pool.close());
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    cleanups.push(() => clearInterval(ticker));
    const started = Date.now();
    const outcome = await pool.read(input(1, null), slowDocument(), { timeoutMs: OVERRUN_BUDGET_MS });
    const elapsed = Date.now() - started;
    clearInterval(ticker);
    expect(outcome).toEqual({ ok: false, reason: 'timeout', budgetMs: OVERRUN_BUDGET_MS, detail: null });
    expect(elapsed).toBeGreaterThanOrEqual(OVERRUN_BUDGET_MS);
    // The interval ran while the worker started and read; a main thread held by the reader would
    // have ticked once, after it.
    expect(ticks).toBeGreaterThan(2);
    // The pool's own budget again, on the worker started in place of the one that overran.
    const real = readDocumentFile(sampleProspectusPath('S-1_0001104659-23-076317_acurx.htm.gz'));
    const after = await pool.read(input(2, null), Buffer.from(real));
    expect(after).toEqual({ ok: true, read: readDocumentTerms(real, input(2, null).meta, null, input(2, null).observedAt), extractor: extractorIdentity() });
  }, 60_000);

  it('an overrun is recorded as an event, so the live projection and an inline rebuild read the document the same way', async () => {
    const { dir, log } = await newLog('extraction-overrun');
    log.appendMany([hostileEvent(), documentEvent(DOCUMENTS.acurx)]);
    const real = createExtractionPool({ timeoutMs: 30_000, size: 1 });
    cleanups.push(() => real.close());
    // The hostile document gets the tight budget; the real prospectus after it the pool's own.
    const pool: ExtractionPool = {
      timeoutMs: real.timeoutMs,
      read: (i, b) => real.read(i, b, i.meta.cik === HOSTILE_CIK ? { timeoutMs: OVERRUN_BUDGET_MS } : {}),
      close: () => real.close(),
    };
    const live = await openReadDbForWrite(`${dir}/live.db`);
    cleanups.push(() => live.close());
    const result = await projectIncrementalAsync({ eventLog: log, readDb: live.sqlite, pool, clock: fixedClock, lockDir: null });
    expect(result.skipped).toBe(1);

    const failures = log.ofType(EXTRACTION_FAILED);
    expect(failures).toHaveLength(1);
    const hostile = log.readBatch(0, 1)[0];
    expect(failures[0].subject).toBe(hostile.eventId);
    expect(failures[0].payload as ExtractionFailedPayload).toMatchObject({ documentEventId: hostile.eventId, documentSeq: 1, reason: 'timeout', budgetMs: OVERRUN_BUDGET_MS, bytes: hostile.bodyBytes(), detail: null });
    const skipped = live.sqlite.prepare('SELECT seq, type, reason FROM proj_skipped_events').all();
    expect(skipped).toEqual([{ seq: 1, type: 'edgar.document', reason: `extraction overran its ${OVERRUN_BUDGET_MS} ms time budget (recorded by projector.extraction_failed)` }]);
    expect(live.sqlite.prepare('SELECT cik FROM proj_document_terms').pluck().all()).toEqual([DOCUMENTS.acurx.cik]);

    // The failure event itself is projected as a no-op; an inline rebuild (no pool, no time limit) never tries the document.
    projectIncremental({ eventLog: log, readDb: live.sqlite, clock: fixedClock, lockDir: null });
    const rebuilt = await rebuildReadDb({ dataDir: dir, eventLog: log, clock: fixedClock });
    expect(rebuilt.skipped).toBe(1);
    const db = openSqlite(readDbLinkPath(dir), { readonly: true });
    cleanups.push(() => db.close());
    expect(dumpReadDb(db)).toBe(dumpReadDb(live.sqlite));
  }, 60_000);
});

describe('the size budget', () => {
  it('skips a document over EXTRACTION_MAX_BYTES unread, with the pool and inline alike', async () => {
    const { log } = await newLog('extraction-size');
    log.appendMany([documentEvent(DOCUMENTS.pandora), documentEvent(DOCUMENTS.acurx)]);
    const budget = { maxBytes: 1_000_000 };
    let reads = 0;
    const real = createExtractionPool({ timeoutMs: 30_000, size: 1 });
    cleanups.push(() => real.close());
    const counting: ExtractionPool = { timeoutMs: real.timeoutMs, read: (i, b) => (reads++, real.read(i, b)), close: () => real.close() };

    const pooled = await openReadDbForWrite(':memory:');
    const inline = await openReadDbForWrite(':memory:');
    cleanups.push(() => pooled.close(), () => inline.close());
    await projectIncrementalAsync({ eventLog: log, readDb: pooled.sqlite, pool: counting, extraction: budget, clock: fixedClock, lockDir: null });
    projectIncremental({ eventLog: log, readDb: inline.sqlite, extraction: budget, clock: fixedClock, lockDir: null });
    // Pandora's S-1 is 2.5 MB: never sent to a worker. Acurx's (0.26 MB) is read.
    expect(reads).toBe(1);
    expect(pooled.sqlite.prepare('SELECT seq, reason FROM proj_skipped_events').all()).toEqual([
      { seq: 1, reason: 'document of 2488380 bytes is over the extraction budget of 1000000 bytes (EXTRACTION_MAX_BYTES)' },
    ]);
    expect(pooled.sqlite.prepare('SELECT cik FROM proj_document_terms').pluck().all()).toEqual(['0001736243']);
    expect(dumpReadDb(pooled.sqlite)).toBe(dumpReadDb(inline.sqlite));
  }, 60_000);
});

describe('the read budget', () => {
  it('reads 200,000 unclosed nested tables within it and skips a binary body, with the pool and inline alike', async () => {
    const { log } = await newLog('extraction-read-budget');
    log.appendMany([
      hostileEvent(Buffer.from(unclosedTables()), 1),
      hostileEvent(Buffer.from(signedFile('png')), 2),
      documentEvent(DOCUMENTS.acurx),
    ]);
    const pool = createExtractionPool({ timeoutMs: 30_000, size: 1 });
    cleanups.push(() => pool.close());
    const pooled = await openReadDbForWrite(':memory:');
    const inline = await openReadDbForWrite(':memory:');
    cleanups.push(() => pooled.close(), () => inline.close());
    const result = await projectIncrementalAsync({ eventLog: log, readDb: pooled.sqlite, pool, clock: fixedClock, lockDir: null });
    projectIncremental({ eventLog: log, readDb: inline.sqlite, clock: fixedClock, lockDir: null });

    expect(result.skipped).toBe(1);
    expect(log.ofType(EXTRACTION_FAILED)).toEqual([]);
    expect(pooled.sqlite.prepare('SELECT seq, reason FROM proj_skipped_events').all()).toEqual([{ seq: 2, reason: 'binary content (PNG signature)' }]);
    // The nest is read, flattened below the depth budget; the real prospectus is read whole.
    expect(pooled.sqlite.prepare('SELECT seq, read_limits FROM proj_document_terms ORDER BY seq').all()).toEqual([
      { seq: 1, read_limits: '["maxBlockChars","maxDepth"]' },
      { seq: 3, read_limits: null },
    ]);
    expect(dumpReadDb(pooled.sqlite)).toBe(dumpReadDb(inline.sqlite));
  }, 60_000);
});
