export const id = 47;
export const ids = [47];
export const modules = {

/***/ 1392:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cW: () => (/* binding */ isLoopbackHost),
/* harmony export */   kE: () => (/* binding */ proxyFromEnv),
/* harmony export */   pE: () => (/* binding */ resolveConfig),
/* harmony export */   qT: () => (/* binding */ normalizeBaseUrl),
/* harmony export */   zY: () => (/* binding */ DEFAULTS)
/* harmony export */ });
/* unused harmony export silentLogger */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/* harmony import */ var _schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8164);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(311);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8625);
/**
 * The client's configuration: read once, validated before any request is sent.
 */




const silentLogger = { debug: () => undefined, warning: () => undefined };
/** A hung service holds a step for 120 s at most; an attempt gets 30 s, so that retries fit in the budget. */
const DEFAULTS = {
    attemptTimeoutMs: 30_000,
    deadlineMs: 120_000,
    retries: 3,
    backoffBaseMs: 1_000,
    maxWaitMs: 60_000,
    // Far above any documented answer (a 100-item page, a diff of thousands of artifacts).
    maxResponseBytes: 64 * 1024 * 1024,
};
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
function isLoopbackHost(hostname) {
    return LOOPBACK.test(hostname) || hostname.endsWith('.localhost');
}
/** Accepts an origin or an origin with `/api/v2`, and returns the API root ending in `/api/v2`. */
function normalizeBaseUrl(value, allowInsecureHttp = false, input = 'api-url') {
    const expected = 'an https URL such as https://compliance.example.com or https://compliance.example.com/api/v2';
    const trimmed = value.trim();
    if (!trimmed)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, 'is empty', expected);
    let url;
    try {
        url = new URL(trimmed);
    }
    catch {
        // Quoted only when it cannot hold credentials: `user:pass@` in a value that does not parse is not found reliably.
        const shown = trimmed.includes('@') ? 'the value (not quoted: it may hold credentials)' : `'${trimmed}'`;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `${shown} is not a URL`, expected);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `scheme '${url.protocol}' is not supported`, expected);
    }
    if (url.username || url.password) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, 'must not carry credentials; pass the token as api-token', expected);
    }
    if (url.search || url.hash) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, 'must not have a query or fragment', expected);
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecureHttp) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `plain http to '${url.hostname}' would send the token in clear text`, 'an https URL (plain http is allowed only to loopback, unless explicitly allowed)');
    }
    const path = url.pathname.replace(/\/+$/, '');
    if (/\/api(\/|$)/i.test(path) && !/\/api\/v2$/.test(path)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `the path '${url.pathname}' is not the root of API v2 (a pasted endpoint, or another version)`, expected);
    }
    url.pathname = /\/api\/v2$/.test(path) ? path : `${path}/api/v2`;
    return url;
}
function bounded(name, value, fallback, min, integer = false) {
    if (value === undefined)
        return fallback;
    if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(name, `${value} is out of range`, `${integer ? 'a whole number' : 'a number'} of at least ${min}`);
    }
    return value;
}
function resolveConfig(options) {
    const token = options.token.trim();
    // Both forms: a padded token may be echoed either way.
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_2__/* .registerSecret */ .cl)(options.token);
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_2__/* .registerSecret */ .cl)(token);
    if (!token)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('api-token', 'is empty', 'the API token of the compliance service');
    if (/[\r\n]/.test(token))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('api-token', 'contains a line break', 'the token on a single line');
    if (!/^[\x21-\x7e]+$/.test(token)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('api-token', 'contains a space or a character that is not printable ASCII', 'the token exactly as issued');
    }
    if (!_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .OrgName */ .Q6.safeParse(options.org).success) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('org', `'${options.org}' is not a valid organization name`, _schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .expectedForms */ .uc.org);
    }
    return {
        apiRoot: normalizeBaseUrl(options.baseUrl, options.allowInsecureHttp),
        org: options.org,
        token,
        attemptTimeoutMs: bounded('attemptTimeoutMs', options.attemptTimeoutMs, DEFAULTS.attemptTimeoutMs, 1),
        deadlineMs: bounded('deadlineMs', options.deadlineMs, DEFAULTS.deadlineMs, 1),
        deadlineSetting: options.deadlineSetting,
        retries: bounded('retries', options.retries, DEFAULTS.retries, 0, true),
        backoffBaseMs: bounded('backoffBaseMs', options.backoffBaseMs, DEFAULTS.backoffBaseMs, 0),
        maxWaitMs: bounded('maxWaitMs', options.maxWaitMs, DEFAULTS.maxWaitMs, 0),
        maxResponseBytes: bounded('maxResponseBytes', options.maxResponseBytes, DEFAULTS.maxResponseBytes, 1, true),
        userAgent: options.userAgent ?? _version_js__WEBPACK_IMPORTED_MODULE_3__/* .USER_AGENT */ ._,
        proxy: options.proxy ?? {},
        logger: options.logger ?? silentLogger,
        random: options.random ?? Math.random,
    };
}
/** Proxy settings as the usual environment variables give them (lowercase wins, as curl and undici do). */
function proxyFromEnv(env) {
    const pick = (name) => env[name.toLowerCase()] || env[name.toUpperCase()] || undefined;
    const settings = {};
    const http = pick('http_proxy');
    const https = pick('https_proxy');
    const no = pick('no_proxy');
    if (http)
        settings.httpProxy = http;
    if (https)
        settings.httpsProxy = https;
    if (no)
        settings.noProxy = no;
    return settings;
}


/***/ }),

/***/ 6443:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  G5: () => (/* binding */ HttpTransport),
  gG: () => (/* binding */ NonJsonBody),
  SM: () => (/* binding */ createDispatcher)
});

// UNUSED EXPORTS: readErrorBody

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
;// CONCATENATED MODULE: ./src/api/query.ts
/**
 * Query and path encoding as the service expects it.
 */
/**
 * Encodes a query: arrays as repeated keys (`commit_list=a&commit_list=b`, never comma-joined: a joined value is one
 * element that fails the SHA pattern), null and undefined left out.
 */
function encodeQuery(query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
        if (value === undefined || value === null)
            continue;
        if (Array.isArray(value)) {
            for (const item of value)
                params.append(key, String(item));
        }
        else {
            params.append(key, String(value));
        }
    }
    const text = params.toString();
    return text ? `?${text}` : '';
}

// EXTERNAL MODULE: ./src/trust/text.ts
var trust_text = __webpack_require__(6623);
;// CONCATENATED MODULE: ./src/api/retry.ts
/**
 * The retry policy, as pure functions: what is worth another attempt, and how long to wait before it.
 */
/** Network errors, 409 (lock conflict), 429 and 5xx other than 501 (which will not change on retry). */
function isRetryableStatus(status) {
    return status === 409 || status === 429 || (status >= 500 && status <= 599 && status !== 501);
}
/**
 * Parses a `Retry-After` header: delta seconds or an HTTP date. Returns milliseconds from `now`, or undefined when
 * the header is absent or unreadable.
 */
function parseRetryAfter(value, now = Date.now()) {
    if (value === undefined)
        return undefined;
    const text = value.trim();
    if (/^\d+$/.test(text))
        return Number(text) * 1000;
    if (!text || /^[+-]?\d/.test(text))
        return undefined;
    const date = Date.parse(text);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - now);
}
/**
 * Exponential backoff with "equal jitter": the n-th retry (1-based) waits between half and all of base * 2^(n-1),
 * so concurrent clients spread out but none retries at once. A server's `Retry-After` wins over the backoff. Every
 * wait is capped at maxWaitMs.
 */
function retryDelay(retry, opts) {
    if (opts.retryAfterMs !== undefined)
        return Math.min(opts.retryAfterMs, opts.maxWaitMs);
    const exp = opts.baseMs * 2 ** (retry - 1);
    const jittered = exp / 2 + opts.random() * (exp / 2);
    return Math.min(Math.round(jittered), opts.maxWaitMs);
}

// EXTERNAL MODULE: ./src/trust/redact.ts
var redact = __webpack_require__(8625);
;// CONCATENATED MODULE: ./src/api/http.ts
/**
 * HTTP over undici: keep-alive, proxies, per-attempt timeout, overall deadline, retries with backoff and jitter.
 * Every timer it starts is cleared or awaited, so a process that closes the transport exits at once.
 */






