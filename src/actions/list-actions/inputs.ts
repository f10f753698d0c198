/** list-actions' inputs: the connection, and whether it is a health check (fail-if-failing). */
import type { InputReader } from '../../context/inputs.js';
import { readCommon } from '../../runtime/context.js';
import type { ListActionsInputs } from './types.js';

export function readInputs(inputs: InputReader, cwd: string): ListActionsInputs {
  return {
    ...readCommon(inputs, cwd),
    failIfFailing: inputs.boolean('fail-if-failing', false),
  };
}

/** What the inputs say, for the result file of a step that could not check. */
export function describe(inputs: ListActionsInputs): Record<string, unknown> {
  return { failIfFailing: inputs.failIfFailing };
}
