export const id = 930;
export const ids = [930,549];
export const modules = {

/***/ 405:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GO: () => (/* binding */ readRegexList),
/* harmony export */   JM: () => (/* binding */ PatternError),
/* harmony export */   Ts: () => (/* binding */ compiledOr)
/* harmony export */ });
/* unused harmony export REGEX_FORM */
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
/**
 * Patterns given from outside (an input, an ignore file): what a compiled one is, the error of one that cannot be,
 * and the reader of an input of regexes. The engine (RE2, linear time) is in re2.ts, loaded only when there is a
 * pattern to compile: it is 260 KB a step without patterns should not pay for at start (issue 14).
 */

/** What `expected` says for a list of user regexes. */
const REGEX_FORM = 'regular expressions in RE2 syntax (no lookahead, lookbehind, backreferences or possessive quantifiers), one per line';
/** A pattern RE2 cannot compile; `problem` names the construct, e.g. "lookahead (?= is not supported". */
class PatternError extends Error {
    source;
    problem;
    constructor(source, problem) {
        super(`'${source}': ${problem}`);
        this.name = 'PatternError';
        this.source = source;
        this.problem = problem;
    }
}
/** `compile()`, with a PatternError turned into the caller's own error (an InputError naming the input, ...). */
function compiledOr(compile, fail) {
    try {
        return compile();
    }
    catch (error) {
        if (error instanceof PatternError)
            throw fail(error.problem);
        throw error;
    }
}
/**
 * An input of regular expressions, one per line (a comma may be part of one), compiled now: a pattern RE2 cannot run
 * is refused before anything is read, naming the input and the construct. The engine is loaded only when the input
 * has a pattern.
 */
async function readRegexList(inputs, name) {
    const sources = inputs
        .raw(name)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    if (sources.length === 0)
        return [];
    const { compilePattern } = await Promise.all(/* import() */[__webpack_require__.e(856), __webpack_require__.e(549)]).then(__webpack_require__.bind(__webpack_require__, 930));
    return sources.map((source) => compiledOr(() => compilePattern(source), (problem) => new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(name, `'${source}' is not a usable regular expression: ${problem}`, REGEX_FORM)));
}


/***/ }),

/***/ 930:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   compilePattern: () => (/* binding */ compilePattern)
/* harmony export */ });
/* harmony import */ var re2js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2856);
/* harmony import */ var _pattern_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(405);
/**
 * The one way a pattern given from outside becomes something that matches: compiled by RE2 (re2js), whose matching
 * takes time linear in the text whatever the pattern, so no pattern can hang a step the way `^(a+)+$` hangs a
 * backtracking engine. RE2 has no lookaround, no backreferences and no possessive or atomic forms: a pattern that uses
 * one is refused with the construct named, before anything is read or sent.
 */


