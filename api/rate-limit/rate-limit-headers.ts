import type { RateLimitDecision } from './rate-limiter.ts';

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
