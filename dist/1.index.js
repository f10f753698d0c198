export const id = 1;
export const ids = [1];
export const modules = {

/***/ 7001:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* reexport */ main)
});

// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/api/schemas.ts + 1 modules
var schemas = __webpack_require__(9073);
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

// EXTERNAL MODULE: ./src/runtime/context.ts + 1 modules
var context = __webpack_require__(1410);
// EXTERNAL MODULE: ./src/runtime/outcome.ts
var outcome = __webpack_require__(9708);
// EXTERNAL MODULE: ./src/runtime/legacy-output.ts
var legacy_output = __webpack_require__(7595);
// EXTERNAL MODULE: ./src/runtime/pr-comment.ts + 1 modules
var pr_comment = __webpack_require__(2679);
// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
// EXTERNAL MODULE: ./src/trust/redact.ts
var redact = __webpack_require__(8625);
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
    else if (github.eventName === 'pull_request' || github.eventName === 'pull_request_target') {
        // GITHUB_SHA is the merge commit here, which nobody attested: checking it would blame the wrong commit.
        throw new errors/* InputError */.dz('commits', `is required: this ${github.eventName} event's payload does not name the pull request (GITHUB_EVENT_PATH), ` +
            'so its commits cannot be read and GITHUB_SHA is a merge commit no pipeline attested', `${schemas/* expectedForms */.uc.sha1}, one per line or comma-separated, e.g. \${{ github.event.pull_request.head.sha }}`);
    }
    else if (github.sha !== undefined && schemas/* patterns */.qp.sha1.test(github.sha))
        source = { kind: 'github-sha', sha: github.sha };
    else {
        throw new errors/* InputError */.dz('commits', github.sha === undefined
            ? 'is required outside GitHub Actions (no GITHUB_SHA)'
            : `is required: GITHUB_SHA ('${github.sha}') is not a commit SHA`, `${schemas/* expectedForms */.uc.sha1}, one per line or comma-separated`);
    }
    const attestationType = inputs.optional('attestation-type');
    if (attestationType !== undefined && !schemas/* AttestationType */.$T.safeParse(attestationType).success) {
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
/** For a gate that could not even read its inputs: the outputs and result file of `outcome: error`. */
async function setCouldNotCheck(runner, error) {
    await (0,outcome/* recordCouldNotCheck */.Ms)(runner, ACTION, { compliant: 'false', missing: '[]', 'non-compliant': '[]' }, { compliant: false, missing: [], nonCompliant: [] }, error);
}
const STATE_RANK = { compliant: 0, missing: 1, 'non-compliant': 2 };
/**
 * Decides every commit. Several attestations of one name (re-runs, several flows or artifacts): the newest of each
 * flow, trail and artifact counts (see newestByName), and every one of those must be compliant. `is_compliant` other than true (false,
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
/**
 * The attestations that count, by name. A later attestation supersedes an earlier one only where both say where
 * they were made (flow and trail, and the artifact when one is named) and the later is strictly newer: without
 * `flow_name` and `trail_name` (the live service may leave them out) or without a time, each one counts, so an old
 * failure is never hidden by a newer pass from somewhere else.
 */
function newestByName(attestations) {
    const groups = new Map();
    let unplaced = 0;
    for (const a of attestations) {
        const name = a.attestation_name;
        const placed = a.flow_name && a.trail_name;
        const key = placed
            ? [a.flow_name, a.trail_name, a.artifact_fingerprint ?? ''].join('\u0000')
            : `\u0001${unplaced++}`;
        const byKey = groups.get(name) ?? new Map();
        groups.set(name, byKey);
        const kept = byKey.get(key) ?? [];
        const time = a.created_at;
        if (kept.length === 0)
            byKey.set(key, [a]);
        else if (time == null || kept.some((k) => k.created_at == null || k.created_at === time))
            kept.push(a);
        else if (kept.every((k) => (k.created_at ?? 0) < time))
            byKey.set(key, [a]);
        // else: older than what is kept, superseded.
    }
    return new Map([...groups].map(([name, byKey]) => [name, [...byKey.values()].flat()]));
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
            const read = await log/* log */.R.group('Commits to check', async () => {
                const r = await readCommits(inputs);
                if (r.note !== undefined)
                    warnings++;
                log/* log */.R.info(`${r.commits.length} commit(s) ${describeSource(r)}:`);
                for (const c of r.commits)
                    log/* log */.R.info(`  ${c.sha}${c.title ? ` ${c.title}` : ''}`);
                return r;
            });
            Object.assign(result, {
                commits: read.commits,
                from: read.from,
                pullRequest: read.pullRequest ?? result.pullRequest,
                note: read.note,
            });
            const found = await log/* log */.R.group('Read the attestations', async () => {
                const map = await client.listAttestationsForCommits({
                    commit_list: read.commits.map((c) => c.sha),
                    ...query,
                });
                for (const c of read.commits) {
                    const list = map[c.sha] ?? [];
                    const names = list.map((a) => `${a.attestation_name} (${verdict(a)})`);
                    log/* log */.R.info(`${c.sha}: ${names.length === 0 ? 'no attestations' : names.join(', ')}`);
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
            message: (0,redact/* redact */.E$)(error instanceof Error ? error.message : String(error)),
        };
    }
    (0,legacy_output/* setOutputs */.n0)({
        compliant: result.compliant,
        outcome: result.outcome,
        missing: JSON.stringify(result.missing),
        'non-compliant': JSON.stringify(result.nonCompliant),
    });
    if (inputs.summary)
        await report(inputs, result, false).write(inputs.runner.summaryFile);
    // Bad input sends nothing more; a service that could not be asked is worth telling the pull request.
    if (!(failure instanceof errors/* InputError */.dz))
        // One comment per gate: two gates of one job (a flow each) keep their own.
        result.comment = await (0,pr_comment/* commentOnPullRequest */.rh)(inputs, inputs.flow === undefined ? ACTION : `${ACTION}/${inputs.flow}`, () => report(inputs, result, true, pr_comment/* COMMENT_WRITER_OPTIONS */.DP).toString());
    if (result.comment?.status === 'skipped')
        warnings++;
    await (0,legacy_output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
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
        log/* log */.R.warning(note);
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
    const commits = listed.commits.map((c) => known(c.sha, (0,cells/* firstLine */.TM)(c.message), c.url));
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
        log/* log */.R.warning(note);
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
/** A push event carries the head commit's message. */
function eventMessage(event, sha) {
    return (0,cells/* firstLine */.TM)((0,github/* commitFromEvent */.uO)(event, sha, undefined)?.message);
}
/** Messages the service knows, for commits GitHub did not describe. */
function fillTitles(commits, found) {
    for (const commit of commits) {
        if (commit.title !== undefined)
            continue;
        for (const a of found[commit.sha] ?? []) {
            const info = a.git_commit_info;
            const title = (0,cells/* firstLine */.TM)(info?.message);
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
        log/* log */.R.info(`Compliance gate passed: ${result.commits.length} commit(s) checked.`);
        return;
    }
    const failing = result.failOnNonCompliant;
    const room = Math.max(0, MAX_ANNOTATIONS - warningsUsed - 1);
    const shown = problems.slice(0, room);
    for (const text of shown) {
        // Scrubbed: names and URLs come from the service, which may echo the token.
        if (failing)
            log/* log */.R.error(text, { title: 'Compliance gate' });
        else
            log/* log */.R.warning(text, { title: 'Compliance gate' });
    }
    const counts = `${result.missing.length} missing and ${result.nonCompliant.length} non-compliant attestation(s) ` +
        `in ${result.commits.length} commit(s)`;
    const more = problems.length > shown.length ? ` (${problems.length - shown.length} more in the job summary)` : '';
    if (failing)
        log/* log */.R.fail(`Compliance gate tripped: ${counts}${more}.`);
    else
        log/* log */.R.warning(`Compliance gate tripped, not failing (fail-on-non-compliant is false): ${counts}${more}.`);
}
const MARK = { compliant: '✅', 'non-compliant': '❌', missing: '⚠️' };
function report(inputs, result, problemsFirst, writerOptions = {}) {
    const summary = new writer/* SummaryWriter */.CS(writerOptions);
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
    const inputs = await (0,outcome/* readInputsOrRecord */.U5)(process.env, process.cwd(), () => readInputs(new context_inputs/* InputReader */.i_(process.env), process.cwd()), setCouldNotCheck);
    await run(inputs);
};

;// CONCATENATED MODULE: ./src/actions/check-attestations-for-commit/index.ts
// TEMPORARY (issue 13 transition): the old entry, until this action is an ActionDefinition.



/***/ }),

/***/ 7595:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n0: () => (/* binding */ setOutputs),
/* harmony export */   tH: () => (/* binding */ writeResultFile)
/* harmony export */ });
/* unused harmony exports keepPayload, deliver */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3360);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2600);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8625);
// TEMPORARY (issue 13 transition): the old writers, until every action returns a StepResult. Deleted at the end.
/**
 * What a step leaves behind: string outputs, the full JSON result under RUNNER_TEMP (`result-file`), and, when a
 * report could not be delivered, its payload (`payload-file`), so nothing is lost.
 */






