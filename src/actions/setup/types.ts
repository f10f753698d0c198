/** setup, the shape of its inputs: the connection, and how the step finishes. */
import type { Connection } from '../../api/config.js';
import type { FinishInputs } from '../../runtime/step.js';

export interface SetupInputs extends Connection, FinishInputs {
  dryRun: boolean;
  verify: boolean;
}
