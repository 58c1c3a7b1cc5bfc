import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOpsDb } from '../../schema/databases.ts';
import { createApiKeyStore, sha256Hex } from './api-keys.ts';

describe('API key store', () => {
  let dataDir: string;
  const clock = () => new Date('2024-01-02T03:04:05.000Z');

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ipo-keys-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('issues ipo_live_ keys and stores only hash, prefix and last four', async () => {
    const ops = await openOpsDb(dataDir);
    const store = createApiKeyStore(ops, { now: clock });
    const created = await store.create('analyst');
    expect(created.key).toMatch(/^ipo_live_[0-9A-Za-z]{32,}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.last4).toBe(created.key.slice(-4));
    expect(created.createdAt).toBe('2024-01-02T03:04:05.000Z');

    const row = ops.sqlite.prepare('SELECT * FROM api_keys').get() as Record<string, string>;
    expect(row.key_hash).toBe(sha256Hex(created.key));
    expect(Object.values(row)).not.toContain(created.key);

    const listed = await store.list();
    expect(listed).toEqual([{ id: created.id, name: 'analyst', prefix: created.prefix, last4: created.last4, createdAt: created.createdAt, revokedAt: null, lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    await ops.close();
  });

  it('records the last use of a key in memory and writes it in one batch, never per request', async () => {
    const ops = await openOpsDb(dataDir);
    let at = Date.parse('2024-01-02T03:04:05.000Z');
    const store = createApiKeyStore(ops, { now: () => new Date(at) });
    const { key, id } = await store.create('a');
    const unused = await store.create('b');
    const writes = () => ops.sqlite.prepare('SELECT total_changes()').pluck().get() as number;
    const before = writes();
    for (let i = 0; i < 1000; i++, at += 1000) expect(store.verify(key)).toBe(id);
    store.verify('ipo_live_' + 'x'.repeat(40));
    expect(writes()).toBe(before);
    expect(store.flushLastUsed()).toBe(1);
    const listed = Object.fromEntries((await store.list()).map((k) => [k.id, k.lastUsedAt]));
    expect(listed).toEqual({ [id]: new Date(at - 1000).toISOString(), [unused.id]: null });
    // Nothing new: nothing written. An older time never overwrites a newer one.
    expect(store.flushLastUsed()).toBe(0);
    expect(writes()).toBe(before + 1);
    store.close();
    await ops.close();
  });

  it('verifies live keys and rejects malformed, unknown and near-miss keys', async () => {
    const ops = await openOpsDb(dataDir);
    const store = createApiKeyStore(ops);
    const { key, id } = await store.create('a');
    expect(store.verify(key)).toBe(id);
    const lastChar = key.at(-1) === 'a' ? 'b' : 'a';
    expect(store.verify(key.slice(0, -1) + lastChar)).toBeNull();
    expect(store.verify('ipo_live_short')).toBeNull();
    expect(store.verify(`sk_live_${key.slice(9)}`)).toBeNull();
    expect(store.verify('')).toBeNull();
    expect(store.verify(`${key} `)).toBeNull();
    await ops.close();
  });

  it('revokes by id or prefix, at once in this process and promptly in another', async () => {
    const cliOps = await openOpsDb(dataDir);
    const apiOps = await openOpsDb(dataDir);
    const cli = createApiKeyStore(cliOps, { now: clock });
    const api = createApiKeyStore(apiOps);
    const first = await cli.create('first');
    const second = await cli.create('second');
    expect(api.verify(first.key)).toBe(first.id);
    expect(api.verify(second.key)).toBe(second.id);

    expect(await cli.revoke(first.id)).toBe(true);
    expect(cli.verify(first.key)).toBeNull();
    // The API's cached verdict is dropped because another connection committed (data_version).
    expect(api.verify(first.key)).toBeNull();
    expect(api.verify(second.key)).toBe(second.id);

    expect(await api.revoke(second.prefix)).toBe(true);
    expect(api.verify(second.key)).toBeNull();
    expect(await api.revoke(second.prefix)).toBe(false);
    expect(await api.revoke('key_missing')).toBe(false);
    expect((await cli.list()).map((k) => k.revokedAt !== null)).toEqual([true, true]);
    await cliOps.close();
    await apiOps.close();
  });
});
