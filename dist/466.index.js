export const id = 466;
export const ids = [466];
export const modules = {

/***/ 2466:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* reexport */ main)
});

// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/api/index.ts + 4 modules
var api = __webpack_require__(1974);
// EXTERNAL MODULE: ./src/context/time.ts
var time = __webpack_require__(838);
// EXTERNAL MODULE: ./src/runtime/artifact.ts + 6 modules
var artifact = __webpack_require__(6922);
// EXTERNAL MODULE: ./src/runtime/context.ts + 1 modules
var context = __webpack_require__(1410);
// EXTERNAL MODULE: ./src/runtime/outcome.ts
var outcome = __webpack_require__(9708);
// EXTERNAL MODULE: ./src/runtime/legacy-output.ts
var legacy_output = __webpack_require__(7595);
// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
// EXTERNAL MODULE: ./src/trust/redact.ts
var redact = __webpack_require__(8625);
;// CONCATENATED MODULE: ./src/actions/get-deployment/run.ts
/**
 * get-deployment: when and in which snapshot an artifact started running in an environment, and what it replaced
 * (GET /deployments/{org}/{env}/{fp}). The fingerprint is given as is or computed the way report-artifact computes
 * it. A 404 that says the artifact was not deployed there fails the step saying so, or, with `fail-if-missing:
 * false`, carries on with `found=false`; a 404 about the org or environment fails either way. `outcome` tells a later
 * step found, not-found or error (could not check).
 */










const ACTION = 'get-deployment';
function readInputs(inputs, cwd) {
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const environment = inputs.requiredMatching('environment', 'envName');
    return {
        ...common,
        environment,
        artifact: (0,artifact/* readArtifactSpec */._)(inputs, common.runner.workspace),
        failIfMissing: inputs.boolean('fail-if-missing', true),
    };
}
const COULD_NOT_CHECK = {
    found: '',
    'deployed-at': '',
    'snapshot-index': '',
    'artifact-name': '',
    'replaced-fingerprint': '',
    'diff-url': '',
};
/** Sets the outputs and writes the result file of a step that could not check; the caller fails the step. */
async function couldNotCheck(runner, known, error, heading) {
    await (0,outcome/* recordCouldNotCheck */.Ms)(runner, ACTION, COULD_NOT_CHECK, { found: null, ...known }, error, heading);
}
async function run(inputs) {
    // What is known so far, for the result file of a step that could not check.
    const known = {
        environment: inputs.environment,
        failIfMissing: inputs.failIfMissing,
    };
    try {
        return await check(inputs, known);
    }
    catch (error) {
        const heading = `Could not check the deployment to ${inputs.environment}`;
        await couldNotCheck(inputs.runner, known, error, inputs.summary ? heading : undefined);
        throw error;
    }
}
/** A 404 that names the artifact or its deployment, as opposed to the org or environment. */
const ABOUT_DEPLOYMENT = /\b(artifact|fingerprint|deploy)/i;
/**
 * The 404 of a deployment, or an error for one that does not say the artifact was not deployed: an org or
 * environment that does not exist (a typo) must not read as "not deployed", whatever fail-if-missing says.
 */
