import { ApiError } from '../errors/api-error.ts';
import type { Exchange, Guard } from '../http/exchange.ts';
import { rateLimitHeaderWriter, rateLimitHeaders } from '../rate-limit/rate-limit-headers.ts';
import type { RateLimitDecision, RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { ApiKeyVerifier } from './api-keys.ts';

/** Identity of the caller, set by the guard for handlers and the access log. */
export interface KeyedState {
  apiKeyId?: string;
}

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

/**
 * Bearer authentication then the per-key rate limit, in one middleware to keep the hot path
 * short. Every failure is the same 401, whatever was wrong with the credential. With a local
 * limiter the whole guard is synchronous: no await, no extra promise per request.
 */
export function keyGuard(keys: ApiKeyVerifier, limiter: RateLimiter): Guard {
  const writeHeaders = rateLimitHeaderWriter(limiter.limit, limiter.windowSeconds);

  const admit = (ctx: Exchange, decision: RateLimitDecision, next: () => unknown) => {
    if (!decision.allowed) {
      throw new ApiError('rate_limited', 'Rate limit exceeded', null, {
        ...rateLimitHeaders(decision, limiter.windowSeconds),
        'Retry-After': String(decision.resetSeconds),
      });
    }
    writeHeaders(ctx, decision);
    return next();
  };

  return function guard(ctx, next) {
    const match = BEARER.exec(ctx.req.headers.authorization ?? '');
    const keyId = match ? keys.verify(match[1]) : null;
    if (keyId === null) throw ApiError.unauthorized();
    (ctx.state as KeyedState).apiKeyId = keyId;
    const decision = limiter.hit(keyId);
    return decision instanceof Promise ? decision.then((d) => admit(ctx, d, next)) : admit(ctx, decision, next);
  };
}
