export const id = 757;
export const ids = [757];
export const modules = {

/***/ 838:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fU: () => (/* binding */ formatTime),
/* harmony export */   pe: () => (/* binding */ parseTime)
/* harmony export */ });
/* unused harmony export TIME_FORMS */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/**
 * Times given as inputs (`from`, `to`, ...): an ISO 8601 date or date-time, Unix seconds, or a time ago such as `7d`
 * or `12h`. All become integer Unix seconds, the unit the service filters by (service-behaviour.md).
 */

const TIME_FORMS = 'an ISO 8601 date or time (2026-11-01, 2026-11-01T12:00:00Z, 2026-11-01T14:00+02:00), Unix seconds ' +
    '(1793534400), or a time ago: a number with s, m, h, d or w (30m, 12h, 7d, 2w)';
/** Seconds per unit of a relative time: m is minutes (months are not a fixed length). */
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
/** Past this, a number is milliseconds given by mistake (the bound the API's UnixSeconds schema uses). */
const MAX_SECONDS = 99_999_999_999;
const RELATIVE = /^(\d+)\s*([smhdw])$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/**
 * Reads one time input as Unix seconds (an integer: fractions are dropped). `nowSeconds` anchors relative times.
 * An ISO date or time without an offset is UTC: runners run in UTC, and a step should not depend on the machine.
 */
function parseTime(value, input, nowSeconds) {
    const text = value.trim();
    const fail = (problem) => {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, problem, TIME_FORMS);
    };
    if (text === '')
        fail('is empty');
    if (/^\d+$/.test(text)) {
        const n = Number(text);
        if (!Number.isSafeInteger(n) || n > MAX_SECONDS) {
            fail(`'${text}' is too large for Unix seconds (milliseconds? divide by 1000)`);
        }
        return n;
    }
    const relative = RELATIVE.exec(text);
    if (relative) {
        const amount = Number(relative[1]);
        const unit = relative[2];
        const at = Math.floor(nowSeconds) - amount * UNIT_SECONDS[unit];
        if (!Number.isSafeInteger(amount) || at < 0)
            fail(`'${text}' ago is before 1970`);
        return at;
    }
    const iso = ISO.exec(text);
    if (!iso)
        return fail(`'${text}' is not a time`);
    const [, y, mo, d, h = '0', mi = '0', s = '0', , zone] = iso;
    const parts = [y, mo, d, h, mi, s].map(Number);
    const [year, month, day, hour, minute, second] = parts;
    const utc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    // Date.UTC rolls 2026-02-30 over to March: a date that does not round-trip does not exist.
    const real = utc.getUTCFullYear() === year &&
        utc.getUTCMonth() === month - 1 &&
        utc.getUTCDate() === day &&
        utc.getUTCHours() === hour &&
        utc.getUTCMinutes() === minute &&
        utc.getUTCSeconds() === second;
    if (!real)
        fail(`'${text}' is not a real date and time`);
    let seconds = utc.getTime() / 1000;
    if (zone && zone.toUpperCase() !== 'Z') {
        const sign = zone.startsWith('-') ? -1 : 1;
        const digits = zone.slice(1).replace(':', '');
        const offsetHours = Number(digits.slice(0, 2));
        const offsetMinutes = Number(digits.slice(2));
        if (offsetHours > 23 || offsetMinutes > 59)
            fail(`'${text}' has an offset that does not exist`);
        seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60);
    }
    if (seconds < 0)
        fail(`'${text}' is before 1970`);
    return seconds;
}
/** Integer or fractional Unix seconds as ISO 8601 UTC, to the second: `2026-11-01T12:00:00Z`. */
function formatTime(seconds) {
    return new Date(Math.floor(seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}


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
/* harmony import */ var _trust_log_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1488);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(311);
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8625);
/**
 * The GitHub REST client (Octokit through @actions/github), loaded with a dynamic import only when a step talks to
 * GitHub: the other actions of the bundle never parse it.
 */