/** Sets each output as a string; an undefined value is set as '' so a later step reads a defined output. */
function setOutputs(outputs) {
    for (const [name, value] of Object.entries(outputs))
        // Scrubbed: a value can carry the server's text, and a server may echo the token.
        (0,_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH)(name, value === undefined ? '' : (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_5__/* .redact */ .E$)(String(value)));
}
/**
 * A copy JSON can write. A response element the service sent malformed is a getter that throws when read (see
 * api/parse.ts): on an object it is not enumerable and JSON skips it, but JSON reads every element of an array, so
 * such an element is written as null instead of failing the step.
 */
function writable(value) {
    if (value === null || typeof value !== 'object')
        return value;
    // JSON calls toJSON itself (errors, dates).
    if (typeof value.toJSON === 'function')
        return value;
    if (Array.isArray(value)) {
        const list = value;
        return Array.from({ length: list.length }, (_, i) => {
            try {
                return writable(list[i]);
            }
            catch {
                return null;
            }
        });
    }
    // No prototype: a key `__proto__` from the server stays a key.
    const out = Object.create(null);
    for (const key of Object.keys(value))
        out[key] = writable(value[key]);
    return out;
}
async function writeJsonFile(runner, basename, value, indent) {
    const dir = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(runner.temp, 'compliance-actions');
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)(dir, { recursive: true });
    // Unique per step: one job may run the same action several times.
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, `${basename}-${Date.now()}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_1__.randomBytes)(3).toString('hex')}.json`);
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.writeFile)(file, (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_5__/* .redact */ .E$)(JSON.stringify(writable(value), null, indent)) + '\n');
    return file;
}
/** Writes the full result and sets `result-file` to its path. */
async function writeResultFile(runner, action, result) {
    const file = await writeJsonFile(runner, `${action}-result`, result, 2);
    (0,_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH)('result-file', file);
    return file;
}
/**
 * Keeps a payload that was not sent (dry run, or delivery failed) exactly as it would go on the wire, and sets
 * `payload-file` to its path.
 */
