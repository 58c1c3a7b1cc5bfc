/**
 * EDGAR failures, split by what a runner should do with them: a permanent error is never
 * retried (retrying an undeclared User-Agent only extends the SEC's block), a transient one is.
 */
export class EdgarPermanentError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly url: string,
  ) {
    super(message);
    this.name = 'EdgarPermanentError';
  }
}

export class EdgarTransientError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly url: string,
  ) {
    super(message);
    this.name = 'EdgarTransientError';
  }
}

/** The SEC's rate-threshold page kept coming back after the client paused all traffic. */
export class EdgarThrottledError extends EdgarTransientError {
  constructor(url: string, readonly pauseMs: number) {
    super(`EDGAR rate threshold exceeded for ${url}; still throttled after pausing`, 403, url);
    this.name = 'EdgarThrottledError';
  }
}

export function isPermanent(error: unknown): boolean {
  return error instanceof EdgarPermanentError;
}
