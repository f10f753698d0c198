export const id = 402;
export const ids = [402];
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
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
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
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, 'is empty', expected);
    let url;
    try {
        url = new URL(trimmed);
    }
    catch {
        // Quoted only when it cannot hold credentials: `user:pass@` in a value that does not parse is not found reliably.
        const shown = trimmed.includes('@') ? 'the value (not quoted: it may hold credentials)' : `'${trimmed}'`;
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `${shown} is not a URL`, expected);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `scheme '${url.protocol}' is not supported`, expected);
    }
    if (url.username || url.password) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, 'must not carry credentials; pass the token as api-token', expected);
    }
    if (url.search || url.hash) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, 'must not have a query or fragment', expected);
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecureHttp) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `plain http to '${url.hostname}' would send the token in clear text`, 'an https URL (plain http is allowed only to loopback, unless explicitly allowed)');
    }
    const path = url.pathname.replace(/\/+$/, '');
    if (/\/api(\/|$)/i.test(path) && !/\/api\/v2$/.test(path)) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, `the path '${url.pathname}' is not the root of API v2 (a pasted endpoint, or another version)`, expected);
    }
    url.pathname = /\/api\/v2$/.test(path) ? path : `${path}/api/v2`;
    return url;
}
function bounded(name, value, fallback, min, integer = false) {
    if (value === undefined)
        return fallback;
    if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(name, `${value} is out of range`, `${integer ? 'a whole number' : 'a number'} of at least ${min}`);
    }
    return value;
}
function resolveConfig(options) {
    const token = options.token.trim();
    // Both forms: a padded token may be echoed either way.
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_2__/* .registerSecret */ .cl)(options.token);
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_2__/* .registerSecret */ .cl)(token);
    if (!token)
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('api-token', 'is empty', 'the API token of the compliance service');
    if (/[\r\n]/.test(token))
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('api-token', 'contains a line break', 'the token on a single line');
    if (!/^[\x21-\x7e]+$/.test(token)) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('api-token', 'contains a space or a character that is not printable ASCII', 'the token exactly as issued');
    }
    if (!_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .OrgName */ .Q6.safeParse(options.org).success) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('org', `'${options.org}' is not a valid organization name`, _schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .expectedForms */ .uc.org);
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
        proxy: checkedProxy(options.proxy ?? {}),
        logger: options.logger ?? silentLogger,
        random: options.random ?? Math.random,
    };
}
/**
 * A proxy URL is checked with the rest of the configuration: the proxy's client is loaded only at the first request
 * (issue 14), and a bad setting must not surface there as a network fault. Not quoted: it may hold credentials.
 */
function checkedProxy(proxy) {
    for (const [key, variable] of [
        ['httpProxy', 'http_proxy'],
        ['httpsProxy', 'https_proxy'],
    ]) {
        const value = proxy[key];
        if (value === undefined)
            continue;
        let protocol = '';
        try {
            protocol = new URL(value).protocol;
        }
        catch {
            // Reported below.
        }
        if (protocol !== 'http:' && protocol !== 'https:') {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(`${variable} (or ${variable.toUpperCase()})`, 'is not an http(s) URL (the value is not shown: it may hold credentials)', 'a proxy URL such as http://proxy.example.com:3128');
        }
    }
    return proxy;
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

/***/ 2731:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qf: () => (/* binding */ NodeExchange),
/* harmony export */   t5: () => (/* binding */ KEEP_ALIVE_MS),
/* harmony export */   tk: () => (/* binding */ readLimited),
/* harmony export */   tp: () => (/* binding */ MAX_CONNECTIONS),
/* harmony export */   ut: () => (/* binding */ answerOf)
/* harmony export */ });
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7067);
/* harmony import */ var node_http__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_http__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8995);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_module__WEBPACK_IMPORTED_MODULE_1__);
/**
 * One request and its answer: the contract both paths of the HTTP transport keep, and the default path, over Node's
 * own http/https with a keep-alive agent. Node's modules load in a few ms where undici costs ~100 ms at start, so
 * undici is loaded only for a proxy (proxy-transport.ts).
 */


/** Idle connections are kept this long for the next call of the step. */
const KEEP_ALIVE_MS = 10_000;
/** Connections to one origin at once (pages are read a few at a time). */
const MAX_CONNECTIONS = 16;
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
/** An answer from what either library gives: the status, the headers and the body read by `readLimited`. */
function answerOf(status, headers, text) {
    const first = (value) => (Array.isArray(value) ? value[0] : value);
    const contentType = first(headers['content-type']);
    const retryAfter = first(headers['retry-after']);
    return {
        status,
        text,
        ...(contentType !== undefined && { contentType }),
        ...(retryAfter !== undefined && { retryAfter }),
    };
}
/** node:https (and with it node:tls) is required only for an https service: it is not free at start. */
const requireBuiltin = (0,node_module__WEBPACK_IMPORTED_MODULE_1__.createRequire)(import.meta.url);
/** The default path: node:http or node:https (by the URL's scheme) through one keep-alive agent. */
class NodeExchange {
    agent;
    request;
    /** `https` picks the agent for the API root's scheme: a transport talks to that one origin only. */
    constructor(https) {
        // `timeout` is how long an idle socket stays in the pool (shorter when the server's Keep-Alive says so).
        const options = { keepAlive: true, maxSockets: MAX_CONNECTIONS, timeout: KEEP_ALIVE_MS };
        if (https) {
            const tls = requireBuiltin('node:https');
            this.agent = new tls.Agent(options);
            this.request = tls.request;
        }
        else {
            this.agent = new node_http__WEBPACK_IMPORTED_MODULE_0__.Agent(options);
            this.request = node_http__WEBPACK_IMPORTED_MODULE_0__.request;
        }
    }
    send(url, req) {
        return new Promise((resolve, reject) => {
            const headers = { ...req.headers };
            if (req.payload !== undefined)
                headers['content-length'] = String(Buffer.byteLength(req.payload));
            const options = { method: req.method, headers, agent: this.agent, signal: req.signal };
            const request = this.request(url, options, (res) => {
                readLimited(res, req.maxBytes).then((text) => {
                    resolve(answerOf(res.statusCode ?? 0, res.headers, text));
                }, reject);
            });
            // Also after an answer: a socket dropped on purpose must not become an unhandled 'error'.
            request.on('error', reject);
            request.end(req.payload);
        });
    }
    close() {
        this.agent.destroy();
        return Promise.resolve();
    }
}


/***/ }),

