import type { Redis } from 'ioredis';

export interface SchedulerLockOptions {
  redis: Redis;
  key: string;
  /** Unique per process, so a holder renews or releases only its own lock. */
  owner: string;
  ttlMs: number;
  /** How often the holder renews and a stand-by retries; a third of the TTL unless given. */
  intervalMs?: number;
  now?: () => number;
}

// Compare-and-act in one script: between a GET and a PEXPIRE the lock may have expired and changed hands.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/**
 * One scheduler at a time: the holder of a Redis key (SET NX PX) runs the cron tasks and renews the
 * key; any other process stands by and takes over once the key expires, i.e. when the holder died
 * or lost Redis for longer than the TTL.
 */
export class SchedulerLock {
  private readonly interval: number;
  private readonly now: () => number;
  private renewTimer: NodeJS.Timeout | null = null;
  private waitTimer: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  private closed = false;

  constructor(private readonly options: SchedulerLockOptions) {
    this.interval = options.intervalMs ?? Math.max(1, Math.floor(options.ttlMs / 3));
    this.now = options.now ?? Date.now;
  }

  /** One attempt: true when this process holds the lock now. */
  async tryAcquire(): Promise<boolean> {
    const { redis, key, owner, ttlMs } = this.options;
    return (await redis.set(key, owner, 'PX', ttlMs, 'NX')) === 'OK';
  }

  /**
   * Waits until this process holds the lock, calling `onStandBy` once if another holds it first.
   * Resolves false when the lock is closed while waiting.
   */
  async acquire(onStandBy: () => void, onError: (error: Error) => void = () => {}): Promise<boolean> {
    let waiting = false;
    while (!this.closed) {
      try {
        if (await this.tryAcquire()) return true;
        if (!waiting) onStandBy();
        waiting = true;
      } catch (error) {
        onError(error as Error);
      }
      await this.sleep(this.interval);
    }
    return false;
  }

  /**
   * Renews the lock every interval until released. `onLost` runs once when the key now belongs to
   * another process, or when no renewal succeeded for a whole TTL (another may have taken it).
   */
  keep(onLost: (reason: string) => void): void {
    const { redis, key, owner, ttlMs } = this.options;
    let lastRenewed = this.now();
    let renewing = false;
    const lost = (reason: string) => {
      this.stopRenewing();
      onLost(reason);
    };
    this.renewTimer = setInterval(() => {
      if (renewing) return;
      if (this.now() - lastRenewed >= ttlMs) return lost(`not renewed for ${ttlMs} ms`);
      renewing = true;
      redis
        .eval(RENEW, 1, key, owner, String(ttlMs))
        .then(
          (renewed) => {
            if (this.renewTimer === null) return;
            if (Number(renewed) === 1) lastRenewed = this.now();
            else lost('another process holds it');
          },
          () => {
            // A Redis hiccup: the next tick retries until the TTL runs out.
          },
        )
        .finally(() => {
          renewing = false;
        });
    }, this.interval);
  }

  /** Stops renewing without deleting the key: what a crash looks like to the other processes. */
  stopRenewing(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
  }

  /** Stops waiting and renewing, and deletes the key if this process holds it, so a stand-by takes over at once. */
  async release(): Promise<void> {
    this.closed = true;
    this.stopRenewing();
    if (this.waitTimer) {
      clearTimeout(this.waitTimer.timer);
      this.waitTimer.resolve();
    }
    await this.options.redis.eval(RELEASE, 1, this.options.key, this.options.owner);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.waitTimer = {
        timer: setTimeout(() => {
          this.waitTimer = null;
          resolve();
        }, ms),
        resolve,
      };
    });
  }
}
