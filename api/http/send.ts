import { hash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';

export const PRIVATE_CACHE = 'private, max-age=60';
export const PUBLIC_FEED_CACHE = 'public, max-age=60, stale-while-revalidate=300';
export const PUBLIC_DOC_CACHE = 'public, max-age=300';

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Strong validator: SHA-1 of the exact bytes sent. The one-shot `crypto.hash` over the encoded
 * body costs a few microseconds on a 14 KB page, less than any JavaScript hash of the string.
 */
export function etagOf(body: string | Buffer): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

// Cursors embed a per-process secret and a restarted process may see other data under the same
// SQLite data_version: the tag of this process keeps version-based ETags from colliding.
const PROCESS_TAG = randomBytes(6).toString('base64url');

/**
 * Strong validator for a response built only from the request URL and read.db: the bytes are a
 * function of the URL and the data version, so the version names them without hashing the body
 * (which would cost more than the query on a 14 KB page).
 */
export function dataEtag(dataVersion: string): string {
  return `"${PROCESS_TAG}.${dataVersion}"`;
}

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a text body with ETag and Cache-Control, answering 304 when the client already has it.
 * `dataVersion` (from `ReadConnection.version()`, read before the query) gives the ETag; without
 * it the encoded bytes are hashed. Koa takes the bytes' length instead of encoding the string
 * again, and headers go straight to the node response.
 */
export function sendBody(
  ctx: Context,
  body: string,
  contentType: string,
  cacheControl: string,
  vary?: string,
  dataVersion?: string,
): void {
  const bytes = Buffer.from(body);
  const etag = dataVersion === undefined ? etagOf(bytes) : dataEtag(dataVersion);
  const res = ctx.res;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  if (vary !== undefined) res.setHeader('Vary', vary);
  if (matchesIfNoneMatch(ctx.req.headers['if-none-match'], etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  res.setHeader('Content-Type', contentType);
  ctx.body = bytes;
}

/** `sendBody` for a JSON text. */
export function sendJson(ctx: Context, body: string, cacheControl: string, vary?: string, dataVersion?: string): void {
  sendBody(ctx, body, JSON_TYPE, cacheControl, vary, dataVersion);
}
