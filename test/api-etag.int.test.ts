import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeyStore } from '../api/index.ts';
import { projectLive, rebuildReadDb } from '../projector/index.ts';
import { openEventLogDb, openOpsDb } from '../schema/databases.ts';
import { createSnapshot, installSnapshot } from '../scripts/commands/snapshot.ts';
import { emptyDataDir, projectSampleInto, removeDataDir, startApi } from './api-harness.ts';
import { spawnIpo } from './ipo-process.ts';
import { DOCUMENTS, documentEvent } from './projector-enrichment-events.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** `ipo serve` as an operator runs it: its own process, DATA_DIR shared, the cursor secret from ops.db. */
async function serve(dataDir: string, children: ChildProcess[]): Promise<string> {
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: '', CURSOR_SECRET: '' };
  const served = await spawnIpo(['serve', '--quiet'], env, (out) => /^URL: /m.test(out));
  children.push(served.child);
  return `http://127.0.0.1:${port}`;
}

/**
 * Two API processes on one DATA_DIR agree on every ETag, so a client (or a shared cache) can
 * revalidate against either; the tags move together when the projector commits or a rebuilt
 * generation is published.
 */
describe('ETags across API processes', () => {
  let dataDir: string;
  let key: string;
  const children: ChildProcess[] = [];
  let a: string;
  let b: string;

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    await projectSampleInto(dataDir);
    const ops = await openOpsDb(dataDir);
    key = (await createApiKeyStore(ops).create('etag-test')).key;
    await ops.close();
    [a, b] = await Promise.all([serve(dataDir, children), serve(dataDir, children)]);
  }, 120_000);
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    removeDataDir(dataDir);
  });

  const get = (base: string, path: string, etag?: string) =>
    fetch(base + path, { headers: { Authorization: `Bearer ${key}`, ...(etag ? { 'If-None-Match': etag } : {}) } });

  async function tagOf(base: string, path: string): Promise<{ etag: string; body: string }> {
    const res = await get(base, path);
    expect(res.status, path).toBe(200);
    return { etag: res.headers.get('etag')!, body: await res.text() };
  }

  /** Polls until both processes tag `path` differently from `before` (and alike); the link is checked every 250 ms. */
  async function tagsAfterChange(path: string, before: string): Promise<[string, string]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [ta, tb] = [(await tagOf(a, path)).etag, (await tagOf(b, path)).etag];
      if ((ta !== before && tb !== before) || Date.now() > deadline) return [ta, tb];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('gives the same ETag and body from both processes, and a 304 from either for the other\'s tag', async () => {
    const first: any = JSON.parse((await tagOf(a, '/api/v1/companies?limit=5')).body);
    const paths = [
      '/api/v1/companies?limit=5',
      `/api/v1/companies?limit=5&cursor=${encodeURIComponent(first.next_cursor)}`,
      '/api/v1/companies?limit=5&include=consensus',
      '/api/v1/companies/AAOI?include=filings,latest_terms',
      '/api/v1/filings?cik=1158114&form_type=S-1',
      '/api/v1/outcomes',
    ];
    const tags = new Set<string>();
    for (const path of paths) {
      const [fromA, fromB] = [await tagOf(a, path), await tagOf(b, path)];
      expect(fromA.etag, path).toMatch(/^"[\w-]+"$/);
      expect(fromB.etag, path).toBe(fromA.etag);
      expect(fromB.body, path).toBe(fromA.body);
      for (const [base, etag] of [[b, fromA.etag], [a, fromB.etag]]) {
        const revalidated = await get(base, path, etag);
        expect(revalidated.status, path).toBe(304);
        expect(revalidated.headers.get('etag')).toBe(etag);
        expect(await revalidated.text()).toBe('');
      }
      tags.add(fromA.etag);
    }
    // Different pages, filters and includes are different representations.
    expect(tags.size).toBe(paths.length);
  });

  it('changes both tags when the projector commits, and when a rebuilt generation is published', async () => {
    const path = '/api/v1/companies?limit=3';
    const before = (await tagOf(a, path)).etag;
    const events = await openEventLogDb(dataDir);
    try {
      events.log.appendMany([documentEvent(DOCUMENTS.unicycive)]);
      await projectLive({ dataDir, eventLog: events.log });
      const [afterCommitA, afterCommitB] = await tagsAfterChange(path, before);
      expect(afterCommitA).not.toBe(before);
      expect(afterCommitB).toBe(afterCommitA);
      expect((await get(b, path, before)).status).toBe(200);
      expect((await get(b, path, afterCommitA)).status).toBe(304);

      await rebuildReadDb({ dataDir, eventLog: events.log });
      const [afterRebuildA, afterRebuildB] = await tagsAfterChange(path, afterCommitA);
      expect(afterRebuildA).not.toBe(afterCommitA);
      expect(afterRebuildB).toBe(afterRebuildA);
      expect((await get(a, path, afterRebuildB)).status).toBe(304);
    } finally {
      await events.close();
    }
  });

  it('gives the same ETags on a replica that installed a snapshot of the live read.db', async () => {
    const replicaDir = await emptyDataDir();
    const snapshot = join(replicaDir, 'incoming.db');
    const [live, replica] = [await startApi(dataDir), await startApi(replicaDir)];
    try {
      await createSnapshot(dataDir, snapshot);
      installSnapshot(replicaDir, snapshot);
      for (const path of ['/api/v1/companies?limit=5', '/api/v1/companies/AAOI?include=filings', '/api/v1/filings?form_type=424B4']) {
        const fromLive = await live.get(path);
        const fromReplica = await replica.get(path);
        expect(fromReplica.headers.get('etag'), path).toBe(fromLive.headers.get('etag'));
        expect(await fromReplica.text(), path).toBe(await fromLive.text());
        expect((await replica.get(path, { headers: { 'If-None-Match': fromLive.headers.get('etag')! } })).status, path).toBe(304);
      }
    } finally {
      await live.close();
      await replica.close();
      removeDataDir(replicaDir);
    }
  });

  it('serves a kept page byte for byte as built, and the new data once the projector commits', async () => {
    // One app keeps pages (the default budget), the other builds every response.
    const [kept, built] = [await startApi(dataDir), await startApi(dataDir, { overrides: { pageCacheBytes: 0 } })];
    const paths = [
      '/api/v1/companies?limit=3&include=latest_terms,consensus',
      '/api/v1/companies?limit=3',
      `/api/v1/companies/${DOCUMENTS.aaoiFollowOn.cik}?include=latest_terms,filings,news`,
      '/api/v1/filings?form_type=424B4&limit=2',
    ];
    const answer = async (res: Response) => ({
      status: res.status,
      etag: res.headers.get('etag'),
      link: res.headers.get('link'),
      type: res.headers.get('content-type'),
      body: await res.text(),
    });
    const compare = async (accept: string) => {
      const answers = [];
      for (const path of paths) {
        const expected = await answer(await built.get(path, { headers: { Accept: accept } }));
        expect(expected.status, path).toBe(200);
        // The third request is served from what the second kept.
        for (let i = 0; i < 3; i++) expect(await answer(await kept.get(path, { headers: { Accept: accept } })), path).toEqual(expected);
        expect((await kept.get(path, { headers: { 'If-None-Match': expected.etag!, Accept: accept } })).status, path).toBe(304);
        answers.push(expected);
      }
      return answers;
    };
    const events = await openEventLogDb(dataDir);
    try {
      const before = await compare('application/json');
      await compare('text/csv, application/json;q=0.5');
      events.log.appendMany([documentEvent(DOCUMENTS.aaoiFollowOn)]);
      await projectLive({ dataDir, eventLog: events.log });
      const after = await compare('application/json');
      expect(after[2].body).not.toBe(before[2].body);
    } finally {
      await events.close();
      await kept.close();
      await built.close();
    }
  });
});
