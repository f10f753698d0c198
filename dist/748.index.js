export const id = 748;
export const ids = [748];
export const modules = {

/***/ 6748:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ExternalUrls: () => (/* binding */ ExternalUrls),
/* harmony export */   GitCommitInput: () => (/* binding */ GitCommitInput),
/* harmony export */   REPO_PROVIDERS: () => (/* binding */ REPO_PROVIDERS),
/* harmony export */   RepoInfoInput: () => (/* binding */ RepoInfoInput),
/* harmony export */   ReportArtifactBody: () => (/* binding */ ReportArtifactBody),
/* harmony export */   ReportArtifactResult: () => (/* binding */ ReportArtifactResult)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3305);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** POST /artifacts/{org}/{flow_name} (4.4): the report of an artifact, and the answer that means delivered. */


/** 2.2 as sent in an artifact report: strict, so a typo in a key is caught before sending. */
const GitCommitInput = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    sha1: _common_js__WEBPACK_IMPORTED_MODULE_0__/* .Sha1 */ .gz,
    message: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    author: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    author_username: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    branch: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    timestamp: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr(), zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._gte */ .qm(0)),
    url: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    parents: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Sha1 */ .gz)),
});
const REPO_PROVIDERS = ['github'];
const RepoInfoInput = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)),
    url: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)),
    id: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)),
    description: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    provider: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(REPO_PROVIDERS)),
});
/** `external_urls` is `{label: {href, fingerprint?}}` or `{label: url}` (service-behaviour.md). */
const ExternalUrls = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)), zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([
    zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)),
    zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ href: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1)), fingerprint: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Fingerprint */ .$A) }),
]));
const ReportArtifactBody = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    fingerprint: _common_js__WEBPACK_IMPORTED_MODULE_0__/* .Fingerprint */ .$A,
    filename: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1, { error: 'must not be empty' })),
    build_url: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1, { error: 'must not be empty' })),
    commit_url: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._minLength */ .m9(1, { error: 'must not be empty' })),
    trail_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .TrailName */ .QT),
    template_reference_name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .TemplateReferenceName */ .Tc),
    description: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    git_commit: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Sha1 */ .gz),
    git_commit_info: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(GitCommitInput),
    repo_info: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(RepoInfoInput),
    commits_list: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(GitCommitInput)),
    repo_url: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    is_compliant: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    template: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    external_urls: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(ExternalUrls),
    annotations: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()
        .check(zod_mini__WEBPACK_IMPORTED_MODULE_2__/* ._regex */ .Fk(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .patterns */ .qp.annotationKey, { error: `keys must be ${_common_js__WEBPACK_IMPORTED_MODULE_0__/* .expectedForms */ .uc.annotationKey}` })), zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J())),
    user_data: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()),
});
/** The 201 body is "not shown"; the live service answers `{"message": "OK"}`-like, and only that is delivered. */
const ReportArtifactResult = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({ message: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() });


/***/ })

};
