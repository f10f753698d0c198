export const id = 233;
export const ids = [233];
export const modules = {

/***/ 5233:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_REGISTRY_TIMEOUT_MS: () => (/* binding */ DEFAULT_REGISTRY_TIMEOUT_MS),
/* harmony export */   MANIFEST_MEDIA_TYPES: () => (/* binding */ MANIFEST_MEDIA_TYPES),
/* harmony export */   fingerprintOci: () => (/* binding */ fingerprintOci),
/* harmony export */   parseChallenge: () => (/* binding */ parseChallenge)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6752);
/* harmony import */ var _api_config_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1392);
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2600);
/* harmony import */ var _trust_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6623);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(311);
/* harmony import */ var _reference_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3469);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8625);
/**
 * OCI fingerprints: the manifest digest of an image in a registry, as the official CLI reports it. It is the
 * registry's `Docker-Content-Digest` of the manifest the tag points at (a HEAD request; when a registry leaves the
 * header out, or answers HEAD oddly, a GET whose body is hashed), asked for with the docker v2 and OCI manifest and
 * index media types.
 *
 * A multi-arch tag points at an index (a manifest list), so its fingerprint is the digest of the index. A cluster's
 * `imageID` (what the Kubernetes environment report sends) often holds the digest of the one platform manifest the
 * node pulled from that index instead, so the two differ although they are the same release: a known source of
 * confusion, worth explaining to users who compare them.
 *
 * Registries are reached over https, except loopback ones (`localhost`, `127.x`, `[::1]`), which get plain http
 * like docker's default insecure registries. Authentication: anonymous; HTTP Basic with a username and password;
 * and the Bearer token challenge (a 401 with `WWW-Authenticate: Bearer realm=..,service=..,scope=..` sends us to the
 * realm, with the username and password as Basic credentials when given, for a `token` or `access_token`).
 */








/** The manifest media types asked for, so that the registry answers with the manifest as pushed. */
const MANIFEST_MEDIA_TYPES = [
    'application/vnd.docker.distribution.manifest.v2+json',
    'application/vnd.docker.distribution.manifest.list.v2+json',
    'application/vnd.oci.image.manifest.v1+json',
    'application/vnd.oci.image.index.v1+json',
];
const DEFAULT_REGISTRY_TIMEOUT_MS = 30_000;
/** Registries refuse manifests above 4 MiB; a larger answer is not a manifest. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const SHA256 = /^sha256:([a-f0-9]{64})$/;
const CREDENTIALS_HINT = 'Check registry-username and registry-password';
/**
 * The 64 lowercase hex manifest digest (without `sha256:`) of the image `reference` in its registry.
 *
 * A reference that pins a digest (`repo@sha256:<hex>`) already names its fingerprint; the registry is still asked
 * for that manifest, so that a digest that was never pushed (a typo, another registry) fails here rather than being
 * reported as an artifact nobody can pull. As in docker, a digest given with a tag wins over the tag.
 */
