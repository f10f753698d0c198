export const id = 29;
export const ids = [29];
export const modules = {

/***/ 4029:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* binding */ main)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(3360);
// EXTERNAL MODULE: ./src/api/index.ts + 5 modules
var api = __webpack_require__(4602);
// EXTERNAL MODULE: ./src/api/schemas.ts
var schemas = __webpack_require__(8164);
// EXTERNAL MODULE: ./src/context/time.ts
var time = __webpack_require__(838);
// EXTERNAL MODULE: ./src/runtime/artifact.ts + 6 modules
var artifact = __webpack_require__(6922);
// EXTERNAL MODULE: ./src/runtime/context.ts
var context = __webpack_require__(47);
// EXTERNAL MODULE: ./src/runtime/output.ts
var output = __webpack_require__(1579);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/get-deployment/run.ts
/**
 * get-deployment: when and in which snapshot an artifact started running in an environment, and what it replaced
 * (GET /deployments/{org}/{env}/{fp}). The fingerprint is given as is or computed the way report-artifact computes
 * it. A 404 means the artifact was not deployed there: the step fails saying so, or, with `fail-if-missing: false`,
 * carries on with `found=false`.
 */








const ACTION = 'get-deployment';
function readInputs(inputs, cwd) {
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const environment = inputs.matching('environment', 'envName');
    if (environment === undefined)
        throw new api/* InputError */.dz('environment', 'is required', schemas/* expectedForms */.uc.envName);
    return {
        ...common,
        environment,
        artifact: (0,artifact/* readArtifactSpec */._)(inputs, common.runner.workspace),
        failIfMissing: inputs.boolean('fail-if-missing', true),
    };
}
async function run(inputs) {
    const { fingerprint } = await (0,artifact/* resolveFingerprint */.J)(inputs.artifact);
    return (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const url = client.urlFor('getDeployment', { env_name: inputs.environment, fingerprint });
        const answer = await core/* group */.Os(`Read the deployment to ${inputs.environment}`, async () => {
            try {
                return await client.getDeployment(inputs.environment, fingerprint);
            }
            catch (error) {
                if (error instanceof api/* ApiError */.hD && error.status === 404)
                    return error;
                throw error;
            }
        });
        const base = { environment: inputs.environment, fingerprint, url, failIfMissing: inputs.failIfMissing };
        let result;
        if (answer instanceof api/* ApiError */.hD) {
            result = {
                ...base,
                found: false,
                deployedAt: null,
                snapshotIndex: null,
                artifactName: null,
                replacedFingerprint: null,
                diffUrl: null,
                message: `Artifact ${fingerprint} was not deployed to environment '${inputs.environment}'` +
                    ` (org '${inputs.connection.org}'): the service answered HTTP 404` +
                    `${answer.serverMessage ? `: ${answer.serverMessage.replace(/\.$/, '')}` : ''}.`,
            };
        }
        else {
            result = {
                ...base,
                found: true,
                deployedAt: (0,time/* formatTime */.fU)(answer.deployed_at),
                snapshotIndex: answer.snapshot_index ?? null,
                artifactName: answer.artifact_name ?? null,
                replacedFingerprint: answer.replaced_artifact?.fingerprint ?? null,
                diffUrl: answer.diff_url ?? null,
                deployment: answer,
            };
            core/* info */.pq((0,api/* redact */.E$)(`${result.artifactName ?? fingerprint} was deployed to ${inputs.environment} at ${result.deployedAt}` +
                `${result.snapshotIndex !== null ? ` (snapshot #${result.snapshotIndex})` : ''}.`));
        }
        (0,output/* setOutputs */.n0)({
            found: result.found,
            'deployed-at': result.deployedAt ?? '',
            'snapshot-index': result.snapshotIndex ?? '',
            'artifact-name': result.artifactName ?? '',
            'replaced-fingerprint': result.replacedFingerprint ?? '',
            'diff-url': result.diffUrl ?? '',
        });
        await (0,output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
        if (inputs.summary)
            await summarize(result).write(inputs.runner.summaryFile);
        if (result.message !== undefined) {
            if (inputs.failIfMissing) {
                core/* setFailed */.C1((0,api/* redact */.E$)(`${result.message} Set fail-if-missing: false to carry on when it is not deployed.`));
            }
            else {
                core/* info */.pq((0,api/* redact */.E$)(`${result.message} fail-if-missing is false: carrying on with found=false.`));
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
    const commit = (0,api/* shownField */["in"])(() => artifact?.git_commit) ?? (0,api/* shownField */["in"])(() => artifact?.git_commit_info?.sha1) ?? undefined;
    const message = (0,api/* shownField */["in"])(() => artifact?.git_commit_info?.message)?.split('\n')[0];
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
            commit
                ? {
                    text: `${commit.slice(0, 7)}${message ? ` ${message}` : ''}`,
                    href: (0,api/* shownField */["in"])(() => artifact?.git_commit_info?.url),
                }
                : undefined,
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
var inputs = __webpack_require__(5042);
;// CONCATENATED MODULE: ./src/actions/get-deployment/main.ts


const main = async () => {
    await run(readInputs(new inputs/* InputReader */.i(process.env), process.cwd()));
};


/***/ }),

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


/***/ })

};
