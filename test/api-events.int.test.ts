/**
 * GET /api/v1/events over real projected filings: the stream sends what the projector records, in
 * id order, from a client's Last-Event-ID; JSON pages walk the same log; filters, validation,
 * heartbeat, revocation and the per-key limits behave as documented.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../api/index.ts';
import { buildOpenApiDocument } from '../api/openapi/openapi.document.ts';
import { openEventLogDb } from '../schema/databases.ts';
import type { EventLog, NewEvent } from '../schema/events/event-log.ts';
import { readDbLinkPath } from '../schema/read/location.ts';
import { openSqlite } from '../schema/sqlite.ts';
import { projectLive, rebuildReadDb } from '../projector/index.ts';
import { documentValidator, startApi, type RunningApi } from './api-harness.ts';
import { runIpo } from './cli-harness.ts';
import { freePort, spawnIpo, until, type Spawned } from './process-harness.ts';
import { companyTickersEvent, indexEntryEvents, SUBMISSIONS_FILES, submissionsEvent, tempDir } from './projector-sample-events.ts';
import { openEventStream, type SseConnection } from './sse-client.ts';

type Row = { id: number; key: string; type: string; cik: string | null };

const STREAMS = { perKey: 3, pollMs: 20, heartbeatMs: 150 };

describe('GET /api/v1/events on the real sample', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: Awaited<ReturnType<typeof openEventLogDb>>;
  let api: RunningApi;
  const open: SseConnection[] = [];
  const check = documentValidator(buildOpenApiDocument());
  const rows = (): Row[] => {
    const db = openSqlite(readDbLinkPath(dir.dir), { readonly: true });
    try {
      return db.prepare('SELECT id, key, type, cik FROM deal_events ORDER BY id').all() as Row[];
    } finally {
      db.close();
    }
  };
  const stream = async (query = '', headers: Record<string, string> = {}, key = api.key) => {
    const connection = await openEventStream(`${api.baseUrl}/api/v1/events${query}`, { Authorization: `Bearer ${key}`, ...headers });
    open.push(connection);
    expect(connection.status, connection.body()).toBe(200);
    return connection;
  };
  const ids = (c: SseConnection) => c.messages.map((m) => Number(m.id));
  const append = async (log: EventLog, batch: NewEvent[]) => {
    log.appendMany(batch);
    await projectLive({ dataDir: dir.dir, eventLog: log, batchSize: 200 });
  };

  beforeAll(async () => {
    dir = tempDir('api-events');
    events = await openEventLogDb(dir.dir);
    await append(events.log, SUBMISSIONS_FILES.slice(0, 6).map((f) => submissionsEvent(f)));
    api = await startApi(dir.dir, { overrides: { eventStreams: STREAMS } });
  }, 120_000);
  // A key holds STREAMS.perKey streams: each test closes its own.
  afterEach(async () => {
    for (const c of open.splice(0)) {
      c.close();
      await c.ended;
    }
  });
  afterAll(async () => {
    await api?.close();
    await events?.close();
    dir?.remove();
  });

  it('replays the log from Last-Event-ID 0 in id order, each message the row it names', async () => {
    const all = rows();
    expect(all.length).toBeGreaterThan(500);
    const c = await stream('', { 'Last-Event-ID': '0' });
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(c.headers['cache-control']).toBe('no-store');
    await c.until((s) => s.messages.length === all.length, 20_000, 'every event');
    expect(ids(c)).toEqual(all.map((r) => r.id));
    for (const [i, m] of c.messages.entries()) {
      const event = JSON.parse(m.data);
      expect(event).toMatchObject({ id: all[i].id, key: all[i].key, type: all[i].type, cik: all[i].cik });
      expect(m.event).toBe(event.type);
    }
    expect(c.lastEventId()).toBe(String(all.at(-1)!.id));
  });

  it('filters by type, CIK (any padding) and ticker; an unknown value is a 400 naming the allowed ones', async () => {
    const all = rows();
    const wanted = all.filter((r) => r.cik === '0001766140' && (r.type === 'registration' || r.type === 'filing'));
    const c = await stream('?type=registration,filing&cik=1766140', { 'Last-Event-ID': '0' });
    await c.until((s) => s.messages.length === wanted.length, 10_000, "Unicycive's filings");
    expect(ids(c)).toEqual(wanted.map((r) => r.id));
    const byTicker = await stream('?ticker=uncy&type=registration', { 'Last-Event-ID': '0' });
    await byTicker.until((s) => s.messages.length === wanted.filter((r) => r.type === 'registration').length, 10_000, 'its registrations by ticker');
    expect(byTicker.messages.every((m) => JSON.parse(m.data).cik === '0001766140')).toBe(true);

    const bad = await api.get('/api/v1/events?type=ipo_priced&cik=12345678901');
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; details: Array<{ parameter: string; message: string }> } };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.details.map((d) => d.parameter)).toEqual(['type', 'cik']);
    expect(body.error.details[0].message).toBe('must be one of: company, filing, registration, range_set, range_revised, priced, listed, withdrawn, delisted, combined, article');
    const badId = await api.get('/api/v1/events', { headers: { 'Last-Event-ID': 'seven' } });
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as any).error.details).toEqual([{ parameter: 'Last-Event-ID', message: expect.stringContaining('non-negative integer') }]);
    expect((await api.get('/api/v1/events', { headers: { Accept: 'image/png' } })).status).toBe(406);
  });

  it('without Last-Event-ID starts live: sends the position, then each event as the projector records it', async () => {
    const before = rows();
    const c = await stream('?type=company,filing,registration,priced,listed');
    await c.until((s) => s.lastEventId() === String(before.at(-1)!.id), 5_000, 'the position');
    expect(c.messages).toEqual([]);
    await append(events.log, SUBMISSIONS_FILES.slice(6).map((f) => submissionsEvent(f)));
    const added = rows().slice(before.length).filter((r) => ['company', 'filing', 'registration', 'priced', 'listed'].includes(r.type));
    expect(added.length).toBeGreaterThan(0);
    await c.until((s) => s.messages.length === added.length, 10_000, 'the new events');
    expect(ids(c)).toEqual(added.map((r) => r.id));
  });

  it('follows a rebuilt generation: the ids carried over are not sent again, the new ones are', async () => {
    const c = await stream('', { 'Last-Event-ID': '0' });
    const before = rows();
    await c.until((s) => s.messages.length === before.length, 20_000, 'the log');
    events.log.appendMany([companyTickersEvent(), ...indexEntryEvents('form.20200318.idx.gz').slice(0, 400)]);
    await rebuildReadDb({ dataDir: dir.dir, eventLog: events.log });
    const after = rows();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBeGreaterThan(before.length);
    await c.until((s) => s.messages.length === after.length, 20_000, 'the rebuilt generation');
    expect(ids(c)).toEqual(after.map((r) => r.id));
  });

  it('pages the same log as JSON with Accept: application/json: last_event_id walks it, an unchanged poll is a 304', async () => {
    const all = rows();
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const path = `/api/v1/events?after=${after}&limit=100`;
      const res = await api.get(path, { headers: { Accept: 'application/json' } });
      expect(res.status).toBe(200);
      // A poll must reach the server (a 304 while nothing is new), not a private cache's page of a minute ago.
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const page = (await res.json()) as { data: Array<{ id: number }>; last_event_id: number; has_more: boolean };
      check('/api/v1/events', 200, page);
      seen.push(...page.data.map((e) => e.id));
      after = page.last_event_id;
      if (!page.has_more) {
        const again = await api.get(path, { headers: { Accept: 'application/json', 'If-None-Match': res.headers.get('etag')! } });
        expect(again.status).toBe(304);
        expect(again.headers.get('cache-control')).toBe('private, no-cache');
        break;
      }
    }
    expect(seen).toEqual(all.map((r) => r.id));
    expect(after).toBe(all.at(-1)!.id);
  });

  it('keeps a position ahead of the log and says so: newest_event_id on a JSON page, a position_ahead message on the stream', async () => {
    const newest = rows().at(-1)!.id;
    const json = { Accept: 'application/json' };
    const page = async (query: string) => {
      const res = await api.get(`/api/v1/events${query}`, { headers: json });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: Array<{ id: number }>; last_event_id: number; newest_event_id: number; has_more: boolean };
      check('/api/v1/events', 200, body);
      return body;
    };
    // A full page stops at its last event; one that is not full has looked up to the newest id.
    const full = await page('?after=0&limit=5');
    expect(full).toMatchObject({ last_event_id: full.data[4].id, newest_event_id: newest, has_more: true });
    expect(await page(`?after=${newest - 1}&limit=5`)).toMatchObject({ last_event_id: newest, newest_event_id: newest, has_more: false });
    // Ahead: the position is kept (a replica behind may yet reach it), and the newest id shows it is ahead.
    expect(await page(`?after=${newest + 1000}`)).toEqual({ data: [], last_event_id: newest + 1000, newest_event_id: newest, has_more: false, meta: { count: 0 } });
    const byHeader = await api.get('/api/v1/events?after=0', { headers: { ...json, 'Last-Event-ID': String(newest + 7) } });
    expect(await byHeader.json()).toMatchObject({ last_event_id: newest + 7, newest_event_id: newest });

    const ahead = await stream('', { 'Last-Event-ID': String(newest + 1000) });
    await ahead.until((s) => s.messages.length > 0, 5_000, 'the position_ahead message');
    expect(ahead.messages).toEqual([{ id: String(newest + 1000), event: 'position_ahead', data: JSON.stringify({ last_event_id: newest + 1000, newest_event_id: newest }) }]);
    // Said once: heartbeats follow, nothing else; the position the client would resume from is its own.
    await ahead.until((s) => s.comments.filter((c) => c === 'heartbeat').length >= 2, 5_000, 'two heartbeats');
    expect(ahead.messages).toHaveLength(1);
    expect(ahead.lastEventId()).toBe(String(newest + 1000));
    const byAfter = await stream(`?after=${newest + 5}`);
    await byAfter.until((s) => s.messages.length > 0, 5_000, 'the position_ahead message');
    expect(JSON.parse(byAfter.messages[0].data)).toEqual({ last_event_id: newest + 5, newest_event_id: newest });

    // At the newest id, or behind it, nothing is said.
    const level = await stream('', { 'Last-Event-ID': String(newest) });
    await level.until((s) => s.comments.includes('heartbeat'), 5_000, 'a heartbeat');
    expect(level.messages).toEqual([]);
  });

  it('sends a heartbeat comment, and ends the stream of a revoked key at the next one', async () => {
    const key = (await api.keys.create('revoked-later')).key;
    const c = await stream('', {}, key);
    await c.until((s) => s.comments.includes('heartbeat'), 5_000, 'a heartbeat');
    const [id] = (await api.keys.list()).filter((k) => k.name === 'revoked-later').map((k) => k.id);
    await api.keys.revoke(id);
    await c.ended;
    expect((await api.get('/api/v1/events', { key })).status).toBe(401);
  });
});

describe('the per-key limits of event streams', () => {
  it('one stream is one request of the quota however many events it sends; a key holds EVENT_STREAMS_PER_KEY streams', async () => {
    const dir = tempDir('api-events-limits');
    const events = await openEventLogDb(dir.dir);
    events.log.appendMany(SUBMISSIONS_FILES.slice(0, 3).map((f) => submissionsEvent(f)));
    await rebuildReadDb({ dataDir: dir.dir, eventLog: events.log });
    const api = await startApi(dir.dir, { rateLimiter: createMemoryRateLimiter({ limitPerMinute: 4 }), overrides: { eventStreams: { ...STREAMS, perKey: 2 } } });
    const streams: SseConnection[] = [];
    try {
      const url = `${api.baseUrl}/api/v1/events`;
      const auth = { Authorization: `Bearer ${api.key}` };
      streams.push(await openEventStream(url, { ...auth, 'Last-Event-ID': '0' }));
      await streams[0].until((s) => s.messages.length > 300, 10_000, 'hundreds of events');
      streams.push(await openEventStream(url, auth));
      const third = await openEventStream(url, auth);
      expect(third.status).toBe(429);
      expect(JSON.parse(third.body()).error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('2 per API process') });
      // Not a window: Retry-After is the heartbeat interval (150 ms here, so 1 s); RateLimit-* are
      // the request window's, in which the refused request counted (3 of 4), as the document says.
      expect(third.headers['retry-after']).toBe(String(Math.ceil(STREAMS.heartbeatMs / 1000)));
      expect(third.headers['ratelimit-policy']).toBe('"default";q=4;w=60');
      expect(third.headers['ratelimit-remaining']).toBe('1');
      expect(third.headers['ratelimit']).toBe(`"default";r=1;t=${third.headers['ratelimit-reset']}`);
      const doc = (await (await api.get('/api/v1/openapi.json', { key: null })).json()) as any;
      const retryAfter = doc.components.responses.TooManyRequests.headers['Retry-After'].description as string;
      expect(retryAfter).toMatch(/request quota: until the window resets/);
      expect(retryAfter).toMatch(/open-streams limit, which is not a window.*heartbeat interval/);
      // Closing one frees its place (the quota has one request left: 3 of 4 spent).
      streams[1].close();
      await streams[1].ended;
      await new Promise((resolve) => setImmediate(resolve));
      const again = await openEventStream(url, auth);
      streams.push(again);
      expect(again.status).toBe(200);
      const over = await api.get('/api/v1/events', { headers: { Accept: 'application/json' } });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe(over.headers.get('ratelimit-reset'));
      expect(over.headers.get('ratelimit-remaining')).toBe('0');
    } finally {
      for (const s of streams) s.close();
      await api.close();
      await events.close();
      dir.remove();
    }
  });
});

describe('the event stream on an API replica fed by snapshots', () => {
  it('carries the ids in the snapshot: a client resumes on the replica with the id it got from the primary, and hears each newer snapshot', async () => {
    const primary = tempDir('events-primary');
    const wire = tempDir('events-wire');
    const replica = tempDir('events-replica');
    const events = await openEventLogDb(primary.dir);
    const streams: SseConnection[] = [];
    let primaryApi: RunningApi | null = null;
    let replicaApi: RunningApi | null = null;
    try {
      events.log.appendMany(SUBMISSIONS_FILES.slice(0, 5).map((f) => submissionsEvent(f)));
      await projectLive({ dataDir: primary.dir, eventLog: events.log });
      const ship = async (name: string) => {
        const file = join(wire.dir, name);
        expect((await runIpo(primary.dir, 'snapshot', 'create', file)).code).toBe(0);
        const installed = await runIpo(replica.dir, 'snapshot', 'install', file);
        expect(installed.code, installed.err).toBe(0);
      };
      await ship('one.db');
      primaryApi = await startApi(primary.dir, { overrides: { eventStreams: STREAMS } });
      replicaApi = await startApi(replica.dir, { overrides: { eventStreams: STREAMS } });

      // A client reads part of the log from the primary, then resumes on the replica.
      const fromPrimary = await openEventStream(`${primaryApi.baseUrl}/api/v1/events?type=filing`, { Authorization: `Bearer ${primaryApi.key}`, 'Last-Event-ID': '0' });
      streams.push(fromPrimary);
      await fromPrimary.until((s) => s.messages.length >= 50, 10_000, 'fifty filings');
      fromPrimary.close();
      const resumeAt = fromPrimary.messages[49].id;
      const onReplica = await openEventStream(`${replicaApi.baseUrl}/api/v1/events?type=filing`, { Authorization: `Bearer ${replicaApi.key}`, 'Last-Event-ID': resumeAt });
      streams.push(onReplica);

      // The primary projects more; the replica hears of it when the next snapshot is installed under its open stream.
      events.log.appendMany(SUBMISSIONS_FILES.slice(5).map((f) => submissionsEvent(f)));
      await projectLive({ dataDir: primary.dir, eventLog: events.log });
      const db = openSqlite(readDbLinkPath(primary.dir), { readonly: true });
      const filings = db.prepare(`SELECT id FROM deal_events WHERE type = 'filing' ORDER BY id`).pluck().all() as number[];
      db.close();

      // Another client got further on the primary than the replica's snapshot holds, then resumes on
      // the replica: its id is ahead of the replica's log, which keeps it and says so.
      const replicaPage = async (after: number) => {
        const res = await fetch(`${replicaApi!.baseUrl}/api/v1/events?after=${after}`, { headers: { Authorization: `Bearer ${replicaApi!.key}`, Accept: 'application/json' } });
        return (await res.json()) as { data: unknown[]; last_event_id: number; newest_event_id: number };
      };
      const replicaNewest = (await replicaPage(0)).newest_event_id;
      const aheadAt = filings.find((id) => id > replicaNewest)!;
      expect(filings.filter((id) => id > aheadAt).length).toBeGreaterThan(0);
      expect(await replicaPage(aheadAt)).toMatchObject({ data: [], last_event_id: aheadAt, newest_event_id: replicaNewest });
      const ahead = await openEventStream(`${replicaApi.baseUrl}/api/v1/events?type=filing`, { Authorization: `Bearer ${replicaApi.key}`, 'Last-Event-ID': String(aheadAt) });
      streams.push(ahead);
      await ahead.until((s) => s.messages.length === 1, 5_000, 'the position_ahead message');
      expect(ahead.messages[0]).toMatchObject({ event: 'position_ahead', data: JSON.stringify({ last_event_id: aheadAt, newest_event_id: replicaNewest }) });

      await ship('two.db');
      const after = filings.filter((id) => id > Number(resumeAt));
      await onReplica.until((s) => s.messages.length === after.length, 20_000, 'every filing after the resumed id');
      expect(onReplica.messages.map((m) => Number(m.id))).toEqual(after);
      expect([...fromPrimary.messages.slice(0, 50), ...onReplica.messages].map((m) => Number(m.id))).toEqual(filings);
      // The client that was ahead hears every filing after its id once the snapshot reaches it, none twice.
      const afterAhead = filings.filter((id) => id > aheadAt);
      await ahead.until((s) => s.messages.length === 1 + afterAhead.length, 20_000, 'every filing after the id that was ahead');
      expect(ahead.messages.slice(1).map((m) => Number(m.id))).toEqual(afterAhead);
    } finally {
      for (const s of streams) s.close();
      await primaryApi?.close();
      await replicaApi?.close();
      await events.close();
      for (const d of [primary, wire, replica]) d.remove();
    }
  }, 120_000);
});

describe('`ipo serve` stopped with SIGTERM while event streams are open', () => {
  /** A stream read with Node's fetch, as a client would: all its text, and how its body ended. */
  const follow = async (url: string, headers: Record<string, string>) => {
    const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers } });
    expect(res.status).toBe(200);
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    const client = { text: '', ended: null as null | Promise<{ error: string | null }> };
    client.ended = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return { error: null };
          client.text += decoder.decode(value, { stream: true });
        }
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        return { error: cause?.code ?? String(error) };
      }
    })();
    return client;
  };

  it('ends each open stream as a finished response (no socket error at the client), then exits 0', async () => {
    const dir = tempDir('api-events-sigterm');
    const events = await openEventLogDb(dir.dir);
    let api: Spawned | null = null;
    try {
      events.log.appendMany([submissionsEvent(SUBMISSIONS_FILES[0])]);
      await projectLive({ dataDir: dir.dir, eventLog: events.log, batchSize: 200 });
      const key = (await runIpo(dir.dir, 'keys', 'create', '--name', 'sigterm')).out.trim();
      const port = await freePort();
      api = spawnIpo(['serve', '--quiet'], { DATA_DIR: dir.dir, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: '', CURSOR_SECRET: '', LOG_FORMAT: 'json' });
      await until(() => api!.out().includes('URL:') || !api!.alive(), 30_000, 'the API to listen');
      expect(api.alive(), api.err()).toBe(true);
      const url = `http://127.0.0.1:${port}/api/v1/events`;
      const auth = { Authorization: `Bearer ${key}` };
      // One stream waiting live, one that has replayed the whole log.
      const live = await follow(url, auth);
      const replayed = await follow(url, { ...auth, 'Last-Event-ID': '0' });
      const db = openSqlite(readDbLinkPath(dir.dir), { readonly: true });
      const newest = db.prepare('SELECT max(id) FROM deal_events').pluck().get() as number;
      db.close();
      await until(() => live.text.includes(`id: ${newest}\n`) && replayed.text.includes(`id: ${newest}\nevent:`), 10_000, 'both streams at the newest event');

      const exit = await api.stop('SIGTERM', 20_000);
      const ends = await Promise.all([live.ended, replayed.ended]);
      expect(ends, api.err()).toEqual([{ error: null }, { error: null }]);
      expect(exit).toEqual({ code: 0, signal: null });
      // Both heard, after everything they were sent, that the process stops: they resume elsewhere from their last id.
      for (const client of [live, replayed]) expect(client.text.endsWith(': shutting down: reconnect with Last-Event-ID\n\n')).toBe(true);
    } finally {
      await api?.stop('SIGKILL');
      await events.close();
      dir.remove();
    }
  }, 60_000);
});
