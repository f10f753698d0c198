export const id = 335;
export const ids = [335];
export const modules = {

/***/ 4335:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Deployment: () => (/* binding */ Deployment)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** GET /deployments/{org}/{env_name}/{fingerprint} (2.7): a deployment. */


const DeploymentArtifact = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    flow_name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    trail_name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    template_reference_name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    git_commit: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    git_commit_info: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .GitCommit */ .Yg),
    repo_info: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({ name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()), repo_id: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()) })),
});
/**
 * `fingerprint` and `deployed_at` are the answer (found, and when); `env_name`, where given, must be the environment
 * asked. The rest is shown or passed on as an output.
 */
const Deployment = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    fingerprint: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    deployed_at: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(),
    artifact_name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    env_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    snapshot_index: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    artifact: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(DeploymentArtifact),
    replaced_artifact: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
        // A fingerprint or nothing: it becomes an output a workflow may put in a command line.
        fingerprint: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Fingerprint */ .$A),
        artifact_name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
        snapshot_index: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
        artifact: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(DeploymentArtifact),
    })),
    diff_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    _links: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH),
});


/***/ })

};
