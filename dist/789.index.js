export const id = 789;
export const ids = [789];
export const modules = {

/***/ 7789:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  action: () => (/* binding */ action)
});

// EXTERNAL MODULE: ./src/runtime/step.ts + 1 modules
var step = __webpack_require__(7402);
// EXTERNAL MODULE: ./src/context/time.ts
var time = __webpack_require__(838);
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/list-actions/render.ts
/**
 * list-actions, rendering: the job summary, one row per action. Text from the service is escaped by the summary
 * writer; a webhook target shows its host only.
 */


/**
 * A target in a few words: its type and where it sends. A webhook URL often carries a secret in its path (a chat
 * webhook does), so only its host is shown; the full targets are in the result file.
 */
function describeTarget(target) {
    const type = typeof target.type === 'string' ? target.type : 'target';
    const where = ['channel', 'address', 'email', 'name'].map((key) => target[key]).find(isText);
    if (where !== undefined)
        return `${type} ${where}`;
    const url = isText(target.url) && URL.canParse(target.url) ? new URL(target.url).host : undefined;
    return url ? `${type} (${url})` : type;
}
function isText(value) {
    return typeof value === 'string' && value !== '';
}
function summarize(result) {
    const summary = new writer/* SummaryWriter */.CS();
    summary.heading(`Notification actions: ${result.count}, failing: ${result.failing.length}${result.failure ? ' ❌' : ''}`, 3);
    // A health check that could not check (outcome error) says why in the summary too, not only in the failure.
    if (result.error !== undefined)
        summary.paragraph(result.error.message);
    if (result.count === 0)
        return summary.paragraph('The org has no actions.');
    summary.table([
        'Name',
        'Type',
        'Triggers',
        'Targets',
        'Flows or environments',
        'Failing',
        'Last success',
        'Last failure',
    ], result.actions.map((a) => {
        const flows = a.flows ?? [];
        const environments = a.environments ?? [];
        const scope = [
            ...(flows.length > 0 ? [`flows: ${flows.join(', ')}`] : []),
            ...(environments.length > 0 ? [`environments: ${environments.join(', ')}`] : []),
        ];
        const failing = a.is_failing;
        return [
            a.name,
            a.type,
            a.triggers.join(', '),
            a.targets.map(describeTarget).join(', '),
            scope.join('; '),
            failing === true ? '❌ yes' : failing === false ? 'no' : 'unknown',
            (0,cells/* timeCell */.s5)(a.last_success_timestamp) ?? '—',
            (0,cells/* timeCell */.s5)(a.last_failure_timestamp) ?? '—',
        ];
    }));
    return summary;
}

;// CONCATENATED MODULE: ./src/actions/list-actions/run.ts





/** How many failing actions a failure message names before "and N more". */
const MAX_NAMED = 20;
function readInputs(inputs, cwd) {
    return {
        ...(0,context/* readCommon */.Cy)(inputs, cwd),
        failIfFailing: inputs.boolean('fail-if-failing', false),
    };
}
/** The outputs of a step that could not check: `failing` stays a JSON list, so a later fromJSON() reads it. */
const ERROR_OUTPUTS = { count: '', failing: '[]' };
async function run(inputs) {
    const { url, actions } = await (0,context/* withClient */.SV)(inputs.connection, async (client) => ({
        url: client.urlFor('listActions'),
        actions: await log/* log */.R.group(`List the actions of ${inputs.connection.org}`, async () => {
            const list = await client.listActions();
            log/* log */.R.info(`${list.length} action(s).`);
            return list;
        }),
    }));
    const failingActions = actions.filter((a) => a.is_failing === true);
    const failing = failingActions.map((a) => a.name);
    let outcome = failing.length > 0 ? 'failing' : 'healthy';
    const result = {
        url,
        count: actions.length,
        failing,
        failIfFailing: inputs.failIfFailing,
        actions,
    };
    // A gate cannot pass on a status the service does not give: "unknown" is could-not-check, not healthy.
    const unknown = actions.filter((a) => typeof a.is_failing !== 'boolean');
    if (inputs.failIfFailing && failing.length === 0 && unknown.length > 0) {
        outcome = 'error';
        result.failure =
            `fail-if-failing: could not check: the service does not say whether ${unknown.length} of ${actions.length} ` +
                `action(s) fail to send notifications: ${nameList(unknown.map((a) => `'${a.name}'`), '')}.`;
        result.error = { kind: 'unexpected-response', message: result.failure };
    }
    else if (inputs.failIfFailing && failing.length > 0) {
        result.failure =
            `fail-if-failing: ${failing.length} of ${actions.length} action(s) fail to send notifications: ` +
                nameList(failingActions.map(describeFailure), ' (see the job summary)', '; ') +
                '.';
    }
    return {
        outcome,
        outputs: { count: result.count, failing: JSON.stringify(failing) },
        result: { ...result },
        summary: summarize(result),
        ...(result.failure !== undefined
            ? { failure: result.failure }
            : { annotations: warnings(failingActions) }),
    };
}
/** The first twenty, then how many more. */
function nameList(names, more, separator = ', ') {
    const rest = names.length - MAX_NAMED;
    return `${names.slice(0, MAX_NAMED).join(separator)}${rest > 0 ? ` and ${rest} more${more}` : ''}`;
}
/** One warning per failing action; past GitHub's ten, the last one counts the rest (the summary lists them all). */
function warnings(failingActions) {
    const named = failingActions.length > step/* MAX_ANNOTATIONS */.KE ? failingActions.slice(0, step/* MAX_ANNOTATIONS */.KE - 1) : failingActions;
    const out = named.map((a) => ({
        level: 'warning',
        message: `Action ${describeFailure(a)} fails to send notifications.`,
    }));
    const rest = failingActions.length - named.length;
    if (rest > 0) {
        out.push({ level: 'warning', message: `${rest} more action(s) are failing: see the job summary.` });
    }
    return out;
}
function describeFailure(action) {
    const last = action.last_failure_timestamp;
    return `'${action.name}'${typeof last === 'number' ? ` (last failure ${(0,time/* formatTime */.fU)(last)})` : ''}`;
}

;// CONCATENATED MODULE: ./src/actions/list-actions/index.ts


const action = (0,step/* defineAction */.QP)({
    name: 'list-actions',
    read: readInputs,
    run: run,
    couldNot: (inputs) => inputs ? `Could not list the actions of ${inputs.connection.org}` : 'Could not list the actions',
    describe: (inputs) => ({ failIfFailing: inputs.failIfFailing }),
    onError: { outputs: ERROR_OUTPUTS },
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
