export const id = 431;
export const ids = [431];
export const modules = {

/***/ 8431:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  action: () => (/* binding */ action)
});

// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: ./src/runtime/step.ts + 1 modules
var step = __webpack_require__(7402);
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
;// CONCATENATED MODULE: ./src/actions/check-attestations-for-commit/decide.ts
/** Worst last: a row is as bad as its worst cell. */
const STATE_RANK = { compliant: 0, missing: 1, 'non-compliant': 2 };
/**
 * Decides every commit. With `required`, each commit needs every name, and attestations of other names do not
 * count; without it, each commit needs at least one attestation, and every name found is a column. Several
 * attestations of one name (re-runs, several flows or artifacts): the newest of each flow, trail and artifact counts
 * (see newestByName), and every one of those must be compliant. `is_compliant` other than true (false, or no
 * verdict) is non-compliant: a gate fails closed. A commit or name given twice is decided once.
 */
function decide(commits, found, required) {
    const names = [...new Set(required)];
    const rows = [];
    const missing = [];
    const nonCompliant = [];
    const seen = new Set();
    for (const commit of new Set(commits)) {
        const byName = newestByName(found[commit] ?? []);
        for (const name of byName.keys())
            seen.add(name);
        const columns = names.length > 0 ? names : [...byName.keys()].sort();
        const cells = {};
        for (const name of columns) {
            const attestations = byName.get(name) ?? [];
            const state = cellState(attestations);
            cells[name] = { state, attestations };
            if (state === 'missing')
                missing.push({ commit, name });
            if (state === 'non-compliant')
                nonCompliant.push({ commit, name });
        }
        if (columns.length === 0)
            missing.push({ commit, name: null });
        rows.push({ commit, state: rowState(Object.values(cells), columns.length), cells });
    }
    return {
        compliant: missing.length === 0 && nonCompliant.length === 0,
        names: names.length > 0 ? names : [...seen].sort(),
        rows,
        missing,
        nonCompliant,
    };
}
function cellState(attestations) {
    if (attestations.length === 0)
        return 'missing';
    return attestations.every((a) => a.is_compliant === true) ? 'compliant' : 'non-compliant';
}
/** The worst of the cells; a commit with no column at all (no attestation, nothing required) is missing. */
function rowState(cells, columns) {
    if (columns === 0)
        return 'missing';
    return cells.reduce((worst, { state }) => (STATE_RANK[state] > STATE_RANK[worst] ? state : worst), 'compliant');
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

// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 3 modules
var schemas = __webpack_require__(3619);
// EXTERNAL MODULE: ./src/api/schemas.ts
var api_schemas = __webpack_require__(8164);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
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

// EXTERNAL MODULE: ./src/runtime/pr-comment.ts + 1 modules
var pr_comment = __webpack_require__(2679);
// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
;// CONCATENATED MODULE: ./src/actions/check-attestations-for-commit/read.ts
/**
 * What the gate reads: its inputs, the commits to check (the `commits` input, the pull request's commits, or
 * GITHUB_SHA) and their attestations (GET /attestations/{org}/list_attestations_for_criteria).
 */










/** A SHA as git prints it or in capitals; checked lowercase, as the service keys its answer. */
const CommitSha = schemas/* pipe */.FsL(schemas/* pipe */.FsL(schemas/* string */.YjP(), schemas/* transform */.pdi((sha) => sha.toLowerCase())), api_schemas/* Sha1 */.gz);
const SHA_FORM = `${api_schemas/* expectedForms */.uc.sha1}, one per line or comma-separated`;
function readInputs(inputs, cwd) {
    // Both tokens are masked before any other input is read: github-token here, api-token first in readCommon.
    const githubToken = inputs.secret('github-token');
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const prComment = (0,pr_comment/* readPrComment */.SM)(inputs, common, githubToken);
    const commits = inputs.checkedList('commits', CommitSha, api_schemas/* expectedForms */.uc.sha1);
    const source = commitSource(commits, prComment.pullRequest, common);
    const attestationType = inputs.checked('attestation-type', api_schemas/* AttestationType */.$T, api_schemas/* expectedForms */.uc.attestationType);
    const attestationName = inputs.matching('attestation-name', 'attestationName');
    const flow = inputs.matching('flow', 'flowName');
    const required = inputs.checkedList('required', api_schemas/* AttestationName */.w4, api_schemas/* expectedForms */.uc.attestationName, {
        lines: true,
    });
    const unreachable = attestationName === undefined ? undefined : required.find((n) => n !== attestationName);
    if (unreachable !== undefined) {
        throw new errors/* InputError */.dz('required', `'${unreachable}' can never be found: attestation-name narrows the search to '${attestationName ?? ''}'`, 'only the name given in attestation-name, or no attestation-name');
    }
    return {
        ...common,
        source,
        query: {
            ...(flow !== undefined && { flow_name: flow }),
            ...(attestationType !== undefined && { attestation_type: attestationType }),
            ...(attestationName !== undefined && { attestation_name: attestationName }),
        },
        required,
        failOnNonCompliant: inputs.boolean('fail-on-non-compliant', true),
        githubToken,
        prComment,
    };
}
function commitSource(commits, pullRequest, { runner: { github } }) {
    if (commits.length > 0)
        return { kind: 'input', commits };
    if (pullRequest)
        return { kind: 'pull-request', pullRequest };
    if (github.eventName === 'pull_request' || github.eventName === 'pull_request_target') {
        // GITHUB_SHA is the merge commit here, which nobody attested: checking it would blame the wrong commit.
        throw new errors/* InputError */.dz('commits', `is required: this ${github.eventName} event's payload does not name the pull request (GITHUB_EVENT_PATH), ` +
            'so its commits cannot be read and GITHUB_SHA is a merge commit no pipeline attested', `${SHA_FORM}, e.g. \${{ github.event.pull_request.head.sha }}`);
    }
    if (github.sha !== undefined && api_schemas/* Sha1 */.gz.safeParse(github.sha).success)
        return { kind: 'github-sha', sha: github.sha };
    throw new errors/* InputError */.dz('commits', github.sha === undefined
        ? 'is required outside GitHub Actions (no GITHUB_SHA)'
        : `is required: GITHUB_SHA ('${github.sha}') is not a commit SHA`, SHA_FORM);
}
async function readCommits(inputs) {
    return log/* log */.R.group('Commits to check', async () => {
        const read = await findCommits(inputs);
        log/* log */.R.info(`${read.commits.length} commit(s) ${describeSource(read)}:`);
        for (const c of read.commits)
            log/* log */.R.info(`  ${c.sha}${c.title ? ` ${c.title}` : ''}`);
        return read;
    });
}
async function findCommits(inputs) {
    const { source, runner } = inputs;
    const known = (sha, message, url) => ({
        sha,
        title: message ?? (0,cells/* firstLine */.TM)((0,github/* commitFromEvent */.uO)(runner.event, sha, undefined)?.message),
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
            throw new errors/* InputError */.dz('commits', `the commits of pull request #${pr.number} could not be read (${reason}) and the event names no head commit`, SHA_FORM);
        }
        const note = `Could not read the commits of pull request #${pr.number} (${reason}): checking its head commit ${head} alone. ` +
            "Give the job the 'pull-requests: read' permission, or list the commits in the 'commits' input.";
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
    const total = pr.commits ?? 0;
    const listedCount = commits.length;
    if (!listed.truncated && total <= listedCount)
        return { commits, from: 'pull-request', pullRequest: pr.number };
    // GitHub lists the first 250: the newest commits, the head among them, would go unchecked.
    const headMissing = head !== undefined && !commits.some((c) => c.sha === head);
    if (headMissing)
        commits.push(known(head));
    const note = `Pull request #${pr.number} has ${total > listedCount ? total : `more than ${listedCount}`} commits; GitHub ` +
        `lists only the first ${listedCount}, so those${headMissing ? ' and the head commit' : ''} are ` +
        "checked. List every commit in the 'commits' input to check them all.";
    return { commits, from: 'pull-request', pullRequest: pr.number, note };
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
/** The attestations of every commit, narrowed by the query; every commit is a key, [] when it has none. */
async function readAttestations(client, commits, query) {
    return log/* log */.R.group('Read the attestations', async () => {
        const found = await client.listAttestationsForCommits({
            commit_list: commits.map((c) => c.sha),
            ...query,
        });
        for (const c of commits) {
            const names = (found[c.sha] ?? []).map((a) => `${a.attestation_name} (${verdict(a)})`);
            log/* log */.R.info(`${c.sha}: ${names.length === 0 ? 'no attestations' : names.join(', ')}`);
        }
        return found;
    });
}
function verdict(a) {
    if (a.is_compliant === true)
        return 'compliant';
    if (a.is_compliant === false)
        return 'non-compliant';
    return 'no verdict';
}
/** The commits, with the messages the service knows for those GitHub did not describe. */
function withTitles(commits, found) {
    return commits.map((commit) => {
        if (commit.title !== undefined)
            return commit;
        const info = (found[commit.sha] ?? [])
            .map((a) => a.git_commit_info)
            .find((i) => (0,cells/* firstLine */.TM)(i?.message) !== undefined);
        return info
            ? { ...commit, title: (0,cells/* firstLine */.TM)(info.message), url: commit.url ?? info.url ?? undefined }
            : commit;
    });
}

// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/check-attestations-for-commit/render.ts
/**
 * The gate's result as the runner shows it: outputs, the result file, the job summary (a matrix of commits by
 * attestation names), the pull-request comment (the same, problems first), the annotations and the failure.
 */





const ACTION = 'check-attestations-for-commit';
const TITLE = 'Compliance gate';
/** What a gate that could not check still says, whatever it knew: never compliant. */
const COULD_NOT_CHECK = {
    outputs: { compliant: false, missing: '[]', 'non-compliant': '[]' },
    result: { compliant: false, missing: [], nonCompliant: [] },
};
/** One comment per gate: two gates of one job (a flow each) keep their own. */
function commentKey(inputs) {
    return inputs.query.flow_name === undefined ? ACTION : `${ACTION}/${inputs.query.flow_name}`;
}
function render(inputs, read, decision) {
    const result = {
        ...decision,
        failOnNonCompliant: inputs.failOnNonCompliant,
        commits: read.commits,
        from: read.from,
        pullRequest: read.pullRequest ?? inputs.prComment.pullRequest?.number,
        note: read.note,
        query: inputs.query,
        required: inputs.required,
    };
    const outcome = decision.compliant ? 'compliant' : 'non-compliant';
    return {
        outcome,
        outputs: {
            compliant: decision.compliant,
            missing: JSON.stringify(decision.missing),
            'non-compliant': JSON.stringify(decision.nonCompliant),
        },
        result: { ...result },
        summary: report(inputs, result, outcome, false),
        comment: {
            key: commentKey(inputs),
            body: () => report(inputs, result, outcome, true).toString(),
        },
        ...verdictAnnotations(inputs, result),
    };
}
/**
 * One annotation per problem, at most ten per level counting the step's other annotations of that level: errors
 * when the gate fails the step (the failure itself is the tenth), else warnings, the last one saying the gate
 * tripped. The failure, or that last warning, counts the problems and says how many are only in the summary.
 */
function verdictAnnotations(inputs, result) {
    const notes = result.note === undefined ? [] : [{ level: 'warning', message: result.note }];
    const problems = [
        ...result.nonCompliant.map((item) => describeItem(item, 'non-compliant', result)),
        ...result.missing.map((item) => describeItem(item, 'missing', result)),
    ];
    if (problems.length === 0)
        return { annotations: notes };
    const failing = result.failOnNonCompliant;
    // A comment GitHub refuses is one more warning (github/comment.ts), written before the annotations.
    const { commentOnPr, githubToken, pullRequest } = inputs.prComment;
    const mayWarn = commentOnPr && githubToken !== undefined && pullRequest !== undefined ? 1 : 0;
    const room = Math.max(0, step/* MAX_ANNOTATIONS */.KE - 1 - (failing ? 0 : notes.length + mayWarn));
    const shown = problems.slice(0, room);
    const counts = `${result.missing.length} missing and ${result.nonCompliant.length} non-compliant attestation(s) ` +
        `in ${result.commits.length} commit(s)`;
    const more = problems.length > shown.length ? ` (${problems.length - shown.length} more in the job summary)` : '';
    const level = failing ? 'error' : 'warning';
    const annotations = [
        ...notes,
        ...shown.map((message) => ({ level, message, title: TITLE })),
    ];
    if (failing)
        return { annotations, failure: `Compliance gate tripped: ${counts}${more}.` };
    const tripped = `Compliance gate tripped, not failing (fail-on-non-compliant is false): ${counts}${more}.`;
    return { annotations: [...annotations, { level: 'warning', message: tripped }] };
}
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
const MARK = { compliant: '✅', 'non-compliant': '❌', missing: '⚠️' };
/** The summary, or with `forComment` the comment body: problems first, built to fit a comment. */
function report(inputs, result, outcome, forComment) {
    const summary = new writer/* SummaryWriter */.CS(forComment ? pr_comment/* COMMENT_WRITER_OPTIONS */.DP : {});
    summary.heading(outcome === 'compliant'
        ? `✅ ${TITLE} passed`
        : `❌ ${TITLE} ${result.failOnNonCompliant ? 'tripped' : 'tripped (not failing the step)'}`, 3);
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
    summary.paragraph(result.compliant
        ? 'Every commit is compliant.'
        : `${result.missing.length} missing, ${result.nonCompliant.length} non-compliant.`);
    const rows = forComment
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
    return summary.paragraph('✅ compliant, ❌ non-compliant, ⚠️ missing' +
        (result.required.length > 0 ? '' : ', — not found on this commit'));
}

;// CONCATENATED MODULE: ./src/actions/check-attestations-for-commit/index.ts
/**
 * check-attestations-for-commit: the pull-request gate. Reads the commits and their attestations (read.ts), decides
 * per commit and required attestation name compliant, non-compliant or missing (decide.ts), and renders the verdict
 * (render.ts). A tripped gate fails the step with `outcome: non-compliant`; a gate that could not check fails with
 * `outcome: error` (the lifecycle's error path), so the two are told apart.
 */






async function run(inputs) {
    // The client first: it is closed however the step ends, and nothing is asked of GitHub before it exists.
    return (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const read = await readCommits(inputs);
        let found;
        try {
            found = await readAttestations(client, read.commits, inputs.query);
        }
        catch (error) {
            // What was read stays: the commits in the result file, and the note (only the head checked) as a warning.
            const { commits, from, pullRequest, note } = read;
            return (0,step/* errorStepWith */.LM)(action, inputs, error, {
                result: { commits, from, pullRequest, note },
                ...(note !== undefined && {
                    details: (summary) => summary.paragraph(note),
                    annotations: [{ level: 'warning', message: note }],
                }),
            });
        }
        const commits = withTitles(read.commits, found);
        const decision = decide(commits.map((c) => c.sha), found, inputs.required);
        if (decision.compliant)
            log/* log */.R.info(`Compliance gate passed: ${commits.length} commit(s) checked.`);
        return render(inputs, { ...read, commits }, decision);
    });
}
/** What the inputs say, for the result file of a gate that could not check. */
function describe(inputs) {
    const { source } = inputs;
    return {
        from: source.kind,
        commits: source.kind === 'input'
            ? source.commits.map((sha) => ({ sha }))
            : source.kind === 'github-sha'
                ? [{ sha: source.sha }]
                : [],
        pullRequest: source.kind === 'pull-request' ? source.pullRequest.number : undefined,
        query: inputs.query,
        required: inputs.required,
        failOnNonCompliant: inputs.failOnNonCompliant,
    };
}
const action = (0,step/* defineAction */.QP)({
    name: ACTION,
    read: readInputs,
    run,
    couldNot: () => 'Compliance gate could not check',
    describe,
    onError: { ...COULD_NOT_CHECK, commentKey: commentKey },
});


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
