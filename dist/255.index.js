export const id = 255;
export const ids = [255];
export const modules = {

/***/ 9255:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  action: () => (/* binding */ action)
});

// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/api/validate.ts
var validate = __webpack_require__(3020);
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: ./src/runtime/report.ts
var runtime_report = __webpack_require__(6920);
// EXTERNAL MODULE: ./src/runtime/step.ts + 1 modules
var step = __webpack_require__(7402);
// EXTERNAL MODULE: ./src/trust/redact.ts
var redact = __webpack_require__(8625);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 3 modules
var schemas = __webpack_require__(3619);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/context/pattern.ts
var pattern = __webpack_require__(405);
;// CONCATENATED MODULE: ./src/k8s/pods.ts
const REPORTED_PHASES = new Set(['Running', 'Failed']);
const DIGEST = /[a-f0-9]{64}$/;
function mapPod(raw) {
    const pod = (raw ?? {});
    const name = typeof pod.metadata?.name === 'string' ? pod.metadata.name : '';
    const namespace = typeof pod.metadata?.namespace === 'string' ? pod.metadata.namespace : '';
    const skip = (reason) => ({
        kind: 'skipped',
        skipped: { namespace: namespace || '?', pod: name || '?', reason },
    });
    if (!name || !namespace)
        return skip('has no metadata.name or metadata.namespace');
    const phase = typeof pod.status?.phase === 'string' ? pod.status.phase : 'Unknown';
    if (!REPORTED_PHASES.has(phase))
        return { kind: 'left-out', phase };
    const created = typeof pod.metadata?.creationTimestamp === 'string' ? Date.parse(pod.metadata.creationTimestamp) : NaN;
    if (!Number.isFinite(created))
        return skip('has no valid metadata.creationTimestamp');
    const statuses = Array.isArray(pod.status?.containerStatuses)
        ? pod.status.containerStatuses
        : [];
    if (statuses.length === 0)
        return skip(`is ${phase} but has no containerStatuses`);
    const digests = {};
    for (const status of statuses) {
        const s = (status ?? {});
        const container = typeof s.name === 'string' ? s.name : '?';
        const image = typeof s.image === 'string' ? s.image : '';
        const imageId = typeof s.imageID === 'string' ? s.imageID : '';
        if (!image)
            return skip(`container '${container}' has no image`);
        const digest = DIGEST.exec(imageId)?.[0];
        if (!digest) {
            return skip(imageId
                ? `container '${container}' has an imageID without a sha256 digest: ${imageId}`
                : `container '${container}' has no imageID yet (image still being pulled?)`);
        }
        digests[image] = digest;
    }
    if (created < 0)
        return skip(`has a creationTimestamp before 1970: ${String(pod.metadata?.creationTimestamp)}`);
    const owners = pod.metadata?.ownerReferences;
    // The service needs apiVersion, kind, name and uid of each owner; Kubernetes always gives them, a hand-made or
    // truncated file may not, and one such pod must not fail the whole report.
    if (owners !== undefined && owners !== null && !validOwners(owners)) {
        return skip('has an ownerReference without a string apiVersion, kind, name and uid');
    }
    return {
        kind: 'report',
        entry: {
            podName: name,
            namespace,
            digests,
            creationTimestamp: Math.floor(created / 1000),
            owners: Array.isArray(owners) ? owners : null,
        },
    };
}
function validOwners(owners) {
    return (Array.isArray(owners) &&
        owners.every((o) => {
            if (o === null || typeof o !== 'object')
                return false;
            const r = o;
            return ['apiVersion', 'kind', 'name', 'uid'].every((k) => typeof r[k] === 'string' && r[k] !== '');
        }));
}
/** A namespace name is a DNS-1123 label. */
const NAMESPACE_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
/** Include by names or (unanchored) regexes, or exclude by them; include and exclude together are refused earlier. */
function namespaceMatcher(filter) {
    const include = new Set(filter.include ?? []);
    const includeRe = filter.includeRegex ?? [];
    const exclude = new Set(filter.exclude ?? []);
    const excludeRe = filter.excludeRegex ?? [];
    if (include.size || includeRe.length) {
        return (ns) => include.has(ns) || includeRe.some((re) => re.test(ns));
    }
    if (exclude.size || excludeRe.length) {
        return (ns) => !exclude.has(ns) && !excludeRe.some((re) => re.test(ns));
    }
    return () => true;
}
/** Maps a stream of pods into the report payload, counting what was left out or skipped. */
async function mapPods(pods, filter = {}) {
    const wanted = namespaceMatcher(filter);
    const report = { artifacts: [], pods: 0, namespaces: new Set(), leftOut: 0, skipped: [] };
    for await (const pod of pods) {
        const ns = pod?.metadata?.namespace;
        if (typeof ns === 'string' && !wanted(ns))
            continue;
        report.pods++;
        if (typeof ns === 'string')
            report.namespaces.add(ns);
        const outcome = mapPod(pod);
        if (outcome.kind === 'report')
            report.artifacts.push(outcome.entry);
        else if (outcome.kind === 'left-out')
            report.leftOut++;
        else
            report.skipped.push(outcome.skipped);
    }
    return report;
}

