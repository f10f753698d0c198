/**
 * The retry policy, as pure functions: what is worth another attempt, and how long to wait before it.
 */

/** Network errors, 409 (lock conflict), 429 and 5xx other than 501 (which will not change on retry). */
export function isRetryableStatus(status: number): boolean {
  return status === 409 || status === 429 || (status >= 500 && status <= 599 && status !== 501);
}

/**
 * Parses a `Retry-After` header: delta seconds or an HTTP date. Returns milliseconds from `now`, or undefined when
 * the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!text || /^[+-]?\d/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Exponential backoff with "equal jitter": the n-th retry (1-based) waits between half and all of base * 2^(n-1),
 * so concurrent clients spread out but none retries at once. A server's `Retry-After` wins over the backoff. Every
 * wait is capped at maxWaitMs.
 */
export function retryDelay(
  retry: number,
  opts: { baseMs: number; maxWaitMs: number; random: () => number; retryAfterMs?: number },
): number {
  if (opts.retryAfterMs !== undefined) return Math.min(opts.retryAfterMs, opts.maxWaitMs);
  const exp = opts.baseMs * 2 ** (retry - 1);
  const jittered = exp / 2 + opts.random() * (exp / 2);
  return Math.min(Math.round(jittered), opts.maxWaitMs);
}
