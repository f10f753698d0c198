// OCI fingerprints: the registry's manifest digest of a reference (HEAD, else a hashed GET), an index's for a
// multi-arch tag; https except loopback; anonymous, Basic or a Bearer token.
import { createHash } from 'node:crypto';
import { fetch, type Dispatcher, type Response } from 'undici';
import { describeLimit, readBounded } from '../api/bounded-body.js';
import { isLoopbackHost } from '../api/config.js';
import { errorCode, SourceError } from '../errors/errors.js';
import { cutText, pageText } from '../trust/text.js';
import { USER_AGENT } from '../version.js';
import { formatReference, parseImageReference } from './reference.js';
import { registerSecret } from '../trust/redact.js';

/** The manifest media types asked for, so that the registry answers with the manifest as pushed. */
const MANIFEST_MEDIA_TYPES = [
  'application/vnd.docker.distribution.manifest.v2+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.oci.image.index.v1+json',
] as const;

/** Registries refuse manifests above 4 MiB; a larger answer (counted after decompression) is not a manifest. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

const SHA256 = /^sha256:([a-f0-9]{64})$/;

const CREDENTIALS_HINT = 'Check registry-username and registry-password';

interface OciOptions {
  username?: string | undefined;
  password?: string | undefined;
  /** e.g. a proxy agent; undici's global dispatcher when left out. */
  dispatcher?: Dispatcher | undefined;
  /** Time limit of each request, from sending to the last byte of the answer; 30 s when left out. */
  timeoutMs?: number;
}