/** What the server said in an error body, in whichever of its shapes it came. */
function readErrorBody(body, contentType) {
    if (body === undefined || body === null)
        return {};
    if (typeof body === 'string') {
        if (contentType?.includes('json'))
            return { message: body };
        const text = body
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim();
        if (!text)
            return {};
        return { message: `non-JSON response${contentType ? ` (${contentType})` : ''}: ${(0,trust_text/* cutText */.IN)(text, 200)}` };
    }
    if (typeof body === 'object' && !Array.isArray(body)) {
        const o = body;
        const out = {};
        if (typeof o.message === 'string')
            out.message = o.message;
        if (o.errors && typeof o.errors === 'object' && !Array.isArray(o.errors)) {
            out.fieldErrors = Object.fromEntries(Object.entries(o.errors).map(([k, v]) => [
                k,
                typeof v === 'string' ? v : JSON.stringify(v),
            ]));
        }
        if (!out.message && !out.fieldErrors)
            out.message = (0,trust_text/* cutText */.IN)(JSON.stringify(body), 200);
        return out;
    }
    return { message: (0,trust_text/* cutText */.IN)(JSON.stringify(body), 200) };
}
function parseBody(text, contentType) {
    if (text.trim() === '')
        return undefined;
    try {
        return JSON.parse(text);
    }
    catch {
        // Kept as text: error bodies from proxies are HTML; a 2xx that is not JSON is reported by the caller.
        return contentType?.includes('json') ? text : new NonJsonBody(text);
    }
}
/** The body as text, or undefined once it passes `limit` bytes (the rest is not read: the socket is dropped). */
async function readLimited(body, limit) {
    const chunks = [];
    let size = 0;
    for await (const chunk of body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        size += bytes.length;
        if (size > limit) {
            body.destroy();
            return undefined;
        }
        chunks.push(bytes);
    }
    return Buffer.concat(chunks).toString('utf8');
}
/** A body that is not JSON, kept for the error message. */
class NonJsonBody {
    text;
    constructor(text) {
        this.text = text;
    }
}
function describeNetworkError(err) {
    const code = (0,errors/* errorCode */.CA)(err);
    const message = err instanceof Error ? err.message : String(err);
    return code && !message.includes(code) ? `${message} (${code})` : message;
}
function apiError(endpoint, outcome, attempts, note) {
    const said = readErrorBody(outcome.body instanceof NonJsonBody ? outcome.body.text : outcome.body, outcome.contentType);
    return new errors/* ApiError */.hD({
        endpoint,
        status: outcome.status,
        ...(said.message !== undefined && { serverMessage: said.message }),
        ...(said.fieldErrors !== undefined && { fieldErrors: said.fieldErrors }),
        attempts,
        ...(note !== undefined && { note }),
    });
}
/** Waits `ms`, or less when `signal` aborts; the timer is cleared either way. */
function sleep(ms, signal) {
    return new Promise((resolve) => {
        if (signal.aborted) {
            resolve();
            return;
        }
        const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
    });
}
/** undici errors that come from the request itself, not the network: retrying cannot help. */
const NOT_RETRYABLE_CODES = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'ERR_INVALID_URL']);
/** The one way to a dispatcher that honours the runner's proxy settings (the service, and registries too). */
function createDispatcher(proxy) {
    const agentOptions = { keepAliveTimeout: 10_000, connections: 16 };
    const { httpProxy, httpsProxy, noProxy } = proxy;
    if (httpProxy || httpsProxy) {
        // Empty strings (not undefined) so undici does not read process.env behind the configuration's back.
        return new undici/* EnvHttpProxyAgent */.J2({
            ...agentOptions,
            httpProxy: httpProxy ?? '',
            httpsProxy: httpsProxy ?? '',
            noProxy: noProxy ?? '',
        });
    }
    return new undici/* Agent */.g6(agentOptions);
}
class HttpTransport {
    config;
    dispatcher;
    /** Aborted by close(): stops waits and requests still under way, so nothing outlives the client. */
    closing = new AbortController();
    /** One deadline for every call: the budget is the client's (a step's), not each call's. */
    deadlineAt;
    constructor(config, dispatcher) {
        this.config = config;
        this.dispatcher = dispatcher ?? createDispatcher(config.proxy);
        this.deadlineAt = Date.now() + config.deadlineMs;
    }
    url(path, query) {
        const url = new URL(this.config.apiRoot.href);
        url.pathname = `${url.pathname}${path}`;
        url.search = query ? encodeQuery(query) : '';
        return url;
    }
    async send(req) {
        const { config } = this;
        const url = this.url(req.path, req.query);
        const headers = {
            authorization: `Bearer ${config.token}`,
            accept: 'application/json',
            'user-agent': config.userAgent,
        };
        let payload;
        if (req.body !== undefined) {
            payload = JSON.stringify(req.body);
            headers['content-type'] = 'application/json; charset=utf-8';
        }
        const { deadlineAt } = this;
        const maxAttempts = config.retries + 1;
        let lastServerMessage;
        let attempt = 0;
        const outOfTime = (attempts) => new errors/* TimeoutError */.MU(req.endpoint, 'deadline', config.deadlineMs, attempts, lastServerMessage, config.deadlineSetting);
        for (;;) {
            attempt++;
            const remaining = deadlineAt - Date.now();
            if (remaining <= 0)
                throw outOfTime(attempt - 1);
            config.logger.debug(`${req.method} ${(0,redact/* redact */.E$)(url.href)} (attempt ${attempt}/${maxAttempts})`);
            // An attempt never outlives the budget: cut short, its timeout is the budget's.
            const limit = Math.min(config.attemptTimeoutMs, remaining);
            const outcome = await this.attempt(req.method, url, headers, payload, limit);
            const last = attempt >= maxAttempts;
            let retryAfterMs;
            switch (outcome.kind) {
                case 'closed':
                    throw new errors/* NetworkError */.Dr(req.endpoint, 'the client was closed', attempt, lastServerMessage);
                case 'too-large':
                    throw new errors/* UnexpectedResponseError */.dk(req.endpoint, '', `the answer is larger than ${config.maxResponseBytes} bytes; not read`);
                case 'response': {
                    if (outcome.status === 200 || outcome.status === 201) {
                        const { status, body, text, contentType } = outcome;
                        return { status, body, text, ...(contentType !== undefined && { contentType }) };
                    }
                    const error = apiError(req.endpoint, outcome, attempt);
                    lastServerMessage = error.serverMessage ?? lastServerMessage;
                    if (!isRetryableStatus(outcome.status) || last)
                        throw error;
                    retryAfterMs = parseRetryAfter(outcome.retryAfter);
                    if (retryAfterMs !== undefined && retryAfterMs > config.maxWaitMs) {
                        // The server asks for a longer pause than we may wait: retrying early would only be refused again.
                        throw apiError(req.endpoint, outcome, attempt, `the service asked to retry after ${Math.ceil(retryAfterMs / 1000)} s`);
                    }
                    break;
                }
                case 'network':
                    if (!outcome.retryable || last) {
                        throw new errors/* NetworkError */.Dr(req.endpoint, describeNetworkError(outcome.error), attempt, lastServerMessage, {
                            cause: outcome.error,
                        });
                    }
                    break;
                case 'attempt-timeout':
                    if (limit < config.attemptTimeoutMs)
                        throw outOfTime(attempt);
                    if (last) {
                        throw new errors/* TimeoutError */.MU(req.endpoint, 'attempt', config.attemptTimeoutMs, attempt, lastServerMessage);
                    }
                    break;
            }
            const wait = retryDelay(attempt, {
                baseMs: config.backoffBaseMs,
                maxWaitMs: config.maxWaitMs,
                random: config.random,
                ...(retryAfterMs !== undefined && { retryAfterMs }),
            });
            if (Date.now() + wait >= deadlineAt) {
                // Waiting would pass the deadline: give up now, with what the server last said.
                if (outcome.kind === 'response')
                    throw apiError(req.endpoint, outcome, attempt);
                throw outOfTime(attempt);
            }
            const why = outcome.kind === 'response'
                ? `HTTP ${outcome.status}`
                : outcome.kind === 'network'
                    ? describeNetworkError(outcome.error)
                    : 'attempt timed out';
            config.logger.debug(`${req.endpoint}: ${(0,redact/* redact */.E$)(why)}; retrying in ${wait} ms`);
            await sleep(wait, this.closing.signal);
        }
    }
    async attempt(method, url, headers, payload, limitMs) {
        if (this.closing.signal.aborted)
            return { kind: 'closed' };
        const timeout = new AbortController();
        const timer = setTimeout(() => {
            timeout.abort();
        }, limitMs);
        try {
            const res = await (0,undici/* request */.Em)(url, {
                method,
                headers,
                body: payload ?? null,
                signal: AbortSignal.any([timeout.signal, this.closing.signal]),
                dispatcher: this.dispatcher,
                headersTimeout: limitMs,
                bodyTimeout: limitMs,
            });
            const text = await readLimited(res.body, this.config.maxResponseBytes);
            if (text === undefined)
                return { kind: 'too-large' };
            const header = (name) => {
                const v = res.headers[name];
                return Array.isArray(v) ? v[0] : v;
            };
            const contentType = header('content-type');
            const retryAfter = header('retry-after');
            return {
                kind: 'response',
                status: res.statusCode,
                body: parseBody(text, contentType),
                text,
                ...(contentType !== undefined && { contentType }),
                ...(retryAfter !== undefined && { retryAfter }),
            };
        }
        catch (error) {
            if (this.isClosed())
                return { kind: 'closed' };
            if (timeout.signal.aborted)
                return { kind: 'attempt-timeout' };
            const code = (0,errors/* errorCode */.CA)(error);
            if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
                return { kind: 'attempt-timeout' };
            return { kind: 'network', error, retryable: !NOT_RETRYABLE_CODES.has(code ?? '') };
        }
        finally {
            clearTimeout(timer);
        }
    }
    isClosed() {
        return this.closing.signal.aborted;
    }
    /** Stops waits and requests under way and closes kept-alive sockets. */
    async close() {
        if (this.closing.signal.aborted)
            return;
        this.closing.abort();
        await this.dispatcher.close();
    }
}


/***/ }),

/***/ 1974:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  hD: () => (/* reexport */ errors/* ApiError */.hD),
  tS: () => (/* reexport */ ComplianceClient),
  dz: () => (/* reexport */ errors/* InputError */.dz),
  Dr: () => (/* reexport */ errors/* NetworkError */.Dr),
  c8: () => (/* reexport */ errors/* SourceError */.c8),
  u4: () => (/* reexport */ parse/* isRecord */.u4),
  qT: () => (/* reexport */ config/* normalizeBaseUrl */.qT),
  "in": () => (/* reexport */ parse/* shownField */["in"]),
  tf: () => (/* reexport */ validate)
});

// UNUSED EXPORTS: COMMITS_PER_REQUEST, ComplianceError, DEFAULTS, SNAPSHOT_FORMS, SNAPSHOT_UNITS, TimeoutError, UndeliveredError, UnexpectedResponseError, encodeQuery, endpointLabel, endpoints, errorCode, fetchAllPages, fillPath, formatPath, formatSnapshotExpression, isLoopbackHost, isRetryableStatus, mapBounded, parseResponse, parseRetryAfter, parseSnapshotExpression, proxyFromEnv, readPage, resolveConfig, retryDelay, schemas, shownItems, silentLogger

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./src/api/config.ts
var config = __webpack_require__(1392);
// EXTERNAL MODULE: ./src/api/schemas.ts
var api_schemas = __webpack_require__(8164);
;// CONCATENATED MODULE: ./src/api/endpoints.ts
/**
 * The nine operations of API v2: method, path template and schemas, in one table that the client, the sandbox and
 * the OpenAPI document all read.
 */


const org = api_schemas/* OrgName */.Q6;
const endpoints = {
    listAttestationsForCommits: {
        method: 'GET',
        path: '/attestations/{org}/list_attestations_for_criteria',
        summary: 'List attestations matching criteria',
        params: { org },
        query: api_schemas/* AttestationsForCommitsQuery */.Ft,
        status: 200,
        response: api_schemas/* AttestationsByCommit */.u5,
    },
    listTrails: {
        method: 'GET',
        path: '/trails/{org}',
        summary: 'List trails for an organization',
        params: { org },
        query: api_schemas/* ListTrailsQuery */.Q9,
        status: 200,
        response: schemas/* union */.KCZ([
            schemas/* array */.YOg(api_schemas/* Trail */.om),
            schemas/* looseObject */._H3({ data: schemas/* array */.YOg(api_schemas/* Trail */.om), pagination: api_schemas/* Pagination */.dK.optional() }),
        ]),
    },
    getDeployment: {
        method: 'GET',
        path: '/deployments/{org}/{env_name}/{fingerprint}',
        summary: 'Get a deployment',
        params: { org, env_name: api_schemas/* EnvName */.xH, fingerprint: api_schemas/* Fingerprint */.$A },
        status: 200,
        response: api_schemas/* Deployment */.Sn,
    },
    reportArtifact: {
        method: 'POST',
        path: '/artifacts/{org}/{flow_name}',
        summary: 'Report an artifact',
        params: { org, flow_name: api_schemas/* FlowName */.iV },
        body: api_schemas/* ReportArtifactBody */.Fi,
        status: 201,
        response: api_schemas/* ReportArtifactResult */.sN,
    },
    listFlowAttestations: {
        method: 'GET',
        path: '/attestations/{org}/{flow_name}',
        summary: 'List flow attestations',
        params: { org, flow_name: api_schemas/* FlowName */.iV },
        query: api_schemas/* FlowAttestationsQuery */._B,
        status: 200,
        response: schemas/* looseObject */._H3({ data: schemas/* array */.YOg(api_schemas/* Attestation */.Tn), pagination: api_schemas/* Pagination */.dK.optional() }),
    },
    getArtifact: {
        method: 'GET',
        path: '/artifacts/{org}/{flow_name}/fingerprint/{fingerprint}',
        summary: 'Get artifact by fingerprint',
        params: { org, flow_name: api_schemas/* FlowName */.iV, fingerprint: api_schemas/* Fingerprint */.$A },
        query: api_schemas/* GetArtifactQuery */.BR,
        status: 200,
        response: api_schemas/* Artifact */.FV,
    },
    diffEnvironments: {
        method: 'GET',
        path: '/env-diff/{org}',
        summary: 'Get environment diff',
        params: { org },
        query: api_schemas/* EnvDiffQuery */.Z4,
        status: 200,
        response: api_schemas/* EnvDiff */.V$,
    },
    reportK8sEnvironment: {
        method: 'PUT',
        path: '/environments/{org}/{env_name}/report/K8S',
        summary: 'Report a K8S environment',
        params: { org, env_name: api_schemas/* EnvName */.xH },
        body: api_schemas/* K8sReportBody */.FE,
        status: 200,
        response: api_schemas/* K8sReportResult */.oR,
    },
    listActions: {
        method: 'GET',
        path: '/actions/{org}',
        summary: 'List actions',
        params: { org },
        status: 200,
        response: schemas/* array */.YOg(api_schemas/* Action */.rc),
    },
};
/** `GET /trails/{org}`: how messages name an operation. */
function endpointLabel(name) {
    const e = endpoints[name];
    return `${e.method} ${e.path}`;
}
/** Fills a path template, percent-escaping each parameter. */
function fillPath(template, params) {
    return template.replace(/\{(\w+)\}/g, (_, key) => {
        const value = params[key];
        if (value === undefined)
            throw new Error(`missing path parameter ${key}`);
        return encodeURIComponent(value);
    });
}

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/trust/text.ts
var trust_text = __webpack_require__(6623);
// EXTERNAL MODULE: ./src/api/http.ts + 2 modules
var http = __webpack_require__(6443);
// EXTERNAL MODULE: ./src/api/parse.ts
var parse = __webpack_require__(8247);
;// CONCATENATED MODULE: ./src/api/pagination.ts
/**
 * The one pagination helper. The service answers a list in three shapes (a bare list, an envelope without
 * `pagination` when there is one page, a full envelope); `readPage` accepts each, and `fetchAllPages` reads every
 * page: the first, then the rest concurrently with a bound, stopping at a cap on items.
 */




