export const id = 251;
export const ids = [251];
export const modules = {

/***/ 251:
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
// EXTERNAL MODULE: ./src/runtime/artifact.ts + 1 modules
var artifact = __webpack_require__(915);
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: ./src/runtime/not-found.ts
var not_found = __webpack_require__(6240);
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
;// CONCATENATED MODULE: ./src/actions/get-artifact/read.ts
/**
 * get-artifact, reading: the step's inputs, and the artifact as the service has it (GET
 * /artifacts/{org}/{flow}/fingerprint/{fp}), the fingerprint given as is or computed the way report-artifact computes
 * it. A 404 about the artifact is an answer ("not found"); a 404 about the org or flow, like any other failure,
 * throws: the step could not check.
 */





async function readInputs(inputs, cwd) {
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    return {
        ...common,
        flow: inputs.requiredMatching('flow', 'flowName'),
        artifact: await (0,artifact/* readArtifactSpec */._)(inputs, common.runner.workspace),
        trail: inputs.matching('trail', 'trailName'),
        attestationId: inputs.matching('attestation-id', 'attestationId'),
        assertCompliant: inputs.boolean('assert-compliant', false),
    };
}
/** A 404 that names the artifact (or its trail or attestation), as opposed to the org or flow. */
const ABOUT_ARTIFACT = /\b(artifact|fingerprint|trail|attestation)/i;
async function readArtifact(inputs) {
    const { fingerprint } = await (0,artifact/* resolveFingerprint */.J)(inputs.artifact);
    const query = {
        ...(inputs.trail !== undefined && { trail: inputs.trail }),
        ...(inputs.attestationId !== undefined && { attestation_id: inputs.attestationId }),
    };
    return (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const url = client.urlFor('getArtifact', { flow_name: inputs.flow, fingerprint }, query);
        return log/* log */.R.group(`Read the artifact from flow ${inputs.flow}`, async () => {
            try {
                const artifact = await client.getArtifact(inputs.flow, fingerprint, query);
                log/* log */.R.info(`${artifact.filename} (${fingerprint}): ${artifact.state ?? 'no state'}`);
                return { fingerprint, url, artifact, notFound: undefined };
            }
            catch (error) {
                // Only a 404 about the artifact is "not found"; an org or flow that does not exist could not be checked.
                if (error instanceof errors/* ApiError */.hD &&
                    error.status === 404 &&
                    (0,not_found/* notFoundAbout */.n)(error, ABOUT_ARTIFACT) === 'subject') {
                    log/* log */.R.info(`No artifact with fingerprint ${fingerprint}.`);
                    return { fingerprint, url, artifact: undefined, notFound: error };
                }
                throw error;
            }
        });
    });
}

// EXTERNAL MODULE: ./src/api/parse.ts
var parse = __webpack_require__(8247);
;// CONCATENATED MODULE: ./src/actions/get-artifact/decide.ts
/**
 * get-artifact, the decision: is the artifact compliant? A pure function of the service's answer, so every rule is
 * tested in-process with tables (test/actions/get-artifact). It fails closed: the state must be COMPLIANT, and the
 * evidence must not contradict it (an attestation it marks missing, one non-compliant, or one without a verdict).
 */

/** The decision; `artifact` undefined when the service answered 404 for it. */
function decide(artifact) {
    if (artifact === undefined) {
        return {
            outcome: 'not-found',
            found: false,
            state: null,
            compliant: false,
            attestations: [],
            problems: [],
        };
    }
    const state = artifact.state ?? null;
    // The evidence only: what `template` lists is not documented (spec 2.8 says `string[]`), so it is not guessed at.
    const attestations = supersede(attestationsOf(artifact.evidence));
    const problems = attestations.flatMap((a) => {
        if (a.superseded)
            return [];
        if (a.status === 'MISSING')
            return [{ name: a.name, problem: 'missing' }];
        // No verdict (null, or none given) is no pass: the gate fails closed.
        return a.compliant === true ? [] : [{ name: a.name, problem: 'non-compliant' }];
    });
    const compliant = state === 'COMPLIANT' && problems.length === 0;
    return {
        outcome: compliant ? 'compliant' : 'non-compliant',
        found: true,
        state,
        compliant,
        attestations,
        problems,
    };
}
/**
 * The attestations of the evidence, whose inner shape the spec does not show. Read: a map of attestation name to
 * `{status, is_compliant}` (as the sandbox answers), and lists of attestation status items (`{attestation_name,
 * status, is_compliant}`, the trail's compliance status shape) under any key. An item that says neither its status
 * nor its verdict tells nothing and is left out.
 */
