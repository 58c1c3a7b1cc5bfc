import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.ts';
import { createCursorCodec } from './cursor.ts';

const codec = createCursorCodec('unit-test-secret-0123456789');

function decodeError(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('cursor codec', () => {
  it('round-trips a key on the endpoint that issued it', () => {
    const cursor = codec.encode('filings', ['2021-06-30', '0001213900-21-035033', '0001766140']);
    expect(cursor).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(codec.decode('filings', cursor, 3)).toEqual(['2021-06-30', '0001213900-21-035033', '0001766140']);
  });

  it('answers a repeated encode or decode alike, and never from what a refused cursor looked like', () => {
    const cursor = codec.encode('companies', ['2021-06-30', '0001766140']);
    expect(codec.encode('companies', ['2021-06-30', '0001766140'])).toBe(cursor);
    expect(codec.encode('filings', ['2021-06-30', '0001766140'])).not.toBe(cursor);
    expect(codec.decode('companies', cursor, 2)).toEqual(['2021-06-30', '0001766140']);
    expect(codec.decode('companies', cursor, 2)).toEqual(['2021-06-30', '0001766140']);
    expect(decodeError(() => codec.decode('news', cursor, 2)).status).toBe(400);
    expect(decodeError(() => codec.decode('companies', cursor, 3)).status).toBe(400);
    expect(decodeError(() => codec.decode('news', cursor, 2)).status).toBe(400);
  });

  it('rejects a cursor issued by another endpoint', () => {
    const cursor = codec.encode('companies', ['2021-06-30', '0001766140']);
    const error = decodeError(() => codec.decode('news', cursor, 2));
    expect(error.status).toBe(400);
    expect(error.details).toEqual([{ parameter: 'cursor', message: expect.any(String) }]);
  });

  it('rejects a tampered payload or signature and a foreign secret', () => {
    const cursor = codec.encode('companies', ['2021-06-30', '0001766140']);
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify(['2099-01-01', '0001766140'])).toString('base64url');
    expect(decodeError(() => codec.decode('companies', `${forged}.${signature}`, 2)).code).toBe('invalid_request');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    expect(decodeError(() => codec.decode('companies', `${payload}.${flipped}`, 2)).code).toBe('invalid_request');
    const other = createCursorCodec('another-secret-0123456789');
    expect(decodeError(() => other.decode('companies', cursor, 2)).code).toBe('invalid_request');
  });

  it('rejects garbage and keys of the wrong shape even when signed', () => {
    for (const garbage of ['', '.', 'abc', 'abc.', '.abc', '%%%.%%%', 'a.b.c']) {
      expect(decodeError(() => codec.decode('companies', garbage, 2)).code).toBe('invalid_request');
    }
    expect(decodeError(() => codec.decode('companies', codec.encode('companies', ['only-one']), 2)).code).toBe('invalid_request');
  });

  it('refuses a short secret', () => {
    expect(() => createCursorCodec('short')).toThrow();
  });
});