const Envelope = schemas/* looseObject */._H3({ data: schemas/* array */.YOg(schemas/* unknown */.L5J()), pagination: schemas/* unknown */.L5J().optional() });
/**
 * One page, in any of the three shapes. Each item must have the item's shape at its root (an object, for the
 * resources of the spec): a list of something else is not a page of them. Its fields are read tolerantly.
 */
function readPage(raw, item, endpoint) {
    if (Array.isArray(raw))
        return { items: (0,parse/* parseResponse */.xp)(schemas/* array */.YOg(item), raw, endpoint, { required: ['[]'] }) };
    const envelope = Envelope.safeParse(raw);
    if (!envelope.success) {
        throw new errors/* UnexpectedResponseError */.dk(endpoint, '', 'expected a list or an object with a "data" list');
    }
    const items = (0,parse/* parseResponse */.xp)(schemas/* looseObject */._H3({ data: schemas/* array */.YOg(item) }), raw, endpoint, {
        required: ['data[]'],
    }).data;
    const pagination = envelope.data.pagination;
    if (pagination === undefined || pagination === null)
        return { items };
    const parsed = api_schemas/* Pagination */.dK.safeParse(pagination);
    if (!parsed.success) {
        throw new errors/* UnexpectedResponseError */.dk(endpoint, 'pagination', 'is not {total, page, per_page, page_count}');
    }
    return { items, pagination: parsed.data };
}
/**
 * Runs `fn` over `items` with at most `limit` in flight, keeping their order in the result. At the first failure no
 * further item is started, and the failure is what the call rejects with.
 */
