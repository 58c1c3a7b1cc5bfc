/** Time as the ingest stage sees it: injected everywhere so tests control it. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export type Sleep = (ms: number) => Promise<void>;

export function systemClock(): Clock {
  return { now: () => Date.now() };
}

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function isoAt(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
