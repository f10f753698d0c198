export const id = 692;
export const ids = [692];
export const modules = {

/***/ 6692:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ProxyExchange: () => (/* binding */ ProxyExchange),
/* harmony export */   createDispatcher: () => (/* binding */ createDispatcher)
/* harmony export */ });
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6752);
/* harmony import */ var _exchange_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2731);
/**
 * The proxy path, on undici: the only module of src/api that loads undici, and only when a proxy is configured
 * (http.ts imports it then, lazily) or when fingerprint code reaches a registry.
 */


/** The one way to a dispatcher that honours the runner's proxy settings (the service, and registries too). */
function createDispatcher(proxy) {
    const agentOptions = { keepAliveTimeout: _exchange_js__WEBPACK_IMPORTED_MODULE_1__/* .KEEP_ALIVE_MS */ .t5, connections: _exchange_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_CONNECTIONS */ .tp };
    const { httpProxy, httpsProxy, noProxy } = proxy;
    if (httpProxy || httpsProxy) {
        // Empty strings (not undefined) so undici does not read process.env behind the configuration's back.
        return new undici__WEBPACK_IMPORTED_MODULE_0__/* .EnvHttpProxyAgent */ .J2({
            ...agentOptions,
            httpProxy: httpProxy ?? '',
            httpsProxy: httpsProxy ?? '',
            noProxy: noProxy ?? '',
        });
    }
    return new undici__WEBPACK_IMPORTED_MODULE_0__/* .Agent */ .g6(agentOptions);
}
class ProxyExchange {
    dispatcher;
    constructor(proxy) {
        this.dispatcher = createDispatcher(proxy);
    }
    async send(url, req) {
        const res = await (0,undici__WEBPACK_IMPORTED_MODULE_0__/* .request */ .Em)(url, {
            method: req.method,
            headers: req.headers,
            body: req.payload ?? null,
            signal: req.signal,
            dispatcher: this.dispatcher,
            // The caller's signal is the one time limit (undici's own would end a long attempt at 300 s).
            headersTimeout: 0,
            bodyTimeout: 0,
        });
        return (0,_exchange_js__WEBPACK_IMPORTED_MODULE_1__/* .answerOf */ .ut)(res.statusCode, res.headers, await (0,_exchange_js__WEBPACK_IMPORTED_MODULE_1__/* .readLimited */ .tk)(res.body, req.maxBytes));
    }
    close() {
        return this.dispatcher.close();
    }
}


/***/ })

};
