import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ftsQuery, likeContains, lowerInstant, tickerSpellings, upperInstant } from './filter-values.ts';

describe('ftsQuery', () => {
  // The same FTS5 definition as the read database, so the property runs against the real parser.
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE company_search USING fts5(cik UNINDEXED, name, tickers, tokenize = 'unicode61 remove_diacritics 2')`);
  db.prepare('INSERT INTO company_search VALUES (?, ?, ?)').run('0001766140', 'Unicycive Therapeutics, Inc.', 'UNCY');
  const search = db.prepare('SELECT cik FROM company_search WHERE company_search MATCH ?').pluck();

  it('prefix-matches the last term and requires every term', () => {
    expect(search.all(ftsQuery('unicyc'))).toEqual(['0001766140']);
    expect(search.all(ftsQuery('unicycive thera'))).toEqual(['0001766140']);
    expect(search.all(ftsQuery('therapeutics unicyc'))).toEqual(['0001766140']);
    expect(search.all(ftsQuery('thera unicycive'))).toEqual([]);
    expect(search.all(ftsQuery('uncy'))).toEqual(['0001766140']);
    expect(search.all(ftsQuery('unicyc tesla'))).toEqual([]);
  });

  it('treats FTS syntax in user input as text, never as an error', () => {
    for (const input of ['"', 'NEAR(a b)', 'name:x', 'a OR b', '*', '-unicycive', '(', '^x', '   ', 'AND']) {
      expect(() => search.all(ftsQuery(input))).not.toThrow();
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        search.all(ftsQuery(input));
      }),
      { numRuns: 300 },
    );
  });

  it('never hands FTS5 a NUL or other control character (GET /companies?q=%00 was a 500)', () => {
    expect(() => search.all(ftsQuery('\u0000'))).not.toThrow();
    expect(search.all(ftsQuery('unicycive\u0000thera'))).toEqual(['0001766140']);
    expect(ftsQuery('a\u0000b\u0007c')).toBe('"a" "b" "c"*');
    // Every code unit, not just printable ASCII, and whole code points from every plane.
    const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme-composite', maxLength: 40 }));
    fc.assert(
      fc.property(anyText, (input) => {
        search.all(ftsQuery(input));
      }),
      { numRuns: 500, seed: 20261124 },
    );
  });
});

describe('likeContains', () => {
  it('lower-cases and escapes LIKE wildcards', () => {
    expect(likeContains('Acme_100%')).toBe('%acme\\_100\\%%');
    expect(likeContains('a\\b')).toBe('%a\\\\b%');
  });
});

describe('timestamp bounds', () => {
  it('keeps dates and normalises date-times to UTC', () => {
    expect(lowerInstant('x', '2021-06-30')).toBe('2021-06-30');
    expect(lowerInstant('x', '2021-06-30T10:00:00+02:00')).toBe('2021-06-30T08:00:00.000Z');
    expect(lowerInstant('x', '2021-06-30T10:00:00.250Z')).toBe('2021-06-30T10:00:00.250Z');
  });

  it('makes a bare upper date include the whole day and nothing after it', () => {
    const bound = upperInstant('x', '2021-06-30');
    expect('2021-06-30T23:59:59Z' <= bound).toBe(true);
    expect('2021-06-30' <= bound).toBe(true);
    expect('2021-07-01T00:00:00Z' <= bound).toBe(false);
  });

  it('answers 400 for a timestamp the format check lets through but Date cannot read (leap second)', () => {
    expect(() => lowerInstant('published_at_from', '2016-12-31T23:59:60Z')).toThrowError(/published_at_from/);
    expect(() => upperInstant('published_at_to', '2016-12-31T23:59:60Z')).toThrowError(/published_at_to/);
  });
});

describe('tickerSpellings', () => {
  it("names a unit, warrant or preferred share in the exchanges' notation and the SEC's", () => {
    expect(tickerSpellings('lcw.u')).toEqual(['LCW-U', 'LCW-UN']);
    expect(tickerSpellings('LCW-UN')).toEqual(['LCW-UN', 'LCW-U']);
    expect(tickerSpellings('LCW.WS')).toEqual(['LCW-WS', 'LCW-WT']);
    expect(tickerSpellings('NS PR B')).toEqual(['NS-PR-B', 'NS-PB', 'NS-PRB', 'NS-P-B']);
    expect(tickerSpellings('NS-PB')).toEqual(['NS-PB', 'NS-PRB', 'NS-P-B', 'NS-PR-B']);
  });

  it('leaves a share class and a plain ticker as they are', () => {
    expect(tickerSpellings('BRK.B')).toEqual(['BRK-B']);
    expect(tickerSpellings('aaoi')).toEqual(['AAOI']);
    expect(tickerSpellings('UNCY')).toEqual(['UNCY']);
  });
});
