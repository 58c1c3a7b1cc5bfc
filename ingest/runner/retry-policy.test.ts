import { describe, expect, it } from 'vitest';
import { backoffDelay, bullBackoff, retryPolicy } from './retry-policy.ts';

describe('retry policy', () => {
  it('doubles the delay per attempt and spreads it by the jitter fraction', () => {
    const policy = retryPolicy({ delayMs: 1000, jitter: 0.5 });
    expect([1, 2, 3].map((n) => backoffDelay(policy, n, () => 0))).toEqual([500, 1000, 2000]);
    expect([1, 2, 3].map((n) => backoffDelay(policy, n, () => 0.999999))).toEqual([999, 1999, 3999]);
    expect(backoffDelay(retryPolicy({ delayMs: 1000, jitter: 0 }), 3)).toBe(4000);
  });

  it('maps to BullMQ exponential backoff with jitter and rejects nonsense', () => {
    expect(bullBackoff(retryPolicy({ delayMs: 50, jitter: 0.25 }))).toEqual({ type: 'exponential', delay: 50, jitter: 0.25 });
    expect(() => retryPolicy({ attempts: 0 })).toThrow(/attempts/);
    expect(() => retryPolicy({ jitter: 2 })).toThrow(/jitter/);
  });
});