/** One challenge of a `WWW-Authenticate` header: its scheme and parameters (the first value of each kept). */
export function parseChallenge(header: string): { scheme: string; params: Record<string, string> } {
  const scheme = (/^\s*([A-Za-z][\w-]*)/.exec(header)?.[1] ?? '').toLowerCase();
  const params: Record<string, string> = {};
  const re = /([A-Za-z][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g;
  for (const m of header.slice(scheme.length).matchAll(re)) {
    const key = (m[1] ?? '').toLowerCase();
    if (!(key in params)) params[key] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  return { scheme, params };
}

/** What the registry said in its error body (`{"errors":[{"code","message"}]}`), if anything. */
function registryErrors(body: string): { codes: string[]; text: string | undefined } {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    if (Array.isArray(parsed.errors)) {
      const errors = parsed.errors as { code?: unknown; message?: unknown }[];
      const codes = errors.map((e) => (typeof e.code === 'string' ? e.code : '')).filter(Boolean);
      const text = errors
        .map((e) => [e.code, e.message].filter((v) => typeof v === 'string' && v !== '').join(': '))
        .filter(Boolean)
        .join('; ');
      return { codes, text: text || undefined };
    }
  } catch {
    // Not JSON: a proxy's page, for instance.
  }
  const text = pageText(body);
  return { codes: [], text: text ? cutText(text, 200) : undefined };
}

/** The innermost useful message of a fetch failure (`fetch failed` says nothing by itself). */
function describeNetworkError(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; depth < 4; depth++) {
    const cause = (e as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    e = cause;
  }
  if (e instanceof AggregateError && e.errors.length > 0) e = e.errors[0];
  const message = e instanceof Error ? e.message : String(e);
  const code = errorCode(err);
  if (!message) return code ?? 'unknown error';
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** The manifest digest of `reference`, asked for even when pinned; runtime/artifact.ts pairs the credentials. */
export async function fingerprintOci(reference: string, options: OciOptions = {}): Promise<string> {
  const ref = parseImageReference(reference);
  registerSecret(options.password);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const { username, password } = options;
  const credentials = username && password ? { username, password } : undefined;
  const source = `registry ${ref.registry}`;
  const hostname = new URL(`http://${ref.apiHost}`).hostname;
  const origin = `${isLoopbackHost(hostname) ? 'http' : 'https'}://${ref.apiHost}`;
  const manifestUrl = `${origin}/v2/${ref.repository}/manifests/${ref.digest ?? ref.tag ?? 'latest'}`;
  /** Set once the registry's challenge has been answered. */
  let authorization: string | undefined;
  let challenged = false;

  /** A pinned digest must be what the registry has under it; anything else is a broken or lying registry. */
  const checked = (hex: string, how: string): string => {
    const pinned = ref.digest === undefined ? undefined : SHA256.exec(ref.digest)?.[1];
    if (pinned !== undefined && pinned !== hex) {
      throw new SourceError(
        source,
        `asked for ${ref.digest ?? ''}, the registry answered with sha256:${hex} (${how})`,
        'The registry does not serve the content the digest names; check the reference and the registry',
      );
    }
    return hex;
  };

  const networkFailure = (url: string, error: unknown): SourceError => {
    const where = new URL(url).origin;
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new SourceError(
        source,
        `no answer from ${where} within ${timeoutMs} ms`,
        'Check that the registry is up and reachable from the runner (proxy settings: HTTPS_PROXY, NO_PROXY)',
        { cause: error },
      );
    }
    return new SourceError(
      source,
      `cannot reach ${where}: ${describeNetworkError(error)}`,
      'The registry is unreachable: check the registry host and port in the reference, that the registry is up ' +
        'and reachable from the runner, and the proxy settings (HTTPS_PROXY, NO_PROXY)',
      { cause: error },
    );
  };

  const send = async (
    method: 'HEAD' | 'GET',
    url: string,
    auth: string | undefined,
    accept: string = MANIFEST_MEDIA_TYPES.join(', '),
  ): Promise<Response> => {
    const headers: Record<string, string> = { accept, 'user-agent': USER_AGENT };
    if (auth !== undefined) headers.authorization = auth;
    try {
      return await fetch(url, {
        method,
        headers,
        signal: AbortSignal.timeout(timeoutMs),
        ...(options.dispatcher !== undefined && { dispatcher: options.dispatcher }),
      });
    } catch (error) {
      throw networkFailure(url, error);
    }
  };

  /** The body, read through the bounded reader: a manifest inflated without end, or never ending, stops at 4 MiB. */
  const readBody = async (res: Response): Promise<Buffer> => {
    let body: Buffer | undefined;
    try {
      body = res.body === null ? Buffer.alloc(0) : await readBounded(res.body, MAX_MANIFEST_BYTES);
    } catch (error) {
      throw networkFailure(res.url || manifestUrl, error);
    }
    if (body === undefined) {
      throw new SourceError(
        source,
        `the answer for ${formatReference(ref)} is larger than ${describeLimit(MAX_MANIFEST_BYTES)}, so not a ` +
          'manifest; the rest was not read',
      );
    }
    return body;
  };

  /** The Authorization header that answers the registry's challenge, or undefined when there is no answer. */
  const answerChallenge = async (header: string | null): Promise<string | undefined> => {
    if (header === null) return undefined;
    const { scheme, params } = parseChallenge(header);
    if (scheme === 'basic')
      return credentials ? basic(credentials.username, credentials.password) : undefined;
    if (scheme !== 'bearer') return undefined;
    const realmText = params.realm ?? '';
    const realm = URL.parse(realmText);
    if (realm === null || (realm.protocol !== 'https:' && realm.protocol !== 'http:')) {
      const problem = `the registry's Bearer challenge names no usable token realm ('${realmText}')`;
      throw new SourceError(source, problem, 'The registry is misconfigured');
    }
    if (credentials && realm.protocol === 'http:' && !isLoopbackHost(realm.hostname)) {
      throw new SourceError(
        source,
        `the token realm ${realm.origin}${realm.pathname} is plain http; the registry password is not sent in clear`,
        'Use a registry whose token service is served over https',
      );
    }
    if (params.service) realm.searchParams.set('service', params.service);
    realm.searchParams.set('scope', params.scope || `repository:${ref.repository}:pull`);
    if (credentials) realm.searchParams.set('account', credentials.username);
    const where = `the token service ${realm.origin}${realm.pathname}`;

    const res = await send(
      'GET',
      realm.href,
      credentials ? basic(credentials.username, credentials.password) : undefined,
      'application/json',
    );
    const text = (await readBody(res)).toString('utf8');
    if (res.status === 401 || res.status === 403) {
      throw new SourceError(
        source,
        `${where} refused ${credentials ? 'the credentials' : 'an anonymous token'} (HTTP ${res.status})`,
        credentials
          ? `${CREDENTIALS_HINT} (a token needs pull access to ${ref.repository})`
          : `The registry requires credentials: set registry-username and registry-password`,
      );
    }
    if (!res.ok) {
      const said = registryErrors(text).text;
      throw new SourceError(
        source,
        `${where} answered HTTP ${res.status}${said ? `: ${said}` : ''}`,
        'The registry or its token service is failing; retry later',
      );
    }
    let token: unknown;
    try {
      const parsed = JSON.parse(text) as { token?: unknown; access_token?: unknown };
      token = parsed.token ?? parsed.access_token;
    } catch {
      token = undefined;
    }
    if (typeof token !== 'string' || token === '') {
      throw new SourceError(source, `${where} answered without a token or access_token`);
    }
    return `Bearer ${token}`;
  };

  /** What a refused GET of the manifest says: what was refused and what to check, by its status. */
  const failure = (status: number, body: string): SourceError => {
    const { codes, text } = registryErrors(body);
    const said = text ? `: ${text}` : '';
    const repo = ref.repository;
    const pinned = ref.digest !== undefined;
    const known: Record<number, [string, string]> = {
      401: credentials
        ? [
            `authentication failed for ${repo} (HTTP 401${said})`,
            `${CREDENTIALS_HINT}: they must be valid for this registry and may pull ${repo}. Docker Hub also ` +
              'answers 401 for a repository that does not exist',
          ]
        : [
            `${repo} needs authentication (HTTP 401${said})`,
            'Set registry-username and registry-password for a private repository. Docker Hub also answers 401 ' +
              'for a repository that does not exist, so check the name too',
          ],
      403: [
        `access to ${repo} denied (HTTP 403${said})`,
        `${CREDENTIALS_HINT}, and that this account may pull ${repo}`,
      ],
      404: [
        `${
          codes.includes('NAME_UNKNOWN')
            ? `repository ${repo} not found`
            : pinned
              ? `manifest ${ref.digest} not found in ${repo}`
              : `tag '${ref.tag ?? 'latest'}' not found in ${repo}`
        } (HTTP 404${said})`,
        pinned
          ? 'No manifest with that digest was pushed to this repository: check the digest and the registry'
          : 'The tag does not exist: it was never pushed, or was deleted. Check the reference (registry, ' +
            'repository, tag) and push the image before fingerprinting it',
      ],
      429: [
        `rate limited (HTTP 429${said})`,
        'Retry later, or authenticate with registry-username and registry-password for a higher limit',
      ],
    };
    const [problem, hint] = known[status] ?? [
      `reading the manifest of ${formatReference(ref)} failed with HTTP ${status}${said}`,
      status >= 500 ? 'The registry is failing; retry later' : undefined,
    ];
    return new SourceError(source, problem, hint);
  };

  /** A request with the registry's authentication: the first 401 is answered once, then reused. */
  const request = async (method: 'HEAD' | 'GET'): Promise<Response> => {
    let res = await send(method, manifestUrl, authorization);
    if (res.status === 401 && !challenged) {
      challenged = true;
      await res.body?.cancel();
      authorization = await answerChallenge(res.headers.get('www-authenticate'));
      if (authorization !== undefined) res = await send(method, manifestUrl, authorization);
    }
    return res;
  };

  const head = await request('HEAD');
  await head.body?.cancel();
  if (head.ok) {
    const header = (head.headers.get('docker-content-digest') ?? '').trim().toLowerCase();
    const hex = SHA256.exec(header)?.[1];
    if (hex !== undefined) return checked(hex, 'its Docker-Content-Digest header');
  }
  // No usable header, or HEAD refused (some registries answer HEAD without a body or not at all): a GET, whose
  // body is the manifest, or whose error body says what went wrong.
  const get = await request('GET');
  const body = await readBody(get);
  if (!get.ok) throw failure(get.status, body.toString('utf8'));
  if (body.length === 0) throw new SourceError(source, `the manifest of ${formatReference(ref)} is empty`);
  return checked(createHash('sha256').update(body).digest('hex'), 'the hash of its manifest');
}

function basic(username: string, password: string): string {
  const encoded = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
  // A registry error page may echo the header back: its encoded form is as secret as the password.
  registerSecret(encoded);
  return `Basic ${encoded}`;
}
