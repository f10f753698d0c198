/** The connection to the service: resolved once, validated before any request is sent. */
import { InputError } from '../errors/errors.js';
import { OrgName, expectedForms } from './schemas.js';
import { USER_AGENT } from '../version.js';
import { registerSecret } from '../trust/redact.js';

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

export interface ConnectionOptions {
  /** `https://host` or `https://host/api/v2` (a trailing slash is fine). */
  baseUrl: string;
  org: string;
  token: string;
  /** Allow plain `http://` to a host that is not loopback (the token would cross the network in clear). */
  allowInsecureHttp?: boolean;
  /** One attempt, from sending to the last byte of the answer (never more than what is left). */
  attemptTimeoutMs?: number;
  /** The budget of every call a client makes, together, retries and waits included: fixed when it is created. */
  deadlineMs?: number;
  /** What sets the budget, named when it runs out, e.g. `timeout-seconds; variable COMPLIANCE_TIMEOUT_SECONDS`. */
  deadlineSetting?: string;
  retries?: number;
  backoffBaseMs?: number;
  maxWaitMs?: number;
  maxResponseBytes?: number;
  userAgent?: string;
  proxy?: ProxySettings;
  logger?: { debug(message: string): void };
  random?: () => number;
}

/** The connection, the one shape of it: the options resolved once, every knob set, handed as it is to each client. */
export type Connection = Required<Omit<ConnectionOptions, 'baseUrl' | 'deadlineSetting'>> & {
  /** Always ends in `/api/v2`, no trailing slash. */
  apiRoot: URL;
  deadlineSetting: string | undefined;
};

/** A hung service holds a step for 120 s at most; an attempt gets 30 s, so that retries fit in the budget. */
export const DEFAULTS = {
  attemptTimeoutMs: 30_000,
  deadlineMs: 120_000,
  retries: 3,
  backoffBaseMs: 1_000,
  maxWaitMs: 60_000,
  // Far above any documented answer (a 100-item page, a diff of thousands of artifacts).
  maxResponseBytes: 64 * 1024 * 1024,
} as const;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname) || hostname.endsWith('.localhost');
}

/** The one proxy rule of the bundle: loopback directly, never through a proxy (its own loopback; a token in clear). */
export function neverProxied(url: URL): boolean {
  return isLoopbackHost(url.hostname);
}

/** Accepts an origin or an origin with `/api/v2`, and returns the API root ending in `/api/v2`. */
export function normalizeBaseUrl(value: string, allowInsecureHttp = false, input = 'api-url'): URL {
  const expected =
    'an https URL such as https://compliance.example.com or https://compliance.example.com/api/v2';
  const trimmed = value.trim();
  if (!trimmed) throw new InputError(input, 'is empty', expected);
  const url = URL.parse(trimmed);
  if (!url) {
    // Quoted only when it cannot hold credentials: `user:pass@` in a value that does not parse is not found reliably.
    const shown = trimmed.includes('@') ? 'the value (not quoted: it may hold credentials)' : `'${trimmed}'`;
    throw new InputError(input, `${shown} is not a URL`, expected);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError(input, `scheme '${url.protocol}' is not supported`, expected);
  }
  if (url.username || url.password) {
    throw new InputError(input, 'must not carry credentials; pass the token as api-token', expected);
  }
  if (url.search || url.hash) {
    throw new InputError(input, 'must not have a query or fragment', expected);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecureHttp) {
    throw new InputError(
      input,
      `plain http to '${url.hostname}' would send the token in clear text`,
      'an https URL; plain http only to loopback, or to any host with allow-insecure-http: true (or the variable COMPLIANCE_ALLOW_INSECURE_HTTP=true) inside a private network',
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/api(\/|$)/i.test(path) && !/\/api\/v2$/.test(path)) {
    throw new InputError(
      input,
      `the path '${url.pathname}' is not the root of API v2 (a pasted endpoint, or another version)`,
      expected,
    );
  }
  url.pathname = /\/api\/v2$/.test(path) ? path : `${path}/api/v2`;
  return url;
}

function bounded(options: ConnectionOptions, name: keyof typeof DEFAULTS, min: number, integer = false) {
  const value = options[name];
  if (value === undefined) return DEFAULTS[name];
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new InputError(
      name,
      `${value} is out of range`,
      `${integer ? 'a whole number' : 'a number'} of at least ${min}`,
    );
  }
  return value;
}

/** Checks every setting before any request is sent: an InputError for a bad URL, org, token or proxy. */
export function resolveConnection(options: ConnectionOptions): Connection {
  const token = options.token.trim();
  // Both forms: a padded token may be echoed either way.
  registerSecret(options.token);
  registerSecret(token);
  if (!token) throw new InputError('api-token', 'is empty', 'the API token of the compliance service');
  if (/[\r\n]/.test(token))
    throw new InputError('api-token', 'contains a line break', 'the token on a single line');
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new InputError(
      'api-token',
      'contains a space or a character that is not printable ASCII',
      'the token exactly as issued',
    );
  }
  if (!OrgName.safeParse(options.org).success) {
    throw new InputError('org', `'${options.org}' is not a valid organization name`, expectedForms.org);
  }
  return {
    apiRoot: normalizeBaseUrl(options.baseUrl, options.allowInsecureHttp),
    org: options.org,
    token,
    allowInsecureHttp: options.allowInsecureHttp ?? false,
    attemptTimeoutMs: bounded(options, 'attemptTimeoutMs', 1),
    deadlineMs: bounded(options, 'deadlineMs', 1),
    deadlineSetting: options.deadlineSetting,
    retries: bounded(options, 'retries', 0, true),
    backoffBaseMs: bounded(options, 'backoffBaseMs', 0),
    maxWaitMs: bounded(options, 'maxWaitMs', 0),
    maxResponseBytes: bounded(options, 'maxResponseBytes', 1, true),
    userAgent: options.userAgent ?? USER_AGENT,
    proxy: checkedProxy(options.proxy ?? {}),
    logger: options.logger ?? { debug: () => undefined },
    random: options.random ?? Math.random,
  };
}

/** A proxy URL is checked now, not at the first request as a network fault; not quoted: it may hold credentials. */
function checkedProxy(proxy: ProxySettings): ProxySettings {
  for (const [key, variable] of [
    ['httpProxy', 'http_proxy'],
    ['httpsProxy', 'https_proxy'],
  ] as const) {
    const value = proxy[key];
    if (value !== undefined && !/^https?:$/.test(URL.parse(value)?.protocol ?? '')) {
      throw new InputError(
        `${variable} (or ${variable.toUpperCase()})`,
        'is not an http(s) URL (the value is not shown: it may hold credentials)',
        'a proxy URL such as http://proxy.example.com:3128',
      );
    }
  }
  return proxy;
}

/** Proxy settings as the usual environment variables give them (lowercase wins, as curl and undici do). */
export function proxyFromEnv(env: Record<string, string | undefined>): ProxySettings {
  const pick = (name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || undefined;
  const [httpProxy, httpsProxy, noProxy] = [pick('http_proxy'), pick('https_proxy'), pick('no_proxy')];
  return { ...(httpProxy && { httpProxy }), ...(httpsProxy && { httpsProxy }), ...(noProxy && { noProxy }) };
}