async function mapBounded(items, limit, fn) {
    const results = new Array(items.length);
    let next = 0;
    let failed = false;
    const worker = async () => {
        while (!failed && next < items.length) {
            const index = next++;
            try {
                results[index] = await fn(items[index]);
            }
            catch (error) {
                failed = true;
                throw error;
            }
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
    return results;
}
async function fetchAllPages(fetchPage, options) {
    const { perPage, maxItems } = options;
    const first = await fetchPage(1, perPage);
    const items = [...first.items];
    let pagesRead = 1;
    if (first.pagination) {
        // The server's own page size counts: it may serve fewer per page than asked for.
        const served = Math.max(1, first.pagination.per_page || perPage);
        const pageCount = Math.min(first.pagination.page_count, Math.ceil(maxItems / served));
        const rest = Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
        const pages = await mapBounded(rest, options.concurrency, (page) => fetchPage(page, perPage));
        for (const page of pages)
            items.push(...page.items);
        pagesRead += pages.length;
        const total = first.pagination.total;
        return {
            items: items.slice(0, maxItems),
            total,
            truncated: total > Math.min(items.length, maxItems),
            pagesRead,
        };
    }
    // No pagination object: the spec says that means one page. A server that leaves it out on a full page is still
    // read to the end, one page at a time, until a short or empty page (or a page that repeats the first).
    let full = first.items.length >= perPage;
    while (full && items.length < maxItems) {
        const next = await fetchPage(pagesRead + 1, perPage);
        pagesRead++;
        if (next.items.length === 0 || repeats(first, next)) {
            full = false;
            break;
        }
        items.push(...next.items);
        full = next.items.length >= perPage;
    }
    const truncated = items.length > maxItems || (items.length === maxItems && full);
    return { items: items.slice(0, maxItems), total: items.length, truncated, pagesRead };
}
function repeats(a, b) {
    return (a.items.length > 0 && b.items.length > 0 && JSON.stringify(a.items[0]) === JSON.stringify(b.items[0]));
}

// EXTERNAL MODULE: ./src/api/snapshot.ts
var snapshot = __webpack_require__(3218);
;// CONCATENATED MODULE: ./src/api/validate.ts



function show(value) {
    if (value === undefined)
        return 'missing';
    const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
function valueAt(root, path) {
    let current = root;
    for (const key of path) {
        if (current === null || typeof current !== 'object')
            return undefined;
        current = current[key];
    }
    return current;
}
/**
 * Validates `value` against `schema`; on failure throws an InputError naming the field as `<location>.<path>`
 * (or `location` alone for a single value, e.g. an action input's name).
 */
function validate(schema, value, location) {
    const result = schema.safeParse(value);
    if (result.success)
        return result.data;
    const issue = result.error.issues[0];
    if (!issue)
        throw new errors/* InputError */.dz(location, 'is not valid');
    const field = issue.path.length > 0 ? `${location}.${(0,parse/* formatPath */.jV)(issue.path)}` : location;
    const bad = valueAt(value, issue.path);
    const message = issue.message.replace(/^Invalid input:\s*/, '');
    if (issue.code === 'unrecognized_keys') {
        throw new errors/* InputError */.dz(field, `unknown field(s) ${issue.keys.join(', ')}`, 'only the fields of the API');
    }
    if (issue.code === 'invalid_key') {
        const key = String(issue.path.at(-1));
        const form = location === 'body' && issue.path[0] === 'annotations'
            ? `. Keys must be ${api_schemas/* expectedForms */.uc.annotationKey}`
            : '';
        throw new errors/* InputError */.dz(field, `the key '${key}' is not valid${form}`);
    }
    if (bad === undefined && issue.code === 'invalid_type')
        throw new errors/* InputError */.dz(field, 'is required');
    throw new errors/* InputError */.dz(field, `${show(bad)} ${message.startsWith('must') ? message : `is not valid: ${message}`}`);
}

;// CONCATENATED MODULE: ./src/api/client.ts











/** How many commits go in one `list_attestations_for_criteria` request (keeps the URL well under 8 KiB). */
const COMMITS_PER_REQUEST = 100;
class ComplianceClient {
    config;
    http;
    /** Throws an InputError for a bad URL, org or token before any connection is made. */
    constructor(options, dispatcher) {
        this.config = (0,config/* resolveConfig */.pE)(options);
        this.http = new http/* HttpTransport */.G5(this.config, dispatcher);
    }
    /** The URL an operation would be sent to, for dry runs and messages. */
    urlFor(name, params = {}, query) {
        return this.http.url(fillPath(endpoints[name].path, { org: this.config.org, ...params }), query).href;
    }
    /** Sends one operation and returns the answer as it came (200 or 201: anything else throws). */
    async send(name, params, query, body) {
        const spec = endpoints[name];
        return this.http.send({
            method: spec.method,
            path: fillPath(spec.path, { org: this.config.org, ...params }),
            ...(query !== undefined && { query }),
            ...(body !== undefined && { body }),
            endpoint: endpointLabel(name),
        });
    }
    /** Reads one operation: its answer must be JSON. */
    async call(name, params, query) {
        const response = await this.send(name, params, query);
        if (response.body instanceof http/* NonJsonBody */.gG) {
            throw new errors/* UnexpectedResponseError */.dk(endpointLabel(name), '', `body is not JSON: ${(0,trust_text/* cutText */.IN)(response.body.text, 200)}`);
        }
        return response.body;
    }
    /**
     * Sends a report: delivered only when the service answers in the documented form (see `DELIVERED`). Anything else
     * (a proxy's login page, an empty body, JSON of another shape) throws, saying what came back.
     */
    async write(name, params, body, documented) {
        const response = await this.send(name, params, undefined, body);
        const answer = isJsonType(response.contentType) ? documented.safeParse(response.body) : undefined;
        if (answer?.success)
            return answer.data;
        const type = response.contentType === undefined
            ? 'no content type'
            : `content type ${(0,trust_text/* quoteText */.ol)(response.contentType)}`;
        const start = response.text.trim() === '' ? 'an empty body' : `first line ${(0,trust_text/* quoteText */.ol)(response.text)}`;
        throw new errors/* UnexpectedResponseError */.dk(endpointLabel(name), '', `HTTP ${response.status}, ${type}, ${start}: not the documented answer (${DELIVERED[name]}), ` +
            'so the report is not taken as delivered');
    }
    /** GET /attestations/{org}/list_attestations_for_criteria: every requested commit maps to a list (maybe empty). */
    async listAttestationsForCommits(query) {
        const q = validate(api_schemas/* AttestationsForCommitsQuery */.Ft, query, 'query');
        const commits = [...new Set(q.commit_list)];
        const chunks = [];
        for (let i = 0; i < commits.length; i += COMMITS_PER_REQUEST) {
            chunks.push(commits.slice(i, i + COMMITS_PER_REQUEST));
        }
        const label = endpointLabel('listAttestationsForCommits');
        const parts = await mapBounded(chunks, 4, async (chunk) => {
            const raw = await this.call('listAttestationsForCommits', {}, { ...q, commit_list: chunk });
            // One observed variant wraps the map as {"attestations": {...}}.
            // A SHA can never be the key "attestations", so the two shapes cannot be confused.
            const map = (0,parse/* isRecord */.u4)(raw) && (0,parse/* isRecord */.u4)(raw.attestations) ? raw.attestations : raw;
            const part = (0,parse/* parseResponse */.xp)(api_schemas/* AttestationsByCommit */.u5, map, label, {
                required: COMMIT_ATTESTATION_DECIDES,
            });
            checkAttestationsAbout(label, part, chunk, q);
            return part;
        });
        const merged = {};
        for (const commit of commits)
            merged[commit] = [];
        for (const part of parts) {
            // Every key is read, so a value of the wrong type throws here instead of passing as "no attestations".
            for (const commit of Object.getOwnPropertyNames(part))
                merged[commit] = part[commit];
        }
        return merged;
    }
    /** GET /trails/{org}: one page. */
    async listTrails(query = {}) {
        const q = validate(api_schemas/* ListTrailsQuery */.Q9, query, 'query');
        const raw = await this.call('listTrails', {}, q);
        return readPage(raw, api_schemas/* Trail */.om, endpointLabel('listTrails'));
    }
    /** GET /trails/{org}: every page, up to a cap. */
    async listAllTrails(query = {}, options = {}) {
        const opts = readAllOptions(options);
        validate(api_schemas/* ListTrailsQuery */.Q9, query, 'query');
        return fetchAllPages((page, per_page) => this.listTrails({ ...query, page, per_page }), opts);
    }
    /** GET /deployments/{org}/{env_name}/{fingerprint} */
    async getDeployment(envName, fingerprint) {
        const env = validate(api_schemas/* EnvName */.xH, envName, 'env_name');
        const fp = validate(api_schemas/* Fingerprint */.$A, fingerprint, 'fingerprint');
        const raw = await this.call('getDeployment', { env_name: env, fingerprint: fp });
        const label = endpointLabel('getDeployment');
        // The fingerprint and the time decide found; the environment, where named, must be the one asked.
        const answer = (0,parse/* parseResponse */.xp)(api_schemas/* Deployment */.Sn, raw, label, {
            required: ['fingerprint', 'deployed_at', 'env_name'],
        });
        sameAsAsked(label, 'fingerprint', answer.fingerprint, fp);
        sameAsAsked(label, 'env_name', answer.env_name, env);
        return answer;
    }
    /** POST /artifacts/{org}/{flow_name}: creates or updates the artifact of (flow, fingerprint). */
    async reportArtifact(flowName, body) {
        const flow = validate(api_schemas/* FlowName */.iV, flowName, 'flow_name');
        const payload = validate(api_schemas/* ReportArtifactBody */.Fi, body, 'body');
        return this.write('reportArtifact', { flow_name: flow }, payload, api_schemas/* ReportArtifactResult */.sN);
    }
    /** GET /attestations/{org}/{flow_name}: one page. */
    async listFlowAttestations(flowName, query = {}) {
        const flow = validate(api_schemas/* FlowName */.iV, flowName, 'flow_name');
        const q = validate(api_schemas/* FlowAttestationsQuery */._B, query, 'query');
        const raw = await this.call('listFlowAttestations', { flow_name: flow }, q);
        return readPage(raw, api_schemas/* Attestation */.Tn, endpointLabel('listFlowAttestations'));
    }
    /** GET /attestations/{org}/{flow_name}: every page, up to a cap. */
    async listAllFlowAttestations(flowName, query = {}, options = {}) {
        const opts = readAllOptions(options);
        validate(api_schemas/* FlowName */.iV, flowName, 'flow_name');
        validate(api_schemas/* FlowAttestationsQuery */._B, query, 'query');
        return fetchAllPages((page, per_page) => this.listFlowAttestations(flowName, { ...query, page, per_page }), opts);
    }
    /** GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint} */
    async getArtifact(flowName, fingerprint, query = {}) {
        const flow = validate(api_schemas/* FlowName */.iV, flowName, 'flow_name');
        const fp = validate(api_schemas/* Fingerprint */.$A, fingerprint, 'fingerprint');
        const q = validate(api_schemas/* GetArtifactQuery */.BR, query, 'query');
        const raw = await this.call('getArtifact', { flow_name: flow, fingerprint: fp }, q);
        const label = endpointLabel('getArtifact');
        // The fields the spec marks required, the state the outcome rests on, and the trail when one was asked.
        const artifact = (0,parse/* parseResponse */.xp)(api_schemas/* Artifact */.FV, raw, label, {
            required: [...api_schemas/* ARTIFACT_REQUIRED */.Xj, 'state', ...(q.trail !== undefined ? ['trail_name'] : [])],
        });
        sameAsAsked(label, 'fingerprint', artifact.fingerprint, fp);
        sameAsAsked(label, 'flow_name', artifact.flow_name, flow);
        if (q.trail !== undefined)
            sameAsAsked(label, 'trail_name', artifact.trail_name, q.trail);
        return artifact;
    }
    /** GET /env-diff/{org}: both expressions are checked here, not left to the server. */
    async diffEnvironments(snapshot1, snapshot2) {
        const one = (0,snapshot/* parseSnapshotExpression */.gS)(snapshot1, 'snappish1');
        const two = (0,snapshot/* parseSnapshotExpression */.gS)(snapshot2, 'snappish2');
        const snappish1 = (0,snapshot/* formatSnapshotExpression */.kx)(one);
        const snappish2 = (0,snapshot/* formatSnapshotExpression */.kx)(two);
        const raw = await this.call('diffEnvironments', {}, { snappish1, snappish2 });
        const label = endpointLabel('diffEnvironments');
        // Every caller needs the four groups and the artifacts in each (compared by fingerprint): checked now.
        const diff = (0,parse/* parseResponse */.xp)(api_schemas/* EnvDiff */.V$, raw, label, {
            required: ENV_DIFF_GROUPS.flatMap((g) => [`${g}.artifacts[].fingerprint`, `${g}.snapshot_id`]),
        });
        // Only in 1 is about snapshot 1, only in 2 about snapshot 2; the shared groups may name either.
        checkSnapshot(label, 'snappish1', diff.snappish1.snapshot_id, [one]);
        checkSnapshot(label, 'snappish2', diff.snappish2.snapshot_id, [two]);
        checkSnapshot(label, 'changed', diff.changed.snapshot_id, [one, two]);
        checkSnapshot(label, 'not-changed', diff['not-changed'].snapshot_id, [one, two]);
        return diff;
    }
    /** PUT /environments/{org}/{env_name}/report/K8S */
    async reportK8sEnvironment(envName, body) {
        const env = validate(api_schemas/* EnvName */.xH, envName, 'env_name');
        const payload = validate(api_schemas/* K8sReportBody */.FE, body, 'body');
        return this.write('reportK8sEnvironment', { env_name: env }, payload, api_schemas/* K8sReportResult */.oR);
    }
    /** GET /actions/{org}: a bare array. */
    async listActions() {
        const raw = await this.call('listActions', {});
        if (!Array.isArray(raw))
            throw new errors/* UnexpectedResponseError */.dk(endpointLabel('listActions'), '', 'expected a list');
        return (0,parse/* parseResponse */.xp)(schemas/* array */.YOg(api_schemas/* Action */.rc), raw, endpointLabel('listActions'), {
            required: [...api_schemas/* ACTION_REQUIRED */.tm, 'is_failing'].map((field) => `[].${field}`),
        });
    }
    /** Closes kept-alive connections so the process can exit at once. */
    async close() {
        await this.http.close();
    }
}
function readAllOptions(options) {
    const perPage = validate(api_schemas/* PerPage */.FT, options.perPage ?? api_schemas/* MAX_PER_PAGE */.Vg, 'per_page');
    const maxItems = validate(schemas/* number */.aig().int().min(1), options.maxItems ?? 1000, 'max-items');
    const concurrency = validate(schemas/* number */.aig().int().min(1).max(16), options.concurrency ?? 4, 'concurrency');
    return { perPage, maxItems, concurrency };
}
const ENV_DIFF_GROUPS = ['snappish1', 'snappish2', 'changed', 'not-changed'];
/** The fields of an attestation for a commit that the gate decides on: checked when the answer comes. */
const COMMIT_ATTESTATION_DECIDES = [
    'attestation_name',
    'is_compliant',
    'created_at',
    'flow_name',
    'trail_name',
    'artifact_fingerprint',
].map((field) => `*[].${field}`);
/**
 * The documented answer of each report: only it means "delivered". The artifact report's 201 body is not shown in
 * the spec; the live service answers `{"message": "OK"}`-like. The K8S report's is `{message, errors}` (spec 4.8).
 */
const DELIVERED = {
    reportArtifact: 'a JSON object with a string "message"',
    reportK8sEnvironment: 'a JSON object with a string "message" and an object "errors"',
};
/** `application/json`, `application/problem+json`, with or without parameters. */
function isJsonType(contentType) {
    return contentType !== undefined && /^[\w.+-]+\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());
}
/** An answer that names something else than what was asked is about something else: it cannot be read as one. */
function sameAsAsked(endpoint, field, named, asked) {
    if (named === undefined || named === null || named === asked)
        return;
    throw new errors/* UnexpectedResponseError */.dk(endpoint, field, `is ${(0,trust_text/* quoteValue */.cl)(named)}, not ${(0,trust_text/* quoteValue */.cl)(asked)} as asked: the answer is about something else`);
}
/**
 * A diff group's `snapshot_id` (`env#N`, as the service resolves an expression) must be given, be a snapshot of an
 * environment asked, and the very snapshot when the expression named one (`env#N`).
 */
function checkSnapshot(endpoint, group, id, asked) {
    // Without it the answer cannot be shown to be about the snapshots asked: a gate on it would trust blindly.
    if (id === undefined || id === null || id === '') {
        throw new errors/* UnexpectedResponseError */.dk(endpoint, `${group}.snapshot_id`, 'is missing: the answer names no snapshot');
    }
    const match = /^(.+)#(\d+)$/.exec(id);
    const about = (e) => match !== null && match[1] === e.env && (e.kind !== 'index' || Number(match[2]) === e.index);
    if (asked.some(about))
        return;
    const wanted = asked.map((e) => e.kind === 'index' ? (0,snapshot/* formatSnapshotExpression */.kx)(e) : `a snapshot of ${e.env}`);
    throw new errors/* UnexpectedResponseError */.dk(endpoint, `${group}.snapshot_id`, `is ${(0,trust_text/* quoteValue */.cl)(id)}, not ${[...new Set(wanted)].join(' or ')} as asked: the answer is about something else`);
}
/**
 * The answer for a chunk of commits must be about those commits: no key that was not asked, no attestation whose own
 * commit is another, and none of another flow, name or type than a filter asked for.
 */
function checkAttestationsAbout(endpoint, map, asked, query) {
    for (const commit of Object.getOwnPropertyNames(map)) {
        if (!asked.includes(commit)) {
            throw new errors/* UnexpectedResponseError */.dk(endpoint, '', `names commit ${(0,trust_text/* quoteValue */.cl)(commit)}, which was not asked: the answer is about something else`);
        }
        const list = map[commit] ?? [];
        list.forEach((a, i) => {
            const at = `${commit}[${i}]`;
            // Only shown elsewhere: a commit info sent malformed names no commit.
            sameAsAsked(endpoint, `${at}.git_commit_info.sha1`, (0,parse/* shownField */["in"])(() => a.git_commit_info?.sha1), commit);
            if (query.flow_name !== undefined)
                sameAsAsked(endpoint, `${at}.flow_name`, a.flow_name, query.flow_name);
            if (query.attestation_name !== undefined)
                sameAsAsked(endpoint, `${at}.attestation_name`, a.attestation_name, query.attestation_name);
            // A gate narrowed to a type must not pass on another type a service that ignores the filter sends.
            if (query.attestation_type !== undefined)
                sameAsAsked(endpoint, `${at}.attestation_type`, a.attestation_type, query.attestation_type);
        });
    }
}

;// CONCATENATED MODULE: ./src/api/index.ts













/***/ }),

/***/ 8247:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   "in": () => (/* binding */ shownField),
/* harmony export */   jV: () => (/* binding */ formatPath),
/* harmony export */   u4: () => (/* binding */ isRecord),
/* harmony export */   ul: () => (/* binding */ shownItems),
/* harmony export */   xp: () => (/* binding */ parseResponse)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/**
 * Tolerant response parsing.
 *
 * The service may add fields, leave out fields this project does not need, or (rarely) send a wrong type in a field
 * nobody reads. None of that should fail a release pipeline. So a response schema is parsed in a tolerant form: every
 * field is guarded, and a field that is missing (when required) or of the wrong type is replaced by a property that
 * throws a clear `UnexpectedResponseError` when it is read. Unread, it costs nothing; read, it names the endpoint and
 * the field. The root itself must have the right shape: every caller needs it.
 */


