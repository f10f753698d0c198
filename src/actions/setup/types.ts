/** setup, the shape of its inputs: the connection, and how the step finishes. */
import type { ConnectionInputs } from '../../context/inputs.js';
import type { FinishInputs } from '../../runtime/step.js';

export interface SetupInputs extends ConnectionInputs, FinishInputs {
  dryRun: boolean;
  verify: boolean;
}
