import type { Context, Next } from 'koa';
import { ApiError } from '../errors/api-error.ts';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { ApiKeyVerifier } from './api-keys.ts';

/** Identity of the caller, set by the guard for handlers and the access log. */
export interface KeyedState {
  apiKeyId?: string;
}

/**
 * Bearer authentication then the per-key rate limit, in one middleware to keep the hot path
 * short. Every failure is the same 401, whatever was wrong with the credential.
 */
export function keyGuard(keys: ApiKeyVerifier, limiter: RateLimiter) {
  return async function guard(ctx: Context, next: Next): Promise<void> {
    const header = ctx.get('Authorization');
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    const keyId = match ? keys.verify(match[1]) : null;
    if (keyId === null) throw ApiError.unauthorized();
    (ctx.state as KeyedState).apiKeyId = keyId;

    const decision = await limiter.hit(keyId);
    const headers = rateLimitHeaders(decision, limiter.windowSeconds);
    if (!decision.allowed) {
      throw new ApiError('rate_limited', 'Rate limit exceeded', null, {
        ...headers,
        'Retry-After': String(decision.resetSeconds),
      });
    }
    ctx.set(headers);
    await next();
  };
}
