export const id = 295;
export const ids = [295];
export const modules = {

/***/ 4295:
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
// EXTERNAL MODULE: ./src/api/snapshot.ts
var api_snapshot = __webpack_require__(3218);
// EXTERNAL MODULE: ./src/runtime/context.ts
var context = __webpack_require__(47);
// EXTERNAL MODULE: ./src/runtime/output.ts
var output = __webpack_require__(1579);
// EXTERNAL MODULE: ./src/runtime/pr-comment.ts + 1 modules
var pr_comment = __webpack_require__(2679);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/diff-envs/run.ts
/**
 * diff-envs: compares two environment snapshots (GET /env-diff/{org}): what runs only in the first, only in the
 * second, what was scaled, and (on request) what is unchanged. With `fail-on-diff` it is a drift check.
 */







const ACTION = 'diff-envs';
/** Lines per group in the log; the rest are counted (the full lists are in result-file and the summary). */
const LOG_LINES = 50;
/** Pods shown in one summary cell; the rest are counted. */
const PODS_SHOWN = 20;
function readInputs(inputs, cwd) {
    const githubToken = (0,pr_comment/* readGitHubToken */.nC)(inputs);
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const snapshot = (name) => {
        const value = inputs.optional(name);
        if (value === undefined)
            throw new errors/* InputError */.dz(name, 'is required', api_snapshot/* SNAPSHOT_FORMS */.Vs);
        return (0,api_snapshot/* parseSnapshotExpression */.gS)(value, name);
    };
    return {
        ...common,
        snapshot1: snapshot('snapshot-1'),
        snapshot2: snapshot('snapshot-2'),
        showUnchanged: inputs.boolean('show-unchanged', false),
        failOnDiff: inputs.boolean('fail-on-diff', false),
        ...(0,pr_comment/* readPrComment */.SM)(inputs, common, githubToken),
    };
}
async function run(inputs) {
    const one = (0,api_snapshot/* formatSnapshotExpression */.kx)(inputs.snapshot1);
    const two = (0,api_snapshot/* formatSnapshotExpression */.kx)(inputs.snapshot2);
    return (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const url = client.urlFor('diffEnvironments', {}, { snappish1: one, snappish2: two });
        const diff = await core/* group */.Os(`Compare ${one} with ${two}`, async () => {
            core/* info */.pq(`GET ${url}`);
            return client.diffEnvironments(one, two);
        });
        const result = toResult(url, one, two, diff);
        log(result);
        (0,output/* setOutputs */.n0)({
            changed: result.changed,
            'only-in-1': result.counts.onlyIn1,
            'only-in-2': result.counts.onlyIn2,
            scaled: result.counts.scaled,
            unchanged: result.counts.unchanged,
            'snapshot-1-id': result.snapshot1.id,
            'snapshot-2-id': result.snapshot2.id,
        });
        if (inputs.summary)
            await summarize(result, inputs.showUnchanged).write(inputs.runner.summaryFile);
        // Keyed by the two expressions too: a promotion check and a drift check in one workflow keep their own comments.
        const comment = await (0,pr_comment/* commentOnPullRequest */.rh)(inputs, `${ACTION}/${one}..${two}`, () => summarize(result, inputs.showUnchanged, pr_comment/* COMMENT_WRITER_OPTIONS */.DP).toString());
        if (comment !== undefined)
            result.comment = comment;
        await (0,output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
        if (inputs.failOnDiff && result.changed) {
            core/* setFailed */.C1(`${result.snapshot1.id} and ${result.snapshot2.id} differ (fail-on-diff): ${counts(result)}. ` +
                'See the job summary or result-file for the artifacts.');
        }
        return result;
    });
}
function toResult(url, one, two, diff) {
    const onlyIn1 = diff.snappish1.artifacts;
    const onlyIn2 = diff.snappish2.artifacts;
    const scaled = diff.changed.artifacts;
    const unchanged = diff['not-changed'].artifacts;
    return {
        url,
        snapshot1: { expression: one, id: diff.snappish1.snapshot_id ?? one },
        snapshot2: { expression: two, id: diff.snappish2.snapshot_id ?? two },
        changed: onlyIn1.length + onlyIn2.length + scaled.length > 0,
        counts: {
            onlyIn1: onlyIn1.length,
            onlyIn2: onlyIn2.length,
            scaled: scaled.length,
            unchanged: unchanged.length,
        },
        onlyIn1,
        onlyIn2,
        scaled,
        unchanged,
    };
}
function counts(result) {
    const { snapshot1: s1, snapshot2: s2, counts: c } = result;
    return (`${c.onlyIn1} artifact(s) only in ${s1.id}, ${c.onlyIn2} only in ${s2.id}, ${c.scaled} scaled, ` +
        `${c.unchanged} unchanged`);
}
/** Instances in the first and second snapshot: the group's count, else the entry's `instance_count`. */
function instances(a, side) {
    return (side === 1 ? a.s1_instance_count : a.s2_instance_count) ?? a.instance_count;
}
function scaling(a) {
    return `${instances(a, 1) ?? '?'} → ${instances(a, 2) ?? '?'}`;
}
function log(result) {
    const { snapshot1: s1, snapshot2: s2 } = result;
    core/* info */.pq(`${s1.expression} is ${s1.id}; ${s2.expression} is ${s2.id}.`);
    core/* info */.pq(`${counts(result)}.`);
    const groups = [
        [`Only present in ${s1.id}`, result.onlyIn1, (a) => `${instances(a, 1) ?? '?'} instance(s)`],
        [`Only present in ${s2.id}`, result.onlyIn2, (a) => `${instances(a, 2) ?? '?'} instance(s)`],
        [`${s1.id} -> ${s2.id} scaling`, result.scaled, scaling],
    ];
    for (const [title, artifacts, detail] of groups) {
        if (artifacts.length === 0)
            continue;
        core/* startGroup */.Oh(`${title} (${artifacts.length})`);
        for (const a of artifacts.slice(0, LOG_LINES)) {
            core/* info */.pq(`${a.name}  ${a.fingerprint.slice(0, 12)}  ${detail(a)}`);
        }
        if (artifacts.length > LOG_LINES)
            core/* info */.pq(`... and ${artifacts.length - LOG_LINES} more (see result-file)`);
        core/* endGroup */.N4();
    }
}
/** The short SHA of a commit URL that ends in one (`.../commit/<sha>`), else 'commit'. */
function commitCell(url) {
    if (!url)
        return '';
    const sha = /\/commit\/([0-9a-f]{7,40})\/?$/i.exec(url)?.[1];
    return { text: sha ? sha.slice(0, 7) : 'commit', href: url };
}
function podsCell(a) {
    const pods = a.pods ?? [];
    if (pods.length === 0)
        return '';
    const shown = pods.slice(0, PODS_SHOWN);
    const more = pods.length - shown.length;
    return {
        details: `${pods.length} pod(s)`,
        lines: more > 0 ? [...shown, `... and ${more} more`] : shown,
    };
}
/**
 * The summary: counts first, then one table per group; unchanged artifacts only with `show-unchanged`. The writer's
 * budget is the job summary's by default; the PR comment passes its own.
 */
function summarize(result, showUnchanged, options = {}) {
    const { snapshot1: s1, snapshot2: s2 } = result;
    const summary = new writer/* SummaryWriter */.CS(options);
    summary.heading(`Environment diff: ${s1.id} → ${s2.id}`, 3);
    const resolved = s1.expression !== s1.id || s2.expression !== s2.id
        ? `${s1.expression} is ${s1.id}, ${s2.expression} is ${s2.id}. `
        : '';
    summary.paragraph(result.changed
        ? `${resolved}${counts(result)}.`
        : `${resolved}No differences: both snapshots run the same ${result.counts.unchanged} artifact(s) with the same instance counts.`);
    const row = (a, count) => [
        a.name,
        { code: a.fingerprint.slice(0, 12) },
        a.flow,
        commitCell(a.commit_url),
        count,
        podsCell(a),
    ];
    const group = (title, column, artifacts, count) => {
        if (artifacts.length === 0)
            return;
        summary.heading(`${title} (${artifacts.length})`, 4);
        summary.table(['Name', 'Fingerprint', 'Flow', 'Commit', column, 'Pods'], artifacts.map((a) => row(a, count(a))));
    };
    group(`Only in ${s1.id}`, 'Instances', result.onlyIn1, (a) => instances(a, 1));
    group(`Only in ${s2.id}`, 'Instances', result.onlyIn2, (a) => instances(a, 2));
    group(`Scaled ${s1.id} → ${s2.id}`, 'Scaling', result.scaled, scaling);
    if (showUnchanged) {
        group('Unchanged', 'Instances', result.unchanged, (a) => a.instance_count ?? instances(a, 2));
    }
    else if (result.changed && result.counts.unchanged > 0) {
        summary.paragraph(`${result.counts.unchanged} unchanged artifact(s) not listed: set show-unchanged to true to list them.`);
    }
    return summary;
}

// EXTERNAL MODULE: ./src/context/inputs.ts
var inputs = __webpack_require__(5042);
;// CONCATENATED MODULE: ./src/actions/diff-envs/main.ts


const main = async () => {
    await run(readInputs(new inputs/* InputReader */.i(process.env), process.cwd()));
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