/***/ 8247:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   jV: () => (/* binding */ formatPath),
/* harmony export */   u4: () => (/* binding */ isRecord),
/* harmony export */   xp: () => (/* binding */ parseResponse)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3945);
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
/* harmony import */ var _trust_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6623);
/**
 * Response parsing: one strict parse against the answer's schema. The schemas (`schemas/`) say themselves which
 * fields decide something (parsed strictly) and which are only shown (`shown`: null when missing or malformed), so
 * nothing here guesses. A 2xx answer that does not parse is an `UnexpectedResponseError` naming the endpoint, the
 * first field at fault and what is wrong with it.
 */



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
function kindOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'array';
    return typeof value;
}
/** What is wrong at the field an issue names, in a few words; a value the service sent is quoted (`quoteValue`). */
function describeIssue(issue) {
    const value = issue.input;
    if (value === undefined)
        return 'is missing';
    switch (issue.code) {
        case 'invalid_type':
            return `expected ${String(issue.expected)}, received ${kindOf(value)}`;
        case 'invalid_value':
            return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, received ${(0,_trust_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quoteValue */ .cl)(value)}`;
        default: {
            // zod's own words (or a schema's custom ones) never quote the value.
            const text = issue.message.replace(/^Invalid input:?\s*/, '');
            return text === '' ? `is not valid (received ${kindOf(value)})` : text;
        }
    }
}
/**
 * Parses an answer with `schema`, or throws an `UnexpectedResponseError` naming `endpoint` (e.g. `GET /trails/{org}`)
 * and the field. No field is checked later: what parses is what the caller gets.
 */
function parseResponse(schema, raw, endpoint) {
    // reportInput: the issue carries the value, so a missing field reads "is missing", not "received undefined".
    const result = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .safeParse */ .xL(schema, raw, { reportInput: true });
    if (result.success)
        return result.data;
    const issue = result.error.issues[0];
    throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnexpectedResponseError */ .dk(endpoint, issue ? formatPath(issue.path) : '', issue ? describeIssue(issue) : 'is not valid');
}
/** A JSON object (not null, not an array): the shape every "not shown" part of a response is checked for. */
function isRecord(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}


/***/ }),

/***/ 8164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $T: () => (/* reexport safe */ _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__.$T),
/* harmony export */   Q6: () => (/* reexport safe */ _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__.Q6),
/* harmony export */   Vg: () => (/* reexport safe */ _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__.Vg),
/* harmony export */   dK: () => (/* reexport safe */ _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__.dK),
/* harmony export */   gz: () => (/* reexport safe */ _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__.gz),
/* harmony export */   qp: () => (/* reexport safe */ _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__.qp),
/* harmony export */   uc: () => (/* reexport safe */ _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__.uc),
/* harmony export */   w4: () => (/* reexport safe */ _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__.w4)
/* harmony export */ });
/* harmony import */ var _schemas_common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/**
 * The schemas as the bundle imports them: what every endpoint shares (`schemas/common.ts`), and the types of every
 * endpoint's schemas. Types only, for the endpoints' own modules: a value of one is loaded with its endpoint (the
 * client does that, see `endpoints.ts`), so a step builds only the schemas of the endpoints it calls (issue 14), and
 * the compiler refuses a value import that would load them all.
 */



/***/ }),

/***/ 9662:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $A: () => (/* binding */ Fingerprint),
/* harmony export */   $T: () => (/* binding */ AttestationType),
/* harmony export */   FT: () => (/* binding */ PerPage),
/* harmony export */   K3: () => (/* binding */ PageQuery),
/* harmony export */   OH: () => (/* binding */ Obj),
/* harmony export */   Q6: () => (/* binding */ OrgName),
/* harmony export */   QT: () => (/* binding */ TrailName),
/* harmony export */   SP: () => (/* binding */ shown),
/* harmony export */   Tc: () => (/* binding */ TemplateReferenceName),
/* harmony export */   Vg: () => (/* binding */ MAX_PER_PAGE),
/* harmony export */   X0: () => (/* binding */ FlowTag),
/* harmony export */   Yg: () => (/* binding */ GitCommit),
/* harmony export */   dK: () => (/* binding */ Pagination),
/* harmony export */   gz: () => (/* binding */ Sha1),
/* harmony export */   iV: () => (/* binding */ FlowName),
/* harmony export */   qp: () => (/* binding */ patterns),
/* harmony export */   sb: () => (/* binding */ UnixSeconds),
/* harmony export */   uc: () => (/* binding */ expectedForms),
/* harmony export */   ui: () => (/* binding */ AttestationId),
/* harmony export */   w4: () => (/* binding */ AttestationName),
/* harmony export */   xH: () => (/* binding */ EnvName),
/* harmony export */   y9: () => (/* binding */ shownList)
/* harmony export */ });
/* unused harmony exports BUILT_IN_ATTESTATION_TYPES, DEFAULT_PER_PAGE, Page, ErrorBody */
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8532);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3619);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3305);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3846);
/* harmony import */ var zod_v4_locales_en_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(252);
/**
 * What every endpoint's schemas share (API v2, `shared/spec/api-v2.md`): the patterns and names, the paging numbers,
 * the shared resource pieces, and how a response field says what a wrong value costs. Each endpoint's own query, body
 * and response are in a module of their own beside this one (`list-trails.ts`, ...), which the client loads only when
 * that endpoint is called (issue 14). The client and the sandbox read the same modules, so the two cannot drift.
 *
 * Requests are strict (unknown keys refused, patterns checked). Responses keep unknown keys, and each field says
 * itself what a wrong value costs:
 * - a field something is decided on (an outcome, a gate, a count in an output), and every field the spec marks
 *   required, is parsed strictly: missing (where not nullish) or of the wrong type, the answer fails to parse and
 *   `parseResponse` names the endpoint and the field;
 * - a field that is only shown (a summary cell, a log line, an output passed on as the service gave it) is wrapped in
 *   `shown`: typed `T | null`, always present after parsing, null when the service left it out, sent null or sent
 *   something else. The compiler then makes every reader handle "not known".
 * - a list that is only shown is `shownList`: null when it is not a list; an element that is malformed is null in
 *   its place (the count and the order stay the service's, and the result file shows where something was unreadable).
 */


// zod/mini has no messages of its own ("Invalid input" for everything): the English ones that classic zod sets up are
// what the errors of the client and the sandbox show (and the tests hold them to). Set here, the module every schema
// module imports, so they are there before any schema is used.
zod_mini__WEBPACK_IMPORTED_MODULE_0__/* .config */ .$W((0,zod_v4_locales_en_js__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .A)());
// A step parses a few answers once and exits: generating a fast parser per object schema (`new Function`, on first
// use) costs more than it saves (issue 14). Set before any schema is built, which is when zod reads it.
zod_mini__WEBPACK_IMPORTED_MODULE_0__/* .config */ .$W({ jitless: true });
/**
 * A response field that is only shown, never decided on: missing, null or malformed, it parses to null (zod's
 * `.catch`), so a step never fails over it. The OpenAPI document shows it as `T | null`, not required.
 */
function shown(schema) {
    return zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ["catch"] */ .MfU(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .nullable */ .mee(schema), null);
}
/** A list that is only shown (see the module comment): null when not a list, each malformed element null. */
function shownList(item) {
    return shown(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(shown(item)));
}
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
const named = (key) => zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._regex */ .Fk(patterns[key], { error: `must be ${expectedForms[key]}` }));
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
const AttestationType = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([
    zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ["enum"] */ .k5n(BUILT_IN_ATTESTATION_TYPES, attestationTypeError),
    zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._regex */ .Fk(patterns.customAttestationType, attestationTypeError)),
], attestationTypeError);
const MAX_PER_PAGE = 100;
const DEFAULT_PER_PAGE = 20;
/** A whole number, or its decimal digits as a query string carries it; nothing else is coerced. */
const wholeNumber = () => zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(), zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._regex */ .Fk(/^\d+$/, { error: 'must be a whole number' }))]);
const Page = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(wholeNumber(), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .number */ .ai().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .int */ .Whr(), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._gte */ .qm(1)));
const PerPage = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(wholeNumber(), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .number */ .ai().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .int */ .Whr(), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._gte */ .qm(1), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._lte */ .Zm(MAX_PER_PAGE)));
/** Unix seconds, sent as integers (service-behaviour.md); the bound catches milliseconds passed by mistake. */
const UnixSeconds = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(wholeNumber(), zod_mini__WEBPACK_IMPORTED_MODULE_4__/* .number */ .ai()
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .int */ .Whr(), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._gte */ .qm(0), zod_mini__WEBPACK_IMPORTED_MODULE_3__/* ._lte */ .Zm(99_999_999_999, { error: 'must be Unix seconds (this looks like milliseconds)' })));
// ---------------------------------------------------------------------------------------------------------------
// Shared pieces (2.1 - 2.3)
const Pagination = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .looseObject */ ._H3({
    total: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .int */ .Whr()),
    page: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .int */ .Whr()),
    per_page: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .int */ .Whr()),
    page_count: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .int */ .Whr()),
});
/**
 * 2.2 as the service returns it (trail and deployment responses carry a subset). Only shown, every field: the live
 * service sends null for what it does not know. `sha1` is compared with the commit asked where it is given (the
 * gate's answers), never required.
 */
const GitCommit = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .looseObject */ ._H3({
    sha1: shown(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    message: shown(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    author: shown(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    author_username: shown(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    branch: shown(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    timestamp: shown(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig()),
    url: shown(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    parents: shownList(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
});
/** A JSON object, any content. */
const Obj = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J());
/** The paging parameters of a list (2.1), extended by each paged query. */
const PageQuery = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .strictObject */ .rej({
    page: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(Page),
    per_page: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(PerPage),
});
/** The error body of every operation (service-behaviour.md): `errors` maps a location to a text. */
const ErrorBody = zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .looseObject */ ._H3({
    message: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
    errors: zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J())),
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
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
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
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, problemWith(value), SNAPSHOT_FORMS);
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

/***/ 3020:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ validate)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3945);
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
/* harmony import */ var _parse_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8247);
/* harmony import */ var _schemas_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8164);
/**
 * Request validation: strict, before anything is sent, with errors that name the field, the value's problem and
 * the expected form.
 */




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
    const result = zod_mini__WEBPACK_IMPORTED_MODULE_3__/* .safeParse */ .xL(schema, value);
    if (result.success)
        return result.data;
    const issue = result.error.issues[0];
    if (!issue)
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(location, 'is not valid');
    const field = issue.path.length > 0 ? `${location}.${(0,_parse_js__WEBPACK_IMPORTED_MODULE_1__/* .formatPath */ .jV)(issue.path)}` : location;
    const bad = valueAt(value, issue.path);
    const message = issue.message.replace(/^Invalid input:\s*/, '');
    if (issue.code === 'unrecognized_keys') {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(field, `unknown field(s) ${issue.keys.join(', ')}`, 'only the fields of the API');
    }
    if (issue.code === 'invalid_key') {
        const key = String(issue.path.at(-1));
        const form = location === 'body' && issue.path[0] === 'annotations'
            ? `. Keys must be ${_schemas_js__WEBPACK_IMPORTED_MODULE_2__/* .expectedForms */ .uc.annotationKey}`
            : '';
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(field, `the key '${key}' is not valid${form}`);
    }
    if (bad === undefined && issue.code === 'invalid_type')
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(field, 'is required');
    throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(field, `${show(bad)} ${message.startsWith('must') ? message : `is not valid: ${message}`}`);
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
/* harmony export */   i_: () => (/* binding */ InputReader),
/* harmony export */   oA: () => (/* binding */ HttpUrl)
/* harmony export */ });
/* harmony import */ var _trust_commands_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3154);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _api_config_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1392);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3619);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3305);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(3945);
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2600);
/* harmony import */ var _api_schemas_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8164);
/* harmony import */ var _trust_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6623);
/* harmony import */ var _time_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(838);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8625);
/**
 * The one input reader. It reads the runner's `INPUT_*` variables from an environment map it is given (never from
 * `process.env` directly), so every sub-action's reading is testable, and it fails with a message that names the
 * input, the value's problem and the expected form.
 */










/** An absolute http(s) URL, as `url` takes it; for the values of `keyValues` and `checked`. */
const HttpUrl = zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .refine */ .YPB((value) => {
    const protocol = URL.canParse(value) ? new URL(value).protocol : undefined;
    return protocol === 'https:' || protocol === 'http:';
}));
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
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, fallbackEnv
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
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `'${value}'${this.fromVariable(name, fallbackEnv)} is not a boolean`, 'true or false');
    }
    /** ` (from the variable X)` when a bad value came from the variable, not the input: the place to fix it. */
    fromVariable(name, fallbackEnv) {
        return this.raw(name) === '' && fallbackEnv ? ` (from the variable ${fallbackEnv})` : '';
    }
    /** An optional value that must match one of the API's name patterns (flow, trail, fingerprint, ...). */
    matching(name, form, fallbackEnv) {
        return this.checked(name, zod_mini__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_10__/* ._regex */ .Fk(_api_schemas_js__WEBPACK_IMPORTED_MODULE_5__/* .patterns */ .qp[form])), _api_schemas_js__WEBPACK_IMPORTED_MODULE_5__/* .expectedForms */ .uc[form], fallbackEnv);
    }
    /** A required value that must match one of the API's name patterns. */
    requiredMatching(name, form) {
        const value = this.matching(name, form);
        if (value === undefined)
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, 'is required', _api_schemas_js__WEBPACK_IMPORTED_MODULE_5__/* .expectedForms */ .uc[form]);
        return value;
    }
    /** One of a fixed set of values; the fallback when empty. */
    choice(name, options, fallback) {
        const value = this.optional(name);
        if (value === undefined)
            return fallback;
        if (!options.includes(value)) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `'${value}' is not one of the accepted values`, `one of ${options.join(', ')}`);
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
     * `key=value` pairs, one per line (the value may contain `=`); keys checked against `keyPattern`, values against
     * `valueSchema` when given. Duplicate keys are refused: the second would silently replace the first.
     */
    keyValues(name, keyPattern, valueSchema) {
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
                throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${where} is not key=value`, 'one key=value pair per line');
            if (keyPattern && !keyPattern.re.test(key)) {
                throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${where} has the key '${key}'`, `keys of ${keyPattern.expected}`);
            }
            if (key in out)
                throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `the key '${key}' is given twice`, 'each key once');
            const value = text.slice(at + 1).trim();
            if (valueSchema && !zod_mini__WEBPACK_IMPORTED_MODULE_11__/* .safeParse */ .xL(valueSchema.schema, value).success) {
                throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${where} has the value '${value}'`, `values of ${valueSchema.expected}`);
            }
            out[key] = value;
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
                throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `cannot read ${file}: ${error.code ?? String(error)}`, 'JSON text, or @path to a JSON file');
            }
        }
        try {
            return JSON.parse(text);
        }
        catch (error) {
            // Named, never quoted: the text may be a file's contents.
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${from}: ${(0,_trust_text_js__WEBPACK_IMPORTED_MODULE_6__/* .jsonSyntaxProblem */ .F1)(error, text)}`, 'JSON text, or @path to a JSON file');
        }
    }
    /** One item per line, commas also accepted; blanks dropped. */
    list(name) {
        return this.raw(name)
            .split(/[\n,]/)
            .map((item) => item.trim())
            .filter((item) => item !== '');
    }
    /**
     * A secret (a token): masked in the runner's log and registered with the redactor in the same call, before any
     * other input can fail with a message; undefined when empty.
     */
    secret(name, fallbackEnv) {
        const value = this.optional(name, fallbackEnv);
        if (value !== undefined) {
            (0,_trust_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .setSecret */ .Pq)(value);
            (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_8__/* .registerSecret */ .cl)(value);
        }
        return value;
    }
    /** A required secret (see `secret`). */
    requiredSecret(name, expected, fallbackEnv) {
        // `required` throws the "is required" error when it is empty.
        return this.secret(name, fallbackEnv) ?? this.required(name, expected, fallbackEnv);
    }
    /** An absolute http(s) URL; undefined when empty. */
    url(name, fallbackEnv) {
        const value = this.optional(name, fallbackEnv);
        if (value === undefined)
            return undefined;
        if (!HttpUrl.safeParse(value).success) {
            // Not quoted when it may hold credentials: the redactor finds `user:pass@` only in URLs it can read as such.
            const shown = value.includes('@') ? 'the value (not quoted: it may hold credentials)' : `'${value}'`;
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${shown}${this.fromVariable(name, fallbackEnv)} is not an http(s) URL`, 'an absolute URL such as https://example.com/path');
        }
        return value;
    }
    /**
     * A value checked against a schema (an API type such as an attestation type); undefined when empty. The schema's
     * own message is not shown: `expected` says the form in the user's terms.
     */
    checked(name, schema, expected, fallbackEnv) {
        const value = this.optional(name, fallbackEnv);
        if (value === undefined)
            return undefined;
        const result = zod_mini__WEBPACK_IMPORTED_MODULE_11__/* .safeParse */ .xL(schema, value);
        if (!result.success) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `'${value}'${this.fromVariable(name, fallbackEnv)} is not valid`, expected);
        }
        return result.data;
    }
    /**
     * Two optional times (context/time.ts: ISO 8601, Unix seconds, or a time ago from `nowSeconds`) as Unix seconds,
     * the first at or before the second.
     */
    timeWindow(fromName, toName, nowSeconds) {
        const time = (name) => {
            const value = this.optional(name);
            return value === undefined ? undefined : (0,_time_js__WEBPACK_IMPORTED_MODULE_7__/* .parseTime */ .pe)(value, name, nowSeconds);
        };
        const from = time(fromName);
        const to = time(toName);
        if (from !== undefined && to !== undefined && from > to) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(fromName, `'${this.raw(fromName)}' (${(0,_time_js__WEBPACK_IMPORTED_MODULE_7__/* .formatTime */ .fU)(from)}) is later than ${toName} '${this.raw(toName)}' (${(0,_time_js__WEBPACK_IMPORTED_MODULE_7__/* .formatTime */ .fU)(to)})`, `${fromName} at or before ${toName}`);
        }
        return { from, to };
    }
    /**
     * A list (`list`, or one per line with `lines: true`, for items that may hold a comma), each item checked against
     * a schema; duplicates dropped, order kept.
     */
    checkedList(name, schema, expected, options = {}) {
        // Each item with where it is: a line number counts the blank lines above it, as an editor shows them.
        const items = options.lines
            ? this.raw(name)
                .split('\n')
                .map((line, index) => ({ item: line.trim(), where: `line ${index + 1} ` }))
                .filter(({ item }) => item !== '')
            : this.list(name).map((item) => ({ item, where: '' }));
        const out = [];
        for (const { item, where } of items) {
            const result = zod_mini__WEBPACK_IMPORTED_MODULE_11__/* .safeParse */ .xL(schema, item);
            if (!result.success) {
                throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `${where}('${item}') is not valid`, `${expected}, ${options.lines ? 'one per line' : 'one per line or comma-separated'}`);
            }
            if (!out.includes(result.data))
                out.push(result.data);
        }
        return out;
    }
}
const TIMEOUT_INPUT = 'timeout-seconds';
const TIMEOUT_VARIABLE = 'COMPLIANCE_TIMEOUT_SECONDS';
function readConnection(inputs) {
    // The token first, masked before anything else can be printed or thrown.
    const apiToken = inputs.requiredSecret('api-token', 'the API token of the compliance service', 'COMPLIANCE_API_TOKEN');
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
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz(name, `'${value}'${from} is not a whole number from ${min} to ${max}`, `a number from ${min} to ${max}`);
    }
    return n;
}


