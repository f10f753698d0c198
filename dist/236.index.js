export const id = 236;
export const ids = [236];
export const modules = {

/***/ 6236:
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
// EXTERNAL MODULE: ./src/api/parse.ts
var parse = __webpack_require__(8247);
// EXTERNAL MODULE: ./src/api/snapshot.ts
var api_snapshot = __webpack_require__(3218);
// EXTERNAL MODULE: ./src/runtime/context.ts + 1 modules
var context = __webpack_require__(1410);
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
        const diff = await log/* log */.R.group(`Compare ${one} with ${two}`, async () => {
            log/* log */.R.info(`GET ${url}`);
            return client.diffEnvironments(one, two);
        });
        const result = toResult(url, one, two, diff);
        (0,legacy_output/* setOutputs */.n0)({
            changed: result.changed,
            'only-in-1': result.counts.onlyIn1,
            'only-in-2': result.counts.onlyIn2,
            scaled: result.counts.scaled,
            unchanged: result.counts.unchanged,
            'snapshot-1-id': result.snapshot1.id,
            'snapshot-2-id': result.snapshot2.id,
        });
        logDiff(result);
        if (inputs.summary)
            await summarize(result, inputs.showUnchanged).write(inputs.runner.summaryFile);
        // Keyed by the two expressions too: a promotion check and a drift check in one workflow keep their own comments.
        const comment = await (0,pr_comment/* commentOnPullRequest */.rh)(inputs, `${ACTION}/${one}..${two}`, () => summarize(result, inputs.showUnchanged, pr_comment/* COMMENT_WRITER_OPTIONS */.DP).toString());
        if (comment !== undefined)
            result.comment = comment;
        await (0,legacy_output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
        if (inputs.failOnDiff && result.changed) {
            // Snapshot ids come from the server: scrubbed like every other message.
            log/* log */.R.fail((0,redact/* redact */.E$)(`${result.snapshot1.id} and ${result.snapshot2.id} differ (fail-on-diff): ${counts(result)}. ` +
                'See the job summary or result-file for the artifacts.'));
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
        // Only shown: a snapshot_id the service sent null or malformed falls back to the expression as sent.
        snapshot1: { expression: one, id: (0,parse/* shownField */["in"])(() => diff.snappish1.snapshot_id) || one },
        snapshot2: { expression: two, id: (0,parse/* shownField */["in"])(() => diff.snappish2.snapshot_id) || two },
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
    const count = (0,parse/* shownField */["in"])(() => (side === 1 ? a.s1_instance_count : a.s2_instance_count));
    return count ?? (0,parse/* shownField */["in"])(() => a.instance_count) ?? undefined;
}
/** Name and fingerprint are only shown: one the service sent malformed reads as `?`, never fails the step. */
function nameOf(a) {
    return (0,parse/* shownField */["in"])(() => a.name) ?? '?';
}
function shortFingerprint(a) {
    return (0,parse/* shownField */["in"])(() => a.fingerprint)?.slice(0, 12) ?? '?';
}
function scaling(a) {
    return `${instances(a, 1) ?? '?'} → ${instances(a, 2) ?? '?'}`;
}
/** Names and snapshot ids come from the server: every line is scrubbed, a server may echo the token. */
function logDiff(result) {
    const { snapshot1: s1, snapshot2: s2 } = result;
    const info = (text) => log/* log */.R.info(text);
    info(`${s1.expression} is ${s1.id}; ${s2.expression} is ${s2.id}.`);
    info(`${counts(result)}.`);
    const groups = [
        [`Only present in ${s1.id}`, result.onlyIn1, (a) => `${instances(a, 1) ?? '?'} instance(s)`],
        [`Only present in ${s2.id}`, result.onlyIn2, (a) => `${instances(a, 2) ?? '?'} instance(s)`],
        [`${s1.id} -> ${s2.id} scaling`, result.scaled, scaling],
    ];
    for (const [title, artifacts, detail] of groups) {
        if (artifacts.length === 0)
            continue;
        log/* log */.R.startGroup(`${title} (${artifacts.length})`);
        for (const a of artifacts.slice(0, LOG_LINES))
            info(`${nameOf(a)}  ${shortFingerprint(a)}  ${detail(a)}`);
        if (artifacts.length > LOG_LINES)
            info(`... and ${artifacts.length - LOG_LINES} more (see result-file)`);
        log/* log */.R.endGroup();
    }
}
function podsCell(a) {
    const pods = (0,parse/* shownItems */.ul)((0,parse/* shownField */["in"])(() => a.pods));
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
        nameOf(a),
        { code: shortFingerprint(a) },
        (0,parse/* shownField */["in"])(() => a.flow),
        (0,cells/* commitCell */.Ou)({ url: (0,parse/* shownField */["in"])(() => a.commit_url) }),
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
        group('Unchanged', 'Instances', result.unchanged, (a) => (0,parse/* shownField */["in"])(() => a.instance_count) ?? instances(a, 2));
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
    await run(readInputs(new inputs/* InputReader */.i_(process.env), process.cwd()));
};

;// CONCATENATED MODULE: ./src/actions/diff-envs/index.ts
// TEMPORARY (issue 13 transition): the old entry, until this action is an ActionDefinition.



/***/ }),

/***/ 838:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fU: () => (/* binding */ formatTime),
/* harmony export */   pe: () => (/* binding */ parseTime)
/* harmony export */ });
/* unused harmony export TIME_FORMS */
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
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
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(input, problem, TIME_FORMS);
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