/** How long one GitHub call (all its pages) may take. */
const GITHUB_TIMEOUT_MS = 60_000;
async function createOctokit({ token, apiUrl }) {
    // Scrubbed from every message of the error family, whatever GitHub echoes back.
    (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .registerSecret */ .cl)(token);
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    return getOctokit(token, {
        baseUrl: apiUrl.replace(/\/+$/, ''),
        userAgent: _version_js__WEBPACK_IMPORTED_MODULE_2__/* .USER_AGENT */ ._,
        // Octokit writes warnings to the console by default; keep stdout clean and every line scrubbed.
        log: {
            debug: (message) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(message),
            info: (message) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(message),
            warn: (message) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(message),
            error: (message) => _trust_log_js__WEBPACK_IMPORTED_MODULE_0__/* .log */ .R.debug(message),
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
    return (0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(status !== undefined ? `HTTP ${status}: ${message}` : `no answer: ${message}`);
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
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8625);
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
    (0,_actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH)('payload-file', file);
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
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/context/github.ts
var context_github = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/trust/text.ts
var trust_text = __webpack_require__(6623);
// EXTERNAL MODULE: ./src/github/octokit.ts
var github_octokit = __webpack_require__(6702);
// EXTERNAL MODULE: ./src/trust/redact.ts
var redact = __webpack_require__(8625);
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
    // Encoded, so no key can close the HTML comment or match another key's marker; scrubbed like the rest.
    return (0,redact/* redact */.E$)(`<!-- compliance-actions:sticky ${encodeURIComponent(key)} -->`);
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
    // Scrubbed: a body quotes the server's text, and a server may echo a token; no mention survives either.
    const content = (0,trust_text/* noMention */.ov)((0,redact/* redact */.E$)(options.body)).trimEnd();
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
/** The login the token acts as; undefined for an installation token (the workflow's), which may not ask. */
async function viewerLogin(octokit, timeoutMs) {
    try {
        const { data } = await octokit.rest.users.getAuthenticated({ request: (0,github_octokit/* requestOptions */.ag)(timeoutMs) });
        return data.login;
    }
    catch {
        return undefined;
    }
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
        // Anyone can paste the marker into a comment: only one written by a bot (the workflow token's
        // github-actions[bot], or an app) or by the token's own user is ours to update.
        const marked = [];
        for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, {
            owner,
            repo,
            issue_number: issueNumber,
            per_page: 100,
            request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
        })) {
            for (const c of page.data)
                if (c.body?.includes(marker))
                    marked.push({ id: c.id, user: c.user });
        }
        let existing = marked.find((c) => c.user?.type === 'Bot')?.id;
        if (existing === undefined && marked.length > 0) {
            const viewer = await viewerLogin(octokit, options.timeoutMs);
            existing = marked.find((c) => viewer !== undefined && c.user?.login === viewer)?.id;
            if (existing === undefined) {
                const by = [...new Set(marked.map((c) => c.user?.login ?? 'unknown'))].join(', ');
                log/* log */.R.info(`Left alone ${marked.length} comment(s) with this step's marker written by ${by}.`);
            }
        }
        if (existing !== undefined) {
            const { data } = await octokit.rest.issues.updateComment({
                owner,
                repo,
                comment_id: existing,
                body: text,
                request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
            });
            log/* log */.R.info(`Updated the comment on pull request #${issueNumber}: ${data.html_url}`);
            return { status: 'updated', id: data.id, url: data.html_url, truncated, length: text.length };
        }
        const { data } = await octokit.rest.issues.createComment({
            owner,
            repo,
            issue_number: issueNumber,
            body: text,
            request: (0,github_octokit/* requestOptions */.ag)(options.timeoutMs),
        });
        log/* log */.R.info(`Commented on pull request #${issueNumber}: ${data.html_url}`);
        return { status: 'created', id: data.id, url: data.html_url, truncated, length: text.length };
    }
    catch (error) {
        const httpStatus = (0,github_octokit/* githubStatus */.AV)(error);
        const reason = (0,github_octokit/* describeGitHubError */.dZ)(error);
        const hint = httpStatus === 403 || httpStatus === 404
            ? FORBIDDEN_HINT
            : 'The result is in the job summary; the comment is left as it was.';
        log/* log */.R.warning(`Could not comment on pull request #${issueNumber} (${reason}). ${hint}`);
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
        (0,core/* setSecret */.Pq)(token);
        (0,redact/* registerSecret */.cl)(token);
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
 * Posts or updates the comment of `key` (an action, and what tells two steps of it in one job apart), kept once per
 * workflow and job, when `comment-on-pr` asks for it and this run is for a pull request; undefined when no comment
 * was asked or possible.
 */
async function commentOnPullRequest(inputs, key, body) {
    if (!inputs.commentOnPr || inputs.githubToken === undefined)
        return undefined;
    const pr = inputs.pullRequest;
    if (!pr) {
        log/* log */.R.info('comment-on-pr: this run is not for a pull request; no comment.');
        return undefined;
    }
    const { github } = inputs.runner;
    const token = inputs.githubToken;
    return log/* log */.R.group(`Comment on pull request #${pr.number}`, () => upsertStickyComment({
        token,
        apiUrl: github.apiUrl,
        owner: pr.owner,
        repo: pr.repo,
        issueNumber: pr.number,
        key: `${github.workflow ?? 'workflow'}/${github.job ?? 'job'}/${key}`,
        body: body(),
        runUrl: (0,context_github/* buildUrl */.c$)(github),
    }));
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
/* harmony import */ var _trust_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8625);
/* harmony import */ var _trust_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6623);
/**
 * The one job-summary writer. Everything that came from the server or the user is escaped; links are kept only when
 * they are http(s); the whole summary stays under a byte budget (GitHub drops a step summary over 1 MiB, sometimes
 * silently), ending with a note that says what was left out and where the full data is.
 */



/** GitHub's limit is 1 MiB per step; keep room for the truncation note. */
const SUMMARY_LIMIT = 1024 * 1024 - 4 * 1024;
/**
 * Escapes text for Markdown and HTML alike, on one line (each kind of line break becomes `<br>`), with no mention left
 * in it.
 */
function escapeText(text) {
    // Scrubbed before escaping: once escaped (`_` → `\_`) a token no longer matches the runner's mask.
    return (0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .noMention */ .ov)((0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(text)))
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/([\\`*_[\]{}()#+!|~])/g, '\\$1')
        .split(_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .LINE_BREAK_MARK */ .DD)
        .join('<br>');
}
/** An http(s) URL made safe for a Markdown link, or undefined (a `javascript:` link, say, is dropped). */
function safeUrl(href) {
    if (!href)
        return undefined;
    let url;
    try {
        // Scrubbed before it is encoded: `%28` for `(` would hide a token from the redactor.
        url = new URL((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(href));
    }
    catch {
        return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return undefined;
    // No credentials in a link; `@` (and `()<> `) escaped, so no part of a link can read as a mention.
    url.username = '';
    url.password = '';
    return url.href.replace(/[()<> @]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
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
            return `<code>${(0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .oneLine */ .TN)((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(value.code)).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '&#124;')}</code>`;
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
    /**
     * Adds the caller's Markdown, scrubbed and with no mention left (escaped parts already have none; this is the guard
     * for the rest); returns false (and counts it) when it would pass the budget.
     */
    add(text, weight = 1) {
        const markdown = (0,_trust_text_js__WEBPACK_IMPORTED_MODULE_2__/* .noMention */ .ov)((0,_trust_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .redact */ .E$)(text));
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
