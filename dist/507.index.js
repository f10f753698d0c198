export const id = 507;
export const ids = [507];
export const modules = {

/***/ 4507:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  action: () => (/* binding */ action)
});

// EXTERNAL MODULE: ./src/runtime/step.ts + 1 modules
var step = __webpack_require__(7402);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/context/time.ts
var time = __webpack_require__(838);
// EXTERNAL MODULE: ./src/runtime/artifact.ts + 1 modules
var artifact = __webpack_require__(915);
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: ./src/runtime/not-found.ts
var not_found = __webpack_require__(6240);
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/get-deployment/render.ts


/** `_links.<name>.href` when it is an http(s) URL (the spec does not show what `_links` holds). */
function linkOf(deployment, name) {
    const entry = deployment._links?.[name];
    const href = entry && typeof entry === 'object' && 'href' in entry && typeof entry.href === 'string'
        ? entry.href
        : undefined;
    return (0,writer/* safeUrl */.Pl)(href) ? href : undefined;
}
function summarize(result) {
    const summary = new writer/* SummaryWriter */.CS();
    const deployment = result.deployment;
    if (!deployment) {
        summary.heading(`Not deployed to ${result.environment}`, 3);
        summary.paragraph(result.message ?? '');
        return summary;
    }
    const name = result.artifactName ?? result.fingerprint;
    summary.heading(`${name} deployed to ${result.environment}`, 3);
    const artifact = deployment.artifact ?? undefined;
    const replacedName = deployment.replaced_artifact?.artifact_name;
    const rows = [
        ['Environment', { text: result.environment, href: linkOf(deployment, 'environment') }],
        ['Artifact', name],
        ['Fingerprint', { code: result.fingerprint }],
        ['Deployed at', result.deployedAt],
        ['Snapshot', result.snapshotIndex !== null ? `#${result.snapshotIndex}` : undefined],
        ['Flow', artifact?.flow_name],
        ['Trail', artifact?.trail_name],
        [
            'Commit',
            (0,cells/* commitCell */.Ou)({
                sha: artifact?.git_commit ?? artifact?.git_commit_info?.sha1,
                message: artifact?.git_commit_info?.message,
                url: artifact?.git_commit_info?.url,
            }),
        ],
        [
            'Replaced',
            result.replacedFingerprint
                ? `${replacedName ? `${replacedName} ` : ''}(${result.replacedFingerprint.slice(0, 12)})`
                : 'nothing',
        ],
        [
            'Diff',
            (0,writer/* safeUrl */.Pl)(result.diffUrl)
                ? { text: 'compare with the snapshot before', href: result.diffUrl }
                : undefined,
        ],
    ];
    summary.table(['Field', 'Value'], rows.filter(([, value]) => value !== undefined && value !== null && value !== '').map((row) => [...row]));
    return summary;
}

;// CONCATENATED MODULE: ./src/actions/get-deployment/run.ts
/**
 * get-deployment: when and in which snapshot an artifact started running in an environment, and what it replaced
 * (GET /deployments/{org}/{env}/{fp}). The fingerprint is given as is or computed the way report-artifact computes
 * it. A 404 that says the artifact was not deployed there fails the step saying so, or, with `fail-if-missing:
 * false`, carries on with `found=false` and a warning; a 404 about the org or environment could not check either
 * way. `outcome` tells a later step found, not-found or error (could not check: the entry wrapper's path).
 */







