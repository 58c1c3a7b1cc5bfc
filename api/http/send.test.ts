import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch, pageBytes } from './send.ts';

describe('ETag', () => {
  it('is a strong validator that changes with the body', () => {
    const a = etagOf('{"items":[]}');
    expect(a).toMatch(/^"[\w-]+"$/);
    expect(etagOf('{"items":[]}')).toBe(a);
    expect(etagOf('{"items":[1]}')).not.toBe(a);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    const etag = etagOf('body');
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});

describe('ETag of encoded bytes', () => {
  it('is the same for a text and its UTF-8 bytes', () => {
    const text = '{"name":"Société Générale"}';
    expect(etagOf(Buffer.from(text))).toBe(etagOf(text));
  });
});

describe('pageBytes', () => {
  it('is the UTF-8 encoding of any text, ASCII or not', () => {
    // Names as EDGAR and the vendors spell them: Latin-1 letters, typographic quotes, an astral
    // symbol, and a lone surrogate (which UTF-8 encodes as U+FFFD).
    for (const text of ['{"name":"Unicycive Therapeutics, Inc."}', '{"name":"Société Générale"}', '{"q":"the “Warrants”"}', '{"s":"𝔸"}', '{"s":"\ud800"}', '']) {
      expect(pageBytes(text).equals(Buffer.from(text, 'utf8')), text).toBe(true);
    }
  });
});
