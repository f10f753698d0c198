/**
 * Fault injection: make the sandbox misbehave on purpose, so that clients can be tested against slow answers,
 * failing statuses (with or without Retry-After), reset connections, malformed bodies, and answers of any status,
 * content type and body (a proxy's login page, an empty body, JSON of the wrong shape or about something else).
 */
export type FaultKind = 'status' | 'reset' | 'malformed' | 'respond';

/** An answer sent as given, for `respondNext`. */
export interface CannedAnswer {
  status: number;
  /** The Content-Type header; left out when not given and the body is a string. */
  contentType?: string;
  /** A string is sent as is; anything else as JSON (with `application/json` unless `contentType` says otherwise). */
  body?: unknown;
}

export interface Fault {
  kind: FaultKind;
  /** For `status`. */
  status?: number;
  retryAfter?: string;
  message?: string;
  /** For `respond`. */
  answer?: CannedAnswer;
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

  /**
   * The next `count` requests (whose path matches `path`, when given) get `answer` whatever they asked: status,
   * content type and body as given, nothing checked.
   */
  respondNext(count: number, answer: CannedAnswer & { path?: RegExp }): void {
    const { path, ...canned } = answer;
    this.queue.push({ kind: 'respond', answer: canned, remaining: count, ...(path && { path }) });
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
   * `malformedx1`, and `respond200x1:type=text/html:path=^/artifacts/:body=<html>...` (status, then optional
   * `type=` and `path=`, then `body=` taking the rest of the text).
   */
  addFromFlag(spec: string): void {
    const respond = /^respond(\d{3})x(\d+)((?::(?:type|path)=[^:]*)*)(?::body=([\s\S]*))?$/.exec(spec.trim());
    if (respond) {
      const [, status = '', count = '', options = '', body] = respond;
      const option = (name: string) => new RegExp(`:${name}=([^:]*)`).exec(options)?.[1];
      const contentType = option('type');
      const path = option('path');
      this.respondNext(Number(count), {
        status: Number(status),
        body: body ?? '',
        ...(contentType !== undefined && { contentType }),
        ...(path !== undefined && { path: new RegExp(path) }),
      });
      return;
    }
    const match = /^(\d{3}|reset|malformed)x(\d+)(?::retry-after=(.+))?$/.exec(spec.trim());
    if (!match) {
      throw new Error(
        `bad fault '${spec}': expected <status>x<count>[:retry-after=<s>], resetx<count>, malformedx<count> ` +
          'or respond<status>x<count>[:type=<content type>][:path=<regex>][:body=<text>]',
      );
    }
    const [, what = '', count = '1', retryAfter] = match;
    if (what === 'reset') this.resetNext(Number(count));
    else if (what === 'malformed') this.malformedNext(Number(count));
    else this.failNext(Number(count), Number(what), retryAfter ? { retryAfter } : {});
  }
}
