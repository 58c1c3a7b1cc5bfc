import { describe, expect, it } from 'vitest';
import { summariseFeedLag, type FeedServedRecord } from './feed-freshness.ts';

const record = (accessionNumber: string, seenAt: string, servedAt: string): FeedServedRecord => ({ accessionNumber, cik: '0001766140', formType: 'S-1/A', seenAt, servedAt });

describe('feed-to-API lags', () => {
  it('summarises from the poll that listed a filing to the batch that served it, the newest first', () => {
    const records = [
      record('0001213900-21-037371', '2021-07-12T20:00:00.000Z', '2021-07-12T20:00:00.400Z'),
      record('0001213900-21-035033', '2021-06-30T20:00:00.000Z', '2021-06-30T20:00:02.500Z'),
      record('0001213900-21-033186', '2021-06-21T20:00:00.000Z', '2021-06-21T20:00:00.900Z'),
    ];
    expect(summariseFeedLag(records)).toEqual({
      filings: 3,
      p50Ms: 900,
      p95Ms: 2500,
      maxMs: 2500,
      latest: { ...records[0], lagMs: 400 },
    });
    expect(summariseFeedLag([])).toBeNull();
  });
});
