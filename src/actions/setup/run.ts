/**
 * The setup action: checks the connection once and hands it to the job's later steps as environment variables.
 */
import { exportVariable } from '@actions/core';
import { log } from '../../trust/log.js';
import { ApiError, InputError, NetworkError, normalizeBaseUrl } from '../../api/index.js';
import {
  readConnection,
  TIMEOUT_VARIABLE,
  type ConnectionInputs,
  type InputReader,
} from '../../context/inputs.js';
import { withClient } from '../../runtime/context.js';

export interface SetupInputs extends ConnectionInputs {
  dryRun: boolean;
  verify: boolean;
}

export function readInputs(inputs: InputReader): SetupInputs {
  return {
    ...readConnection(inputs),
    dryRun: inputs.boolean('dry-run', false, 'COMPLIANCE_DRY_RUN'),
    verify: inputs.boolean('verify', true),
  };
}

export async function run(inputs: SetupInputs): Promise<void> {
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
  exportVariable('COMPLIANCE_API_URL', normalizeBaseUrl(inputs.apiUrl).href);
  exportVariable('COMPLIANCE_API_TOKEN', inputs.apiToken);
  exportVariable('COMPLIANCE_ORG', inputs.org);
  exportVariable('COMPLIANCE_DRY_RUN', String(inputs.dryRun));
  exportVariable(TIMEOUT_VARIABLE, String(inputs.timeoutSeconds));
  if (inputs.dryRun) log.notice('Compliance reporting is in DRY RUN for this job: nothing will be sent.');
}

/** Says which of the three settings is most likely wrong. */
function explainVerifyFailure(error: unknown, inputs: SetupInputs): unknown {
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
