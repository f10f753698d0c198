export const id = 998;
export const ids = [998];
export const modules = {

/***/ 3998:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* binding */ main)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(3360);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/api/schemas.ts
var schemas = __webpack_require__(8164);
// EXTERNAL MODULE: ./src/context/github.ts
var github = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/github/octokit.ts
var github_octokit = __webpack_require__(6702);
;// CONCATENATED MODULE: ./src/github/pulls.ts
/**
 * The commits of a pull request, through the REST API's list (GET /repos/{owner}/{repo}/pulls/{n}/commits), oldest
 * first, 100 per page. GitHub lists at most 250 commits of a pull request.
 */

/** GitHub's own cap on the commits the pull-request list returns. */
const MAX_PULL_REQUEST_COMMITS = 250;
async function listPullRequestCommits(options) {
    const octokit = await (0,github_octokit/* octokitFrom */.yD)(options);
    const max = options.max ?? MAX_PULL_REQUEST_COMMITS;
    const commits = [];
    let truncated = false;
    await octokit.paginate(octokit.rest.pulls.listCommits, {
        owner: options.owner,
        repo: options.repo,
        pull_number: options.pullNumber,
        per_page: 100,
        request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
    }, (response, done) => {
        for (const item of response.data) {
            if (commits.length >= max) {
                truncated = true;
                break;
            }
            commits.push({ sha: item.sha, message: item.commit.message, url: item.html_url });
        }
        if (commits.length >= max) {
            truncated ||= /rel="next"/.test(response.headers.link ?? '');
            done();
        }
        return [];
    });
    return { commits, truncated };
}

// EXTERNAL MODULE: ./src/runtime/context.ts
var context = __webpack_require__(47);
// EXTERNAL MODULE: ./src/runtime/output.ts
var output = __webpack_require__(1579);
// EXTERNAL MODULE: ./src/runtime/pr-comment.ts + 1 modules
var pr_comment = __webpack_require__(2679);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/check-attestations-for-commit/run.ts
/**
 * check-attestations-for-commit: the pull-request gate. Reads the attestations of a set of commits
 * (GET /attestations/{org}/list_attestations_for_criteria) and decides, per commit and required attestation name,
 * compliant, non-compliant or missing. A tripped gate fails the step; a gate that could not check fails too, with
 * `outcome: error`, so the two are told apart.
 */










