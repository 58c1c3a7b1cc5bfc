import { describe, expect, it } from 'vitest';
import { feedPollingRecords, pollingStopped, type FeedPollingRecord } from './feed-polling.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();
const record = (periodSeconds: number, sinceSecondsAgo: number, recordedSecondsAgo: number): FeedPollingRecord => ({
  periodSeconds,
  periodSince: ago(sinceSecondsAgo),
  recordedAt: ago(recordedSecondsAgo),
  nextPollAt: ago(recordedSecondsAgo - periodSeconds),
});

describe('whether feed polling looks stopped', () => {
  it('after 3 periods without a poll, never before 10 s', () => {
    expect(pollingStopped(record(2, 3600, 1), ago(9.9), NOW)).toBeNull();
    expect(pollingStopped(record(2, 3600, 1), ago(11), NOW)).toEqual({ noPollForSeconds: 11, periods: 5, suspect: 'worker' });
    expect(pollingStopped(record(60, 3600, 30), ago(179), NOW)).toBeNull();
    expect(pollingStopped(record(60, 3600, 30), ago(181), NOW)).toMatchObject({ periods: 3, suspect: 'worker' });
  });

  it('asks for the scheduler when its record is as stale as the polls, for the worker when it still schedules them', () => {
    expect(pollingStopped(record(2, 3600, 70), ago(72), NOW)).toEqual({ noPollForSeconds: 72, periods: 36, suspect: 'scheduler' });
    expect(pollingStopped(record(2, 3600, 1), ago(72), NOW)).toEqual({ noPollForSeconds: 72, periods: 36, suspect: 'worker' });
  });

  it('gives a period that just began its time: a scheduler just started, or EDGAR just opened (60 s to 2 s)', () => {
    expect(pollingStopped(record(2, 1, 1), ago(61), NOW)).toBeNull();
    expect(pollingStopped(record(2, 5, 1), null, NOW)).toBeNull();
    // Never polled since the period began 20 s ago.
    expect(pollingStopped(record(2, 20, 1), null, NOW)).toEqual({ noPollForSeconds: 20, periods: 10, suspect: 'worker' });
  });
});

describe('the records the scheduler writes', () => {
  it('keep when the period began across its slots, and start again when it changes', () => {
    const recordOf = feedPollingRecords();
    const t = Date.parse('2026-11-28T10:59:00.000Z');
    expect(recordOf({ at: t + 60_000, periodMs: 60_000 }, t)).toEqual({
      periodSeconds: 60,
      periodSince: '2026-11-28T10:59:00.000Z',
      recordedAt: '2026-11-28T10:59:00.000Z',
      nextPollAt: '2026-11-28T11:00:00.000Z',
    });
    expect(recordOf({ at: t + 120_000, periodMs: 60_000 }, t + 60_000).periodSince).toBe('2026-11-28T10:59:00.000Z');
    expect(recordOf({ at: t + 122_000, periodMs: 2_000 }, t + 120_000)).toMatchObject({ periodSeconds: 2, periodSince: '2026-11-28T11:01:00.000Z' });
  });
});
