// HTTP to the service: per-attempt timeout, overall deadline, retries with backoff and jitter, on keep-alive
// connections; every timer is cleared or awaited, so a process that closes the transport exits at once.
import { neverProxied, type Connection } from './config.js';
import {
  ApiError,
  errorCode,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from '../errors/errors.js';
import { cutText, pageText } from '../trust/text.js';
import { redact } from '../trust/redact.js';
import { isRecord } from './parse.js';
import { NodeExchange, type Exchange, type ExchangeRequest } from './exchange.js';

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** A query as the service reads it: arrays as repeated keys (`commit_list=a&commit_list=b`), null and undefined out. */
export function encodeQuery(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of [value].flat()) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

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

interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** For messages, e.g. `GET /trails/{org}`. */
  endpoint: string;
}

export interface HttpResponse {
  status: number;
  /** Parsed JSON; undefined for an empty body, or one that is not JSON (`json` false). */
  body: unknown;
  /** False for a body that does not parse: kept as `text`, whatever its label, never read as a JSON string. */
  json: boolean;
  text: string;
  contentType?: string;
}

type ErrorSaid = { message?: string; fieldErrors?: Record<string, string> };

export function readErrorBody(body: unknown, contentType: string | undefined): ErrorSaid {
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') {
    if (contentType?.includes('json')) return { message: body };
    const text = pageText(body);
    if (!text) return {};
    // Scrubbed with the spaces taken out: a token the page split across lines or tags reads `tok_abc def123` here.
    const shown = cutText(text, 200, { spaced: true });
    return { message: `non-JSON response${contentType ? ` (${contentType})` : ''}: ${shown}` };
  }
  if (isRecord(body)) {
    const out: ErrorSaid = {};
    if (typeof body.message === 'string') out.message = body.message;
    if (isRecord(body.errors)) {
      const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
      out.fieldErrors = Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, text(v)]));
    }
    if (!out.message && !out.fieldErrors) out.message = cutText(JSON.stringify(body), 200);
    return out;
  }
  return { message: cutText(JSON.stringify(body), 200) };
}

function parseBody(text: string): { body: unknown; json: boolean } {
  if (text.trim() === '') return { body: undefined, json: true };
  try {
    return { body: JSON.parse(text) as unknown, json: true };
  } catch {
    return { body: undefined, json: false };
  }
}

const NETWORK_FAULTS: Record<string, string> = {
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be looked up (DNS did not answer)',
  ECONNREFUSED: 'the connection was refused (nothing listens at that address and port)',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ETIMEDOUT: 'the connection timed out',
};

/** What happened, in words where the code has them, then the error as Node gave it. */
function describeNetworkError(err: unknown): string {
  const code = errorCode(err);
  const message = err instanceof Error ? err.message : String(err);
  const given = code && !message.includes(code) ? `${message} (${code})` : message;
  const words = code === undefined ? undefined : NETWORK_FAULTS[code];
  return words ? `${words}: ${given}` : given;
}

function apiError(
  endpoint: string,
  outcome: Extract<AttemptOutcome, { kind: 'response' }>,
  attempts: number,
  note?: string,
): ApiError {
  const body = outcome.json ? outcome.body : outcome.text;
  const { message: serverMessage, fieldErrors } = readErrorBody(body, outcome.contentType);
  return new ApiError({ endpoint, status: outcome.status, serverMessage, fieldErrors, attempts, note });
}

/** Errors another attempt would only meet again: the request's own, or a wrong address (not EAI_AGAIN, resets). */
const NOT_RETRYABLE_CODES = new Set([
  'ENOTFOUND',
  'ECONNREFUSED',
  'UND_ERR_INVALID_ARG',
  'UND_ERR_NOT_SUPPORTED',
  'ERR_INVALID_URL',
  'ERR_INVALID_PROTOCOL',
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_UNESCAPED_CHARACTERS',
]);

type AttemptOutcome =
  | (HttpResponse & { kind: 'response'; retryAfter?: string })
  | { kind: 'network'; error: unknown; retryable: boolean }
  | { kind: 'attempt-timeout' }
  /** Past `maxResponseBytes`: the service answered, but not with anything a client should hold. */
  | { kind: 'too-large' }
  | { kind: 'closed' };

export class HttpTransport {
  private readonly config: Connection;
  private exchange: Promise<Exchange> | undefined;
  /** Aborted by close(): nothing outlives the client. */
  private readonly closing = new AbortController();
  /** One deadline for every call: the budget is a step's, not each call's. */
  private readonly deadlineAt: number;

  constructor(config: Connection) {
    this.config = config;
    this.deadlineAt = Date.now() + config.deadlineMs;
  }

  private open(): Promise<Exchange> {
    const { proxy, apiRoot } = this.config;
    // The one rule: loopback directly, as plain http through a proxy would carry the token off the machine.
    if (!neverProxied(apiRoot) && (proxy.httpProxy || proxy.httpsProxy)) {
      // undici costs ~100 ms at start: only a step behind a proxy pays for it.
      return import('./proxy-transport.js').then((m) => new m.ProxyExchange(proxy));
    }
    return Promise.resolve(new NodeExchange(apiRoot.protocol === 'https:'));
  }

