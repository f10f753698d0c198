// The retry policy, as pure functions: what is worth another attempt, and how long to wait before it.

/** 409 (lock conflict), 429 and 5xx other than 501 (which will not change on retry). */
export function isRetryableStatus(status: number): boolean {
  return status === 409 || status === 429 || (status >= 500 && status <= 599 && status !== 501);
}

/** A `Retry-After` header (delta seconds or an HTTP date) as milliseconds from `now`; undefined when unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!text || /^[+-]?\d/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Backoff with "equal jitter" (half to all of base * 2^(n-1)); `Retry-After` wins; every wait capped at maxWaitMs. */
export function retryDelay(
  retry: number,
  opts: { baseMs: number; maxWaitMs: number; random: () => number; retryAfterMs?: number },
): number {
  if (opts.retryAfterMs !== undefined) return Math.min(opts.retryAfterMs, opts.maxWaitMs);
  const exp = opts.baseMs * 2 ** (retry - 1);
  const jittered = exp / 2 + opts.random() * (exp / 2);
  return Math.min(Math.round(jittered), opts.maxWaitMs);
}
