import type { RateLimitDecision } from './rate-limiter.ts';

/** Where headers are set: a route's exchange (see `Exchange.set`). */
export interface HeaderSetter {
  set(name: string, value: string): void;
}

/** IETF httpapi draft fields plus the legacy RateLimit-* trio many clients still read. */
export function rateLimitHeaders(decision: RateLimitDecision, windowSeconds: number): Record<string, string> {
  return {
    'RateLimit-Policy': `"default";q=${decision.limit};w=${windowSeconds}`,
    RateLimit: `"default";r=${decision.remaining};t=${decision.resetSeconds}`,
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
}

/**
 * Writes the same headers as `rateLimitHeaders` straight to the response; the quota fields are
 * constant per limiter, so they are formatted once, not per request.
 */
export function rateLimitHeaderWriter(limit: number, windowSeconds: number) {
  const policy = `"default";q=${limit};w=${windowSeconds}`;
  const limitText = String(limit);
  return (ex: HeaderSetter, decision: RateLimitDecision): void => {
    const remaining = String(decision.remaining);
    const reset = String(decision.resetSeconds);
    ex.set('RateLimit-Policy', decision.limit === limit ? policy : `"default";q=${decision.limit};w=${windowSeconds}`);
    ex.set('RateLimit', `"default";r=${remaining};t=${reset}`);
    ex.set('RateLimit-Limit', decision.limit === limit ? limitText : String(decision.limit));
    ex.set('RateLimit-Remaining', remaining);
    ex.set('RateLimit-Reset', reset);
  };
}
