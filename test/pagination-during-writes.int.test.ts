import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectLive, rebuildReadDb } from '../projector/index.ts';
import { openEventLogDb } from '../schema/databases.ts';
import { emptyDataDir, removeDataDir, startApi, type RunningApi } from './api-harness.ts';
import { companyTickersEvent, indexEntryEvents, SUBMISSIONS_FILES, submissionsEvent } from './projector-sample-events.ts';

type Page<T> = { data: T[]; next_cursor: string | null; has_more: boolean; meta: { count: number } };
type Filing = { cik: string; accessionNumber: string; filingDate: string };

let dataDir: string;
let events: Awaited<ReturnType<typeof openEventLogDb>>;
let api: RunningApi;

beforeAll(async () => {
  dataDir = await emptyDataDir();
  events = await openEventLogDb(dataDir);
  events.log.appendMany([
    ...indexEntryEvents('form.20200318.idx.gz'),
    companyTickersEvent(),
    ...SUBMISSIONS_FILES.map((f) => submissionsEvent(f)),
  ]);
  await rebuildReadDb({ dataDir, eventLog: events.log });
  api = await startApi(dataDir);
});

afterAll(async () => {
  await api?.close();
  await events?.close();
  removeDataDir(dataDir);
});

async function walk<T>(path: string, onPage: (n: number) => Promise<void>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let n = 0; ; n++) {
    const response = await api.get(`${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as Page<T>;
    expect(page.meta.count).toBe(page.data.length);
    expect(page.has_more).toBe(page.next_cursor !== null);
    items.push(...page.data);
    if (!page.next_cursor) return items;
    cursor = page.next_cursor;
    await onPage(n);
  }
}

describe('keyset pagination while the projector writes', () => {
  let etagBefore = '';

  it('tags a page with a strong ETag that a repeat request can revalidate', async () => {
    const first = await api.get('/api/v1/filings?limit=5');
    etagBefore = first.headers.get('etag') ?? '';
    expect(etagBefore).toMatch(/^"[^"]+"$/);
    expect((await api.get('/api/v1/filings?limit=5', { headers: { 'If-None-Match': etagBefore } })).status).toBe(304);
  });

  it('walks filings with no duplicates and no gaps while a new daily index is projected mid-walk', async () => {
    const before = (await walk<Filing>('/api/v1/filings?limit=100', async () => {})).map((f) => `${f.accessionNumber}/${f.cik}`);
    let wrote = false;
    const walked = await walk<Filing>('/api/v1/filings?limit=100', async (n) => {
      if (n !== 3) return;
      // The projector adds thousands of filings to the live read.db between two page requests.
      events.log.appendMany(indexEntryEvents('company.20221003.idx.gz'));
      const result = await projectLive({ dataDir, eventLog: events.log });
      expect(result.mode).toBe('incremental');
      expect(result.events).toBeGreaterThan(1000);
      wrote = true;
    });
    expect(wrote).toBe(true);

    const keys = walked.map((f) => `${f.accessionNumber}/${f.cik}`);
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Set(keys);
    expect(before.filter((k) => !seen.has(k))).toEqual([]);
    for (let i = 1; i < walked.length; i++) {
      const a = walked[i - 1];
      const b = walked[i];
      const order = a.filingDate.localeCompare(b.filingDate) || a.accessionNumber.localeCompare(b.accessionNumber) || a.cik.localeCompare(b.cik);
      expect(order, `${a.accessionNumber} before ${b.accessionNumber}`).toBeGreaterThan(0);
    }
    expect(walked.length).toBeGreaterThan(before.length);
  });

  it('changes the ETag once the projector has committed new data', async () => {
    const after = await api.get('/api/v1/filings?limit=5', { headers: { 'If-None-Match': etagBefore } });
    expect(after.status).toBe(200);
    const etagAfter = after.headers.get('etag');
    expect(etagAfter).not.toBe(etagBefore);
    expect((await api.get('/api/v1/filings?limit=5', { headers: { 'If-None-Match': etagAfter! } })).status).toBe(304);
  });

  it('walks companies with no duplicates after the writes', async () => {
    const walked = await walk<{ cik: string }>('/api/v1/companies?limit=100', async () => {});
    expect(new Set(walked.map((c) => c.cik)).size).toBe(walked.length);
  });
});
