/**
 * `ipo webhooks` on the command line, without a sender: what sets an endpoint's cursor refuses a
 * place the change log does not have, and an id that names no endpoint (or a removed one) is one
 * line and exit 1 for every subcommand that takes one; a URL fetch cannot send to is refused, and
 * an endpoint's token and password are never printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookStore } from '../api/index.ts';
import { openEventLogDb, openOpsDb } from '../schema/databases.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { projectLive } from '../projector/index.ts';
import { runIpo } from './cli-harness.ts';
import { SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';

const HOOK = 'http://127.0.0.1:9/hook';

/** `ipo webhooks add` → the new endpoint's id. */
async function addEndpoint(dataDir: string): Promise<{ id: string; err: string }> {
  const added = await runIpo(dataDir, 'webhooks', 'add', HOOK);
  expect(added.code, added.err).toBe(0);
  return { id: /^id: (whk_\w+)$/m.exec(added.out)![1], err: added.err };
}

/** Works on DATA_DIR's webhook store as the sender (or an older `ipo`) would. */
async function withStore<T>(dataDir: string, use: (store: ReturnType<typeof createWebhookStore>, ops: Awaited<ReturnType<typeof openOpsDb>>) => T): Promise<T> {
  const ops = await openOpsDb(dataDir);
  try {
    return use(createWebhookStore(ops), ops);
  } finally {
    await ops.close();
  }
}

/** `ipo webhooks list` → each endpoint's row by its columns. */
async function listed(dataDir: string): Promise<Array<Record<string, string>>> {
  const [header, ...rows] = (await runIpo(dataDir, 'webhooks', 'list')).out.trim().split('\n').map((line) => line.split('\t'));
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}

