/** How the client answers a 429: wait what Retry-After says, within limits, then ask again. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 = never retry). */
  maxAttempts?: number;
  /** Longest wait the client accepts (default 60 s); a 429 asking for longer is thrown at once. */
  maxDelayMs?: number;
}

const DEFAULTS = { maxAttempts: 3, maxDelayMs: 60_000 };
/** The wait when a 429 names none: one second, doubled at each attempt. */
const FALLBACK_MS = 1_000;

/** Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date; null when absent or neither. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Each HTTP-date form (IMF-fixdate, RFC 850, asctime) starts with the day's name.
  const date = /^[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** A fetch that retries 429 answers after their Retry-After, up to `maxAttempts`, each wait at most `maxDelayMs`. */
export function retryingFetch(fetchImpl: (request: Request) => Promise<Response>, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const { maxAttempts, maxDelayMs } = { ...DEFAULTS, ...options };
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      const response = await fetchImpl(request.clone());
      if (response.status !== 429 || attempt >= maxAttempts) return response;
      const wait = retryAfterMs(response.headers.get('retry-after'), Date.now()) ?? FALLBACK_MS * 2 ** (attempt - 1);
      if (wait > maxDelayMs) return response;
      await response.body?.cancel();
      await delay(wait, request.signal);
    }
  };
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
