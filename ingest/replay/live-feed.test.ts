import { describe, expect, it } from 'vitest';
import { parseSubmissions } from '../../schema/edgar/submissions.parse.ts';
import { IPO_SUBMISSIONS, sampleSubmissions } from '../../scripts/demo.ts';
import { createLiveFeed, type LiveFeed } from './live-feed.ts';

/** The submissions file the live feed serves for `cik` (10 digits) now, parsed. */
function served(feed: LiveFeed, cik: string) {
  const answer = feed.answer({ host: 'data', path: `/submissions/CIK${cik}.json`, query: new URLSearchParams(), headers: {} });
  expect(answer?.status).toBe(200);
  return parseSubmissions(answer!.body);
}

/** Reveals filings until the one accepted last on `day` (YYYY-MM-DD) is on the feed. */
function revealThrough(feed: LiveFeed, day: string): void {
  while (feed.revealed < feed.filings.length && feed.filings[feed.revealed].filedOn <= day) feed.reveal();
}

describe('the live feed serves each company’s submissions as they read then', () => {
  it('while the feed is at March 2020, Vincerx reads as LifeSci Acquisition Corp., with none of its later names', () => {
    const feed = createLiveFeed({ submissions: IPO_SUBMISSIONS.map(sampleSubmissions) });
    revealThrough(feed, '2020-03-09');
    const { company, filings } = served(feed, '0001796129');
    expect(filings[0]).toMatchObject({ form: '424B4', filingDate: '2020-03-09' });
    expect(company).toMatchObject({ name: 'LifeSci Acquisition Corp.', formerNames: [], tickers: [], exchanges: [], sic: null, sicDescription: null });
  });

  it('while the feed is at March 2022, Solidion reads as the SPAC Nubia Brand International Corp., without its ticker STI or its SIC 3690', () => {
    const feed = createLiveFeed({ submissions: IPO_SUBMISSIONS.map(sampleSubmissions) });
    revealThrough(feed, '2022-03-14');
    const { company, filings } = served(feed, '0001881551');
    expect(filings[0]).toMatchObject({ form: '424B4', filingDate: '2022-03-14' });
    expect(company).toMatchObject({ name: 'Nubia Brand International Corp.', formerNames: [], tickers: [], exchanges: [], sic: null, sicDescription: null });
  });

  it('before a company’s first IPO filing is on the feed, it reads as it did just before that filing', () => {
    const feed = createLiveFeed({ submissions: IPO_SUBMISSIONS.map(sampleSubmissions) });
    const { company, filings } = served(feed, '0001881551');
    // Its filings before the S-1 of 2021-11-16 (a DRS of 2021-09-27, an UPLOAD), under the name it had.
    expect(filings.map((f) => `${f.form} ${f.filingDate}`)).toEqual(['UPLOAD 2021-10-06', 'DRS 2021-09-27']);
    expect(company).toMatchObject({ name: 'Nubia Brand International Corp.', tickers: [], sic: null });
  });
});
