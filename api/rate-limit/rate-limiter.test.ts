import { describe, expect, it } from 'vitest';
import { rateLimitHeaders, rateLimitHeaderWriter } from './rate-limit-headers.ts';
import { createMemoryRateLimiter } from './rate-limiter.ts';

describe('memory rate limiter', () => {
  it('allows the quota per key per minute window, then refuses until the window turns', async () => {
    let now = Date.UTC(2024, 0, 1, 12, 0, 15);
    const limiter = createMemoryRateLimiter({ limitPerMinute: 3, now: () => now });
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await limiter.hit('key_a'));
    expect(seen.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(seen[3].resetSeconds).toBe(45);
    expect((await limiter.hit('key_b')).allowed).toBe(true);

    now += 45_000;
    const fresh = await limiter.hit('key_a');
    expect([fresh.allowed, fresh.remaining, fresh.resetSeconds]).toEqual([true, 2, 60]);
  });

  it('formats draft and legacy headers', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 600, remaining: 42, resetSeconds: 37 }, 60)).toEqual({
      'RateLimit-Policy': '"default";q=600;w=60',
      RateLimit: '"default";r=42;t=37',
      'RateLimit-Limit': '600',
      'RateLimit-Remaining': '42',
      'RateLimit-Reset': '37',
    });
  });
});

describe('rate limit header writer', () => {
  it('writes exactly the headers rateLimitHeaders describes', () => {
    const written: Record<string, string> = {};
    const ex = { set: (name: string, value: string) => void (written[name] = value) };
    const decision = { allowed: true, limit: 600, remaining: 42, resetSeconds: 37 };
    rateLimitHeaderWriter(600, 60)(ex, decision);
    expect(written).toEqual(rateLimitHeaders(decision, 60));
  });
});
