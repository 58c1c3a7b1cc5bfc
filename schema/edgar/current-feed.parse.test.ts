import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CurrentFeedParseError, parseCurrentFeed } from './current-feed.parse.ts';

const FEEDS = join(import.meta.dirname, '../../data/sample/edgar/feeds');
const feed = (start: string) => readFileSync(join(FEEDS, `getcurrent_2026-01-12T${start}.atom.xml`));

describe('parseCurrentFeed on three real pages of the latest-filings feed (2026-01-12)', () => {
  const first = parseCurrentFeed(feed('112850_start0000'));
  const middle = parseCurrentFeed(feed('112900_start3500'));
  const deep = parseCurrentFeed(feed('112903_start4300'));

  it('reads every entry and folds them into one filing per accession', () => {
    expect([first, middle, deep].map((p) => [p.entries.length, p.filings.length, p.malformed.length])).toEqual([
      [100, 73, 0],
      [100, 73, 0],
      [100, 62, 0],
    ]);
    expect(first.updated).toBe('2026-01-12T11:28:50-05:00');
    for (const parsed of [first, middle, deep]) {
      const accessions = parsed.filings.map((f) => f.accessionNumber);
      expect(new Set(accessions).size).toBe(accessions.length);
      expect(new Set(parsed.entries.map((e) => e.accessionNumber))).toEqual(new Set(accessions));
    }
    // Every entry is a party of its filing, except one the feed repeats word for word (ProShares' 485BXT).
    expect([first, middle, deep].map((p) => p.entries.length - p.filings.reduce((n, f) => n + f.parties.length, 0))).toEqual([0, 1, 0]);
    expect(middle.entries.filter((e) => e.accessionNumber === '0001193125-26-008615')).toHaveLength(2);
    expect(middle.filings.find((f) => f.accessionNumber === '0001193125-26-008615')!.parties).toEqual([{ cik: '0001174610', companyName: 'PROSHARES TRUST', role: 'Filer' }]);
  });

  it('reads the S-1/A of TG-17, Inc. with its filer, dates and index page', () => {
    expect(first.filings.find((f) => f.formType === 'S-1/A')).toEqual({
      accessionNumber: '0001493152-26-001260',
      formType: 'S-1/A',
      filedOn: '2026-01-12',
      updated: '2026-01-12T11:23:00-05:00',
      filingIndexUrl: 'https://www.sec.gov/Archives/edgar/data/1756064/000149315226001260/0001493152-26-001260-index.htm',
      parties: [{ cik: '0001756064', companyName: 'TG-17, Inc.', role: 'Filer' }],
    });
  });

  it('keeps both parties of a 25-NSE: the fund delisted (Subject) and the exchange (Filed by)', () => {
    const delistings = first.filings.filter((f) => f.formType === '25-NSE');
    expect(first.entries.filter((e) => e.formType === '25-NSE')).toHaveLength(4);
    expect(delistings.map((f) => [f.accessionNumber, f.parties.map((p) => `${p.cik} ${p.role}`)])).toEqual([
      ['0000876661-26-000040', ['0000885732 Subject', '0000876661 Filed by']],
      ['0000876661-26-000038', ['0000885731 Subject', '0000876661 Filed by']],
    ]);
    expect(delistings[1].parties[0].companyName).toBe('NUVEEN NEW YORK SELECT TAX -FREE INCOME PORTFOLIO');
  });

  it('reads the RW of Blue Star Foods Corp. and the F-1/A of AM PM Group Ltd', () => {
    const byForm = (form: string) => middle.filings.filter((f) => f.formType === form).map((f) => [f.accessionNumber, f.parties[0].cik, f.parties[0].companyName, f.filedOn]);
    expect(byForm('RW')).toEqual([['0001493152-26-001057', '0001730773', 'Blue Star Foods Corp.', '2026-01-09']]);
    expect(byForm('F-1/A')).toEqual([['0001213900-26-002815', '0002049323', 'AM PM Group Ltd', '2026-01-09']]);
  });

  it('reads the 15 EFFECT notices the SEC disseminated after midnight with the previous day as filing date', () => {
    const notices = deep.filings.filter((f) => f.formType === 'EFFECT');
    expect(notices).toHaveLength(15);
    expect(notices.every((f) => f.accessionNumber.startsWith('9999999995-26-') && f.filedOn === '2026-01-08' && f.updated!.startsWith('2026-01-09T00:15'))).toBe(true);
    expect(notices.map((f) => f.parties[0].companyName)).toContain('Mersana Therapeutics, Inc.');
  });

  it('names form types with spaces and roles beyond Filer (SCHEDULE 13D/A: Subject and Filed by)', () => {
    const schedule = first.filings.find((f) => f.formType === 'SCHEDULE 13D/A')!;
    expect(schedule.parties.map((p) => p.role).sort()).toEqual(['Filed by', 'Subject']);
    expect(new Set(first.entries.map((e) => e.role))).toEqual(new Set(['Filer', 'Reporting', 'Issuer', 'Subject', 'Filed by']));
  });

  it('reports an entry it cannot read instead of guessing, and refuses a page that is not a feed', () => {
    const text = feed('112850_start0000').toString('latin1');
    const withoutSummary = text.replace(/<summary type="html">[^<]*?AccNo:&lt;\/b&gt; 0002074440-26-000002[^<]*<\/summary>/, '');
    const parsed = parseCurrentFeed(withoutSummary);
    expect(parsed.malformed).toEqual([{ index: 0, title: '13F-HR - Ryan Investment Management, Inc. (0002074440) (Filer)', reason: 'no "Filed:" date in the summary' }]);
    expect(parsed.entries).toHaveLength(99);
    expect(() => parseCurrentFeed('<html><body>Not Found</body></html>')).toThrow(CurrentFeedParseError);
  });
});
