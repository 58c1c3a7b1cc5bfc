import { describe, expect, it } from 'vitest';
import { realNewsRecords } from './news.testkit.ts';
import { newsTitle, urlSlug } from './news-title.derive.ts';

/**
 * The URL slug words of each real record. INDEX.md: "Titles are given only where the page opened with
 * a clear headline (otherwise null)"; the 11 untitled records are the ones marked.
 */
const SLUGS: Record<string, { slug: string | null; untitled?: true }> = {
  'twitter_01.json': { slug: 'most of twitters principals get rich off ipo' },
  // The BBC's path names its section and a numeric id: the section is the only word.
  'twitter_02.json': { slug: 'business' },
  'twitter_03.json': { slug: 'twitter sets ipo price now worth 18b', untitled: true },
  // The story id and its "_1" page suffix are dropped; the price in the slug is kept.
  'twitter_04.json': { slug: 'twitter sets ipo price at usd 26', untitled: true },
  'twitter_05.json': { slug: 'twitter decides ipo pricing 26 per share valuation 18 3b', untitled: true },
  'twitter_06.json': { slug: 'twitter prices ipo at 26 per share' },
  'twitter_07.json': { slug: 'la fi tn twitter prices ipo 20131106 story' },
  'snap_08.json': { slug: 'snap prices ipo at 24 billion valuation' },
  'snap_09.json': { slug: 'snap prices ipo at 17 a share above expected range cnbc', untitled: true },
  // The slug, not the "articleshow" folder or the numeric id.
  'snap_10.json': { slug: 'here comes the snapchat ipo', untitled: true },
  'snap_11.json': { slug: 'your kids use snapchat so will you buy any shares', untitled: true },
  // Letter case as the publisher wrote it; ".html" and the id dropped.
  'snap_12.json': { slug: 'Snap IPO Set to Price at 17 Per Share Source', untitled: true },
  'gopro_13.json': { slug: 'gopro shares soar in ipo', untitled: true },
  // German as written; not the "72.258.606" id segment.
  'gopro_14.json': { slug: 'actioncam anbieter gopro mit plus 30 prozent an boerse', untitled: true },
  'gopro_15.json': { slug: 'gopro surging again after ipo 2014 6' },
  'gopro_16.json': { slug: 'gopro crashes below its ipo price' },
  'gopro_17.json': { slug: 'gopro shares slump after early ipo lockup break' },
  'gopro_18.json': { slug: 'gopro shares founders holdings', untitled: true },
  // INDEX.md: the page is the price-range filing despite "prices ipo": a slug is not a headline.
  'pinterest_19.json': { slug: 'initial public offering pinterest prices ipo below valuation 2019 4', untitled: true },
  'pinduoduo_20.json': { slug: 'pinduoduo announces pricing of initial' },
};

describe('newsTitle and urlSlug on the 20 real records', () => {
  const records = realNewsRecords();

  it('covers every record of the sample', () => {
    expect(records.map((r) => r.file).sort()).toEqual(Object.keys(SLUGS).sort());
  });

  it.each(records.map((r) => [r.file, r] as const))('%s', (file, r) => {
    const t = newsTitle(r.article);
    if (SLUGS[file].untitled) {
      // No headline is known: the flag says so and the title is empty, never a built sentence.
      expect(r.article.title).toBeNull();
      expect(t).toEqual({ title: '', source: 'untitled' });
    } else {
      expect(t).toEqual({ title: r.article.title, source: 'provider' });
      expect(t.title.trim()).not.toBe('');
    }
    expect(urlSlug(r.article.url)).toBe(SLUGS[file].slug);
  });

  it('flags the 11 records without a headline untitled, and keeps 9 provider titles', () => {
    const sources = records.map((r) => newsTitle(r.article).source);
    expect(sources.filter((s) => s === 'provider')).toHaveLength(9);
    expect(sources.filter((s) => s === 'untitled')).toHaveLength(11);
    // No record has a description, so a record without a title is untitled.
    expect(records.every((r) => r.article.description === null)).toBe(true);
    expect(records.filter((r) => r.article.title === null).map((r) => r.file).sort()).toEqual(
      Object.keys(SLUGS).filter((f) => SLUGS[f].untitled).sort(),
    );
  });
});

describe('newsTitle rules', () => {
  const untitled = realNewsRecords().find((r) => r.file === 'twitter_03.json')!.article;

  it('takes the description as the headline of a record without a title, and treats a blank title as none', () => {
    const described = { ...untitled, title: '  ', description: 'Twitter prices its IPO\n at <b>$26</b> a share.' };
    expect(newsTitle(described)).toEqual({ title: 'Twitter prices its IPO at $26 a share.', source: 'description' });
    expect(newsTitle({ ...untitled, title: '' })).toEqual({ title: '', source: 'untitled' });
    expect(newsTitle({ ...untitled, title: null, description: ' <p> </p> ' })).toEqual({ title: '', source: 'untitled' });
    expect(newsTitle({ ...untitled, title: ' Twitter  sets IPO price ' })).toEqual({ title: 'Twitter sets IPO price', source: 'provider' });
  });

  it('finds no slug in a bare host, a digits-only path or a malformed URL', () => {
    expect(urlSlug('https://www.nzherald.co.nz/')).toBeNull();
    expect(urlSlug('https://example.invalid/12345678')).toBeNull();
    expect(urlSlug('not a url')).toBeNull();
  });
});