/***/ }),

/***/ 838:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fU: () => (/* binding */ formatTime),
/* harmony export */   pe: () => (/* binding */ parseTime)
/* harmony export */ });
/* unused harmony export TIME_FORMS */
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
/**
 * Times given as inputs (`from`, `to`, ...): an ISO 8601 date or date-time, Unix seconds, or a time ago such as `7d`
 * or `12h`. All become integer Unix seconds, the unit the service filters by (service-behaviour.md).
 */

const TIME_FORMS = 'an ISO 8601 date or time (2026-11-01, 2026-11-01T12:00:00Z, 2026-11-01T14:00+02:00), Unix seconds ' +
    '(1793534400), or a time ago: a number with s, m, h, d or w (30m, 12h, 7d, 2w)';
/** Seconds per unit of a relative time: m is minutes (months are not a fixed length). */
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
/** Past this, a number is milliseconds given by mistake (the bound the API's UnixSeconds schema uses). */
const MAX_SECONDS = 99_999_999_999;
const RELATIVE = /^(\d+)\s*([smhdw])$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/**
 * Reads one time input as Unix seconds (an integer: fractions are dropped). `nowSeconds` anchors relative times.
 * An ISO date or time without an offset is UTC: runners run in UTC, and a step should not depend on the machine.
 */
function parseTime(value, input, nowSeconds) {
    const text = value.trim();
    const fail = (problem) => {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, problem, TIME_FORMS);
    };
    if (text === '')
        fail('is empty');
    if (/^\d+$/.test(text)) {
        const n = Number(text);
        if (!Number.isSafeInteger(n) || n > MAX_SECONDS) {
            fail(`'${text}' is too large for Unix seconds (milliseconds? divide by 1000)`);
        }
        return n;
    }
    const relative = RELATIVE.exec(text);
    if (relative) {
        const amount = Number(relative[1]);
        const unit = relative[2];
        const at = Math.floor(nowSeconds) - amount * UNIT_SECONDS[unit];
        if (!Number.isSafeInteger(amount) || at < 0)
            fail(`'${text}' ago is before 1970`);
        return at;
    }
    const iso = ISO.exec(text);
    if (!iso)
        return fail(`'${text}' is not a time`);
    const [, y, mo, d, h = '0', mi = '0', s = '0', , zone] = iso;
    const parts = [y, mo, d, h, mi, s].map(Number);
    const [year, month, day, hour, minute, second] = parts;
    const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    // Date.UTC rolls 2026-02-30 over to March: a date that does not round-trip does not exist.
    const real = utc.getUTCFullYear() === year &&
        utc.getUTCMonth() === month - 1 &&
        utc.getUTCDate() === day &&
        utc.getUTCHours() === hour &&
        utc.getUTCMinutes() === minute &&
        utc.getUTCSeconds() === second;
    if (!real)
        fail(`'${text}' is not a real date and time`);
    let seconds = utc.getTime() / 1000;
    if (zone && zone.toUpperCase() !== 'Z') {
        const sign = zone.startsWith('-') ? -1 : 1;
        const digits = zone.slice(1).replace(':', '');
        const offsetHours = Number(digits.slice(0, 2));
        const offsetMinutes = Number(digits.slice(2));
        if (offsetHours > 23 || offsetMinutes > 59)
            fail(`'${text}' has an offset that does not exist`);
        seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60);
    }
    if (seconds < 0)
        fail(`'${text}' is before 1970`);
    return seconds;
}
/** Integer or fractional Unix seconds as ISO 8601 UTC, to the second: `2026-11-01T12:00:00Z`. */
function formatTime(seconds) {
    return new Date(Math.floor(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}


/***/ }),

/***/ 2600:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CA: () => (/* binding */ errorCode),
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   MU: () => (/* binding */ TimeoutError),
/* harmony export */   c7: () => (/* binding */ ComplianceError),
/* harmony export */   c8: () => (/* binding */ SourceError),
/* harmony export */   dk: () => (/* binding */ UnexpectedResponseError),
/* harmony export */   dz: () => (/* binding */ InputError),
/* harmony export */   hD: () => (/* binding */ ApiError),
/* harmony export */   uE: () => (/* binding */ UndeliveredError)
/* harmony export */ });
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8625);
/**
 * The one error family of the bundle. Every failure a user can see is one of these, so that messages are built in
 * one place and the token can be scrubbed in one place.
 */