class InvalidField {
    problem;
    constructor(problem) {
        this.problem = problem;
    }
}
const tolerantCache = new WeakMap();
function kindOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'array';
    return typeof value;
}
/** A short text for the first problem zod found at a guarded field (the field itself, never deeper). */
function describeIssue(issue, value) {
    if (value === undefined)
        return 'is missing';
    if (!issue)
        return 'is invalid';
    switch (issue.code) {
        case 'invalid_type':
            return `expected ${String(issue.expected)}, received ${kindOf(value)}`;
        case 'invalid_value':
            return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, received ${JSON.stringify(value)}`;
        default:
            return `is invalid (${issue.code})`;
    }
}
function guard(schema) {
    return schema.catch((ctx) => new InvalidField(describeIssue(ctx.issues[0], ctx.value)));
}
/** Rebuilds a schema so that each nested field, element and record value is guarded. */
function tolerant(schema) {
    const cached = tolerantCache.get(schema);
    if (cached)
        return cached;
    let out = schema;
    if (schema instanceof zod__WEBPACK_IMPORTED_MODULE_1__/* .ZodObject */ .bvH) {
        const shape = {};
        for (const [key, field] of Object.entries(schema.shape)) {
            shape[key] = guard(tolerant(field));
        }
        out = zod__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3(shape);
    }
    else if (schema instanceof zod__WEBPACK_IMPORTED_MODULE_1__/* .ZodArray */ .naA) {
        out = zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(guard(tolerant(schema.element)));
    }
    else if (schema instanceof zod__WEBPACK_IMPORTED_MODULE_1__/* .ZodRecord */ .b8S) {
        const record = schema;
        out = zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(record.keyType, guard(tolerant(record.valueType)));
    }
    else if (schema instanceof zod__WEBPACK_IMPORTED_MODULE_1__/* .ZodOptional */ .IiU) {
        out = tolerant(schema.unwrap()).optional();
    }
    else if (schema instanceof zod__WEBPACK_IMPORTED_MODULE_1__/* .ZodNullable */ .l1C) {
        out = tolerant(schema.unwrap()).nullable();
    }
    else if (schema instanceof zod__WEBPACK_IMPORTED_MODULE_1__/* .ZodPipe */ .utH) {
        out = zod__WEBPACK_IMPORTED_MODULE_1__/* .pipe */ .FsL(schema.in, tolerant(schema.out));
    }
    tolerantCache.set(schema, out);
    return out;
}
function formatPath(path) {
    let text = '';
    for (const part of path) {
        if (typeof part === 'number')
            text += `[${part}]`;
        else
            text += text ? `.${String(part)}` : String(part);
    }
    return text;
}
/** Replaces each InvalidField sentinel with a non-enumerable getter that throws when read. */
function arm(value, endpoint, path) {
    if (value === null || typeof value !== 'object')
        return;
    const container = value;
    const keys = Array.isArray(value) ? value.keys() : Object.keys(container);
    for (const key of keys) {
        const child = container[key];
        const childPath = [...path, key];
        if (child instanceof InvalidField) {
            const field = formatPath(childPath);
            Object.defineProperty(container, key, {
                enumerable: false,
                configurable: true,
                get() {
                    throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnexpectedResponseError */ .dk(endpoint, field, child.problem);
                },
            });
        }
        else {
            arm(child, endpoint, childPath);
        }
    }
}
/**
 * Parses a response body tolerantly (see the module comment).
 * @param endpoint the operation, e.g. `GET /trails/{org}`, for error messages
 * @param options.required fields checked at once, not on first read: the ones the spec marks required and the ones
 *   an outcome rests on. A path of keys separated by `.`, where `[]` is every element of a list and `*` every value
 *   of a map: `fingerprint`, `snappish1.artifacts[].fingerprint`, `[].name`, `*[].is_compliant`. A field that is
 *   missing where its schema allows it (nullish) passes; one missing where it does not, or of the wrong type, throws.
 */
function parseResponse(schema, raw, endpoint, options = {}) {
    const result = tolerant(schema).safeParse(raw);
    if (!result.success) {
        const issue = result.error.issues[0];
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnexpectedResponseError */ .dk(endpoint, issue ? formatPath(issue.path) : '', issue ? issue.message.replace(/^Invalid input:\s*/, '') : 'is not valid');
    }
    arm(result.data, endpoint, []);
    for (const path of options.required ?? [])
        readPath(result.data, path.match(/\[\]|\*|[^.[\]*]+/g) ?? []);
    return result.data;
}
/** Reads every field a path reaches, so that one sent missing or malformed throws now (see `arm`). */
function readPath(value, path) {
    const [head, ...rest] = path;
    if (head === undefined || value === null || typeof value !== 'object')
        return;
    const container = value;
    // Own names, not keys: a malformed value is a getter left out of the enumerable keys.
    const keys = head === '[]'
        ? Array.isArray(value)
            ? Array.from({ length: value.length }, (_, i) => String(i))
            : []
        : head === '*'
            ? Object.getOwnPropertyNames(container)
            : [head];
    for (const key of keys)
        readPath(container[key], rest);
}
/**
 * Reads a response field that is only shown (a summary row, a log line), never decided on: one the service sent
 * malformed reads as undefined instead of throwing, so a step never fails over a field nothing depends on.
 */
function shownField(read) {
    try {
        return read();
    }
    catch (error) {
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnexpectedResponseError */ .dk)
            return undefined;
        throw error;
    }
}
/** A JSON object (not null, not an array): the shape every "not shown" part of a response is checked for. */
function isRecord(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
/** The elements of a shown list that read without error (a malformed element throws when read, see `arm`). */
function shownItems(list) {
    if (!list)
        return [];
    const out = [];
    for (let i = 0; i < list.length; i++) {
        const item = shownField(() => list[i]);
        if (item !== undefined)
            out.push(item);
    }
    return out;
}


/***/ }),

/***/ 8164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $A: () => (/* binding */ Fingerprint),
/* harmony export */   $T: () => (/* binding */ AttestationType),
/* harmony export */   BR: () => (/* binding */ GetArtifactQuery),
/* harmony export */   FE: () => (/* binding */ K8sReportBody),
/* harmony export */   FT: () => (/* binding */ PerPage),
/* harmony export */   FV: () => (/* binding */ Artifact),
/* harmony export */   Fi: () => (/* binding */ ReportArtifactBody),
/* harmony export */   Ft: () => (/* binding */ AttestationsForCommitsQuery),
/* harmony export */   Q6: () => (/* binding */ OrgName),
/* harmony export */   Q9: () => (/* binding */ ListTrailsQuery),
/* harmony export */   Sn: () => (/* binding */ Deployment),
/* harmony export */   Tn: () => (/* binding */ Attestation),
/* harmony export */   V$: () => (/* binding */ EnvDiff),
/* harmony export */   Vg: () => (/* binding */ MAX_PER_PAGE),
/* harmony export */   Xj: () => (/* binding */ ARTIFACT_REQUIRED),
/* harmony export */   Z4: () => (/* binding */ EnvDiffQuery),
/* harmony export */   _B: () => (/* binding */ FlowAttestationsQuery),
/* harmony export */   dK: () => (/* binding */ Pagination),
/* harmony export */   iV: () => (/* binding */ FlowName),
/* harmony export */   oR: () => (/* binding */ K8sReportResult),
/* harmony export */   om: () => (/* binding */ Trail),
/* harmony export */   qp: () => (/* binding */ patterns),
/* harmony export */   rc: () => (/* binding */ Action),
/* harmony export */   sN: () => (/* binding */ ReportArtifactResult),
/* harmony export */   tm: () => (/* binding */ ACTION_REQUIRED),
/* harmony export */   u5: () => (/* binding */ AttestationsByCommit),
/* harmony export */   uc: () => (/* binding */ expectedForms),
/* harmony export */   xH: () => (/* binding */ EnvName)
/* harmony export */ });
/* unused harmony exports BUILT_IN_ATTESTATION_TYPES, Sha1, TrailName, TemplateReferenceName, AttestationName, AttestationId, FlowTag, DEFAULT_PER_PAGE, Page, UnixSeconds, GitCommitInput, GitCommit, REPO_PROVIDERS, RepoInfoInput, RepoInfo, AttestationStatus, TrailComplianceStatus, TrailTemplate, ARTIFACT_STATES, ExternalUrls, CommitAttestation, DiffArtifact, DiffItem, K8sOwner, K8sArtifact, CHAT_APP_FLAG, CHAT_APP_FLAG_LIVE, PageQuery, SnapshotExpressionText, ErrorBody */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2857);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9567);
/**
 * Every resource, query and body of API v2 (`shared/spec/api-v2.md`), in one module shared by the client and the
 * sandbox so the two cannot drift.
 *
 * Requests are strict (unknown keys refused, patterns checked). Responses are loose: unknown keys are kept and, when
 * parsed through `parseResponse`, a missing or wrongly typed field only fails when the caller reads it.
 */

// ---------------------------------------------------------------------------------------------------------------
// Patterns and names
// Snapshot expressions (snapshot.ts), as one pattern: exactly what the parser takes, so the OpenAPI document, the
// sandbox and the client agree. Numbers have at most 15 significant digits (all safe integers); a time is a real
// calendar date (leap years included) and time of day.
const ENV_NAME = '[a-zA-Z0-9][a-zA-Z0-9.\\-_]*';
const MONTH_DAY = '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))';
const LEAP_YEAR = '(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[048]|[2468][048]|[13579][26])00)';
const TIME_OF_DAY = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';
const AT_TIME = `(?:\\d{4}-${MONTH_DAY}|${LEAP_YEAR}-02-29)T${TIME_OF_DAY}`;
const AGO = '0*[1-9]\\d{0,14}\\.(?:hour|day|week|month)s?\\.ago';
const SNAPSHOT_SUFFIX = `(?:#0*[1-9]\\d{0,14}|~0*\\d{1,15}|@\\{(?:${AT_TIME}|${AGO})\\})`;
const patterns = {
    sha1: /^[a-f0-9]{40}$/,
    fingerprint: /^[a-f0-9]{64}$/,
    flowName: /^[a-zA-Z0-9][a-zA-Z0-9.\-_~]*$/,
    trailName: /^[a-zA-Z0-9][a-zA-Z0-9\-_.~]*$/,
    envName: new RegExp(`^${ENV_NAME}$`),
    snapshotExpression: new RegExp(`^${ENV_NAME}${SNAPSHOT_SUFFIX}?$`),
    templateReferenceName: /^[a-zA-Z0-9\-_]+$/,
    attestationName: /^[a-zA-Z0-9\-_,]+$/,
    // Exactly as the spec gives it (last group of 8, not the 12 of an RFC 4122 UUID): see docs/api-decisions.md.
    attestationId: /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{8}$/,
    annotationKey: /^[A-Za-z0-9_]+$/,
    customAttestationType: /^custom:[a-zA-Z0-9][a-zA-Z0-9\-_.]*$/,
    flowTag: /^[^=\s]+=.*$/,
    // An org is a path segment; it is escaped, but a sane name catches a pasted URL or a stray space early.
    org: /^[a-zA-Z0-9][a-zA-Z0-9.\-_~]*$/,
};
const BUILT_IN_ATTESTATION_TYPES = [
    'generic',
    'junit',
    'snyk',
    'sonar',
    'jira',
    'pull_request',
];
/** Human-readable forms of the patterns, for "expected ..." in error messages. */
const expectedForms = {
    sha1: '40 lowercase hexadecimal characters (a full git commit SHA)',
    fingerprint: '64 lowercase hexadecimal characters (a SHA-256 digest)',
    flowName: 'a name starting with a letter or digit, then letters, digits, ".", "-", "_" or "~"',
    trailName: 'a name starting with a letter or digit, then letters, digits, "-", "_", "." or "~"',
    envName: 'a name starting with a letter or digit, then letters, digits, ".", "-" or "_"',
    templateReferenceName: 'letters, digits, "-" or "_"',
    attestationName: 'letters, digits, "-", "_" or ","',
    attestationId: 'an id of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxx (lowercase hex)',
    annotationKey: 'letters, digits or "_"',
    attestationType: `one of ${BUILT_IN_ATTESTATION_TYPES.join(', ')}, or custom:<name>`,
    flowTag: 'key=value',
    org: 'an organization name: letters, digits, ".", "-", "_" or "~"',
};
const named = (key) => zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(patterns[key], { error: `must be ${expectedForms[key]}` });
const Sha1 = named('sha1');
const Fingerprint = named('fingerprint');
const FlowName = named('flowName');
const TrailName = named('trailName');
const EnvName = named('envName');
const TemplateReferenceName = named('templateReferenceName');
const AttestationName = named('attestationName');
const AttestationId = named('attestationId');
const OrgName = named('org');
const FlowTag = named('flowTag');
/** An enum and a pattern, not a predicate: the OpenAPI document then says exactly which values the server takes. */
const attestationTypeError = { error: `must be ${expectedForms.attestationType}` };
const AttestationType = zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([
    zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(BUILT_IN_ATTESTATION_TYPES, attestationTypeError),
    zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(patterns.customAttestationType, attestationTypeError),
], attestationTypeError);
const MAX_PER_PAGE = 100;
const DEFAULT_PER_PAGE = 20;
/** A whole number, or its decimal digits as a query string carries it; nothing else is coerced. */
const wholeNumber = () => zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(/^\d+$/, { error: 'must be a whole number' })]);
const Page = wholeNumber().pipe(zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .ai().int().min(1));
const PerPage = wholeNumber().pipe(zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .ai().int().min(1).max(MAX_PER_PAGE));
/** Unix seconds, sent as integers (service-behaviour.md); the bound catches milliseconds passed by mistake. */
const UnixSeconds = wholeNumber().pipe(zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .ai()
    .int()
    .min(0)
    .max(99_999_999_999, { error: 'must be Unix seconds (this looks like milliseconds)' }));
// ---------------------------------------------------------------------------------------------------------------
// Shared objects (2.1 - 2.3)
const Pagination = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    total: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    page: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    per_page: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    page_count: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
});
/** 2.2 as sent in an artifact report: strict, so a typo in a key is caught before sending. */
const GitCommitInput = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    sha1: Sha1,
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    author: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    author_username: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    branch: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    timestamp: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(0),
    url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    parents: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(Sha1).optional(),
});
/**
 * 2.2 as the service returns it (trail and deployment responses carry a subset). Fields only shown are nullish
 * throughout the responses: the live service sends null for what it does not know, and a summary must not fail on it.
 */