function notDeployed(error) {
    const about = (0,outcome/* notFoundAbout */.nO)(error, ABOUT_DEPLOYMENT);
    if (about === 'subject')
        return error;
    throw new api/* ApiError */.hD({
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
async function check(inputs, known) {
    const { fingerprint } = await (0,artifact/* resolveFingerprint */.J)(inputs.artifact);
    known.fingerprint = fingerprint;
    return (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const url = client.urlFor('getDeployment', { env_name: inputs.environment, fingerprint });
        known.url = url;
        const answer = await log/* log */.R.group(`Read the deployment to ${inputs.environment}`, async () => {
            try {
                return await client.getDeployment(inputs.environment, fingerprint);
            }
            catch (error) {
                if (error instanceof api/* ApiError */.hD && error.status === 404)
                    return notDeployed(error);
                throw error;
            }
        });
        const base = { environment: inputs.environment, fingerprint, url, failIfMissing: inputs.failIfMissing };
        let result;
        if (answer instanceof api/* ApiError */.hD) {
            result = {
                ...base,
                outcome: 'not-found',
                found: false,
                deployedAt: null,
                snapshotIndex: null,
                artifactName: null,
                replacedFingerprint: null,
                diffUrl: null,
                message: `Artifact ${fingerprint} was not deployed to environment '${inputs.environment}'` +
                    ` (org '${inputs.connection.org}'): the service answered HTTP 404` +
                    `${answer.serverMessage ? `: ${answer.serverMessage.replace(/\.$/, '')}` : ''}.`,
                ...(answer.serverMessage !== undefined && { serverMessage: answer.serverMessage }),
            };
        }
        else {
            // deployed_at is the answer; the rest is only passed on: one sent malformed is left empty, not fatal.
            result = {
                ...base,
                outcome: 'found',
                found: true,
                deployedAt: (0,time/* formatTime */.fU)(answer.deployed_at),
                snapshotIndex: (0,api/* shownField */["in"])(() => answer.snapshot_index) ?? null,
                artifactName: (0,api/* shownField */["in"])(() => answer.artifact_name) ?? null,
                replacedFingerprint: (0,api/* shownField */["in"])(() => answer.replaced_artifact?.fingerprint) ?? null,
                diffUrl: (0,api/* shownField */["in"])(() => answer.diff_url) ?? null,
                deployment: answer,
            };
            log/* log */.R.info((0,redact/* redact */.E$)(`${result.artifactName ?? fingerprint} was deployed to ${inputs.environment} at ${result.deployedAt}` +
                `${result.snapshotIndex !== null ? ` (snapshot #${result.snapshotIndex})` : ''}.`));
        }
        (0,legacy_output/* setOutputs */.n0)({
            outcome: result.outcome,
            found: result.found,
            'deployed-at': result.deployedAt ?? '',
            'snapshot-index': result.snapshotIndex ?? '',
            'artifact-name': result.artifactName ?? '',
            'replaced-fingerprint': result.replacedFingerprint ?? '',
            'diff-url': result.diffUrl ?? '',
        });
        await (0,legacy_output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
        if (inputs.summary)
            await summarize(result).write(inputs.runner.summaryFile);
        if (result.message !== undefined) {
            if (inputs.failIfMissing) {
                log/* log */.R.fail(`${result.message} Set fail-if-missing: false to carry on when it is not deployed.`);
            }
            else {
                // A warning, so the service's words are seen: a 404 read wrongly as "not deployed" would pass silently.
                log/* log */.R.warning(`${result.message} fail-if-missing is false: carrying on with found=false.`);
            }
        }
        return result;
    });
}
/** `_links.<name>.href` when it is an http(s) URL (the spec does not show what `_links` holds). */
function linkOf(deployment, name) {
    const entry = (0,api/* shownField */["in"])(() => deployment._links?.[name]);
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
    const artifact = (0,api/* shownField */["in"])(() => deployment.artifact) ?? undefined;
    const replaced = (0,api/* shownField */["in"])(() => deployment.replaced_artifact) ?? undefined;
    const replacedName = (0,api/* shownField */["in"])(() => replaced?.artifact_name);
    const rows = [
        ['Environment', { text: result.environment, href: linkOf(deployment, 'environment') }],
        ['Artifact', name],
        ['Fingerprint', { code: result.fingerprint }],
        ['Deployed at', result.deployedAt],
        ['Snapshot', result.snapshotIndex !== null ? `#${result.snapshotIndex}` : undefined],
        ['Flow', (0,api/* shownField */["in"])(() => artifact?.flow_name)],
        ['Trail', (0,api/* shownField */["in"])(() => artifact?.trail_name)],
        [
            'Commit',
            (0,cells/* commitCell */.Ou)({
                sha: (0,api/* shownField */["in"])(() => artifact?.git_commit) ?? (0,api/* shownField */["in"])(() => artifact?.git_commit_info?.sha1),
                message: (0,api/* shownField */["in"])(() => artifact?.git_commit_info?.message),
                url: (0,api/* shownField */["in"])(() => artifact?.git_commit_info?.url),
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

// EXTERNAL MODULE: ./src/context/inputs.ts
var context_inputs = __webpack_require__(5042);
;// CONCATENATED MODULE: ./src/actions/get-deployment/main.ts



const main = async () => {
    const inputs = await (0,outcome/* readInputsOrRecord */.U5)(process.env, process.cwd(), () => readInputs(new context_inputs/* InputReader */.i_(process.env), process.cwd()), (runner, error) => couldNotCheck(runner, {}, error));
    await run(inputs);
};

;// CONCATENATED MODULE: ./src/actions/get-deployment/index.ts
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