async function readInputs(inputs, cwd) {
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    return {
        ...common,
        environment: inputs.requiredMatching('environment', 'envName'),
        artifact: await (0,artifact/* readArtifactSpec */._)(inputs, common.runner.workspace),
        failIfMissing: inputs.boolean('fail-if-missing', true),
    };
}
/** What the inputs say, for the result file of a step that could not check: never "found" nor "not found". */
function describe(inputs) {
    return {
        environment: inputs.environment,
        ...(inputs.artifact.type === 'fingerprint' && { fingerprint: inputs.artifact.fingerprint }),
        failIfMissing: inputs.failIfMissing,
        found: null,
    };
}
/** The outputs of a step that could not check: all empty, so none reads as an answer. */
const ERROR_OUTPUTS = {
    found: '',
    'deployed-at': '',
    'snapshot-index': '',
    'artifact-name': '',
    'replaced-fingerprint': '',
    'diff-url': '',
};
/** A 404 that names the artifact or its deployment, as opposed to the org or environment. */
const ABOUT_DEPLOYMENT = /\b(artifact|fingerprint|deploy)/i;
/**
 * The 404 of a deployment, or an error for one that does not say the artifact was not deployed: an org or
 * environment that does not exist (a typo) must not read as "not deployed", whatever fail-if-missing says.
 */