const ACTION = 'check-attestations-for-commit';
/** GitHub shows 10 error and 10 warning annotations per step and drops the rest silently. */
const MAX_ANNOTATIONS = 10;
function readInputs(inputs, cwd) {
    // Both tokens are masked before any other input is read.
    const githubToken = (0,pr_comment/* readGitHubToken */.nC)(inputs);
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const { github } = common.runner;
    const comment = (0,pr_comment/* readPrComment */.SM)(inputs, common, githubToken);
    const { pullRequest } = comment;
    const commits = [];
    for (const item of inputs.list('commits')) {
        const sha = item.toLowerCase();
        if (!schemas/* patterns */.qp.sha1.test(sha)) {
            throw new errors/* InputError */.dz('commits', `'${item}' is not a commit SHA`, `${schemas/* expectedForms */.uc.sha1}, one per line or comma-separated`);
        }
        if (!commits.includes(sha))
            commits.push(sha);
    }
    let source;
    if (commits.length > 0)
        source = { kind: 'input', commits };
    else if (pullRequest)
        source = { kind: 'pull-request', pullRequest };
    else if (github.sha !== undefined && schemas/* patterns */.qp.sha1.test(github.sha))
        source = { kind: 'github-sha', sha: github.sha };
    else {
        throw new errors/* InputError */.dz('commits', github.sha === undefined
            ? 'is required outside GitHub Actions (no GITHUB_SHA)'
            : `is required: GITHUB_SHA ('${github.sha}') is not a commit SHA`, `${schemas/* expectedForms */.uc.sha1}, one per line or comma-separated`);
    }
    const attestationType = inputs.optional('attestation-type');
    if (attestationType !== undefined &&
        !schemas/* BUILT_IN_ATTESTATION_TYPES */.Ur.includes(attestationType) &&
        !schemas/* patterns */.qp.customAttestationType.test(attestationType)) {
        throw new errors/* InputError */.dz('attestation-type', `'${attestationType}' is not valid`, schemas/* expectedForms */.uc.attestationType);
    }
    const attestationName = inputs.matching('attestation-name', 'attestationName');
    const required = readRequired(inputs);
    const unreachable = attestationName === undefined ? undefined : required.find((n) => n !== attestationName);
    if (unreachable !== undefined) {
        throw new errors/* InputError */.dz('required', `'${unreachable}' can never be found: attestation-name narrows the search to '${attestationName ?? ''}'`, 'only the name given in attestation-name, or no attestation-name');
    }
    return {
        ...common,
        source,
        flow: inputs.matching('flow', 'flowName'),
        attestationType,
        attestationName,
        required,
        failOnNonCompliant: inputs.boolean('fail-on-non-compliant', true),
        ...comment,
    };
}
/** One name per line (a name may hold a comma, so commas do not split). */
function readRequired(inputs) {
    const names = [];
    inputs
        .raw('required')
        .split('\n')
        .forEach((line, index) => {
        const name = line.trim();
        if (name === '')
            return;
        if (!schemas/* patterns */.qp.attestationName.test(name)) {
            throw new errors/* InputError */.dz('required', `line ${index + 1} ('${name}') is not an attestation name`, `${schemas/* expectedForms */.uc.attestationName}, one name per line`);
        }
        if (!names.includes(name))
            names.push(name);
    });
    return names;
}
/** Sets the outputs of a gate that could not check. The entry point calls it when reading the inputs fails. */
function setCouldNotCheck() {
    (0,output/* setOutputs */.n0)({ compliant: 'false', outcome: 'error', missing: '[]', 'non-compliant': '[]' });
}
const STATE_RANK = { compliant: 0, missing: 1, 'non-compliant': 2 };
/**
 * Decides every commit. Several attestations of one name (re-runs, several flows or artifacts): the newest of each
 * flow, trail and artifact counts, and every one of those must be compliant. `is_compliant` other than true (false,
 * or no verdict) is non-compliant: a gate fails closed.
 */
