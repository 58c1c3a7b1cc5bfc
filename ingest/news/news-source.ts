import { systemClock, type Clock } from '../clock.ts';
import { MarketSourceMissingError } from '../jobs/market-errors.ts';
import { fetchFeed, type FeedResponse } from './feed-client.ts';
import { fetchEverything, NewsRateLimitedError, type EverythingQuery, type NewsApiPage } from './newsapi-client.ts';

/** What a `news.*` job handler needs. */
export interface NewsSource {
  everything(query: EverythingQuery): Promise<NewsApiPage>;
  feed(url: string): Promise<FeedResponse>;
}

export interface NewsSourceOptions {
  apiUrl: string;
  /** Null: searches fail permanently (feeds still work). */
  apiKey: string | null;
  fetch?: typeof globalThis.fetch;
  userAgent?: string;
  clock?: Clock;
  /** Pause after a 429 that names no Retry-After. NewsAPI's developer quota refills over hours. */
  defaultPauseSeconds?: number;
}

/**
 * The provider's quota is per key, not per request: after one 429 every other search would get one
 * too. So the first 429 closes a gate for Retry-After (or the default) and later searches fail at
 * once with the same typed error, without a request, until it opens; runners retry them later.
 */
export function createNewsSource(options: NewsSourceOptions): NewsSource {
  const fetch = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? systemClock();
  let blockedUntil = 0;
  return {
    async everything(query) {
      if (!options.apiKey) throw new MarketSourceMissingError('NEWS_API_KEY is not set: news searches are disabled');
      const wait = blockedUntil - clock.now();
      if (wait > 0) throw new NewsRateLimitedError('(not sent: provider quota exhausted)', Math.ceil(wait / 1000));
      try {
        return await fetchEverything({ baseUrl: options.apiUrl, apiKey: options.apiKey, fetch }, query);
      } catch (error) {
        if (error instanceof NewsRateLimitedError) {
          blockedUntil = clock.now() + (error.retryAfterSeconds ?? options.defaultPauseSeconds ?? 900) * 1000;
        }
        throw error;
      }
    },
    feed: (url) => fetchFeed(url, { fetch, userAgent: options.userAgent }),
  };
}
