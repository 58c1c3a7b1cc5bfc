import type { Redis } from 'ioredis';
import { job, type Job, type Logger } from '../../ingest/index.ts';
import type { Config } from '../../schema/config.ts';
import { isEdgarOpen } from '../../schema/edgar/edgar-day.ts';
import { feedPollingRecords, recordFeedPolling, type ScheduledSlot } from '../feed-polling.ts';

/** Each latest-filings poll reads back this far at most, so a late or missed poll loses nothing; the daily index covers longer gaps. */
export const FEED_LOOKBACK_MS = 30 * 60_000;

/**
 * The poll of the time slot `at` falls in: slots are `slotMs` long and counted from the epoch, so
 * every scheduler, whenever it started, names a slot alike, and a slot's poll is one job (its id
 * is its data's, and `since` moves with the slot). A one-minute slot when not told.
 */
export function currentFeedJob(at: Date, slotMs = 60_000): Job {
  const slot = Math.floor(at.getTime() / slotMs) * slotMs;
  return job('edgar.current_feed', { since: new Date(slot - FEED_LOOKBACK_MS).toISOString() });
}

/** Milliseconds between two polls at `at`: FEED_POLL_SECONDS in EDGAR's hours, FEED_POLL_CLOSED_SECONDS outside. */
export function feedPollPeriodMs(at: Date, poll: Config['feedPoll']): number {
  return (isEdgarOpen(at) ? poll.openSeconds : poll.closedSeconds) * 1000;
}

/** The first slot start after `afterMs`, in the period in force then (slots are multiples of it). */
export function nextPollSlot(afterMs: number, poll: Config['feedPoll']): { at: number; periodMs: number } {
  const periodMs = feedPollPeriodMs(new Date(afterMs), poll);
  return { at: (Math.floor(afterMs / periodMs) + 1) * periodMs, periodMs };
}

export interface FeedPollerDeps {
  poll: Config['feedPoll'];
  /** Hands one slot's poll job on (to the edgar queue, or the in-process runner). */
  dispatch: (poll: Job) => Promise<unknown>;
  /** Told each slot as it is scheduled (the scheduler records the period in force for `ipo status`). */
  onScheduled?: (slot: ScheduledSlot) => void;
  logger: Logger;
  now?: () => number;
}

export interface FeedPoller {
  /**
   * Ends the loop. A dispatch in flight is not waited for, as node-cron's tasks are not: without
   * Redis it is the poll itself, which may be retrying a silent EDGAR for a minute or more.
   */
  stop(): void;
}

/**
 * Polls the latest-filings feed once per time slot: a plain timer to the next slot's start, not a
 * cron schedule (node-cron counts in whole seconds at best and knows no holidays). A slot whose
 * dispatch is still running when the next one starts is skipped, so a stalled Redis or EDGAR never
 * piles polls up; a failed dispatch is reported and the next slot polls again.
 */
export function startFeedPoller(deps: FeedPollerDeps): FeedPoller {
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let lastSlot = 0;
  const schedule = () => {
    if (stopped) return;
    // Never the same slot twice, even when a timer fires a hair early.
    const next = nextPollSlot(Math.max(now(), lastSlot), deps.poll);
    lastSlot = next.at;
    deps.onScheduled?.(next);
    timer = setTimeout(() => void dispatchSlot(next.at, next.periodMs).finally(schedule), Math.max(0, next.at - now()));
  };
  const dispatchSlot = async (slot: number, periodMs: number) => {
    try {
      await deps.dispatch(currentFeedJob(new Date(slot), periodMs));
    } catch (error) {
      deps.logger.error('task failed', { task: 'latest-filings poll', slot: new Date(slot).toISOString(), error: (error as Error).message });
    }
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Records each scheduled slot's period in Redis (`ipo status` shows the scheduler's own period and
 * tells when its polls stop). Never in the way of polling: a Redis that does not answer is said
 * once, and the records it misses are lost.
 */
export function feedPollingRecorder(redis: Redis, key: string, logger: Logger, now: () => number = Date.now): (slot: ScheduledSlot) => void {
  const recordOf = feedPollingRecords();
  let warned = false;
  return (slot) => {
    recordFeedPolling(redis, key, recordOf(slot, now())).then(
      () => (warned = false),
      (error: Error) => {
        if (!warned) logger.warn('cannot record the feed poll period in Redis', { error: error.message });
        warned = true;
      },
    );
  };
}
