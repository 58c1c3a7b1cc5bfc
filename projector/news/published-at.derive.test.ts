import { describe, expect, it } from 'vitest';
import { readSample } from '../common/sample.testkit.ts';
import { realNewsRecords } from './news.testkit.ts';
import { dateKnown, earlierObservation, newsPublishedAt, publishedAtFromUrl } from './published-at.derive.ts';

/**
 * What data/sample/news/INDEX.md notes about each real record's URL: the full date its path shows,
 * or null where it shows none, only a year and month ("URL slug 2014-6", "/2018/07/"), or an id.
 */
const URL_DATES: Record<string, string | null> = {
  'twitter_01.json': '2013-11-06', // /story/2013/11/06/
  'twitter_02.json': null,
  'twitter_03.json': null,
  'twitter_04.json': null, // 113110700059: a 12-digit story id
  'twitter_05.json': null,
  'twitter_06.json': '2013-11-06', // /2013/11/06/
  'twitter_07.json': '2013-11-06', // -20131106-story.html
  'snap_08.json': '2017-03-02', // /2017/03/02/
  'snap_09.json': null,
  'snap_10.json': null, // articleshow/57433388: an id
  'snap_11.json': null,
  'snap_12.json': null,
  'gopro_13.json': '2014-06-26', // /2014/jun/26/
  'gopro_14.json': null,
  'gopro_15.json': null, // slug 2014-6: year and month only
  'gopro_16.json': null, // amp_articleshow/49762004: an id
  'gopro_17.json': '2014-10-02', // /20141002/
  'gopro_18.json': '2014-10-03', // /2014/10/03/
  'pinterest_19.json': null, // slug 2019-4: year and month only
  'pinduoduo_20.json': null, // /2018/07/: year and month only
};

describe('publishedAtFromUrl on the 20 real news URLs', () => {
  const records = realNewsRecords();

  it('covers every record of the sample', () => {
    expect(records.map((r) => r.file).sort()).toEqual(Object.keys(URL_DATES).sort());
  });

  it.each(Object.entries(URL_DATES))('%s → %s', (file, date) => {
    const { article } = records.find((r) => r.file === file)!;
    expect(publishedAtFromUrl(article.url)).toBe(date === null ? null : `${date}T00:00:00.000Z`);
  });

  it('agrees with every "URL path/slug date" note of INDEX.md', () => {
    const rows = readSample('news/INDEX.md').split('\n').filter((l) => /^\| \w+_\d+\.json \|/.test(l));
    expect(rows).toHaveLength(20);
    for (const row of rows) {
      const file = row.split('|')[1].trim();
      const note = /URL (?:path|slug) date (\d{4})-?(\d{2})-?(\d{2})/.exec(row);
      expect(URL_DATES[file], file).toBe(note ? `${note[1]}-${note[2]}-${note[3]}` : null);
    }
  });

  it('reads neither the host nor the query string, and refuses two different dates', () => {
    const gopro = records.find((r) => r.file === 'gopro_15.json')!.article.url;
    // The real URL's query string carries no date; a date moved there from a real path must not count.
    expect(publishedAtFromUrl(`${gopro}&from=/2014/06/26/`)).toBeNull();
    const twitter = records.find((r) => r.file === 'twitter_07.json')!.article.url;
    const snap = records.find((r) => r.file === 'snap_08.json')!.article.url;
    expect(publishedAtFromUrl(`${snap}/${new URL(twitter).pathname.split('/').pop()}`)).toBeNull();
    expect(publishedAtFromUrl('not a url')).toBeNull();
  });

  it('reads a YYYY-MM-DD (or YYYY_MM_DD) date in a slug as it reads YYYYMMDD, and nothing shorter', () => {
    const twitter = records.find((r) => r.file === 'twitter_07.json')!.article.url;
    const written = (date: string) => publishedAtFromUrl(twitter.replace('20131106', date));
    for (const date of ['20131106', '2013-11-06', '2013_11_06']) expect(written(date), date).toBe('2013-11-06T00:00:00.000Z');
    // A year and month, one-digit parts, mixed separators, a day that does not exist: no date.
    for (const date of ['2013-11', '2013-11-6', '2013-1-06', '2013-11_06', '2013-02-30', '1989-11-06']) expect(written(date), date).toBeNull();
  });
});

describe('newsPublishedAt', () => {
  const FIRST_SEEN = '2026-02-02T09:30:00Z';

  it("serves the provider's date where it gave one, else the URL's, else the first observation: all 20 records are dated", () => {
    const dated = realNewsRecords().map((r) => ({ file: r.file, ...newsPublishedAt(r.article, FIRST_SEEN) }));
    expect(dated.filter((d) => d.source === 'provider').map((d) => [d.file, d.publishedAt])).toEqual([
      ['pinduoduo_20.json', '2018-07-28T00:00:00.000Z'],
      ['snap_11.json', '2017-03-02T00:00:00.000Z'],
      ['snap_12.json', '2017-03-01T00:00:00.000Z'],
    ]);
    expect(dated.filter((d) => d.source === 'url_path').map((d) => d.file)).toEqual(
      Object.entries(URL_DATES).filter(([, date]) => date !== null).map(([file]) => file).sort(),
    );
    // Neither a provider date nor a full date in the path: the time the service first saw the record.
    expect(dated.filter((d) => d.source === 'first_seen').map((d) => [d.file, d.publishedAt])).toEqual(
      [
        'gopro_14.json', 'gopro_15.json', 'gopro_16.json', 'pinterest_19.json', 'snap_09.json', 'snap_10.json',
        'twitter_02.json', 'twitter_03.json', 'twitter_04.json', 'twitter_05.json',
      ].map((file) => [file, '2026-02-02T09:30:00.000Z']),
    );
    expect(dated).toHaveLength(20);
    // Only the first observation leaves the publication date unknown.
    expect(dated.filter((d) => !dateKnown(d.source))).toHaveLength(10);
    expect(dated.filter((d) => dateKnown(d.source)).every((d) => d.publishedAt < '2019-01-01')).toBe(true);
  });

  it('never lets the observation time override a provider or URL date', () => {
    const [early, late] = ['2000-01-01T00:00:00.000Z', '2099-01-01T00:00:00.000Z'];
    for (const r of realNewsRecords()) {
      const a = newsPublishedAt(r.article, early);
      const b = newsPublishedAt(r.article, late);
      expect(a.source, r.file).toBe(b.source);
      if (a.source !== 'first_seen') expect(a.publishedAt, r.file).toBe(b.publishedAt);
      else expect([a.publishedAt, b.publishedAt]).toEqual([early, late]);
    }
  });

  it('takes the earlier of two observations, whatever order they come in', () => {
    expect(earlierObservation('2026-02-02T00:00:00.000Z', '2026-01-05T12:00:00Z')).toBe('2026-01-05T12:00:00Z');
    expect(earlierObservation('2026-01-05T12:00:00Z', '2026-02-02T00:00:00.000Z')).toBe('2026-01-05T12:00:00Z');
  });
});