function attestationsOf(evidence) {
    if (!(0,parse/* isRecord */.u4)(evidence))
        return [];
    const out = [];
    const add = (value, fallbackName) => {
        if (!(0,parse/* isRecord */.u4)(value))
            return;
        const status = typeof value.status === 'string' ? value.status : undefined;
        const compliant = typeof value.is_compliant === 'boolean' || value.is_compliant === null ? value.is_compliant : undefined;
        const name = typeof value.attestation_name === 'string' ? value.attestation_name : fallbackName;
        if (name === undefined || (status === undefined && compliant === undefined))
            return;
        out.push({
            name,
            status,
            compliant,
            ...(typeof value.attestation_id === 'string' && { id: value.attestation_id }),
            ...(typeof value.created_at === 'number' && { createdAt: value.created_at }),
            ...(typeof value.overridden_attestation_id === 'string' && {
                overrides: value.overridden_attestation_id,
            }),
        });
    };
    for (const [key, value] of Object.entries(evidence)) {
        if (Array.isArray(value))
            for (const item of value)
                add(item, undefined);
        else
            add(value, key);
    }
    return out;
}
/**
 * Marks the attestations a later report of the same name replaces: one the service says was overridden (its id is
 * another's `overridden_attestation_id`), and one strictly older than the newest of its name when both give a time.
 * One without a time is never superseded by time: an old failure is never hidden by a guess.
 */
function supersede(checks) {
    const overridden = new Set(checks.flatMap((c) => (c.overrides !== undefined ? [`${c.name}\u0000${c.overrides}`] : [])));
    const newest = new Map();
    for (const c of checks) {
        if (c.createdAt !== undefined)
            newest.set(c.name, Math.max(newest.get(c.name) ?? -Infinity, c.createdAt));
    }
    return checks.map((check) => {
        const byId = check.id !== undefined && overridden.has(`${check.name}\u0000${check.id}`);
        const byTime = check.createdAt !== undefined && check.createdAt < (newest.get(check.name) ?? -Infinity);
        return byId || byTime ? { ...check, superseded: true } : check;
    });
}

// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/get-artifact/render.ts


/** How many attestation names a failure message lists before "and N more". */
const MAX_NAMED = 20;
function notFoundMessage(inputs, fingerprint, error) {
    const where = [
        `flow '${inputs.flow}'`,
        ...(inputs.trail !== undefined ? [`trail '${inputs.trail}'`] : []),
        ...(inputs.attestationId !== undefined ? [`attestation id ${inputs.attestationId}`] : []),
    ].join(', ');
    return (`No artifact with fingerprint ${fingerprint} in ${where} of org '${inputs.connection.org}'` +
        ` (the service answered HTTP 404${error.serverMessage ? `: ${error.serverMessage}` : ''}).` +
        ' Check that the artifact was reported to this flow, and the fingerprint (or artifact and artifact-type).');
}
/** The state in words: a COMPLIANT state the evidence contradicts says so. */
function stateText(result) {
    if (result.state === null)
        return 'has no compliance state';
    return result.state === 'COMPLIANT' && !result.compliant
        ? 'is COMPLIANT by its state, not by its evidence'
        : `is ${result.state}`;
}
/** The gate's failure: the state, and the attestations to blame (or the service's own words when it names none). */
function trippedMessage(result) {
    const name = result.artifact?.filename;
    const subject = `Artifact ${name ? `'${name}' ` : ''}(${result.fingerprint}) in flow '${result.flow}'`;
    const groups = ['non-compliant', 'missing']
        .map((kind) => {
        const names = result.problems.filter((p) => p.problem === kind).map((p) => p.name);
        return names.length > 0 ? `${kind}: ${nameList(names)}` : '';
    })
        .filter((text) => text !== '');
    const why = groups.length > 0
        ? groups.join('; ')
        : (result.stateInfo ?? 'the service did not say which attestations are missing or non-compliant');
    const see = (0,writer/* safeUrl */.Pl)(result.htmlUrl) ? ` See ${result.htmlUrl}` : '';
    return `assert-compliant: ${subject} ${stateText(result)}: ${why}.${see}`;
}
function nameList(names) {
    const shown = names.slice(0, MAX_NAMED).join(', ');
    return names.length > MAX_NAMED ? `${shown} and ${names.length - MAX_NAMED} more` : shown;
}
function heading(result, name) {
    const mark = result.compliant
        ? cells/* STATE_MARK */.G$.COMPLIANT
        : result.state === null
            ? cells/* UNKNOWN_MARK */.P0
            : result.state === 'COMPLIANT'
                ? cells/* STATE_MARK */.G$['NON-COMPLIANT']
                : cells/* STATE_MARK */.G$[result.state];
    const state = result.state === null
        ? 'no compliance state'
        : result.state === 'COMPLIANT' && !result.compliant
            ? 'COMPLIANT by its state, not by its evidence'
            : result.state;
    return `${mark} Artifact ${name}: ${state}`;
}
function statusText(a) {
    const status = a.status ?? '';
    return a.superseded ? `${status}${status ? ', ' : ''}superseded` : status;
}
function summarize(result) {
    const summary = new writer/* SummaryWriter */.CS();
    const artifact = result.artifact;
    if (!artifact) {
        summary.heading('❌ Artifact not found', 3);
        summary.paragraph(result.failure ?? '');
        return summary;
    }
    const name = artifact.filename || result.fingerprint;
    summary.heading(heading(result, name), 3);
    if ((0,writer/* safeUrl */.Pl)(result.htmlUrl))
        summary.markdown((0,writer/* link */.nf)('Open in the compliance service', result.htmlUrl));
    const info = artifact.git_commit_info ?? undefined;
    const repo = artifact.repo_url ?? undefined;
    const build = artifact.build_url ?? undefined;
    const rows = [
        ['Flow', result.flow],
        ['Name', { text: name, href: result.htmlUrl }],
        ['Fingerprint', { code: result.fingerprint }],
        ['State', result.state ?? 'none'],
        ['Trail', artifact.trail_name],
        ['Template reference', artifact.template_reference_name],
        [
            'Commit',
            (0,cells/* commitCell */.Ou)({
                sha: artifact.git_commit ?? info?.sha1,
                message: info?.message,
                url: artifact.commit_url ?? info?.url,
            }),
        ],
        ['Build', build ? { text: 'build', href: build } : undefined],
        ['Repository', repo ? { text: repo, href: repo } : undefined],
        ['Reported', (0,cells/* timeCell */.s5)(artifact.created_at)],
        ['State info', result.stateInfo],
    ];
    summary.table(['Field', 'Value'], rows.filter(([, value]) => value !== undefined && value !== null && value !== '').map((row) => [...row]));
    if (result.attestations.length > 0) {
        summary.heading('Attestations', 4);
        summary.table(['Attestation', 'Status', 'Compliant'], result.attestations.map((a) => [a.name, statusText(a), (0,cells/* compliantCell */.gC)(a.compliant)]));
    }
    if (result.assertCompliant) {
        summary.paragraph(result.failure === undefined
            ? 'assert-compliant: passed.'
            : `assert-compliant: failed. ${result.failure.replace(/^assert-compliant: /, '')}`);
    }
    return summary;
}

