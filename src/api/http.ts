/**
 * HTTP over undici: keep-alive, proxies, per-attempt timeout, overall deadline, retries with backoff and jitter.
 * Every timer it starts is cleared or awaited, so a process that closes the transport exits at once.
 */
import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import type { ClientConfig } from './config.js';
import { ApiError, NetworkError, TimeoutError, UnexpectedResponseError, redact } from './errors.js';
import { encodeQuery, type QueryValue } from './query.js';
import { isRetryableStatus, parseRetryAfter, retryDelay } from './retry.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface HttpRequest {
  method: HttpMethod;
  /** Path below the API root, already escaped, starting with `/`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The operation's name for messages, e.g. `GET /trails/{org}`. */
  endpoint: string;
}

export interface HttpResponse {
  status: number;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

/** What the server said in an error body, in whichever of its shapes it came. */
export function readErrorBody(
  body: unknown,
  contentType: string | undefined,
): { message?: string; fieldErrors?: Record<string, string> } {
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') {
    if (contentType?.includes('json')) return { message: body };
    const text = body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) return {};
    return { message: `non-JSON response${contentType ? ` (${contentType})` : ''}: ${truncate(text, 200)}` };
  }
  if (typeof body === 'object' && !Array.isArray(body)) {
    const o = body as Record<string, unknown>;
    const out: { message?: string; fieldErrors?: Record<string, string> } = {};
    if (typeof o.message === 'string') out.message = o.message;
    if (o.errors && typeof o.errors === 'object' && !Array.isArray(o.errors)) {
      out.fieldErrors = Object.fromEntries(
        Object.entries(o.errors as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      );
    }
    if (!out.message && !out.fieldErrors) out.message = truncate(JSON.stringify(body), 200);
    return out;
  }
  return { message: truncate(JSON.stringify(body), 200) };
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Kept as text: error bodies from proxies are HTML; a 2xx that is not JSON is reported by the caller.
    return contentType?.includes('json') ? text : new NonJsonBody(text);
  }
}

/** A body that is not JSON, kept for the error message. */
export class NonJsonBody {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  if (typeof code === 'string') return code;
  const causeCode = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof causeCode === 'string' ? causeCode : undefined;
}

function describeNetworkError(err: unknown): string {
  const code = errorCode(err);
  const message = err instanceof Error ? err.message : String(err);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

function apiError(
  endpoint: string,
  outcome: Extract<AttemptOutcome, { kind: 'response' }>,
  attempts: number,
): ApiError {
  const said = readErrorBody(
    outcome.body instanceof NonJsonBody ? outcome.body.text : outcome.body,
    outcome.contentType,
  );
  return new ApiError({
    endpoint,
    status: outcome.status,
    ...(said.message !== undefined && { serverMessage: said.message }),
    ...(said.fieldErrors !== undefined && { fieldErrors: said.fieldErrors }),
    attempts,
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createDispatcher(config: ClientConfig): Dispatcher {
  const agentOptions = { keepAliveTimeout: 10_000, connections: 16 };
  const { httpProxy, httpsProxy, noProxy } = config.proxy;
  if (httpProxy || httpsProxy) {
    // Empty strings (not undefined) so undici does not read process.env behind the configuration's back.
    return new EnvHttpProxyAgent({
      ...agentOptions,
      httpProxy: httpProxy ?? '',
      httpsProxy: httpsProxy ?? '',
      noProxy: noProxy ?? '',
    });
  }
  return new Agent(agentOptions);
}

type AttemptOutcome =
  | { kind: 'response'; status: number; body: unknown; contentType?: string; retryAfter?: string }
  | { kind: 'network'; error: unknown }
  | { kind: 'attempt-timeout' };

export class HttpTransport {
  private readonly config: ClientConfig;
  private readonly dispatcher: Dispatcher;
  private closed = false;

  constructor(config: ClientConfig, dispatcher?: Dispatcher) {
    this.config = config;
    this.dispatcher = dispatcher ?? createDispatcher(config);
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

    const startedAt = Date.now();
    const deadlineAt = startedAt + config.deadlineMs;
    const maxAttempts = config.retries + 1;
    let last: AttemptOutcome | undefined;
    let lastServerMessage: string | undefined;

    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const remaining = deadlineAt - Date.now();
      if (remaining <= 0) {
        throw new TimeoutError(req.endpoint, 'deadline', config.deadlineMs, attempt - 1, lastServerMessage);
      }
      const limit = Math.min(config.attemptTimeoutMs, remaining);
      config.logger.debug(`${req.method} ${redact(url.href)} (attempt ${attempt}/${maxAttempts})`);
      last = await this.attempt(req.method, url, headers, payload, limit);

      if (last.kind === 'response') {
        if (last.status === 200 || last.status === 201) {
          if (last.body instanceof NonJsonBody) {
            throw new UnexpectedResponseError(
              req.endpoint,
              '',
              `body is not JSON: ${truncate(last.body.text, 200)}`,
            );
          }
          return { status: last.status, body: last.body };
        }
        const error = apiError(req.endpoint, last, attempt);
        lastServerMessage = error.serverMessage ?? lastServerMessage;
        if (!isRetryableStatus(last.status) || attempt === maxAttempts) throw error;
      } else if (attempt === maxAttempts) {
        break;
      }

      const retryAfterMs = last.kind === 'response' ? parseRetryAfter(last.retryAfter) : undefined;
      const wait = retryDelay(attempt, {
        baseMs: config.backoffBaseMs,
        maxWaitMs: config.maxWaitMs,
        random: config.random,
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      });
      if (Date.now() + wait >= deadlineAt) {
        // Waiting would pass the deadline: give up now, with what the server last said.
        if (last.kind === 'response') throw apiError(req.endpoint, last, attempt);
        throw new TimeoutError(req.endpoint, 'deadline', config.deadlineMs, attempt, lastServerMessage);
      }
      const why =
        last.kind === 'response'
          ? `HTTP ${last.status}`
          : last.kind === 'network'
            ? describeNetworkError(last.error)
            : 'attempt timed out';
      config.logger.debug(`${req.endpoint}: ${redact(why)}; retrying in ${wait} ms`);
      await sleep(wait);
    }

    if (last?.kind === 'attempt-timeout') {
      throw new TimeoutError(
        req.endpoint,
        'attempt',
        config.attemptTimeoutMs,
        maxAttempts,
        lastServerMessage,
      );
    }
    const error = last?.kind === 'network' ? last.error : undefined;
    throw new NetworkError(req.endpoint, describeNetworkError(error), maxAttempts, { cause: error });
  }

  private async attempt(
    method: HttpMethod,
    url: URL,
    headers: Record<string, string>,
    payload: string | undefined,
    limitMs: number,
  ): Promise<AttemptOutcome> {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
    }, limitMs);
    try {
      const res = await request(url, {
        method,
        headers,
        body: payload ?? null,
        signal: controller.signal,
        dispatcher: this.dispatcher,
        headersTimeout: limitMs,
        bodyTimeout: limitMs,
      });
      const text = await res.body.text();
      const header = (name: string) => {
        const v = res.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const contentType = header('content-type');
      const retryAfter = header('retry-after');
      return {
        kind: 'response',
        status: res.statusCode,
        body: parseBody(text, contentType),
        ...(contentType !== undefined && { contentType }),
        ...(retryAfter !== undefined && { retryAfter }),
      };
    } catch (error) {
      if (controller.signal.aborted) return { kind: 'attempt-timeout' };
      const code = errorCode(error);
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
        return { kind: 'attempt-timeout' };
      return { kind: 'network', error };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.dispatcher.close();
  }
}
