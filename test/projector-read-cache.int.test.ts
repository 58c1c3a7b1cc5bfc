import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb, openReadDbForWrite } from '../schema/databases.ts';
import type { EventLog } from '../schema/events/event-log.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { createExtractionPool, documentReadCachePath, openDocumentReadCache, projectIncremental, projectLive, rebuildReadDb, type ExtractionPool } from '../projector/index.ts';
import { DOCUMENTS, documentEvent } from './projector-enrichment-events.ts';
import { dumpReadDb, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';

const clock = () => new Date('2026-02-02T00:00:00.000Z');

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * The four real prospectuses of the sample, two before and two after every submissions page
 * (read before and after their filing's form is known), in two arrivals.
 */
const ARRIVALS = () => [
  [documentEvent(DOCUMENTS.unicycive), documentEvent(DOCUMENTS.pandora), ...SUBMISSIONS_FILES.map((f) => submissionsEvent(f))],
  [documentEvent(DOCUMENTS.aaoiFollowOn), documentEvent(DOCUMENTS.acurx)],
];
const DOCUMENT_EVENTS = 4;

async function emptyLog(): Promise<{ dir: string; log: EventLog }> {
  const tmp = tempDir('projector-read-cache');
  const events = await openEventLogDb(tmp.dir);
  cleanups.push(tmp.remove, () => events.close());
  return { dir: tmp.dir, log: events.log };
}

async function logWithDocuments(): Promise<{ dir: string; log: EventLog; documents: number }> {
  const { dir, log } = await emptyLog();
  for (const arrival of ARRIVALS()) log.appendMany(arrival);
  return { dir, log, documents: DOCUMENT_EVENTS };
}

function liveDump(dir: string): string {
  const db = openSqlite(readDbLinkPath(dir), { readonly: true });
  try {
    return dumpReadDb(db);
  } finally {
    db.close();
  }
}

describe('a rebuild reuses the document reads of earlier projections', () => {
  let real: ExtractionPool;
  /** Documents the workers were asked to read: the extractions. */
  let extractions = 0;
  const pool: ExtractionPool = {
    get timeoutMs() {
      return real.timeoutMs;
    },
    read: (input, body, options) => {
      extractions++;
      return real.read(input, body, options);
    },
    close: () => real.close(),
  };
  beforeAll(() => {
    real = createExtractionPool({ timeoutMs: 30_000, size: 1 });
  });
  afterAll(() => real.close());

  it('extracts nothing again for the same extractor, everything again for another one, and serves the same bytes each way', async () => {
    const { dir, log, documents } = await logWithDocuments();
    // The reference: projected inline, without any cache.
    const plain = await openReadDbForWrite(`${dir}/plain.db`);
    cleanups.push(() => plain.close());
    projectIncremental({ eventLog: log, readDb: plain.sqlite, clock, lockDir: null });
    const expected = dumpReadDb(plain.sqlite);
    expect(plain.sqlite.prepare('SELECT count(*) FROM proj_document_terms').pluck().get()).toBe(documents);

    extractions = 0;
    const cold = await rebuildReadDb({ dataDir: dir, eventLog: log, pool, clock });
    expect(extractions).toBe(documents);
    // Besides the workers' reads, one read inline: a document read ahead before the batch that named its filing's form.
    const reads = cold.readCache!.misses;
    expect(reads).toBeGreaterThanOrEqual(documents);
    expect(cold.readCache).toMatchObject({ hits: 0, misses: reads, stored: reads, problem: null });
    expect(existsSync(documentReadCachePath(dir))).toBe(true);
    expect(liveDump(dir)).toBe(expected);

    extractions = 0;
    const warm = await rebuildReadDb({ dataDir: dir, eventLog: log, pool, clock });
    expect(extractions).toBe(0);
    expect(warm.readCache).toMatchObject({ hits: reads, misses: 0, stored: 0, problem: null });
    expect(liveDump(dir)).toBe(expected);

    // Other extractor code (its identity differs): every document is read again.
    extractions = 0;
    const changed = openDocumentReadCache(documentReadCachePath(dir), 'another extractor');
    await rebuildReadDb({ dataDir: dir, eventLog: log, pool, clock, readCache: changed });
    changed.close();
    expect(extractions).toBe(documents);
    expect(changed.stats).toMatchObject({ hits: 0, misses: reads, stored: reads });
    expect(liveDump(dir)).toBe(expected);

    // Back to this code, inline (no workers): that file held the other extractor's reads only, so all are read again, then kept.
    const inline = await rebuildReadDb({ dataDir: dir, eventLog: log, clock });
    expect(inline.readCache).toMatchObject({ hits: 0, misses: documents, stored: documents });
    expect(liveDump(dir)).toBe(expected);
    const again = await rebuildReadDb({ dataDir: dir, eventLog: log, clock });
    expect(again.readCache).toMatchObject({ hits: documents, misses: 0, stored: 0 });
    expect(liveDump(dir)).toBe(expected);
  }, 120_000);

  it('keeps no read a worker made with other code than this process loaded (files changed on disk since it started)', async () => {
    const { dir, log, documents } = await logWithDocuments();
    const stale: ExtractionPool = {
      timeoutMs: 30_000,
      read: async (input, body, options) => {
        extractions++;
        const outcome = await real.read(input, body, options);
        return outcome.ok ? { ...outcome, extractor: 'code that changed under the projector' } : outcome;
      },
      close: async () => {},
    };
    extractions = 0;
    await rebuildReadDb({ dataDir: dir, eventLog: log, pool: stale, clock });
    expect(extractions).toBe(documents);
    extractions = 0;
    const next = await rebuildReadDb({ dataDir: dir, eventLog: log, pool, clock });
    expect(extractions).toBe(documents);
    expect(next.readCache!.stored).toBeGreaterThanOrEqual(documents);
  }, 120_000);

  it('a live projection fills the cache that a rebuild then reads; a rebuild without the cache serves the same', async () => {
    const { dir, log } = await emptyLog();
    const [first, second] = ARRIVALS();
    log.appendMany(first);
    extractions = 0;
    const live = await projectLive({ dataDir: dir, eventLog: log, pool, clock });
    expect(live.mode).toBe('rebuild');
    expect(extractions).toBe(2);
    log.appendMany(second);
    const incremental = await projectLive({ dataDir: dir, eventLog: log, pool, clock });
    expect(incremental.mode).toBe('incremental');
    expect(extractions).toBe(DOCUMENT_EVENTS);
    const projected = liveDump(dir);

    // The rebuild reads the whole log in one batch, read ahead before any submissions page is
    // applied: a document the live run read with its form known is read ahead with none (one
    // extraction), then applied with the read the live run kept. What no run read before is all it extracts.
    extractions = 0;
    const rebuilt = await rebuildReadDb({ dataDir: dir, eventLog: log, pool, clock });
    expect(extractions).toBeLessThan(DOCUMENT_EVENTS);
    expect(rebuilt.readCache!.hits).toBeGreaterThanOrEqual(DOCUMENT_EVENTS);
    const cached = liveDump(dir);
    expect(cached).toBe(projected);
    extractions = 0;
    const again = await rebuildReadDb({ dataDir: dir, eventLog: log, pool, clock });
    expect(extractions).toBe(0);
    expect(again.readCache).toMatchObject({ misses: 0 });
    await rebuildReadDb({ dataDir: dir, eventLog: log, pool, clock, readCache: null });
    expect(extractions).toBe(DOCUMENT_EVENTS);
    expect(liveDump(dir)).toBe(cached);
  }, 120_000);
});
