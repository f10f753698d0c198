/** The one error family: every failure a user sees is one of these, its message built and scrubbed in one place. */
import { redact } from '../trust/redact.js';

/** The `code` of an error or of one of its causes (undici wraps the socket error): `ECONNREFUSED`, `ENOENT`... */
export function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

type ErrorKind = 'api' | 'network' | 'timeout' | 'unexpected-response' | 'input' | 'source' | 'undelivered';

export abstract class ComplianceError extends Error {
  abstract readonly kind: ErrorKind;

  constructor(message: string, options?: { cause?: unknown }) {
    super(redact(message), options);
    this.name = new.target.name;
  }

  /** Every field, scrubbed again: a secret registered after the error was made is still hidden. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: redact(this.message) };
    for (const [key, value] of Object.entries(this)) {
      if (key === 'cause') continue;
      out[key] = value === undefined ? undefined : (JSON.parse(redact(JSON.stringify(value))) as unknown);
    }
    return out;
  }
}

/** Bad input caught before any request was sent: names the input, what is wrong, and the expected form. */
export class InputError extends ComplianceError {
  readonly kind = 'input';

  readonly input: string;
  readonly problem: string;
  readonly expected: string | undefined;

  constructor(input: string, problem: string, expected?: string) {
    super(`Invalid input '${input}': ${problem}${expected ? `. Expected ${expected}` : ''}.`);
    this.input = redact(input);
    this.problem = redact(problem);
    this.expected = expected === undefined ? undefined : redact(expected);
  }
}

interface ApiErrorDetails {
  endpoint: string;
  status: number;
  serverMessage?: string;
  fieldErrors?: Record<string, string>;
  attempts?: number;
  /** Why the client stopped, when it is not the status alone. */
  note?: string;
}

export class ApiError extends ComplianceError {
  readonly kind = 'api';
  readonly endpoint: string;
  readonly status: number;
  readonly serverMessage?: string;
  readonly fieldErrors: Record<string, string>;
  readonly attempts: number;

  constructor(details: ApiErrorDetails) {
    super(ApiError.describe(details));
    this.endpoint = details.endpoint;
    this.status = details.status;
    if (details.serverMessage !== undefined) this.serverMessage = redact(details.serverMessage);
    this.fieldErrors = Object.fromEntries(
      Object.entries(details.fieldErrors ?? {}).map(([k, v]) => [redact(k), redact(v)]),
    );
    this.attempts = details.attempts ?? 1;
  }

  private static describe(d: ApiErrorDetails): string {
    const parts = [`${d.endpoint} failed with HTTP ${d.status}${STATUS_TEXT[d.status] ?? ''}`];
    if (d.serverMessage) parts.push(`: ${d.serverMessage}`);
    const fields = Object.entries(d.fieldErrors ?? {});
    if (fields.length > 0) parts.push(` (${fields.map(([k, v]) => `${k}: ${v}`).join('; ')})`);
    if (d.attempts && d.attempts > 1) parts.push(` [after ${d.attempts} attempts]`);
    if (d.note) parts.push(`; ${d.note}`);
    const hint = HINTS[d.status];
    if (hint) parts.push(`. ${hint}`);
    return parts.join('');
  }
}

export class NetworkError extends ComplianceError {
  readonly kind = 'network';
  readonly endpoint: string;
  readonly reason: string;
  readonly attempts: number;
  readonly lastServerMessage: string | undefined;

  constructor(
    endpoint: string,
    reason: string,
    attempts = 1,
    lastServerMessage?: string,
    options?: { cause?: unknown },
  ) {
    super(
      `${endpoint} could not reach the service: ${reason}` +
        (attempts > 1 ? ` [after ${attempts} attempts]` : '') +
        `${lastServerMessage ? `; earlier the service said: ${lastServerMessage}` : ''}. Check api-url and that the` +
        ` service is reachable from the runner (proxy settings: HTTPS_PROXY, NO_PROXY).`,
      options,
    );
    this.endpoint = endpoint;
    this.reason = redact(reason);
    this.attempts = attempts;
    this.lastServerMessage = lastServerMessage === undefined ? undefined : redact(lastServerMessage);
  }
}

export class TimeoutError extends ComplianceError {
  readonly kind = 'timeout';

