import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
import { emptyDataDir, removeDataDir, startApi } from './api-harness.ts';
import { runIpo } from './cli-harness.ts';
import { companyTickersEvent, dumpLiveReadDb, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('read.db snapshots for API replicas', () => {
  it('ships the projector’s read.db to a replica whose running API switches to it without a failed request', async () => {
    // The projector's machine: the sample's submissions and tickers, projected.
    const primary = tempDir('snapshot-primary');
    cleanups.push(primary.remove);
    const events = await openEventLogDb(primary.dir);
    events.log.appendMany([companyTickersEvent(), ...SUBMISSIONS_FILES.map((f) => submissionsEvent(f))]);
    await events.close();
    expect((await runIpo(primary.dir, 'project')).code).toBe(0);

    const shipped = join(tempDir('snapshot-wire').dir, 'read-snapshot.db');
    const created = await runIpo(primary.dir, 'snapshot', 'create', shipped);
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/checkpoint seq \d+, projector version \S+, \d+ bytes, integrity ok/);

    // The replica: an API serving an empty read.db, read by clients throughout the swap.
    const replica = await emptyDataDir();
    cleanups.push(() => removeDataDir(replica));
    const api = await startApi(replica);
    cleanups.push(() => api.close());
    expect(((await (await api.get('/api/v1/companies/1318605')).json()) as { error: { code: string } }).error.code).toBe('not_found');
    const statuses: number[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) statuses.push((await api.get('/api/v1/companies?limit=5')).status);
    })();

    const installed = await runIpo(replica, 'snapshot', 'install', shipped);
    expect(installed.code, installed.err).toBe(0);
    expect(installed.out).toMatch(/^installed: read\.db -> .+read-.+\.db \(checkpoint seq \d+\); retired /);
    const tesla = await api.get('/api/v1/companies/1318605');
    expect(tesla.status).toBe(200);
    reading = false;
    await reader;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(dumpLiveReadDb(replica)).toBe(dumpLiveReadDb(primary.dir));

    // The same snapshot again is fine; a missing one, or overwriting a shipped file, is refused in one line.
    expect((await runIpo(replica, 'snapshot', 'install', shipped)).code).toBe(0);
    const missing = await runIpo(replica, 'snapshot', 'install', `${shipped}.nope`);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.err).toMatch(/^ipo snapshot install: no snapshot at /);
    const again = await runIpo(primary.dir, 'snapshot', 'create', shipped);
    expect(again.code).toBe(2);
    expect(again.err).toContain('exists; snapshots are written to a new file');
  }, 60_000);
});