/** Constructs of backtracking engines that RE2 refuses, by the text RE2 reports them with. */
const UNSUPPORTED = [
    [/^\(\?=/, 'lookahead'],
    [/^\(\?!/, 'negative lookahead'],
    [/^\(\?<=/, 'lookbehind'],
    [/^\(\?<!/, 'negative lookbehind'],
    [/^\(\?>/, 'atomic group'],
    [/^\\[1-9]/, 'backreference'],
    [/^\\k/, 'named backreference'],
    [/^(?:[*+?]|\{[\d,]*\})\+$/, 'possessive quantifier'],
];
function describe(error) {
    const text = error.input ?? '';
    for (const [shape, construct] of UNSUPPORTED) {
        if (shape.test(text)) {
            // RE2 reports a whole lookbehind group; the opening is enough to point at it.
            const shown = construct.includes('lookbehind') ? text.slice(0, 4) : text;
            return `${construct} ${shown} is not supported (matching must take linear time)`;
        }
    }
    return text ? `${error.error}: ${text}` : error.error;
}
/** Compiles a pattern; throws PatternError with the construct named when RE2 cannot take it. */
function compilePattern(source) {
    let re;
    try {
        re = re2js__WEBPACK_IMPORTED_MODULE_1__/* .RE2JS */ .L3.compile(source);
    }
    catch (error) {
        if (error instanceof re2js__WEBPACK_IMPORTED_MODULE_1__/* .RE2JSSyntaxException */ .pB)
            throw new _pattern_js__WEBPACK_IMPORTED_MODULE_0__/* .PatternError */ .JM(source, describe(error));
        if (error instanceof re2js__WEBPACK_IMPORTED_MODULE_1__/* .RE2JSException */ .o_)
            throw new _pattern_js__WEBPACK_IMPORTED_MODULE_0__/* .PatternError */ .JM(source, error.message);
        throw error;
    }
    return { source, test: (text) => re.test(text) };
}


/***/ }),

/***/ 1175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   globPattern: () => (/* binding */ globPattern),
/* harmony export */   iX: () => (/* binding */ fingerprintDir)
/* harmony export */ });
/* unused harmony exports IGNORE_FILE, readIgnoreFile */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2600);
/* harmony import */ var _context_pattern_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(405);
/* harmony import */ var _context_re2_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(930);
/* harmony import */ var _file_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8120);
/**
 * Directory fingerprints, byte-compatible with the official CLI (shared/reference/service-behaviour.md):
 *
 * - `<root>/.kosli_ignore`, when present, adds its lines to the exclude patterns (each line up to a `#`, trimmed,
 *   empty ones skipped); a pattern is a glob under the root (`**` crosses folders, `*` also matches dot-files) and a
 *   match is left out with everything below it;
 * - the walk is depth-first, pre-order, each folder's entries in byte order of their names, the root itself skipped,
 *   symlinked folders not entered;
 * - for each entry the buffer gets hex(sha256(name)); then, for a file (or a link to one) hex(sha256(contents)), for a
 *   link to a folder hex(sha256(the link's target text)), for a folder nothing more;
 * - the fingerprint is hex(sha256(buffer)).
 */








const IGNORE_FILE = '.kosli_ignore';
/** JavaScript's `.` (anything but a line terminator), which the fingerprints were first computed with. */
const ANY = '[^\\n\\r\\x{2028}\\x{2029}]';
/**
 * A glob as a pattern over `/`-separated paths relative to the root, compiled by RE2 (see context/pattern.ts): an
 * exclude such as `*a*a*a*a*a*b` is polynomial in a backtracking engine, linear here. Throws PatternError for a
 * class RE2 refuses (`[z-a]`), as RegExp refused it.
 */