const GitCommit = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    sha1: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    author: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    author_username: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    branch: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    timestamp: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    parents: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
});
const REPO_PROVIDERS = ['github'];
const RepoInfoInput = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    description: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    provider: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(REPO_PROVIDERS).optional(),
});
const RepoInfo = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    description: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    provider: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
});
const Obj = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J());
// ---------------------------------------------------------------------------------------------------------------
// Trails (2.4 - 2.6)
const AttestationStatus = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    attestation_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    attestation_type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    attestation_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    overridden_attestation_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    is_compliant: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    unexpected: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().default(false),
});
const TrailComplianceStatus = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    is_compliant: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    attestations_statuses: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(AttestationStatus).nullish(),
    artifacts_statuses: Obj.nullish(),
    evaluated_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    flow_template_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
});
const TemplateAttestation = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() });
const TrailTemplate = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    trail: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
        attestations: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(TemplateAttestation).optional(),
        artifacts: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), attestations: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(TemplateAttestation).optional() }))
            .optional(),
    })
        .optional(),
    version: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().optional(),
    content: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
});
const Trail = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    last_modified_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    compliance_status: TrailComplianceStatus.nullish(),
    template: TrailTemplate.nullish(),
    compliance_state: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    is_compliant: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    created_by: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    flow: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), tags: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()).nullish() }).nullish(),
    html_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    description: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    git_commit_info: GitCommit.nullish(),
    origin_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    user_data: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
    repo_ids: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).optional(),
    events: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(Obj).optional(),
    external_urls: Obj.nullish(),
});
// ---------------------------------------------------------------------------------------------------------------
// Deployment (2.7)
const DeploymentArtifact = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    flow_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    trail_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    template_reference_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    git_commit: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    git_commit_info: GitCommit.nullish(),
    repo_info: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(), repo_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish() }).nullish(),
});
const Deployment = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    fingerprint: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    deployed_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
    artifact_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    env_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    snapshot_index: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    artifact: DeploymentArtifact.nullish(),
    replaced_artifact: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
        // A fingerprint or nothing: it becomes an output a workflow may put in a command line.
        fingerprint: Fingerprint.nullish(),
        artifact_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
        snapshot_index: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
        artifact: DeploymentArtifact.nullish(),
    })
        .nullish(),
    diff_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    _links: Obj.nullish(),
});
// ---------------------------------------------------------------------------------------------------------------
// Artifacts (4.4 body, 2.8 response)
const ARTIFACT_STATES = ['COMPLIANT', 'NON-COMPLIANT', 'INCOMPLETE'];
/** `external_urls` is `{label: {href, fingerprint?}}` or `{label: url}` (service-behaviour.md). */
const ExternalUrls = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1), zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([
    zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ href: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1), fingerprint: Fingerprint.optional() }),
]));
const ReportArtifactBody = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    fingerprint: Fingerprint,
    filename: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1, { error: 'must not be empty' }),
    build_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1, { error: 'must not be empty' }),
    commit_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1, { error: 'must not be empty' }),
    trail_name: TrailName.nullish(),
    template_reference_name: TemplateReferenceName.nullish(),
    description: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    git_commit: Sha1.nullish(),
    git_commit_info: GitCommitInput.optional(),
    repo_info: RepoInfoInput.optional(),
    commits_list: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(GitCommitInput).nullish(),
    repo_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    is_compliant: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    template: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    external_urls: ExternalUrls.optional(),
    annotations: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(patterns.annotationKey, { error: `keys must be ${expectedForms.annotationKey}` }), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J())
        .optional(),
    user_data: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
});
/** The 201 body is "not shown"; the live service answers `{"message": "OK"}`-like, and only that is delivered. */
const ReportArtifactResult = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP() });
/** The fields spec 2.8 marks required in an artifact: checked when the answer comes, not on first read. */
const ARTIFACT_REQUIRED = [
    'id',
    'fingerprint',
    'filename',
    'created_at',
    'last_modified_at',
    'evidence',
    'flow_name',
    'commit_lead_times',
    'build_lead_times',
];
const Artifact = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    fingerprint: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    filename: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig()]),
    last_modified_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig()]),
    evidence: Obj,
    flow_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    commit_lead_times: Obj,
    build_lead_times: Obj,
    trail_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    template_reference_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    git_commit: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    git_commit_info: GitCommit.nullish(),
    repo_info: RepoInfo.nullish(),
    commit_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    build_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    repo_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    html_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    api_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    user_data: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
    external_urls: Obj.nullish(),
    annotations: Obj.nullish(),
    state: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(ARTIFACT_STATES).nullish(),
    deployments: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int()).nullish(),
    template: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
    state_info: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    approvals: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int()).nullish(),
    running: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()).nullish(),
    exited: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()).nullish(),
    history: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()).nullish(),
});
// ---------------------------------------------------------------------------------------------------------------
// Attestations (2.9, 4.1)
const Attestation = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    attestation_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    attestation_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    attestation_type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
    description: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    has_audit_package: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    html_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    is_compliant: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    origin_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    reported_by: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    schema_version: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish(),
    user_data: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
});
/** An element of the list_attestations_for_criteria map: its fields are "not shown"; these are the observed ones. */
const CommitAttestation = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    attestation_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    attestation_type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    is_compliant: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    html_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    artifact_fingerprint: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    flow_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    trail_name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    git_commit_info: GitCommit.nullish(),
});
const AttestationsByCommit = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(CommitAttestation));
// ---------------------------------------------------------------------------------------------------------------
// Environments (2.10, 2.11, 4.7, 4.8)
const DiffArtifact = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    fingerprint: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    most_recent_timestamp: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    flow: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    commit_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    instance_count: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish(),
    s1_instance_count: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish(),
    s2_instance_count: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish(),
    pods: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
});
const DiffItem = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    artifacts: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(DiffArtifact),
    snapshot_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
});
const EnvDiff = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    snappish1: DiffItem,
    snappish2: DiffItem,
    changed: DiffItem,
    'not-changed': DiffItem,
});
const K8sOwner = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    apiVersion: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    kind: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    uid: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    controller: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional(),
    blockOwnerDeletion: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().optional(),
});
const K8sArtifact = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    podName: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    namespace: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    digests: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1), Fingerprint),
    creationTimestamp: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(0),
    owners: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(K8sOwner).nullable(),
});
const K8sReportBody = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    artifacts: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(K8sArtifact),
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz('K8S').optional(),
});
const K8sReportResult = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    errors: Obj,
});
// ---------------------------------------------------------------------------------------------------------------
// Actions (2.12)
const CHAT_APP_FLAG = 'is_created_from_chat_app';
/** The live service names the flag after the chat product; both are accepted and read as the spec's name. */
const CHAT_APP_FLAG_LIVE = 'is_created_from_slack';
/** The fields spec 2.12 marks required in an action: checked when the answer comes, not on first read. */
const ACTION_REQUIRED = [
    'name',
    'type',
    'number',
    'targets',
    'triggers',
    'created_by',
    CHAT_APP_FLAG,
    'last_modified_at',
];
const Action = zod__WEBPACK_IMPORTED_MODULE_0__/* .preprocess */ .vkY((raw) => {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
        const o = raw;
        if (!(CHAT_APP_FLAG in o) && CHAT_APP_FLAG_LIVE in o)
            return { ...o, [CHAT_APP_FLAG]: o[CHAT_APP_FLAG_LIVE] };
    }
    return raw;
}, zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    number: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int(),
    targets: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(Obj),
    triggers: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()),
    created_by: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    [CHAT_APP_FLAG]: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    last_modified_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
    is_failing: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    last_success_timestamp: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    last_failure_timestamp: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nullish(),
    flows: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
    environments: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()).nullish(),
}));
// ---------------------------------------------------------------------------------------------------------------
// Queries and path parameters, one per endpoint (strict: an unknown key is a programming error, not a user's)
const AttestationsForCommitsQuery = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    commit_list: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(Sha1).min(1, { error: 'needs at least one commit' }),
    flow_name: FlowName.optional(),
    attestation_type: AttestationType.optional(),
    attestation_name: AttestationName.optional(),
    attestation_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
});
const PageQuery = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    page: Page.optional(),
    per_page: PerPage.optional(),
});
const ListTrailsQuery = PageQuery.extend({
    flow: FlowName.optional(),
    flow_tag: FlowTag.optional(),
    fingerprint: Fingerprint.optional(),
});
const FlowAttestationsQuery = PageQuery.extend({
    from_timestamp: UnixSeconds.optional(),
    to_timestamp: UnixSeconds.optional(),
}).refine((q) => q.from_timestamp === undefined || q.to_timestamp === undefined || q.from_timestamp <= q.to_timestamp, { error: 'from_timestamp must not be after to_timestamp', path: ['from_timestamp'] });
const GetArtifactQuery = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    trail: TrailName.optional(),
    attestation_id: AttestationId.optional(),
});
/** A snapshot expression as sent: canonical or not, without surrounding spaces (snapshot.ts parses it). */
const SnapshotExpressionText = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()
    .regex(patterns.snapshotExpression, { error: 'must be a snapshot expression' });
