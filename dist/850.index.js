export const id = 850;
export const ids = [850];
export const modules = {

/***/ 7850:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AttestationsByCommit: () => (/* binding */ AttestationsByCommit),
/* harmony export */   AttestationsForCommitsQuery: () => (/* binding */ AttestationsForCommitsQuery),
/* harmony export */   CommitAttestation: () => (/* binding */ CommitAttestation)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3305);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** GET /attestations/{org}/list_attestations_for_criteria (4.1): the gate's query and the map it answers. */


const AttestationsForCommitsQuery = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    commit_list: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Sha1 */ .gz).check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1, { error: 'needs at least one commit' })),
    flow_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .FlowName */ .iV),
    attestation_type: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .AttestationType */ .$T),
    attestation_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .AttestationName */ .w4),
    attestation_id: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
});
/**
 * An element of the list_attestations_for_criteria map: its fields are "not shown" in the spec; these are the
 * observed ones. The gate decides on the name, the verdict, the time and where it was made (flow, trail, artifact);
 * the type is compared with a type filter (and then required, see the client). The link and commit are shown.
 */
const CommitAttestation = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    attestation_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    attestation_type: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    is_compliant: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    created_at: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    html_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    artifact_fingerprint: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    flow_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    trail_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    git_commit_info: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .GitCommit */ .Yg),
});
const AttestationsByCommit = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(CommitAttestation));


/***/ })

};
