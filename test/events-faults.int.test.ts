/**
 * The event stream through faults, on the README's deployment (ipo worker, scheduler, projector and
 * two `ipo serve`, each its own process, on the real Redis) against the EDGAR stand-in whose feed
 * gains three companies' real IPO filings one at a time. One SSE client follows the stream across
 * the two API processes while an API process is killed (SIGKILL) and restarted, the projector is
 * killed mid-stream and restarted, and read.db is rebuilt and swapped in: it receives every event
 * the projector writes, each once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { startLiveDeployment, type LiveDeployment, type RunningProcess } from '../scripts/bench/live-deployment.ts';
import { runIpoWithEnv } from './cli-harness.ts';
import { freePort, until } from './process-harness.ts';
import { followEvents, type EventFollower } from './sse-client.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const COMPANIES = ['CIK0001847577_learncw-spac.json', 'CIK0001766140_unicycive.json', 'CIK0001796129_vincerx.json'];
// The stream's faults are under test, not the feed's latency: one poll a second (both in and out of
// EDGAR's hours) and a projector looking every 100 ms halve the wait for each of the 21 filings.
const QUICK_PIPELINE = { FEED_POLL_SECONDS: '1', FEED_POLL_CLOSED_SECONDS: '1', PROJECTOR_POLL_MS: '100' };

describe('an SSE client across API, projector and rebuild faults', () => {
  let deployment: LiveDeployment;
  let secondApi: RunningProcess;
  let origins: string[];
  let follower: EventFollower;

  const written = (): Array<{ id: number; key: string }> => {
    const db = openSqlite(readDbLinkPath(deployment.dataDir), { readonly: true });
    try {
      return db.prepare('SELECT id, key FROM deal_events ORDER BY id').all() as Array<{ id: number; key: string }>;
    } finally {
      db.close();
    }
  };
  const received = () => follower.messages().map((m) => Number(m.id));
  const answers = (origin: string) => async () =>
    (await fetch(`${origin}/api/v1/events`, { headers: { Authorization: `Bearer ${deployment.api.keys[0]}`, Accept: 'application/json' } }).catch(() => null))?.status === 200;
  const killed = async (process: RunningProcess) => {
    const exited = new Promise((resolve) => process.child.once('exit', resolve));
    process.child.kill('SIGKILL');
    await exited;
  };
  /** Puts the next `count` filings on the feed and waits until the client has each one's filing event. */
  const reveal = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const shown = deployment.feed.reveal();
      if (!shown) return;
      const key = `filing:${shown.filing.cik}:${shown.filing.accessionNumber}`;
      await until(() => written().some((e) => e.key === key), 60_000, `${key} in the change log`);
    }
    await caughtUp();
  };
  const caughtUp = async () => {
    const last = written().at(-1)!.id;
    await follower.until(() => received().includes(last), 30_000, `event ${last} at the client`);
  };

  beforeAll(async () => {
    deployment = await startLiveDeployment({ redisUrl: REDIS_URL, companies: COMPANIES, keys: 1, settings: QUICK_PIPELINE });
    const port = await freePort();
    origins = [deployment.api.origin, `http://127.0.0.1:${port}`];
    secondApi = deployment.launchExtra(['serve'], { PORT: String(port) });
    await until(answers(origins[1]), 60_000, 'the second API process');
    await deployment.firstPoll();
  }, 240_000);
  afterAll(async () => {
    await follower?.stop();
    await deployment?.stop();
  }, 60_000);

  it('receives as many events as were written, none twice, none missed', async () => {
    follower = followEvents(origins, deployment.api.keys[0], { from: '0' });
    await follower.until(() => follower.connections.length === 1, 10_000, 'the first connection');
    await reveal(3);

    // An API process dies mid-stream: the client resumes on the other one from its Last-Event-ID.
    await killed(deployment.processes.serve);
    await follower.until(() => follower.connections.length === 2, 10_000, 'a reconnection to the second API');
    await reveal(3);
    deployment.restart('serve');
    await until(answers(origins[0]), 60_000, 'the restarted API');

    // The projector dies with a filing half projected: its index row committed, its submissions and
    // document still to come. It starts again, takes over its lock and goes on from its checkpoint.
    const shown = deployment.feed.reveal()!;
    const key = `filing:${shown.filing.cik}:${shown.filing.accessionNumber}`;
    await until(() => written().some((e) => e.key === key), 60_000, `${key} in the change log`);
    await killed(deployment.processes.projector);
    deployment.restart('projector');
    await reveal(3);

    // A rebuild swapped in under the serving APIs: the ids the client holds name the same events.
    const stop = new Promise((resolve) => deployment.processes.projector.child.once('exit', resolve));
    deployment.processes.projector.child.kill('SIGTERM');
    await stop;
    const rebuilt = await runIpoWithEnv(deployment.env, 'project', '--rebuild');
    expect(rebuilt.code, rebuilt.err).toBe(0);
    deployment.restart('projector');

    // The second API dies too: back to the restarted first one.
    await killed(secondApi);
    await follower.until(() => follower.connections.at(-1)!.origin === origins[0], 10_000, 'a reconnection to the restarted API');
    await reveal(deployment.feed.filings.length);
    expect(deployment.feed.revealed).toBe(deployment.feed.filings.length);
    await caughtUp();

    const log = written().map((e) => e.id);
    const got = received();
    const events = follower.messages().map((m) => JSON.parse(m.data) as { type: string; replayed: boolean });
    const counts = new Map<string, number>();
    for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
    const byType = [...counts].map(([type, n]) => `${type} ${n}`).join(', ');
    console.info(
      `SSE client across faults: ${got.length} events received, ${log.length} written (ids 1..${log.at(-1)}), ${new Set(got).size} distinct; ` +
        `${follower.connections.length} connections (resumed from Last-Event-ID ${follower.connections.slice(1).map((c) => c.lastEventId).join(', ')}); ` +
        `${deployment.feed.filings.length} real filings on the feed; ${byType}`,
    );
    expect(got).toEqual(log);
    // Every one was recorded by a batch of new events; the rebuild found nothing the live log lacked.
    expect(events.filter((e) => e.replayed).map((e) => JSON.stringify(e))).toEqual([]);
    expect(follower.connections.length).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