/** The `code` of an error or of one of its causes (undici wraps the socket error): `ECONNREFUSED`, `ENOENT`... */
function errorCode(error) {
    for (let e = error, depth = 0; e && depth < 4; e = e.cause, depth++) {
        const code = e.code;
        if (typeof code === 'string')
            return code;
    }
    return undefined;
}
class ComplianceError extends Error {
    constructor(message, options) {
        super((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(message), options);
        this.name = new.target.name;
    }
    /** Every field, scrubbed again: a secret registered after the error was made is still hidden. */
    toJSON() {
        const out = { name: this.name, message: (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(this.message) };
        for (const [key, value] of Object.entries(this)) {
            if (key === 'cause')
                continue;
            out[key] = value === undefined ? undefined : JSON.parse((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(JSON.stringify(value)));
        }
        return out;
    }
}
/** Bad input caught before any request was sent: names the input, what is wrong, and the expected form. */
class InputError extends ComplianceError {
    kind = 'input';
    input;
    problem;
    expected;
    constructor(input, problem, expected) {
        super(`Invalid input '${input}': ${problem}${expected ? `. Expected ${expected}` : ''}.`);
        this.input = (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(input);
        this.problem = (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(problem);
        this.expected = expected === undefined ? undefined : (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(expected);
    }
}
/** The service answered with a status other than 200/201. */
class ApiError extends ComplianceError {
    kind = 'api';
    endpoint;
    status;
    serverMessage;
    fieldErrors;
    attempts;
    constructor(details) {
        super(ApiError.describe(details));
        this.endpoint = details.endpoint;
        this.status = details.status;
        if (details.serverMessage !== undefined)
            this.serverMessage = (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(details.serverMessage);
        this.fieldErrors = Object.fromEntries(Object.entries(details.fieldErrors ?? {}).map(([k, v]) => [(0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(k), (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(v)]));
        this.attempts = details.attempts ?? 1;
    }
    static describe(d) {
        const parts = [`${d.endpoint} failed with HTTP ${d.status}${statusText(d.status)}`];
        if (d.serverMessage)
            parts.push(`: ${d.serverMessage}`);
        const fields = Object.entries(d.fieldErrors ?? {});
        if (fields.length > 0)
            parts.push(` (${fields.map(([k, v]) => `${k}: ${v}`).join('; ')})`);
        if (d.attempts && d.attempts > 1)
            parts.push(` [after ${d.attempts} attempts]`);
        if (d.note)
            parts.push(`; ${d.note}`);
        const hint = hintFor(d.status);
        if (hint)
            parts.push(`. ${hint}`);
        return parts.join('');
    }
}
/** The request never got an answer: DNS, refused or reset connection, TLS. */
class NetworkError extends ComplianceError {
    kind = 'network';
    endpoint;
    reason;
    attempts;
    /** What the server said on an earlier attempt, before the network failed. */
    lastServerMessage;
    constructor(endpoint, reason, attempts = 1, lastServerMessage, options) {
        super(`${endpoint} could not reach the service: ${reason}` +
            (attempts > 1 ? ` [after ${attempts} attempts]` : '') +
            `${lastServerMessage ? `; earlier the service said: ${lastServerMessage}` : ''}. Check api-url and that the` +
            ` service is reachable from the runner (proxy settings: HTTPS_PROXY, NO_PROXY).`, options);
        this.endpoint = endpoint;
        this.reason = (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(reason);
        this.attempts = attempts;
        this.lastServerMessage = lastServerMessage === undefined ? undefined : (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(lastServerMessage);
    }
}
/** An attempt or the whole call ran past its time limit. */
class TimeoutError extends ComplianceError {
    kind = 'timeout';
    endpoint;
    limit;
    ms;
    attempts;
    /** The last thing the server said before time ran out, if it said anything. */
    lastServerMessage;
    /**
     * `setting` names what set a deadline (an input and its variable), for the message: the way to give more time.
     */
    constructor(endpoint, limit, ms, attempts = 1, lastServerMessage, setting) {
        super((limit === 'attempt'
            ? `${endpoint} timed out: no answer within ${ms} ms`
            : `${endpoint} gave up: the time budget of ${ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`} for the ` +
                `calls to the service ran out${setting ? ` (${setting})` : ''}`) +
            (attempts > 1 ? ` [after ${attempts} attempts]` : '') +
            `${lastServerMessage ? `; last server message: ${lastServerMessage}` : ''}.`);
        this.endpoint = endpoint;
        this.limit = limit;
        this.ms = ms;
        this.attempts = attempts;
        this.lastServerMessage = lastServerMessage === undefined ? undefined : (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(lastServerMessage);
    }
}
/** The service answered 2xx with a body that does not have the documented shape. */
class UnexpectedResponseError extends ComplianceError {
    kind = 'unexpected-response';
    endpoint;
    field;
    problem;
    constructor(endpoint, field, problem) {
        super(`unexpected response from ${endpoint}: ${field ? `${field} ` : ''}${problem}`);
        this.endpoint = endpoint;
        this.field = (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(field);
        this.problem = (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(problem);
    }
}
/**
 * Something the action had to read from outside the service failed: an artifact to fingerprint (file, directory,
 * Docker daemon, OCI registry) or the cluster (`kubectl`). Says what, from where, what went wrong and what to check.
 */
class SourceError extends ComplianceError {
    kind = 'source';
    /** e.g. `kubectl`, `docker`, `registry 127.0.0.1:5000`, `file`. */
    source;
    problem;
    hint;
    constructor(source, problem, hint, options) {
        super(`${source}: ${problem}${hint ? `. ${hint}` : ''}${/[.!?]$/.test(hint ?? problem) ? '' : '.'}`, options);
        this.source = (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(source);
        this.problem = (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(problem);
        this.hint = hint === undefined ? undefined : (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(hint);
    }
}
/**
 * A report that could not be delivered: the cause, and the payload, which the step finisher keeps in a file (output
 * `payload-file`) so nothing is lost.
 */
class UndeliveredError extends ComplianceError {
    kind = 'undelivered';
    payload;
    constructor(cause, payload) {
        super(`${cause.message.replace(/\.?$/, '.')} The report was not delivered.`, { cause });
        // Not enumerable: toJSON (a result file) must not carry the whole payload a second time.
        Object.defineProperty(this, 'payload', { value: payload, enumerable: false });
    }
}
function statusText(status) {
    const texts = {
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
    return texts[status] ?? '';
}
function hintFor(status) {
    if (status === 401)
        return 'Check that api-token is a valid token for this service';
    if (status === 403)
        return 'Check that the token belongs to the org and may perform this operation';
    if (status === 404)
        return 'Check the org and the names in the request';
    if (status === 429)
        return 'The service is rate limiting; retry later';
    return undefined;
}


/***/ }),

/***/ 6702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AV: () => (/* binding */ githubStatus),
/* harmony export */   ag: () => (/* binding */ requestOptions),
/* harmony export */   dZ: () => (/* binding */ describeGitHubError),
/* harmony export */   yD: () => (/* binding */ octokitFrom)
/* harmony export */ });
/* unused harmony exports GITHUB_TIMEOUT_MS, createOctokit */
/* harmony import */ var _trust_log_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1488);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(311);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8625);
/**
 * The GitHub REST client (Octokit through @actions/github), loaded with a dynamic import only when a step talks to
 * GitHub: the other actions of the bundle never parse it.
 */



/** How long one GitHub call (all its pages) may take. */
const GITHUB_TIMEOUT_MS = 60_000;
async function createOctokit({ token, apiUrl }) {
    // Scrubbed from every message of the error family, whatever GitHub echoes back.
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .registerSecret */ .cl)(token);
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    return getOctokit(token, {
        baseUrl: apiUrl.replace(/\/+$/, ''),
        userAgent: _version_js__WEBPACK_IMPORTED_MODULE_2__/* .USER_AGENT */ ._,
        // Octokit writes warnings to the console by default; keep stdout clean and every line scrubbed.
        log: {
            debug: (message) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(message),
            info: (message) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(message),
            warn: (message) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(message),
            error: (message) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(message),
        },
    });
}
async function octokitFrom(source) {
    return 'octokit' in source ? source.octokit : createOctokit(source);
}
/** Per-call request options: a time limit (an unref'd timer, so it never holds the process). */
function requestOptions(timeoutMs = GITHUB_TIMEOUT_MS) {
    return { signal: AbortSignal.timeout(timeoutMs) };
}
/** The HTTP status of a failed GitHub call (Octokit's RequestError), if it got one. */
function githubStatus(error) {
    const status = error?.status;
    // Octokit reports a request that never got an answer as status 500 with no response.
    const response = error?.response;
    return typeof status === 'number' && response !== undefined ? status : undefined;
}
/** One line for a log: `HTTP 403: Resource not accessible by integration`, or the network failure; scrubbed. */
function describeGitHubError(error) {
    const status = githubStatus(error);
    const raw = error instanceof Error ? error.message : String(error);
    // Octokit appends " - <documentation_url>"; the message alone reads better in a log line.
    const message = raw.replace(/ - https:\/\/docs\.github\.com\S*$/, '').trim();
    return (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(status !== undefined ? `HTTP ${status}: ${message}` : `no answer: ${message}`);
}


/***/ }),

/***/ 3792:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Cy: () => (/* binding */ readCommon),
  fY: () => (/* binding */ readRunner),
  SV: () => (/* binding */ withClient)
});

// UNUSED EXPORTS: createClient

// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 3 modules
var schemas = __webpack_require__(3619);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./src/api/config.ts
var config = __webpack_require__(1392);
// EXTERNAL MODULE: ./src/api/schemas/common.ts
var common = __webpack_require__(9662);
;// CONCATENATED MODULE: ./src/api/endpoints.ts
/**
 * The nine operations of API v2: method, path template, path parameters, and a loader of the query, body and response
 * schemas, in one table that the client, the sandbox and the OpenAPI document all read. Each operation's schemas are
 * a module of their own (`schemas/<operation>.ts`), loaded when the operation is called (issue 14): a step builds
 * only the schemas of what it calls.
 */


const org = common/* OrgName */.Q6;
const endpoints = {
    listAttestationsForCommits: {
        method: 'GET',
        path: '/attestations/{org}/list_attestations_for_criteria',
        summary: 'List attestations matching criteria',
        params: { org },
        status: 200,
        schemas: () => __webpack_require__.e(/* import() */ 850).then(__webpack_require__.bind(__webpack_require__, 7850)).then((s) => ({
            query: s.AttestationsForCommitsQuery,
            response: s.AttestationsByCommit,
        })),
    },
    listTrails: {
        method: 'GET',
        path: '/trails/{org}',
        summary: 'List trails for an organization',
        params: { org },
        status: 200,
        schemas: () => __webpack_require__.e(/* import() */ 505).then(__webpack_require__.bind(__webpack_require__, 505)).then((s) => ({
            query: s.ListTrailsQuery,
            response: s.ListTrailsResponse,
        })),
    },
    getDeployment: {
        method: 'GET',
        path: '/deployments/{org}/{env_name}/{fingerprint}',
        summary: 'Get a deployment',
        params: { org, env_name: common/* EnvName */.xH, fingerprint: common/* Fingerprint */.$A },
        status: 200,
        schemas: () => __webpack_require__.e(/* import() */ 335).then(__webpack_require__.bind(__webpack_require__, 4335)).then((s) => ({ response: s.Deployment })),
    },
    reportArtifact: {
        method: 'POST',
        path: '/artifacts/{org}/{flow_name}',
        summary: 'Report an artifact',
        params: { org, flow_name: common/* FlowName */.iV },
        status: 201,
        schemas: () => __webpack_require__.e(/* import() */ 748).then(__webpack_require__.bind(__webpack_require__, 6748)).then((s) => ({
            body: s.ReportArtifactBody,
            response: s.ReportArtifactResult,
        })),
    },
    listFlowAttestations: {
        method: 'GET',
        path: '/attestations/{org}/{flow_name}',
        summary: 'List flow attestations',
        params: { org, flow_name: common/* FlowName */.iV },
        status: 200,
        schemas: () => __webpack_require__.e(/* import() */ 198).then(__webpack_require__.bind(__webpack_require__, 9198)).then((s) => ({
            query: s.FlowAttestationsQuery,
            response: s.FlowAttestationsResponse,
        })),
    },
    getArtifact: {
        method: 'GET',
        path: '/artifacts/{org}/{flow_name}/fingerprint/{fingerprint}',
        summary: 'Get artifact by fingerprint',
        params: { org, flow_name: common/* FlowName */.iV, fingerprint: common/* Fingerprint */.$A },
        status: 200,
        schemas: () => __webpack_require__.e(/* import() */ 450).then(__webpack_require__.bind(__webpack_require__, 450)).then((s) => ({ query: s.GetArtifactQuery, response: s.Artifact })),
    },
    diffEnvironments: {
        method: 'GET',
        path: '/env-diff/{org}',
        summary: 'Get environment diff',
        params: { org },
        status: 200,
        schemas: () => __webpack_require__.e(/* import() */ 231).then(__webpack_require__.bind(__webpack_require__, 8231)).then((s) => ({ query: s.EnvDiffQuery, response: s.EnvDiff })),
    },
    reportK8sEnvironment: {
        method: 'PUT',
        path: '/environments/{org}/{env_name}/report/K8S',
        summary: 'Report a K8S environment',
        params: { org, env_name: common/* EnvName */.xH },
        status: 200,
        schemas: () => __webpack_require__.e(/* import() */ 116).then(__webpack_require__.bind(__webpack_require__, 5116)).then((s) => ({
            body: s.K8sReportBody,
            response: s.K8sReportResult,
        })),
    },
    listActions: {
        method: 'GET',
        path: '/actions/{org}',
        summary: 'List actions',
        params: { org },
        status: 200,
        schemas: () => __webpack_require__.e(/* import() */ 813).then(__webpack_require__.bind(__webpack_require__, 813)).then((s) => ({ response: s.ListActionsResponse })),
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

// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/trust/text.ts
var trust_text = __webpack_require__(6623);
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
// EXTERNAL MODULE: ./src/api/exchange.ts
var exchange = __webpack_require__(2731);
;// CONCATENATED MODULE: ./src/api/http.ts






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
/** Errors (Node's and undici's) that come from the request itself, not the network: retrying cannot help. */
const NOT_RETRYABLE_CODES = new Set([
    'UND_ERR_INVALID_ARG',
    'UND_ERR_NOT_SUPPORTED',
    'ERR_INVALID_URL',
    'ERR_INVALID_PROTOCOL',
    'ERR_INVALID_CHAR',
    'ERR_INVALID_HTTP_TOKEN',
    'ERR_UNESCAPED_CHARACTERS',
]);
class HttpTransport {
    config;
    /** Opened by the first attempt. */
    exchange;
    /** Aborted by close(): stops waits and requests still under way, so nothing outlives the client. */
    closing = new AbortController();
    /** One deadline for every call: the budget is the client's (a step's), not each call's. */
    deadlineAt;
    constructor(config) {
        this.config = config;
        this.deadlineAt = Date.now() + config.deadlineMs;
    }
    open() {
        const { proxy, apiRoot } = this.config;
        if (proxy.httpProxy || proxy.httpsProxy) {
            // undici costs ~100 ms at start: only a step behind a proxy pays for it.
            return Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(692)]).then(__webpack_require__.bind(__webpack_require__, 6692)).then((m) => new m.ProxyExchange(proxy));
        }
        return Promise.resolve(new exchange/* NodeExchange */.Qf(apiRoot.protocol === 'https:'));
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
        // Outside the retried part: a proxy client that cannot be loaded is a broken install, not a network fault, and
        // another attempt would only meet the same failure until the deadline.
        const exchange = await (this.exchange ??= this.open());
        const timeout = new AbortController();
        const timer = setTimeout(() => {
            timeout.abort();
        }, limitMs);
        try {
            const { status, text, contentType, retryAfter } = await exchange.send(url, {
                method,
                headers,
                payload,
                signal: AbortSignal.any([timeout.signal, this.closing.signal]),
                maxBytes: this.config.maxResponseBytes,
            });
            if (text === undefined)
                return { kind: 'too-large' };
            return {
                kind: 'response',
                status,
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
            return { kind: 'network', error, retryable: !NOT_RETRYABLE_CODES.has((0,errors/* errorCode */.CA)(error) ?? '') };
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
        // One still being opened (undici loading) is closed once it is there.
        const exchange = await this.exchange?.catch(() => undefined);
        await exchange?.close();
    }
}

// EXTERNAL MODULE: ./src/api/parse.ts
var parse = __webpack_require__(8247);
// EXTERNAL MODULE: ./src/api/schemas.ts
var api_schemas = __webpack_require__(8164);
;// CONCATENATED MODULE: ./src/api/pagination.ts
/**
 * The one pagination helper. The service answers a list in three shapes (a bare list, an envelope without
 * `pagination` when there is one page, a full envelope); `readPage` accepts each, and `fetchAllPages` reads every
 * page: the first, then the rest concurrently with a bound, stopping at a cap on items.
 */




const Envelope = schemas/* looseObject */._H3({ data: schemas/* array */.YOg(schemas/* unknown */.L5J()), pagination: schemas/* optional */.lqM(schemas/* unknown */.L5J()) });
/**
 * One page, in any of the three shapes. Each item must parse as the item's schema (an object, for the resources of
 * the spec): a list of something else is not a page of them.
 */
function readPage(raw, item, endpoint) {
    if (Array.isArray(raw))
        return { items: (0,parse/* parseResponse */.xp)(schemas/* array */.YOg(item), raw, endpoint) };
    const envelope = Envelope.safeParse(raw);
    if (!envelope.success) {
        throw new errors/* UnexpectedResponseError */.dk(endpoint, '', 'expected a list or an object with a "data" list');
    }
    const items = (0,parse/* parseResponse */.xp)(schemas/* looseObject */._H3({ data: schemas/* array */.YOg(item) }), raw, endpoint).data;
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
// EXTERNAL MODULE: ./src/api/validate.ts
var validate = __webpack_require__(3020);
;// CONCATENATED MODULE: ./src/api/client.ts
/**
 * The typed client of API v2: one method per operation, validated parameters in, parsed results out.
 */











/** How many commits go in one `list_attestations_for_criteria` request (keeps the URL well under 8 KiB). */
const COMMITS_PER_REQUEST = 100;
class ComplianceClient {
    config;
    http;
    /** Throws an InputError for a bad URL, org or token before any connection is made. */
    constructor(options) {
        this.config = (0,config/* resolveConfig */.pE)(options);
        this.http = new HttpTransport(this.config);
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
        if (response.body instanceof NonJsonBody) {
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
        const { AttestationsForCommitsQuery, AttestationsByCommit } = await __webpack_require__.e(/* import() */ 850).then(__webpack_require__.bind(__webpack_require__, 7850));
        const q = (0,validate/* validate */.t)(AttestationsForCommitsQuery, query, 'query');
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
            const part = (0,parse/* parseResponse */.xp)(AttestationsByCommit, map, label);
            checkAttestationsAbout(label, part, chunk, q);
            return part;
        });
        const merged = {};
        for (const commit of commits)
            merged[commit] = [];
        for (const part of parts) {
            for (const [commit, list] of Object.entries(part))
                merged[commit] = list;
        }
        return merged;
    }
    /** GET /trails/{org}: one page. */
    async listTrails(query = {}) {
        const { ListTrailsQuery, Trail } = await __webpack_require__.e(/* import() */ 505).then(__webpack_require__.bind(__webpack_require__, 505));
        const q = (0,validate/* validate */.t)(ListTrailsQuery, query, 'query');
        const raw = await this.call('listTrails', {}, q);
        return readPage(raw, Trail, endpointLabel('listTrails'));
    }
    /** GET /trails/{org}: every page, up to a cap. */
    async listAllTrails(query = {}, options = {}) {
        const opts = readAllOptions(options);
        const { ListTrailsQuery } = await __webpack_require__.e(/* import() */ 505).then(__webpack_require__.bind(__webpack_require__, 505));
        (0,validate/* validate */.t)(ListTrailsQuery, query, 'query');
        return fetchAllPages((page, per_page) => this.listTrails({ ...query, page, per_page }), opts);
    }
    /** GET /deployments/{org}/{env_name}/{fingerprint} */
    async getDeployment(envName, fingerprint) {
        const { Deployment } = await __webpack_require__.e(/* import() */ 335).then(__webpack_require__.bind(__webpack_require__, 4335));
        const env = (0,validate/* validate */.t)(common/* EnvName */.xH, envName, 'env_name');
        const fp = (0,validate/* validate */.t)(common/* Fingerprint */.$A, fingerprint, 'fingerprint');
        const raw = await this.call('getDeployment', { env_name: env, fingerprint: fp });
        const label = endpointLabel('getDeployment');
        // The fingerprint and the time decide found; the environment, where named, must be the one asked.
        const answer = (0,parse/* parseResponse */.xp)(Deployment, raw, label);
        sameAsAsked(label, 'fingerprint', answer.fingerprint, fp);
        sameAsAsked(label, 'env_name', answer.env_name, env);
        return answer;
    }
    /** POST /artifacts/{org}/{flow_name}: creates or updates the artifact of (flow, fingerprint). */
    async reportArtifact(flowName, body) {
        const { ReportArtifactBody, ReportArtifactResult } = await __webpack_require__.e(/* import() */ 748).then(__webpack_require__.bind(__webpack_require__, 6748));
        const flow = (0,validate/* validate */.t)(common/* FlowName */.iV, flowName, 'flow_name');
        const payload = (0,validate/* validate */.t)(ReportArtifactBody, body, 'body');
        return this.write('reportArtifact', { flow_name: flow }, payload, ReportArtifactResult);
    }
    /** GET /attestations/{org}/{flow_name}: one page. */
    async listFlowAttestations(flowName, query = {}) {
        const { FlowAttestationsQuery, Attestation } = await __webpack_require__.e(/* import() */ 198).then(__webpack_require__.bind(__webpack_require__, 9198));
        const flow = (0,validate/* validate */.t)(common/* FlowName */.iV, flowName, 'flow_name');
        const q = (0,validate/* validate */.t)(FlowAttestationsQuery, query, 'query');
        const raw = await this.call('listFlowAttestations', { flow_name: flow }, q);
        return readPage(raw, Attestation, endpointLabel('listFlowAttestations'));
    }
    /** GET /attestations/{org}/{flow_name}: every page, up to a cap. */
    async listAllFlowAttestations(flowName, query = {}, options = {}) {
        const opts = readAllOptions(options);
        const { FlowAttestationsQuery } = await __webpack_require__.e(/* import() */ 198).then(__webpack_require__.bind(__webpack_require__, 9198));
        (0,validate/* validate */.t)(common/* FlowName */.iV, flowName, 'flow_name');
        (0,validate/* validate */.t)(FlowAttestationsQuery, query, 'query');
        return fetchAllPages((page, per_page) => this.listFlowAttestations(flowName, { ...query, page, per_page }), opts);
    }
    /** GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint} */
    async getArtifact(flowName, fingerprint, query = {}) {
        const { GetArtifactQuery, Artifact } = await __webpack_require__.e(/* import() */ 450).then(__webpack_require__.bind(__webpack_require__, 450));
        const flow = (0,validate/* validate */.t)(common/* FlowName */.iV, flowName, 'flow_name');
        const fp = (0,validate/* validate */.t)(common/* Fingerprint */.$A, fingerprint, 'fingerprint');
        const q = (0,validate/* validate */.t)(GetArtifactQuery, query, 'query');
        const raw = await this.call('getArtifact', { flow_name: flow, fingerprint: fp }, q);
        const label = endpointLabel('getArtifact');
        const artifact = (0,parse/* parseResponse */.xp)(Artifact, raw, label);
        sameAsAsked(label, 'fingerprint', artifact.fingerprint, fp);
        sameAsAsked(label, 'flow_name', artifact.flow_name, flow);
        if (q.trail !== undefined)
            sameAsAsked(label, 'trail_name', artifact.trail_name, q.trail);
        return artifact;
    }
    /** GET /env-diff/{org}: both expressions are checked here, not left to the server. */
    async diffEnvironments(snapshot1, snapshot2) {
        const { EnvDiff } = await __webpack_require__.e(/* import() */ 231).then(__webpack_require__.bind(__webpack_require__, 8231));
        const one = (0,snapshot/* parseSnapshotExpression */.gS)(snapshot1, 'snappish1');
        const two = (0,snapshot/* parseSnapshotExpression */.gS)(snapshot2, 'snappish2');
        const snappish1 = (0,snapshot/* formatSnapshotExpression */.kx)(one);
        const snappish2 = (0,snapshot/* formatSnapshotExpression */.kx)(two);
        const raw = await this.call('diffEnvironments', {}, { snappish1, snappish2 });
        const label = endpointLabel('diffEnvironments');
        const diff = (0,parse/* parseResponse */.xp)(EnvDiff, raw, label);
        // Only in 1 is about snapshot 1, only in 2 about snapshot 2; the shared groups may name either.
        checkSnapshot(label, 'snappish1', diff.snappish1.snapshot_id, [one]);
        checkSnapshot(label, 'snappish2', diff.snappish2.snapshot_id, [two]);
        checkSnapshot(label, 'changed', diff.changed.snapshot_id, [one, two]);
        checkSnapshot(label, 'not-changed', diff['not-changed'].snapshot_id, [one, two]);
        return diff;
    }
    /** PUT /environments/{org}/{env_name}/report/K8S */
    async reportK8sEnvironment(envName, body) {
        const { K8sReportBody, K8sReportResult } = await __webpack_require__.e(/* import() */ 116).then(__webpack_require__.bind(__webpack_require__, 5116));
        const env = (0,validate/* validate */.t)(common/* EnvName */.xH, envName, 'env_name');
        const payload = (0,validate/* validate */.t)(K8sReportBody, body, 'body');
        return this.write('reportK8sEnvironment', { env_name: env }, payload, K8sReportResult);
    }
    /** GET /actions/{org}: a bare array. */
    async listActions() {
        const { ListActionsResponse } = await __webpack_require__.e(/* import() */ 813).then(__webpack_require__.bind(__webpack_require__, 813));
        const raw = await this.call('listActions', {});
        if (!Array.isArray(raw))
            throw new errors/* UnexpectedResponseError */.dk(endpointLabel('listActions'), '', 'expected a list');
        return (0,parse/* parseResponse */.xp)(ListActionsResponse, raw, endpointLabel('listActions'));
    }
    /** Closes kept-alive connections so the process can exit at once. */
    async close() {
        await this.http.close();
    }
}
function readAllOptions(options) {
    const perPage = (0,validate/* validate */.t)(common/* PerPage */.FT, options.perPage ?? common/* MAX_PER_PAGE */.Vg, 'per_page');
    const maxItems = (0,validate/* validate */.t)(schemas/* number */.aig().check(schemas/* int */.Whr(), api/* _gte */.qm(1)), options.maxItems ?? 1000, 'max-items');
    const concurrency = (0,validate/* validate */.t)(schemas/* number */.aig().check(schemas/* int */.Whr(), api/* _gte */.qm(1), api/* _lte */.Zm(16)), options.concurrency ?? 4, 'concurrency');
    return { perPage, maxItems, concurrency };
}
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
    for (const commit of Object.keys(map)) {
        if (!asked.includes(commit)) {
            throw new errors/* UnexpectedResponseError */.dk(endpoint, '', `names commit ${(0,trust_text/* quoteValue */.cl)(commit)}, which was not asked: the answer is about something else`);
        }
        const list = map[commit] ?? [];
        list.forEach((a, i) => {
            const at = `${commit}[${i}]`;
            // Only shown elsewhere: a commit info sent malformed names no commit (null), so it is not compared.
            sameAsAsked(endpoint, `${at}.git_commit_info.sha1`, a.git_commit_info?.sha1, commit);
            if (query.flow_name !== undefined)
                sameAsAsked(endpoint, `${at}.flow_name`, a.flow_name, query.flow_name);
            if (query.attestation_name !== undefined)
                sameAsAsked(endpoint, `${at}.attestation_name`, a.attestation_name, query.attestation_name);
            // A gate narrowed to a type must not pass on another type a service that ignores the filter sends, nor on one
            // that does not say its type.
            if (query.attestation_type !== undefined) {
                if (a.attestation_type === undefined || a.attestation_type === null)
                    throw new errors/* UnexpectedResponseError */.dk(endpoint, `${at}.attestation_type`, `is missing: the answer does not show the type asked for (${(0,trust_text/* quoteValue */.cl)(query.attestation_type)})`);
                sameAsAsked(endpoint, `${at}.attestation_type`, a.attestation_type, query.attestation_type);
            }
        });
    }
}

// EXTERNAL MODULE: ./src/context/github.ts
var context_github = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/context/inputs.ts
var context_inputs = __webpack_require__(5042);
;// CONCATENATED MODULE: ./src/runtime/context.ts
/**
 * What every sub-action reads besides its own inputs: the connection, the `summary` switch, and the runner's
 * context (temp folder, summary file, workspace, GitHub variables and event payload). Read once from an environment
 * map by the entry point, so `run(inputs)` never touches `process.env`.
 */







function readRunner(env, cwd) {
    const github = (0,context_github/* readGitHubContext */.L7)(env);
    let event = {};
    if (github.eventPath) {
        try {
            event = JSON.parse((0,external_node_fs_.readFileSync)(github.eventPath, 'utf8'));
        }
        catch {
            log/* log */.R.debug(`could not read the event payload at ${github.eventPath}`);
        }
    }
    return {
        temp: env.RUNNER_TEMP?.trim() || (0,external_node_os_.tmpdir)(),
        summaryFile: env.GITHUB_STEP_SUMMARY?.trim() || undefined,
        workspace: (0,external_node_path_.resolve)(cwd, env.GITHUB_WORKSPACE?.trim() || '.'),
        github,
        event,
    };
}
/** The connection first: its token is masked before any other input can fail with a message. */
function readCommon(inputs, cwd) {
    return {
        connection: (0,context_inputs/* readConnection */.dC)(inputs),
        summary: inputs.boolean('summary', true),
        runner: readRunner(inputs.env, cwd),
    };
}
function createClient(connection) {
    return new ComplianceClient({
        baseUrl: connection.apiUrl,
        org: connection.org,
        token: connection.apiToken,
        proxy: connection.proxy,
        ...(connection.retries !== undefined && { retries: connection.retries }),
        deadlineMs: connection.timeoutSeconds * 1000,
        deadlineSetting: `${context_inputs/* TIMEOUT_INPUT */.hh}; variable ${context_inputs/* TIMEOUT_VARIABLE */.bT}`,
        logger: { debug: (m) => log/* log */.R.debug(m), warning: (m) => log/* log */.R.warning(m) },
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

/***/ 2679:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DP: () => (/* binding */ COMMENT_WRITER_OPTIONS),
  rh: () => (/* binding */ commentOnPullRequest),
  SM: () => (/* binding */ readPrComment)
});

// UNUSED EXPORTS: COMMENT_BODY_LIMIT, readGitHubToken

// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/context/github.ts
var context_github = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/trust/text.ts
var trust_text = __webpack_require__(6623);
// EXTERNAL MODULE: ./src/github/octokit.ts
var github_octokit = __webpack_require__(6702);
// EXTERNAL MODULE: ./src/trust/redact.ts
var redact = __webpack_require__(8625);
;// CONCATENATED MODULE: ./src/github/comment.ts
/**
 * The sticky pull-request comment: one per key (a workflow and an action), found again by a hidden marker and
 * updated in place, kept under GitHub's 65,536-character limit, stating when it ran and linking the run. Where the
 * token may not write (a pull request from a fork, a job without `pull-requests: write`) it warns and leaves the job
 * summary as the only report: a comment never fails a step.
 */




/** GitHub refuses a comment body longer than this many characters. */
const COMMENT_LIMIT = 65_536;
/** The hidden first line that finds the comment again. */
function stickyMarker(key) {
    // Encoded, so no key can close the HTML comment or match another key's marker; scrubbed like the rest.
    return (0,redact/* redact */.E$)(`<!-- compliance-actions:sticky ${encodeURIComponent(key)} -->`);
}
/** `2026-11-02 07:00:00 UTC` */
function utc(date) {
    return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
function footer(now, runUrl) {
    const where = runUrl && /^https?:\/\//.test(runUrl) ? ` in [this workflow run](${runUrl})` : '';
    return `\n\n---\n<sub>Ran at ${utc(now)}${where}.</sub>\n`;
}
function truncationNote(lines, runUrl) {
    const where = runUrl && /^https?:\/\//.test(runUrl) ? `the [job summary](${runUrl})` : 'the job summary';
    return (`\n\n> [!NOTE]\n> This comment was cut to stay under GitHub's 65,536-character ` +
        `limit: ${lines} more line(s) are not shown. The full result is in ${where}.`);
}
/** Closes the `<details>` blocks a cut left open, so the rest of the comment still renders. */
function closeOpenDetails(text) {
    const opened = (text.match(/<details[\s>]/g) ?? []).length;
    const closed = (text.match(/<\/details>/g) ?? []).length;
    return opened > closed ? `${text}\n${'</details>\n'.repeat(opened - closed)}` : text;
}
/**
 * The full comment body: marker, content (cut at a line boundary with a note when it would pass the limit), and a
 * footer with the time and the run.
 */
function renderStickyBody(options) {
    const limit = options.limit ?? COMMENT_LIMIT;
    const head = `${stickyMarker(options.key)}\n`;
    const tail = footer(options.now ?? new Date(), options.runUrl);
    // Scrubbed: a body quotes the server's text, and a server may echo a token; no mention survives either.
    const content = (0,trust_text/* noMention */.ov)((0,redact/* redact */.E$)(options.body)).trimEnd();
    if (head.length + content.length + tail.length <= limit) {
        return { text: head + content + tail, truncated: false };
    }
    const totalLines = content.split('\n').length;
    // Room for the note (with the largest count it can show) and the closing tags a cut may need.
    const reserve = truncationNote(totalLines, options.runUrl).length + 16 * '</details>\n'.length + 2;
    const budget = limit - head.length - tail.length - reserve;
    if (budget <= 0)
        throw new Error(`the comment limit (${limit}) leaves no room for the body`);
    let cut = content.lastIndexOf('\n', budget);
    if (cut <= 0) {
        // One very long line: cut inside it, never between the two halves of a surrogate pair.
        cut = budget;
        const code = content.charCodeAt(cut - 1);
        if (code >= 0xd800 && code <= 0xdbff)
            cut -= 1;
    }
    const kept = content.slice(0, cut);
    const shownLines = kept.split('\n').length;
    const closed = closeOpenDetails(kept);
    const text = head + closed + truncationNote(totalLines - shownLines, options.runUrl) + tail;
    return { text, truncated: true };
}
/** The login the token acts as; undefined for an installation token (the workflow's), which may not ask. */
async function viewerLogin(octokit, timeoutMs) {
    try {
        const { data } = await octokit.rest.users.getAuthenticated({ request: (0,github_octokit/* requestOptions */.ag)(timeoutMs) });
        return data.login;
    }
    catch {
        return undefined;
    }
}
const FORBIDDEN_HINT = 'The token cannot write to this pull request (a pull request from a fork, or a job without the ' +
    "'pull-requests: write' permission); the result is in the job summary only.";
/**
 * Creates the comment of `key` on the pull request, or updates it in place when it exists. Never throws for a
 * GitHub failure: it logs a warning and returns `skipped`.
 */
async function upsertStickyComment(options) {
    const { owner, repo, issueNumber } = options;
    const { text, truncated } = renderStickyBody(options);
    const marker = stickyMarker(options.key);
    try {
        const octokit = await (0,github_octokit/* octokitFrom */.yD)(options);
        // Anyone can paste the marker into a comment: only one written by a bot (the workflow token's
        // github-actions[bot], or an app) or by the token's own user is ours to update.
        const marked = [];
        for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
            owner,
            repo,
            issue_number: issueNumber,
            per_page: 100,
            request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
        })) {
            for (const c of page.data)
                if (c.body?.includes(marker))
                    marked.push({ id: c.id, user: c.user });
        }
        let existing = marked.find((c) => c.user?.type === 'Bot')?.id;
        if (existing === undefined && marked.length > 0) {
            const viewer = await viewerLogin(octokit, options.timeoutMs);
            existing = marked.find((c) => viewer !== undefined && c.user?.login === viewer)?.id;
            if (existing === undefined) {
                const by = [...new Set(marked.map((c) => c.user?.login ?? 'unknown'))].join(', ');
                log/* log */.R.info(`Left alone ${marked.length} comment(s) with this step's marker written by ${by}.`);
            }
        }
        if (existing !== undefined) {
            const { data } = await octokit.rest.issues.updateComment({
                owner,
                repo,
                comment_id: existing,
                body: text,
                request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
            });
            log/* log */.R.info(`Updated the comment on pull request #${issueNumber}: ${data.html_url}`);
            return { status: 'updated', id: data.id, url: data.html_url, truncated, length: text.length };
        }
        const { data } = await octokit.rest.issues.createComment({
            owner,
            repo,
            issue_number: issueNumber,
            body: text,
            request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
        });
        log/* log */.R.info(`Commented on pull request #${issueNumber}: ${data.html_url}`);
        return { status: 'created', id: data.id, url: data.html_url, truncated, length: text.length };
    }
    catch (error) {
        const httpStatus = (0,github_octokit/* githubStatus */.AV)(error);
        const reason = (0,github_octokit/* describeGitHubError */.dZ)(error);
        const hint = httpStatus === 403 || httpStatus === 404
            ? FORBIDDEN_HINT
            : 'The result is in the job summary; the comment is left as it was.';
        log/* log */.R.warning(`Could not comment on pull request #${issueNumber} (${reason}). ${hint}`);
        return { status: 'skipped', reason, ...(httpStatus !== undefined && { httpStatus }) };
    }
}

;// CONCATENATED MODULE: ./src/runtime/pr-comment.ts
/**
 * `comment-on-pr` and `github-token`, read the same way by every sub-action that can comment, and the one call that
 * posts the sticky comment. A comment never fails a step: outside a pull request it is skipped with a note, and a
 * GitHub failure is a warning (src/github/comment.ts).
 */




/** Room left in a comment for its marker, footer and cut note, so a body built to this size is never cut again. */
const COMMENT_BODY_LIMIT = COMMENT_LIMIT - 2048;
/** SummaryWriter options for a comment body: its budget, and a cut note that says so. */
const COMMENT_WRITER_OPTIONS = {
    limit: COMMENT_BODY_LIMIT,
    cutReason: "This comment was cut to stay under GitHub's 65,536-character limit",
    fullDataHint: "the run's job summary and the `result-file` output",
};
/**
 * `github-token`, masked. Read before any other input, so no later input error can print it.
 */
function readGitHubToken(inputs) {
    return inputs.secret('github-token');
}
/** `comment-on-pr` with the token it needs, and the pull request it would go to. */
function readPrComment(inputs, common, githubToken) {
    const commentOnPr = inputs.boolean('comment-on-pr', false);
    if (commentOnPr && githubToken === undefined) {
        throw new errors/* InputError */.dz('github-token', 'is required with comment-on-pr: true', "a token that may write pull-request comments (default: the workflow's github.token)");
    }
    const { github, event } = common.runner;
    return { commentOnPr, githubToken, pullRequest: (0,context_github/* pullRequestOf */._n)(github, event) };
}
/**
 * Posts or updates the comment of `key` (an action, and what tells two steps of it in one job apart), kept once per
 * workflow and job, when `comment-on-pr` asks for it and this run is for a pull request; undefined when no comment
 * was asked or possible.
 */
async function commentOnPullRequest(inputs, key, body) {
    if (!inputs.commentOnPr || inputs.githubToken === undefined)
        return undefined;
    const pr = inputs.pullRequest;
    if (!pr) {
        log/* log */.R.info('comment-on-pr: this run is not for a pull request; no comment.');
        return undefined;
    }
    const { github } = inputs.runner;
    const token = inputs.githubToken;
    return log/* log */.R.group(`Comment on pull request #${pr.number}`, () => upsertStickyComment({
        token,
        apiUrl: github.apiUrl,
        owner: pr.owner,
        repo: pr.repo,
        issueNumber: pr.number,
        key: `${github.workflow ?? 'workflow'}/${github.job ?? 'job'}/${key}`,
        body: body(),
        runUrl: (0,context_github/* buildUrl */.c$)(github),
    }));
}


/***/ }),

/***/ 7402:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  KE: () => (/* binding */ MAX_ANNOTATIONS),
  QP: () => (/* binding */ defineAction),
  LM: () => (/* binding */ errorStepWith)
});

// UNUSED EXPORTS: errorStep, finish, runStep, stepError

// EXTERNAL MODULE: ./src/trust/commands.ts
var commands = __webpack_require__(3154);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/context/inputs.ts
var context_inputs = __webpack_require__(5042);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/trust/redact.ts
var redact = __webpack_require__(8625);
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./src/runtime/output.ts
/**
 * What a step leaves behind: string outputs, the full JSON result under RUNNER_TEMP (`result-file`), and, when a
 * report could not be delivered, its payload (`payload-file`), so nothing is lost.
 */




/** Sets each output as a string; an undefined value is set as '' so a later step reads a defined output. */
function setOutputs(outputs) {
    for (const [name, value] of Object.entries(outputs))
        // Scrubbed: a value can carry the server's text, and a server may echo the token.
        (0,commands/* setOutput */.uH)(name, value === undefined ? '' : (0,redact/* redact */.E$)(String(value)));
}
function writeJsonFile(runner, basename, value, indent) {
    const dir = (0,external_node_path_.join)(runner.temp, 'compliance-actions');
    // Synchronous: a few KB, and node:fs/promises (with the readline code it loads) costs more at start than it saves.
    (0,external_node_fs_.mkdirSync)(dir, { recursive: true });
    // Unique per step: one job may run the same action several times.
    const file = (0,external_node_path_.join)(dir, `${basename}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}.json`);
    (0,external_node_fs_.writeFileSync)(file, (0,redact/* redact */.E$)(JSON.stringify(value, null, indent)) + '\n');
    return file;
}
/** Writes the full result under RUNNER_TEMP and returns its path (the finisher sets `result-file`). */
function writeResultFile(runner, action, result) {
    return writeJsonFile(runner, `${action}-result`, result, 2);
}
/** Keeps a payload that was not sent (dry run, or delivery failed) exactly as it would go on the wire. */
function keepPayload(runner, action, payload) {
    return writeJsonFile(runner, `${action}-payload`, payload);
}

// EXTERNAL MODULE: ./src/runtime/pr-comment.ts + 1 modules
var pr_comment = __webpack_require__(2679);
;// CONCATENATED MODULE: ./src/runtime/step.ts
/**
 * The one step lifecycle. Every sub-action is an `ActionDefinition`: `read` turns the runner's inputs into a typed
 * object (throwing an InputError before any request), `run(inputs)` does the work and returns a `StepResult` without
 * writing anything to the runner. `runStep` owns the error path, and `finish` writes what a step leaves behind,
 * always in this order: exported variables and outputs, the result file, the job summary, the PR comment, the
 * annotations, then the failure. An error anywhere (a bad input, no token, an unreachable service, an unexpected
 * answer, a bug) becomes `outcome=error`, a result file and a summary that says what could not be done and why.
 */









/** GitHub shows at most ten annotations of each level per step; the failure itself is one of the errors. */
const MAX_ANNOTATIONS = 10;
function defineAction(definition) {
    // A closure, so the entry point can start any action without knowing its inputs type.
    return { ...definition, start: (env, cwd) => runStep(definition, env, cwd) };
}
function stepError(error) {
    // ComplianceError messages are scrubbed when made; anything else is scrubbed here.
    const message = (0,redact/* redact */.E$)(error instanceof Error ? error.message : String(error)).trim();
    return {
        kind: error instanceof errors/* ComplianceError */.c7 ? error.kind : 'unexpected',
        // An empty message would fail the step with an empty annotation and a summary that says nothing.
        message: message || `${error instanceof Error ? error.name : typeof error} without a message`,
    };
}
/** What to do about each kind of error, under the summary of a step that could not finish. */
const NEXT_STEP = {
    input: 'Fix the input named above; nothing was sent to the service.',
    network: 'The service could not be reached: check `api-url`, the network and any proxy settings.',
    timeout: 'The service did not answer in time: check its status, or raise `timeout-seconds`.',
    api: 'The service refused the request: see its answer above.',
    'unexpected-response': 'The answer was not in the documented form, so it was not used: nothing was decided from it.',
    source: 'The artifact or cluster could not be read: see the message above.',
    undelivered: 'The report was not delivered: see `payload-file` for what would have been sent.',
    unexpected: 'This is a bug in compliance-actions; the debug log has the stack.',
};
/** The result of a step that could not finish: `outcome=error`, why, and what the inputs said. */
function errorStep(definition, inputs, error) {
    const why = stepError(error);
    const extras = definition.onError;
    // What the inputs said, what could not be done and the comment key are courtesies: the error is the point, so a bug
    // in one of them must not take the error path down with it. No comment after bad input: nothing is sent then.
    const known = courtesy(() => (inputs !== undefined ? definition.describe?.(inputs) : undefined) ?? {}, {});
    const couldNot = courtesy(() => definition.couldNot(inputs), `Could not run ${definition.name}`);
    const commentKey = courtesy(() => (inputs !== undefined && why.kind !== 'input' ? extras?.commentKey?.(inputs) : undefined), undefined);
    const summary = new writer/* SummaryWriter */.CS()
        .heading(`⚠️ ${couldNot}`, 3)
        .paragraph(why.message)
        .paragraph(NEXT_STEP[why.kind] ?? NEXT_STEP.unexpected ?? '');
    return {
        outcome: 'error',
        outputs: { ...extras?.outputs },
        result: { ...extras?.result, ...known, error: why },
        summary,
        ...(commentKey !== undefined && { comment: { key: commentKey, body: () => summary.toString() } }),
        failure: why.message,
        ...(error instanceof errors/* UndeliveredError */.uE && { payload: error.payload }),
    };
}
/**
 * The error result of a step that had gathered something before it failed (a report built but not delivered): the
 * result file holds what the inputs said, what was gathered, then why; `details` adds the gathered part to the summary
 * under the reason; the step's warnings stay.
 */
function errorStepWith(definition, inputs, error, gathered) {
    const failed = errorStep(definition, inputs, error);
    const { error: why, ...known } = failed.result;
    const summary = failed.summary ?? new writer/* SummaryWriter */.CS();
    return {
        ...failed,
        result: { ...known, ...gathered.result, error: why },
        summary: gathered.details ? gathered.details(summary) : summary,
        annotations: gathered.annotations ?? [],
    };
}
function courtesy(work, fallback) {
    try {
        return work();
    }
    catch {
        return fallback;
    }
}
/** A failed step's finish needs a runner and a summary switch even when the inputs could not be read. */
function fallbackInputs(env, cwd) {
    const reader = new context_inputs/* InputReader */.i_(env);
    return { runner: (0,context/* readRunner */.fY)(env, cwd), summary: reader.raw('summary').toLowerCase() !== 'false' };
}
/** Runs one step from start to finish: read, run, and write everything, whatever fails. */
async function runStep(definition, env, cwd) {
    let inputs;
    let step;
    try {
        inputs = await definition.read(new context_inputs/* InputReader */.i_(env), cwd);
        step = await definition.run(inputs);
    }
    catch (error) {
        if (!(error instanceof errors/* ComplianceError */.c7) && error instanceof Error && error.stack)
            log/* log */.R.debug(error.stack);
        step = errorStep(definition, inputs, error);
    }
    try {
        await finish(definition, inputs ?? fallbackInputs(env, cwd), step);
    }
    catch (error) {
        // The last resort: finish guards each write, so this is a bug; the step must still fail, and say so.
        log/* log */.R.fail(`could not finish the step: ${stepError(error).message}`);
    }
}
/** Writes a step's result in the one order (see the module comment). A write that fails never hides the failure. */
async function finish(definition, inputs, step) {
    const withResult = definition.resultFile !== false;
    const problems = [];
    const attempt = async (what, work) => {
        try {
            await work();
        }
        catch (error) {
            problems.push(`could not write the ${what}: ${stepError(error).message}`);
        }
    };
    let payloadFile;
    if (step.payload !== undefined) {
        await attempt('payload file', () => {
            payloadFile = keepPayload(inputs.runner, definition.name, step.payload);
        });
    }
    await attempt('exported variables', () => {
        for (const [name, value] of Object.entries(step.exports ?? {}))
            (0,commands/* exportVariable */.dN)(name, value);
    });
    await attempt('outputs', () => {
        setOutputs({
            ...step.outputs,
            ...(withResult && { outcome: step.outcome }),
            ...(payloadFile !== undefined && { 'payload-file': payloadFile }),
        });
    });
    if (withResult) {
        await attempt('result file', () => {
            const file = writeResultFile(inputs.runner, definition.name, {
                outcome: step.outcome,
                ...step.result,
                ...(payloadFile !== undefined && { payloadFile }),
            });
            (0,commands/* setOutput */.uH)('result-file', file);
        });
    }
    if (step.summary && inputs.summary) {
        const summary = step.summary;
        await attempt('job summary', () => summary.write(inputs.runner.summaryFile));
    }
    if (step.comment && inputs.prComment) {
        const { key, body } = step.comment;
        const settings = inputs.prComment;
        // A comment never fails a step: github/comment.ts turns GitHub's refusals into warnings.
        await attempt('pull-request comment', () => (0,pr_comment/* commentOnPullRequest */.rh)({ ...settings, runner: inputs.runner }, key, body));
    }
    annotate(step, problems);
    if (step.failure !== undefined) {
        const kept = payloadFile !== undefined && step.outcome === 'error'
            ? ` Its payload is kept in ${payloadFile} (output payload-file): upload it with actions/upload-artifact in` +
                ' an `if: failure()` step to keep it.'
            : '';
        log/* log */.R.fail(`${step.failure}${kept}`);
    }
}
/** At most ten annotations of a level, the failure counted among the errors; the rest are in the summary. */
function annotate(step, problems) {
    const annotations = [
        // First: a write that failed is news the summary may not carry, so the cap must not drop it.
        ...problems.map((message) => ({ level: 'warning', message })),
        ...(step.annotations ?? []),
    ];
    for (const level of ['error', 'warning', 'notice']) {
        const room = MAX_ANNOTATIONS - (level === 'error' && step.failure !== undefined ? 1 : 0);
        const ofLevel = annotations.filter((a) => a.level === level);
        for (const { message, title } of ofLevel.slice(0, room)) {
            log/* log */.R[level](message, title === undefined ? undefined : { title });
        }
    }
}


/***/ }),

/***/ 6093:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CS: () => (/* binding */ SummaryWriter),
/* harmony export */   Pl: () => (/* binding */ safeUrl),
/* harmony export */   X1: () => (/* binding */ escapeText),
/* harmony export */   nf: () => (/* binding */ link)
/* harmony export */ });
/* unused harmony export SUMMARY_LIMIT */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8625);
/* harmony import */ var _trust_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6623);
/**
 * The one job-summary writer. Everything that came from the server or the user is escaped; links are kept only when
 * they are http(s); the whole summary stays under a byte budget (GitHub drops a step summary over 1 MiB, sometimes
 * silently), ending with a note that says what was left out and where the full data is.
 */