function decide(commits, found, required) {
    const rows = [];
    const missing = [];
    const nonCompliant = [];
    const seen = new Set();
    for (const commit of commits) {
        const byName = newestByName(found[commit] ?? []);
        for (const name of byName.keys())
            seen.add(name);
        const names = required.length > 0 ? required : [...byName.keys()].sort();
        const cells = {};
        for (const name of names) {
            const attestations = byName.get(name) ?? [];
            const state = attestations.length === 0
                ? 'missing'
                : attestations.every((a) => a.is_compliant === true)
                    ? 'compliant'
                    : 'non-compliant';
            cells[name] = { state, attestations };
            if (state === 'missing')
                missing.push({ commit, name });
            if (state === 'non-compliant')
                nonCompliant.push({ commit, name });
        }
        if (required.length === 0 && names.length === 0)
            missing.push({ commit, name: null });
        const states = Object.values(cells).map((c) => c.state);
        const state = names.length === 0
            ? 'missing'
            : states.reduce((worst, s) => (STATE_RANK[s] > STATE_RANK[worst] ? s : worst), 'compliant');
        rows.push({ commit, state, cells });
    }
    return {
        names: required.length > 0 ? required : [...seen].sort(),
        rows,
        missing,
        nonCompliant,
    };
}
function newestByName(attestations) {
    const groups = new Map();
    for (const a of attestations) {
        const name = a.attestation_name;
        const key = [a.flow_name ?? '', a.trail_name ?? '', a.artifact_fingerprint ?? ''].join('\u0000');
        const byKey = groups.get(name) ?? new Map();
        groups.set(name, byKey);
        const kept = byKey.get(key);
        if (!kept || (a.created_at ?? 0) > (kept.created_at ?? 0))
            byKey.set(key, a);
    }
    return new Map([...groups].map(([name, byKey]) => [name, [...byKey.values()]]));
}
async function run(inputs) {
    const query = {
        ...(inputs.flow !== undefined && { flow_name: inputs.flow }),
        ...(inputs.attestationType !== undefined && { attestation_type: inputs.attestationType }),
        ...(inputs.attestationName !== undefined && { attestation_name: inputs.attestationName }),
    };
    const result = {
        outcome: 'error',
        compliant: false,
        failOnNonCompliant: inputs.failOnNonCompliant,
        commits: [],
        from: undefined,
        pullRequest: inputs.pullRequest?.number,
        note: undefined,
        query,
        required: inputs.required,
        names: inputs.required,
        missing: [],
        nonCompliant: [],
        rows: [],
        comment: undefined,
        error: undefined,
    };
    let warnings = 0;
    let failure;
    try {
        // The client first: a bad api-url or org fails here, before any request to GitHub or the service.
        await (0,context/* withClient */.SV)(inputs.connection, async (client) => {
            const read = await core/* group */.Os('Commits to check', async () => {
                const r = await readCommits(inputs);
                if (r.note !== undefined)
                    warnings++;
                core/* info */.pq(`${r.commits.length} commit(s) ${describeSource(r)}:`);
                for (const c of r.commits)
                    core/* info */.pq((0,errors/* redact */.E$)(`  ${c.sha}${c.title ? ` ${c.title}` : ''}`));
                return r;
            });
            Object.assign(result, {
                commits: read.commits,
                from: read.from,
                pullRequest: read.pullRequest ?? result.pullRequest,
                note: read.note,
            });
            const found = await core/* group */.Os('Read the attestations', async () => {
                const map = await client.listAttestationsForCommits({
                    commit_list: read.commits.map((c) => c.sha),
                    ...query,
                });
                for (const c of read.commits) {
                    const list = map[c.sha] ?? [];
                    const names = list.map((a) => `${a.attestation_name} (${verdict(a)})`);
                    core/* info */.pq((0,errors/* redact */.E$)(`${c.sha}: ${names.length === 0 ? 'no attestations' : names.join(', ')}`));
                }
                return map;
            });
            fillTitles(result.commits, found);
            const decision = decide(result.commits.map((c) => c.sha), found, inputs.required);
            Object.assign(result, decision);
            result.compliant = decision.missing.length === 0 && decision.nonCompliant.length === 0;
            result.outcome = result.compliant ? 'compliant' : 'non-compliant';
        });
    }
    catch (error) {
        // An input error found this late (a bad api-url, say) is still "could not check".
        failure = error instanceof Error ? error : new Error(String(error));
        result.error = {
            kind: error instanceof errors/* ComplianceError */.c7 ? error.kind : 'unexpected',
            message: (0,errors/* redact */.E$)(error instanceof Error ? error.message : String(error)),
        };
    }
    (0,output/* setOutputs */.n0)({
        compliant: result.compliant,
        outcome: result.outcome,
        missing: JSON.stringify(result.missing),
        'non-compliant': JSON.stringify(result.nonCompliant),
    });
    if (inputs.summary)
        await report(inputs, result, false).write(inputs.runner.summaryFile);
    // Bad input sends nothing more; a service that could not be asked is worth telling the pull request.
    if (!(failure instanceof errors/* InputError */.dz))
        result.comment = await (0,pr_comment/* commentOnPullRequest */.rh)(inputs, ACTION, () => report(inputs, result, true).toString());
    if (result.comment?.status === 'skipped')
        warnings++;
    await (0,output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
    if (failure !== undefined)
        throw failure;
    annotate(result, inputs.failOnNonCompliant ? 0 : warnings);
    return result;
}
async function readCommits(inputs) {
    const { source, runner } = inputs;
    const known = (sha, message, url) => ({
        sha,
        title: message ?? eventMessage(runner.event, sha),
        url: url ?? (0,github/* commitUrl */.Bg)(runner.github, sha),
    });
    if (source.kind === 'input')
        return { commits: source.commits.map((sha) => known(sha)), from: 'input' };
    if (source.kind === 'github-sha')
        return { commits: [known(source.sha)], from: 'github-sha' };
    const pr = source.pullRequest;
    const head = pr.headSha ?? runner.github.sha;
    const headOnly = (reason) => {
        if (head === undefined) {
            throw new errors/* InputError */.dz('commits', `the commits of pull request #${pr.number} could not be read (${reason}) and the event names no head commit`, `${schemas/* expectedForms */.uc.sha1}, one per line or comma-separated`);
        }
        const note = `Could not read the commits of pull request #${pr.number} (${reason}): checking its head commit ${head} alone. ` +
            "Give the job the 'pull-requests: read' permission, or list the commits in the 'commits' input.";
        core/* warning */.$e(note);
        return { commits: [known(head)], from: 'pull-request-head', pullRequest: pr.number, note };
    };
    if (inputs.githubToken === undefined)
        return headOnly('no github-token');
    let listed;
    try {
        listed = await listPullRequestCommits({
            token: inputs.githubToken,
            apiUrl: runner.github.apiUrl,
            owner: pr.owner,
            repo: pr.repo,
            pullNumber: pr.number,
        });
    }
    catch (error) {
        return headOnly((0,github_octokit/* describeGitHubError */.dZ)(error));
    }
    if (listed.commits.length === 0)
        return headOnly('GitHub listed none');
    const commits = listed.commits.map((c) => known(c.sha, firstLine(c.message), c.url));
    let note;
    const total = pr.commits ?? 0;
    const listedCount = commits.length;
    if (listed.truncated || total > listedCount) {
        // GitHub lists the first 250: the newest commits, the head among them, would go unchecked.
        const headMissing = head !== undefined && !commits.some((c) => c.sha === head);
        if (headMissing)
            commits.push(known(head));
        note =
            `Pull request #${pr.number} has ${total > listedCount ? total : `more than ${listedCount}`} commits; GitHub ` +
                `lists only the first ${listedCount}, so those${headMissing ? ' and the head commit' : ''} are ` +
                "checked. List every commit in the 'commits' input to check them all.";
        core/* warning */.$e(note);
    }
    return { commits, from: 'pull-request', pullRequest: pr.number, ...(note !== undefined && { note }) };
}
function describeSource(read) {
    switch (read.from) {
        case 'input':
            return 'from the commits input';
        case 'pull-request':
            return `of pull request #${read.pullRequest ?? ''}`;
        case 'pull-request-head':
            return `(the head of pull request #${read.pullRequest ?? ''})`;
        case 'github-sha':
            return '(GITHUB_SHA)';
    }
}
function firstLine(message) {
    const line = message?.trim().split('\n')[0]?.trim();
    if (!line)
        return undefined;
    return line.length > 72 ? `${line.slice(0, 71)}…` : line;
}
/** A push event carries the head commit's message. */
function eventMessage(event, sha) {
    return firstLine((0,github/* commitFromEvent */.uO)(event, sha, undefined)?.message);
}
/** Messages the service knows, for commits GitHub did not describe. */
function fillTitles(commits, found) {
    for (const commit of commits) {
        if (commit.title !== undefined)
            continue;
        for (const a of found[commit.sha] ?? []) {
            const info = a.git_commit_info;
            const title = firstLine(info?.message);
            if (title !== undefined) {
                commit.title = title;
                commit.url ??= info?.url ?? undefined;
                break;
            }
        }
    }
}
function verdict(a) {
    if (a.is_compliant === true)
        return 'compliant';
    if (a.is_compliant === false)
        return 'non-compliant';
    return 'no verdict';
}
// ---------------------------------------------------------------------------------------------------------------
// Annotations, summary and comment
function describeItem(item, state, result) {
    if (item.name === null) {
        const narrowed = describeQuery(result.query);
        return `Commit ${item.commit} has no attestation${narrowed ? ` (${narrowed})` : ''}.`;
    }
    if (state === 'missing')
        return `Commit ${item.commit}: the required attestation '${item.name}' is missing.`;
    const cell = result.rows.find((r) => r.commit === item.commit)?.cells[item.name];
    const where = (cell?.attestations ?? [])
        .filter((a) => a.is_compliant !== true)
        .map((a) => [a.flow_name && `flow ${a.flow_name}`, a.html_url].filter(Boolean).join(': '))
        .filter((s) => s !== '');
    return `Commit ${item.commit}: the attestation '${item.name}' is non-compliant${where.length > 0 ? ` (${where.join('; ')})` : ''}.`;
}
function describeQuery(query) {
    return [
        query.flow_name && `flow ${query.flow_name}`,
        query.attestation_type && `type ${query.attestation_type}`,
        query.attestation_name && `name ${query.attestation_name}`,
    ]
        .filter(Boolean)
        .join(', ');
}
/**
 * One annotation per problem, at most ten per step counting the step's other annotations of that level: errors when
 * the gate fails the step (the failure itself is the tenth), else warnings.
 */
function annotate(result, warningsUsed) {
    const problems = [
        ...result.nonCompliant.map((item) => describeItem(item, 'non-compliant', result)),
        ...result.missing.map((item) => describeItem(item, 'missing', result)),
    ];
    if (problems.length === 0) {
        core/* info */.pq(`Compliance gate passed: ${result.commits.length} commit(s) checked.`);
        return;
    }
    const failing = result.failOnNonCompliant;
    const room = Math.max(0, MAX_ANNOTATIONS - warningsUsed - 1);
    const shown = problems.slice(0, room);
    for (const text of shown) {
        // Scrubbed: names and URLs come from the service, which may echo the token.
        if (failing)
            core/* error */.z3((0,errors/* redact */.E$)(text), { title: 'Compliance gate' });
        else
            core/* warning */.$e((0,errors/* redact */.E$)(text), { title: 'Compliance gate' });
    }
    const counts = `${result.missing.length} missing and ${result.nonCompliant.length} non-compliant attestation(s) ` +
        `in ${result.commits.length} commit(s)`;
    const more = problems.length > shown.length ? ` (${problems.length - shown.length} more in the job summary)` : '';
    if (failing)
        core/* setFailed */.C1(`Compliance gate tripped: ${counts}${more}.`);
    else
        core/* warning */.$e(`Compliance gate tripped, not failing (fail-on-non-compliant is false): ${counts}${more}.`);
}
const MARK = { compliant: '✅', 'non-compliant': '❌', missing: '⚠️' };
function report(inputs, result, problemsFirst) {
    const summary = new writer/* SummaryWriter */.CS();
    const title = result.outcome === 'compliant'
        ? '✅ Compliance gate passed'
        : result.outcome === 'non-compliant'
            ? `❌ Compliance gate ${result.failOnNonCompliant ? 'tripped' : 'tripped (not failing the step)'}`
            : '⚠️ Compliance gate could not check';
    summary.heading(title, 3);
    const from = result.from === 'pull-request' || result.from === 'pull-request-head'
        ? ` of pull request #${result.pullRequest ?? ''}${result.from === 'pull-request-head' ? ' (its head only)' : ''}`
        : '';
    const narrowed = describeQuery(result.query);
    summary.paragraph([
        `${result.commits.length} commit(s)${from}.`,
        result.required.length > 0
            ? `Required: ${result.required.join(', ')}.`
            : 'Required: at least one attestation per commit, all compliant.',
        narrowed ? `Narrowed to ${narrowed}.` : '',
    ]
        .filter(Boolean)
        .join(' '));
    if (result.note !== undefined)
        summary.paragraph(result.note);
    if (result.error !== undefined) {
        summary.paragraph(`Could not check: ${result.error.message}`);
        return summary;
    }
    summary.paragraph(result.compliant
        ? 'Every commit is compliant.'
        : `${result.missing.length} missing, ${result.nonCompliant.length} non-compliant.`);
    const rows = problemsFirst
        ? [...result.rows].sort((a, b) => STATE_RANK[b.state] - STATE_RANK[a.state])
        : result.rows;
    const commits = new Map(result.commits.map((c) => [c.sha, c]));
    summary.table(['Commit', 'Result', ...result.names], rows.map((row) => {
        const commit = commits.get(row.commit);
        const url = commit?.url ?? (0,github/* commitUrl */.Bg)(inputs.runner.github, row.commit);
        return [
            { text: `${row.commit.slice(0, 7)}${commit?.title ? ` ${commit.title}` : ''}`, href: url },
            `${MARK[row.state]} ${row.state}`,
            ...result.names.map((name) => {
                const cell = row.cells[name];
                if (!cell)
                    return '—';
                const newest = [...cell.attestations].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
                const shown = newest.find((a) => a.is_compliant !== true) ?? newest[0];
                return { text: `${MARK[cell.state]} ${cell.state}`, href: shown?.html_url ?? url };
            }),
        ];
    }));
    summary.paragraph('✅ compliant, ❌ non-compliant, ⚠️ missing' +
        (result.required.length > 0 ? '' : ', — not found on this commit'));
    return summary;
}

// EXTERNAL MODULE: ./src/context/inputs.ts
var context_inputs = __webpack_require__(5042);
;// CONCATENATED MODULE: ./src/actions/check-attestations-for-commit/main.ts


const main = async () => {
    let inputs;
    try {
        inputs = readInputs(new context_inputs/* InputReader */.i(process.env), process.cwd());
    }
    catch (error) {
        // A gate that cannot even read its inputs could not check: say so in `outcome`, then fail.
        setCouldNotCheck();
        throw error;
    }
    await run(inputs);
};


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
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3360);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3249);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(311);
/**
 * The GitHub REST client (Octokit through @actions/github), loaded with a dynamic import only when a step talks to
 * GitHub: the other actions of the bundle never parse it.
 */



