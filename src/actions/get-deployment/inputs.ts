/** get-deployment's inputs: the environment, the artifact (a fingerprint, or what to fingerprint) and the gate. */
import type { InputReader } from '../../context/inputs.js';
import { readArtifactSpec } from '../../runtime/artifact.js';
import { readCommon } from '../../runtime/context.js';
import type { GetDeploymentInputs } from './types.js';

export async function readInputs(inputs: InputReader, cwd: string): Promise<GetDeploymentInputs> {
  const common = readCommon(inputs, cwd);
  return {
    ...common,
    environment: inputs.requiredMatching('environment', 'envName'),
    artifact: await readArtifactSpec(inputs, common.runner.workspace),
    failIfMissing: inputs.boolean('fail-if-missing', true),
  };
}

/** What the inputs say, for the result file of a step that could not check: never "found" nor "not found". */
export function describe(inputs: GetDeploymentInputs): Record<string, unknown> {
  return {
    environment: inputs.environment,
    ...(inputs.artifact.type === 'fingerprint' && { fingerprint: inputs.artifact.fingerprint }),
    failIfMissing: inputs.failIfMissing,
    found: null,
  };
}