/** GitHub's limit is 1 MiB per step; keep room for the truncation note. */
const SUMMARY_LIMIT = 1024 * 1024 - 4 * 1024;
/**
 * Escapes text for Markdown and HTML alike, on one line (each kind of line break becomes `<br>`), with no mention left
 * in it.
 */
function escapeText(text) {
    // Scrubbed before escaping: once escaped (`_` → `\_`) a token no longer matches the runner's mask.
    return (0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .noMention */ .ov)((0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(text)))
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/([\\`*_[\]{}()#+!|~])/g, '\\$1')
        .split(_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .LINE_BREAK_MARK */ .DD)
        .join('<br>');
}
/** An http(s) URL made safe for a Markdown link, or undefined (a `javascript:` link, say, is dropped). */
function safeUrl(href) {
    if (!href)
        return undefined;
    let url;
    try {
        // Scrubbed before it is encoded: `%28` for `(` would hide a token from the redactor.
        url = new URL((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(href));
    }
    catch {
        return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return undefined;
    // No credentials in a link; `@` (and `()<> `) escaped, so no part of a link can read as a mention.
    url.username = '';
    url.password = '';
    return url.href.replace(/[()<> @]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
function link(text, href) {
    const url = safeUrl(href);
    return url ? `[${escapeText(text)}](${url})` : escapeText(text);
}
function cell(value) {
    if (value === null || value === undefined)
        return '';
    if (typeof value === 'object') {
        if ('code' in value)
            return `<code>${(0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(value.code)).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '&#124;')}</code>`;
        if ('details' in value)
            return `<details><summary>${escapeText(value.details)}</summary>${value.lines.map(escapeText).join('<br>')}</details>`;
        return link(value.text, value.href);
    }
    return escapeText(String(value));
}
class SummaryWriter {
    blocks = [];
    bytes = 0;
    omitted = 0;
    limit;
    /** Where the full data is, for the truncation note. */
    fullDataHint;
    /** What was cut and why, for the truncation note. */
    cutReason;
    constructor(options = {}) {
        this.limit = options.limit ?? SUMMARY_LIMIT;
        this.fullDataHint = options.fullDataHint ?? 'the `result-file` output';
        this.cutReason = options.cutReason ?? "This summary was cut to stay under GitHub's 1 MiB limit";
    }
    get truncated() {
        return this.omitted > 0;
    }
    /**
     * Adds the caller's Markdown, scrubbed and with no mention left (escaped parts already have none; this is the guard
     * for the rest); returns false (and counts it) when it would pass the budget.
     */
    add(text, weight = 1) {
        const markdown = (0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .noMention */ .ov)((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(text));
        const size = Buffer.byteLength(markdown) + 1;
        if (this.omitted > 0 || this.bytes + size > this.limit) {
            this.omitted += weight;
            return false;
        }
        this.blocks.push(markdown);
        this.bytes += size;
        return true;
    }
    heading(text, level = 2) {
        this.add(`${'#'.repeat(level)} ${escapeText(text)}\n`);
        return this;
    }
    paragraph(text) {
        this.add(`${escapeText(text)}\n`);
        return this;
    }
    /** Markdown built by the caller from escaped parts (`escapeText`, `link`). */
    markdown(markdown) {
        this.add(`${markdown}\n`);
        return this;
    }
    /** A table; rows past the budget are left out and counted in the note. */
    table(headers, rows) {
        const head = `| ${headers.map(escapeText).join(' | ')} |\n| ${headers.map(() => '---').join(' | ')} |`;
        if (!this.add(head, rows.length))
            return this;
        for (let i = 0; i < rows.length; i++) {
            const row = rows[i] ?? [];
            if (!this.add(`| ${row.map(cell).join(' | ')} |`)) {
                this.omitted += rows.length - i - 1;
                break;
            }
        }
        this.add('', 0);
        return this;
    }
    /** A folded block: `summary` is escaped, `body` is the caller's Markdown. */
    details(summary, body) {
        this.add(`<details><summary>${escapeText(summary)}</summary>\n\n${body}\n\n</details>\n`);
        return this;
    }
    toString() {
        const text = this.blocks.join('\n');
        if (!this.truncated)
            return `${text}\n`;
        return `${text}\n\n> [!NOTE]\n> ${this.cutReason}: ${this.omitted} more row(s) or block(s) are not shown. The full result is in ${this.fullDataHint}.\n`;
    }
    /** Appends to the step summary file (GITHUB_STEP_SUMMARY), when the runner gives one. */
    write(file) {
        if (!file)
            return;
        // Synchronous, as the runner's other files are written: node:fs/promises is not free at start.
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.appendFileSync)(file, this.toString());
    }
}


/***/ }),

/***/ 3154:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lb: () => (/* binding */ issueCommand),
/* harmony export */   Pq: () => (/* binding */ setSecret),
/* harmony export */   _r: () => (/* binding */ writeLine),
/* harmony export */   dN: () => (/* binding */ exportVariable),
/* harmony export */   uH: () => (/* binding */ setOutput)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/**
 * The runner's protocol, written as @actions/core writes it: workflow commands on stdout (`::name k=v::message`) and
 * file commands appended to the files the runner names (GITHUB_OUTPUT, GITHUB_ENV). It is here rather than imported
 * because importing @actions/core loads its OIDC client, and with it @actions/http-client, undici and tunnel: about
 * 60 ms of every step's start for nothing a step uses (issue 14). test/trust/commands.test.ts holds this module to
 * @actions/core's output for the same calls.
 *
 * Nothing here makes text safe: the log writer (log.ts) does, and is the only caller of `issueCommand`.
 */


function escapeData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(text) {
    return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
/** `::command k=v,k=v::message` on a line of its own. */
function issueCommand(command, properties, message) {
    const keys = Object.keys(properties);
    // As @actions/core: a space once there are properties, then each one that has a value (0 and '' have none).
    const props = keys.flatMap((key) => {
        const value = properties[key];
        return value ? [`${key}=${escapeProperty(String(value))}`] : [];
    });
    const head = keys.length > 0 ? ` ${props.join(',')}` : '';
    process.stdout.write(`::${command}${head}::${escapeData(message)}${node_os__WEBPACK_IMPORTED_MODULE_1__.EOL}`);
}
/** A line of the log as it is, for the writer's already safe text. */
function writeLine(text) {
    process.stdout.write(text + node_os__WEBPACK_IMPORTED_MODULE_1__.EOL);
}
/**
 * `key<<delimiter` … `delimiter` in the file the runner names in GITHUB_<kind>; the delimiter is random, so no value
 * can end the entry early. Without that file (an old runner, or a run outside one), the legacy command.
 */
function keyValue(kind, legacy, key, value) {
    const file = process.env[`GITHUB_${kind}`];
    if (!file) {
        if (kind === 'OUTPUT')
            process.stdout.write(node_os__WEBPACK_IMPORTED_MODULE_1__.EOL);
        issueCommand(legacy, { name: key }, value);
        return;
    }
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file))
        throw new Error(`Missing file at path: ${file}`);
    const delimiter = `ghadelimiter_${randomId()}`;
    // A value holding the delimiter is refused (as @actions/core does), so even a guessed delimiter cannot end an entry
    // early: it only fails the write.
    if (key.includes(delimiter) || value.includes(delimiter))
        throw new Error(`Unexpected input: the name or value of ${key} contains the delimiter`);
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.appendFileSync)(file, `${key}<<${delimiter}${node_os__WEBPACK_IMPORTED_MODULE_1__.EOL}${value}${node_os__WEBPACK_IMPORTED_MODULE_1__.EOL}${delimiter}${node_os__WEBPACK_IMPORTED_MODULE_1__.EOL}`, { encoding: 'utf8' });
}
/**
 * A UUID-shaped random id. Math.random rather than node:crypto, whose ~25 internal modules cost a few ms of every
 * start: the delimiter need not be secret, only absent from the value, which is checked.
 */
function randomId() {
    const hex = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${hex(4)}-${hex(12)}`;
}
function setOutput(name, value) {
    keyValue('OUTPUT', 'set-output', name, value);
}
/** Sets the variable for this process and, through GITHUB_ENV, for the job's later steps. */
function exportVariable(name, value) {
    process.env[name] = value;
    keyValue('ENV', 'set-env', name, value);
}
/** The runner masks this value in the log from now on. */
function setSecret(secret) {
    issueCommand('add-mask', {}, secret);
}


/***/ }),