  url(path: string, query?: Record<string, QueryValue>): URL {
    const url = new URL(this.config.apiRoot.href);
    url.pathname = `${url.pathname}${path}`;
    url.search = query ? encodeQuery(query) : '';
    return url;
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    const { config } = this;
    const url = this.url(req.path, req.query);
    const headers: Record<string, string> = {
      authorization: `Bearer ${config.token}`,
      accept: 'application/json',
      'user-agent': config.userAgent,
    };
    let payload: string | undefined;
    if (req.body !== undefined) {
      payload = JSON.stringify(req.body);
      headers['content-type'] = 'application/json; charset=utf-8';
    }

    const { deadlineAt } = this;
    const maxAttempts = config.retries + 1;
    let lastServerMessage: string | undefined;
    let attempt = 0;
    const outOfTime = (attempts: number) =>
      new TimeoutError(
        req.endpoint,
        'deadline',
        config.deadlineMs,
        attempts,
        lastServerMessage,
        config.deadlineSetting,
      );
    const unreachable = (error: unknown, attempts: number) =>
      new NetworkError(req.endpoint, describeNetworkError(error), attempts, lastServerMessage, {
        cause: error,
      });
    // No other attempt fits: say what happened to the last one (the budget only when it stopped the attempt).
    const noTimeAfter = (outcome: AttemptOutcome, attempts: number) => {
      if (outcome.kind === 'response') return apiError(req.endpoint, outcome, attempts);
      if (outcome.kind === 'network') return unreachable(outcome.error, attempts);
      return outOfTime(attempts);
    };
    let previous: AttemptOutcome | undefined;

    for (;;) {
      attempt++;
      const remaining = deadlineAt - Date.now();
      // No time left for any attempt: the budget ran out (spent by earlier calls, or a wait that overran).
      if (remaining <= 0) throw previous ? noTimeAfter(previous, attempt - 1) : outOfTime(attempt - 1);
      config.logger.debug(`${req.method} ${redact(url.href)} (attempt ${attempt}/${maxAttempts})`);
      // An attempt never outlives the budget: cut short, its timeout is the budget's.
      const limit = Math.min(config.attemptTimeoutMs, remaining);
      const outcome = await this.attempt(url, { method: req.method, headers, payload }, limit);
      const last = attempt >= maxAttempts;

      let retryAfterMs: number | undefined;
      switch (outcome.kind) {
        case 'closed':
          throw new NetworkError(req.endpoint, 'the client was closed', attempt, lastServerMessage);
        case 'too-large':
          throw new UnexpectedResponseError(
            req.endpoint,
            '',
            `the answer is larger than ${config.maxResponseBytes} bytes; not read`,
          );
        case 'response': {
          if (outcome.status === 200 || outcome.status === 201) return outcome;
          const error = apiError(req.endpoint, outcome, attempt);
          lastServerMessage = error.serverMessage ?? lastServerMessage;
          if (!isRetryableStatus(outcome.status) || last) throw error;
          retryAfterMs = parseRetryAfter(outcome.retryAfter);
          if (retryAfterMs !== undefined && retryAfterMs > config.maxWaitMs) {
            // The server asks for a longer pause than we may wait: retrying early would only be refused again.
            throw apiError(
              req.endpoint,
              outcome,
              attempt,
              `the service asked to retry after ${Math.ceil(retryAfterMs / 1000)} s`,
            );
          }
          break;
        }
        case 'network':
          if (!outcome.retryable || last) throw unreachable(outcome.error, attempt);
          break;
        case 'attempt-timeout':
          if (limit < config.attemptTimeoutMs) throw outOfTime(attempt);
          if (last) {
            throw new TimeoutError(
              req.endpoint,
              'attempt',
              config.attemptTimeoutMs,
              attempt,
              lastServerMessage,
            );
          }
          break;
      }

      const wait = retryDelay(attempt, {
        baseMs: config.backoffBaseMs,
        maxWaitMs: config.maxWaitMs,
        random: config.random,
        retryAfterMs,
      });
      // Waiting would pass the deadline: give up now, saying what happened to this attempt.
      if (Date.now() + wait >= deadlineAt) throw noTimeAfter(outcome, attempt);
      previous = outcome;
      const why =
        outcome.kind === 'response'
          ? `HTTP ${outcome.status}`
          : outcome.kind === 'network'
            ? describeNetworkError(outcome.error)
            : 'attempt timed out';
      config.logger.debug(`${req.endpoint}: ${redact(why)}; retrying in ${wait} ms`);
      // Loaded only for a retry; close() ends the wait at once, its timer cleared.
      const { setTimeout: pause } = await import('node:timers/promises');
      await pause(wait, undefined, { signal: this.closing.signal }).catch(() => undefined);
    }
  }

  private async attempt(
    url: URL,
    sent: Pick<ExchangeRequest, 'method' | 'headers' | 'payload'>,
    limitMs: number,
  ): Promise<AttemptOutcome> {
    if (this.closing.signal.aborted) return { kind: 'closed' };
    // Outside the retried part: a proxy client that cannot be loaded is a broken install, not a network fault.
    const exchange = await (this.exchange ??= this.open());
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), limitMs);
    try {
      const answer = await exchange.send(url, {
        ...sent,
        signal: AbortSignal.any([timeout.signal, this.closing.signal]),
        maxBytes: this.config.maxResponseBytes,
      });
      const { text } = answer;
      return text === undefined
        ? { kind: 'too-large' }
        : { ...answer, kind: 'response', text, ...parseBody(text) };
    } catch (error) {
      if (this.isClosed()) return { kind: 'closed' };
      if (timeout.signal.aborted) return { kind: 'attempt-timeout' };
      return { kind: 'network', error, retryable: !NOT_RETRYABLE_CODES.has(errorCode(error) ?? '') };
    } finally {
      clearTimeout(timer);
    }
  }

  // A method, not the field: the compiler would keep the check at the attempt's start as still true after it.
  private isClosed(): boolean {
    return this.closing.signal.aborted;
  }

  async close(): Promise<void> {
    if (this.closing.signal.aborted) return;
    this.closing.abort();
    // One still being opened (undici loading) is closed once it is there.
    const exchange = await this.exchange?.catch(() => undefined);
    await exchange?.close();
  }
}
