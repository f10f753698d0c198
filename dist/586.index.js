export const id = 586;
export const ids = [586];
export const modules = {

/***/ 4586:
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
// EXTERNAL MODULE: ./src/context/time.ts
var context_time = __webpack_require__(838);
// EXTERNAL MODULE: ./src/runtime/context.ts + 1 modules
var context = __webpack_require__(1410);
// EXTERNAL MODULE: ./src/runtime/legacy-output.ts
var legacy_output = __webpack_require__(7595);
// EXTERNAL MODULE: ./src/runtime/paging.ts
var runtime_paging = __webpack_require__(3358);
// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/list-attestations/run.ts
/**
 * list-attestations: lists the attestations of a flow (GET /attestations/{org}/{flow}), optionally between two
 * times: one page, or every page up to a cap. Counts the non-compliant ones.
 */









const ACTION = 'list-attestations';
/** `now` (Unix seconds) anchors relative times such as `7d`. */
function readInputs(inputs, cwd, now = Date.now() / 1000) {
    const common = (0,context/* readCommon */.Cy)(inputs, cwd);
    const flow = inputs.requiredMatching('flow', 'flowName');
    const time = (name) => {
        const value = inputs.optional(name);
        return value === undefined ? undefined : (0,context_time/* parseTime */.pe)(value, name, now);
    };
    const from = time('from');
    const to = time('to');
    if (from !== undefined && to !== undefined && from > to) {
        throw new errors/* InputError */.dz('from', `'${inputs.raw('from')}' (${(0,context_time/* formatTime */.fU)(from)}) is later than to '${inputs.raw('to')}' (${(0,context_time/* formatTime */.fU)(to)})`, 'from at or before to');
    }
    return { ...common, flow, from, to, paging: (0,runtime_paging/* readPaging */.p_)(inputs) };
}
async function run(inputs) {
    const window = {
        ...(inputs.from !== undefined && { from_timestamp: inputs.from }),
        ...(inputs.to !== undefined && { to_timestamp: inputs.to }),
    };
    return (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const url = client.urlFor('listFlowAttestations', { flow_name: inputs.flow }, window);
        const read = await log/* log */.R.group(`List the attestations of ${inputs.flow} (${url})`, async () => {
            const list = await (0,runtime_paging/* readList */.LD)(inputs.paging, (page, perPage) => client.listFlowAttestations(inputs.flow, {
                ...window,
                page,
                ...(perPage !== undefined && { per_page: perPage }),
            }), (options) => client.listAllFlowAttestations(inputs.flow, window, options));
            log/* log */.R.info((0,runtime_paging/* describeRead */.gD)(list, inputs.paging, 'attestation(s)'));
            return list;
        });
        if (inputs.paging.all && read.truncated) {
            log/* log */.R.warning((0,runtime_paging/* describeRead */.gD)(read, inputs.paging, 'attestation(s)'));
        }
        const nonCompliant = read.items.filter((a) => a.is_compliant === false).length;
        log/* log */.R.info(`${nonCompliant} non-compliant.`);
        const result = {
            url,
            flow: inputs.flow,
            ...(inputs.from !== undefined && { from: inputs.from }),
            ...(inputs.to !== undefined && { to: inputs.to }),
            paging: inputs.paging,
            count: read.items.length,
            nonCompliant,
            total: read.total,
            truncated: read.truncated,
            pagesRead: read.pagesRead,
            attestations: read.items,
        };
        (0,legacy_output/* setOutputs */.n0)({ count: result.count, 'non-compliant': nonCompliant });
        await (0,legacy_output/* writeResultFile */.tH)(inputs.runner, ACTION, result);
        if (inputs.summary)
            await summarize(result, read, inputs.paging).write(inputs.runner.summaryFile);
        return result;
    });
}
function summarize(result, read, paging) {
    const summary = new writer/* SummaryWriter */.CS();
    summary.heading(`Attestations of ${result.flow}: ${result.count} listed, ${result.nonCompliant} non-compliant`, 3);
    const window = [
        ...(result.from !== undefined ? [`from ${(0,context_time/* formatTime */.fU)(result.from)}`] : []),
        ...(result.to !== undefined ? [`to ${(0,context_time/* formatTime */.fU)(result.to)}`] : []),
    ];
    summary.paragraph(`${window.length > 0 ? `Created ${window.join(' ')}. ` : ''}${(0,runtime_paging/* describeRead */.gD)(read, paging, 'attestation(s)')}`);
    if (result.attestations.length === 0)
        return summary.paragraph('No attestations match.');
    summary.table(['Name', 'Type', 'Compliant', 'Created', 'Reported by', 'Description'], 
    // Every field is only shown here: one the service sent malformed leaves its cell empty, never fails the step.
    result.attestations.map((a) => [
        { text: (0,parse/* shownField */["in"])(() => a.attestation_name) ?? '?', href: (0,parse/* shownField */["in"])(() => a.html_url) },
        (0,parse/* shownField */["in"])(() => a.attestation_type),
        (0,cells/* compliantCell */.gC)((0,parse/* shownField */["in"])(() => a.is_compliant), ''),
        (0,cells/* timeCell */.s5)((0,parse/* shownField */["in"])(() => a.created_at)),
        (0,parse/* shownField */["in"])(() => a.reported_by),
        (0,parse/* shownField */["in"])(() => a.description),
    ]));
    return summary;
}