/** How long one GitHub call (all its pages) may take. */
const GITHUB_TIMEOUT_MS = 60_000;
async function createOctokit({ token, apiUrl }) {
    // Scrubbed from every message of the error family, whatever GitHub echoes back.
    (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .registerSecret */ .cl)(token);
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    return getOctokit(token, {
        baseUrl: apiUrl.replace(/\/+$/, ''),
        userAgent: _version_js__WEBPACK_IMPORTED_MODULE_2__/* .USER_AGENT */ ._,
        // Octokit writes warnings to the console by default; keep stdout clean and every line scrubbed.
        log: {
            debug: (message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz((0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(message)),
            info: (message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz((0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(message)),
            warn: (message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz((0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(message)),
            error: (message) => _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz((0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(message)),
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
    return (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(status !== undefined ? `HTTP ${status}: ${message}` : `no answer: ${message}`);
}


/***/ }),

/***/ 1579:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G7: () => (/* binding */ keepPayload),
/* harmony export */   cK: () => (/* binding */ deliver),
/* harmony export */   n0: () => (/* binding */ setOutputs),
/* harmony export */   tH: () => (/* binding */ writeResultFile)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3360);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3249);
/**
 * What a step leaves behind: string outputs, the full JSON result under RUNNER_TEMP (`result-file`), and, when a
 * report could not be delivered, its payload (`payload-file`), so nothing is lost.
 */





/** Sets each output as a string; an undefined value is set as '' so a later step reads a defined output. */
function setOutputs(outputs) {
    for (const [name, value] of Object.entries(outputs))
        // Scrubbed: a value can carry the server's text, and a server may echo the token.
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(name, value === undefined ? '' : (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .redact */ .E$)(String(value)));
}
async function writeJsonFile(runner, basename, value, indent) {
    const dir = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(runner.temp, 'compliance-actions');
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)(dir, { recursive: true });
    // Unique per step: one job may run the same action several times.
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, `${basename}-${Date.now()}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomBytes)(3).toString('hex')}.json`);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.writeFile)(file, (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .redact */ .E$)(JSON.stringify(value, null, indent)) + '\n');
    return file;
}
/** Writes the full result and sets `result-file` to its path. */
async function writeResultFile(runner, action, result) {
    const file = await writeJsonFile(runner, `${action}-result`, result, 2);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('result-file', file);
    return file;
}
/**
 * Keeps a payload that was not sent (dry run, or delivery failed) exactly as it would go on the wire, and sets
 * `payload-file` to its path.
 */
async function keepPayload(runner, action, payload) {
    const file = await writeJsonFile(runner, `${action}-payload`, payload);
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH('payload-file', file);
    return file;
}
/**
 * Sends a report; if it cannot be delivered (after the client's retries), keeps the payload in a file and fails
 * saying where. An input error means nothing was sent and nothing needs keeping.
 */
async function deliver(runner, action, payload, send) {
    try {
        return await send();
    }
    catch (error) {
        if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .dz)
            throw error;
        const file = await keepPayload(runner, action, payload);
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UndeliveredError */ .uE(error instanceof Error ? error : new Error(String(error)), file);
    }
}


/***/ }),

/***/ 2679:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DP: () => (/* binding */ COMMENT_WRITER_OPTIONS),
  rh: () => (/* binding */ commentOnPullRequest),
  nC: () => (/* binding */ readGitHubToken),
  SM: () => (/* binding */ readPrComment)
});

