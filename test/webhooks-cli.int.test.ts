/**
 * `ipo webhooks` on the command line, without a sender: what sets an endpoint's cursor refuses a
 * place the change log does not have, and an id that names no endpoint (or a removed one) is one
 * line and exit 1 for every subcommand that takes one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventLogDb } from '../schema/databases.ts';
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
});
