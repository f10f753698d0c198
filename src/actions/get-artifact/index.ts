import { defineAction } from '../../runtime/step.js';
import { readInputs } from './read.js';
import { describe, ERROR_OUTPUTS, run } from './run.js';

export const action = defineAction({
  name: 'get-artifact',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs
      ? `Could not check the artifact${inputs.many ? 's' : ''} in flow ${inputs.flow}`
      : 'Could not check the artifact',
  describe,
  onError: { outputs: ERROR_OUTPUTS },
});
