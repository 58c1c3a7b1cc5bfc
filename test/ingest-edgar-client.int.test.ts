import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { EdgarClient, type EdgarClientOptions } from '../ingest/edgar/edgar-client.ts';
import { EdgarPermanentError, EdgarThrottledError, EdgarTransientError } from '../ingest/edgar/edgar-errors.ts';
import { startReplayServer, type ReplayServer, type ReplayServerOptions } from '../ingest/replay/replay-server.ts';
import { fakeTime, type FakeTime } from '../ingest/testing/fake-time.ts';

const SAMPLE = join(import.meta.dirname, '../data/sample/edgar');
const MANIFEST = join(SAMPLE, 'replay.json');
const UA = 'ipo-research tests tests@example.com';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function replay(options: Partial<ReplayServerOptions> = {}): Promise<ReplayServer> {
  const server = await startReplayServer({ manifestPath: MANIFEST, ...options });
  cleanups.push(() => server.close());
  return server;
}

function clientFor(server: ReplayServer, time: FakeTime, options: Partial<EdgarClientOptions> = {}): EdgarClient {
  return new EdgarClient({
    userAgent: UA,
    wwwUrl: server.urls.www,
    dataUrl: server.urls.data,
    maxRequestsPerSecond: 10,
    throttleBackoffMs: 600_000,
    sleep: time.sleep,
    clock: time.clock,
    random: () => 0.5,
    ...options,
  });
}

describe('EdgarClient against the replay server', () => {
  it('refuses to be built without a declared contact e-mail in the User-Agent', () => {
    for (const userAgent of ['', 'ipo-research', 'ipo-research/1.0 (https://example.com)', 'name@nowhere']) {
      expect(() => new EdgarClient({ userAgent, wwwUrl: 'http://x', dataUrl: 'http://x', maxRequestsPerSecond: 8, throttleBackoffMs: 1 })).toThrow(EdgarPermanentError);
    }
    expect(() => new EdgarClient({ userAgent: UA, wwwUrl: 'http://x', dataUrl: 'http://x', maxRequestsPerSecond: 11, throttleBackoffMs: 1 })).toThrow(RangeError);
  });

  it('fetches a gzip-stored file with Accept-Encoding gzip and returns the exact recorded bytes', async () => {
    const server = await replay();
    const client = clientFor(server, fakeTime());
    const response = await client.get('www', '/files/company_tickers.json');
    expect(response.found).toBe(true);
    if (!response.found) return;
    expect(response.body.equals(gunzipSync(readFileSync(join(SAMPLE, 'company_tickers.json.gz'))))).toBe(true);
    expect(server.requestLog).toEqual([{ host: 'www', path: '/files/company_tickers.json', status: 200, userAgent: UA, gzip: true, at: expect.any(Number) }]);
  });

  it('serves a plain file unchanged on the data host', async () => {
    const server = await replay();
    const response = await clientFor(server, fakeTime()).get('data', '/submissions/CIK0001318605.json');
    expect(response.found && response.body.equals(readFileSync(join(SAMPLE, 'submissions/CIK0001318605_tesla.json')))).toBe(true);
  });

  it('returns not-found for a 404 without throwing or retrying', async () => {
    const server = await replay();
    const time = fakeTime();
    const response = await clientFor(server, time).get('data', '/submissions/CIK0000000001.json');
    expect(response).toEqual({ found: false, url: `${server.urls.data}/submissions/CIK0000000001.json`, status: 404 });
    expect(server.requestLog).toHaveLength(1);
  });

  it('gets the undeclared-tool page without an e-mail and treats it as permanent, after one request', async () => {
    const server = await replay();
    const raw = await fetch(`${server.urls.www}/files/company_tickers.json`, { headers: { 'User-Agent': 'curl/8.0' } });
    expect(raw.status).toBe(403);
    expect(await raw.text()).toContain('Your Request Originates from an Undeclared Automated Tool');
    // A proxy that strips the declared User-Agent: the client must stop, not retry.
    const stripping: typeof fetch = (url, init) => fetch(url, { ...init, headers: { 'User-Agent': 'python-requests/2.32' } });
    const client = clientFor(server, fakeTime(), { fetch: stripping });
    await expect(client.get('www', '/files/company_tickers.json')).rejects.toThrow(EdgarPermanentError);
    expect(server.requestLog.filter((r) => r.userAgent === 'python-requests/2.32')).toHaveLength(1);
  });

  it('on the rate-threshold page pauses ALL traffic for throttleBackoffMs, then succeeds', async () => {
    const time = fakeTime();
    // Long sleeps (the pause) are held until released, so the test can look inside the pause.
    const held: (() => void)[] = [];
    const sleep = (ms: number) => (ms > 10_000 ? new Promise<void>((resolve) => held.push(() => resolve())) : time.sleep(ms));
    // Server and client share the virtual clock; the server allows 3 requests a second.
    const server = await replay({ clock: time.clock, rateLimitPerSecond: 3 });
    const client = clientFor(server, time, { sleep, throttleBackoffMs: 600_000 });
    const path = (cik: string) => `/submissions/CIK${cik}.json`;
    for (const cik of ['0001318605', '0000895419', '0001677077']) expect((await client.get('data', path(cik))).found).toBe(true);
    const throttled = client.get('data', path('0001766140'));
    while (held.length < 1) await new Promise((r) => setTimeout(r, 5));
    expect(server.requestLog.map((r) => r.status)).toEqual([200, 200, 200, 403]);
    // Another request during the pause waits too: it never reaches the server.
    const other = client.get('www', '/files/company_tickers.json');
    while (held.length < 2) await new Promise((r) => setTimeout(r, 5));
    expect(server.requestLog).toHaveLength(4);
    time.advance(600_000);
    for (const release of held) release();
    const [a, b] = await Promise.all([throttled, other]);
    expect(a.found && b.found).toBe(true);
    expect(server.requestLog.map((r) => r.status)).toEqual([200, 200, 200, 403, 200, 200]);
  });

  it('gives up with a throttled error after a bounded number of pauses', async () => {
    const time = fakeTime();
    const server = await replay({ clock: time.clock, rateLimitPerSecond: 0 });
    const client = clientFor(server, time, { throttleBackoffMs: 1000, maxThrottlePauses: 2 });
    await expect(client.get('www', '/files/company_tickers.json')).rejects.toThrow(EdgarThrottledError);
    expect(server.requestLog.map((r) => r.status)).toEqual([403, 403, 403]);
    // Giving up still leaves the pause in place: the next request behind the gate waits it out.
    await expect(client.get('data', '/submissions/CIK0001318605.json')).rejects.toThrow(EdgarThrottledError);
    expect(server.requestLog[3].at - server.requestLog[2].at).toBeGreaterThanOrEqual(1000);
  });
});