const EnvDiffQuery = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    snappish1: SnapshotExpressionText,
    snappish2: SnapshotExpressionText,
});
/** The error body of every operation (service-behaviour.md): `errors` maps a location to a text. */
const ErrorBody = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(),
    errors: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()).nullish(),
});


/***/ }),

/***/ 3218:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vs: () => (/* binding */ SNAPSHOT_FORMS),
/* harmony export */   gS: () => (/* binding */ parseSnapshotExpression),
/* harmony export */   kx: () => (/* binding */ formatSnapshotExpression)
/* harmony export */ });
/* unused harmony export SNAPSHOT_UNITS */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/* harmony import */ var _schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8164);
/**
 * Snapshot expressions ("snappish"): `env` (latest), `env#N` (snapshot N, 1-based), `env~N` (N behind the latest),
 * `env@{YYYY-MM-DDTHH:MM:SS}` (the snapshot current at that time) and `env@{N.<unit>.ago}`.
 */


const SNAPSHOT_UNITS = (/* unused pure expression or super */ null && (['hours', 'days', 'weeks', 'months']));
const SNAPSHOT_FORMS = '<env>, <env>#<N> (N from 1), <env>~<N>, <env>@{YYYY-MM-DDTHH:MM:SS} or <env>@{<N>.<hours|days|weeks|months>.ago}';
const AGO = /^(\d+)\.(hour|day|week|month)s?\.ago$/;
/**
 * Takes exactly what `patterns.snapshotExpression` matches (the OpenAPI document publishes that pattern), after
 * trimming; anything else is an InputError saying what is wrong with it.
 */
function parseSnapshotExpression(text, input = 'snapshot') {
    const value = text.trim();
    if (!_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .patterns */ .qp.snapshotExpression.test(value))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, problemWith(value), SNAPSHOT_FORMS);
    const cut = value.search(/[#~@]/);
    const env = cut === -1 ? value : value.slice(0, cut);
    const rest = cut === -1 ? '' : value.slice(cut);
    if (rest === '')
        return { env, kind: 'latest' };
    if (rest.startsWith('#'))
        return { env, kind: 'index', index: Number(rest.slice(1)) };
    if (rest.startsWith('~'))
        return { env, kind: 'behind', behind: Number(rest.slice(1)) };
    const inner = rest.slice(2, -1);
    const ago = AGO.exec(inner);
    if (ago)
        return { env, kind: 'ago', amount: Number(ago[1]), unit: `${ago[2] ?? ''}s` };
    return { env, kind: 'at', at: inner };
}
/** Why a text the pattern refused is not a snapshot expression, for the message. */
function problemWith(value) {
    if (!value)
        return 'is empty';
    const cut = value.search(/[#~@]/);
    const env = cut === -1 ? value : value.slice(0, cut);
    const rest = cut === -1 ? '' : value.slice(cut);
    if (!env)
        return `'${value}' does not start with an environment name`;
    if (!_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .patterns */ .qp.envName.test(env)) {
        return `environment name '${env}' is not valid (expected ${_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .expectedForms */ .uc.envName})`;
    }
    const number = (digits, min, what) => {
        if (!/^\d+$/.test(digits))
            return `'${value}': ${what} must be a whole number`;
        if (Number(digits) < min)
            return `'${value}': ${what} must be at least ${min}`;
        return `'${value}': ${what} must have at most 15 digits`;
    };
    if (rest.startsWith('#'))
        return number(rest.slice(1), 1, 'the snapshot number');
    if (rest.startsWith('~'))
        return number(rest.slice(1), 0, 'the count behind');
    if (rest.startsWith('@{') && rest.endsWith('}')) {
        const inner = rest.slice(2, -1);
        if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(inner)) {
            return `'${value}': ${inner} is not a real date and time`;
        }
        const ago = AGO.exec(inner);
        if (ago)
            return number(ago[1] ?? '', 1, 'the amount');
        return `'${value}': '${inner}' is neither a time YYYY-MM-DDTHH:MM:SS nor N.<unit>.ago`;
    }
    return `'${value}' has an unknown suffix '${rest}'`;
}
/** The canonical text of an expression, as sent to the service. */
function formatSnapshotExpression(expr) {
    switch (expr.kind) {
        case 'latest':
            return expr.env;
        case 'index':
            return `${expr.env}#${expr.index}`;
        case 'behind':
            return `${expr.env}~${expr.behind}`;
        case 'at':
            return `${expr.env}@{${expr.at}}`;
        case 'ago':
            return `${expr.env}@{${expr.amount}.${expr.unit}.ago}`;
    }
}


/***/ }),

/***/ 7212:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bg: () => (/* binding */ commitUrl),
/* harmony export */   L7: () => (/* binding */ readGitHubContext),
/* harmony export */   Lt: () => (/* binding */ repoInfo),
/* harmony export */   W0: () => (/* binding */ branchOf),
/* harmony export */   _n: () => (/* binding */ pullRequestOf),
/* harmony export */   c$: () => (/* binding */ buildUrl),
/* harmony export */   tN: () => (/* binding */ commitsFromPushEvent),
/* harmony export */   uO: () => (/* binding */ commitFromEvent),
/* harmony export */   wk: () => (/* binding */ repoUrl)
/* harmony export */ });
/* harmony import */ var _api_schemas_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8164);
/**
 * The GitHub Actions context, read from an environment map it is given, and the URLs the official CLI derives from
 * it (service-behaviour.md).
 */

function readGitHubContext(env) {
    const pick = (name) => {
        const v = env[name]?.trim();
        return v ? v : undefined;
    };
    const ctx = {
        serverUrl: (pick('GITHUB_SERVER_URL') ?? 'https://github.com').replace(/\/+$/, ''),
        apiUrl: (pick('GITHUB_API_URL') ?? 'https://api.github.com').replace(/\/+$/, ''),
    };
    const fields = [
        ['repository', 'GITHUB_REPOSITORY'],
        ['repositoryId', 'GITHUB_REPOSITORY_ID'],
        ['runId', 'GITHUB_RUN_ID'],
        ['sha', 'GITHUB_SHA'],
        ['refName', 'GITHUB_REF_NAME'],
        ['refType', 'GITHUB_REF_TYPE'],
        ['headRef', 'GITHUB_HEAD_REF'],
        ['eventName', 'GITHUB_EVENT_NAME'],
        ['eventPath', 'GITHUB_EVENT_PATH'],
        ['workspace', 'GITHUB_WORKSPACE'],
        ['workflow', 'GITHUB_WORKFLOW'],
        ['job', 'GITHUB_JOB'],
        ['runAttempt', 'GITHUB_RUN_ATTEMPT'],
    ];
    for (const [key, name] of fields) {
        const value = pick(name);
        if (value !== undefined)
            ctx[key] = value;
    }
    return ctx;
}
/** `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID`, when both are known. */
function buildUrl(ctx) {
    return ctx.repository && ctx.runId
        ? `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`
        : undefined;
}
function commitUrl(ctx, sha) {
    return ctx.repository ? `${ctx.serverUrl}/${ctx.repository}/commit/${sha}` : undefined;
}
function repoUrl(ctx) {
    return ctx.repository ? `${ctx.serverUrl}/${ctx.repository}` : undefined;
}
/** Left out unless id, name and URL are all known, as the official CLI does. */
function repoInfo(ctx) {
    const url = repoUrl(ctx);
    if (!ctx.repository || !ctx.repositoryId || !url)
        return undefined;
    return { id: ctx.repositoryId, name: ctx.repository, url, provider: 'github' };
}
/** The branch of the run: the head branch on pull requests (the checkout is detached there), else the ref name. */
function branchOf(ctx) {
    if (ctx.eventName?.startsWith('pull_request') && ctx.headRef)
        return ctx.headRef;
    // On a tag push GITHUB_REF_NAME is the tag, not a branch.
    if (ctx.refType === 'tag')
        return undefined;
    return ctx.refName ?? undefined;
}
function fromPushCommit(object, branch) {
    const raw = object;
    if (typeof raw.id !== 'string' || !_api_schemas_js__WEBPACK_IMPORTED_MODULE_0__/* .patterns */ .qp.sha1.test(raw.id))
        return undefined;
    const name = typeof raw.author?.name === 'string' ? raw.author.name : '';
    const email = typeof raw.author?.email === 'string' ? raw.author.email : '';
    const when = typeof raw.timestamp === 'string' ? Math.floor(Date.parse(raw.timestamp) / 1000) : NaN;
    return {
        sha1: raw.id,
        message: typeof raw.message === 'string' ? raw.message.trim() : '',
        author: email ? `${name} <${email}>` : name,
        ...(typeof raw.author?.username === 'string' && { author_username: raw.author.username }),
        branch: branch ?? '',
        timestamp: Number.isFinite(when) ? when : 0,
        ...(typeof raw.url === 'string' && { url: raw.url }),
    };
}
/** The commits a push event carries, newest first, as `commits_list` items. */
function commitsFromPushEvent(event, branch) {
    const commits = event?.commits;
    if (!Array.isArray(commits))
        return [];
    const out = [];
    for (const raw of commits) {
        // A malformed element is skipped, not a crash: event payloads are not ours to trust.
        const commit = raw !== null && typeof raw === 'object' ? fromPushCommit(raw, branch) : undefined;
        if (commit)
            out.push(commit);
    }
    return out.reverse();
}
/** `git_commit_info` from a push event's `head_commit`, when it is the commit asked for (no checkout needed). */
function commitFromEvent(event, sha, branch) {
    const head = event?.head_commit;
    if (head === null || typeof head !== 'object')
        return undefined;
    const commit = fromPushCommit(head, branch);
    return commit?.sha1 === sha ? commit : undefined;
}
/** Undefined on other events, or when the payload or GITHUB_REPOSITORY does not name the pull request. */
function pullRequestOf(ctx, event) {
    if (ctx.eventName !== 'pull_request' && ctx.eventName !== 'pull_request_target')
        return undefined;
    const [owner, repo, ...rest] = (ctx.repository ?? '').split('/');
    if (!owner || !repo || rest.length > 0)
        return undefined;
    // Event payloads are not ours to trust: every field is checked before use.
    const payload = event;
    const pr = payload?.pull_request;
    const number = pr?.number ?? payload?.number;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1)
        return undefined;
    const head = pr?.head?.sha;
    return {
        owner,
        repo,
        number,
        headSha: typeof head === 'string' && _api_schemas_js__WEBPACK_IMPORTED_MODULE_0__/* .patterns */ .qp.sha1.test(head) ? head : undefined,
        commits: typeof pr?.commits === 'number' ? pr.commits : undefined,
    };
}


