/**
 * When a news article was published, for the served `publishedAt` (required by the API, and the
 * order of the news list).
 *
 * Rule (quotable in the API documentation): when the news provider gives no publication time, the
 * article's `publishedAt` is taken from an unambiguous full calendar date — year, month and day — in
 * the path of its URL (`/2014/10/03/`, `/2014/jun/26/`, a standalone `20141002` or `2013-11-06`),
 * served as midnight UTC of that date; a year and month alone (`-2014-6`, `/2018/07/`), a date in the
 * host name or query string, or two different dates in one path never count.
 *
 * Publishers put the date in the path in three shapes, and all are read: three consecutive path
 * segments year / month (number or English name) / day; an eight-digit YYYYMMDD number; and
 * YYYY-MM-DD (or YYYY_MM_DD) with two-digit month and day. The last two stand alone in a segment or
 * in a slug, bounded by non-digits. Article ids are digit runs too ("49762004", "113110700059"), so a
 * run counts only at exactly eight digits, and every shape needs a year from 1990 to 2099 and a real
 * calendar day.
 *
 * An article dated by neither has no known publication date. It is still served, under the time the
 * service first observed it (the `observedAt` of the earliest `news.article` event carrying its URL),
 * marked `first_seen`: an upper bound on the publication time, not the publication time. It comes
 * from the event log, so a rebuild reproduces it; the news list orders such items after every dated
 * one (see `dateKnown`), so an old story first seen today never reads as today's news.
 */
import type { NewsDateSource } from '../../schema/api/vocabulary.ts';

export type PublishedAtSource = NewsDateSource;

export interface PublishedAt {
  /** ISO-8601 timestamp (UTC, milliseconds). */
  publishedAt: string;
  source: PublishedAtSource;
}

/**
 * The provider's own date when it parses, else the URL path's full date, else `firstSeenAt` (the
 * earliest observation of the article; an ISO-8601 timestamp).
 */
export function newsPublishedAt(article: { publishedAt: string | null; url: string }, firstSeenAt: string): PublishedAt {
  const provided = isoTimestamp(article.publishedAt);
  if (provided) return { publishedAt: provided, source: 'provider' };
  const fromUrl = publishedAtFromUrl(article.url);
  if (fromUrl) return { publishedAt: fromUrl, source: 'url_path' };
  const seen = isoTimestamp(firstSeenAt);
  if (!seen) throw new Error(`first observation time is not a timestamp: ${firstSeenAt}`);
  return { publishedAt: seen, source: 'first_seen' };
}

/** Whether the publication date is known (`first_seen` holds only an upper bound on it). */
export function dateKnown(source: PublishedAtSource): boolean {
  return source !== 'first_seen';
}

/** The earlier of two ISO-8601 observation times (the first time an article was seen). */
export function earlierObservation(a: string, b: string): string {
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

/** Midnight UTC of the one full date in the URL's path (see the rule above), or null. */
export function publishedAtFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const segments = path.split('/').filter((s) => s !== '');
  const found = new Set<string>();
  for (let i = 0; i + 2 < segments.length; i++) {
    const date = calendarDate(segments[i], segments[i + 1], segments[i + 2]);
    if (date) found.add(date);
  }
  for (const segment of segments) {
    for (const m of segment.matchAll(/(?<!\d)(\d{4})([-_]?)(\d{2})\2(\d{2})(?!\d)/g)) {
      const date = calendarDate(m[1], m[3], m[4]);
      if (date) found.add(date);
    }
  }
  return found.size === 1 ? `${[...found][0]}T00:00:00.000Z` : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
];

/** YYYY-MM-DD when the three parts name a real day of a year 1990–2099, else null. */
function calendarDate(yearText: string, monthText: string, dayText: string): string | null {
  if (!/^\d{4}$/.test(yearText) || !/^\d{1,2}$/.test(dayText)) return null;
  const year = Number(yearText);
  if (year < 1990 || year > 2099) return null;
  const month = monthNumber(monthText);
  const day = Number(dayText);
  if (month === null || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function monthNumber(text: string): number | null {
  if (/^\d{1,2}$/.test(text)) {
    const n = Number(text);
    return n >= 1 && n <= 12 ? n : null;
  }
  const lower = text.toLowerCase();
  const index = lower === 'sept' ? 8 : MONTHS.indexOf(lower) >= 0 ? MONTHS.indexOf(lower) : MONTH_NAMES.indexOf(lower);
  return index >= 0 ? index + 1 : null;
}

function isoTimestamp(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