function globPattern(glob) {
    let p = glob.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
    p = p.replace(/\/{2,}/g, '/');
    let out = '';
    for (let i = 0; i < p.length; i++) {
        const c = p[i] ?? '';
        if (c === '*') {
            if (p[i + 1] === '*') {
                // `**/` matches any number of folders, `**` at the end anything below.
                const slash = p[i + 2] === '/';
                out += slash ? `(?:${ANY}*/)?` : `${ANY}*`;
                i += slash ? 2 : 1;
            }
            else {
                out += '[^/]*';
            }
        }
        else if (c === '?') {
            out += '[^/]';
        }
        else if (c === '[') {
            const end = p.indexOf(']', i + 1);
            if (end === -1) {
                out += '\\[';
            }
            else {
                // As RegExp read it: `[]` matches nothing, `[!]` any one character, `[` inside is a plain character.
                const body = p
                    .slice(i + 1, end)
                    .replace(/^!/, '^')
                    .replace(/\[/g, '\\[');
                out += body === '' ? '[^\\x{0}-\\x{10FFFF}]' : body === '^' ? '[\\x{0}-\\x{10FFFF}]' : `[${body}]`;
                i = end;
            }
        }
        else {
            out += c.replace(/[.+^${}()|\\]/g, '\\$&');
        }
    }
    return (0,_context_re2_js__WEBPACK_IMPORTED_MODULE_6__.compilePattern)(`^${out}$`);
}
/** The patterns of `<root>/.kosli_ignore`: each line up to `#`, trimmed, empty lines skipped. */
function readIgnoreFile(root) {
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(root, IGNORE_FILE);
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)(file))
        return [];
    return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(file, 'utf8')
        .split(/\r?\n/)
        .map((line) => (line.split('#')[0] ?? '').trim())
        .filter((line) => line !== '');
}
const byBytes = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));
async function fingerprintDir(root, excludes = []) {
    const rootStat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(root);
    if (!rootStat.isDirectory())
        throw new Error(`${root} is not a directory`);
    const patterns = [
        ...excludes.filter((p) => p.trim() !== '').map(globPattern),
        ...readIgnoreFile(root).map((line) => (0,_context_pattern_js__WEBPACK_IMPORTED_MODULE_5__/* .compiledOr */ .Ts)(() => globPattern(line), (problem) => new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .SourceError */ .c8((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(root, IGNORE_FILE), `'${line}' is not a glob: ${problem}`))),
    ];
    const total = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256');
    const walk = async (dir, rel) => {
        const names = (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)(dir)).sort(byBytes);
        for (const name of names) {
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, name);
            const relPath = rel ? `${rel}/${name}` : name;
            if (patterns.some((re) => re.test(relPath)))
                continue;
            total.update((0,_file_js__WEBPACK_IMPORTED_MODULE_7__/* .sha256Hex */ .f)(name));
            const link = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)(path);
            if (link.isSymbolicLink()) {
                const target = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(path).catch(() => undefined);
                if (target?.isDirectory())
                    total.update((0,_file_js__WEBPACK_IMPORTED_MODULE_7__/* .sha256Hex */ .f)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readlink)(path)));
                else if (target?.isFile())
                    total.update(await (0,_file_js__WEBPACK_IMPORTED_MODULE_7__/* .fingerprintFile */ .R)(path));
                // A dangling link adds its name only.
            }
            else if (link.isDirectory()) {
                await walk(path, relPath);
            }
            else if (link.isFile()) {
                total.update(await (0,_file_js__WEBPACK_IMPORTED_MODULE_7__/* .fingerprintFile */ .R)(path));
            }
        }
    };
    await walk(root, '');
    return total.digest('hex');
}


/***/ }),

/***/ 8120:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   R: () => (/* binding */ fingerprintFile),
/* harmony export */   f: () => (/* binding */ sha256Hex)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/**
 * File fingerprints: the lowercase hex SHA-256 of the bytes, streamed in large chunks so a big artifact hashes at
 * close to `sha256sum`'s speed without being held in memory.
 */


const CHUNK = 1024 * 1024;
async function fingerprintFile(path) {
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256');
    for await (const chunk of (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createReadStream)(path, { highWaterMark: CHUNK }))
        hash.update(chunk);
    return hash.digest('hex');
}
function sha256Hex(data) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(data).digest('hex');
}


/***/ }),

/***/ 4930:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _: () => (/* binding */ readArtifactSpec),
  J: () => (/* binding */ resolveFingerprint)
});

// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/api/config.ts
var config = __webpack_require__(1392);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/context/pattern.ts
var pattern = __webpack_require__(405);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/api/http.ts + 2 modules
var http = __webpack_require__(6443);
// EXTERNAL MODULE: ./src/fingerprint/dir.ts
var dir = __webpack_require__(1175);
// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(6752);
// EXTERNAL MODULE: ./src/trust/text.ts
var trust_text = __webpack_require__(6623);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
;// CONCATENATED MODULE: ./src/fingerprint/reference.ts
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
    const bad = (problem) => new errors/* InputError */.dz(input, problem, EXPECTED_REFERENCE);
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

;// CONCATENATED MODULE: ./src/fingerprint/docker.ts
/**
 * Docker fingerprints: the repo digest of a local image, read from the Docker daemon through the Engine API
 * (`GET /images/{name}/json`), as the official CLI does. A repo digest is the manifest digest a registry gave the
 * image when it was pushed or pulled, so it matches the oci fingerprint of the same reference. An image that was
 * only built here has none, and that is said plainly rather than falling back to its local image ID (which no
 * registry and no cluster would report).
 *
 * The daemon is reached at `options.dockerHost` (`unix:///path` or `tcp://host:port`, as `DOCKER_HOST` gives it;
 * the caller reads the environment) or at the default socket `/var/run/docker.sock`.
 */