async function fingerprintOci(reference, options = {}) {
    const ref = (0,_reference_js__WEBPACK_IMPORTED_MODULE_5__/* .parseImageReference */ .o_)(reference);
    const { username, password } = options;
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_6__/* .registerSecret */ .cl)(password);
    if ((username ?? '') !== '' && (password ?? '') === '') {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .dz('registry-password', 'is empty while registry-username is set', 'both or neither');
    }
    if ((password ?? '') !== '' && (username ?? '') === '') {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .dz('registry-username', 'is empty while registry-password is set', 'both or neither');
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_REGISTRY_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .dz('timeoutMs', `${timeoutMs} is out of range`, 'a number of milliseconds above 0');
    }
    const session = new RegistrySession(ref, {
        ...(username && password ? { credentials: { username, password } } : {}),
        ...(options.dispatcher !== undefined && { dispatcher: options.dispatcher }),
        timeoutMs,
    });
    return session.manifestDigest();
}
/** One challenge of a `WWW-Authenticate` header: its scheme and parameters (the first value of each kept). */
function parseChallenge(header) {
    const scheme = (/^\s*([A-Za-z][\w-]*)/.exec(header)?.[1] ?? '').toLowerCase();
    const params = {};
    const re = /([A-Za-z][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g;
    for (const m of header.slice(scheme.length).matchAll(re)) {
        const key = (m[1] ?? '').toLowerCase();
        if (!(key in params))
            params[key] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
    }
    return { scheme, params };
}
/** What the registry said in its error body (`{"errors":[{"code","message"}]}`), if anything. */
function registryErrors(body) {
    try {
        const parsed = JSON.parse(body);
        if (Array.isArray(parsed.errors)) {
            const errors = parsed.errors;
            const codes = errors.map((e) => (typeof e.code === 'string' ? e.code : '')).filter(Boolean);
            const text = errors
                .map((e) => [e.code, e.message].filter((v) => typeof v === 'string' && v !== '').join(': '))
                .filter(Boolean)
                .join('; ');
            return { codes, text: text || undefined };
        }
    }
    catch {
        // Not JSON: a proxy's page, for instance.
    }
    const text = body
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    return { codes: [], text: text ? (0,_trust_text_js__WEBPACK_IMPORTED_MODULE_4__/* .cutText */ .IN)(text, 200) : undefined };
}
/** The innermost useful message of a fetch failure (`fetch failed` says nothing by itself). */
function describeNetworkError(err) {
    let e = err;
    for (let depth = 0; depth < 4; depth++) {
        const cause = e?.cause;
        if (!cause)
            break;
        e = cause;
    }
    if (e instanceof AggregateError && e.errors.length > 0)
        e = e.errors[0];
    const message = e instanceof Error ? e.message : String(e);
    const code = (0,_errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorCode */ .CA)(err);
    if (!message)
        return code ?? 'unknown error';
    return code && !message.includes(code) ? `${message} (${code})` : message;
}
class RegistrySession {
    ref;
    options;
    source;
    origin;
    manifestUrl;
    /** Set once the registry's challenge has been answered. */
    authorization;
    challenged = false;
    constructor(ref, options) {
        this.ref = ref;
        this.options = options;
        this.source = `registry ${ref.registry}`;
        const hostname = new URL(`http://${ref.apiHost}`).hostname;
        this.origin = `${(0,_api_config_js__WEBPACK_IMPORTED_MODULE_2__/* .isLoopbackHost */ .cW)(hostname) ? 'http' : 'https'}://${ref.apiHost}`;
        const target = ref.digest ?? ref.tag ?? 'latest';
        this.manifestUrl = `${this.origin}/v2/${ref.repository}/manifests/${target}`;
    }
    async manifestDigest() {
        const head = await this.request('HEAD', this.manifestUrl);
        await head.body?.cancel();
        if (head.ok) {
            const header = (head.headers.get('docker-content-digest') ?? '').trim().toLowerCase();
            const hex = SHA256.exec(header)?.[1];
            if (hex !== undefined)
                return this.checked(hex, 'its Docker-Content-Digest header');
        }
        // No usable header, or HEAD refused (some registries answer HEAD without a body or not at all): a GET, whose
        // body is the manifest, or whose error body says what went wrong.
        const get = await this.request('GET', this.manifestUrl);
        const body = await this.readBody(get);
        if (!get.ok)
            throw this.failure(get.status, body.toString('utf8'));
        if (body.length === 0)
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `the manifest of ${this.describeRef()} is empty`);
        return this.checked((0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(body).digest('hex'), 'the hash of its manifest');
    }
    /** A pinned digest must be what the registry has under it; anything else is a broken or lying registry. */
    checked(hex, how) {
        const pinned = this.ref.digest === undefined ? undefined : SHA256.exec(this.ref.digest)?.[1];
        if (pinned !== undefined && pinned !== hex) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `asked for ${this.ref.digest ?? ''}, the registry answered with sha256:${hex} (${how})`, 'The registry does not serve the content the digest names; check the reference and the registry');
        }
        return hex;
    }
    describeRef() {
        return (0,_reference_js__WEBPACK_IMPORTED_MODULE_5__/* .formatReference */ .FH)(this.ref);
    }
    /** A request with the registry's authentication: the first 401 is answered once, then reused. */
    async request(method, url) {
        let res = await this.send(method, url, this.authorization);
        if (res.status === 401 && !this.challenged) {
            this.challenged = true;
            await res.body?.cancel();
            this.authorization = await this.answerChallenge(res.headers.get('www-authenticate'));
            if (this.authorization !== undefined)
                res = await this.send(method, url, this.authorization);
        }
        return res;
    }
    async send(method, url, authorization, accept = MANIFEST_MEDIA_TYPES.join(', ')) {
        const headers = { accept, 'user-agent': _version_js__WEBPACK_IMPORTED_MODULE_7__/* .USER_AGENT */ ._ };
        if (authorization !== undefined)
            headers.authorization = authorization;
        try {
            return await (0,undici__WEBPACK_IMPORTED_MODULE_1__/* .fetch */ .hd)(url, {
                method,
                headers,
                signal: AbortSignal.timeout(this.options.timeoutMs),
                ...(this.options.dispatcher !== undefined && { dispatcher: this.options.dispatcher }),
            });
        }
        catch (error) {
            throw this.networkFailure(url, error);
        }
    }
    async readBody(res) {
        const length = Number(res.headers.get('content-length') ?? '0');
        if (length > MAX_MANIFEST_BYTES) {
            await res.body?.cancel();
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `the answer for ${this.describeRef()} is ${length} bytes, not a manifest`);
        }
        try {
            const body = Buffer.from(await res.arrayBuffer());
            if (body.length > MAX_MANIFEST_BYTES) {
                throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `the answer for ${this.describeRef()} is too large for a manifest`);
            }
            return body;
        }
        catch (error) {
            if (error instanceof _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8)
                throw error;
            throw this.networkFailure(res.url || this.manifestUrl, error);
        }
    }
    networkFailure(url, error) {
        const where = new URL(url).origin;
        const name = error?.name;
        if (name === 'TimeoutError' || name === 'AbortError') {
            return new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `no answer from ${where} within ${this.options.timeoutMs} ms`, 'Check that the registry is up and reachable from the runner (proxy settings: HTTPS_PROXY, NO_PROXY)', { cause: error });
        }
        return new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `cannot reach ${where}: ${describeNetworkError(error)}`, 'The registry is unreachable: check the registry host and port in the reference, that the registry is up ' +
            'and reachable from the runner, and the proxy settings (HTTPS_PROXY, NO_PROXY)', { cause: error });
    }
    /** The Authorization header that answers the registry's challenge, or undefined when there is no answer. */
    async answerChallenge(header) {
        if (header === null)
            return undefined;
        const { scheme, params } = parseChallenge(header);
        const creds = this.options.credentials;
        if (scheme === 'basic') {
            return creds ? basic(creds.username, creds.password) : undefined;
        }
        if (scheme !== 'bearer')
            return undefined;
        const realmText = params.realm ?? '';
        let realm;
        try {
            realm = new URL(realmText);
            if (realm.protocol !== 'https:' && realm.protocol !== 'http:')
                throw new Error('not http');
        }
        catch {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `the registry's Bearer challenge names no usable token realm ('${realmText}')`, 'The registry is misconfigured');
        }
        if (creds && realm.protocol === 'http:' && !(0,_api_config_js__WEBPACK_IMPORTED_MODULE_2__/* .isLoopbackHost */ .cW)(realm.hostname)) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `the token realm ${realm.origin}${realm.pathname} is plain http; the registry password is not sent in clear`, 'Use a registry whose token service is served over https');
        }
        if (params.service)
            realm.searchParams.set('service', params.service);
        realm.searchParams.set('scope', params.scope || `repository:${this.ref.repository}:pull`);
        if (creds)
            realm.searchParams.set('account', creds.username);
        const where = `the token service ${realm.origin}${realm.pathname}`;
        const res = await this.send('GET', realm.href, creds ? basic(creds.username, creds.password) : undefined, 'application/json');
        const text = (await this.readBody(res)).toString('utf8');
        if (res.status === 401 || res.status === 403) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `${where} refused ${creds ? 'the credentials' : 'an anonymous token'} (HTTP ${res.status})`, creds
                ? `${CREDENTIALS_HINT} (a token needs pull access to ${this.ref.repository})`
                : `The registry requires credentials: set registry-username and registry-password`);
        }
        if (!res.ok) {
            const said = registryErrors(text).text;
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `${where} answered HTTP ${res.status}${said ? `: ${said}` : ''}`, 'The registry or its token service is failing; retry later');
        }
        let token;
        try {
            const parsed = JSON.parse(text);
            token = parsed.token ?? parsed.access_token;
        }
        catch {
            token = undefined;
        }
        if (typeof token !== 'string' || token === '') {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `${where} answered without a token or access_token`);
        }
        return `Bearer ${token}`;
    }
    failure(status, body) {
        const { codes, text } = registryErrors(body);
        const said = text ? `: ${text}` : '';
        const repo = this.ref.repository;
        const creds = this.options.credentials !== undefined;
        switch (status) {
            case 401:
                return new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, creds
                    ? `authentication failed for ${repo} (HTTP 401${said})`
                    : `${repo} needs authentication (HTTP 401${said})`, creds
                    ? `${CREDENTIALS_HINT}: they must be valid for this registry and may pull ${repo}. Docker Hub also ` +
                        'answers 401 for a repository that does not exist'
                    : 'Set registry-username and registry-password for a private repository. Docker Hub also answers 401 ' +
                        'for a repository that does not exist, so check the name too');
            case 403:
                return new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `access to ${repo} denied (HTTP 403${said})`, `${CREDENTIALS_HINT}, and that this account may pull ${repo}`);
            case 404: {
                const what = codes.includes('NAME_UNKNOWN')
                    ? `repository ${repo} not found`
                    : this.ref.digest !== undefined
                        ? `manifest ${this.ref.digest} not found in ${repo}`
                        : `tag '${this.ref.tag ?? 'latest'}' not found in ${repo}`;
                return new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `${what} (HTTP 404${said})`, this.ref.digest !== undefined
                    ? 'No manifest with that digest was pushed to this repository: check the digest and the registry'
                    : 'The tag does not exist: it was never pushed, or was deleted. Check the reference (registry, ' +
                        'repository, tag) and push the image before fingerprinting it');
            }
            case 429:
                return new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `rate limited (HTTP 429${said})`, 'Retry later, or authenticate with registry-username and registry-password for a higher limit');
            default:
                return new _errors_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .SourceError */ .c8(this.source, `reading the manifest of ${this.describeRef()} failed with HTTP ${status}${said}`, status >= 500 ? 'The registry is failing; retry later' : undefined);
        }
    }
}
function basic(username, password) {
    const encoded = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
    // A registry error page may echo the header back: its encoded form is as secret as the password.
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_6__/* .registerSecret */ .cl)(encoded);
    return `Basic ${encoded}`;
}


