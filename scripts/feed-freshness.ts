import type { Redis } from 'ioredis';
import type { FeedFilingServed } from '../projector/index.ts';

/**
 * The feed-to-API lag of the latest filings the feed brought: `ipo projector` records each such
 * filing when the batch that serves it commits, in one capped Redis list of the deployment
 * (REDIS_PREFIX's `feedServed` key), and `ipo status` reads it.
 */

/** How many filings the list keeps. */
export const FEED_SERVED_KEPT = 100;

export interface FeedServedRecord extends FeedFilingServed {
  /** When the batch that made it visible to the API committed. */
  servedAt: string;
}

/** Appends the batch's filings, newest first, keeping the latest FEED_SERVED_KEPT. */
export async function recordFeedServed(redis: Redis, key: string, filings: readonly FeedFilingServed[], servedAt: Date): Promise<void> {
  if (filings.length === 0) return;
  const records = filings.map((f) => JSON.stringify({ ...f, servedAt: servedAt.toISOString() } satisfies FeedServedRecord));
  await redis.multi().lpush(key, ...records).ltrim(key, 0, FEED_SERVED_KEPT - 1).exec();
}

export async function readFeedServed(redis: Redis, key: string): Promise<FeedServedRecord[]> {
  return (await redis.lrange(key, 0, FEED_SERVED_KEPT - 1)).map((text) => JSON.parse(text) as FeedServedRecord);
}

export interface FeedLagSummary {
  filings: number;
  /** Milliseconds from the poll that listed a filing to the commit that served it. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  latest: (FeedServedRecord & { lagMs: number }) | null;
}

/** The p-th percentile (nearest rank) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summariseFeedLag(records: readonly FeedServedRecord[]): FeedLagSummary | null {
  if (records.length === 0) return null;
  const lags = records.map((r) => Date.parse(r.servedAt) - Date.parse(r.seenAt));
  const sorted = [...lags].sort((a, b) => a - b);
  return {
    filings: records.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    maxMs: sorted[sorted.length - 1],
    latest: { ...records[0], lagMs: lags[0] },
  };
}