;// CONCATENATED MODULE: ./src/actions/report-k8s-env/inputs.ts
/** report-k8s-env's inputs: the environment, where the pods come from, and which namespaces count. */






/** A typo would match nothing and report an empty environment: names are checked as Kubernetes checks them. */
const NamespaceName = schemas/* string */.YjP().check(api/* _regex */.Fk(NAMESPACE_NAME));
const NAMESPACE_FORM = 'namespace names (lowercase letters, digits and -, at most 63 characters)';
async function readInputs(inputs, cwd) {
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const environment = inputs.requiredMatching('environment', 'envName');
    const filter = {
        include: inputs.checkedList('namespaces', NamespaceName, NAMESPACE_FORM),
        includeRegex: await (0,pattern/* readRegexList */.GO)(inputs, 'namespaces-regex'),
        exclude: inputs.checkedList('exclude-namespaces', NamespaceName, NAMESPACE_FORM),
        excludeRegex: await (0,pattern/* readRegexList */.GO)(inputs, 'exclude-namespaces-regex'),
    };
    const including = filter.include?.length || filter.includeRegex?.length;
    const excluding = filter.exclude?.length || filter.excludeRegex?.length;
    if (including && excluding) {
        throw new errors/* InputError */.dz(filter.exclude?.length ? 'exclude-namespaces' : 'exclude-namespaces-regex', 'cannot be combined with namespaces or namespaces-regex', 'either namespaces to include, or namespaces to exclude');
    }
    return {
        ...common,
        environment,
        source: readSource(inputs, common.runner.workspace),
        filter,
        dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
    };
}
/** A pods file, else a live read with kubectl; the kubectl inputs make no sense with a file. */
function readSource(inputs, workspace) {
    const podsFile = inputs.optional('pods-file');
    const kubeconfig = inputs.optional('kubeconfig');
    const context = inputs.optional('kube-context');
    if (podsFile === undefined) {
        return {
            kind: 'kubectl',
            ...(kubeconfig !== undefined && { kubeconfig: (0,external_node_path_.resolve)(workspace, kubeconfig) }),
            ...(context !== undefined && { context }),
            env: kubectlEnv(inputs.env),
        };
    }
    for (const [name, value] of [
        ['kubeconfig', kubeconfig],
        ['kube-context', context],
    ]) {
        if (value !== undefined) {
            throw new errors/* InputError */.dz(name, 'only applies to a live read, not with pods-file', `no ${name}, or no pods-file`);
        }
    }
    return { kind: 'file', path: (0,external_node_path_.resolve)(workspace, podsFile) };
}
/** kubectl and the credential plugins it runs get the environment, less the inputs and the service token. */
function kubectlEnv(env) {
    return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('INPUT_') && key !== 'COMPLIANCE_API_TOKEN'));
}
/** Where the pods come from, in words: the log and the result file. */
function describeSource(source) {
    if (source.kind === 'file')
        return source.path;
    return `kubectl${source.context ? ` --context ${source.context}` : ''}`;
}
/** What the inputs say, for the result file of a step that could not finish (never kubectl's environment). */
function describeInputs(inputs) {
    const { include, includeRegex, exclude, excludeRegex } = inputs.filter;
    return {
        dryRun: inputs.dryRun,
        environment: inputs.environment,
        source: describeSource(inputs.source),
        namespaces: {
            ...(include?.length && { include }),
            ...(includeRegex?.length && { includeRegex: includeRegex.map((re) => re.source) }),
            ...(exclude?.length && { exclude }),
            ...(excludeRegex?.length && { excludeRegex: excludeRegex.map((re) => re.source) }),
        },
    };
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
// EXTERNAL MODULE: ./src/trust/text.ts
var trust_text = __webpack_require__(6623);
;// CONCATENATED MODULE: ./src/k8s/stream.ts
/**
 * Streams the elements of the top-level `items` array of a Kubernetes List (`kubectl get pods -o json`), or of a
 * top-level array, one parsed element at a time. The whole document is never held: at 150,000 pods it is hundreds of
 * MB, past the longest string a JavaScript engine can hold. Structural characters are ASCII, so scanning bytes of
 * UTF-8 is exact.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
class PodStreamError extends Error {
}
async function* streamItems(source) {
    let depth = 0;
    let inString = false;
    let escaped = false;
    let itemsDepth = -1; // depth inside the items array, once found
    let rootKind;
    let key; // bytes of a string at depth 1 (a candidate key)
    let lastKey = '';
    let captureStart = -1;
    let captured = [];
    let sawAny = false;
    for await (const piece of source) {
        const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
        for (let i = 0; i < chunk.length; i++) {
            const c = chunk[i];
            if (inString) {
                if (key && depth === 1)
                    key.push(c);
                if (escaped)
                    escaped = false;
                else if (c === BACKSLASH)
                    escaped = true;
                else if (c === QUOTE) {
                    inString = false;
                    if (key && depth === 1) {
                        key.pop();
                        lastKey = Buffer.from(key).toString('utf8');
                        key = undefined;
                    }
                }
                continue;
            }
            if (c === QUOTE) {
                inString = true;
                if (depth === 1 && rootKind === 'object')
                    key = [];
                continue;
            }
            if (c === COLON || c <= 0x20 || c === 0x2c)
                continue;
            sawAny = true;
            if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
                if (depth === 0) {
                    rootKind = c === OPEN_ARRAY ? 'array' : 'object';
                    if (rootKind === 'array')
                        itemsDepth = 1;
                }
                else if (depth === 1 && rootKind === 'object' && c === OPEN_ARRAY && lastKey === 'items') {
                    itemsDepth = 2;
                }
                else if (depth === itemsDepth && captureStart === -1 && captured.length === 0) {
                    captureStart = i;
                }
                depth++;
            }
            else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
                depth--;
                if (depth < 0)
                    throw new PodStreamError('unbalanced JSON');
                if (depth === itemsDepth && (captureStart !== -1 || captured.length > 0)) {
                    captured.push(chunk.subarray(captureStart === -1 ? 0 : captureStart, i + 1));
                    const text = Buffer.concat(captured).toString('utf8');
                    captured = [];
                    captureStart = -1;
                    yield parseItem(text);
                }
                else if (depth === itemsDepth - 1 && itemsDepth !== -1) {
                    itemsDepth = -2; // the items array is closed; nothing more to read from it
                }
            }
            else if (depth === itemsDepth && captureStart === -1 && captured.length === 0) {
                throw new PodStreamError('an element of "items" is not an object');
            }
        }
        if (captureStart !== -1) {
            captured.push(Buffer.from(chunk.subarray(captureStart)));
            captureStart = -1;
        }
        else if (captured.length > 0 && depth > itemsDepth) {
            captured.push(Buffer.from(chunk));
        }
    }
    if (!sawAny)
        throw new PodStreamError('the input is empty');
    if (depth !== 0 || inString)
        throw new PodStreamError('the JSON ends in the middle');
    if (itemsDepth === -1)
        throw new PodStreamError('no "items" list (expected the output of kubectl get pods -o json)');
}
/** One element of `items`; a malformed one is named by what is wrong, never quoted (it is the file's or cluster's text). */
function parseItem(text) {
    try {
        return JSON.parse(text);
    }
    catch (error) {
        throw new PodStreamError(`an element of "items": ${(0,trust_text/* jsonSyntaxProblem */.F1)(error, text)}`);
    }
}

;// CONCATENATED MODULE: ./src/k8s/kubectl.ts
/**
 * Reads the pods of a cluster live through the `kubectl` binary: `kubectl get pods -o json`, cluster-wide or once
 * per namespace, its output streamed item by item (a large cluster's list is hundreds of MB, see stream.ts).
 *
 * Not @actions/exec: it either buffers the whole output or pushes it to listeners with no way to pause the child,
 * and we need back-pressure: node:child_process gives a Readable that stops reading when the consumer is behind,
 * so the pipe fills and kubectl waits instead of the runner holding hundreds of MB.
 *
 * kubectl's exit code is the only reliable verdict: on some failures (Forbidden, a refused connection once discovery
 * is cached) it prints a complete, empty `List` on stdout and exits 1, so a clean parse alone proves nothing.
 */




/** How much of kubectl's stderr is kept for the error message: the end, where the reason is. */
const STDERR_TAIL_BYTES = 8 * 1024;
/**
 * Namespaces read at once: kubectl's own start (0.1–0.2 s) dominates small namespaces, so 1,000 of them read one
 * by one take minutes; four at a time stays gentle on the API server.
 */
const NAMESPACE_CONCURRENCY = 4;
/** After SIGTERM, how long kubectl gets before SIGKILL. */
const KILL_GRACE_MS = 2_000;
/**
 * The arguments of one `kubectl get pods -o json` call. Values are passed as `--flag=value`, so a value starting
 * with `-` can never be read as another flag.
 */
function kubectlArgs(options, namespace) {
    const args = ['get', 'pods', '--output=json'];
    if (namespace === undefined)
        args.push('--all-namespaces');
    else {
        if (!NAMESPACE_NAME.test(namespace)) {
            throw new errors/* InputError */.dz('namespaces', `'${namespace}' is not a namespace name`, 'lowercase letters, digits and -, at most 63 characters');
        }
        args.push(`--namespace=${namespace}`);
    }
    if (options.kubeconfig)
        args.push(`--kubeconfig=${options.kubeconfig}`);
    if (options.context)
        args.push(`--context=${options.context}`);
    if (options.requestTimeout)
        args.push(`--request-timeout=${options.requestTimeout}`);
    return args;
}
/** Yields every pod of the cluster (or of the given namespaces) as kubectl prints it. */
async function* readPodsWithKubectl(options) {
    if (options.namespaces === undefined) {
        yield* runKubectl(options, kubectlArgs(options), undefined);
        return;
    }
    if (options.namespaces.length === 0) {
        throw new errors/* InputError */.dz('namespaces', 'the list is empty', 'at least one namespace, or none to read them all');
    }
    const namespaces = [...new Set(options.namespaces)];
    const argsPerNamespace = namespaces.map((ns) => kubectlArgs(options, ns)); // every name checked before any call
    yield* mergeBounded(argsPerNamespace.map((args, i) => (signal) => runKubectl(options, args, namespaces[i], signal)), options.concurrency ?? NAMESPACE_CONCURRENCY);
}
/**
 * Items of several generators, at most `limit` running at once, each item as soon as it comes. Each running
 * generator is one item ahead at most, so back-pressure holds. On an error or an early stop, the others are
 * returned (their kubectl is stopped) before this one ends.
 */
async function* mergeBounded(sources, limit) {
    // Stops the sources still running: return() would wait behind a next() that may never come (a silent kubectl).
    const stop = new AbortController();
    const running = new Map();
    const pull = (index, gen) => gen.next().then((result) => ({ index, result }), (error) => ({ index, error }));
    let started = 0;
    const startNext = () => {
        const index = started++;
        const gen = sources[index](stop.signal);
        running.set(index, { gen, next: pull(index, gen) });
    };
    try {
        while (started < sources.length && running.size < limit)
            startNext();
        while (running.size > 0) {
            const pulled = await Promise.race([...running.values()].map((r) => r.next));
            const entry = running.get(pulled.index);
            if (!entry)
                continue;
            if ('error' in pulled) {
                running.delete(pulled.index);
                throw pulled.error;
            }
            if (pulled.result.done === true) {
                running.delete(pulled.index);
                if (started < sources.length)
                    startNext();
                continue;
            }
            entry.next = pull(pulled.index, entry.gen);
            yield pulled.result.value;
        }
    }
    finally {
        stop.abort();
        // Each pending next() ends (its kubectl killed), then each generator is closed.
        await Promise.all([...running.values()].map(async (r) => {
            await r.next;
            await r.gen.return(undefined).catch(() => undefined);
        }));
    }
}
async function* runKubectl(options, args, namespace, signal) {
    const binary = options.kubectl ?? 'kubectl';
    // An abort (another namespace failed) sends SIGTERM; the `close` that follows ends this read.
    const child = (0,external_node_child_process_.spawn)(binary, args, {
        env: options.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(signal && { signal }),
    });
    let stderr = Buffer.alloc(0);
    let stderrCut = false;
    child.stderr.on('data', (chunk) => {
        stderr = Buffer.concat([stderr, chunk]);
        if (stderr.length > STDERR_TAIL_BYTES) {
            stderr = stderr.subarray(stderr.length - STDERR_TAIL_BYTES);
            stderrCut = true;
        }
    });
    const state = { exited: false };
    const exit = new Promise((resolve) => {
        // `error` without a pid: it never started (not found, not executable), and no `close` may follow. Other errors
        // (a failed kill) leave the `close` to come.
        child.on('error', (error) => {
            if (child.pid !== undefined)
                return;
            state.exited = true;
            resolve({ error });
        });
        child.on('close', (code, signal) => {
            state.exited = true;
            resolve({ code, signal });
        });
    });
    const where = namespace === undefined ? '' : ` (namespace ${namespace})`;
    try {
        let streamError;
        let outputBytes = 0;
        const stdout = async function* () {
            for await (const chunk of child.stdout) {
                outputBytes += chunk.length;
                yield chunk;
            }
        };
        try {
            for await (const pod of streamItems(stdout()))
                yield pod;
        }
        catch (error) {
            streamError = error; // truncated or foreign output; the exit status says why, so it is reported first
        }
        // An empty output is what a failing kubectl prints; only a started one was cut short.
        const cutShort = streamError !== undefined && outputBytes > 0;
        const failure = describeExit(await exit, binary, where, tailText(stderr, stderrCut), cutShort, cutShort ? streamError : undefined);
        if (failure)
            throw failure;
        if (streamError !== undefined) {
            throw new errors/* SourceError */.c8('kubectl', `exited with code 0 but its output${where} is not a complete pod list: ${messageOf(streamError)}`, 'Check that the kubectl binary is the real kubectl', { cause: streamError });
        }
    }
    finally {
        // Reached early when the consumer stops (or on an error): leave no kubectl behind, and wait until it is gone.
        if (!state.exited) {
            child.stdout.destroy();
            child.kill('SIGTERM');
            const force = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
            await exit;
            clearTimeout(force);
        }
    }
}
function describeExit(exit, binary, where, stderr, cutShort, cause) {
    if ('error' in exit) {
        if (exit.error.code === 'ENOENT') {
            return new errors/* SourceError */.c8('kubectl', `'${binary}' was not found${binary.includes('/') ? '' : ' on PATH'}`, 'Install kubectl on the runner (or give its path), or pass pods-file with the output of kubectl get pods -o json', { cause: exit.error });
        }
        return new errors/* SourceError */.c8('kubectl', `could not be started ('${binary}'): ${exit.error.message}`, undefined, {
            cause: exit.error,
        });
    }
    if (exit.code === 0)
        return undefined;
    const how = exit.code === null ? `was killed by ${exit.signal ?? 'a signal'}` : `exited with code ${exit.code}`;
    return new errors/* SourceError */.c8('kubectl', `${how}${cutShort ? ' before finishing its output' : ''}${where}: ${stderr || '(nothing on stderr)'}`, hintFor(stderr), cause === undefined ? undefined : { cause });
}
/** What to check, for the failures kubectl users meet most. */
function hintFor(stderr) {
    if (/context was not found|context "[^"]*" does not exist|no context exists/i.test(stderr)) {
        return 'Check kube-context: it must name a context of the kubeconfig (kubectl config get-contexts)';
    }
    if (/forbidden/i.test(stderr)) {
        return ('RBAC: the user or service account of the kubeconfig needs get and list on pods, cluster-wide (a ClusterRole)' +
            ' or in each namespace read (a Role per namespace)');
    }
    if (/unauthorized|must be logged in/i.test(stderr)) {
        return 'Check the credentials of the kubeconfig user (an expired token, a missing cloud auth plugin)';
    }
    if (/executable .* not found|exec plugin/i.test(stderr)) {
        return 'The kubeconfig runs a credential plugin that is not installed on the runner';
    }
    if (/connection.*refused|no configuration has been provided|unable to connect|dial tcp|no such host|i\/o timeout|deadline exceeded|timeout|invalid configuration|no such file or directory|error loading config/i.test(stderr)) {
        return 'Check kubeconfig (or KUBECONFIG) and that the runner can reach the cluster';
    }
    return undefined;
}
function tailText(stderr, cut) {
    let text = stderr.toString('utf8');
    if (cut) {
        const firstLine = text.indexOf('\n');
        text = `…${firstLine === -1 ? text : text.slice(firstLine + 1)}`; // start at a whole line
    }
    return text.trim();
}
function messageOf(error) {
    return error instanceof Error ? error.message : String(error);
}

