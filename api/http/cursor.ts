import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors/api-error.ts';

/** Keyset position: the values of the page-order key columns of the last row served. */
export type CursorKey = string[];

export interface CursorCodec {
  encode(endpoint: string, key: CursorKey): string;
  /** Returns the key, or throws a 400 naming `cursor` when it is malformed, tampered or foreign. */
  decode(endpoint: string, cursor: string, keyLength: number): CursorKey;
}

const SIGNATURE_BYTES = 16;

/**
 * Opaque cursor = base64url(JSON key) "." base64url(HMAC-SHA256(secret, endpoint + payload)).
 * Binding the endpoint into the MAC makes a companies cursor useless on /filings.
 */
export function createCursorCodec(secret: string): CursorCodec {
  if (secret.length < 16) throw new Error('cursor secret must be at least 16 characters');
  const sign = (endpoint: string, payload: string) =>
    createHmac('sha256', secret).update(endpoint).update('\n').update(payload).digest().subarray(0, SIGNATURE_BYTES);

  return {
    encode(endpoint, key) {
      const payload = Buffer.from(JSON.stringify(key)).toString('base64url');
      return `${payload}.${sign(endpoint, payload).toString('base64url')}`;
    },
    decode(endpoint, cursor, keyLength) {
      const dot = cursor.indexOf('.');
      if (dot <= 0) throw invalidCursor();
      const payload = cursor.slice(0, dot);
      const signature = Buffer.from(cursor.slice(dot + 1), 'base64url');
      const expected = sign(endpoint, payload);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) throw invalidCursor();
      let key: unknown;
      try {
        key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      if (!Array.isArray(key) || key.length !== keyLength || !key.every((part) => typeof part === 'string')) {
        throw invalidCursor();
      }
      return key as CursorKey;
    },
  };
}

function invalidCursor(): ApiError {
  return ApiError.invalidParameters([{ parameter: 'cursor', message: 'malformed, tampered or issued by another endpoint' }]);
}
