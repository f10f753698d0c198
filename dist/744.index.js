export const id = 744;
export const ids = [744];
export const modules = {

/***/ 9744:
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
// EXTERNAL MODULE: ./src/runtime/artifact.ts + 1 modules
var runtime_artifact = __webpack_require__(915);
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: ./src/runtime/report.ts
var report = __webpack_require__(6920);
// EXTERNAL MODULE: ./src/runtime/step.ts + 1 modules
var step = __webpack_require__(7402);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 3 modules
var schemas = __webpack_require__(3619);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __webpack_require__(3305);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/api/schemas.ts
var api_schemas = __webpack_require__(8164);
// EXTERNAL MODULE: ./src/context/inputs.ts
var context_inputs = __webpack_require__(5042);
;// CONCATENATED MODULE: ./src/actions/report-artifact/inputs.ts
/** report-artifact's inputs: the artifact, where to report it, and what to say about it. */






/** A revision handed to `git`: never an option (`--output=...`), never more than one word. */
const Revision = schemas/* string */.YjP().check(api/* _regex */.Fk(/^[^-\s]\S*$/));
async function readInputs(inputs, cwd) {
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const flow = inputs.requiredMatching('flow', 'flowName');
    const artifact = await (0,runtime_artifact/* readArtifactSpec */._)(inputs, common.runner.workspace);
    const name = inputs.optional('name');
    if (artifact.type === 'fingerprint' && name === undefined) {
        throw new errors/* InputError */.dz('name', 'is required when fingerprint is given', 'the artifact name to report');
    }
    return {
        ...common,
        flow,
        artifact,
        name,
        trail: inputs.matching('trail', 'trailName'),
        templateReferenceName: inputs.matching('template-reference-name', 'templateReferenceName'),
        gitCommit: inputs.checked('git-commit', Revision, `${api_schemas/* expectedForms */.uc.sha1}, a tag or a branch (a revision, not an option)`),
        buildUrl: inputs.url('build-url'),
        commitUrl: inputs.url('commit-url'),
        repoUrl: inputs.url('repo-url'),
        description: inputs.optional('description'),
        annotations: inputs.keyValues('annotations', {
            re: api_schemas/* patterns */.qp.annotationKey,
            expected: api_schemas/* expectedForms */.uc.annotationKey,
        }),
        externalUrls: inputs.keyValues('external-urls', undefined, {
            schema: context_inputs/* HttpUrl */.oA,
            expected: 'an absolute http(s) URL (label=https://...)',
        }),
        userData: inputs.json('user-data', common.runner.workspace),
        compliant: inputs.optional('compliant') === undefined ? undefined : inputs.boolean('compliant', false),
        dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
    };
}
/** What the inputs say, for the result file of a step that could not finish: never a credential. */
function describeInputs(inputs) {
    const { artifact } = inputs;
    return {
        dryRun: inputs.dryRun,
        flow: inputs.flow,
        artifact: artifact.type === 'fingerprint'
            ? { type: artifact.type, fingerprint: artifact.fingerprint }
            : artifact.type === 'file' || artifact.type === 'dir'
                ? { type: artifact.type, path: artifact.path }
                : { type: artifact.type, image: artifact.image },
        ...(inputs.name !== undefined && { filename: inputs.name }),
        ...(inputs.trail !== undefined && { trail: inputs.trail }),
        ...(inputs.gitCommit !== undefined && { gitCommit: inputs.gitCommit }),
    };
}

// EXTERNAL MODULE: ./node_modules/@actions/exec/lib/exec.js + 3 modules
var exec = __webpack_require__(1260);
;// CONCATENATED MODULE: ./src/context/git.ts
/**
 * Commit information from the checked-out repository, through the real `git` (via @actions/exec).
 */


async function git(args, cwd) {
    try {
        const result = await (0,exec/* getExecOutput */.H)('git', args, { cwd, silent: true, ignoreReturnCode: true });
        return result.exitCode === 0 ? result.stdout : undefined;
    }
    catch {
        // No git on the runner, or cwd is gone: the caller falls back to the event payload.
        return undefined;
    }
}
/**
 * `git_commit_info` for a commit (default HEAD): sha1, trimmed message, `Name <email>`, the given branch (or the
 * checked-out branch), integer Unix seconds, parents, and the URL when `urlFor` gives one. Undefined outside a
 * repository or for an unknown commit.
 */
async function readCommit(cwd, options = {}) {
    const SEP = '\u001f';
    // Both at once when the branch must be asked too: each is a process start, the longest wait of a report.
    const asking = options.branch === undefined ? git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd) : undefined;
    const out = await git(
    // --end-of-options: a revision can never be read as an option (`--output=<file>` would write a file).
    [
        'log',
        '-1',
        `--format=%H${SEP}%P${SEP}%an${SEP}%ae${SEP}%ct${SEP}%B`,
        '--end-of-options',
        options.rev ?? 'HEAD',
        '--',
    ], cwd);
    const head = (await asking)?.trim();
    if (!out)
        return undefined;
    const [sha1 = '', parents = '', name = '', email = '', seconds = '0', ...message] = out.split(SEP);
    if (!api_schemas/* patterns */.qp.sha1.test(sha1))
        return undefined;
    const branch = options.branch ?? (head && head !== 'HEAD' ? head : '');
    const url = options.urlFor?.(sha1);
    return {
        sha1,
        message: message.join(SEP).trim(),
        author: email ? `${name} <${email}>` : name,
        branch,
        timestamp: Number(seconds),
        parents: parents.trim() ? parents.trim().split(' ') : [],
        ...(url && { url }),
    };
}

