import { defineAction } from '../../runtime/step.js';
import { describe, ERROR_OUTPUTS, readInputs, run } from './run.js';

export const action = defineAction({
  name: 'get-deployment',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not check the deployment to ${inputs.environment}` : 'Could not check the deployment',
  describe,
  onError: { outputs: ERROR_OUTPUTS },
});
