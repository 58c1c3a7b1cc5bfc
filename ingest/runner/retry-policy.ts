/**
 * One retry policy for both runners: a transient failure is retried with exponential backoff and
 * jitter, so many jobs failing together (an EDGAR hiccup) do not all come back at the same instant.
 * The formula is BullMQ's built-in `exponential` strategy with `jitter`, so the inline runner waits
 * what a BullMQ worker would.
 */
export interface RetryPolicy {
  /** Attempts per job for transient failures, first try included. */
  attempts: number;
  /** Delay before the first retry; each further retry doubles it. */
  delayMs: number;
  /** Fraction of the delay that is random, 0 (none) to 1: the wait is in [delay × (1 − jitter), delay]. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({ attempts: 5, delayMs: 5_000, jitter: 0.5 });

export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  if (!Number.isInteger(policy.attempts) || policy.attempts < 1) throw new RangeError('attempts must be a positive integer');
  if (!(policy.delayMs >= 0)) throw new RangeError('delayMs must be >= 0');
  if (!(policy.jitter >= 0 && policy.jitter <= 1)) throw new RangeError('jitter must be between 0 and 1');
  return policy;
}

/** BullMQ's `backoff` job option for the policy. */
export function bullBackoff(policy: RetryPolicy): { type: 'exponential'; delay: number; jitter: number } {
  return { type: 'exponential', delay: policy.delayMs, jitter: policy.jitter };
}

/** The wait before the next try after `attemptsMade` failed tries (1 after the first failure). */
export function backoffDelay(policy: RetryPolicy, attemptsMade: number, random: () => number = Math.random): number {
  const max = Math.round(2 ** (attemptsMade - 1) * policy.delayMs);
  if (policy.jitter <= 0) return max;
  return Math.floor(random() * max * policy.jitter + max * (1 - policy.jitter));
}
