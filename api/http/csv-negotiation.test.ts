import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.ts';
import { chooseListFormat, listFormat, parseAccept } from './csv-negotiation.ts';

describe('Accept negotiation of list pages (RFC 9110 §12.5.1)', () => {
  it.each([
    [undefined, 'json'],
    ['', 'json'],
    [' , ,', 'json'],
    ['*/*', 'json'],
    ['application/json', 'json'],
    ['application/json; charset=UTF-8', 'json'],
    ['application/*', 'json'],
    ['text/csv', 'csv'],
    ['TEXT/CSV', 'csv'],
    ['text/csv; charset=utf-8; header=present', 'csv'],
    ['text/csv;charset="UTF-8"', 'csv'],
    ['text/*', 'csv'],
    ['text/csv, application/json', 'json'],
    ['text/csv;q=1, application/json;q=0.9', 'csv'],
    ['application/json;q=0.5, text/csv', 'csv'],
    ['*/*;q=0.1, text/csv', 'csv'],
    ['text/csv;q=0.5, */*;q=0.6', 'json'],
    ['text/csv;Q=0.5, application/json;q=0.4', 'csv'],
    ['text/csv, */*;q=0', 'csv'],
    ['*/*, application/json;q=0', 'csv'],
    ['text/csv;q=0, */*', 'json'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', 'json'],
    ['application/json, text/javascript, */*; q=0.01', 'json'],
    ['text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2', 'json'],
    ['text/csv;;q=0.7;, application/json;q=0.6', 'csv'],
    ['text/csv;header=absent, application/json;q=0.1', 'json'],
  ] as const)('%j → %s', (accept, format) => {
    expect(chooseListFormat(accept)).toBe(format);
  });

  it.each([
    'image/png',
    'text/html',
    'application/xml, text/plain;q=0.5',
    '*/*;q=0',
    'text/csv;q=0, application/json;q=0',
    'text/csv;header=absent',
    'text/csv;charset=iso-8859-1',
    'application/json;profile="x"',
    'application/problem+json',
  ])('%j admits neither: 406', (accept) => {
    expect(chooseListFormat(accept)).toBeNull();
    expect(() => listFormat(accept)).toThrow(expect.objectContaining({ status: 406, code: 'not_acceptable' }));
  });

  it.each([
    'csv',
    'text/',
    '/csv',
    '*/csv',
    'text/csv;q=2',
    'text/csv;q=0.1234',
    'text/csv;q=abc',
    'text/csv;q="0.5"',
    'text/csv;q',
    'text/csv;charset',
    'text/csv;charset="utf-8',
    'text/csv charset=utf-8',
    'text/csv,,;',
    'text/csv; charset = utf-8',
    'téxt/csv',
    '{"$ne":null}',
    'text/csv\u0000',
  ])('%j is malformed: 400 naming Accept', (accept) => {
    expect(parseAccept(accept)).toHaveProperty('problem');
    let error: unknown;
    try {
      listFormat(accept);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', details: [{ parameter: 'Accept' }] });
    expect(JSON.parse((error as ApiError).toBody()).error.details[0].message).toMatch(/^not a media range list/);
  });

  it('reads parameters, quoted values and weights', () => {
    expect(parseAccept('text/csv; header="pre\\sent" ;q=0.25 , application/json')).toEqual({
      ranges: [
        { type: 'text', subtype: 'csv', params: [['header', 'present']], q: 0.25 },
        { type: 'application', subtype: 'json', params: [], q: 1 },
      ],
    });
  });

  it('gives the same answer from its cache, and parses values too long to cache every time', () => {
    expect(listFormat('text/csv')).toBe('csv');
    expect(listFormat('text/csv')).toBe('csv');
    const long = `${'application/x-other;q=0.1, '.repeat(40)}text/csv`;
    expect(listFormat(long)).toBe('csv');
    expect(() => listFormat(`${long},bad`)).toThrow(ApiError);
  });
});
