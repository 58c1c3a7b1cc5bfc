/**
 * Webhooks end to end with the processes an operator runs: `ipo webhooks add` registers a local
 * receiver, `ipo webhooks send` (its own process) delivers the deal events the projector records
 * from real filings, signed; the receiver goes down and comes back, fails with 5xx, and the
 * sender is killed with SIGKILL mid-backlog: every event arrives, in order, none lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookStore, CREDENTIALS_NOT_SENT } from '../api/index.ts';
import { openEventLogDb, openOpsDb } from '../schema/databases.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { projectLive } from '../projector/index.ts';
import type { PipelineStatus } from '../scripts/commands/status.ts';
import { runIpoWithEnv } from './cli-harness.ts';
import { logged, spawnIpo, until, type Spawned } from './process-harness.ts';
import { companyTickersEvent, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

const TYPES = ['company', 'registration', 'priced', 'listed', 'withdrawn', 'delisted', 'filing'];

describe('webhook deliveries from `ipo webhooks send`', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: Awaited<ReturnType<typeof openEventLogDb>>;
  let receiver: WebhookReceiver;
  let sender: Spawned | null = null;
  let endpointId: string;
  // The retry ceiling is lowered so a test waits seconds, not minutes (the default is 300 s).
  const env = () => ({ DATA_DIR: dir.dir, LOG_FORMAT: 'json', WEBHOOK_RETRY_MAX_SECONDS: '2' });
  const startSender = async () => {
    sender = spawnIpo(['webhooks', 'send'], env());
    await until(() => logged(sender!.err(), 'webhooks', 'running').length > 0 || !sender!.alive(), 30_000, 'the sender to run');
    expect(sender.alive(), sender.err()).toBe(true);
  };
  /** The events the endpoint is owed: its types, after `after`, as the live read.db records them. */
  const owed = (after: number): number[] => {
    const db = openSqlite(readDbLinkPath(dir.dir), { readonly: true });
    try {
      return db.prepare(`SELECT id FROM deal_events WHERE id > ? AND type IN (${TYPES.map(() => '?').join(',')}) ORDER BY id`).pluck().all(after, ...TYPES) as number[];
    } finally {
      db.close();
    }
  };
  const deliveries = async () => {
    const ops = await openOpsDb(dir.dir);
    try {
      return ops.sqlite.prepare('SELECT event_id, attempt, outcome, http_status, error FROM webhook_deliveries ORDER BY id').all() as Array<{ event_id: number; attempt: number; outcome: string; http_status: number | null; error: string | null }>;
    } finally {
      await ops.close();
    }
  };
  const append = async (files: typeof SUBMISSIONS_FILES) => {
    events.log.appendMany(files.map((f) => submissionsEvent(f)));
    await projectLive({ dataDir: dir.dir, eventLog: events.log, batchSize: 100 });
  };

  beforeAll(async () => {
    dir = tempDir('webhooks');
    events = await openEventLogDb(dir.dir);
    await append(SUBMISSIONS_FILES.slice(0, 3));
    receiver = await startWebhookReceiver();
    const added = await runIpoWithEnv(env(), 'webhooks', 'add', receiver.url, '--events', TYPES.join(','));
    expect(added.code, added.err).toBe(0);
    endpointId = /^id: (whk_\w+)$/m.exec(added.out)![1];
    receiver.secret = /^secret: (whsec_\S+)$/m.exec(added.out)![1];
    await startSender();
  }, 120_000);
  afterAll(async () => {
    await sender?.stop();
    await receiver?.close();
    await events?.close();
    dir?.remove();
  });

  it('starts from now: the history before `add` is not sent; what the projector records next is, signed and in order', async () => {
    const [cursor] = owed(0).slice(-1);
    await append(SUBMISSIONS_FILES.slice(3, 5));
    const wanted = owed(cursor);
    expect(wanted.length).toBeGreaterThan(10);
    await until(() => receiver.acknowledged().length === wanted.length, 30_000, 'the new events');
    expect(receiver.acknowledged()).toEqual(wanted);
    expect(receiver.received.every((r) => r.verified && r.headerId === String(r.eventId) && TYPES.includes(r.type))).toBe(true);
  });

  it('loses nothing while the receiver is down: the same event is retried with backoff until it answers 2xx', async () => {
    const before = receiver.acknowledged();
    const from = before.at(-1)!;
    await receiver.down();
    await append(SUBMISSIONS_FILES.slice(5, 8));
    const wanted = owed(from);
    expect(wanted.length).toBeGreaterThan(10);
    // Refused connections are recorded, each a retry of the first event owed.
    await until(async () => (await deliveries()).filter((d) => d.outcome === 'failed').length >= 3, 30_000, 'three failed attempts');
    const failed = (await deliveries()).filter((d) => d.outcome === 'failed');
    expect(new Set(failed.map((d) => d.event_id))).toEqual(new Set([wanted[0]]));
    expect(failed.map((d) => d.attempt)).toEqual(failed.map((_, i) => i + 1));
    expect(failed[0].error).toBe('ECONNREFUSED');
    const listed = await runIpoWithEnv(env(), 'webhooks', 'list');
    expect(listed.out).toContain(`${endpointId}\t${receiver.url}\t${TYPES.join(',')}\t${from}\t`);
    const status = JSON.parse((await runIpoWithEnv(env(), 'status', '--json')).out) as PipelineStatus;
    expect(status.webhooks).toEqual([expect.objectContaining({ id: endpointId, cursor: from, failures: expect.any(Number) })]);
    expect(status.webhooks[0].failures).toBeGreaterThanOrEqual(3);
    expect(status.webhooks[0].idsBehind).toBeGreaterThanOrEqual(wanted.length);
    expect(status.webhooks[0].lastDelivery).toMatchObject({ eventId: wanted[0], outcome: 'failed', error: 'ECONNREFUSED' });
    const db = openSqlite(readDbLinkPath(dir.dir), { readonly: true });
    const lastId = db.prepare('SELECT max(id) FROM deal_events').pluck().get();
    db.close();
    expect(status.dealEvents).toMatchObject({ lastId, replayed: expect.any(Number) });

    await receiver.up();
    await until(() => receiver.acknowledged().length === before.length + wanted.length, 30_000, 'the backlog after the receiver came back');
    expect(receiver.acknowledged()).toEqual([...before, ...wanted]);
  });

  it('retries an event the receiver answered 5xx, then goes on', async () => {
    const from = receiver.acknowledged().at(-1)!;
    let refusals = 2;
    receiver.answer = () => (refusals-- > 0 ? 503 : 204);
    events.log.appendMany([companyTickersEvent()]);
    await append(SUBMISSIONS_FILES.slice(8));
    const wanted = owed(from);
    expect(wanted.length).toBeGreaterThan(0);
    await until(() => receiver.acknowledged().slice(-wanted.length).join() === wanted.join(), 30_000, 'the events after two 503s');
    const answered = receiver.received.filter((r) => r.eventId === wanted[0]);
    expect(answered).toHaveLength(3);
    const attempts = (await deliveries()).filter((d) => d.event_id === wanted[0]).map((d) => [d.attempt, d.outcome, d.http_status]);
    expect(attempts.slice(-3)).toEqual([[1, 'failed', 503], [2, 'failed', 503], [3, 'delivered', 204]]);
    receiver.answer = () => 204;
  });

  it('replays from an event id; a sender killed mid-backlog (SIGKILL) resumes after the last recorded 2xx: no gap, at most the one in flight twice', async () => {
    const all = owed(0);
    // The last 600 events: enough for a kill mid-backlog, without delivering the whole log one by one.
    const from = all[Math.max(0, all.length - 600)];
    const replayed = all.filter((id) => id >= from);
    const start = receiver.received.length;
    receiver.delayMs = 3;
    const replay = await runIpoWithEnv(env(), 'webhooks', 'replay', endpointId, '--from', String(from));
    expect(replay.code, replay.err).toBe(0);
    await until(() => receiver.received.length - start >= replayed.length / 3, 60_000, 'a third of the replay');
    sender!.child.kill('SIGKILL');
    await sender!.exited;
    const atKill = receiver.received.length - start;
    await startSender();
    await until(() => new Set(receiver.received.slice(start).map((r) => r.eventId)).size === replayed.length, 120_000, 'the whole replay');
    const got = receiver.received.slice(start).map((r) => r.eventId);
    const unique = [...new Set(got)];
    expect(unique).toEqual(replayed);
    // At least once: what the killed sender had on the wire (acknowledged or not) may come again, nothing else.
    const twice = got.length - unique.length;
    console.info(`webhook replay from ${from}: ${replayed.length} events owed, ${got.length} deliveries received (${atKill} before SIGKILL), ${twice} delivered twice`);
    expect(twice).toBeLessThanOrEqual(1);
    expect(receiver.received.slice(start).every((r) => r.verified)).toBe(true);
    receiver.delayMs = 0;
  }, 180_000);

  it('says plainly, masked, why an endpoint stored with a password (before `add` refused one) is never delivered to, and keeps retrying it', async () => {
    const start = receiver.received.length;
    const newest = owed(0).at(-1)!;
    const ops = await openOpsDb(dir.dir);
    let id: string;
    try {
      id = createWebhookStore(ops).add(`${receiver.url.replace('://', '://user:pa55word@')}?token=zz9`, null, newest - 1, new Date()).id;
    } finally {
      await ops.close();
    }
    const attempts = async () => (await deliveries()).filter((d) => d.error === CREDENTIALS_NOT_SENT);
    await until(async () => (await attempts()).length >= 2, 30_000, 'two attempts at the endpoint with a password');
    expect((await attempts()).slice(0, 2).map((d) => [d.event_id, d.attempt, d.outcome, d.http_status])).toEqual([[newest, 1, 'failed', null], [newest, 2, 'failed', null]]);
    // Nothing reached the receiver; the endpoint is not given up: a retry is planned.
    expect(receiver.received.length).toBe(start);
    const row = (await runIpoWithEnv(env(), 'webhooks', 'list')).out.split('\n').find((line) => line.startsWith(id))!.split('\t');
    expect(row[1]).toBe(`${receiver.url.replace('://', '://user:****@')}?token=****`);
    expect(Number(row[4])).toBeGreaterThanOrEqual(2);
    expect(row[5]).toMatch(/^\d{4}-/);
    expect(row[6]).toContain(`failed (${CREDENTIALS_NOT_SENT})`);
    const status = (await runIpoWithEnv(env(), 'status')).out;
    expect(status).toContain(`  ${id} ${row[1]}: cursor ${newest - 1}`);
    expect(status).toContain(CREDENTIALS_NOT_SENT);
    // The sender logs an attempt after recording it: its stderr may not have reached this process yet.
    const failures = () => logged(sender!.err(), 'webhooks', 'delivery failed, will retry', { endpoint: id, error: CREDENTIALS_NOT_SENT });
    await until(() => failures().length >= 2, 30_000, 'two failed attempts logged');
    const failed = failures();
    expect(failed[0].url).toBe(row[1]);
    for (const shown of [sender!.err(), status, row.join('\t')]) for (const secret of ['pa55word', 'zz9']) expect(shown).not.toContain(secret);
    expect((await runIpoWithEnv(env(), 'webhooks', 'remove', id)).code).toBe(0);
  });
});
