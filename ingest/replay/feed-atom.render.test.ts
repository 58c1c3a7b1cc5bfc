import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCurrentFeed } from '../../schema/edgar/current-feed.parse.ts';
import { easternTimestamp, edgarSize, renderFeedEntry, renderFeedPage, type FeedEntryRecord } from './feed-atom.render.ts';

const FEEDS = join(import.meta.dirname, '../../data/sample/edgar/feeds');
const recorded = (name: string) => readFileSync(join(FEEDS, `getcurrent_2026-01-12T${name}.atom.xml`)).toString('latin1');

/** The recorded entries as text, with the fields a renderer is given, read back by the feed parser. */
function recordedEntries(page: string): Array<{ text: string; record: FeedEntryRecord }> {
  const texts = page.match(/<entry>\n[\s\S]*?<\/entry>\n/g) ?? [];
  const parsed = parseCurrentFeed(page).entries;
  return texts.map((text, i) => {
    const e = parsed[i];
    const size = /&lt;b&gt;Size:&lt;\/b&gt; (\d+(?: [KM]B)?)\n/.exec(text)![1];
    return { text, record: { accessionNumber: e.accessionNumber, formType: e.formType, cik: e.cik, companyName: e.companyName, role: e.role!, filedOn: e.filedOn, acceptedAt: e.updated!, size } };
  });
}

describe('the stand-in feed speaks EDGAR’s Atom', () => {
  it('renders the recorded entries byte for byte from their fields (all but those with item lines or a film number)', () => {
    const entries = ['112850_start0000', '112900_start3500', '112903_start4300'].flatMap((page) => recordedEntries(recorded(page)));
    const plain = entries.filter((e) => !e.text.includes('&lt;br&gt;') && !e.text.includes('Film#'));
    // Names with &amp; and &#39;, S-1/A, EFFECT, 25-NSE and Form 4 parties among them.
    expect(plain.length).toBeGreaterThan(200);
    for (const { text, record } of plain) expect(renderFeedEntry(record), record.accessionNumber).toBe(text);
    expect(plain.map((e) => e.record.companyName)).toEqual(expect.arrayContaining(['TG-17, Inc.', 'JPMORGAN CHASE & CO']));
  });

  it('renders the page header as EDGAR built it at 11:28:50 EST, and the parser reads the page back', () => {
    const page = recorded('112850_start0000');
    const built = renderFeedPage([], new Date('2026-01-12T16:28:50Z')).toString('latin1');
    expect(built).toBe(`${page.slice(0, page.indexOf('<entry>'))}</feed>\n`);
    const records = recordedEntries(page).map((e) => e.record);
    const reread = parseCurrentFeed(renderFeedPage(records, new Date('2026-01-12T16:28:50Z')));
    expect(reread.malformed).toEqual([]);
    expect(reread.entries).toEqual(parseCurrentFeed(page).entries);
  });

  it('writes acceptance instants in US/Eastern with their offset, winter and summer', () => {
    expect(easternTimestamp(new Date('2022-03-11T05:15:10.000Z'))).toBe('2022-03-11T00:15:10-05:00');
    expect(easternTimestamp(new Date('2021-07-14T20:31:02.000Z'))).toBe('2021-07-14T16:31:02-04:00');
  });

  it('writes sizes in whole KB or MB, rounded down: the EFFECT notices of the submissions files read 1 KB, as on the feed', () => {
    // Solidion's EFFECT notices (submissions `size`), and 1 KB on each of the 15 recorded EFFECT entries.
    expect([1647, 1885, 1892].map(edgarSize)).toEqual(['1 KB', '1 KB', '1 KB']);
    const effects = recordedEntries(recorded('112903_start4300')).filter((e) => e.record.formType === 'EFFECT');
    expect(effects.filter((e) => e.record.size === '1 KB')).toHaveLength(14);
    expect(effects).toHaveLength(15);
    expect(edgarSize(948)).toBe('948');
    expect(edgarSize(4_532_544)).toBe('4 MB');
    expect(edgarSize(57_877)).toBe('56 KB');
  });
});
