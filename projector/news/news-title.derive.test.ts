import { describe, expect, it } from 'vitest';
import { realNewsRecords } from './news.testkit.ts';
import { newsTitle, urlSlug } from './news-title.derive.ts';

/** What each real record is served as: its own title, or (INDEX.md: "Titles are given only where the page opened with a clear headline") a labelled slug. */
const UNTITLED: Record<string, string> = {
  'twitter_03.json': 'Untitled article from NZ Herald; URL slug: "twitter sets ipo price now worth 18b"',
  // The story id and its "_1" page suffix are dropped; the price in the slug is kept.
  'twitter_04.json': 'Untitled article from Business Standard (PTI); URL slug: "twitter sets ipo price at usd 26"',
  'twitter_05.json': 'Untitled article from Business 2 Community; URL slug: "twitter decides ipo pricing 26 per share valuation 18 3b"',
  'snap_09.json': 'Untitled article from Amwal Al Ghad (source: CNBC); URL slug: "snap prices ipo at 17 a share above expected range cnbc"',
  // The slug, not the "articleshow" folder or the numeric id.
  'snap_10.json': 'Untitled article from Business Insider India; URL slug: "here comes the snapchat ipo"',
  'snap_11.json': 'Untitled article from WCCQ; URL slug: "your kids use snapchat so will you buy any shares"',
  // Letter case as the publisher wrote it; ".html" and the id dropped.
  'snap_12.json': 'Untitled article from NECN (source: CNBC); URL slug: "Snap IPO Set to Price at 17 Per Share Source"',
  'gopro_13.json': 'Untitled article from The Columbian; URL slug: "gopro shares soar in ipo"',
  // German as written; not the "72.258.606" id segment.
  'gopro_14.json': 'Untitled article from futurezone.at; URL slug: "actioncam anbieter gopro mit plus 30 prozent an boerse"',
  'gopro_18.json': 'Untitled article from Newsmax; URL slug: "gopro shares founders holdings"',
  // Quoted as a slug: INDEX.md notes the page is the price-range filing despite "prices ipo".
  'pinterest_19.json': 'Untitled article from Business Insider Singapore; URL slug: "initial public offering pinterest prices ipo below valuation 2019 4"',
};

describe('newsTitle on the 20 real records', () => {
  const records = realNewsRecords();

  it.each(records.map((r) => [r.file, r] as const))('%s', (file, r) => {
    const t = newsTitle(r.article);
    if (r.article.title !== null) {
      expect(t).toEqual({ title: r.article.title, source: 'provider' });
      expect(UNTITLED[file]).toBeUndefined();
    } else {
      expect(t).toEqual({ title: UNTITLED[file], source: 'untitled' });
    }
    expect(t.title.trim()).not.toBe('');
  });

  it('serves 9 provider titles and 11 labelled untitled records (no record has a description)', () => {
    const sources = records.map((r) => newsTitle(r.article).source);
    expect(sources.filter((s) => s === 'provider')).toHaveLength(9);
    expect(Object.keys(UNTITLED)).toHaveLength(11);
    expect(sources.filter((s) => s === 'untitled')).toHaveLength(Object.keys(UNTITLED).length);
    expect(records.every((r) => r.article.description === null)).toBe(true);
  });
});

describe('newsTitle rules', () => {
  const untitled = realNewsRecords().find((r) => r.file === 'twitter_03.json')!.article;

  it('takes the description as the headline of a record without a title, and treats a blank title as none', () => {
    const described = { ...untitled, title: '  ', description: 'Twitter prices its IPO\n at <b>$26</b> a share.' };
    expect(newsTitle(described)).toEqual({ title: 'Twitter prices its IPO at $26 a share.', source: 'description' });
    expect(newsTitle({ ...untitled, title: '' }).source).toBe('untitled');
    expect(newsTitle({ ...untitled, title: ' Twitter  sets IPO price ' })).toEqual({ title: 'Twitter sets IPO price', source: 'provider' });
  });

  it('labels a record with no slug by its source name alone, never with an empty string', () => {
    expect(newsTitle({ ...untitled, url: 'https://www.nzherald.co.nz/' })).toEqual({ title: 'Untitled article from NZ Herald', source: 'untitled' });
    expect(newsTitle({ ...untitled, url: 'https://www.nzherald.co.nz/', source: { name: ' ' } }).title).toBe('Untitled article from nzherald.co.nz');
    expect(urlSlug('https://example.invalid/12345678')).toBeNull();
    expect(urlSlug('not a url')).toBeNull();
  });
});