const DEFAULT_DOCKER_HOST = 'unix:///var/run/docker.sock';
const TIMEOUT_MS = 30_000;
const SHA256_SUFFIX = /@sha256:([a-f0-9]{64})$/;
/** Image names and IDs as the Engine API takes them in a path. */
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._/:@-]*$/;
const USE_OCI = 'or use artifact-type oci to read the digest from the registry';
function endpointFor(dockerHost) {
    const expected = 'unix:///path/to/docker.sock or tcp://host:port';
    let url;
    try {
        url = new URL(dockerHost);
    }
    catch {
        throw new errors/* InputError */.dz('DOCKER_HOST', `'${dockerHost}' is not a URL`, expected);
    }
    const options = { keepAliveTimeout: 1_000, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS };
    if (url.protocol === 'unix:') {
        const socketPath = decodeURIComponent(url.pathname);
        if (!socketPath.startsWith('/')) {
            throw new errors/* InputError */.dz('DOCKER_HOST', `'${dockerHost}' names no absolute socket path`, expected);
        }
        return {
            origin: 'http://docker',
            dispatcher: new undici/* Agent */.g6({ ...options, connect: { socketPath } }),
            display: `unix://${socketPath}`,
        };
    }
    if (url.protocol === 'tcp:' || url.protocol === 'http:') {
        if (!url.hostname || !url.port) {
            throw new errors/* InputError */.dz('DOCKER_HOST', `'${dockerHost}' needs a host and a port`, expected);
        }
        return { origin: `http://${url.host}`, dispatcher: new undici/* Agent */.g6(options), display: dockerHost };
    }
    throw new errors/* InputError */.dz('DOCKER_HOST', `the scheme '${url.protocol}' is not supported (TLS and ssh connections to the daemon are not)`, expected);
}
/** Parses a reference, or undefined for an image ID (`sha256:<hex>`, a short hex ID) or anything unparseable. */
function tryParse(name) {
    if (/^(sha256:)?[a-f0-9]{12,64}$/.test(name))
        return undefined;
    try {
        return parseImageReference(name);
    }
    catch {
        return undefined;
    }
}
/**
 * The 64 lowercase hex repo digest of the local image `image` (a name such as `nginx:1.27` or
 * `ghcr.io/org/app:1.0`, or an image ID).
 *
 * Of several repo digests (an image pushed to or pulled from more than one repository), the one of the repository
 * `image` names is taken; for an image ID, or when none is of that repository, the first.
 */
async function fingerprintDocker(image, options = {}) {
    const name = image.trim();
    if (!IMAGE_NAME.test(name) || name.includes('..')) {
        throw new errors/* InputError */.dz('artifact', `'${image}' is not a Docker image name or ID`, 'an image such as nginx:1.27, ghcr.io/org/app:1.0 or an image ID');
    }
    const endpoint = endpointFor(options.dockerHost || DEFAULT_DOCKER_HOST);
    const source = 'docker';
    try {
        let status;
        let text;
        try {
            const res = await (0,undici/* request */.Em)(`${endpoint.origin}/images/${name}/json`, {
                method: 'GET',
                headers: { accept: 'application/json', 'user-agent': version/* USER_AGENT */._ },
                dispatcher: endpoint.dispatcher,
                signal: AbortSignal.timeout(TIMEOUT_MS),
            });
            status = res.statusCode;
            text = await res.body.text();
        }
        catch (error) {
            const code = (0,errors/* errorCode */.CA)(error);
            const timedOut = error?.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT';
            const hint = code === 'EACCES'
                ? `The runner's user may not use the Docker socket: add it to the docker group, ${USE_OCI}`
                : `Check that Docker runs on the runner and that DOCKER_HOST points at it, ${USE_OCI}`;
            const reason = code ?? (error instanceof Error ? error.message : String(error));
            throw new errors/* SourceError */.c8(source, timedOut
                ? `no answer from the Docker daemon at ${endpoint.display} within ${TIMEOUT_MS / 1000} s`
                : `cannot reach the Docker daemon at ${endpoint.display} (${reason})`, hint, { cause: error });
        }
        if (status === 404) {
            throw new errors/* SourceError */.c8(source, `no image '${name}' in the local Docker daemon`, `Pull or build the image on this runner first (the name must match, tag included), ${USE_OCI}`);
        }
        if (status !== 200) {
            let said;
            try {
                const message = JSON.parse(text).message;
                said = typeof message === 'string' ? message : undefined;
            }
            catch {
                said = (0,trust_text/* cutText */.IN)(text.trim(), 200) || undefined;
            }
            throw new errors/* SourceError */.c8(source, `inspecting image '${name}' failed with HTTP ${status}${said ? `: ${said}` : ''}`);
        }
        let repoDigests;
        try {
            repoDigests = JSON.parse(text).RepoDigests;
        }
        catch {
            throw new errors/* SourceError */.c8(source, `the daemon's answer for image '${name}' is not JSON`);
        }
        const digests = (Array.isArray(repoDigests) ? repoDigests : []).filter((d) => typeof d === 'string' && SHA256_SUFFIX.test(d));
        if (digests.length === 0) {
            throw new errors/* SourceError */.c8(source, `image '${name}' has no repo digest: it was never pushed to or pulled from a registry (a repo digest is ` +
                'what the registry calls the image)', `Push it first and fingerprint the pushed image, ${USE_OCI} and the pushed reference`);
        }
        const wanted = tryParse(name);
        const match = wanted === undefined
            ? undefined
            : digests.find((d) => {
                const ref = tryParse(d);
                return ref !== undefined && sameRepository(ref, wanted);
            });
        const chosen = match ?? digests[0] ?? '';
        return SHA256_SUFFIX.exec(chosen)?.[1] ?? '';
    }
    finally {
        await endpoint.dispatcher.close();
    }
}

