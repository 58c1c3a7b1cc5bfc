import { gunzipSync, inflateSync } from 'node:zlib';
import type { Config } from '../../schema/config.ts';
import { realSleep, systemClock, type Clock, type Sleep } from '../clock.ts';
import { EdgarPermanentError, EdgarThrottledError, EdgarTransientError } from './edgar-errors.ts';
import { createLocalEdgarGate, type EdgarGate, type EdgarRequestKind } from './edgar-gate.ts';

/** `www` = www.sec.gov (Archives, indexes, company_tickers), `data` = data.sec.gov (submissions, XBRL). */
export type EdgarHost = 'www' | 'data';

export type EdgarResponse =
  | { found: true; url: string; status: number; body: Buffer; contentType: string | null }
  | { found: false; url: string; status: 404 };

/** A conditional request's answer: the resource, 404, or 304 (unchanged since the copy last read). */
export type ConditionalEdgarResponse = EdgarResponse | { found: true; unchanged: true; url: string; status: 304 };

export interface RequestOptions {
  /** What the request is for, as the fleet's EDGAR budget counts it (default `fetch`). */
  kind?: EdgarRequestKind;
}

/** The validators a server gave with a body: what a conditional request sends back. */
interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** URLs whose validators are kept: the feed's pages, a handful; bounded so nothing grows without end. */
const MAX_VALIDATED_URLS = 64;

export interface EdgarClientOptions {
  userAgent: string;
  wwwUrl: string;
  dataUrl: string;
  maxRequestsPerSecond: number;
  throttleBackoffMs: number;
  fetch?: typeof globalThis.fetch;
  sleep?: Sleep;
  clock?: Clock;
  /** Source of jitter in [0, 1); injectable so backoff is deterministic in tests. */
  random?: () => number;
  /** Where requests wait their turn; default: this process's own token bucket and pause. */
  gate?: EdgarGate;
  /** Attempts per request for 429, 5xx and network errors (first try included). */
  maxAttempts?: number;
  /** First retry delay; doubles per attempt, with jitter, capped at `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** How many rate-threshold pauses one request may sit through before giving up. */
  maxThrottlePauses?: number;
}

const EMAIL_TOKEN = /[^\s@<>()]+@[^\s@<>()]+\.[A-Za-z]{2,}/;
const THROTTLE_MARKER = /Request Rate Threshold Exceeded/i;
const UNDECLARED_MARKER = /Undeclared Automated Tool/i;

/** The SEC requires a declared User-Agent with a contact address (domain.md §1.1). */
export function isDeclaredUserAgent(userAgent: string): boolean {
  return EMAIL_TOKEN.test(userAgent);
}

/**
 * The only way the service talks to EDGAR. Every request, retries included, waits at one gate
 * (edgar-gate.ts): the rate and the pause after a rate-threshold page hold for this process, or for
 * the whole fleet when the gate lives in Redis.
 */
export class EdgarClient {
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly sleep: Sleep;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly gate: EdgarGate;
  private readonly bases: Record<EdgarHost, string>;
  /** Per URL, the validators of the last body read conditionally, oldest first. */
  private readonly validators = new Map<string, Validators>();
  private requestCount = 0;

  constructor(private readonly options: EdgarClientOptions) {
    if (!isDeclaredUserAgent(options.userAgent)) {
      throw new EdgarPermanentError(
        'EDGAR_USER_AGENT must declare who is calling, e.g. "Acme Research contact@acme.example"; the SEC blocks undeclared tools',
        null,
        '',
      );
    }
    if (options.maxRequestsPerSecond > 10) throw new RangeError('the SEC allows at most 10 requests per second');
    this.fetchFn = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? realSleep;
    this.clock = options.clock ?? systemClock();
    this.random = options.random ?? Math.random;
    this.gate = options.gate ?? createLocalEdgarGate(options.maxRequestsPerSecond, this.clock, this.sleep);
    this.bases = { www: options.wwwUrl.replace(/\/+$/, ''), data: options.dataUrl.replace(/\/+$/, '') };
  }

  /** Requests sent so far, retries included. */
  get requestsSent(): number {
    return this.requestCount;
  }