// UNUSED EXPORTS: COMMENT_BODY_LIMIT

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(3360);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/context/github.ts
var context_github = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/github/octokit.ts
var github_octokit = __webpack_require__(6702);
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
    // Encoded, so no key can close the HTML comment or match another key's marker.
    return `<!-- compliance-actions:sticky ${encodeURIComponent(key)} -->`;
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
    // Scrubbed: a body quotes the server's text, and a server may echo a token.
    const content = (0,errors/* redact */.E$)(options.body).trimEnd();
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
        let existing;
        for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
            owner,
            repo,
            issue_number: issueNumber,
            per_page: 100,
            request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
        })) {
            existing = page.data.find((comment) => comment.body?.includes(marker))?.id;
            if (existing !== undefined)
                break;
        }
        if (existing !== undefined) {
            const { data } = await octokit.rest.issues.updateComment({
                owner,
                repo,
                comment_id: existing,
                body: text,
                request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
            });
            core/* info */.pq((0,errors/* redact */.E$)(`Updated the comment on pull request #${issueNumber}: ${data.html_url}`));
            return { status: 'updated', id: data.id, url: data.html_url, truncated, length: text.length };
        }
        const { data } = await octokit.rest.issues.createComment({
            owner,
            repo,
            issue_number: issueNumber,
            body: text,
            request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
        });
        core/* info */.pq((0,errors/* redact */.E$)(`Commented on pull request #${issueNumber}: ${data.html_url}`));
        return { status: 'created', id: data.id, url: data.html_url, truncated, length: text.length };
    }
    catch (error) {
        const httpStatus = (0,github_octokit/* githubStatus */.AV)(error);
        const reason = (0,github_octokit/* describeGitHubError */.dZ)(error);
        const hint = httpStatus === 403 || httpStatus === 404
            ? FORBIDDEN_HINT
            : 'The result is in the job summary; the comment is left as it was.';
        core/* warning */.$e(`Could not comment on pull request #${issueNumber} (${reason}). ${hint}`);
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
    const token = inputs.optional('github-token');
    if (token !== undefined) {
        core/* setSecret */.Pq(token);
        (0,errors/* registerSecret */.cl)(token);
    }
    return token;
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
 * Posts or updates the comment of `key` (a workflow, an action, and what tells two steps of it apart) when
 * `comment-on-pr` asks for it and this run is for a pull request; undefined when no comment was asked or possible.
 */
async function commentOnPullRequest(inputs, key, body) {
    if (!inputs.commentOnPr || inputs.githubToken === undefined)
        return undefined;
    const pr = inputs.pullRequest;
    if (!pr) {
        core/* info */.pq('comment-on-pr: this run is not for a pull request; no comment.');
        return undefined;
    }
    const { github } = inputs.runner;
    const token = inputs.githubToken;
    return core/* group */.Os(`Comment on pull request #${pr.number}`, () => upsertStickyComment({
        token,
        apiUrl: github.apiUrl,
        owner: pr.owner,
        repo: pr.repo,
        issueNumber: pr.number,
        key: `${github.workflow ?? 'workflow'}/${key}`,
        body: body(),
        runUrl: (0,context_github/* buildUrl */.c$)(github),
    }));
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
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3249);
/**
 * The one job-summary writer. Everything that came from the server or the user is escaped; links are kept only when
 * they are http(s); the whole summary stays under a byte budget (GitHub drops a step summary over 1 MiB, sometimes
 * silently), ending with a note that says what was left out and where the full data is.
 */


/** GitHub's limit is 1 MiB per step; keep room for the truncation note. */
const SUMMARY_LIMIT = 1024 * 1024 - 4 * 1024;
/** Escapes text for Markdown and HTML alike, on one line. */
function escapeText(text) {
    // Scrubbed before escaping: once escaped (`_` → `\_`) a token no longer matches the runner's mask.
    return (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(text)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/([\\`*_[\]{}()#+!|~])/g, '\\$1')
        .replace(/\r?\n/g, '<br>');
}
/** An http(s) URL made safe for a Markdown link, or undefined (a `javascript:` link, say, is dropped). */
function safeUrl(href) {
    if (!href)
        return undefined;
    let url;
    try {
        url = new URL(href);
    }
    catch {
        return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return undefined;
    return url.href.replace(/[()<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
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
            return `<code>${(0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(value.code).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '&#124;')}</code>`;
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
    /** Adds trusted Markdown; returns false (and counts it) when it would pass the budget. */
    add(text, weight = 1) {
        const markdown = (0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(text);
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
    async write(file) {
        if (!file)
            return;
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.appendFile)(file, this.toString());
    }
}


/***/ })

};
