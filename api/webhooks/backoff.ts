/** The first retry waits about this long; each failure doubles it, up to the setting's ceiling. */
export const FIRST_RETRY_MS = 1_000;

/**
 * Wait before the next attempt after `failures` consecutive failures: 1 s, 2 s, 4 s … capped at
 * `maxMs`, each drawn between half and all of it (`random` in [0, 1)), so endpoints that failed
 * together do not all come back at once. Nothing is ever given up: the cursor waits for a 2xx.
 */
export function retryDelayMs(failures: number, maxMs: number, random: number): number {
  const ceiling = Math.min(maxMs, FIRST_RETRY_MS * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.round(ceiling * (0.5 + random / 2));
}