;// CONCATENATED MODULE: ./src/actions/report-k8s-env/pods.ts
/** Reads the pods (a saved `kubectl get pods -o json`, or live through kubectl) and counts the artifacts they run. */





const KUBECTL_REQUEST_TIMEOUT = '60s';
const POD_LIST_HINT = 'Give the output of `kubectl get pods -o json`';
async function readPods(source, filter) {
    if (source.kind === 'file') {
        let info;
        try {
            // statSync: node:fs/promises is not loaded at start for one stat (issue 14).
            info = (0,external_node_fs_.statSync)(source.path);
        }
        catch {
            info = undefined;
        }
        if (!info?.isFile())
            throw new errors/* SourceError */.c8('pods-file', `${source.path} is not a readable file`, POD_LIST_HINT);
        try {
            return await mapPods(streamItems((0,external_node_fs_.createReadStream)(source.path, { highWaterMark: 1024 * 1024 })), filter);
        }
        catch (error) {
            if (error instanceof PodStreamError) {
                throw new errors/* SourceError */.c8('pods-file', `${source.path} is not the JSON of a pod list: ${error.message}`, POD_LIST_HINT);
            }
            throw error;
        }
    }
    // Names only: ask for just those namespaces (works with namespace-scoped RBAC); a regex needs them all.
    const onlyNames = (filter.include?.length ?? 0) > 0 && (filter.includeRegex?.length ?? 0) === 0;
    const pods = readPodsWithKubectl({
        ...(onlyNames && { namespaces: filter.include }),
        ...(source.kubeconfig !== undefined && { kubeconfig: source.kubeconfig }),
        ...(source.context !== undefined && { context: source.context }),
        env: source.env,
        // An API server that accepts and never answers would otherwise hold the step until the job's timeout.
        requestTimeout: KUBECTL_REQUEST_TIMEOUT,
    });
    return mapPods(pods, filter);
}
/** One row per (image, fingerprint), with the number of pods running it. */
function countArtifacts(report) {
    const counts = new Map();
    for (const entry of report.artifacts) {
        for (const [image, fingerprint] of Object.entries(entry.digests)) {
            const key = `${image}\u0000${fingerprint}`;
            const row = counts.get(key);
            if (row)
                row.pods++;
            else
                counts.set(key, { image, fingerprint, pods: 1 });
        }
    }
    return [...counts.values()].sort((a, b) => a.image.localeCompare(b.image) || a.fingerprint.localeCompare(b.fingerprint));
}

// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/report-k8s-env/summary.ts


/**
 * A named namespace without pods (most often a typo or a missing permission), then the skipped pods: at most as many
 * warnings as GitHub shows, the last one counting the rest, which the summary and the result file list.
 */
function warnings(filter, report) {
    const empty = (filter.include ?? [])
        .filter((ns) => !report.namespaces.has(ns))
        .map((ns) => ({
        level: 'warning',
        message: `Namespace '${ns}' has no pods (or does not exist).`,
    }));
    const room = Math.max(step/* MAX_ANNOTATIONS */.KE - empty.length, 1);
    const shown = report.skipped.length > room ? room - 1 : report.skipped.length;
    const skipped = report.skipped.slice(0, shown).map((pod) => ({
        level: 'warning',
        message: `Skipped pod ${pod.namespace}/${pod.pod}: ${pod.reason}`,
    }));
    if (report.skipped.length > shown) {
        skipped.push({
            level: 'warning',
            message: `${report.skipped.length - shown} more pod(s) were skipped: see the job summary or result-file.`,
        });
    }
    return [...empty, ...skipped];
}
function summarize(result) {
    const summary = new writer/* SummaryWriter */.CS();
    summary.heading(result.dryRun
        ? `DRY RUN: environment ${result.environment} not reported`
        : `Environment ${result.environment} reported`, 3);
    return details(summary, result);
}
/** The counts, the artifacts and the skipped pods, added to `summary`. */
function details(summary, result) {
    const answer = result.dryRun
        ? `Dry run: nothing was sent to ${result.url}.`
        : result.message !== undefined
            ? `The service answered: ${result.message || '(no message)'}`
            : '';
    summary.paragraph(`${result.pods} pod(s) read: ${result.reported} reported, ${result.leftOut} left out (not Running or Failed), ` +
        `${result.skipped.length} skipped.${answer ? ` ${answer}` : ''}`);
    summary.table(['Image', 'Fingerprint', 'Pods'], result.artifacts.map((a) => [a.image, { code: a.fingerprint.slice(0, 12) }, a.pods]));
    if (result.skipped.length > 0) {
        summary.heading(`Skipped pods (${result.skipped.length})`, 4);
        summary.table(['Namespace', 'Pod', 'Reason'], result.skipped.map((p) => [p.namespace, p.pod, p.reason]));
    }
    return summary;
}

