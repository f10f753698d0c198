export const id = 550;
export const ids = [550];
export const modules = {

/***/ 3550:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fingerprintDocker: () => (/* binding */ fingerprintDocker)
/* harmony export */ });
/* unused harmony export DEFAULT_DOCKER_HOST */
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6752);
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2600);
/* harmony import */ var _trust_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6623);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(311);
/* harmony import */ var _reference_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3469);
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
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('DOCKER_HOST', `'${dockerHost}' is not a URL`, expected);
    }
    const options = { keepAliveTimeout: 1_000, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS };
    if (url.protocol === 'unix:') {
        const socketPath = decodeURIComponent(url.pathname);
        if (!socketPath.startsWith('/')) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('DOCKER_HOST', `'${dockerHost}' names no absolute socket path`, expected);
        }
        return {
            origin: 'http://docker',
            dispatcher: new undici__WEBPACK_IMPORTED_MODULE_0__/* .Agent */ .g6({ ...options, connect: { socketPath } }),
            display: `unix://${socketPath}`,
        };
    }
    if (url.protocol === 'tcp:' || url.protocol === 'http:') {
        if (!url.hostname || !url.port) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('DOCKER_HOST', `'${dockerHost}' needs a host and a port`, expected);
        }
        return { origin: `http://${url.host}`, dispatcher: new undici__WEBPACK_IMPORTED_MODULE_0__/* .Agent */ .g6(options), display: dockerHost };
    }
    throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('DOCKER_HOST', `the scheme '${url.protocol}' is not supported (TLS and ssh connections to the daemon are not)`, expected);
}
/** Parses a reference, or undefined for an image ID (`sha256:<hex>`, a short hex ID) or anything unparseable. */
function tryParse(name) {
    if (/^(sha256:)?[a-f0-9]{12,64}$/.test(name))
        return undefined;
    try {
        return (0,_reference_js__WEBPACK_IMPORTED_MODULE_3__/* .parseImageReference */ .o_)(name);
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
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz('artifact', `'${image}' is not a Docker image name or ID`, 'an image such as nginx:1.27, ghcr.io/org/app:1.0 or an image ID');
    }
    const endpoint = endpointFor(options.dockerHost || DEFAULT_DOCKER_HOST);
    const source = 'docker';
    try {
        let status;
        let text;
        try {
            const res = await (0,undici__WEBPACK_IMPORTED_MODULE_0__/* .request */ .Em)(`${endpoint.origin}/images/${name}/json`, {
                method: 'GET',
                headers: { accept: 'application/json', 'user-agent': _version_js__WEBPACK_IMPORTED_MODULE_4__/* .USER_AGENT */ ._ },
                dispatcher: endpoint.dispatcher,
                signal: AbortSignal.timeout(TIMEOUT_MS),
            });
            status = res.statusCode;
            text = await res.body.text();
        }
        catch (error) {
            const code = (0,_errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorCode */ .CA)(error);
            const timedOut = error?.name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT';
            const hint = code === 'EACCES'
                ? `The runner's user may not use the Docker socket: add it to the docker group, ${USE_OCI}`
                : `Check that Docker runs on the runner and that DOCKER_HOST points at it, ${USE_OCI}`;
            const reason = code ?? (error instanceof Error ? error.message : String(error));
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SourceError */ .c8(source, timedOut
                ? `no answer from the Docker daemon at ${endpoint.display} within ${TIMEOUT_MS / 1000} s`
                : `cannot reach the Docker daemon at ${endpoint.display} (${reason})`, hint, { cause: error });
        }
        if (status === 404) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SourceError */ .c8(source, `no image '${name}' in the local Docker daemon`, `Pull or build the image on this runner first (the name must match, tag included), ${USE_OCI}`);
        }
        if (status !== 200) {
            let said;
            try {
                const message = JSON.parse(text).message;
                said = typeof message === 'string' ? message : undefined;
            }
            catch {
                said = (0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(text.trim(), 200) || undefined;
            }
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SourceError */ .c8(source, `inspecting image '${name}' failed with HTTP ${status}${said ? `: ${said}` : ''}`);
        }
        let repoDigests;
        try {
            repoDigests = JSON.parse(text).RepoDigests;
        }
        catch {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SourceError */ .c8(source, `the daemon's answer for image '${name}' is not JSON`);
        }
        const digests = (Array.isArray(repoDigests) ? repoDigests : []).filter((d) => typeof d === 'string' && SHA256_SUFFIX.test(d));
        if (digests.length === 0) {
            throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .SourceError */ .c8(source, `image '${name}' has no repo digest: it was never pushed to or pulled from a registry (a repo digest is ` +
                'what the registry calls the image)', `Push it first and fingerprint the pushed image, ${USE_OCI} and the pushed reference`);
        }
        const wanted = tryParse(name);
        const match = wanted === undefined
            ? undefined
            : digests.find((d) => {
                const ref = tryParse(d);
                return ref !== undefined && (0,_reference_js__WEBPACK_IMPORTED_MODULE_3__/* .sameRepository */ .RB)(ref, wanted);
            });
        const chosen = match ?? digests[0] ?? '';
        return SHA256_SUFFIX.exec(chosen)?.[1] ?? '';
    }
    finally {
        await endpoint.dispatcher.close();
    }
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