// EXTERNAL MODULE: ./src/context/github.ts
var context_github = __webpack_require__(7212);
;// CONCATENATED MODULE: ./src/actions/report-artifact/payload.ts
/**
 * The report of an artifact, gathered the way the official CLI does: the commit from the checked-out repository (else
 * the push event), the build and commit URLs, the repository, the pushed commits and the inputs' extras.
 */





async function gatherPayload(inputs, fingerprint, filename) {
    const { github } = inputs.runner;
    const branch = (0,context_github/* branchOf */.W0)(github);
    const info = await commitInfo(inputs, branch);
    const sha = info.sha1;
    const build = inputs.buildUrl ?? (0,context_github/* buildUrl */.c$)(github);
    if (build === undefined) {
        throw new errors/* InputError */.dz('build-url', 'is required outside GitHub Actions (no GITHUB_REPOSITORY and GITHUB_RUN_ID)', 'the URL of this build');
    }
    const commit = commitLink(inputs, sha) ?? info.commit?.url;
    if (commit === undefined) {
        throw new errors/* InputError */.dz('commit-url', 'is required outside GitHub Actions (no GITHUB_REPOSITORY)', 'the URL of the commit');
    }
    const repo = (0,context_github/* repoInfo */.Lt)(github);
    const repository = inputs.repoUrl ?? (0,context_github/* repoUrl */.wk)(github);
    const pushed = (0,context_github/* commitsFromPushEvent */.tN)(inputs.runner.event, branch);
    const body = {
        fingerprint,
        filename,
        build_url: build,
        commit_url: commit,
        trail_name: inputs.trail ?? sha,
        git_commit: sha,
        ...(info.commit && { git_commit_info: info.commit }),
        ...(repo && { repo_info: repo }),
        ...(pushed.length > 0 && { commits_list: pushed }),
        ...(repository !== undefined && { repo_url: repository }),
        ...(inputs.templateReferenceName !== undefined && {
            template_reference_name: inputs.templateReferenceName,
        }),
        ...(inputs.description !== undefined && { description: inputs.description }),
        ...(inputs.compliant !== undefined && { is_compliant: inputs.compliant }),
        ...(Object.keys(inputs.annotations).length > 0 && { annotations: inputs.annotations }),
        ...(Object.keys(inputs.externalUrls).length > 0 && { external_urls: inputs.externalUrls }),
        ...(inputs.userData !== undefined && { user_data: inputs.userData }),
    };
    return { body, annotations: info.warning === undefined ? [] : [info.warning] };
}
/** The `commit-url` input, else the commit on GitHub. */
function commitLink(inputs, sha) {
    return inputs.commitUrl ?? (0,context_github/* commitUrl */.Bg)(inputs.runner.github, sha);
}
/** From the checked-out repository, else the push event's head commit, else the SHA alone (with a warning). */
async function commitInfo(inputs, branch) {
    const { github, workspace, event } = inputs.runner;
    const rev = inputs.gitCommit ?? github.sha ?? 'HEAD';
    const fromGit = await readCommit(workspace, {
        rev,
        ...(branch !== undefined && { branch }),
        urlFor: (sha) => commitLink(inputs, sha),
    });
    if (fromGit) {
        log/* log */.R.info(`Commit ${fromGit.sha1} on '${fromGit.branch}' (from git in ${workspace})`);
        return { sha1: fromGit.sha1, commit: fromGit };
    }
    if (!api_schemas/* patterns */.qp.sha1.test(rev)) {
        throw new errors/* InputError */.dz('git-commit', `cannot resolve '${rev}': ${workspace} is not a git repository with that commit`, `${api_schemas/* expectedForms */.uc.sha1}, or a checkout (actions/checkout) before this step`);
    }
    const fromEvent = (0,context_github/* commitFromEvent */.uO)(event, rev, branch);
    if (fromEvent) {
        log/* log */.R.info(`Commit ${rev} (from the event payload: no checkout in ${workspace})`);
        return { sha1: rev, commit: fromEvent };
    }
    log/* log */.R.info(`Commit ${rev} (the SHA only: no checkout in ${workspace}, and not in the event payload)`);
    const message = `No commit information for ${rev}: ${workspace} is not a checkout of it and the event does not carry it. ` +
        'The artifact is reported with the SHA only; run actions/checkout before this step for the full record.';
    return { sha1: rev, commit: undefined, warning: { level: 'warning', message } };
}

// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/report-artifact/summary.ts

function summarize(result) {
    const summary = new writer/* SummaryWriter */.CS();
    summary.heading(result.dryRun ? 'DRY RUN: artifact not reported' : 'Artifact reported', 3);
    if (result.dryRun) {
        summary.paragraph(`Dry run: nothing was sent. The report would have gone to ${result.url}.`);
    }
    return details(summary, result);
}
/** The report's fields, annotations and links, added to `summary`. */
function details(summary, result) {
    const p = result.payload;
    summary.table(['Field', 'Value'], [
        ['Flow', result.flow],
        ['Name', result.filename],
        ['Fingerprint', { code: result.fingerprint }],
        ['Trail', result.trail],
        ['Commit', { text: result.gitCommit.slice(0, 7), href: p.commit_url }],
        ['Build', { text: 'run', href: p.build_url }],
        ...(p.description ? [['Description', p.description]] : []),
        ...(p.is_compliant !== undefined && p.is_compliant !== null
            ? [['Compliant', String(p.is_compliant)]]
            : []),
    ]);
    const annotations = Object.entries(p.annotations ?? {});
    const urls = Object.entries(p.external_urls ?? {});
    if (annotations.length > 0 || urls.length > 0) {
        summary.markdown([
            ...annotations.map(([k, v]) => `- ${(0,writer/* escapeText */.X1)(k)}: ${(0,writer/* escapeText */.X1)(String(v))}`),
            ...urls.map(([k, v]) => `- ${(0,writer/* link */.nf)(k, typeof v === 'string' ? v : v.href)}`),
        ].join('\n'));
    }
    return summary;
}

;// CONCATENATED MODULE: ./src/actions/report-artifact/index.ts
/**
 * report-artifact: fingerprints an artifact (or takes a given fingerprint), gathers the git and GitHub context the
 * way the official CLI does, and reports it to a flow (POST /artifacts/{org}/{flow}). A dry run sends nothing and
 * keeps the payload; a report that cannot be delivered is kept too (the finisher writes `payload-file`).
 */









const action = (0,step/* defineAction */.QP)({
    name: 'report-artifact',
    read: readInputs,
    run,
    couldNot: (inputs) => inputs ? `Could not report the artifact to flow ${inputs.flow}` : 'Could not report the artifact',
    describe: describeInputs,
});
async function run(inputs) {
    const { fingerprint, defaultName } = await (0,runtime_artifact/* resolveFingerprint */.J)(inputs.artifact);
    // readInputs requires `name` with a given fingerprint, the one case without a default name.
    const filename = inputs.name ?? defaultName ?? '';
    const { body: payload, annotations } = await log/* log */.R.group('Read the git context', () => gatherPayload(inputs, fingerprint, filename));
    // Everything is checked before any request: a bad combination fails here, naming the field.
    const { ReportArtifactBody } = await __webpack_require__.e(/* import() */ 748).then(__webpack_require__.bind(__webpack_require__, 6748));
    (0,validate/* validate */.t)(ReportArtifactBody, payload, 'body');
    const trail = payload.trail_name ?? '';
    const gitCommit = payload.git_commit ?? '';
    // What was gathered, for a step that fails after gathering it: nothing is lost, its warnings included.
    const gathered = {};
    try {
        return await (0,context/* withClient */.SV)(inputs.connection, async (client) => {
            const result = {
                dryRun: inputs.dryRun,
                flow: inputs.flow,
                url: client.urlFor('reportArtifact', { flow_name: inputs.flow }),
                fingerprint,
                filename,
                trail,
                gitCommit,
                payload,
            };
            gathered.result = result;
            const outputs = { fingerprint, filename, trail, 'git-commit': gitCommit };
            if (inputs.dryRun) {
                log/* log */.R.info(`DRY RUN: would POST ${result.url}`);
                log/* log */.R.block(JSON.stringify(payload, null, 2));
                return {
                    outcome: 'dry-run',
                    outputs,
                    result: { ...result },
                    summary: summarize(result),
                    annotations,
                    payload,
                };
            }
            const response = await log/* log */.R.group(`Report to ${inputs.flow}`, async () => {
                const answer = await (0,report/* deliver */.c)(payload, () => client.reportArtifact(inputs.flow, payload));
                log/* log */.R.info(`Reported ${filename} (${fingerprint}) to flow '${inputs.flow}', trail '${trail}'.`);
                return answer;
            });
            const reported = { ...result, response };
            return { outcome: 'reported', outputs, result: reported, summary: summarize(reported), annotations };
        });
    }
    catch (error) {
        // Whatever fails after the git context was read keeps it and the warnings about it.
        return (0,report/* reportFailed */.C)(action, inputs, error, gathered.result, annotations, details);
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