/***/ }),

/***/ 5042:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   bT: () => (/* binding */ TIMEOUT_VARIABLE),
/* harmony export */   dC: () => (/* binding */ readConnection),
/* harmony export */   hh: () => (/* binding */ TIMEOUT_INPUT),
/* harmony export */   i_: () => (/* binding */ InputReader)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3360);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _api_config_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1392);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3249);
/* harmony import */ var _api_schemas_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8164);
/* harmony import */ var _trust_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6623);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8625);
/**
 * The one input reader. It reads the runner's `INPUT_*` variables from an environment map it is given (never from
 * `process.env` directly), so every sub-action's reading is testable, and it fails with a message that names the
 * input, the value's problem and the expected form.
 */








const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];
class InputReader {
    env;
    constructor(env) {
        this.env = env;
    }
    /** The raw value as the runner passes it (`INPUT_<NAME>`), trimmed; '' when absent. */
    raw(name) {
        return (this.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
    }
    /** The input, else the environment variable that stands in for it, else undefined. */
    optional(name, fallbackEnv) {
        const value = this.raw(name) || (fallbackEnv ? (this.env[fallbackEnv] ?? '').trim() : '');
        return value === '' ? undefined : value;
    }
    required(name, expected, fallbackEnv) {
        const value = this.optional(name, fallbackEnv);
        if (value === undefined) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, fallbackEnv
                ? `is required: set the input '${name}' or the environment variable ${fallbackEnv}`
                : 'is required', expected);
        }
        return value;
    }
    /** YAML 1.2 core booleans, as `core.getBooleanInput` takes them; the fallback when empty. */
    boolean(name, fallback, fallbackEnv) {
        const value = this.optional(name, fallbackEnv);
        if (value === undefined)
            return fallback;
        if (TRUE.includes(value))
            return true;
        if (FALSE.includes(value))
            return false;
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `'${value}'${this.fromVariable(name, fallbackEnv)} is not a boolean`, 'true or false');
    }
    /** ` (from the variable X)` when a bad value came from the variable, not the input: the place to fix it. */
    fromVariable(name, fallbackEnv) {
        return this.raw(name) === '' && fallbackEnv ? ` (from the variable ${fallbackEnv})` : '';
    }
    /** An optional value that must match one of the API's name patterns (flow, trail, fingerprint, ...). */
    matching(name, form, fallbackEnv) {
        const value = this.optional(name, fallbackEnv);
        if (value !== undefined && !_api_schemas_js__WEBPACK_IMPORTED_MODULE_5__/* .patterns */ .qp[form].test(value)) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `'${value}' is not valid`, _api_schemas_js__WEBPACK_IMPORTED_MODULE_5__/* .expectedForms */ .uc[form]);
        }
        return value;
    }
    /** A required value that must match one of the API's name patterns. */
    requiredMatching(name, form) {
        const value = this.matching(name, form);
        if (value === undefined)
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, 'is required', _api_schemas_js__WEBPACK_IMPORTED_MODULE_5__/* .expectedForms */ .uc[form]);
        return value;
    }
    /** One of a fixed set of values; the fallback when empty. */
    choice(name, options, fallback) {
        const value = this.optional(name);
        if (value === undefined)
            return fallback;
        if (!options.includes(value)) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `'${value}' is not one of the accepted values`, `one of ${options.join(', ')}`);
        }
        return value;
    }
    /** A whole number within bounds; the fallback when empty. */
    integer(name, fallback, min, max, fallbackEnv) {
        const value = this.optional(name, fallbackEnv);
        if (value === undefined)
            return fallback;
        return wholeNumber(name, value, min, max, this.fromVariable(name, fallbackEnv));
    }
    /** A whole number within bounds from an environment variable that has no input (a job-wide knob); undefined when unset. */
    variableInteger(variable, min, max) {
        const value = (this.env[variable] ?? '').trim();
        return value === '' ? undefined : wholeNumber(variable, value, min, max, '');
    }
    /**
     * `key=value` pairs, one per line (the value may contain `=`); keys checked against `keyPattern`. Duplicate keys
     * are refused: the second would silently replace the first.
     */
    keyValues(name, keyPattern) {
        const out = {};
        const lines = this.raw(name).split('\n');
        lines.forEach((line, index) => {
            const text = line.trim();
            if (text === '')
                return;
            const at = text.indexOf('=');
            const key = at > 0 ? text.slice(0, at).trim() : '';
            const where = `line ${index + 1} ('${text}')`;
            if (!key)
                throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${where} is not key=value`, 'one key=value pair per line');
            if (keyPattern && !keyPattern.re.test(key)) {
                throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${where} has the key '${key}'`, `keys of ${keyPattern.expected}`);
            }
            if (key in out)
                throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `the key '${key}' is given twice`, 'each key once');
            out[key] = text.slice(at + 1).trim();
        });
        return out;
    }
    /** JSON given inline, or `@path` to a JSON file (relative to `baseDir`); undefined when empty. */
    json(name, baseDir) {
        const value = this.optional(name);
        if (value === undefined)
            return undefined;
        let text = value;
        let from = 'the value';
        if (value.startsWith('@')) {
            const file = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)(baseDir, value.slice(1).trim());
            from = `the file ${file}`;
            try {
                text = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(file, 'utf8');
            }
            catch (error) {
                throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `cannot read ${file}: ${error.code ?? String(error)}`, 'JSON text, or @path to a JSON file');
            }
        }
        try {
            return JSON.parse(text);
        }
        catch (error) {
            // Named, never quoted: the text may be a file's contents.
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${from}: ${(0,_trust_text_js__WEBPACK_IMPORTED_MODULE_6__/* .jsonSyntaxProblem */ .F1)(error, text)}`, 'JSON text, or @path to a JSON file');
        }
    }
    /** One item per line, commas also accepted; blanks dropped. */
    list(name) {
        return this.raw(name)
            .split(/[\n,]/)
            .map((item) => item.trim())
            .filter((item) => item !== '');
    }
}
const TIMEOUT_INPUT = 'timeout-seconds';
const TIMEOUT_VARIABLE = 'COMPLIANCE_TIMEOUT_SECONDS';
function readConnection(inputs) {
    // The token first, masked before anything else can be printed or thrown.
    const apiToken = inputs.required('api-token', 'the API token of the compliance service', 'COMPLIANCE_API_TOKEN');
    (0,_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setSecret */ .Pq)(apiToken);
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_7__/* .registerSecret */ .cl)(apiToken);
    const connection = {
        apiToken,
        apiUrl: inputs.required('api-url', 'the service URL, e.g. https://compliance.example.com', 'COMPLIANCE_API_URL'),
        org: inputs.required('org', 'the organization name in the service', 'COMPLIANCE_ORG'),
        proxy: (0,_api_config_js__WEBPACK_IMPORTED_MODULE_3__/* .proxyFromEnv */ .kE)(inputs.env),
        timeoutSeconds: inputs.integer(TIMEOUT_INPUT, _api_config_js__WEBPACK_IMPORTED_MODULE_3__/* .DEFAULTS */ .zY.deadlineMs / 1000, 1, 3600, TIMEOUT_VARIABLE),
        ...retries(inputs),
    };
    // URL, org and token checked now, before the step reads an artifact or a cluster it would then not report.
    (0,_api_config_js__WEBPACK_IMPORTED_MODULE_3__/* .resolveConfig */ .pE)({ baseUrl: connection.apiUrl, org: connection.org, token: connection.apiToken });
    return connection;
}
/** A job-wide knob with no input of its own: set once with `env:` at the workflow or job level. */
function retries(inputs) {
    const value = inputs.variableInteger('COMPLIANCE_RETRIES', 0, 10);
    return value === undefined ? {} : { retries: value };
}
/** `value` as a whole number from `min` to `max`, else an InputError naming `name` (and `from`, where it came from). */
function wholeNumber(name, value, min, max, from) {
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `'${value}'${from} is not a whole number from ${min} to ${max}`, `a number from ${min} to ${max}`);
    }
    return n;
}


/***/ }),

/***/ 47:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cy: () => (/* binding */ readCommon),
/* harmony export */   SV: () => (/* binding */ withClient),
/* harmony export */   fY: () => (/* binding */ readRunner)
/* harmony export */ });
/* unused harmony export createClient */
/* harmony import */ var _trust_log_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1488);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _api_index_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1974);
/* harmony import */ var _context_github_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7212);
/* harmony import */ var _context_inputs_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5042);
/**
 * What every sub-action reads besides its own inputs: the connection, the `summary` switch, and the runner's
 * context (temp folder, summary file, workspace, GitHub variables and event payload). Read once from an environment
 * map by the entry point, so `run(inputs)` never touches `process.env`.
 */







function readRunner(env, cwd) {
    const github = (0,_context_github_js__WEBPACK_IMPORTED_MODULE_5__/* .readGitHubContext */ .L7)(env);
    let event = {};
    if (github.eventPath) {
        try {
            event = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(github.eventPath, 'utf8'));
        }
        catch {
            _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(`could not read the event payload at ${github.eventPath}`);
        }
    }
    return {
        temp: env.RUNNER_TEMP?.trim() || (0,node_os__WEBPACK_IMPORTED_MODULE_2__.tmpdir)(),
        summaryFile: env.GITHUB_STEP_SUMMARY?.trim() || undefined,
        workspace: (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(cwd, env.GITHUB_WORKSPACE?.trim() || '.'),
        github,
        event,
    };
}
/** The connection first: its token is masked before any other input can fail with a message. */
function readCommon(inputs, cwd) {
    return {
        connection: (0,_context_inputs_js__WEBPACK_IMPORTED_MODULE_6__/* .readConnection */ .dC)(inputs),
        summary: inputs.boolean('summary', true),
        runner: readRunner(inputs.env, cwd),
    };
}
function createClient(connection) {
    return new _api_index_js__WEBPACK_IMPORTED_MODULE_4__/* .ComplianceClient */ .tS({
        baseUrl: connection.apiUrl,
        org: connection.org,
        token: connection.apiToken,
        proxy: connection.proxy,
        ...(connection.retries !== undefined && { retries: connection.retries }),
        deadlineMs: connection.timeoutSeconds * 1000,
        deadlineSetting: `${_context_inputs_js__WEBPACK_IMPORTED_MODULE_6__/* .TIMEOUT_INPUT */ .hh}; variable ${_context_inputs_js__WEBPACK_IMPORTED_MODULE_6__/* .TIMEOUT_VARIABLE */ .bT}`,
        logger: { debug: (m) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(m), warning: (m) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.warning(m) },
    });
}
/** Runs `work` with a client that is always closed after, so no socket or timer keeps the step alive. */
async function withClient(connection, work) {
    const client = createClient(connection);
    try {
        return await work(client);
    }
    finally {
        await client.close();
    }
}


/***/ }),

/***/ 311:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ USER_AGENT)
/* harmony export */ });
/* unused harmony export VERSION */
/** The bundle's version, sent in the User-Agent. A test keeps it equal to package.json's. */
const VERSION = '0.1.0';
const USER_AGENT = `compliance-actions/${VERSION}`;


/***/ })

};