/***/ 1488:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ log)
/* harmony export */ });
/* unused harmony export safeLine */
/* harmony import */ var _commands_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3154);
/* harmony import */ var _redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8625);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6623);
/**
 * The log writer: the only path from text to the step's log. Every message is scrubbed of secrets and put on one line
 * that the runner cannot read as a workflow command (see `noCommand`), so a name from the service, a commit subject
 * or a cluster object can neither run `::add-mask::`, `::stop-commands::` and the like, nor fake a line of the log.
 * Lint (eslint.config.js) keeps the rest of `src/` from printing any other way.
 */



/** A log line as the writer prints it: scrubbed, on one line, never a workflow command. */
function safeLine(text) {
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_2__/* .noCommand */ .hh)((0,_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(text));
}
function properties(props) {
    if (!props)
        return {};
    return {
        ...(props.title !== undefined && { title: safeLine(props.title) }),
        ...(props.file !== undefined && { file: safeLine(props.file) }),
        ...(props.startLine !== undefined && { line: props.startLine }),
    };
}
const log = {
    debug(text) {
        (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .issueCommand */ .Lb)('debug', {}, safeLine(text));
    },
    info(text) {
        (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .writeLine */ ._r)(safeLine(text));
    },
    notice(text, props) {
        (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .issueCommand */ .Lb)('notice', properties(props), safeLine(text));
    },
    warning(text, props) {
        (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .issueCommand */ .Lb)('warning', properties(props), safeLine(text));
    },
    error(text, props) {
        (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .issueCommand */ .Lb)('error', properties(props), safeLine(text));
    },
    /**
     * Text the action laid out over several lines (a dry run's payload), printed line by line, each line made safe as
     * `info` makes one: a line break inside a value still shows as ⏎.
     */
    block(text) {
        for (const line of text.split('\n'))
            (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .writeLine */ ._r)(safeLine(line));
    },
    /** Runs `work` inside a collapsible group of the log. */
    async group(title, work) {
        log.startGroup(title);
        try {
            return await work();
        }
        finally {
            log.endGroup();
        }
    },
    startGroup(title) {
        (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .issueCommand */ .Lb)('group', {}, safeLine(title));
    },
    endGroup() {
        (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .issueCommand */ .Lb)('endgroup', {}, '');
    },
    /** Marks the step failed with this message (as an error annotation). */
    fail(text) {
        process.exitCode = 1;
        (0,_commands_js__WEBPACK_IMPORTED_MODULE_0__/* .issueCommand */ .Lb)('error', {}, safeLine(text));
    },
};


