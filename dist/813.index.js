export const id = 813;
export const ids = [813];
export const modules = {

/***/ 813:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Action: () => (/* binding */ Action),
/* harmony export */   CHAT_APP_FLAG: () => (/* binding */ CHAT_APP_FLAG),
/* harmony export */   CHAT_APP_FLAG_LIVE: () => (/* binding */ CHAT_APP_FLAG_LIVE),
/* harmony export */   ListActionsResponse: () => (/* binding */ ListActionsResponse)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** GET /actions/{org} (2.12): the organization's actions, a bare list. */


const CHAT_APP_FLAG = 'is_created_from_chat_app';
/** The live service names the flag after the chat product; both are accepted and read as the spec's name. */
const CHAT_APP_FLAG_LIVE = 'is_created_from_slack';
/**
 * An action (2.12): the eight fields the spec marks required, and `is_failing` (list-actions' outcome), are strict;
 * the rest is shown.
 */
const Action = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .pipe */ .FsL(
// What classic zod calls `preprocess`: the live name read as the spec's before the object is checked.
zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .transform */ .pdi((raw) => {
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
        const o = raw;
        if (!(CHAT_APP_FLAG in o) && CHAT_APP_FLAG_LIVE in o)
            return { ...o, [CHAT_APP_FLAG]: o[CHAT_APP_FLAG_LIVE] };
    }
    return raw;
}), zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    name: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    type: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    number: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr()),
    targets: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Obj */ .OH),
    triggers: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    created_by: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    [CHAT_APP_FLAG]: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY(),
    last_modified_at: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(),
    is_failing: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    last_success_timestamp: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    last_failure_timestamp: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    created_at: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    flows: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    environments: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shownList */ .y9)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
}));
const ListActionsResponse = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(Action);


/***/ })

};