;// CONCATENATED MODULE: ./src/actions/report-k8s-env/index.ts
/**
 * report-k8s-env: reads the pods of a cluster (a saved `kubectl get pods -o json`, or live through `kubectl`), maps
 * them as the reference says, and reports the environment (PUT /environments/{org}/{env}/report/K8S). A pod that
 * cannot be mapped is skipped, warned about and counted. A dry run sends nothing and keeps the payload; a report
 * that cannot be delivered is kept too (the finisher writes `payload-file`).
 */









/** A dry run prints the payload of this many pods at most; a bigger one is only kept in `payload-file`. */
const PRINT_LIMIT = 50;
const action = (0,step/* defineAction */.QP)({
    name: 'report-k8s-env',
    read: readInputs,
    run,
    couldNot: (inputs) => inputs ? `Could not report environment ${inputs.environment}` : 'Could not report the environment',
    describe: describeInputs,
});
async function run(inputs) {
    const report = await log/* log */.R.group(`Read pods (${describeSource(inputs.source)})`, () => readPods(inputs.source, inputs.filter));
    const artifacts = countArtifacts(report);
    log/* log */.R.info(`${report.pods} pod(s) read: ${report.artifacts.length} reported, ${report.leftOut} left out by phase, ` +
        `${report.skipped.length} skipped; ${artifacts.length} artifact(s).`);
    const annotations = warnings(inputs.filter, report);
    const payload = { artifacts: report.artifacts };
    // What was gathered, for a step that fails after gathering it: nothing is lost, its warnings included.
    const gathered = {};
    try {
        return await (0,context/* withClient */.SV)(inputs.connection, async (client) => {
            const result = {
                dryRun: inputs.dryRun,
                environment: inputs.environment,
                url: client.urlFor('reportK8sEnvironment', { env_name: inputs.environment }),
                pods: report.pods,
                reported: report.artifacts.length,
                leftOut: report.leftOut,
                skipped: report.skipped,
                artifacts,
            };
            gathered.result = result;
            const counts = {
                pods: report.pods,
                artifacts: new Set(artifacts.map((a) => a.fingerprint)).size,
                skipped: report.skipped.length,
            };
            if (inputs.dryRun) {
                // The client checks the payload before sending; a dry run checks it here, so a slip in the mapping shows.
                const schemas = await __webpack_require__.e(/* import() */ 116).then(__webpack_require__.bind(__webpack_require__, 5116));
                (0,validate/* validate */.t)(schemas.K8sReportBody, payload, 'body');
                log/* log */.R.info(`DRY RUN: would PUT ${result.url}`);
                log/* log */.R.block(payload.artifacts.length <= PRINT_LIMIT
                    ? JSON.stringify(payload, null, 2)
                    : `The payload (${payload.artifacts.length} pods) is not printed: it is kept in the file named by the payload-file output.`);
                const dry = { ...result, message: 'dry run: nothing was sent' };
                return {
                    outcome: 'dry-run',
                    outputs: { ...counts, message: dry.message },
                    result: { ...dry },
                    summary: summarize(dry),
                    annotations,
                    payload,
                };
            }
            const answer = await log/* log */.R.group(`Report environment ${inputs.environment}`, () => (0,runtime_report/* deliver */.c)(payload, () => client.reportK8sEnvironment(inputs.environment, payload)));
            // The server's text goes to logs, outputs and the summary: scrubbed once, here.
            const message = (0,redact/* redact */.E$)(answer.message);
            log/* log */.R.info(`The service answered: ${message || '(no message)'}`);
            const reported = { ...result, message };
            return {
                outcome: 'reported',
                // No payload-file: set empty, so a later step reads a defined output.
                outputs: { ...counts, message, 'payload-file': '' },
                result: { ...reported },
                summary: summarize(reported),
                annotations,
            };
        });
    }
    catch (error) {
        // Whatever fails after the pods were read keeps it and the warnings about it.
        return (0,runtime_report/* reportFailed */.C)(action, inputs, error, gathered.result, annotations, details);
    }
}


