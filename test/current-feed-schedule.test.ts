import { describe, expect, it } from 'vitest';
import { jobId, validateJob } from '../ingest/index.ts';
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
