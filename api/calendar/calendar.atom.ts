import type { ApiCalendarEntry } from '../../schema/api/types.ts';
import { escapeXml } from '../../schema/feeds/feed.render.ts';
import { entryTitle } from './calendar.mapper.ts';

/** Atom id of an entry: a URN from the entry id alone, so it survives a change of host. */
export const calendarEntryId = (entryId: string) => `urn:ipo-research:calendar:${entryId}`;

/**
 * Atom 1.0 (RFC 4287) of calendar entries, in the calendar's order (expiry date, earliest first).
 * An entry's `updated` is its expiry date (midnight UTC): a reader sorting by it sees the calendar;
 * the feed's `updated` is the projection's as-of instant, so equal data gives equal bytes. Entries
 * link to the company on this service's API (`alternate`); the summary is the entry's description.
 */
export function renderCalendarAtom(entries: readonly ApiCalendarEntry[], asOf: string, base: string, selfPath: string): string {
  const items = entries.map((e) =>
    [
      '  <entry>',
      `    <id>${escapeXml(calendarEntryId(e.id))}</id>`,
      `    <title>${escapeXml(`${e.expiryDate}: ${entryTitle(e)}`)}</title>`,
      `    <link rel="alternate" type="application/json" href="${escapeXml(`${base}/api/v1/companies/${e.cik}`)}"/>`,
      `    <updated>${e.expiryDate}T00:00:00Z</updated>`,
      `    <category term="${escapeXml(e.kind)}"/>`,
      `    <summary>${escapeXml(e.description)}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    '  <id>urn:ipo-research:calendar</id>',
    '  <title>IPO research: lock-up and quiet-period expiries</title>',
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(base + selfPath)}"/>`,
    `  <updated>${escapeXml(asOf)}</updated>`,
    '  <author><name>ipo-research</name></author>',
    ...items,
    '</feed>',
    '',
  ].join('\n');
}
