import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors/api-error.ts';
import { remember } from './bounded-map.ts';

/** Keyset position: the values of the page-order key columns of the last row served. */
export type CursorKey = string[];

export interface CursorCodec {
  encode(endpoint: string, key: CursorKey): string;
  /** Returns the key, or throws a 400 naming `cursor` when it is malformed, tampered or foreign. */
  decode(endpoint: string, cursor: string, keyLength: number): CursorKey;
}

const SIGNATURE_BYTES = 16;
/** Cursors remembered per direction: a page's next cursor is issued to every client reading it. */
const CACHED_CURSORS = 4096;

/**
 * Opaque cursor = base64url(JSON key) "." base64url(HMAC-SHA256(secret, endpoint + payload)).
 * Binding the endpoint into the MAC makes a companies cursor useless on /filings.
 *
 * Both directions are pure functions of their input, and clients page through the same few
 * positions, so each remembers its recent answers: a page served again issues its cursor without
 * an HMAC, and a cursor presented again is not verified again. Only verified cursors are kept.
 */
export function createCursorCodec(secret: string): CursorCodec {
  if (secret.length < 16) throw new Error('cursor secret must be at least 16 characters');
  const sign: Signer = (endpoint, payload) =>
    createHmac('sha256', secret).update(endpoint).update('\n').update(payload).digest().subarray(0, SIGNATURE_BYTES);
  const issued = new Map<string, string>();
  const verified = new Map<string, CursorKey>();

  return {
    encode(endpoint, key) {
      const json = JSON.stringify(key);
      const id = `${endpoint}\n${json}`;
      const known = issued.get(id);
      if (known !== undefined) return known;
      const payload = Buffer.from(json).toString('base64url');
      return remember(issued, CACHED_CURSORS, id, `${payload}.${sign(endpoint, payload).toString('base64url')}`);
    },
    decode(endpoint, cursor, keyLength) {
      const id = `${endpoint}\n${keyLength}\n${cursor}`;
      return verified.get(id) ?? remember(verified, CACHED_CURSORS, id, verify(sign, endpoint, cursor, keyLength));
    },
  };
}

type Signer = (endpoint: string, payload: string) => Buffer;

function verify(sign: Signer, endpoint: string, cursor: string, keyLength: number): CursorKey {
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
  return Object.freeze(key) as CursorKey;
}

function invalidCursor(): ApiError {
  return ApiError.invalidParameters([{ parameter: 'cursor', message: 'malformed, tampered or issued by another endpoint' }]);
}
