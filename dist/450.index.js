export const id = 450;
export const ids = [450];
export const modules = {

/***/ 450:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ARTIFACT_STATES: () => (/* binding */ ARTIFACT_STATES),
/* harmony export */   Artifact: () => (/* binding */ Artifact),
/* harmony export */   GetArtifactQuery: () => (/* binding */ GetArtifactQuery),
/* harmony export */   RepoInfo: () => (/* binding */ RepoInfo)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** GET /artifacts/{org}/{flow_name}/fingerprint/{fingerprint} (2.8): an artifact and its compliance state. */


const GetArtifactQuery = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    trail: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .TrailName */ .QT),
    attestation_id: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .AttestationId */ .ui),
});
const ARTIFACT_STATES = ['COMPLIANT', 'NON-COMPLIANT', 'INCOMPLETE'];
const RepoInfo = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    id: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    description: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    provider: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
});
/**
 * An artifact (2.8). Strict: the nine fields the spec marks required (first, so an answer of another shape is named
 * by `id`), `state` (the outcome) and `trail_name` (compared with the trail asked). The rest is shown or passed on
 * (`html-url`).
 */
const Artifact = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    id: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    fingerprint: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    filename: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    created_at: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()]),
    last_modified_at: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()]),
    evidence: _common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH,
    flow_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    commit_lead_times: _common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH,
    build_lead_times: _common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH,
    trail_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    template_reference_name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    git_commit: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    git_commit_info: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .GitCommit */ .Yg),
    repo_info: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(RepoInfo),
    commit_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    build_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    repo_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    html_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    api_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    user_data: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()),
    external_urls: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH),
    annotations: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH),
    state: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(ARTIFACT_STATES)),
    deployments: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr())),
    template: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    state_info: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    approvals: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr())),
    running: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J())),
    exited: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J())),
    history: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J())),
});


/***/ })

};
