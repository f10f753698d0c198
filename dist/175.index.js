export const id = 175;
export const ids = [175,930,120];
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


/***/ }),

/***/ 1175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   fingerprintDir: () => (/* binding */ fingerprintDir),
/* harmony export */   globPattern: () => (/* binding */ globPattern)
/* harmony export */ });
/* unused harmony exports IGNORE_FILE, readIgnoreFile */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2600);
/* harmony import */ var _context_pattern_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(405);
/* harmony import */ var _context_re2_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(930);
/* harmony import */ var _file_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8120);
/**
 * Directory fingerprints, byte-compatible with the official CLI (shared/reference/service-behaviour.md):
 *
 * - `<root>/.kosli_ignore`, when present, adds its lines to the exclude patterns (each line up to a `#`, trimmed,
 *   empty ones skipped); a pattern is a glob under the root (`**` crosses folders, `*` also matches dot-files) and a
 *   match is left out with everything below it;
 * - the walk is depth-first, pre-order, each folder's entries in byte order of their names, the root itself skipped,
 *   symlinked folders not entered;
 * - for each entry the buffer gets hex(sha256(name)); then, for a file (or a link to one) hex(sha256(contents)), for a
 *   link to a folder hex(sha256(the link's target text)), for a folder nothing more;
 * - the fingerprint is hex(sha256(buffer)).
 */








const IGNORE_FILE = '.kosli_ignore';
/** JavaScript's `.` (anything but a line terminator), which the fingerprints were first computed with. */
const ANY = '[^\\n\\r\\x{2028}\\x{2029}]';
/**
 * A glob as a pattern over `/`-separated paths relative to the root, compiled by RE2 (see context/pattern.ts): an
 * exclude such as `*a*a*a*a*a*b` is polynomial in a backtracking engine, linear here. Throws PatternError for a
 * class RE2 refuses (`[z-a]`), as RegExp refused it.
 */
function globPattern(glob) {
    let p = glob.trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
    p = p.replace(/\/{2,}/g, '/');
    let out = '';
    for (let i = 0; i < p.length; i++) {
        const c = p[i] ?? '';
        if (c === '*') {
            if (p[i + 1] === '*') {
                // `**/` matches any number of folders, `**` at the end anything below.
                const slash = p[i + 2] === '/';
                out += slash ? `(?:${ANY}*/)?` : `${ANY}*`;
                i += slash ? 2 : 1;
            }
            else {
                out += '[^/]*';
            }
        }
        else if (c === '?') {
            out += '[^/]';
        }
        else if (c === '[') {
            const end = p.indexOf(']', i + 1);
            if (end === -1) {
                out += '\\[';
            }
            else {
                // As RegExp read it: `[]` matches nothing, `[!]` any one character, `[` inside is a plain character.
                const body = p
                    .slice(i + 1, end)
                    .replace(/^!/, '^')
                    .replace(/\[/g, '\\[');
                out += body === '' ? '[^\\x{0}-\\x{10FFFF}]' : body === '^' ? '[\\x{0}-\\x{10FFFF}]' : `[${body}]`;
                i = end;
            }
        }
        else {
            out += c.replace(/[.+^${}()|\\]/g, '\\$&');
        }
    }
    return (0,_context_re2_js__WEBPACK_IMPORTED_MODULE_6__.compilePattern)(`^${out}$`);
}
/** The patterns of `<root>/.kosli_ignore`: each line up to `#`, trimmed, empty lines skipped. */
function readIgnoreFile(root) {
    const file = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(root, IGNORE_FILE);
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)(file))
        return [];
    return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(file, 'utf8')
        .split(/\r?\n/)
        .map((line) => (line.split('#')[0] ?? '').trim())
        .filter((line) => line !== '');
}
const byBytes = (a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b));
async function fingerprintDir(root, excludes = []) {
    const rootStat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(root);
    if (!rootStat.isDirectory())
        throw new Error(`${root} is not a directory`);
    const patterns = [
        ...excludes.filter((p) => p.trim() !== '').map(globPattern),
        ...readIgnoreFile(root).map((line) => (0,_context_pattern_js__WEBPACK_IMPORTED_MODULE_5__/* .compiledOr */ .Ts)(() => globPattern(line), (problem) => new _errors_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .SourceError */ .c8((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(root, IGNORE_FILE), `'${line}' is not a glob: ${problem}`))),
    ];
    const total = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256');
    const walk = async (dir, rel) => {
        const names = (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)(dir)).sort(byBytes);
        for (const name of names) {
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, name);
            const relPath = rel ? `${rel}/${name}` : name;
            if (patterns.some((re) => re.test(relPath)))
                continue;
            total.update((0,_file_js__WEBPACK_IMPORTED_MODULE_7__/* .sha256Hex */ .f)(name));
            const link = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)(path);
            if (link.isSymbolicLink()) {
                const target = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.stat)(path).catch(() => undefined);
                if (target?.isDirectory())
                    total.update((0,_file_js__WEBPACK_IMPORTED_MODULE_7__/* .sha256Hex */ .f)(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readlink)(path)));
                else if (target?.isFile())
                    total.update(await (0,_file_js__WEBPACK_IMPORTED_MODULE_7__.fingerprintFile)(path));
                // A dangling link adds its name only.
            }
            else if (link.isDirectory()) {
                await walk(path, relPath);
            }
            else if (link.isFile()) {
                total.update(await (0,_file_js__WEBPACK_IMPORTED_MODULE_7__.fingerprintFile)(path));
            }
        }
    };
    await walk(root, '');
    return total.digest('hex');
}


/***/ }),

/***/ 8120:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ sha256Hex),
/* harmony export */   fingerprintFile: () => (/* binding */ fingerprintFile)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/**
 * File fingerprints: the lowercase hex SHA-256 of the bytes, streamed in large chunks so a big artifact hashes at
 * close to `sha256sum`'s speed without being held in memory.
 */


const CHUNK = 1024 * 1024;
async function fingerprintFile(path) {
    const hash = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256');
    for await (const chunk of (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.createReadStream)(path, { highWaterMark: CHUNK }))
        hash.update(chunk);
    return hash.digest('hex');
}
function sha256Hex(data) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(data).digest('hex');
}


/***/ })

};