/***/ }),

/***/ 8625:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E$: () => (/* binding */ redact),
/* harmony export */   cl: () => (/* binding */ registerSecret)
/* harmony export */ });
/* unused harmony export secretForms */
/**
 * The redactor: the one place that knows the secrets of a step (the API token, registry passwords) and scrubs them
 * from any text before it leaves the process. A service or a proxy may echo a secret back in another form, so each
 * secret is also looked for URL-encoded, base64-encoded (at any byte offset, standard and URL-safe alphabets) and
 * JSON-escaped. Credentials written into a URL (`https://user:pass@host`) are scrubbed wherever they appear.
 */
/** Every form of every registered secret, longest first, so a longer form is replaced before its parts. */
let forms = [];
const registered = new Set();
/** Very short values would blank out ordinary words; a real token is never this short. */
const MIN_SECRET = 4;
/**
 * The base64 text of `secret` as it appears inside a longer encoded text: for each of the three byte offsets the
 * secret may start at, only the characters that depend on the secret's bytes alone (the edges mix in its neighbours).
 */
function base64Forms(secret) {
    const out = [];
    for (let offset = 0; offset < 3; offset++) {
        const encoded = Buffer.concat([Buffer.alloc(offset), secret]).toString('base64');
        const start = Math.ceil((offset * 4) / 3);
        const end = Math.floor(((offset + secret.length) * 4) / 3);
        const core = encoded.slice(start, end);
        out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
    return out;
}
const URI_SAFE = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;
/** The forms a secret may be echoed back in. */
function secretForms(secret) {
    const json = JSON.stringify(secret).slice(1, -1);
    // A lone surrogate cannot be URL-encoded; such a secret can only come back as it is.
    const encodable = URI_SAFE.test(secret);
    const uri = encodable ? encodeURIComponent(secret) : secret;
    const all = [
        secret,
        uri,
        uri.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
        // RFC 3986 escapes more than encodeURIComponent does.
        uri.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
        // application/x-www-form-urlencoded, as a proxy writes a form back.
        new URLSearchParams({ q: encodable ? secret : '' }).toString().slice(2),
        json,
        json.replace(/\//g, '\\/'),
        // Encoders that escape HTML-significant characters in JSON (Go's encoding/json, for one).
        json.replace(/[<>&'=]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
        ...base64Forms(Buffer.from(secret, 'utf8')),
    ];
    return [...new Set(all)].filter((form) => form.length >= MIN_SECRET);
}
/** Registers a value that must never appear in anything the step writes (the API token, a registry password). */
function registerSecret(value) {
    if (!value || value.length < MIN_SECRET || registered.has(value))
        return;
    registered.add(value);
    forms = [...new Set([...forms, ...secretForms(value)])].sort((a, b) => b.length - a.length);
}
/**
 * `https://user:password@` in any text: the userinfo of a URL of the schemes a service, a proxy or a registry is given
 * in (not `docker-pullable://image@sha256:...`, where `@` starts a digest). Up to the last `@` of the URL: a password
 * may hold `@`, `/`, `?` or `#` (a path with an `@` in it is scrubbed too; better too much than a password).
 */
const URL_CREDENTIALS = /\b((?:https?|wss?|ftps?|socks[45]?h?):\/\/)[^\s'"<>]*@/gi;
/** Replaces every form of every registered secret, and URL credentials, with `***`. */
function redact(text) {
    let out = text.replace(URL_CREDENTIALS, '$1***@');
    for (const form of forms)
        if (out.includes(form))
            out = out.split(form).join('***');
    return out;
}


/***/ }),

/***/ 6623:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DD: () => (/* binding */ LINE_BREAK_MARK),
/* harmony export */   F1: () => (/* binding */ jsonSyntaxProblem),
/* harmony export */   IN: () => (/* binding */ cutText),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   cl: () => (/* binding */ quoteValue),
/* harmony export */   hh: () => (/* binding */ noCommand),
/* harmony export */   ol: () => (/* binding */ quoteText),
/* harmony export */   ov: () => (/* binding */ noMention)
/* harmony export */ });
/* harmony import */ var _redact_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8625);
/**
 * Neutralisers for untrusted text (from the service, a pull request, git, a cluster or a file): what keeps it from
 * acting on the runner when logged, and from notifying people when shown on GitHub.
 */

