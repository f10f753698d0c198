/**
 * setup, running: checks the connection once (unless in dry run or told not to verify) and hands it to the job's
 * later steps as environment variables (the finisher exports them).
 */
import { log } from '../../trust/log.js';
import { INSECURE_VARIABLE, TIMEOUT_VARIABLE } from '../../context/inputs.js';
import { withClient } from '../../runtime/context.js';
import type { StepResult } from '../../runtime/step.js';
import { explainVerifyFailure } from './render.js';
import type { SetupInputs } from './types.js';

export async function run(inputs: SetupInputs): Promise<StepResult> {
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