  readonly endpoint: string;
  readonly limit: 'attempt' | 'deadline';
  readonly ms: number;
  readonly attempts: number;
  readonly lastServerMessage: string | undefined;

  /** `setting` names what set a deadline (an input and its variable): the way to give more time. */
  constructor(
    endpoint: string,
    limit: 'attempt' | 'deadline',
    ms: number,
    attempts = 1,
    lastServerMessage?: string,
    setting?: string,
  ) {
    super(
      (limit === 'attempt'
        ? `${endpoint} timed out: no answer within ${ms} ms`
        : `${endpoint} gave up: the time budget of ${ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`} for the ` +
          `calls to the service ran out${setting ? ` (${setting})` : ''}`) +
        (attempts > 1 ? ` [after ${attempts} attempts]` : '') +
        `${lastServerMessage ? `; last server message: ${lastServerMessage}` : ''}.`,
    );
    this.endpoint = endpoint;
    this.limit = limit;
    this.ms = ms;
    this.attempts = attempts;
    this.lastServerMessage = lastServerMessage === undefined ? undefined : redact(lastServerMessage);
  }
}

export class UnexpectedResponseError extends ComplianceError {
  readonly kind = 'unexpected-response';

  readonly endpoint: string;
  readonly field: string;
  readonly problem: string;

  constructor(endpoint: string, field: string, problem: string) {
    super(`unexpected response from ${endpoint}: ${field ? `${field} ` : ''}${problem}`);
    this.endpoint = endpoint;
    this.field = redact(field);
    this.problem = redact(problem);
  }
}

/** Something read from outside the service failed (an artifact, the cluster): what, where, what to check. */
export class SourceError extends ComplianceError {
  readonly kind = 'source';

  /** e.g. `kubectl`, `docker`, `registry 127.0.0.1:5000`, `file`. */
  readonly source: string;
  readonly problem: string;
  readonly hint: string | undefined;

  constructor(source: string, problem: string, hint?: string, options?: { cause?: unknown }) {
    super(
      `${source}: ${problem}${hint ? `. ${hint}` : ''}${/[.!?]$/.test(hint ?? problem) ? '' : '.'}`,
      options,
    );
    this.source = redact(source);
    this.problem = redact(problem);
    this.hint = hint === undefined ? undefined : redact(hint);
  }
}

/** A report that could not be delivered: the cause, and the payload the finisher keeps (`payload-file`). */
export class UndeliveredError extends ComplianceError {
  readonly kind = 'undelivered';
  readonly payload: unknown;

  constructor(cause: Error, payload: unknown) {
    super(`${cause.message.replace(/\.?$/, '.')} The report was not delivered.`, { cause });
    // Not enumerable: toJSON (a result file) must not carry the whole payload a second time.
    Object.defineProperty(this, 'payload', { value: payload, enumerable: false });
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: ' Bad Request',
  401: ' Unauthorized',
  403: ' Forbidden',
  404: ' Not Found',
  405: ' Method Not Allowed',
  409: ' Conflict',
  413: ' Payload Too Large',
  415: ' Unsupported Media Type',
  429: ' Too Many Requests',
  500: ' Internal Server Error',
  501: ' Not Implemented',
  502: ' Bad Gateway',
  503: ' Service Unavailable',
  504: ' Gateway Timeout',
};

const HINTS: Record<number, string> = {
  401: 'Check that api-token is a valid token for this service',
  403: 'Check that the token belongs to the org and may perform this operation',
  404: 'Check the org and the names in the request',
  429: 'The service is rate limiting; retry later',
};
