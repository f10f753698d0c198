import { defineAction } from '../../runtime/step.js';
import { readInputs, run } from './run.js';

export const action = defineAction({
  name: 'setup',
  read: readInputs,
  run,
  couldNot: () => 'Could not set up the connection to the compliance service',
  // No outcome and no result file: setup hands the connection on through the environment.
  resultFile: false,
});
