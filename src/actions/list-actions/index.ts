import { defineAction } from '../../runtime/step.js';
import { ERROR_OUTPUTS, readInputs, run } from './run.js';

export const action = defineAction({
  name: 'list-actions',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not list the actions of ${inputs.connection.org}` : 'Could not list the actions',
  describe: (inputs) => ({ failIfFailing: inputs.failIfFailing }),
  onError: { outputs: ERROR_OUTPUTS },
});