/***/ }),

/***/ 3469:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FH: () => (/* binding */ formatReference),
/* harmony export */   RB: () => (/* binding */ sameRepository),
/* harmony export */   o_: () => (/* binding */ parseImageReference)
/* harmony export */ });
/* unused harmony exports DOCKER_HUB, DOCKER_HUB_API, EXPECTED_REFERENCE */
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
/**
 * Image references, parsed and normalized the way docker does (the grammar of the distribution project):
 *
 * - `nginx` is `docker.io/library/nginx:latest`; `org/app` is `docker.io/org/app:latest`;
 * - the first path component is a registry only when it holds a `.` or a `:`, is `localhost`, or has an upper-case
 *   letter (`ghcr.io/org/app`, `127.0.0.1:5000/app`, `localhost/app`); `index.docker.io` is `docker.io`;
 * - `name:tag`, `name@sha256:<hex>` and `name:tag@sha256:<hex>` (where, as in docker, the digest wins);
 * - the tag defaults to `latest` when there is no digest.
 */

const DOCKER_HUB = 'docker.io';
/** Where the registry API of Docker Hub is served (`docker.io` itself only redirects to the web site). */
const DOCKER_HUB_API = 'registry-1.docker.io';
const EXPECTED_REFERENCE = 'an image reference such as nginx, nginx:1.27, ghcr.io/org/app:1.0, 127.0.0.1:5000/app:dev or ' +
    'ghcr.io/org/app@sha256:<64 hex>';
