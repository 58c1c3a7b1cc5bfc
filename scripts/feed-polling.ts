import type { Redis } from 'ioredis';

/**
 * How the latest-filings feed is being polled, as the scheduler polling it says: the leading
 * `ipo scheduler` records, in one Redis key of the deployment (REDIS_PREFIX's `feedPolling`), the
 * period of each poll it schedules, and `ipo status` reads it. The period is the scheduler's own
 * (its FEED_POLL_SECONDS or FEED_POLL_CLOSED_SECONDS, by EDGAR's hours), not the settings of
 * whoever asks; and a record that stops being renewed tells a stopped scheduler apart from polls
 * that are enqueued but not run.
 */
export interface FeedPollingRecord {
  periodSeconds: number;
  /** When the scheduler began polling at this period: its start, or EDGAR opening or closing. */
  periodSince: string;
  /** When it scheduled its latest poll (every slot renews the record). */
  recordedAt: string;
  /** That poll's slot. */
  nextPollAt: string;
}

/** One slot the poller has chosen: when, and the period in force. */
export interface ScheduledSlot {
  at: number;
  periodMs: number;
}

/**
 * What the scheduler calls for each slot it schedules: the record to write. `periodSince` is kept
 * across slots of one period, so it is the only state.
 */
export function feedPollingRecords(): (slot: ScheduledSlot, now: number) => FeedPollingRecord {
  let period = 0;
  let since = 0;
  return (slot, now) => {
    if (slot.periodMs !== period) [period, since] = [slot.periodMs, now];
    return {
      periodSeconds: slot.periodMs / 1000,
      periodSince: new Date(since).toISOString(),
      recordedAt: new Date(now).toISOString(),
      nextPollAt: new Date(slot.at).toISOString(),
    };
  };
}

/** Kept with no expiry: a record that stops being renewed is how a stopped scheduler shows. */
export async function recordFeedPolling(redis: Redis, key: string, record: FeedPollingRecord): Promise<void> {
  await redis.set(key, JSON.stringify(record));
}

export async function readFeedPolling(redis: Redis, key: string): Promise<FeedPollingRecord | null> {
  const text = await redis.get(key);
  return text === null ? null : (JSON.parse(text) as FeedPollingRecord);
}

/**
 * Polling looks stopped when no poll succeeded for more than STOPPED_AFTER_PERIODS periods, and
 * never before STOPPED_AFTER_MIN_SECONDS: a poll passes through the edgar queue, a worker and
 * EDGAR before it counts, which can take a few seconds at a 1 or 2 s period.
 */
export const STOPPED_AFTER_PERIODS = 3;
export const STOPPED_AFTER_MIN_SECONDS = 10;

export interface PollingStopped {
  /** Seconds since the last poll (or since the period began, when there was no poll in it). */
  noPollForSeconds: number;
  /** The same in periods, rounded down. */
  periods: number;
  /** The scheduler stopped renewing its record (it is not running), or it schedules polls that do not run (workers, the queue). */
  suspect: 'scheduler' | 'worker';
}

const secondsSince = (at: string, now: Date) => Math.max(0, (now.getTime() - Date.parse(at)) / 1000);

/**
 * Whether polling looks stopped at `now`, by the rule above. Counted from the later of the last
 * poll and the start of the period in force: a period that just began (a scheduler started, EDGAR
 * opened and the period fell from 60 s to 2 s) has had no time to miss its polls.
 */
export function pollingStopped(record: FeedPollingRecord, lastPollAt: string | null, now: Date): PollingStopped | null {
  const limit = Math.max(STOPPED_AFTER_PERIODS * record.periodSeconds, STOPPED_AFTER_MIN_SECONDS);
  const quiet = Math.min(lastPollAt === null ? Number.POSITIVE_INFINITY : secondsSince(lastPollAt, now), secondsSince(record.periodSince, now));
  if (quiet <= limit) return null;
  const noPollForSeconds = Math.round(lastPollAt === null ? quiet : secondsSince(lastPollAt, now));
  return {
    noPollForSeconds,
    periods: Math.floor(noPollForSeconds / record.periodSeconds),
    suspect: secondsSince(record.recordedAt, now) > limit ? 'scheduler' : 'worker',
  };
}
