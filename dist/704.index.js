export const id = 704;
export const ids = [704];
export const modules = {

/***/ 2704:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  action: () => (/* binding */ action)
});

// EXTERNAL MODULE: ./src/runtime/step.ts + 1 modules
var step = __webpack_require__(7402);
// EXTERNAL MODULE: ./src/trust/log.ts
var log = __webpack_require__(1488);
// EXTERNAL MODULE: ./src/api/config.ts
var config = __webpack_require__(1392);
// EXTERNAL MODULE: ./src/errors/errors.ts
var errors = __webpack_require__(2600);
// EXTERNAL MODULE: ./src/context/inputs.ts
var context_inputs = __webpack_require__(5042);
// EXTERNAL MODULE: ./src/runtime/context.ts + 6 modules
var context = __webpack_require__(3792);
;// CONCATENATED MODULE: ./src/actions/setup/run.ts
/**
 * The setup action: checks the connection once and hands it to the job's later steps as environment variables
 * (the finisher exports them).
 */





function readInputs(inputs, cwd) {
    return {
        ...(0,context_inputs/* readConnection */.dC)(inputs),
        dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
        verify: inputs.boolean('verify', true),
        runner: (0,context/* readRunner */.fY)(inputs.env, cwd),
        // Setup has no summary input and writes none when it works; a step that fails still says why there.
        summary: true,
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
    return {
        // Not an output: setup has no outcome and no result file (resultFile: false).
        outcome: 'ready',
        outputs: {},
        result: {},
        exports: {
            COMPLIANCE_API_URL: (0,config/* normalizeBaseUrl */.qT)(inputs.apiUrl).href,
            COMPLIANCE_API_TOKEN: inputs.apiToken,
            COMPLIANCE_ORG: inputs.org,
            COMPLIANCE_DRY_RUN: String(inputs.dryRun),
            [context_inputs/* TIMEOUT_VARIABLE */.bT]: String(inputs.timeoutSeconds),
        },
        ...(inputs.dryRun && {
            annotations: [
                {
                    level: 'notice',
                    message: 'Compliance reporting is in DRY RUN for this job: nothing will be sent.',
                },
            ],
        }),
    };
}
/** Says which of the three settings is most likely wrong. */
function explainVerifyFailure(error, inputs) {
    if (error instanceof errors/* ApiError */.hD) {
        if (error.status === 401 || error.status === 403) {
            return new errors/* InputError */.dz('api-token', `the service refused the token (HTTP ${error.status})`, 'a valid API token for this org');
        }
        if (error.status === 404) {
            return new errors/* InputError */.dz('org', `the service does not know org '${inputs.org}' or the URL is not an API v2 root (HTTP 404)`, 'an existing organization and the service URL');
        }
    }
    if (error instanceof errors/* NetworkError */.Dr) {
        return new errors/* InputError */.dz('api-url', `could not reach ${inputs.apiUrl}: ${error.reason}`, 'a reachable service URL');
    }
    return error;
}

;// CONCATENATED MODULE: ./src/actions/setup/index.ts


const action = (0,step/* defineAction */.QP)({
    name: 'setup',
    read: readInputs,
    run: run,
    couldNot: () => 'Could not set up the connection to the compliance service',
    // No outcome and no result file: setup hands the connection on through the environment.
    resultFile: false,
});


/***/ })

};
