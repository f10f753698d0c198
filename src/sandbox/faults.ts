/**
 * Fault injection: make the sandbox misbehave on purpose, so that clients can be tested against slow answers,
 * failing statuses (with or without Retry-After), reset connections and malformed bodies.
 */
export type FaultKind = 'status' | 'reset' | 'malformed';

export interface Fault {
  kind: FaultKind;
  /** For `status`. */
  status?: number;
  retryAfter?: string;
  message?: string;
  /** Only requests whose path (below /api/v2) matches. */
  path?: RegExp;
  remaining: number;
}

export class Faults {
  /** Added before every answer. */
  latencyMs = 0;
  private queue: Fault[] = [];

  /** The next `count` requests answer `status` (with `Retry-After` when given). */
  failNext(
    count: number,
    status: number,
    options: { retryAfter?: string; message?: string; path?: RegExp } = {},
  ): void {
    this.queue.push({ kind: 'status', status, remaining: count, ...options });
  }

  /** The next `count` requests have their connection reset before any answer. */
  resetNext(count: number, options: { path?: RegExp } = {}): void {
    this.queue.push({ kind: 'reset', remaining: count, ...options });
  }

  /** The next `count` requests get a 200 with a body that is not valid JSON. */
  malformedNext(count: number, options: { path?: RegExp } = {}): void {
    this.queue.push({ kind: 'malformed', remaining: count, ...options });
  }

  clear(): void {
    this.queue = [];
    this.latencyMs = 0;
  }

  /** The fault that applies to this request, if any (consumed). */
  take(path: string): Fault | undefined {
    const fault = this.queue.find((f) => f.remaining > 0 && (!f.path || f.path.test(path)));
    if (!fault) return undefined;
    fault.remaining--;
    this.queue = this.queue.filter((f) => f.remaining > 0);
    return fault;
  }

  /**
   * Reads a fault given on the command line: `503x3` (three 503s), `429x2:retry-after=1`, `reset x2` as `resetx2`,
   * `malformedx1`.
   */
  addFromFlag(spec: string): void {
    const match = /^(\d{3}|reset|malformed)x(\d+)(?::retry-after=(.+))?$/.exec(spec.trim());
    if (!match) {
      throw new Error(
        `bad fault '${spec}': expected <status>x<count>[:retry-after=<s>], resetx<count> or malformedx<count>`,
      );
    }
    const [, what = '', count = '1', retryAfter] = match;
    if (what === 'reset') this.resetNext(Number(count));
    else if (what === 'malformed') this.malformedNext(Number(count));
    else this.failNext(Number(count), Number(what), retryAfter ? { retryAfter } : {});
  }
}
