export const id = 198;
export const ids = [198];
export const modules = {

/***/ 9198:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Attestation: () => (/* binding */ Attestation),
/* harmony export */   FlowAttestationsQuery: () => (/* binding */ FlowAttestationsQuery),
/* harmony export */   FlowAttestationsResponse: () => (/* binding */ FlowAttestationsResponse)
/* harmony export */ });
/* harmony import */ var zod_mini__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3619);
/* harmony import */ var _common_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9662);
/** GET /attestations/{org}/{flow_name} (2.9): a page of a flow's attestations. */


const FlowAttestationsQuery = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .extend */ .X$i(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .PageQuery */ .K3, {
    from_timestamp: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .UnixSeconds */ .sb),
    to_timestamp: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .UnixSeconds */ .sb),
})
    .check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .refine */ .YPB((q) => q.from_timestamp === undefined || q.to_timestamp === undefined || q.from_timestamp <= q.to_timestamp, { error: 'from_timestamp must not be after to_timestamp', path: ['from_timestamp'] }));
/** An attestation of a flow (2.9): `is_compliant` decides list-attestations' `non-compliant`; the rest is shown. */
const Attestation = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    attestation_id: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    attestation_name: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    attestation_type: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    created_at: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()),
    description: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    has_audit_package: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    html_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    is_compliant: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl6(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()),
    origin_url: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    reported_by: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    schema_version: (0,_common_js__WEBPACK_IMPORTED_MODULE_0__/* .shown */ .SP)(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().check(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .int */ .Whr())),
    user_data: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()),
});
/** The `{data, pagination?}` envelope. */
const FlowAttestationsResponse = zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .looseObject */ ._H3({
    data: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(Attestation),
    pagination: zod_mini__WEBPACK_IMPORTED_MODULE_1__/* .optional */ .lqM(_common_js__WEBPACK_IMPORTED_MODULE_0__/* .Pagination */ .dK),
});


/***/ })

};
