import type { Clock, Sleep } from '../clock.ts';

/**
 * A clock that only moves when something sleeps on it, so rate limits and backoff are asserted
 * on exact virtual times instead of wall-clock timing. Shared by a client and the replay server,
 * it makes both agree on what "one second" is.
 */
export interface FakeTime {
  clock: Clock;
  sleep: Sleep;
  /** Every sleep requested, in order. */
  sleeps: number[];
  advance(ms: number): void;
}

export function fakeTime(start = Date.UTC(2024, 0, 2, 14, 30)): FakeTime {
  let now = start;
  const sleeps: number[] = [];
  return {
    clock: { now: () => now },
    sleeps,
    advance(ms) {
      now += ms;
    },
    async sleep(ms) {
      sleeps.push(ms);
      now += Math.max(0, ms);
    },
  };
}