function notDeployed(error) {
    const about = (0,not_found/* notFoundAbout */.n)(error, ABOUT_DEPLOYMENT);
    if (about === 'subject')
        return error;
    throw new errors/* ApiError */.hD({
        endpoint: error.endpoint,
        status: error.status,
        ...(error.serverMessage !== undefined && { serverMessage: error.serverMessage }),
        attempts: error.attempts,
        note: 'not read as "not deployed" (found=false): ' +
            (about === 'scope'
                ? 'the answer is about the org or environment, not the artifact'
                : 'the answer does not say the artifact was not deployed'),
    });
}
async function run(inputs) {
    const { fingerprint } = await (0,artifact/* resolveFingerprint */.J)(inputs.artifact);
    const { url, answer } = await (0,context/* withClient */.SV)(inputs.connection, async (client) => ({
        url: client.urlFor('getDeployment', { env_name: inputs.environment, fingerprint }),
        answer: await log/* log */.R.group(`Read the deployment to ${inputs.environment}`, async () => {
            try {
                return await client.getDeployment(inputs.environment, fingerprint);
            }
            catch (error) {
                if (error instanceof errors/* ApiError */.hD && error.status === 404)
                    return notDeployed(error);
                throw error;
            }
        }),
    }));
    const base = { environment: inputs.environment, fingerprint, url, failIfMissing: inputs.failIfMissing };
    const result = answer instanceof errors/* ApiError */.hD ? notFound(inputs, base, answer) : found(base, answer);
    const step = {
        outcome: result.found ? 'found' : 'not-found',
        outputs: {
            found: result.found,
            'deployed-at': result.deployedAt ?? '',
            'snapshot-index': result.snapshotIndex ?? '',
            'artifact-name': result.artifactName ?? '',
            'replaced-fingerprint': result.replacedFingerprint ?? '',
            'diff-url': result.diffUrl ?? '',
        },
        result: { ...result },
        summary: summarize(result),
    };
    if (result.message === undefined) {
        log/* log */.R.info(`${result.artifactName ?? fingerprint} was deployed to ${inputs.environment} at ${result.deployedAt ?? ''}` +
            `${result.snapshotIndex !== null ? ` (snapshot #${result.snapshotIndex})` : ''}.`);
    }
    else if (inputs.failIfMissing) {
        step.failure = `${result.message} Set fail-if-missing: false to carry on when it is not deployed.`;
    }
    else {
        // A warning, so the service's words are seen: a 404 read wrongly as "not deployed" would pass silently.
        step.annotations = [
            {
                level: 'warning',
                message: `${result.message} fail-if-missing is false: carrying on with found=false.`,
            },
        ];
    }
    return step;
}
function notFound(inputs, base, error) {
    return {
        ...base,
        found: false,
        deployedAt: null,
        snapshotIndex: null,
        artifactName: null,
        replacedFingerprint: null,
        diffUrl: null,
        message: `Artifact ${base.fingerprint} was not deployed to environment '${inputs.environment}'` +
            ` (org '${inputs.connection.org}'): the service answered HTTP 404` +
            `${error.serverMessage ? `: ${error.serverMessage.replace(/\.$/, '')}` : ''}.`,
        ...(error.serverMessage !== undefined && { serverMessage: error.serverMessage }),
    };
}
/** deployed_at is the answer; the rest is only passed on or shown: one the service leaves out is left empty. */
function found(base, answer) {
    return {
        ...base,
        found: true,
        deployedAt: (0,time/* formatTime */.fU)(answer.deployed_at),
        snapshotIndex: answer.snapshot_index ?? null,
        artifactName: answer.artifact_name ?? null,
        replacedFingerprint: answer.replaced_artifact?.fingerprint ?? null,
        diffUrl: answer.diff_url ?? null,
        deployment: answer,
    };
}

;// CONCATENATED MODULE: ./src/actions/get-deployment/index.ts


const action = (0,step/* defineAction */.QP)({
    name: 'get-deployment',
    read: readInputs,
    run: run,
    couldNot: (inputs) => inputs ? `Could not check the deployment to ${inputs.environment}` : 'Could not check the deployment',
    describe: describe,
    onError: { outputs: ERROR_OUTPUTS },
});


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

/***/ 915:
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
;// CONCATENATED MODULE: ./src/fingerprint/artifact.ts
/**
 * One artifact, however the user names it: a fingerprint given as is, or a file, directory, local Docker image or
 * registry image to fingerprint the way the official CLI does, so both give the same identity.
 */



const ARTIFACT_TYPES = ['file', 'dir', 'docker', 'oci'];
/** Each kind's code is loaded only for that kind: a file needs no Docker client, no registry client, no undici. */
async function fingerprintArtifact(spec) {
    switch (spec.type) {
        case 'fingerprint':
            return { fingerprint: spec.fingerprint, defaultName: undefined };
        case 'file': {
            await expectKind(spec.path, 'file');
            const { fingerprintFile } = await __webpack_require__.e(/* import() */ 120).then(__webpack_require__.bind(__webpack_require__, 8120));
            return { fingerprint: await fingerprintFile(spec.path), defaultName: (0,external_node_path_.basename)(spec.path) };
        }
        case 'dir': {
            await expectKind(spec.path, 'dir');
            const { fingerprintDir } = await Promise.all(/* import() */[__webpack_require__.e(856), __webpack_require__.e(175)]).then(__webpack_require__.bind(__webpack_require__, 1175));
            return {
                fingerprint: await fingerprintDir(spec.path, spec.excludes),
                defaultName: (0,external_node_path_.basename)(spec.path),
            };
        }
        case 'docker': {
            const { fingerprintDocker } = await Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(550)]).then(__webpack_require__.bind(__webpack_require__, 3550));
            return {
                fingerprint: await fingerprintDocker(spec.image, spec.dockerHost ? { dockerHost: spec.dockerHost } : {}),
                defaultName: spec.image,
            };
        }
        case 'oci': {
            const [{ fingerprintOci }, { createDispatcher }] = await Promise.all([
                Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(233)]).then(__webpack_require__.bind(__webpack_require__, 5233)),
                Promise.all(/* import() */[__webpack_require__.e(752), __webpack_require__.e(692)]).then(__webpack_require__.bind(__webpack_require__, 6692)),
            ]);
            // Registries are reached through the runner's proxy, as the service is.
            const dispatcher = spec.proxy ? createDispatcher(spec.proxy) : undefined;
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
                const { globPattern } = await Promise.all(/* import() */[__webpack_require__.e(856), __webpack_require__.e(175)]).then(__webpack_require__.bind(__webpack_require__, 1175));
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


/***/ }),