/** Every kind of line break something downstream may split a line on. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** Other control characters (a terminal escape could repaint the log); the tab stays. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
/** Shown where a line break was. */
const LINE_BREAK_MARK = ' ⏎ ';
/** Keeps two characters apart without showing anything. */
const ZWSP = '\u200b';
/** The text on one line: each line break shown as ⏎, other control characters as �. */
function oneLine(text) {
    return text.replace(LINE_BREAK, LINE_BREAK_MARK).replace(CONTROL, '\ufffd');
}
/**
 * One line that the runner cannot read as a workflow command: `::` at its start (after blanks, as the runner trims
 * them) and the legacy `##[` form anywhere are broken up by a zero-width space.
 */
function noCommand(text) {
    return oneLine(text)
        .replace(/^(\s*):(?=:)/, `$1:${ZWSP}`)
        .replace(/##\[/g, `#${ZWSP}#[`);
}
/**
 * `@user` and `@org/team` stay readable but are no longer mentions: a zero-width space follows the `@`. An `@` after an ASCII
 * letter, digit or `_` (`qa@example.com`) is never a mention on GitHub and is left as it is.
 */
function noMention(text) {
    return text.replace(/(?<![A-Za-z0-9_])@(?=[\p{L}\p{N}_-])/gu, `@${ZWSP}`);
}
/**
 * Where a JSON text fails to parse, without quoting it (the engine's own message quotes the text, and a file's
 * contents are not the error's to show).
 */
function jsonSyntaxProblem(error, text) {
    const message = error instanceof Error ? error.message : '';
    const position = /position (\d+)/.exec(message);
    if (!position) {
        if (text.trim() === '')
            return 'it is empty';
        return /end of JSON/i.test(message) ? 'it is not valid JSON (it ends too early)' : 'it is not valid JSON';
    }
    const offset = Number(position[1]);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return `it is not valid JSON (line ${line}, column ${column})`;
}
/**
 * A text from the service made safe to put in a one-line message: its first non-blank line, cut at `max`
 * characters, in double quotes, with quotes, backslashes, control characters, line and paragraph separators and
 * invisible formatting characters (bidirectional overrides, zero-width spaces) escaped as `\uXXXX`, registered
 * secrets scrubbed. What it shows cannot start a line, a workflow command or a misleading reordering of the message.
 */
function quoteText(text, max = 100) {
    const line = text.split(LINE_BREAK).find((l) => l.trim() !== '') ?? '';
    // Scrubbed (by cutText) before it is escaped: an escaped token would no longer be found.
    return JSON.stringify(cutText(line.trim(), max)).replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) => {
        const code = c.codePointAt(0) ?? 0;
        return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
    });
}
/** A value from a JSON answer for a one-line message: a string quoted as `quoteText` does, anything else as JSON. */
function quoteValue(value, max = 100) {
    return quoteText(typeof value === 'string' ? value : JSON.stringify(value), max);
}
/**
 * Untrusted text cut to `max` characters for a message or a cell, scrubbed first: a secret cut in half would no longer
 * be found by the redactor, and its first half would show.
 */
function cutText(text, max) {
    const chars = Array.from((0,_redact_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text));
    return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
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
