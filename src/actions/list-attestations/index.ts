import { defineAction } from '../../runtime/step.js';
import { queryOf, readInputs, run } from './run.js';

export const action = defineAction({
  name: 'list-attestations',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not list the attestations of ${inputs.flow}` : 'Could not list the attestations',
  describe: queryOf,
});
