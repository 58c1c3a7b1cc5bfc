import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createIpoClient, type DealEvent } from '../api/client/index.ts';
import { createMemoryRateLimiter } from '../api/index.ts';
import { documentExamples } from '../api/openapi/examples.ts';
import { emptyDataDir, removeDataDir, startApi, type RunningApi } from './api-harness.ts';

const WINDOW_MS = 60_000;

/**
 * The client's answers to a 429 against the app's own rate limiter and guard, its quota set to 2 a
 * minute and its clock set 3 s before the end of a window, so Retry-After asks for seconds, not a minute.
 */
describe('the typed client and the real rate limiter', () => {
  let dataDir: string;
  let api: RunningApi;
  let offset = 0;

  beforeAll(async () => {
    dataDir = await emptyDataDir();
    api = await startApi(dataDir, { rateLimiter: createMemoryRateLimiter({ limitPerMinute: 2, now: () => Date.now() + offset }) });
  });
  afterAll(async () => {
    await api?.close();
    if (dataDir) removeDataDir(dataDir);
  });

  it('throws the 429 envelope without retries or past the wait it accepts, and waits out Retry-After with them', async () => {
    const client = (retry: { maxAttempts?: number; maxDelayMs?: number }) => createIpoClient({ baseUrl: api.baseUrl, apiKey: api.key, retry });
    const patient = client({});
    offset = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS - 3_000 - Date.now();
    for (let i = 0; i < 2; i++) expect((await patient.list('/api/v1/companies')).data).toEqual([]);

    const once = await client({ maxAttempts: 1 }).list('/api/v1/companies').catch((error: unknown) => error);
    expect(once).toBeInstanceOf(ApiError);
    expect(once).toMatchObject({ status: 429, code: 'rate_limited' });
    const started = Date.now();
    const hasty = await client({ maxDelayMs: 100 }).list('/api/v1/companies').catch((error: unknown) => error);
    expect(hasty).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Date.now() - started).toBeLessThan(1_000);

    // The window ends within 3 s: Retry-After says so, and the retry lands in the next one.
    const page = await patient.list('/api/v1/companies');
    expect(page).toMatchObject({ data: [], has_more: false, next_cursor: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  }, 20_000);
});

/**
 * The event stream's reconnection, against a server that speaks the stream as the API does (its
 * events are ones the sample served, from the document's examples): the first attempt is refused
 * with a 429 (the API's answer past EVENT_STREAMS_PER_KEY), the next stream ends after two events,
 * and the client reconnects after the stream's `retry` with Last-Event-ID.
 */
describe('the typed client and a stream that ends', () => {
  const events = (documentExamples().responses.EventStream.value as { data: DealEvent[] }).data;
  const requests: Array<{ url: string; lastEventId: string | undefined; authorization: string | undefined }> = [];
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      requests.push({ url: req.url!, lastEventId: req.headers['last-event-id'] as string | undefined, authorization: req.headers.authorization });
      if (requests.length === 1) {
        res.writeHead(429, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '0' });
        return res.end(JSON.stringify(documentExamples().responses.TooManyRequests.value));
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      const after = Number(req.headers['last-event-id'] ?? new URL(req.url!, 'http://x').searchParams.get('after'));
      const next = events.filter((event) => event.id > after);
      res.write(`retry: 20\nid: ${after}\n\n`);
      for (const event of requests.length === 2 ? next.slice(0, 2) : next) res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      if (requests.length === 2) res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('retries the refused open, then resumes after the last id received: every event once, in order', async () => {
    expect(events.length).toBeGreaterThan(2);
    const ipo = createIpoClient({ baseUrl, apiKey: 'ipo_live_key' });
    const received: DealEvent[] = [];
    for await (const event of ipo.events({ after: 0, type: ['registration', 'priced', 'listed', 'combined'] })) {
      received.push(event);
      if (received.length === events.length) break;
    }
    expect(received).toEqual(events);
    expect(requests.map((r) => r.lastEventId)).toEqual([undefined, undefined, String(events[1].id)]);
    expect(requests[0].url).toBe('/api/v1/events?after=0&type=registration,priced,listed,combined');
    expect(requests.every((r) => r.authorization === 'Bearer ipo_live_key')).toBe(true);
  });
});