async function keepPayload(runner, action, payload) {
    const file = await writeJsonFile(runner, `${action}-payload`, payload);
    setOutput('payload-file', file);
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
        if (error instanceof InputError)
            throw error;
        await keepPayload(runner, action, payload);
        throw new UndeliveredError(error instanceof Error ? error : new Error(String(error)), payload);
    }
}


/***/ }),

/***/ 9708:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ms: () => (/* binding */ recordCouldNotCheck),
/* harmony export */   U5: () => (/* binding */ readInputsOrRecord),
/* harmony export */   nO: () => (/* binding */ notFoundAbout)
/* harmony export */ });
/* unused harmony export stepError */
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
/* harmony import */ var _summary_writer_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6093);
/* harmony import */ var _context_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1410);
/* harmony import */ var _legacy_output_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7595);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8625);
/**
 * "Could not check" for the reading sub-actions: a step that fails before it has an answer still sets `outcome:
 * error` and writes its result file with the error, so a later step (after `continue-on-error`) can tell "could not
 * check" from "not found" or "non-compliant". And what a 404 is about: the thing looked up, or where it was looked.
 */





function stepError(error) {
    return {
        kind: error instanceof _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ComplianceError */ .c7 ? error.kind : 'unexpected',
        message: (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_4__/* .redact */ .E$)(error instanceof Error ? error.message : String(error)),
    };
}
/**
 * Sets the outputs of a step that could not check (`outcome: error` among them), writes its result file with the
 * error and, given a `heading`, a job summary saying so. The caller fails the step after (it rethrows).
 */
async function recordCouldNotCheck(runner, action, outputs, result, error, heading) {
    (0,_legacy_output_js__WEBPACK_IMPORTED_MODULE_3__/* .setOutputs */ .n0)({ ...outputs, outcome: 'error' });
    const why = stepError(error);
    try {
        await (0,_legacy_output_js__WEBPACK_IMPORTED_MODULE_3__/* .writeResultFile */ .tH)(runner, action, { ...result, outcome: 'error', error: why });
        if (heading !== undefined) {
            await new _summary_writer_js__WEBPACK_IMPORTED_MODULE_1__/* .SummaryWriter */ .CS().heading(`⚠️ ${heading}`, 3).paragraph(why.message).write(runner.summaryFile);
        }
    }
    catch {
        // The step fails with the original error either way; a full disk must not hide it.
    }
}
/**
 * The entry point's read of a step's inputs: bad input could not check either, so its outputs say `outcome: error`
 * and its result file keeps the error (`record`) before the step fails.
 */
async function readInputsOrRecord(env, cwd, read, record) {
    try {
        return read();
    }
    catch (error) {
        await record((0,_context_js__WEBPACK_IMPORTED_MODULE_2__/* .readRunner */ .fY)(env, cwd), error);
        throw error;
    }
}
/** `Organization 'acme' does not exist`, `Flow named 'x' does not exist for organization 'y'`, `Environment ...`. */
const SCOPE_MISSING = /\b(organi[sz]ation|org|flow|environment|env)\b(?:\s+named)?\s+(?:'[^']*'|"[^"]*"|\S+)\s+(?:does not|doesn't) exist/i;
/** A path the API does not have at all (the sandbox's wording; a proxy's 404 page gives no message). */
const NO_SUCH_PATH = /^not found: \//i;
/**
 * What a 404 is about. The service answers 404 for the thing looked up and also for the org, flow or environment it
 * was looked up in; only the first is an answer ("not there"), the rest are a misconfiguration.
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
