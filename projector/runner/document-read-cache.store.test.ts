import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../schema/sqlite.ts';
import { readDocumentTerms } from '../extract/document.read.ts';
import { readDocumentFile, sampleProspectusPath } from '../extract/labelled-samples.ts';
import { openDocumentReadCache } from './document-read-cache.store.ts';
import type { DocumentInput } from './document-reads.ts';

// A real prospectus (data/sample/prospectuses, SOURCES.md): Acurx Pharmaceuticals' S-1.
const input: DocumentInput = {
  seq: 7,
  meta: { cik: '0001736243', accessionNumber: '0001104659-23-076317', primaryDocument: 'tm2319782d1_s1.htm' },
  knownForm: 'S-1',
  observedAt: '2026-02-01T12:00:00.000Z',
};
const EVENT_ID = 'a'.repeat(64);
const read = readDocumentTerms(readDocumentFile(sampleProspectusPath('S-1_0001104659-23-076317_acurx.htm.gz')), input.meta, input.knownForm, input.observedAt);

const removals: string[] = [];
afterEach(() => {
  for (const dir of removals.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function cachePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'document-read-cache-'));
  removals.push(dir);
  return join(dir, 'document-reads.db');
}
function stored(path: string, identity = 'one'): void {
  const cache = openDocumentReadCache(path, identity);
  cache.put(input, EVENT_ID, read);
  cache.close();
}

describe('the document-read cache', () => {
  it('serves a kept read to the same input and extractor, equal to the extraction', () => {
    const path = cachePath();
    stored(path);
    const cache = openDocumentReadCache(path, 'one');
    expect(read && 'terms' in read && read.terms.terms).toBeTruthy();
    expect(cache.get(input, EVENT_ID)).toEqual(read);
    expect(JSON.stringify(cache.get(input, EVENT_ID))).toBe(JSON.stringify(read));
    expect(cache.stats).toMatchObject({ hits: 2, misses: 0, problem: null });
    cache.close();
  });

  it('keeps a null read (a document of another form) apart from a miss', () => {
    const path = cachePath();
    const cache = openDocumentReadCache(path, 'one');
    cache.put({ ...input, knownForm: '10-K' }, EVENT_ID, null);
    cache.close();
    const again = openDocumentReadCache(path, 'one');
    expect(again.get({ ...input, knownForm: '10-K' }, EVENT_ID)).toBeNull();
    expect(again.get({ ...input, knownForm: null }, EVENT_ID)).toBeUndefined();
    again.close();
  });

  it('misses whatever the read depends on that differs: known form, body, meta, observedAt, extractor', () => {
    const path = cachePath();
    stored(path);
    const cache = openDocumentReadCache(path, 'one');
    expect(cache.get({ ...input, knownForm: null }, EVENT_ID)).toBeUndefined();
    expect(cache.get({ ...input, knownForm: '' }, EVENT_ID)).toBeUndefined();
    expect(cache.get(input, 'b'.repeat(64))).toBeUndefined();
    expect(cache.get({ ...input, meta: { ...input.meta, primaryDocument: null } }, EVENT_ID)).toBeUndefined();
    expect(cache.get({ ...input, observedAt: '2026-02-02T12:00:00.000Z' }, EVENT_ID)).toBeUndefined();
    expect(cache.stats).toMatchObject({ hits: 0, misses: 5 });
    cache.close();
    // Another extractor empties the file: reads of other code are never served again.
    const other = openDocumentReadCache(path, 'two');
    expect(other.get(input, EVENT_ID)).toBeUndefined();
    other.close();
    const back = openDocumentReadCache(path, 'one');
    expect(back.get(input, EVENT_ID)).toBeUndefined();
    back.close();
  });

  it('a damaged row is a miss, and a file that is not a database is started again', () => {
    const path = cachePath();
    stored(path);
    const db = openSqlite(path);
    db.prepare(`UPDATE document_reads SET read = substr(read, 1, 100) || x'00' || substr(read, 102)`).run();
    db.close();
    const cache = openDocumentReadCache(path, 'one');
    expect(cache.get(input, EVENT_ID)).toBeUndefined();
    cache.close();

    writeFileSync(path, 'not a database, just text long enough to fill a header page '.repeat(100));
    const fresh = openDocumentReadCache(path, 'one');
    expect(fresh.stats.problem).toBeNull();
    expect(fresh.get(input, EVENT_ID)).toBeUndefined();
    fresh.put(input, EVENT_ID, read);
    fresh.close();
    const reopened = openDocumentReadCache(path, 'one');
    expect(reopened.get(input, EVENT_ID)).toEqual(read);
    reopened.close();
  });

  it('a cache that cannot be opened at all serves nothing and says why', () => {
    const cache = openDocumentReadCache(join(cachePath(), 'no-such-dir', 'document-reads.db'), 'one');
    expect(cache.get(input, EVENT_ID)).toBeUndefined();
    cache.put(input, EVENT_ID, read);
    cache.close();
    expect(cache.stats.problem).toMatch(/cannot open/);
  });
});
