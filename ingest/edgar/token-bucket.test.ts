import { describe, expect, it } from 'vitest';
import { fakeTime } from '../testing/fake-time.ts';
import { TokenBucket } from './token-bucket.ts';

/** Largest number of grants inside any half-open window of `windowMs`. */
function maxInWindow(times: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0; i < times.length; i++) best = Math.max(best, times.filter((t) => t >= times[i] && t < times[i] + windowMs).length);
  return best;
}

describe('TokenBucket', () => {
  it('spaces sequential callers evenly and never exceeds the rate in any second', async () => {
    const time = fakeTime();
    const bucket = new TokenBucket(10, time.clock, time.sleep);
    const grants: number[] = [];
    for (let i = 0; i < 35; i++) {
      await bucket.take();
      grants.push(time.clock.now());
    }
    const gaps = grants.slice(1).map((t, i) => t - grants[i]);
    expect(Math.min(...gaps)).toBeCloseTo(105, 6);
    expect(maxInWindow(grants, 1000)).toBe(10);
  });

  it('serves concurrent callers one at a time, in call order', async () => {
    const time = fakeTime();
    const bucket = new TokenBucket(8, time.clock, time.sleep, 0);
    const order: number[] = [];
    const grants: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bucket.take().then(() => {
          order.push(i);
          grants.push(time.clock.now());
        }),
      ),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(maxInWindow(grants, 1000)).toBe(8);
    expect(grants[19] - grants[0]).toBe(19 * 125);
  });

  it('does not wait when callers are already slower than the rate', async () => {
    const time = fakeTime();
    const bucket = new TokenBucket(5, time.clock, time.sleep);
    for (let i = 0; i < 3; i++) {
      await bucket.take();
      time.advance(1000);
    }
    expect(time.sleeps).toEqual([]);
  });

  it('keeps serving after a sleep fails', async () => {
    const time = fakeTime();
    let fail = true;
    const bucket = new TokenBucket(10, time.clock, async (ms) => {
      if (fail) {
        fail = false;
        throw new Error('timer cancelled');
      }
      await time.sleep(ms);
    });
    await bucket.take();
    await expect(bucket.take()).rejects.toThrow('timer cancelled');
    await expect(bucket.take()).resolves.toBeUndefined();
  });
});