/***/ }),

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
    const { compilePattern } = await Promise.all(/* import() */[__webpack_require__.e(856), __webpack_require__.e(930)]).then(__webpack_require__.bind(__webpack_require__, 930));
    return sources.map((source) => compiledOr(() => compilePattern(source), (problem) => new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(name, `'${source}' is not a usable regular expression: ${problem}`, REGEX_FORM)));
}


/***/ }),

/***/ 6920:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ reportFailed),
/* harmony export */   c: () => (/* binding */ deliver)
/* harmony export */ });
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
/* harmony import */ var _step_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7402);
/**
 * Delivering a report (report-artifact, report-k8s-env) so that nothing is lost: a report the service did not take
 * carries its payload to the finisher (`payload-file`), and a step that fails after gathering keeps what it gathered.
 */


/**
 * Sends a report; if it cannot be delivered (after the client's retries), fails with an UndeliveredError that carries
 * the payload, which the step finisher keeps (step.ts). An input error means nothing was sent and nothing needs keeping.
 */
async function deliver(payload, send) {
    try {
        return await send();
    }
    catch (error) {
        if (error instanceof _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz)
            throw error;
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UndeliveredError */ .uE(error instanceof Error ? error : new Error(String(error)), payload);
    }
}
/**
 * The result of a report that failed after gathering: the result file keeps `gathered` (once it was built), the
 * warnings found gathering it stay, and for a report not delivered the summary shows `details` under the reason.
 */
function reportFailed(definition, inputs, error, gathered, annotations, details) {
    return (0,_step_js__WEBPACK_IMPORTED_MODULE_1__/* .errorStepWith */ .LM)(definition, inputs, error, {
        result: gathered ?? {},
        ...(gathered !== undefined &&
            error instanceof _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UndeliveredError */ .uE && {
            details: (summary) => details(summary.heading('The report that was not delivered', 4), gathered),
        }),
        annotations,
    });
}


/***/ })

};
