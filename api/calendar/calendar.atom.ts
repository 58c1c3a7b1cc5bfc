import type { ApiCalendarEntry } from '../../schema/api/types.ts';
import { atomFeed } from '../../schema/feeds/feed.render.ts';
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
  return atomFeed({
    id: 'urn:ipo-research:calendar',
    title: 'IPO research: lock-up and quiet-period expiries',
    selfHref: base + selfPath,
    updated: asOf,
    entries: entries.map((e) => ({
      id: calendarEntryId(e.id),
      title: `${e.expiryDate}: ${entryTitle(e)}`,
      link: { type: 'application/json', href: `${base}/api/v1/companies/${e.cik}` },
      updated: `${e.expiryDate}T00:00:00Z`,
      category: e.kind,
      summary: e.description,
    })),
  });
}
