import type { Clock, Sleep } from '../clock.ts';

/**
 * A token bucket of capacity one: request slots at most `ratePerSecond`, evenly spaced.
 *
 * Capacity one because a bucket of rate N and capacity N passes nearly 2N requests in one second
 * (a full bucket plus a second's refill), which is what trips the SEC's 10-per-second threshold.
 * Callers are served one at a time in call order, and each slot is measured from the moment the
 * previous caller actually went: if the event loop stalls, waiting callers do not all fire at once.
 */
export class TokenBucket {
  private readonly intervalMs: number;
  private lastGrant = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly ratePerSecond: number,
    private readonly clock: Clock,
    private readonly sleep: Sleep,
    marginMs = 50,
  ) {
    if (!(ratePerSecond > 0)) throw new RangeError('rate must be > 0');
    // The server counts arrivals, which drift from send times by a few ms; spreading `rate` sends
    // over 1000 + margin ms keeps a 1-second window on the far side at or under `rate`.
    this.intervalMs = (1000 + marginMs) / ratePerSecond;
  }

  /** Resolves when the caller may send one request. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      const wait = this.lastGrant + this.intervalMs - this.clock.now();
      if (wait > 0) await this.sleep(wait);
      this.lastGrant = this.clock.now();
    });
    // A rejected sleep must not wedge every later caller.
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}
