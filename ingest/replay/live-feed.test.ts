import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSubmissions } from '../../schema/edgar/submissions.parse.ts';
import { createLiveFeed, type LiveFeed } from './live-feed.ts';

const EDGAR = join(import.meta.dirname, '../../data/sample/edgar');
const read = (file: string) => {
  const bytes = readFileSync(join(EDGAR, file));
  return file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
};
/** The six companies `ipo replay --live-feed` puts on its feed (scripts/demo.ts, IPO_SUBMISSIONS). */
const SUBMISSIONS = [
  'CIK0001158114_applied-optoelectronics.json.gz', 'CIK0001796129_vincerx.json', 'CIK0001677077_alzamend.json',
  'CIK0001766140_unicycive.json', 'CIK0001847577_learncw-spac.json', 'CIK0001881551_solidion.json',
].map((file) => read(`submissions/${file}`));
const sampleCompanyTickers = () => read('company_tickers.json.gz');

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
    const feed = createLiveFeed({ submissions: SUBMISSIONS });
    revealThrough(feed, '2020-03-09');
    const { company, filings } = served(feed, '0001796129');
    expect(filings[0]).toMatchObject({ form: '424B4', filingDate: '2020-03-09' });
    expect(company).toMatchObject({ name: 'LifeSci Acquisition Corp.', formerNames: [], tickers: [], exchanges: [], sic: null, sicDescription: null });
  });

  it('while the feed is at March 2022, Solidion reads as the SPAC Nubia Brand International Corp., without its ticker STI or its SIC 3690', () => {
    const feed = createLiveFeed({ submissions: SUBMISSIONS });
    revealThrough(feed, '2022-03-14');
    const { company, filings } = served(feed, '0001881551');
    expect(filings[0]).toMatchObject({ form: '424B4', filingDate: '2022-03-14' });
    expect(company).toMatchObject({ name: 'Nubia Brand International Corp.', formerNames: [], tickers: [], exchanges: [], sic: null, sicDescription: null });
  });

  it('before a company’s first IPO filing is on the feed, it reads as it did just before that filing', () => {
    const feed = createLiveFeed({ submissions: SUBMISSIONS });
    const { company, filings } = served(feed, '0001881551');
    // Its filings before the S-1 of 2021-11-16 (a DRS of 2021-09-27, an UPLOAD), under the name it had.
    expect(filings.map((f) => `${f.form} ${f.filingDate}`)).toEqual(['UPLOAD 2021-10-06', 'DRS 2021-09-27']);
    expect(company).toMatchObject({ name: 'Nubia Brand International Corp.', tickers: [], sic: null });
  });
});

describe('the live feed’s company_tickers.json', () => {
  const rowsOf = (feed: LiveFeed) => {
    const answer = feed.answer({ host: 'www', path: '/files/company_tickers.json', query: new URLSearchParams(), headers: {} });
    expect(answer?.status).toBe(200);
    return JSON.parse(String(answer!.body)) as Record<string, { cik_str: number; ticker: string; title: string }>;
  };

  it('leaves out the tickers of the companies renamed since (Solidion’s STI, Vincerx’s VINC), keeps the others, numbered from 0', () => {
    const recorded = sampleCompanyTickers();
    const feed = createLiveFeed({ submissions: SUBMISSIONS, companyTickers: recorded });
    revealThrough(feed, '2022-03-14');
    const rows = rowsOf(feed);
    const all = Object.values(JSON.parse(recorded.toString('utf8')) as Record<string, { cik_str: number; ticker: string }>);
    const tickers = Object.values(rows).map((r) => r.ticker);
    expect(all.map((r) => r.ticker)).toEqual(expect.arrayContaining(['STI', 'VINC']));
    expect(tickers).not.toContain('STI');
    expect(tickers).not.toContain('VINC');
    expect(tickers).toEqual(expect.arrayContaining(['ALZN', 'UNCY', 'AAOI', 'LCW', 'MSFT']));
    expect(Object.keys(rows)).toEqual(Object.values(rows).map((_, i) => String(i)));
    expect(Object.values(rows)).toEqual(all.filter((r) => r.cik_str !== 1881551 && r.cik_str !== 1796129));
  });

  it('is left to the recording when the feed is not given it', () => {
    const feed = createLiveFeed({ submissions: SUBMISSIONS });
    expect(feed.answer({ host: 'www', path: '/files/company_tickers.json', query: new URLSearchParams(), headers: {} })).toBeNull();
  });
});