// EXTERNAL MODULE: ./src/context/inputs.ts
var inputs = __webpack_require__(5042);
;// CONCATENATED MODULE: ./src/actions/list-attestations/main.ts


const main = async () => {
    await run(readInputs(new inputs/* InputReader */.i_(process.env), process.cwd()));
};

;// CONCATENATED MODULE: ./src/actions/list-attestations/index.ts
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

/***/ 3358:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LD: () => (/* binding */ readList),
/* harmony export */   gD: () => (/* binding */ describeRead),
/* harmony export */   p_: () => (/* binding */ readPaging)
/* harmony export */ });
/* unused harmony exports DEFAULT_MAX_ITEMS, MAX_ITEMS_LIMIT */
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2600);
/* harmony import */ var _api_schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9073);
/**
 * How a listing sub-action reads a paginated list: one page (`page`, `per-page`), or every page (`all`, the default
 * unless `page` is given) up to `max-items`, read concurrently by the client.
 */


const DEFAULT_MAX_ITEMS = 1000;
/** A bound that keeps a mistyped number from holding a runner's memory hostage. */
const MAX_ITEMS_LIMIT = 100_000;
const MAX_PAGE = 1_000_000;
function readPaging(inputs) {
    const pageGiven = inputs.optional('page') !== undefined;
    const page = inputs.integer('page', 1, 1, MAX_PAGE);
    const perPageGiven = inputs.optional('per-page') !== undefined;
    const perPage = inputs.integer('per-page', _api_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_PER_PAGE */ .Vg, 1, _api_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_PER_PAGE */ .Vg);
    const maxItems = inputs.integer('max-items', DEFAULT_MAX_ITEMS, 1, MAX_ITEMS_LIMIT);
    const all = inputs.boolean('all', !pageGiven);
    if (all && pageGiven) {
        throw new _errors_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('page', 'selects one page, but all is true', 'page with all: false (or without all), or no page to read every page');
    }
    return all ? { all, perPage, maxItems } : { all, page, perPage: perPageGiven ? perPage : undefined };
}
/** Reads as `paging` says, through the client's one-page and every-page methods. */
async function readList(paging, onePage, allPages) {
    if (paging.all) {
        const read = await allPages({ perPage: paging.perPage, maxItems: paging.maxItems });
        return { items: read.items, total: read.total, truncated: read.truncated, pagesRead: read.pagesRead };
    }
    const read = await onePage(paging.page, paging.perPage);
    const pagination = read.pagination;
    return {
        items: read.items,
        total: pagination?.total ?? read.items.length,
        // Only the pages after this one: the last page of several is not cut.
        truncated: pagination !== undefined && paging.page < pagination.page_count,
        pagesRead: 1,
        page: paging.page,
        ...(pagination !== undefined && { pageCount: pagination.page_count }),
    };
}
/** One line for the log and the summary: how much of the list was read. */
function describeRead(read, paging, noun) {
    const count = `${read.items.length} ${noun}`;
    if (!paging.all) {
        const of = read.pageCount !== undefined ? ` of ${read.pageCount}` : '';
        return `${count} on page ${read.page ?? paging.page}${of}${read.pageCount !== undefined ? ` (${read.total} in all)` : ''}.`;
    }
    if (read.truncated) {
        return `${count} of ${read.total}: max-items (${paging.maxItems}) stopped the read; raise it to read more.`;
    }
    return `${count}, read in ${read.pagesRead} page(s).`;
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
