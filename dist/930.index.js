export const id = 930;
export const ids = [930];
export const modules = {

/***/ 930:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   compilePattern: () => (/* binding */ compilePattern)
/* harmony export */ });
/* harmony import */ var re2js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2856);
/* harmony import */ var _pattern_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(405);
/**
 * The one way a pattern given from outside becomes something that matches: compiled by RE2 (re2js), whose matching
 * takes time linear in the text whatever the pattern, so no pattern can hang a step the way `^(a+)+$` hangs a
 * backtracking engine. RE2 has no lookaround, no backreferences and no possessive or atomic forms: a pattern that uses
 * one is refused with the construct named, before anything is read or sent.
 */


/** Constructs of backtracking engines that RE2 refuses, by the text RE2 reports them with. */
const UNSUPPORTED = [
    [/^\(\?=/, 'lookahead'],
    [/^\(\?!/, 'negative lookahead'],
    [/^\(\?<=/, 'lookbehind'],
    [/^\(\?<!/, 'negative lookbehind'],
    [/^\(\?>/, 'atomic group'],
    [/^\\[1-9]/, 'backreference'],
    [/^\\k/, 'named backreference'],
    [/^(?:[*+?]|\{[\d,]*\})\+$/, 'possessive quantifier'],
];
function describe(error) {
    const text = error.input ?? '';
    for (const [shape, construct] of UNSUPPORTED) {
        if (shape.test(text)) {
            // RE2 reports a whole lookbehind group; the opening is enough to point at it.
            const shown = construct.includes('lookbehind') ? text.slice(0, 4) : text;
            return `${construct} ${shown} is not supported (matching must take linear time)`;
        }
    }
    return text ? `${error.error}: ${text}` : error.error;
}
/** Compiles a pattern; throws PatternError with the construct named when RE2 cannot take it. */
function compilePattern(source) {
    let re;
    try {
        re = re2js__WEBPACK_IMPORTED_MODULE_1__/* .RE2JS */ .L3.compile(source);
    }
    catch (error) {
        if (error instanceof re2js__WEBPACK_IMPORTED_MODULE_1__/* .RE2JSSyntaxException */ .pB)
            throw new _pattern_js__WEBPACK_IMPORTED_MODULE_0__/* .PatternError */ .JM(source, describe(error));
        if (error instanceof re2js__WEBPACK_IMPORTED_MODULE_1__/* .RE2JSException */ .o_)
            throw new _pattern_js__WEBPACK_IMPORTED_MODULE_0__/* .PatternError */ .JM(source, error.message);
        throw error;
    }
    return { source, test: (text) => re.test(text) };
}


/***/ })

};
