import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a delivery's signature travels in. */
export const SIGNATURE_HEADER = 'Ipo-Signature';
/** How far a signature's timestamp may be from the receiver's clock before it is refused (replayed requests). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const hmacHex = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the endpoint
 * secret>`. The timestamp is signed with the body, so a captured delivery cannot be replayed later
 * under a fresh time.
 */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: string };

/**
 * What a receiver does with a delivery: parse the header, recompute the HMAC over the raw body as
 * received, compare in constant time (any `v1` may match: a rotated secret sends two), and refuse a
 * timestamp more than `toleranceSeconds` from its clock.
 */
export function verifySignature(header: string | undefined, body: string, secret: string, nowSeconds: number, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS): SignatureCheck {
  if (!header) return { ok: false, reason: 'no signature header' };
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name, value]) => name === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '')).map(([, value]) => Buffer.from(value, 'hex'));
  if (!Number.isInteger(timestamp)) return { ok: false, reason: 'no timestamp' };
  if (signatures.length === 0) return { ok: false, reason: 'no v1 signature' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: `timestamp outside the ${toleranceSeconds} s tolerance` };
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return signatures.some((s) => timingSafeEqual(s, expected)) ? { ok: true, timestamp } : { ok: false, reason: 'no signature matches' };
}
