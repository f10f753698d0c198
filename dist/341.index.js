export const id = 341;
export const ids = [341];
export const modules = {

/***/ 9341:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* reexport */ main)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 11 modules
var core = __webpack_require__(3360);
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/api/index.ts + 4 modules
var api = __webpack_require__(1974);
// EXTERNAL MODULE: ./src/context/inputs.ts
var context_inputs = __webpack_require__(5042);
// EXTERNAL MODULE: ./src/runtime/context.ts + 1 modules
var context = __webpack_require__(1410);
;// CONCATENATED MODULE: ./src/actions/setup/run.ts
/**
 * The setup action: checks the connection once and hands it to the job's later steps as environment variables.
 */





function readInputs(inputs) {
    return {
        ...(0,context_inputs/* readConnection */.dC)(inputs),
        dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
        verify: inputs.boolean('verify', true),
    };
}
async function run(inputs) {
    if (inputs.verify && !inputs.dryRun) {
        await (0,context/* withClient */.SV)(inputs, (client) => log/* log */.R.group('Verify the connection', async () => {
            try {
                await client.listActions();
            }
            catch (error) {
                throw explainVerifyFailure(error, inputs);
            }
            log/* log */.R.info(`Connected to ${client.config.apiRoot.href} as org '${inputs.org}'.`);
        }));
    }
    (0,core/* exportVariable */.dN)('COMPLIANCE_API_URL', (0,api/* normalizeBaseUrl */.qT)(inputs.apiUrl).href);
    (0,core/* exportVariable */.dN)('COMPLIANCE_API_TOKEN', inputs.apiToken);
    (0,core/* exportVariable */.dN)('COMPLIANCE_ORG', inputs.org);
    (0,core/* exportVariable */.dN)('COMPLIANCE_DRY_RUN', String(inputs.dryRun));
    (0,core/* exportVariable */.dN)(context_inputs/* TIMEOUT_VARIABLE */.bT, String(inputs.timeoutSeconds));
    if (inputs.dryRun)
        log/* log */.R.notice('Compliance reporting is in DRY RUN for this job: nothing will be sent.');
}
/** Says which of the three settings is most likely wrong. */
function explainVerifyFailure(error, inputs) {
    if (error instanceof api/* ApiError */.hD) {
        if (error.status === 401 || error.status === 403) {
            return new api/* InputError */.dz('api-token', `the service refused the token (HTTP ${error.status})`, 'a valid API token for this org');
        }
        if (error.status === 404) {
            return new api/* InputError */.dz('org', `the service does not know org '${inputs.org}' or the URL is not an API v2 root (HTTP 404)`, 'an existing organization and the service URL');
        }
    }
    if (error instanceof api/* NetworkError */.Dr) {
        return new api/* InputError */.dz('api-url', `could not reach ${inputs.apiUrl}: ${error.reason}`, 'a reachable service URL');
    }
    return error;
}

;// CONCATENATED MODULE: ./src/actions/setup/main.ts


const main = () => run(readInputs(new context_inputs/* InputReader */.i_(process.env)));

;// CONCATENATED MODULE: ./src/actions/setup/index.ts
// TEMPORARY (issue 13 transition): the old entry, until this action is an ActionDefinition.



/***/ })

};
