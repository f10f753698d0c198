export const id = 253;
export const ids = [253];
export const modules = {

/***/ 4253:
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
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
// EXTERNAL MODULE: ./src/runtime/paging.ts
var runtime_paging = __webpack_require__(3358);
// EXTERNAL MODULE: ./src/summary/cells.ts
var cells = __webpack_require__(5989);
// EXTERNAL MODULE: ./src/summary/writer.ts
var writer = __webpack_require__(6093);
;// CONCATENATED MODULE: ./src/actions/list-trails/run.ts
/**
 * list-trails: lists the trails of the org (GET /trails/{org}), narrowed by flow, flow tag or artifact fingerprint:
 * one page, or every page up to a cap. Counts the non-compliant ones.
 */





function readInputs(inputs, cwd) {
    return {
        ...(0,context/* readCommon */.Cy)(inputs, cwd),
        flow: inputs.matching('flow', 'flowName'),
        flowTag: inputs.matching('flow-tag', 'flowTag'),
        fingerprint: inputs.matching('fingerprint', 'fingerprint'),
        paging: (0,runtime_paging/* readPaging */.p_)(inputs),
    };
}
/** The query's filters, as the API names them. */
function filtersOf(inputs) {
    return {
        ...(inputs.flow !== undefined && { flow: inputs.flow }),
        ...(inputs.flowTag !== undefined && { flow_tag: inputs.flowTag }),
        ...(inputs.fingerprint !== undefined && { fingerprint: inputs.fingerprint }),
    };
}
async function run(inputs) {
    const filters = filtersOf(inputs);
    return (0,context/* withClient */.SV)(inputs.connection, async (client) => {
        const url = client.urlFor('listTrails', {}, filters);
        const read = await log/* log */.R.group(`List trails (${url})`, async () => {
            const list = await (0,runtime_paging/* readList */.LD)(inputs.paging, (page, perPage) => client.listTrails({ ...filters, page, ...(perPage !== undefined && { per_page: perPage }) }), (options) => client.listAllTrails(filters, options));
            log/* log */.R.info((0,runtime_paging/* describeRead */.gD)(list, inputs.paging, 'trail(s)'));
            return list;
        });
        const nonCompliant = read.items.filter(isNonCompliant).length;
        log/* log */.R.info(`${nonCompliant} non-compliant.`);
        const result = {
            url,
            filters,
            paging: inputs.paging,
            count: read.items.length,
            nonCompliant,
            total: read.total,
            truncated: read.truncated,
            pagesRead: read.pagesRead,
            trails: read.items,
        };
        return {
            outcome: 'listed',
            outputs: { count: result.count, 'non-compliant': nonCompliant },
            result: { ...result },
            summary: summarize(result, read, inputs.paging),
            annotations: inputs.paging.all && read.truncated
                ? [{ level: 'warning', message: (0,runtime_paging/* describeRead */.gD)(read, inputs.paging, 'trail(s)') }]
                : [],
        };
    });
}
/** The trail's state: `compliance_state`, else `compliance_status.status`. */
function stateOf(trail) {
    return trail.compliance_state ?? trail.compliance_status?.status ?? undefined;
}
/** NON-COMPLIANT by its state; a trail without a state counts only when it says `is_compliant: false`. */
function isNonCompliant(trail) {
    const state = stateOf(trail);
    return state !== undefined ? state === 'NON-COMPLIANT' : trail.is_compliant === false;
}
/** The attestations that keep a trail from being compliant: missing ones and non-compliant ones. */
function problems(trail) {
    // A status the service sent malformed is null in the list: it names nothing.
    return (trail.compliance_status?.attestations_statuses ?? [])
        .flatMap((s) => {
        if (s?.attestation_name == null || (s.status !== 'MISSING' && s.is_compliant !== false))
            return [];
        return [`${s.attestation_name} (${s.status === 'MISSING' ? 'missing' : 'non-compliant'})`];
    })
        .join(', ');
}
function summarize(result, read, paging) {
    const summary = new writer/* SummaryWriter */.CS();
    summary.heading(`Trails: ${result.count} listed, ${result.nonCompliant} non-compliant`, 3);
    const inputNames = {
        flow: 'flow',
        flow_tag: 'flow-tag',
        fingerprint: 'fingerprint',
    };
    const filters = Object.entries(result.filters).map(([k, v]) => `${inputNames[k] ?? k} ${v}`);
    summary.paragraph(`${filters.length > 0 ? `Filtered by ${filters.join(', ')}. ` : ''}${(0,runtime_paging/* describeRead */.gD)(read, paging, 'trail(s)')}`);
    if (result.trails.length === 0)
        return summary.paragraph('No trails match.');
    summary.table(['Trail', 'Flow', 'State', 'Commit', 'Missing or non-compliant', 'Created', 'Created by'], 
    // Shown fields the service left out or sent malformed are null (see `shown` in api/schemas/common.ts): their cells stay empty.
    result.trails.map((t) => {
        const commit = t.git_commit_info;
        return [
            { text: t.name ?? '?', href: t.html_url },
            t.flow?.name,
            (0,cells/* stateCell */._j)(stateOf(t)),
            commit ? (0,cells/* commitCell */.Ou)({ sha: commit.sha1, message: commit.message, url: commit.url }) : '',
            problems(t),
            (0,cells/* timeCell */.s5)(t.created_at),
            t.created_by,
        ];
    }));
    return summary;
}

;// CONCATENATED MODULE: ./src/actions/list-trails/index.ts


const action = (0,step/* defineAction */.QP)({
    name: 'list-trails',
    read: readInputs,
    run: run,
    couldNot: () => 'Could not list the trails',
    describe: (inputs) => ({ filters: filtersOf(inputs), paging: inputs.paging }),
});


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
/* harmony import */ var _api_schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8164);
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