describe('EdgarClient against injected faults', () => {
  it('on a 429 pauses for the Retry-After the server named when it is longer than its own backoff', async () => {
    const time = fakeTime();
    const server = await replay({ clock: time.clock, faults: [{ host: 'data', status: 429, retryAfterSeconds: 7, times: 1 }] });
    const client = clientFor(server, time, { baseBackoffMs: 400 });
    const response = await client.get('data', '/submissions/CIK0001318605.json');
    expect(response.found).toBe(true);
    expect(server.requestLog.map((r) => [r.status, r.injected ?? false])).toEqual([[429, true], [200, false]]);
    expect(time.sleeps.filter((ms) => ms >= 1000)).toEqual([7000]);
    // Two requests, 7 s of pause between their arrivals on the shared virtual clock.
    expect(server.requestLog[1].at - server.requestLog[0].at).toBeGreaterThanOrEqual(7000);
  });

  it('caps a Retry-After at the throttle pause', async () => {
    const time = fakeTime();
    const server = await replay({ clock: time.clock, faults: [{ status: 429, retryAfterSeconds: 86_400, times: 1 }] });
    const response = await clientFor(server, time, { throttleBackoffMs: 60_000 }).get('www', '/files/company_tickers.json');
    expect(response.found).toBe(true);
    expect(time.sleeps.filter((ms) => ms >= 1000)).toEqual([60_000]);
  });

  it('retries injected 503s with backoff and returns the recording', async () => {
    const time = fakeTime();
    const server = await replay({ clock: time.clock, faults: [{ path: '/submissions/', status: 503, times: 2 }] });
    const response = await clientFor(server, time, { baseBackoffMs: 400 }).get('data', '/submissions/CIK0000895419.json');
    expect(response.found).toBe(true);
    expect(server.requestLog.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(time.sleeps.filter((ms) => ms >= 300)).toEqual([300, 600]);
  });
});

describe('EdgarClient retries', () => {
  async function flaky(statuses: number[]): Promise<{ url: string; hits: () => number }> {
    let hits = 0;
    const server: Server = createServer((_req, res) => {
      const status = statuses[Math.min(hits, statuses.length - 1)];
      hits++;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(status === 200 ? '{"ok":true}' : 'Service Unavailable');
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    cleanups.push(() => new Promise<void>((ok) => server.close(() => ok())));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
  }

  const plainClient = (url: string, time: FakeTime, options: Partial<EdgarClientOptions> = {}) =>
    new EdgarClient({ userAgent: UA, wwwUrl: url, dataUrl: url, maxRequestsPerSecond: 10, throttleBackoffMs: 1, sleep: time.sleep, clock: time.clock, random: () => 0.5, baseBackoffMs: 400, ...options });

  it('retries 503 and 429 with exponential backoff, then returns the 200', async () => {
    const server = await flaky([503, 429, 503, 200]);
    const time = fakeTime();
    const response = await plainClient(server.url, time).get('data', '/x.json');
    expect(response.found && response.body.toString()).toBe('{"ok":true}');
    expect(server.hits()).toBe(4);
    // Equal jitter with random 0.5: 3/4 of 400, 800, 1600. The token bucket's own waits are the others.
    expect(time.sleeps.filter((ms) => ms >= 300)).toEqual([300, 600, 1200]);
  });

  it('stops after maxAttempts with a transient error', async () => {
    const server = await flaky([500]);
    await expect(plainClient(server.url, fakeTime(), { maxAttempts: 3 }).get('www', '/y')).rejects.toThrow(EdgarTransientError);
    expect(server.hits()).toBe(3);
  });

  it('retries network errors', async () => {
    const server = await flaky([200]);
    let calls = 0;
    const failingOnce: typeof fetch = async (url, init) => {
      calls++;
      if (calls === 1) throw new TypeError('fetch failed');
      return fetch(url, init);
    };
    const response = await plainClient(server.url, fakeTime(), { fetch: failingOnce }).get('www', '/z');
    expect(response.found).toBe(true);
    expect(calls).toBe(2);
  });

  it('treats an unexpected 4xx as permanent', async () => {
    const server = await flaky([400]);
    await expect(plainClient(server.url, fakeTime()).get('www', '/bad')).rejects.toThrow(EdgarPermanentError);
    expect(server.hits()).toBe(1);
  });
});
