export const id = 869;
export const ids = [869];
export const modules = {

/***/ 7869:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  action: () => (/* binding */ action)
});

// EXTERNAL MODULE: ./src/runtime/step.ts + 1 modules
var step = __webpack_require__(7402);
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/api/snapshot.ts
var api_snapshot = __webpack_require__(3218);
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: ./src/runtime/pr-comment.ts + 1 modules
var pr_comment = __webpack_require__(2679);
// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/diff-envs/render.ts



/** Lines per group in the log; the rest are counted (the full lists are in result-file and the summary). */
const LOG_LINES = 50;
/** Pods shown in one summary cell; the rest are counted. */
const PODS_SHOWN = 20;
function counts(result) {
    const { snapshot1: s1, snapshot2: s2, counts: c } = result;
    return (`${c.onlyIn1} artifact(s) only in ${s1.id}, ${c.onlyIn2} only in ${s2.id}, ${c.scaled} scaled, ` +
        `${c.unchanged} unchanged`);
}
/** Instances in the first and second snapshot: the group's count, else the entry's `instance_count`. */
function instances(a, side) {
    return (side === 1 ? a.s1_instance_count : a.s2_instance_count) ?? a.instance_count ?? undefined;
}
function nameOf(a) {
    return orMark(a.name);
}
function shortFingerprint(a) {
    return orMark(a.fingerprint).slice(0, 12);
}
function orMark(text) {
    return text ?? '?';
}
function scaling(a) {
    return `${instances(a, 1) ?? '?'} → ${instances(a, 2) ?? '?'}`;
}
/** The pod names the service gave, any it left out or sent malformed dropped. */
function podsOf(a) {
    return (a.pods ?? []).filter((p) => typeof p === 'string');
}
/** Names and snapshot ids come from the server: `log` scrubs every line, a server may echo the token. */
function logDiff(result) {
    const { snapshot1: s1, snapshot2: s2 } = result;
    log/* log */.R.info(`${s1.expression} is ${s1.id}; ${s2.expression} is ${s2.id}.`);
    log/* log */.R.info(`${counts(result)}.`);
    const groups = [
        [`Only present in ${s1.id}`, result.onlyIn1, (a) => `${instances(a, 1) ?? '?'} instance(s)`],
        [`Only present in ${s2.id}`, result.onlyIn2, (a) => `${instances(a, 2) ?? '?'} instance(s)`],
        [`${s1.id} -> ${s2.id} scaling`, result.scaled, scaling],
    ];
    for (const [title, artifacts, detail] of groups) {
        if (artifacts.length === 0)
            continue;
        log/* log */.R.startGroup(`${title} (${artifacts.length})`);
        for (const a of artifacts.slice(0, LOG_LINES)) {
            log/* log */.R.info(`${nameOf(a)}  ${shortFingerprint(a)}  ${detail(a)}`);
        }
        if (artifacts.length > LOG_LINES)
            log/* log */.R.info(`... and ${artifacts.length - LOG_LINES} more (see result-file)`);
        log/* log */.R.endGroup();
    }
}
function podsCell(a) {
    const pods = podsOf(a);
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
        a.flow,
        (0,cells/* commitCell */.Ou)({ url: a.commit_url }),
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

;// CONCATENATED MODULE: ./src/actions/diff-envs/run.ts
/**
 * diff-envs: compares two environment snapshots (GET /env-diff/{org}): what runs only in the first, only in the
 * second, what was scaled, and (on request) what is unchanged. With `fail-on-diff` it is a drift check.
 */





function readInputs(inputs, cwd) {
    // The GitHub token first, masked before any other input can fail with a message.
    const githubToken = inputs.secret('github-token');
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const snapshot = (name) => (0,api_snapshot/* parseSnapshotExpression */.gS)(inputs.required(name, api_snapshot/* SNAPSHOT_FORMS */.Vs), name);
    return {
        ...common,
        snapshot1: snapshot('snapshot-1'),
        snapshot2: snapshot('snapshot-2'),
        showUnchanged: inputs.boolean('show-unchanged', false),
        failOnDiff: inputs.boolean('fail-on-diff', false),
        prComment: (0,pr_comment/* readPrComment */.SM)(inputs, common, githubToken),
    };
}
/** The two snapshots as asked (canonical form): in the result file, also of a step that could not compare them. */
function asked(inputs) {
    return {
        snapshot1: { expression: (0,api_snapshot/* formatSnapshotExpression */.kx)(inputs.snapshot1) },
        snapshot2: { expression: (0,api_snapshot/* formatSnapshotExpression */.kx)(inputs.snapshot2) },
    };
}
async function run(inputs) {
    const one = (0,api_snapshot/* formatSnapshotExpression */.kx)(inputs.snapshot1);
    const two = (0,api_snapshot/* formatSnapshotExpression */.kx)(inputs.snapshot2);
    const result = await (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const url = client.urlFor('diffEnvironments', {}, { snappish1: one, snappish2: two });
        const diff = await log/* log */.R.group(`Compare ${one} with ${two}`, async () => {
            log/* log */.R.info(`GET ${url}`);
            return client.diffEnvironments(one, two);
        });
        return toResult(url, one, two, diff);
    });
    logDiff(result);
    return toStep(result, inputs);
}
/** The step a diff makes: its outcome, outputs, summary and comment, and the failure of a drift check. */
function toStep(result, inputs) {
    const { snapshot1: s1, snapshot2: s2 } = result;
    return {
        outcome: result.changed ? 'different' : 'same',
        outputs: {
            changed: result.changed,
            'only-in-1': result.counts.onlyIn1,
            'only-in-2': result.counts.onlyIn2,
            scaled: result.counts.scaled,
            unchanged: result.counts.unchanged,
            'snapshot-1-id': s1.id,
            'snapshot-2-id': s2.id,
        },
        result: { ...result },
        summary: summarize(result, inputs.showUnchanged),
        // Keyed by the two expressions too: a promotion check and a drift check in one workflow keep their own comments.
        comment: {
            key: `diff-envs/${s1.expression}..${s2.expression}`,
            body: () => summarize(result, inputs.showUnchanged, pr_comment/* COMMENT_WRITER_OPTIONS */.DP).toString(),
        },
        ...(inputs.failOnDiff &&
            result.changed && {
            failure: `${s1.id} and ${s2.id} differ (fail-on-diff): ${counts(result)}. ` +
                'See the job summary or result-file for the artifacts.',
        }),
    };
}
/** The service's four groups as the result: `changed` when an artifact is only in one snapshot, or was scaled. */
function toResult(url, one, two, diff) {
    const onlyIn1 = diff.snappish1.artifacts;
    const onlyIn2 = diff.snappish2.artifacts;
    const scaled = diff.changed.artifacts;
    const unchanged = diff['not-changed'].artifacts;
    return {
        url,
        // The client refuses an answer without snapshot ids (api/client.ts): the fallback only satisfies the type.
        snapshot1: { expression: one, id: diff.snappish1.snapshot_id || one },
        snapshot2: { expression: two, id: diff.snappish2.snapshot_id || two },
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

;// CONCATENATED MODULE: ./src/actions/diff-envs/index.ts


const action = (0,step/* defineAction */.QP)({
    name: 'diff-envs',
    read: readInputs,
    run: run,
    couldNot: (inputs) => {
        if (!inputs)
            return 'Could not compare the environments';
        const { snapshot1, snapshot2 } = asked(inputs);
        return `Could not compare ${snapshot1.expression} with ${snapshot2.expression}`;
    },
    describe: asked,
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
