import type { ApiCalendarEntry } from '../../schema/api/types.ts';
import { entryTitle } from './calendar.mapper.ts';

/**
 * iCalendar (RFC 5545) of calendar entries: one all-day VEVENT per entry on its expiry date. Lines
 * end in CRLF and are folded at 75 octets (a fold never splits a UTF-8 character); TEXT values
 * escape backslash, semicolon, comma and newlines. The UID is built from the entry id, so an
 * entry keeps its event across refreshes; DTSTAMP is the projection's as-of instant, so equal data
 * gives equal bytes.
 */
export function renderIcs(entries: readonly ApiCalendarEntry[], asOf: string): string {
  const stamp = icsStamp(asOf);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ipo-research//expiry calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText('IPO lock-up and quiet-period expiries')}`,
    // How often a subscribing application should fetch the file again (RFC 7986, and its common predecessor).
    'REFRESH-INTERVAL;VALUE=DURATION:P1D',
    'X-PUBLISHED-TTL:P1D',
    ...entries.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${escapeText(eventUid(e.id))}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${icsDate(e.expiryDate)}`,
      `DTEND;VALUE=DATE:${icsDate(nextDay(e.expiryDate))}`,
      `SUMMARY:${escapeText(entryTitle(e))}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `CATEGORIES:${escapeText(e.kind)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The UID of an entry's event: its id under this service's domain-like suffix. */
export const eventUid = (entryId: string) => `${entryId}@ipo-research`;

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped; a newline written as \n. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: a line longer than 75 octets continues on the next line after CRLF and one space.
 * A fold may fall anywhere, but not inside a character or an escape (`\,`): some readers unfold
 * before they unescape, and others do not.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let from = 0;
  let octets = 0;
  let i = 0;
  while (i < line.length) {
    // One unit: a character (a surrogate pair is one), or a backslash with the character it escapes.
    const first = codePointSize(line, i);
    const next = line[i] === '\\' && i + first.units < line.length ? codePointSize(line, i + first.units) : { units: 0, octets: 0 };
    const units = first.units + next.units;
    const size = first.octets + next.octets;
    // The first line holds 75 octets; a continuation line's leading space counts toward its 75.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(line.slice(from, i));
      from = i;
      octets = 0;
    }
    octets += size;
    i += units;
  }
  parts.push(line.slice(from));
  return parts.join('\r\n ');
}

/** UTF-16 units and UTF-8 octets of the character at `at`. */
function codePointSize(text: string, at: number): { units: number; octets: number } {
  const code = text.codePointAt(at) as number;
  if (code < 0x80) return { units: 1, octets: 1 };
  if (code < 0x800) return { units: 1, octets: 2 };
  if (code < 0x10000) return { units: 1, octets: 3 };
  return { units: 2, octets: 4 };
}

const icsDate = (date: string) => date.replace(/-/g, '');

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** 2026-11-27T11:34:15.800Z → 20261127T113415Z (UTC form). */
function icsStamp(iso: string): string {
  return iso.replace(/\.\d+/, '').replace(/[-:]/g, '');
}