const PATH_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = new RegExp(`^(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?$`);
const REPOSITORY = new RegExp(`^${PATH_COMPONENT}(?:/${PATH_COMPONENT})*$`);
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const SHA256 = /^sha256:[a-f0-9]{64}$/;
/** Docker's own limit on the length of a name (registry and repository). */
const NAME_MAX = 255;
/** Splits `name` into registry and remainder, as docker's `splitDockerDomain` does. */
function splitRegistry(name) {
    const slash = name.indexOf('/');
    const first = slash === -1 ? '' : name.slice(0, slash);
    if (slash === -1 || (!/[.:]/.test(first) && first !== 'localhost' && first.toLowerCase() === first)) {
        return [DOCKER_HUB, name];
    }
    return [first === 'index.docker.io' ? DOCKER_HUB : first, name.slice(slash + 1)];
}
/**
 * Parses and normalizes an image reference. A malformed one is an {@link InputError} on `input`, naming what is
 * wrong and the expected form.
 */
function parseImageReference(reference, input = 'artifact') {
    const text = reference.trim();
    const bad = (problem) => new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, problem, EXPECTED_REFERENCE);
    if (text === '')
        throw bad('the image reference is empty');
    if (/\s/.test(text))
        throw bad(`'${text}' contains white space`);
    if (text.includes('://'))
        throw bad(`'${text}' is a URL, not an image reference (leave out the scheme)`);
    let rest = text;
    let digest;
    const at = rest.indexOf('@');
    if (at !== -1) {
        digest = rest.slice(at + 1);
        rest = rest.slice(0, at);
        if (!SHA256.test(digest)) {
            throw bad(DIGEST.test(digest) || digest.startsWith('sha256:')
                ? `'${digest}' is not a sha256 digest of 64 lowercase hex characters`
                : `'${digest}' is not a digest (sha256:<64 hex>)`);
        }
    }
    let tag;
    const colon = rest.lastIndexOf(':');
    if (colon > rest.lastIndexOf('/')) {
        tag = rest.slice(colon + 1);
        rest = rest.slice(0, colon);
        if (!TAG.test(tag))
            throw bad(`'${tag}' is not a valid tag`);
    }
    if (rest === '')
        throw bad(`'${text}' has no repository name`);
    if (rest.length > NAME_MAX)
        throw bad(`the name is longer than ${NAME_MAX} characters`);
    const [registry, path] = splitRegistry(rest);
    if (!DOMAIN.test(registry))
        throw bad(`'${registry}' is not a valid registry host`);
    if (/^[a-f0-9]{64}$/.test(path)) {
        throw bad(`'${path}' looks like an image ID, not a repository name`);
    }
    if (path !== path.toLowerCase())
        throw bad(`the repository name '${path}' must be lowercase`);
    if (!REPOSITORY.test(path)) {
        throw bad(`'${path}' is not a valid repository name (lowercase letters, digits and separators . _ - between them)`);
    }
    const repository = registry === DOCKER_HUB && !path.includes('/') ? `library/${path}` : path;
    return {
        registry,
        apiHost: registry === DOCKER_HUB ? DOCKER_HUB_API : registry,
        repository,
        tag: tag ?? (digest === undefined ? 'latest' : undefined),
        digest,
    };
}
/** `registry/repository[:tag][@digest]`, fully qualified. */
function formatReference(ref) {
    return `${ref.registry}/${ref.repository}${ref.tag ? `:${ref.tag}` : ''}${ref.digest ? `@${ref.digest}` : ''}`;
}
/** Whether two references name the same repository of the same registry (tags and digests aside). */
function sameRepository(a, b) {
    return a.registry.toLowerCase() === b.registry.toLowerCase() && a.repository === b.repository;
}


/***/ })

};
