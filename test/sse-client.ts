import { request, type ClientRequest, type IncomingMessage } from 'node:http';

/** One dispatched Server-Sent Events message. */
export interface SseMessage {
  id: string;
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: IncomingMessage['headers'];
  /** Messages with data, in arrival order. */
  messages: SseMessage[];
  /** The last event id the stream set (an `id:` field, with or without data), as a client would resend it. */
  lastEventId(): string;
  comments: string[];
  /** The body of a non-200 answer. */
  body(): string;
  /** Resolves once `condition` holds (checked on every chunk), rejects after `timeoutMs` or if the stream ends first. */
  until(condition: (c: SseConnection) => boolean, timeoutMs: number, what: string): Promise<void>;
  close(): void;
  /** Resolves when the server ends the stream (or the connection drops). */
  ended: Promise<void>;
}

/**
 * A plain-HTTP SSE client that parses the stream as the WHATWG spec says (fields per line, a blank
 * line dispatches; an `id` with no data moves the last event id and dispatches nothing), so tests
 * see exactly what a conforming client sees.
 */
export function openEventStream(url: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      let text = '';
      let lastId = headers['Last-Event-ID'] ?? '';
      let pending = { id: lastId, event: '', data: [] as string[] };
      const watchers = new Set<() => void>();
      let done = false;
      const connection: SseConnection = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages: [],
        comments: [],
        lastEventId: () => lastId,
        body: () => text,
        until(condition, timeoutMs, what) {
          return new Promise<void>((ok, fail) => {
            const check = () => {
              if (condition(connection)) finish(null);
              else if (done) finish(new Error(`the stream ended before ${what}`));
            };
            const timer = setTimeout(() => finish(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
            const finish = (error: Error | null) => {
              clearTimeout(timer);
              watchers.delete(check);
              if (error) fail(error);
              else ok();
            };
            watchers.add(check);
            check();
          });
        },
        close: () => req.destroy(),
        ended: new Promise<void>((ok) => {
          res.on('close', () => {
            done = true;
            for (const watcher of [...watchers]) watcher();
            ok();
          });
        }),
      };
      const line = (raw: string) => {
        if (raw === '') {
          lastId = pending.id;
          if (pending.data.length > 0) connection.messages.push({ id: pending.id, event: pending.event || 'message', data: pending.data.join('\n') });
          pending = { id: lastId, event: '', data: [] };
          return;
        }
        if (raw.startsWith(':')) return void connection.comments.push(raw.slice(1).trim());
        const colon = raw.indexOf(':');
        const field = colon < 0 ? raw : raw.slice(0, colon);
        const value = colon < 0 ? '' : raw.slice(colon + 1).replace(/^ /, '');
        if (field === 'id' && !value.includes('\u0000')) pending.id = value;
        else if (field === 'event') pending.event = value;
        else if (field === 'data') pending.data.push(value);
      };
      // A server killed mid-stream resets the connection: that is the end of the stream, not an error of the test.
      res.on('error', () => {});
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (res.statusCode !== 200) {
          text += chunk;
          return;
        }
        buffer += chunk;
        let at: number;
        while ((at = buffer.search(/\r\n|\r|\n/)) >= 0) {
          const end = buffer[at] === '\r' && buffer[at + 1] === '\n' ? at + 2 : at + 1;
          line(buffer.slice(0, at));
          buffer = buffer.slice(end);
        }
        for (const watcher of [...watchers]) watcher();
      });
      resolve(connection);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A client that keeps following the stream across the API processes it is given, as a client behind a load balancer would. */
export interface EventFollower {
  /** Every message of every connection, in arrival order. */
  messages(): SseMessage[];
  /** Connections that answered 200, and the Last-Event-ID each was opened with. */
  connections: Array<{ origin: string; lastEventId: string | undefined }>;
  lastEventId(): string | undefined;
  until(condition: () => boolean, timeoutMs: number, what: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Opens the stream on `origins[0]`; whenever it ends (its process died, or stopped), or a
 * connection is refused, reconnects to the next origin with `Last-Event-ID` set to the last id
 * the stream set: the spec's reconnection, done across processes.
 */
export function followEvents(origins: string[], key: string, options: { query?: string; from?: string } = {}): EventFollower {
  const opened: SseConnection[] = [];
  const connections: EventFollower['connections'] = [];
  let lastId = options.from;
  let stopped = false;
  let current: SseConnection | null = null;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const origin = origins[i % origins.length];
      try {
        const headers: Record<string, string> = { Authorization: `Bearer ${key}`, ...(lastId === undefined ? {} : { 'Last-Event-ID': lastId }) };
        const c = await openEventStream(`${origin}/api/v1/events${options.query ?? ''}`, headers);
        if (c.status === 200) {
          connections.push({ origin, lastEventId: lastId });
          opened.push(c);
          current = c;
          await c.ended;
          current = null;
          if (c.lastEventId() !== '') lastId = c.lastEventId();
        }
      } catch {
        // Refused: that process is down; the next origin is tried.
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const follower: EventFollower = {
    messages: () => opened.flatMap((c) => c.messages),
    connections,
    lastEventId: () => current?.lastEventId() || lastId,
    async until(condition, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      stopped = true;
      (current as SseConnection | null)?.close();
      await loop;
    },
  };
  return follower;
}
