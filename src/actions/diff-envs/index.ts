import { defineAction } from '../../runtime/step.js';
import { asked, readInputs, run } from './run.js';

export const action = defineAction({
  name: 'diff-envs',
  read: readInputs,
  run,
  couldNot: (inputs) => {
    if (!inputs) return 'Could not compare the environments';
    const { snapshot1, snapshot2 } = asked(inputs);
    return `Could not compare ${snapshot1.expression} with ${snapshot2.expression}`;
  },
  describe: asked,
});
