export const id = 116;
export const ids = [116];
export const modules = {

/***/ 5116:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K8sArtifact: () => (/* binding */ K8sArtifact),
/* harmony export */   K8sOwner: () => (/* binding */ K8sOwner),
/* harmony export */   K8sReportBody: () => (/* binding */ K8sReportBody),
/* harmony export */   K8sReportResult: () => (/* binding */ K8sReportResult)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3305);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** PUT /environments/{org}/{env_name}/report/K8S (4.8): the pods of a Kubernetes environment. */


const K8sOwner = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    apiVersion: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    kind: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    uid: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    controller: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    blockOwnerDeletion: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
});
const K8sArtifact = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    podName: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)),
    namespace: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)),
    digests: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)), _common_js__WEBPACK_IMPORTED_MODULE_0__/* .Fingerprint */ .$A),
    creationTimestamp: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr(), zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._gte */ .qm(0)),
    owners: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullable */ .mee(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(K8sOwner)),
});
const K8sReportBody = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    artifacts: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(K8sArtifact),
    type: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz('K8S')),
});
const K8sReportResult = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    message: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    errors: _common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH,
});


/***/ })

};
