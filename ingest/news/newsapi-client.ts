/**
 * NewsAPI-compatible client (`/v2/everything`, domain §6.1). Returns the raw body of an ok page;
 * the projector parses articles out of the recorded body. Errors are typed so the job runner can
 * tell "wait" (429, `rateLimited`) from "fix the setup" (`apiKeyInvalid`, `parameterInvalid`).
 */

export interface NewsApiClientOptions {
  /** NEWS_API_URL, e.g. `https://newsapi.org`. */
  baseUrl: string;
  /** NEWS_API_KEY, sent as `X-Api-Key` (never in the URL, so it stays out of logs and events). */
  apiKey: string;
  fetch: typeof globalThis.fetch;
}

export interface EverythingQuery {
  q: string;
  /** YYYY-MM-DD or ISO timestamps. */
  from?: string;
  to?: string;
  language?: string;
  pageSize?: number;
  page?: number;
}

export interface NewsApiPage {
  url: string;
  status: number;
  body: string;
}

export class NewsRateLimitedError extends Error {
  constructor(readonly url: string, readonly retryAfterSeconds: number | null, readonly code = 'rateLimited') {
    super(`news provider rate limit (${code})`);
    this.name = 'NewsRateLimitedError';
  }
}

/** The provider refused the request for a reason a retry will not fix. */
export class NewsApiError extends Error {
  constructor(readonly code: string, message: string, readonly status: number, readonly url: string) {
    super(`${code}: ${message}`);
    this.name = 'NewsApiError';
  }
}

/** Transient: 5xx or `unexpectedError`. */
export class NewsTransientError extends Error {
  constructor(readonly status: number, readonly url: string) {
    super(`news provider answered ${status}`);
    this.name = 'NewsTransientError';
  }
}

/** The search for one company's IPO coverage. */
export function companyNewsQuery(companyName: string): string {
  return `"${companyName}" AND (IPO OR "initial public offering")`;
}

/** Path and query in a fixed parameter order, so a recorded page matches its request exactly. */
export function everythingPath(query: EverythingQuery): string {
  const p = new URLSearchParams({ q: query.q });
  if (query.from) p.set('from', query.from);
  if (query.to) p.set('to', query.to);
  p.set('language', query.language ?? 'en');
  p.set('sortBy', 'publishedAt');
  p.set('pageSize', String(query.pageSize ?? 100));
  p.set('page', String(query.page ?? 1));
  return `/v2/everything?${p.toString()}`;
}

interface StatusBody {
  status?: string;
  code?: string;
  message?: string;
}

function errorShape(body: string): StatusBody | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as StatusBody) : null;
  } catch {
    return null;
  }
}

function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const s = Number(header);
  return Number.isFinite(s) && s >= 0 ? s : null;
}

export async function fetchEverything(options: NewsApiClientOptions, query: EverythingQuery): Promise<NewsApiPage> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}${everythingPath(query)}`;
  const res = await options.fetch(url, { headers: { 'X-Api-Key': options.apiKey, Accept: 'application/json' } });
  const body = await res.text();
  const doc = errorShape(body);
  const code = doc?.status === 'error' ? (doc.code ?? 'error') : null;
  if (res.status === 429 || code === 'rateLimited') {
    throw new NewsRateLimitedError(url, retryAfter(res.headers.get('retry-after')), code ?? 'rateLimited');
  }
  if (res.status >= 500 || code === 'unexpectedError') throw new NewsTransientError(res.status, url);
  if (code) throw new NewsApiError(code, doc?.message ?? '', res.status, url);
  if (res.status !== 200 || doc?.status !== 'ok') {
    throw new NewsApiError(`http${res.status}`, body.slice(0, 200), res.status, url);
  }
  return { url, status: res.status, body };
}
