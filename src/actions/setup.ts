/** setup: checks the connection once and hands it to the job's later steps as environment variables. */
import { ApiError, InputError, NetworkError } from '../errors/errors.js';
import {
  insecureWarnings,
  INSECURE_VARIABLE,
  readConnection,
  TIMEOUT_VARIABLE,
  type InputReader,
} from '../context/inputs.js';
import { readRunner, withClient } from '../runtime/context.js';
import { defineAction, type StepResult } from '../runtime/step.js';
import { log } from '../trust/log.js';

// The inputs: the connection (URL, token, org, timeout, plain http), dry run, and whether to verify.

export function readInputs(inputs: InputReader, cwd: string) {
  const connection = readConnection(inputs);
  return {
    ...connection,
    warnings: insecureWarnings(connection),
    dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
    verify: inputs.boolean('verify', true),
    runner: readRunner(inputs.env, cwd),
    // Setup has no summary input and writes none when it works; a step that fails still says why there.
    summary: true,
  };
}

type SetupInputs = ReturnType<typeof readInputs>;

// The run: checks the connection once (unless in dry run or told not to verify) and hands it on.

async function run(inputs: SetupInputs): Promise<StepResult> {
  if (inputs.verify && !inputs.dryRun) {
    await withClient(inputs, (client) =>
      log.group('Verify the connection', async () => {
        try {
          await client.listActions();
        } catch (error) {
          throw explainVerifyFailure(error, inputs);
        }
        log.info(`Connected to ${inputs.apiRoot.href} as org '${inputs.org}'.`);
      }),
    );
  }
  return {
    // Not an output: setup has no outcome and no result file (resultFile: false).
    outcome: 'ready',
    outputs: {},
    result: {},
    exports: {
      COMPLIANCE_API_URL: inputs.apiRoot.href,
      COMPLIANCE_API_TOKEN: inputs.token,
      COMPLIANCE_ORG: inputs.org,
      COMPLIANCE_DRY_RUN: String(inputs.dryRun),
      [TIMEOUT_VARIABLE]: String(inputs.deadlineMs / 1000),
      // Later steps read the same URL: they need the same permission for plain http.
      ...(inputs.allowInsecureHttp && { [INSECURE_VARIABLE]: 'true' }),
    },
    ...(inputs.dryRun && {
      annotations: [
        {
          level: 'notice' as const,
          message: 'Compliance reporting is in DRY RUN for this job: nothing will be sent.',
        },
      ],
    }),
  };
}

// The rendering: which setting a failed check blames.

/** Says which of the three settings is most likely wrong. */
export function explainVerifyFailure(error: unknown, inputs: Pick<SetupInputs, 'org' | 'apiRoot'>): unknown {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 401 || status === 403) {
    return new InputError(
      'api-token',
      `the service refused the token (HTTP ${status})`,
      'a valid API token for this org',
    );
  }
  if (status === 404) {
    return new InputError(
      'org',
      `the service does not know org '${inputs.org}' or the URL is not an API v2 root (HTTP 404)`,
      'an existing organization and the service URL',
    );
  }
  if (error instanceof NetworkError) {
    return new InputError(
      'api-url',
      `could not reach ${inputs.apiRoot.href}: ${error.reason}`,
      'a reachable service URL',
    );
  }
  return error;
}

export const action = defineAction({
  name: 'setup',
  read: readInputs,
  run,
  couldNot: () => 'Could not set up the connection to the compliance service',
  // No outcome and no result file: setup hands the connection on through the environment.
  resultFile: false,
});
