import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from './calendar.ics.ts';

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and newlines in TEXT values', () => {
    expect(escapeText('Morgan, Lewis; a\\b\nnext')).toBe('Morgan\\, Lewis\\; a\\\\b\\nnext');
  });

  it('folds lines at 75 octets with CRLF and one space, never inside a UTF-8 character', () => {
    const line = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // Unfolding (RFC 5545 §3.1: remove CRLF followed by one space) gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });
});

describe('iCalendar folding and escapes', () => {
  it('never folds inside an escape', () => {
    const line = `DESCRIPTION:${escapeText(',;'.repeat(60))}`;
    for (const part of foldLine(line).split('\r\n ')) expect(part.endsWith('\\')).toBe(false);
  });
});

describe('iCalendar folding of characters outside the BMP', () => {
  it('keeps a surrogate pair (4 octets) on one line', () => {
    const line = `SUMMARY:${'😀'.repeat(40)}`;
    const parts = foldLine(line).split('\r\n');
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
    expect(parts.every((p) => !/[\uD800-\uDBFF]$/.test(p))).toBe(true);
  });
});