// EXTERNAL MODULE: ./src/fingerprint/file.ts
var file = __webpack_require__(8120);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/trust/redact.ts
var redact = __webpack_require__(8625);
;// CONCATENATED MODULE: ./src/fingerprint/oci.ts
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
const oci_SHA256 = /^sha256:([a-f0-9]{64})$/;
const CREDENTIALS_HINT = 'Check registry-username and registry-password';
/**
 * The 64 lowercase hex manifest digest (without `sha256:`) of the image `reference` in its registry.
 *
 * A reference that pins a digest (`repo@sha256:<hex>`) already names its fingerprint; the registry is still asked
 * for that manifest, so that a digest that was never pushed (a typo, another registry) fails here rather than being
 * reported as an artifact nobody can pull. As in docker, a digest given with a tag wins over the tag.
 */
async function fingerprintOci(reference, options = {}) {
    const ref = parseImageReference(reference);
    const { username, password } = options;
    (0,redact/* registerSecret */.cl)(password);
    if ((username ?? '') !== '' && (password ?? '') === '') {
        throw new errors/* InputError */.dz('registry-password', 'is empty while registry-username is set', 'both or neither');
    }
    if ((password ?? '') !== '' && (username ?? '') === '') {
        throw new errors/* InputError */.dz('registry-username', 'is empty while registry-password is set', 'both or neither');
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_REGISTRY_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
        throw new errors/* InputError */.dz('timeoutMs', `${timeoutMs} is out of range`, 'a number of milliseconds above 0');
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
    return { codes: [], text: text ? (0,trust_text/* cutText */.IN)(text, 200) : undefined };
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
    const code = (0,errors/* errorCode */.CA)(err);
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
        this.origin = `${(0,config/* isLoopbackHost */.cW)(hostname) ? 'http' : 'https'}://${ref.apiHost}`;
        const target = ref.digest ?? ref.tag ?? 'latest';
        this.manifestUrl = `${this.origin}/v2/${ref.repository}/manifests/${target}`;
    }
    async manifestDigest() {
        const head = await this.request('HEAD', this.manifestUrl);
        await head.body?.cancel();
        if (head.ok) {
            const header = (head.headers.get('docker-content-digest') ?? '').trim().toLowerCase();
            const hex = oci_SHA256.exec(header)?.[1];
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
            throw new errors/* SourceError */.c8(this.source, `the manifest of ${this.describeRef()} is empty`);
        return this.checked((0,external_node_crypto_.createHash)('sha256').update(body).digest('hex'), 'the hash of its manifest');
    }
    /** A pinned digest must be what the registry has under it; anything else is a broken or lying registry. */
    checked(hex, how) {
        const pinned = this.ref.digest === undefined ? undefined : oci_SHA256.exec(this.ref.digest)?.[1];
        if (pinned !== undefined && pinned !== hex) {
            throw new errors/* SourceError */.c8(this.source, `asked for ${this.ref.digest ?? ''}, the registry answered with sha256:${hex} (${how})`, 'The registry does not serve the content the digest names; check the reference and the registry');
        }
        return hex;
    }
    describeRef() {
        return formatReference(this.ref);
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
        const headers = { accept, 'user-agent': version/* USER_AGENT */._ };
        if (authorization !== undefined)
            headers.authorization = authorization;
        try {
            return await (0,undici/* fetch */.hd)(url, {
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
            throw new errors/* SourceError */.c8(this.source, `the answer for ${this.describeRef()} is ${length} bytes, not a manifest`);
        }
        try {
            const body = Buffer.from(await res.arrayBuffer());
            if (body.length > MAX_MANIFEST_BYTES) {
                throw new errors/* SourceError */.c8(this.source, `the answer for ${this.describeRef()} is too large for a manifest`);
            }
            return body;
        }
        catch (error) {
            if (error instanceof errors/* SourceError */.c8)
                throw error;
            throw this.networkFailure(res.url || this.manifestUrl, error);
        }
    }
    networkFailure(url, error) {
        const where = new URL(url).origin;
        const name = error?.name;
        if (name === 'TimeoutError' || name === 'AbortError') {
            return new errors/* SourceError */.c8(this.source, `no answer from ${where} within ${this.options.timeoutMs} ms`, 'Check that the registry is up and reachable from the runner (proxy settings: HTTPS_PROXY, NO_PROXY)', { cause: error });
        }
        return new errors/* SourceError */.c8(this.source, `cannot reach ${where}: ${describeNetworkError(error)}`, 'The registry is unreachable: check the registry host and port in the reference, that the registry is up ' +
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
            throw new errors/* SourceError */.c8(this.source, `the registry's Bearer challenge names no usable token realm ('${realmText}')`, 'The registry is misconfigured');
        }
        if (creds && realm.protocol === 'http:' && !(0,config/* isLoopbackHost */.cW)(realm.hostname)) {
            throw new errors/* SourceError */.c8(this.source, `the token realm ${realm.origin}${realm.pathname} is plain http; the registry password is not sent in clear`, 'Use a registry whose token service is served over https');
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
            throw new errors/* SourceError */.c8(this.source, `${where} refused ${creds ? 'the credentials' : 'an anonymous token'} (HTTP ${res.status})`, creds
                ? `${CREDENTIALS_HINT} (a token needs pull access to ${this.ref.repository})`
                : `The registry requires credentials: set registry-username and registry-password`);
        }
        if (!res.ok) {
            const said = registryErrors(text).text;
            throw new errors/* SourceError */.c8(this.source, `${where} answered HTTP ${res.status}${said ? `: ${said}` : ''}`, 'The registry or its token service is failing; retry later');
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
            throw new errors/* SourceError */.c8(this.source, `${where} answered without a token or access_token`);
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
                return new errors/* SourceError */.c8(this.source, creds
                    ? `authentication failed for ${repo} (HTTP 401${said})`
                    : `${repo} needs authentication (HTTP 401${said})`, creds
                    ? `${CREDENTIALS_HINT}: they must be valid for this registry and may pull ${repo}. Docker Hub also ` +
                        'answers 401 for a repository that does not exist'
                    : 'Set registry-username and registry-password for a private repository. Docker Hub also answers 401 ' +
                        'for a repository that does not exist, so check the name too');
            case 403:
                return new errors/* SourceError */.c8(this.source, `access to ${repo} denied (HTTP 403${said})`, `${CREDENTIALS_HINT}, and that this account may pull ${repo}`);
            case 404: {
                const what = codes.includes('NAME_UNKNOWN')
                    ? `repository ${repo} not found`
                    : this.ref.digest !== undefined
                        ? `manifest ${this.ref.digest} not found in ${repo}`
                        : `tag '${this.ref.tag ?? 'latest'}' not found in ${repo}`;
                return new errors/* SourceError */.c8(this.source, `${what} (HTTP 404${said})`, this.ref.digest !== undefined
                    ? 'No manifest with that digest was pushed to this repository: check the digest and the registry'
                    : 'The tag does not exist: it was never pushed, or was deleted. Check the reference (registry, ' +
                        'repository, tag) and push the image before fingerprinting it');
            }
            case 429:
                return new errors/* SourceError */.c8(this.source, `rate limited (HTTP 429${said})`, 'Retry later, or authenticate with registry-username and registry-password for a higher limit');
            default:
                return new errors/* SourceError */.c8(this.source, `reading the manifest of ${this.describeRef()} failed with HTTP ${status}${said}`, status >= 500 ? 'The registry is failing; retry later' : undefined);
        }
    }
}
function basic(username, password) {
    const encoded = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
    // A registry error page may echo the header back: its encoded form is as secret as the password.
    (0,redact/* registerSecret */.cl)(encoded);
    return `Basic ${encoded}`;
}

;// CONCATENATED MODULE: ./src/fingerprint/artifact.ts
/**
 * One artifact, however the user names it: a fingerprint given as is, or a file, directory, local Docker image or
 * registry image to fingerprint the way the official CLI does, so both give the same identity.
 */








const ARTIFACT_TYPES = ['file', 'dir', 'docker', 'oci'];
async function fingerprintArtifact(spec) {
    switch (spec.type) {
        case 'fingerprint':
            return { fingerprint: spec.fingerprint, defaultName: undefined };
        case 'file':
            await expectKind(spec.path, 'file');
            return { fingerprint: await (0,file/* fingerprintFile */.R)(spec.path), defaultName: (0,external_node_path_.basename)(spec.path) };
        case 'dir':
            await expectKind(spec.path, 'dir');
            return {
                fingerprint: await (0,dir/* fingerprintDir */.iX)(spec.path, spec.excludes),
                defaultName: (0,external_node_path_.basename)(spec.path),
            };
        case 'docker':
            return {
                fingerprint: await fingerprintDocker(spec.image, spec.dockerHost ? { dockerHost: spec.dockerHost } : {}),
                defaultName: spec.image,
            };
        case 'oci': {
            // Registries are reached through the runner's proxy, as the service is.
            const dispatcher = spec.proxy ? (0,http/* createDispatcher */.SM)(spec.proxy) : undefined;
            try {
                return {
                    fingerprint: await fingerprintOci(spec.image, {
                        ...(spec.username !== undefined && { username: spec.username }),
                        ...(spec.password !== undefined && { password: spec.password }),
                        ...(dispatcher !== undefined && { dispatcher }),
                    }),
                    defaultName: spec.image,
                };
            }
            finally {
                await dispatcher?.close();
            }
        }
    }
}
/** A missing path or the wrong kind says so plainly, instead of a raw ENOENT or EISDIR. */
async function expectKind(path, kind) {
    const info = await (0,promises_.stat)(path).catch((error) => {
        const code = error.code;
        throw new errors/* SourceError */.c8('artifact', code === 'ENOENT' ? `${path} does not exist` : `cannot read ${path} (${code ?? String(error)})`, 'Check the artifact input: paths are relative to the workspace');
    });
    if (kind === 'file' && !info.isFile()) {
        throw new errors/* SourceError */.c8('artifact', `${path} is not a file`, 'For a directory, set artifact-type: dir');
    }
    if (kind === 'dir' && !info.isDirectory()) {
        throw new errors/* SourceError */.c8('artifact', `${path} is not a directory`, 'For a file, set artifact-type: file');
    }
}

;// CONCATENATED MODULE: ./src/runtime/artifact.ts
/**
 * Reads which artifact a step is about: `fingerprint`, or `artifact` with `artifact-type` (and `exclude` for
 * directories, `registry-username`/`registry-password` for registry images). Shared by every sub-action that takes
 * an artifact, so they all accept the same inputs the same way.
 */






const EITHER = 'either fingerprint, or artifact with artifact-type';
const EXCLUDE_FORM = 'globs under the artifact folder (*, **, ?, [abc], [!abc]), one per line';
async function readArtifactSpec(inputs, workspace) {
    const fingerprint = inputs.matching('fingerprint', 'fingerprint');
    const artifact = inputs.optional('artifact');
    const type = inputs.choice('artifact-type', ARTIFACT_TYPES);
    // Read before any check that could fail, so the password is masked in whatever is printed next.
    const password = inputs.secret('registry-password');
    const username = inputs.optional('registry-username');
    const excludes = inputs.list('exclude');
    if (fingerprint !== undefined && artifact !== undefined) {
        throw new errors/* InputError */.dz('fingerprint', 'is given together with artifact', EITHER);
    }
    if (fingerprint !== undefined) {
        // Inputs that only shape fingerprinting would be ignored silently: a sign the step is not what was meant.
        const ignored = type !== undefined
            ? 'artifact-type'
            : excludes.length > 0
                ? 'exclude'
                : username !== undefined
                    ? 'registry-username'
                    : password !== undefined
                        ? 'registry-password'
                        : undefined;
        if (ignored !== undefined) {
            throw new errors/* InputError */.dz(ignored, 'is given together with fingerprint, which is used as is (nothing is fingerprinted)', `fingerprint alone, or artifact with ${ignored === 'artifact-type' ? 'artifact-type' : `artifact-type and ${ignored}`}`);
        }
        return { type: 'fingerprint', fingerprint };
    }
    if (artifact === undefined)
        throw new errors/* InputError */.dz('artifact', 'is required when fingerprint is not given', EITHER);
    if (type === undefined) {
        throw new errors/* InputError */.dz('artifact-type', `is required with artifact '${artifact}'`, `one of ${ARTIFACT_TYPES.join(', ')}`);
    }
    if (excludes.length > 0 && type !== 'dir') {
        throw new errors/* InputError */.dz('exclude', `only applies to artifact-type dir, not ${type}`, 'no exclude, or artifact-type dir');
    }
    if ((username !== undefined || password !== undefined) && type !== 'oci') {
        throw new errors/* InputError */.dz(username !== undefined ? 'registry-username' : 'registry-password', `only applies to artifact-type oci, not ${type}`, 'registry credentials with artifact-type oci only');
    }
    if ((username === undefined) !== (password === undefined)) {
        throw new errors/* InputError */.dz(username === undefined ? 'registry-username' : 'registry-password', 'is missing: registry-username and registry-password go together', 'both, or neither for an anonymous pull');
    }
    switch (type) {
        case 'file':
            return { type, path: (0,external_node_path_.resolve)(workspace, artifact) };
        case 'dir': {
            if (excludes.length > 0) {
                // The glob compiler (and its regex engine) is loaded only when there is a glob to check.
                const { globPattern } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 1175));
                for (const glob of excludes) {
                    (0,pattern/* compiledOr */.Ts)(() => globPattern(glob), (problem) => new errors/* InputError */.dz('exclude', `'${glob}' is not a glob: ${problem}`, EXCLUDE_FORM));
                }
            }
            return { type, path: (0,external_node_path_.resolve)(workspace, artifact), excludes };
        }
        case 'docker': {
            const dockerHost = inputs.env.DOCKER_HOST?.trim();
            return { type, image: artifact, ...(dockerHost && { dockerHost }) };
        }
        case 'oci':
            return {
                type,
                image: artifact,
                ...(username !== undefined && { username }),
                ...(password !== undefined && { password }),
                proxy: (0,config/* proxyFromEnv */.kE)(inputs.env),
            };
    }
}
/** The fingerprint of a spec: a given one as is, else computed in a log group that names what was fingerprinted. */
async function resolveFingerprint(spec) {
    if (spec.type === 'fingerprint')
        return fingerprintArtifact(spec);
    return log/* log */.R.group('Fingerprint the artifact', async () => {
        const result = await fingerprintArtifact(spec);
        log/* log */.R.info(`${spec.type === 'file' || spec.type === 'dir' ? spec.path : spec.image}: ${result.fingerprint}`);
        return result;
    });
}


/***/ })

};