  url(host: EdgarHost, path: string): string {
    return `${this.bases[host]}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /** GETs a path. 404 is a result, not an error; anything else that is not 2xx throws. */
  async get(host: EdgarHost, path: string, options: RequestOptions = {}): Promise<EdgarResponse> {
    const { response } = await this.request(this.url(host, path), {}, options.kind ?? 'fetch');
    // A 304 answers only a request that sent validators; this one sent none.
    if ('unchanged' in response) throw new EdgarPermanentError(`HTTP 304 to an unconditional request (${response.url})`, 304, response.url);
    return response;
  }

  /**
   * GETs a path conditionally: with the ETag (If-None-Match) and Last-Modified (If-Modified-Since)
   * the server gave with this URL's last body, when it gave any. A 304 costs a request but no body.
   * A server that sends neither validator (EDGAR's latest-filings feed, as recorded) gets plain GETs.
   */
  async getIfChanged(host: EdgarHost, path: string, options: RequestOptions = {}): Promise<ConditionalEdgarResponse> {
    const url = this.url(host, path);
    const known = this.validators.get(url);
    const headers: Record<string, string> = {};
    if (known?.etag) headers['If-None-Match'] = known.etag;
    if (known?.lastModified) headers['If-Modified-Since'] = known.lastModified;
    const { response, validators } = await this.request(url, headers, options.kind ?? 'fetch');
    if (!('unchanged' in response)) this.remember(url, validators);
    return response;
  }

  private remember(url: string, validators: Validators | null): void {
    this.validators.delete(url);
    if (!validators || (!validators.etag && !validators.lastModified)) return;
    if (this.validators.size >= MAX_VALIDATED_URLS) this.validators.delete(this.validators.keys().next().value!);
    this.validators.set(url, validators);
  }

  /** One GET with retries; every attempt waits at the gate. 304 only answers a request that sent validators. */
  private async request(
    url: string,
    conditional: Record<string, string>,
    kind: EdgarRequestKind,
  ): Promise<{ response: ConditionalEdgarResponse; validators: Validators | null }> {
    const maxAttempts = this.options.maxAttempts ?? 5;
    const maxPauses = this.options.maxThrottlePauses ?? 2;
    let attempt = 0;
    let pauses = 0;
    for (;;) {
      await this.gate.acquire(kind);
      attempt++;
      let response: Response;
      try {
        this.requestCount++;
        response = await this.fetchFn(url, {
          headers: { 'User-Agent': this.options.userAgent, 'Accept-Encoding': 'gzip, deflate', ...conditional },
        });
      } catch (error) {
        if (attempt >= maxAttempts) throw new EdgarTransientError(`network error after ${attempt} attempts: ${(error as Error).message}`, null, url);
        await this.sleep(this.backoff(attempt));
        continue;
      }
      const status = response.status;
      if (status >= 200 && status < 300) {
        const body = decode(Buffer.from(await response.arrayBuffer()), response.headers.get('content-encoding'));
        const validators = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
        return { response: { found: true, url, status, body, contentType: response.headers.get('content-type') }, validators };
      }
      const text = await response.text().catch(() => '');
      if (status === 304 && Object.keys(conditional).length > 0) return { response: { found: true, unchanged: true, url, status: 304 }, validators: null };
      if (status === 404) return { response: { found: false, url, status: 404 }, validators: null };
      if (status === 403 && UNDECLARED_MARKER.test(text) && !THROTTLE_MARKER.test(text)) {
        throw new EdgarPermanentError(`EDGAR refused the User-Agent as an undeclared automated tool (${url})`, status, url);
      }
      if (status === 403) {
        // The SEC answers over-rate clients with 403, not 429, and names no Retry-After; its page
        // reuses the undeclared-tool wording, hence the threshold check above. Any other 403 is
        // treated as throttling too: backing off is safe, hammering is not. The pause is taken even
        // when this request gives up, so the fleet's other requests in flight hold off too.
        await this.gate.pause(this.options.throttleBackoffMs);
        if (pauses >= maxPauses) throw new EdgarThrottledError(url, this.options.throttleBackoffMs);
        pauses++;
        continue;
      }
      if (status === 429) {
        // Told to slow down: every request behind the gate (the whole fleet with Redis) waits the
        // backoff, or the Retry-After the server named when longer (capped at the throttle pause).
        if (attempt >= maxAttempts) throw new EdgarTransientError(`HTTP 429 after ${attempt} attempts`, status, url);
        const asked = Math.min(retryAfterMs(response.headers.get('retry-after'), this.clock.now()), this.options.throttleBackoffMs);
        await this.gate.pause(Math.max(this.backoff(attempt), asked));
        continue;
      }
      if (status >= 500) {
        if (attempt >= maxAttempts) throw new EdgarTransientError(`HTTP ${status} after ${attempt} attempts`, status, url);
        await this.sleep(this.backoff(attempt));
        continue;
      }
      throw new EdgarPermanentError(`HTTP ${status} from ${url}`, status, url);
    }
  }

  private backoff(attempt: number): number {
    const base = this.options.baseBackoffMs ?? 500;
    const cap = this.options.maxBackoffMs ?? 30_000;
    const exp = Math.min(cap, base * 2 ** (attempt - 1));
    // "Equal jitter": half fixed, half random, so retries of many workers spread out.
    return Math.round(exp / 2 + (exp / 2) * this.random());
  }
}

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number {
  if (header === null || header.trim() === '') return 0;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/**
 * Undici's fetch already inflates encoded bodies but keeps the Content-Encoding header; other
 * fetch implementations may not. Decode only when the bytes still look encoded.
 */
function decode(body: Buffer, encoding: string | null): Buffer {
  const enc = encoding?.toLowerCase().trim();
  if (enc === 'gzip' && body[0] === 0x1f && body[1] === 0x8b) return gunzipSync(body);
  if (enc === 'deflate' && body[0] === 0x78) {
    try {
      return inflateSync(body);
    } catch {
      return body;
    }
  }
  return body;
}

/** Builds the client from configuration; extra options (fetch, sleep, clock) are for tests. */
export function createEdgarClient(config: Pick<Config, 'edgar'>, overrides: Partial<EdgarClientOptions> = {}): EdgarClient {
  return new EdgarClient({ ...config.edgar, ...overrides });
}
