import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadDbSource } from '../db/read-db-source.ts';
import { createEventStreams } from './event-streams.ts';
import type { DealEventRow, EventQueries } from './events.query.ts';

/** A response that records what is written to it. */
class FakeResponse extends EventEmitter {
  text = '';
  writableEnded = false;
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
  end(chunk?: string): void {
    if (chunk !== undefined) this.text += chunk;
    this.writableEnded = true;
    this.emit('close');
  }
}

const row = (id: number): DealEventRow => [id, 'filing', `filing:${id}`, '0000000001', null, '2024-01-02', '2024-01-02T00:00:00Z', 0, '{}'];

/** A change log of ids 1..newest, which a test replaces as an installed generation would. */
function fakeLog() {
  const log = { newest: 0 };
  const queries = {
    lastId: () => log.newest,
    between: (_conn: unknown, _filter: unknown, after: number, upto: number, limit: number) => {
      const rows: DealEventRow[] = [];
      for (let id = after + 1; id <= Math.min(upto, log.newest) && rows.length < limit; id++) rows.push(row(id));
      return rows;
    },
  } as unknown as EventQueries;
  return { log, queries, readDb: { current: () => ({}) } as unknown as ReadDbSource };
}

/** Streams over a fake log whose newest id is `newest`, polled every 5 ms. */
function streamsOver(newest: number) {
  const { log, queries, readDb } = fakeLog();
  log.newest = newest;
  return { log, streams: createEventStreams({ readDb, queries, perKey: 5, pollMs: 5, heartbeatMs: 60_000, report: (error) => { throw error; } }) };
}

/** A stream of every event to `res`, from after `cursor`. */
const streamTo = (res: FakeResponse, cursor: number) => ({ keyId: 'k', filter: NO_FILTER, cursor, res: res as unknown as ServerResponse, stillAuthorized: () => true });

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const NO_FILTER = { types: null, ciks: null, tickers: null };

describe('event streams and a position ahead of the log', () => {
  const responses: FakeResponse[] = [];
  afterEach(() => {
    for (const res of responses.splice(0)) res.end();
  });

  it('says once that a stream is ahead, sends what follows once the log reaches it, and says so again when a generation installed under it falls behind', async () => {
    const { log, streams } = streamsOver(30);
    const res = new FakeResponse();
    responses.push(res);
    const stream = streamTo(res, 40);
    void streams.serve(stream);
    await settle();
    expect(res.text).toBe('event: position_ahead\ndata: {"last_event_id":40,"newest_event_id":30}\n\n');

    // A replica's next snapshot, still behind: nothing new is said.
    log.newest = 35;
    await settle();
    expect(res.text.match(/position_ahead/g)).toHaveLength(1);

    // The log reaches the position and passes it: the events after it, none before.
    log.newest = 42;
    await settle();
    expect(res.text.split('\n\n').filter((m) => m.startsWith('id: ')).map((m) => m.split('\n')[0])).toEqual(['id: 41', 'id: 42']);
    expect(stream.cursor).toBe(42);

    // A generation numbered anew (read.db rebuilt from a restored backup) installed under the open stream.
    log.newest = 12;
    await settle();
    expect(res.text.endsWith('event: position_ahead\ndata: {"last_event_id":42,"newest_event_id":12}\n\n')).toBe(true);
    expect(res.text.match(/position_ahead/g)).toHaveLength(2);
  });

  it('says nothing to a stream at or behind the newest id', async () => {
    const { streams } = streamsOver(3);
    const res = new FakeResponse();
    responses.push(res);
    void streams.serve(streamTo(res, 1));
    await settle();
    expect(res.text).not.toContain('position_ahead');
    expect(res.text).toContain('id: 3\n');
  });
});

describe('event streams when their process stops', () => {
  it('ends each open stream after what it was sent, with the shutdown comment; one opened afterwards ends at once', async () => {
    const { streams } = streamsOver(3);
    const open = [new FakeResponse(), new FakeResponse()];
    const served = open.map((res) => streams.serve(streamTo(res, 0)));
    await settle();
    await streams.end();
    await Promise.all(served);
    for (const res of open) {
      expect(res.writableEnded).toBe(true);
      expect(res.text.split('\n\n').filter(Boolean).map((m) => m.split('\n')[0])).toEqual(['id: 1', 'id: 2', 'id: 3', ': shutting down: reconnect with Last-Event-ID']);
    }
    expect(streams.size).toBe(0);
    const late = new FakeResponse();
    await streams.serve(streamTo(late, 0));
    expect(late).toMatchObject({ writableEnded: true, text: ': shutting down: reconnect with Last-Event-ID\n\n' });
  });
});
