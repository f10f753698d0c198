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

// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/api/parse.ts
var parse = __webpack_require__(8247);
// EXTERNAL MODULE: ./src/api/snapshot.ts
var api_snapshot = __webpack_require__(3218);
// EXTERNAL MODULE: ./src/runtime/context.ts
var context = __webpack_require__(47);
// EXTERNAL MODULE: ./src/runtime/output.ts
var output = __webpack_require__(1579);
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
        (0,output/* setOutputs */.n0)({
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
        await (0,output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
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


/***/ })

};
