import { defineAction } from '../../runtime/step.js';
import { filtersOf, readInputs, run } from './run.js';

export const action = defineAction({
  name: 'list-trails',
  read: readInputs,
  run,
  couldNot: () => 'Could not list the trails',
  describe: (inputs) => ({ filters: filtersOf(inputs), paging: inputs.paging }),
});
