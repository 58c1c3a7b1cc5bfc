import { createHash } from 'node:crypto';
import type { Context } from 'koa';

export const PRIVATE_CACHE = 'private, max-age=60';
export const PUBLIC_FEED_CACHE = 'public, max-age=60, stale-while-revalidate=300';
export const PUBLIC_DOC_CACHE = 'public, max-age=300';

/** Strong validator: the hash of the exact bytes sent. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** Sends a JSON text with ETag and Cache-Control, answering 304 when the client already has it. */
export function sendJson(ctx: Context, body: string, cacheControl: string, vary?: string): void {
  const etag = etagOf(body);
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', cacheControl);
  if (vary) ctx.set('Vary', vary);
  if (matchesIfNoneMatch(ctx.get('If-None-Match') || undefined, etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.body = body;
}
