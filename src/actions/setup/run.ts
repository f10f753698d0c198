/**
 * The setup action: checks the connection once and hands it to the job's later steps as environment variables
 * (the finisher exports them).
 */
import { log } from '../../trust/log.js';
import { normalizeBaseUrl } from '../../api/config.js';
import { ApiError, InputError, NetworkError } from '../../errors/errors.js';
import {
  INSECURE_VARIABLE,
  insecureWarnings,
  readConnection,
  TIMEOUT_VARIABLE,
  type ConnectionInputs,
  type InputReader,
} from '../../context/inputs.js';
import { readRunner, withClient } from '../../runtime/context.js';
import type { FinishInputs, StepResult } from '../../runtime/step.js';

export interface SetupInputs extends ConnectionInputs, FinishInputs {
  dryRun: boolean;
  verify: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): SetupInputs {
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

export async function run(inputs: SetupInputs): Promise<StepResult> {
  if (inputs.verify && !inputs.dryRun) {
    await withClient(inputs, (client) =>
      log.group('Verify the connection', async () => {
        try {
          await client.listActions();
        } catch (error) {
          throw explainVerifyFailure(error, inputs);
        }
        log.info(`Connected to ${client.config.apiRoot.href} as org '${inputs.org}'.`);
      }),
    );
  }
  return {
    // Not an output: setup has no outcome and no result file (resultFile: false).
    outcome: 'ready',
    outputs: {},
    result: {},
    exports: {
      COMPLIANCE_API_URL: normalizeBaseUrl(inputs.apiUrl, inputs.allowInsecureHttp).href,
      COMPLIANCE_API_TOKEN: inputs.apiToken,
      COMPLIANCE_ORG: inputs.org,
      COMPLIANCE_DRY_RUN: String(inputs.dryRun),
      [TIMEOUT_VARIABLE]: String(inputs.timeoutSeconds),
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

/** Says which of the three settings is most likely wrong. */
export function explainVerifyFailure(error: unknown, inputs: Pick<SetupInputs, 'org' | 'apiUrl'>): unknown {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) {
      return new InputError(
        'api-token',
        `the service refused the token (HTTP ${error.status})`,
        'a valid API token for this org',
      );
    }
    if (error.status === 404) {
      return new InputError(
        'org',
        `the service does not know org '${inputs.org}' or the URL is not an API v2 root (HTTP 404)`,
        'an existing organization and the service URL',
      );
    }
  }
  if (error instanceof NetworkError) {
    return new InputError(
      'api-url',
      `could not reach ${inputs.apiUrl}: ${error.reason}`,
      'a reachable service URL',
    );
  }
  return error;
}