/***/ 6240:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ notFoundAbout)
/* harmony export */ });
/** `Organization 'acme' does not exist`, `Flow named 'x' does not exist for organization 'y'`, `Environment ...`. */
const SCOPE_MISSING = /\b(organi[sz]ation|org|flow|environment|env)\b(?:\s+named)?\s+(?:'[^']*'|"[^"]*"|\S+)\s+(?:does not|doesn't) exist/i;
/** A path the API does not have at all (the sandbox's wording; a proxy's 404 page gives no message). */
const NO_SUCH_PATH = /^not found: \//i;
/**
 * - `subject`: the server's message names the thing (matches `subject`) and no missing org, flow or environment;
 * - `scope`: the message says the org, flow or environment does not exist, or the path is unknown;
 * - `unknown`: no message, or one about something else: not read as "not there".
 */
function notFoundAbout(error, subject) {
    const message = error.serverMessage?.trim() ?? '';
    if (SCOPE_MISSING.test(message) || NO_SUCH_PATH.test(message))
        return 'scope';
    return subject.test(message) ? 'subject' : 'unknown';
}


/***/ }),

/***/ 5989:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G$: () => (/* binding */ STATE_MARK),
/* harmony export */   Ou: () => (/* binding */ commitCell),
/* harmony export */   P0: () => (/* binding */ UNKNOWN_MARK),
/* harmony export */   TM: () => (/* binding */ firstLine),
/* harmony export */   _j: () => (/* binding */ stateCell),
/* harmony export */   gC: () => (/* binding */ compliantCell),
/* harmony export */   s5: () => (/* binding */ timeCell)
/* harmony export */ });
/* harmony import */ var _context_time_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(838);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8625);
/* harmony import */ var _trust_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6623);



/** One mark per compliance state (artifact `state`, trail `compliance_state`). */
const STATE_MARK = {
    COMPLIANT: '✅',
    'NON-COMPLIANT': '❌',
    // Same mark as a missing attestation: INCOMPLETE means some are missing.
    INCOMPLETE: '⚠️',
};
/** A state the service did not give, or one this project does not know. */
const UNKNOWN_MARK = '❔';
/** `✅ COMPLIANT`; a state without a known mark is shown as is. */
function stateCell(state) {
    if (!state)
        return '';
    const mark = STATE_MARK[state];
    return mark ? `${mark} ${state}` : state;
}
/** `✅ yes`, `❌ no`, or `unknown` when the service has not decided (null) or did not say. */
function compliantCell(value, unknown = '—') {
    if (value === true)
        return '✅ yes';
    if (value === false)
        return '❌ no';
    return unknown;
}
/** The first line of a commit message, trimmed, cut at 72 characters (a subject line's usual bound). */
function firstLine(message) {
    const line = typeof message === 'string' ? message.trim().split('\n')[0]?.trim() : undefined;
    if (!line)
        return undefined;
    // Scrubbed before it is cut (cutText): half a token would no longer be found.
    return Array.from(line).length > 72 ? (0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .cutText */ .IN)(line, 71) : (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(line);
}
/**
 * A commit as `abc1234 First line of its message`, linked to `url` (http(s) only, checked by the writer). Without a
 * SHA, the one at the end of a `.../commit/<sha>` URL, else the word `commit`; empty without either.
 */
function commitCell(commit) {
    const url = typeof commit.url === 'string' && commit.url !== '' ? commit.url : undefined;
    const sha = typeof commit.sha === 'string' && commit.sha !== ''
        ? commit.sha
        : url && /\/commit\/([0-9a-f]{7,40})\/?$/i.exec(url)?.[1];
    if (!sha && !url)
        return '';
    const subject = firstLine(commit.message);
    const text = sha ? `${sha.slice(0, 7)}${subject ? ` ${subject}` : ''}` : 'commit';
    return url ? { text, href: url } : text;
}
/** A service time (Unix seconds, or a text the service already formatted) as ISO 8601 UTC; undefined when absent. */
function timeCell(value) {
    if (typeof value === 'number')
        return Number.isFinite(value) ? (0,_context_time_js__WEBPACK_IMPORTED_MODULE_0__/* .formatTime */ .fU)(value) : undefined;
    return typeof value === 'string' && value !== '' ? value : undefined;
}


/***/ })

};
