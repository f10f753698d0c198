export const id = 231;
export const ids = [231];
export const modules = {

/***/ 8231:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DiffArtifact: () => (/* binding */ DiffArtifact),
/* harmony export */   DiffItem: () => (/* binding */ DiffItem),
/* harmony export */   EnvDiff: () => (/* binding */ EnvDiff),
/* harmony export */   EnvDiffQuery: () => (/* binding */ EnvDiffQuery),
/* harmony export */   SnapshotExpressionText: () => (/* binding */ SnapshotExpressionText)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3305);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** GET /env-diff/{org} (2.10, 2.11, 4.7): the difference of two snapshots of environments. */


/** A snapshot expression as sent: canonical or not, without surrounding spaces (snapshot.ts parses it). */
const SnapshotExpressionText = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._regex */ .Fk(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .patterns */ .qp.snapshotExpression, { error: 'must be a snapshot expression' }));
const EnvDiffQuery = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    snappish1: SnapshotExpressionText,
    snappish2: SnapshotExpressionText,
});
/** An artifact of a diff group: which group it is in decides; its `fingerprint` names it. The rest is shown. */
const DiffArtifact = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    fingerprint: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    most_recent_timestamp: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    flow: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    commit_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    instance_count: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr())),
    s1_instance_count: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr())),
    s2_instance_count: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr())),
    pods: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
});
/** `snapshot_id` must be given too (the client says so, and why): it shows the answer is about the snapshots asked. */
const DiffItem = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    artifacts: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(DiffArtifact),
    snapshot_id: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
});
const EnvDiff = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    snappish1: DiffItem,
    snappish2: DiffItem,
    changed: DiffItem,
    'not-changed': DiffItem,
});


/***/ })

};
