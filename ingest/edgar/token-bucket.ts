import type { Clock, Sleep } from '../clock.ts';

/**
 * A token bucket that hands out request slots at `ratePerSecond`. The default burst of 1 spaces
 * requests evenly: a larger burst lets a bucket of rate N pass nearly 2N requests in one second
 * (a full bucket plus a second's refill), which is exactly what trips the SEC's 10-per-second
 * threshold. Slots are reserved synchronously, so concurrent callers queue in call order.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly intervalMs: number;

  constructor(
    readonly ratePerSecond: number,
    private readonly clock: Clock,
    private readonly sleep: Sleep,
    readonly burst = 1,
    marginMs = 50,
  ) {
    if (!(ratePerSecond > 0) || !(burst >= 1)) throw new RangeError('rate must be > 0 and burst >= 1');
    // The server counts arrivals, which drift from send times by a few ms; spreading `rate` sends
    // over 1000 + margin ms keeps a 1-second window on the far side at or under `rate`.
    this.intervalMs = (1000 + marginMs) / ratePerSecond;
    this.tokens = burst;
    this.last = clock.now();
  }

  /** Resolves when the caller may send one request. */
  async take(): Promise<void> {
    const now = this.clock.now();
    this.tokens = Math.min(this.burst, this.tokens + (now - this.last) / this.intervalMs);
    this.last = now;
    this.tokens -= 1;
    if (this.tokens >= 0) return;
    // In debt: wait until the refill covers it. Later callers see the deeper debt and wait longer.
    await this.sleep(-this.tokens * this.intervalMs);
  }
}