;// CONCATENATED MODULE: ./src/actions/get-artifact/run.ts




/** What the inputs say, for the result file of a step that could not check: never compliant, never "not found". */
function describe(inputs) {
    return {
        flow: inputs.flow,
        ...(inputs.artifact.type === 'fingerprint' && { fingerprint: inputs.artifact.fingerprint }),
        ...(inputs.trail !== undefined && { trail: inputs.trail }),
        ...(inputs.attestationId !== undefined && { attestationId: inputs.attestationId }),
        assertCompliant: inputs.assertCompliant,
        found: null,
        compliant: false,
    };
}
/** The outputs of a step that could not check: `compliant` false, the rest empty. */
const ERROR_OUTPUTS = { compliant: false, found: '', state: '', 'html-url': '' };
async function run(inputs) {
    const read = await readArtifact(inputs);
    const verdict = decide(read.artifact);
    const { artifact } = read;
    const result = {
        flow: inputs.flow,
        fingerprint: read.fingerprint,
        ...(inputs.trail !== undefined && { trail: inputs.trail }),
        ...(inputs.attestationId !== undefined && { attestationId: inputs.attestationId }),
        url: read.url,
        found: verdict.found,
        state: verdict.state,
        compliant: verdict.compliant,
        htmlUrl: artifact?.html_url ?? null,
        stateInfo: artifact?.state_info ?? null,
        attestations: verdict.attestations,
        problems: verdict.problems,
        assertCompliant: inputs.assertCompliant,
        ...(artifact && { artifact }),
    };
    if (read.notFound)
        result.failure = notFoundMessage(inputs, read.fingerprint, read.notFound);
    else if (inputs.assertCompliant && !result.compliant)
        result.failure = trippedMessage(result);
    else if (inputs.assertCompliant)
        log/* log */.R.info('assert-compliant: the artifact is COMPLIANT.');
    const outcome = verdict.outcome;
    return {
        outcome,
        outputs: {
            found: result.found,
            state: result.state ?? '',
            compliant: result.compliant,
            'html-url': result.htmlUrl ?? '',
        },
        result: { ...result },
        summary: summarize(result),
        ...(result.failure !== undefined && { failure: result.failure }),
    };
}

;// CONCATENATED MODULE: ./src/actions/get-artifact/index.ts



const action = (0,step/* defineAction */.QP)({
    name: 'get-artifact',
    read: readInputs,
    run: run,
    couldNot: (inputs) => inputs ? `Could not check the artifact in flow ${inputs.flow}` : 'Could not check the artifact',
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
