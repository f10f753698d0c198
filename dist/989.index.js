export const id = 989;
export const ids = [989];
export const modules = {

/***/ 989:
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
;// CONCATENATED MODULE: ./src/actions/get-artifact/run.ts
/**
 * get-artifact: reads one artifact of a flow by its fingerprint (GET /artifacts/{org}/{flow}/fingerprint/{fp}), the
 * fingerprint given as is or computed the way report-artifact computes it, and gives its compliance state. With
 * `assert-compliant` it is a gate: the step fails unless the state is COMPLIANT, naming what is missing or
 * non-compliant. `outcome` tells a later step which of compliant, non-compliant, not-found or error (could not check)
 * it was; a 404 fails the step too, after the outputs are set.
 */









const ACTION = 'get-artifact';
/** How many attestation names a failure message lists before "and N more". */
const MAX_NAMED = 20;
function readInputs(inputs, cwd) {
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const flow = inputs.requiredMatching('flow', 'flowName');
    return {
        ...common,
        flow,
        artifact: (0,artifact/* readArtifactSpec */._)(inputs, common.runner.workspace),
        trail: inputs.matching('trail', 'trailName'),
        attestationId: inputs.matching('attestation-id', 'attestationId'),
        assertCompliant: inputs.boolean('assert-compliant', false),
    };
}
/** What a later step reads when the step could not check: never a compliant artifact, and never "not found". */
const COULD_NOT_CHECK = { compliant: false, found: '', state: '', 'html-url': '' };
/** Sets the outputs and writes the result file of a step that could not check; the caller fails the step. */
async function couldNotCheck(runner, known, error, heading) {
    const result = { compliant: false, found: null, ...known };
    await (0,outcome/* recordCouldNotCheck */.Ms)(runner, ACTION, COULD_NOT_CHECK, result, error, heading);
}
async function run(inputs) {
    // What is known so far, for the result file of a step that could not check.
    const known = { flow: inputs.flow, assertCompliant: inputs.assertCompliant };
    try {
        return await check(inputs, known);
    }
    catch (error) {
        const heading = `Could not check the artifact in flow ${inputs.flow}`;
        await couldNotCheck(inputs.runner, known, error, inputs.summary ? heading : undefined);
        throw error;
    }
}
/** A 404 that names the artifact (or its trail or attestation), as opposed to the org or flow. */
const ABOUT_ARTIFACT = /\b(artifact|fingerprint|trail|attestation)/i;
async function check(inputs, known) {
    const { fingerprint } = await (0,artifact/* resolveFingerprint */.J)(inputs.artifact);
    known.fingerprint = fingerprint;
    const query = {
        ...(inputs.trail !== undefined && { trail: inputs.trail }),
        ...(inputs.attestationId !== undefined && { attestation_id: inputs.attestationId }),
    };
    return (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const url = client.urlFor('getArtifact', { flow_name: inputs.flow, fingerprint }, query);
        known.url = url;
        const base = {
            flow: inputs.flow,
            fingerprint,
            ...(inputs.trail !== undefined && { trail: inputs.trail }),
            ...(inputs.attestationId !== undefined && { attestationId: inputs.attestationId }),
            url,
            assertCompliant: inputs.assertCompliant,
        };
        const artifact = await log/* log */.R.group(`Read the artifact from flow ${inputs.flow}`, async () => {
            try {
                const answer = await client.getArtifact(inputs.flow, fingerprint, query);
                log/* log */.R.info((0,redact/* redact */.E$)(`${(0,api/* shownField */["in"])(() => answer.filename) ?? 'Artifact'} (${fingerprint}): ${answer.state ?? 'no state'}`));
                return answer;
            }
            catch (error) {
                // Only a 404 about the artifact is "not found"; an org or flow that does not exist could not be checked.
                if (error instanceof api/* ApiError */.hD &&
                    error.status === 404 &&
                    (0,outcome/* notFoundAbout */.nO)(error, ABOUT_ARTIFACT) === 'subject')
                    return error;
                throw error;
            }
        });
        let result;
        if (artifact instanceof api/* ApiError */.hD) {
            result = {
                ...base,
                outcome: 'not-found',
                found: false,
                state: null,
                compliant: false,
                htmlUrl: null,
                stateInfo: null,
                attestations: [],
                problems: [],
                failure: notFound(inputs, fingerprint, artifact),
            };
        }
        else {
            const state = artifact.state ?? null;
            const attestations = attestationsOf(artifact);
            const problems = attestations.flatMap((a) => a.status === 'MISSING'
                ? [{ name: a.name, problem: 'missing' }]
                : a.compliant === false
                    ? [{ name: a.name, problem: 'non-compliant' }]
                    : []);
            result = {
                ...base,
                outcome: state === 'COMPLIANT' ? 'compliant' : 'non-compliant',
                found: true,
                state,
                compliant: state === 'COMPLIANT',
                htmlUrl: (0,api/* shownField */["in"])(() => artifact.html_url) ?? null,
                stateInfo: (0,api/* shownField */["in"])(() => artifact.state_info) ?? null,
                attestations,
                problems,
                artifact,
            };
            if (inputs.assertCompliant && !result.compliant)
                result.failure = tripped(result, artifact);
        }
        (0,legacy_output/* setOutputs */.n0)({
            outcome: result.outcome,
            found: result.found,
            state: result.state ?? '',
            compliant: result.compliant,
            'html-url': result.htmlUrl ?? '',
        });
        await (0,legacy_output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
        if (inputs.summary)
            await summarize(result).write(inputs.runner.summaryFile);
        // Server text (names, state_info) goes to the log: scrubbed like every other message.
        if (result.failure !== undefined)
            log/* log */.R.fail(result.failure);
        else if (inputs.assertCompliant)
            log/* log */.R.info(`assert-compliant: the artifact is COMPLIANT.`);
        return result;
    });
}
function notFound(inputs, fingerprint, error) {
    const where = [
        `flow '${inputs.flow}'`,
        ...(inputs.trail !== undefined ? [`trail '${inputs.trail}'`] : []),
        ...(inputs.attestationId !== undefined ? [`attestation id ${inputs.attestationId}`] : []),
    ].join(', ');
    return (`No artifact with fingerprint ${fingerprint} in ${where} of org '${inputs.connection.org}'` +
        ` (the service answered HTTP 404${error.serverMessage ? `: ${error.serverMessage}` : ''}).` +
        ' Check that the artifact was reported to this flow, and the fingerprint (or artifact and artifact-type).');
}
/** The gate's failure: the state, and the attestations to blame (or the service's own words when it names none). */
function tripped(result, artifact) {
    const name = (0,api/* shownField */["in"])(() => artifact.filename);
    const subject = `Artifact ${name ? `'${name}' ` : ''}(${result.fingerprint}) in flow '${result.flow}'`;
    const state = result.state ? `is ${result.state}` : 'has no compliance state';
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
    return `assert-compliant: ${subject} ${state}: ${why}.${see}`;
}
function nameList(names) {
    const shown = names.slice(0, MAX_NAMED).join(', ');
    return names.length > MAX_NAMED ? `${shown} and ${names.length - MAX_NAMED} more` : shown;
}
/**
 * The attestations of the artifact's `evidence`, whose inner shape the spec does not show. Read: a map of
 * attestation name to `{status, is_compliant}` (as the sandbox answers), and lists of attestation status items
 * (`{attestation_name, status, is_compliant}`, the trail's compliance status shape) under any key.
 */
function attestationsOf(artifact) {
    const evidence = (0,api/* shownField */["in"])(() => artifact.evidence);
    if (!(0,api/* isRecord */.u4)(evidence))
        return [];
    const out = [];
    const add = (value, fallbackName) => {
        if (!(0,api/* isRecord */.u4)(value))
            return;
        const status = typeof value.status === 'string' ? value.status : undefined;
        const compliant = typeof value.is_compliant === 'boolean' || value.is_compliant === null ? value.is_compliant : undefined;
        const name = typeof value.attestation_name === 'string' ? value.attestation_name : fallbackName;
        if (name === undefined || (status === undefined && compliant === undefined))
            return;
        out.push({ name, status, compliant });
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
function summarize(result) {
    const summary = new writer/* SummaryWriter */.CS();
    const artifact = result.artifact;
    if (!artifact) {
        summary.heading('❌ Artifact not found', 3);
        summary.paragraph(result.failure ?? '');
        return summary;
    }
    const name = (0,api/* shownField */["in"])(() => artifact.filename) ?? result.fingerprint;
    summary.heading(`${result.state ? cells/* STATE_MARK */.G$[result.state] : cells/* UNKNOWN_MARK */.P0} Artifact ${name}: ${result.state ?? 'no compliance state'}`, 3);
    if ((0,writer/* safeUrl */.Pl)(result.htmlUrl))
        summary.markdown((0,writer/* link */.nf)('Open in the compliance service', result.htmlUrl));
    const info = (0,api/* shownField */["in"])(() => artifact.git_commit_info) ?? undefined;
    const repo = (0,api/* shownField */["in"])(() => artifact.repo_url) ?? undefined;
    const build = (0,api/* shownField */["in"])(() => artifact.build_url) ?? undefined;
    const rows = [
        ['Flow', result.flow],
        ['Name', { text: name, href: result.htmlUrl }],
        ['Fingerprint', { code: result.fingerprint }],
        ['State', result.state ?? 'none'],
        ['Trail', (0,api/* shownField */["in"])(() => artifact.trail_name)],
        ['Template reference', (0,api/* shownField */["in"])(() => artifact.template_reference_name)],
        [
            'Commit',
            (0,cells/* commitCell */.Ou)({
                sha: (0,api/* shownField */["in"])(() => artifact.git_commit) ?? (0,api/* shownField */["in"])(() => info?.sha1),
                message: (0,api/* shownField */["in"])(() => info?.message),
                url: (0,api/* shownField */["in"])(() => artifact.commit_url) ?? (0,api/* shownField */["in"])(() => info?.url),
            }),
        ],
        ['Build', build ? { text: 'build', href: build } : undefined],
        ['Repository', repo ? { text: repo, href: repo } : undefined],
        ['Reported', (0,cells/* timeCell */.s5)((0,api/* shownField */["in"])(() => artifact.created_at))],
        ['State info', result.stateInfo],
    ];
    summary.table(['Field', 'Value'], rows.filter(([, value]) => value !== undefined && value !== null && value !== '').map((row) => [...row]));
    if (result.attestations.length > 0) {
        summary.heading('Attestations', 4);
        summary.table(['Attestation', 'Status', 'Compliant'], result.attestations.map((a) => [a.name, a.status ?? '', (0,cells/* compliantCell */.gC)(a.compliant)]));
    }
    if (result.assertCompliant) {
        summary.paragraph(result.failure === undefined
            ? 'assert-compliant: passed.'
            : `assert-compliant: failed. ${result.failure.replace(/^assert-compliant: /, '')}`);
    }
    return summary;
}

// EXTERNAL MODULE: ./src/context/inputs.ts
var context_inputs = __webpack_require__(5042);
;// CONCATENATED MODULE: ./src/actions/get-artifact/main.ts



const main = async () => {
    const inputs = await (0,outcome/* readInputsOrRecord */.U5)(process.env, process.cwd(), () => readInputs(new context_inputs/* InputReader */.i_(process.env), process.cwd()), (runner, error) => couldNotCheck(runner, {}, error));
    await run(inputs);
};

;// CONCATENATED MODULE: ./src/actions/get-artifact/index.ts
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
