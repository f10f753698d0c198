export const id = 505;
export const ids = [505];
export const modules = {

/***/ 505:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AttestationStatus: () => (/* binding */ AttestationStatus),
/* harmony export */   ListTrailsQuery: () => (/* binding */ ListTrailsQuery),
/* harmony export */   ListTrailsResponse: () => (/* binding */ ListTrailsResponse),
/* harmony export */   Trail: () => (/* binding */ Trail),
/* harmony export */   TrailComplianceStatus: () => (/* binding */ TrailComplianceStatus),
/* harmony export */   TrailTemplate: () => (/* binding */ TrailTemplate)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** GET /trails/{org} (2.4 - 2.6): a page of trails. */


const ListTrailsQuery = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .extend */ .X$i(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .PageQuery */ .K3, {
    flow: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .FlowName */ .iV),
    flow_tag: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .FlowTag */ .X0),
    fingerprint: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Fingerprint */ .$A),
});
/** An attestation status of a trail: only shown (list-trails names the missing and non-compliant ones). */
const AttestationStatus = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    attestation_name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    attestation_type: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    attestation_id: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    overridden_attestation_id: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    status: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    is_compliant: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    unexpected: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* ["catch"] */ .MfU(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(), false),
});
/** `status` decides whether a trail without `compliance_state` counts as non-compliant; the rest is only shown. */
const TrailComplianceStatus = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    status: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    is_compliant: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    attestations_statuses: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(AttestationStatus),
    artifacts_statuses: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH),
    evaluated_at: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    flow_template_id: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
});
const TemplateAttestation = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({ name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), type: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() });
const TrailTemplate = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    trail: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
        attestations: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(TemplateAttestation)),
        artifacts: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({ name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), attestations: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(TemplateAttestation)) }))),
    })),
    version: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr())),
    content: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
});
/**
 * A trail (2.4, no field marked required). `compliance_state`, `compliance_status.status` and `is_compliant` decide
 * list-trails' `non-compliant` count; everything else, the name included, is only shown or passed on.
 */
const Trail = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    last_modified_at: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    created_at: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    compliance_status: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(TrailComplianceStatus),
    template: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(TrailTemplate),
    compliance_state: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    is_compliant: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    created_by: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    flow: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({ name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()), tags: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH) })),
    html_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    description: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    git_commit_info: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .GitCommit */ .Yg),
    origin_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    user_data: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()),
    repo_ids: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    events: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH),
    external_urls: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH),
});
/** A bare list, or the `{data, pagination?}` envelope. */
const ListTrailsResponse = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([
    zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(Trail),
    zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({ data: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(Trail), pagination: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Pagination */ .dK) }),
]);


/***/ })

};
