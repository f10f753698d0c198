/** setup, its inputs: the connection (URL, token, org, timeout, plain http), dry run, and whether to verify. */
import { insecureWarnings, readConnection, type InputReader } from '../../context/inputs.js';
import { readRunner } from '../../runtime/context.js';
import type { SetupInputs } from './types.js';

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
