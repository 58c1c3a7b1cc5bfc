import type { ServerResponse } from 'node:http';
import type { ReadDbSource } from '../db/read-db-source.ts';
import { ApiError } from '../errors/api-error.ts';
import type { EventFilter, EventQueries } from './events.query.ts';
import { SSE_HEARTBEAT, SSE_SHUTDOWN, sseMessage, ssePositionAhead } from './events.mapper.ts';

export interface EventStreamOptions {
  readDb: ReadDbSource;
  queries: EventQueries;
  /** Open streams one API key may hold in this process; one more is a 429. */
  perKey: number;
  /** How often the change log's newest id is read while streams are open. */
  pollMs: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** Told of a failure while sending (the stream is then closed; its client resumes from its last id). */
  report: (error: unknown) => void;
}

/** One client's stream: where it is in the change log, what it wants, and whether its key still holds. */
export interface StreamSubscriber {
  keyId: string;
  filter: EventFilter;
  /** The last id this stream has looked past (sent, or skipped by its filter). */
  cursor: number;
  res: ServerResponse;
  /** False once the key is revoked: the stream ends at the next heartbeat. */
  stillAuthorized: () => boolean;
}

/** Events sent per query: a client replaying from far back gets them in pages, at the pace its socket drains. */
const PAGE = 500;

/**
 * The open event streams of one API process. One timer reads the newest id of the change log (a
 * single indexed lookup, whatever the number of streams) and wakes the streams behind it; each
 * sends what passes its filter, page by page, waiting for its socket to drain. The read database
 * is asked afresh each time, so a rebuilt or installed generation (which carries the same ids) is
 * followed like any page request follows it.
 */
export function createEventStreams(options: EventStreamOptions) {
  const open = new Set<StreamSubscriber>();
  const busy = new Set<StreamSubscriber>();
  /** Streams told their position is ahead of the log, until the log reaches it. */
  const ahead = new Set<StreamSubscriber>();
  const perKey = new Map<string, number>();
  let poll: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  /** Set by `end`: the process stops, and a stream opened meanwhile ends at once. */
  let ending = false;

  const close = (stream: StreamSubscriber) => {
    if (!open.delete(stream)) return;
    ahead.delete(stream);
    const left = (perKey.get(stream.keyId) ?? 1) - 1;
    if (left > 0) perKey.set(stream.keyId, left);
    else perKey.delete(stream.keyId);
    if (!stream.res.writableEnded) stream.res.end();
    if (open.size === 0) stopTimers();
  };

  const pump = async (stream: StreamSubscriber, upto: number) => {
    busy.add(stream);
    try {
      while (open.has(stream) && stream.cursor < upto) {
        const rows = options.queries.between(options.readDb.current(), stream.filter, stream.cursor, upto, PAGE);
        let text = '';
        for (const row of rows) text += sseMessage(row);
        stream.cursor = rows.length === PAGE ? rows[rows.length - 1][0] : upto;
        if (text !== '' && !stream.res.write(text)) await drained(stream.res);
      }
    } catch (error) {
      options.report(error);
      close(stream);
    } finally {
      busy.delete(stream);
    }
  };

  const tick = () => {
    let newest: number;
    try {
      newest = options.queries.lastId(options.readDb.current());
    } catch (error) {
      // No generation published yet, or one mid-swap: the next tick tries again.
      if (!(error instanceof ApiError)) options.report(error);
      return;
    }
    for (const stream of open) {
      if (busy.has(stream)) continue;
      if (stream.cursor > newest) tellAhead(stream, newest);
      else {
        ahead.delete(stream);
        if (stream.cursor < newest) void pump(stream, newest);
      }
    }
  };

  /**
   * A position ahead of the log is kept (a replica whose snapshot is older serves the events after
   * it once the snapshot catches up), but the client is told, once until the log reaches it: it may
   * instead hold an id of a log numbered anew, which only it can tell (EventPage.newest_event_id).
   * Checked at every tick, so a generation installed under an open stream counts as well as the
   * position the stream resumed from.
   */
  const tellAhead = (stream: StreamSubscriber, newest: number) => {
    if (ahead.has(stream)) return;
    ahead.add(stream);
    stream.res.write(ssePositionAhead(stream.cursor, newest));
  };

  const beat = () => {
    for (const stream of open) {
      if (!stream.stillAuthorized()) close(stream);
      else if (!busy.has(stream)) stream.res.write(SSE_HEARTBEAT);
    }
  };

  const startTimers = () => {
    poll ??= setInterval(tick, options.pollMs);
    heartbeat ??= setInterval(beat, options.heartbeatMs);
  };
  const stopTimers = () => {
    if (poll) clearInterval(poll);
    if (heartbeat) clearInterval(heartbeat);
    poll = heartbeat = null;
  };

  return {
    /** Refuses a stream over the key's limit (429); call before any byte of the response is written. */
    admit(keyId: string): void {
      if ((perKey.get(keyId) ?? 0) >= options.perKey) {
        // Not a window: a place frees when one of the key's streams here ends, which no clock
        // foretells. A heartbeat is when the stream of a revoked key, or of a client gone without
        // closing (the write finds the connection dead), is ended, so one interval is the wait to
        // suggest. The RateLimit-* fields the guard set stay: they describe the request window,
        // in which this refused request counted.
        throw new ApiError('rate_limited', `Too many open event streams for this API key (${options.perKey} per API process)`, null, {
          'Retry-After': String(Math.ceil(options.heartbeatMs / 1000)),
        });
      }
    },
    /** The newest id now: where a stream without Last-Event-ID starts. */
    newest: () => options.queries.lastId(options.readDb.current()),
    /** Serves `stream` until its client goes away; resolves then. */
    serve(stream: StreamSubscriber): Promise<void> {
      if (ending) {
        stream.res.end(SSE_SHUTDOWN);
        return Promise.resolve();
      }
      open.add(stream);
      perKey.set(stream.keyId, (perKey.get(stream.keyId) ?? 0) + 1);
      startTimers();
      const closed = new Promise<void>((resolve) => stream.res.once('close', () => {
        close(stream);
        resolve();
      }));
      tick();
      return closed;
    },
    /**
     * Ends every open stream as the process stops: the shutdown comment, then the end of the
     * response (the chunked body's last chunk), so each client sees its stream finish, not its
     * connection cut, and reconnects from its last id to a process that serves. A stream opened
     * from now on ends at once. Resolves once every response is handed to its socket, or after
     * `graceMs` when a client that does not read holds one back (its connection is then cut).
     */
    async end(graceMs = 2_000): Promise<void> {
      ending = true;
      const ended = [...open];
      const flushed = ended.map((stream) => finished(stream.res));
      for (const stream of ended) {
        // A stream waiting for its socket to drain ends after what it has queued: the pump stops as it is closed.
        if (!stream.res.writableEnded) stream.res.write(SSE_SHUTDOWN);
        close(stream);
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(flushed), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    },
    /** Streams open now (per process). */
    get size() {
      return open.size;
    },
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;

/** Resolves when the response is fully handed to its socket ('finish'), or its connection is gone. */
function finished(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.writableFinished || res.destroyed) return resolve();
    res.once('finish', resolve);
    res.once('close', resolve);
  });
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
