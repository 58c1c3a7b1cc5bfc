/**
 * RSS/Atom client for press-release wires (domain §6.2). The feed URLs come from configuration;
 * each is fetched independently, and one broken feed never hides the others.
 */

export interface FeedClientOptions {
  urls: readonly string[];
  fetch: typeof globalThis.fetch;
  userAgent?: string;
}

export type FeedResponse =
  | { ok: true; url: string; status: number; contentType: string | null; body: string }
  | { ok: false; url: string; status: number | null; error: string; retryable: boolean };

const looksLikeFeed = (body: string) => /<(rss|feed|rdf:RDF)[\s>]/i.test(body.slice(0, 2000));

export async function fetchFeed(url: string, options: Omit<FeedClientOptions, 'urls'>): Promise<FeedResponse> {
  const headers: Record<string, string> = { Accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8' };
  if (options.userAgent) headers['User-Agent'] = options.userAgent;
  let res: Response;
  try {
    res = await options.fetch(url, { headers });
  } catch (error) {
    return { ok: false, url, status: null, error: (error as Error).message, retryable: true };
  }
  const body = await res.text();
  if (res.status !== 200) {
    return { ok: false, url, status: res.status, error: `HTTP ${res.status}`, retryable: res.status === 429 || res.status >= 500 };
  }
  // Some wires answer an error page with 200; that is not a feed to record.
  if (!looksLikeFeed(body)) return { ok: false, url, status: res.status, error: 'not an RSS or Atom document', retryable: false };
  return { ok: true, url, status: res.status, contentType: res.headers.get('content-type'), body };
}

/** Fetches every configured feed, in order, one at a time (wires are polite-use endpoints). */
export async function fetchFeeds(options: FeedClientOptions): Promise<FeedResponse[]> {
  const out: FeedResponse[] = [];
  for (const url of options.urls) out.push(await fetchFeed(url, options));
  return out;
}

/** `NEWS_RSS_URLS`-style setting: comma or whitespace separated absolute URLs. */
export function parseFeedUrls(setting: string): string[] {
  return setting
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\//.test(s));
}