describe('ipo webhooks on the command line', () => {
  let empty: ReturnType<typeof tempDir>;
  let projected: ReturnType<typeof tempDir>;
  let newest: number;

  beforeAll(async () => {
    empty = tempDir('webhooks-cli-empty');
    projected = tempDir('webhooks-cli');
    const events = await openEventLogDb(projected.dir);
    try {
      events.log.appendMany([submissionsEvent(SUBMISSIONS_FILES[0])]);
      await projectLive({ dataDir: projected.dir, eventLog: events.log, batchSize: 100 });
    } finally {
      await events.close();
    }
    const db = openSqlite(readDbLinkPath(projected.dir), { readonly: true });
    newest = db.prepare('SELECT max(id) FROM deal_events').pluck().get() as number;
    db.close();
  });
  afterAll(() => {
    empty?.remove();
    projected?.remove();
  });

  it('refuses a replay --from past the newest event (exit 2, naming it), which would skip every event up to it; the cursor stays', async () => {
    expect(newest).toBeGreaterThan(1);
    const { id } = await addEndpoint(projected.dir);
    expect((await listed(projected.dir)).find((e) => e.id === id)?.cursor).toBe(String(newest));
    for (const from of [newest + 1, 5000]) {
      const past = await runIpo(projected.dir, 'webhooks', 'replay', id, '--from', String(from));
      expect(past.code).toBe(2);
      expect(past.err).toBe(`ipo webhooks replay: --from ${from} is past the newest event (${newest}): events are numbered 1..${newest}\n`);
    }
    expect((await runIpo(projected.dir, 'webhooks', 'replay', id, '--from', '0')).code).toBe(2);
    expect((await listed(projected.dir)).find((e) => e.id === id)?.cursor).toBe(String(newest));

    // The newest event itself is a place to replay from: the cursor moves to just before it.
    const last = await runIpo(projected.dir, 'webhooks', 'replay', id, '--from', String(newest));
    expect(last).toMatchObject({ code: 0, out: `${id}: events from ${newest} on will be delivered again\n` });
    expect((await listed(projected.dir)).find((e) => e.id === id)?.cursor).toBe(String(newest - 1));
    // Back to the first, then forward again: what the forward move skips is said.
    expect((await runIpo(projected.dir, 'webhooks', 'replay', id, '--from', '1')).code).toBe(0);
    const forward = await runIpo(projected.dir, 'webhooks', 'replay', id, '--from', String(newest));
    expect(forward.out).toBe(`${id}: events from ${newest} on will be delivered; ${newest - 1} not delivered yet (1..${newest - 1}) are skipped\n`);
  });

  it('counts as skipped only the events of the endpoint\'s types, as the sender would have delivered them', async () => {
    const db = openSqlite(readDbLinkPath(projected.dir), { readonly: true });
    // The rarest type among the events a forward move to the newest skips: fewer of it than ids in the range.
    const [rare] = db.prepare('SELECT type, count(*) AS n FROM deal_events WHERE id < ? GROUP BY type ORDER BY n, type').all(newest) as Array<{ type: string; n: number }>;
    db.close();
    expect(rare.n).toBeLessThan(newest - 1);
    const added = await runIpo(projected.dir, 'webhooks', 'add', HOOK, '--events', rare.type);
    expect(added.code, added.err).toBe(0);
    const id = /^id: (whk_\w+)$/m.exec(added.out)![1];
    expect((await runIpo(projected.dir, 'webhooks', 'replay', id, '--from', '1')).code).toBe(0);
    const forward = await runIpo(projected.dir, 'webhooks', 'replay', id, '--from', String(newest));
    expect(forward).toMatchObject({
      code: 0,
      out: `${id}: events from ${newest} on will be delivered; ${rare.n} not delivered yet of its types (${rare.type}) in 1..${newest - 1} ${rare.n === 1 ? 'is' : 'are'} skipped\n`,
    });
  });

  it('says so when there are no events yet: no read.db to replay from, and `add` starts before the first projection', async () => {
    const { id, err } = await addEndpoint(empty.dir);
    expect(err).toContain('no read.db yet: every event the first projection records will be sent, history included');
    const refused = await runIpo(empty.dir, 'webhooks', 'replay', id, '--from', '1');
    expect(refused.code).toBe(2);
    expect(refused.err).toBe('ipo webhooks replay: --from 1 is past the newest event: there are no events yet (no read.db in DATA_DIR; `ipo project` makes one)\n');
    expect((await listed(empty.dir)).find((e) => e.id === id)?.cursor).toBe('0');
  });

  it('answers an unknown id with one line and exit 1, for remove, replay and deliveries alike', async () => {
    for (const argv of [['remove', 'whk_nope'], ['replay', 'whk_nope', '--from', '1'], ['deliveries', 'whk_nope']]) {
      const result = await runIpo(projected.dir, 'webhooks', ...argv);
      expect(result, argv.join(' ')).toEqual({ code: 1, out: '', err: `ipo webhooks ${argv[0]}: no endpoint "whk_nope"\n` });
    }
  });

  it('says an endpoint was already removed, and when, rather than that there is none; its deliveries stay readable', async () => {
    const { id } = await addEndpoint(projected.dir);
    expect(await runIpo(projected.dir, 'webhooks', 'remove', id)).toMatchObject({ code: 0, out: `removed ${id}\n` });
    const removedAt = (await listed(projected.dir)).find((e) => e.id === id)?.removed_at;
    expect(removedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await runIpo(projected.dir, 'webhooks', 'remove', id)).toEqual({ code: 1, out: '', err: `ipo webhooks remove: endpoint "${id}" was already removed, at ${removedAt}\n` });
    expect(await runIpo(projected.dir, 'webhooks', 'replay', id, '--from', '1')).toEqual({
      code: 1,
      out: '',
      err: `ipo webhooks replay: endpoint "${id}" was removed at ${removedAt}: nothing is sent to it\n`,
    });
    expect(await runIpo(projected.dir, 'webhooks', 'deliveries', id)).toMatchObject({ code: 0, out: 'event_id\tattempt\tattempted_at\toutcome\thttp_status\terror\tms\n' });
  });

  it('shows no next retry for a removed endpoint: nothing is sent to it any more, and a sender in flight cannot set one again', async () => {
    const { id } = await addEndpoint(projected.dir);
    // A failing endpoint, as the sender leaves it: a retry planned.
    const retryAt = new Date(Date.now() + 300_000).toISOString();
    await withStore(projected.dir, (store) => expect(store.postpone(id, newest, 4, retryAt)).toBe(true));
    expect((await listed(projected.dir)).find((e) => e.id === id)).toMatchObject({ failures: '4', next_attempt_at: retryAt });

    expect((await runIpo(projected.dir, 'webhooks', 'remove', id)).code).toBe(0);
    expect((await listed(projected.dir)).find((e) => e.id === id)).toMatchObject({ next_attempt_at: '-', removed_at: expect.stringMatching(/^\d{4}-/) });
    await withStore(projected.dir, (store) => {
      expect(store.get(id)?.nextAttemptAt).toBeNull();
      // The sender's attempt that was in flight at the removal ends after it: it moves nothing.
      expect(store.postpone(id, newest, 5, retryAt)).toBe(false);
      expect(store.advance(id, newest, newest + 1)).toBe(false);
      expect(store.get(id)).toMatchObject({ cursor: newest, nextAttemptAt: null });
    });

    // One removed before this rule, its retry time left behind: not shown either.
    const { id: old } = await addEndpoint(projected.dir);
    await withStore(projected.dir, (_store, ops) =>
      ops.sqlite.prepare('UPDATE webhook_endpoints SET failures = 2, next_attempt_at = ?, removed_at = ? WHERE id = ?').run(retryAt, new Date().toISOString(), old),
    );
    expect((await listed(projected.dir)).find((e) => e.id === old)).toMatchObject({ next_attempt_at: '-' });
  });

  it('refuses a URL with a user name or password (fetch never sends one), in one line that masks it and says where a secret goes; nothing is added', async () => {
    const before = await listed(projected.dir);
    for (const [url, shown] of [
      ['http://user:pa55word@127.0.0.1:4156/x', 'http://user:****@127.0.0.1:4156/x'],
      ['https://tok3n@hooks.example/h', 'https://****@hooks.example/h'],
    ]) {
      const refused = await runIpo(projected.dir, 'webhooks', 'add', url, '--events', 'priced');
      expect(refused, url).toEqual({
        code: 2,
        out: '',
        err: `ipo webhooks add: URL must have no user name or password, got "${shown}": receivers authenticate the sender by its signature (Ipo-Signature), and a secret token can go in the URL path or query\n`,
      });
    }
    expect(await listed(projected.dir)).toEqual(before);
  });

  it('takes a token in the query, and masks every query value (and any password) wherever it prints an endpoint URL or an error quoting one', async () => {
    const added = await runIpo(projected.dir, 'webhooks', 'add', 'https://hooks.example/h?token=abc123&v=2', '--events', 'priced');
    expect(added.code, added.err).toBe(0);
    const id = /^id: (whk_\w+)$/m.exec(added.out)![1];
    expect(added.out).toContain('\nurl: https://hooks.example/h?token=****&v=****\n');
    // One stored before `add` refused credentials, as the rule's older `ipo` took it.
    const legacy = await withStore(projected.dir, (store) => store.add('http://user:pa55word@127.0.0.1:4156/x?sig=zz9', null, newest, new Date()).id);
    // Failed attempts whose errors quote the URLs, as fetch's did before the sender masked them.
    await withStore(projected.dir, (store) => {
      const attempt = { event_id: newest + 1, attempt: 1, attempted_at: new Date().toISOString(), outcome: 'failed' as const, http_status: null, ms: 3 };
      store.record({ ...attempt, endpoint_id: id, error: 'fetch to https://hooks.example/h?token=abc123&v=2 failed' });
      store.record({ ...attempt, endpoint_id: legacy, error: 'Request cannot be constructed from a URL that includes credentials: http://user:pa55word@127.0.0.1:4156/x?sig=zz9' });
    });

    const list = (await runIpo(projected.dir, 'webhooks', 'list')).out;
    const rows = await listed(projected.dir);
    expect(rows.find((e) => e.id === id)).toMatchObject({
      url: 'https://hooks.example/h?token=****&v=****',
      last_delivery: expect.stringContaining('(fetch to https://hooks.example/h?token=****&v=**** failed)'),
    });
    expect(rows.find((e) => e.id === legacy)).toMatchObject({
      url: 'http://user:****@127.0.0.1:4156/x?sig=****',
      last_delivery: expect.stringContaining('(Request cannot be constructed from a URL that includes credentials: http://user:****@127.0.0.1:4156/x?sig=****)'),
    });
    const deliveries = (await runIpo(projected.dir, 'webhooks', 'deliveries', legacy)).out;
    expect(deliveries).toContain('\tRequest cannot be constructed from a URL that includes credentials: http://user:****@127.0.0.1:4156/x?sig=****\t');
    const status = (await runIpo(projected.dir, 'status')).out;
    expect(status).toContain(`  ${id} https://hooks.example/h?token=****&v=****: cursor ${newest}`);
    expect(status).toContain(`  ${legacy} http://user:****@127.0.0.1:4156/x?sig=****: cursor ${newest}`);
    const json = (await runIpo(projected.dir, 'status', '--json')).out;
    for (const shown of [added.out, added.err, list, deliveries, status, json]) {
      for (const secret of ['abc123', 'pa55word', 'zz9']) expect(shown).not.toContain(secret);
    }
  });
});
