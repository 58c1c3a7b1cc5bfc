import { describe, expect, it } from 'vitest';
import { jobId, validateJob } from '../ingest/index.ts';
import { feedPollPeriodMs, nextPollSlot } from '../scripts/commands/feed-poll.ts';
import { currentFeedJob, FOLLOW_FORMS } from '../scripts/commands/schedule.ts';

describe('the scheduler’s latest-filings poll', () => {
  it('reads back 30 minutes, to the minute, so two polls in the same minute are one job', () => {
    const poll = currentFeedJob(new Date('2026-01-12T16:43:27.123Z'));
    expect(poll).toEqual({ name: 'edgar.current_feed', data: { since: '2026-01-12T16:13:00.000Z' } });
    expect(validateJob(poll)).toEqual(poll);
    expect(jobId(currentFeedJob(new Date('2026-01-12T16:43:59.999Z')))).toBe(jobId(poll));
    expect(jobId(currentFeedJob(new Date('2026-01-12T16:53:27.123Z')))).not.toBe(jobId(poll));
  });

  it('follows the same forms as the daily discovery', () => {
    expect(FOLLOW_FORMS).toEqual(expect.arrayContaining(['S-1', 'F-1/A', 'DRS', 'EFFECT', 'RW', '424B4', '25-NSE']));
    expect(FOLLOW_FORMS).not.toContain('424B2');
  });
});

describe('polling in time slots', () => {
  const poll = { openSeconds: 2, closedSeconds: 60 };
  // Monday 2026-01-12, 11:43:27 EST: EDGAR is open.
  const open = Date.parse('2026-01-12T16:43:27.123Z');

  it('gives every 2-second slot its own job, the same for any instant in it', () => {
    const slot = currentFeedJob(new Date(open), 2000);
    expect(slot).toEqual({ name: 'edgar.current_feed', data: { since: '2026-01-12T16:13:26.000Z' } });
    expect(jobId(currentFeedJob(new Date(open + 876), 2000))).toBe(jobId(slot));
    expect(jobId(currentFeedJob(new Date(open + 877), 2000))).not.toBe(jobId(slot));
  });

  it('polls every FEED_POLL_SECONDS in EDGAR’s hours and every FEED_POLL_CLOSED_SECONDS outside, from slot starts', () => {
    expect(feedPollPeriodMs(new Date(open), poll)).toBe(2000);
    expect(nextPollSlot(open, poll)).toEqual({ at: Date.parse('2026-01-12T16:43:28.000Z'), periodMs: 2000 });
    // On a slot start, the next slot.
    expect(nextPollSlot(Date.parse('2026-01-12T16:43:28.000Z'), poll).at).toBe(Date.parse('2026-01-12T16:43:30.000Z'));
    // Saturday: once a minute, on the minute.
    const saturday = Date.parse('2026-01-10T16:43:27.123Z');
    expect(nextPollSlot(saturday, poll)).toEqual({ at: Date.parse('2026-01-10T16:44:00.000Z'), periodMs: 60_000 });
    // 05:59:30 EST: the next slot is 06:00, and from there the slots are 2 s apart.
    const dawn = nextPollSlot(Date.parse('2026-01-12T10:59:30.000Z'), poll);
    expect(dawn.at).toBe(Date.parse('2026-01-12T11:00:00.000Z'));
    expect(nextPollSlot(dawn.at, poll).at).toBe(Date.parse('2026-01-12T11:00:02.000Z'));
    // 21:59:59 EST: the last 2-s slot is 22:00, then minute slots.
    expect(nextPollSlot(Date.parse('2026-01-13T02:59:59.000Z'), poll).at).toBe(Date.parse('2026-01-13T03:00:00.000Z'));
    expect(nextPollSlot(Date.parse('2026-01-13T03:00:00.000Z'), poll).at).toBe(Date.parse('2026-01-13T03:01:00.000Z'));
  });
});
