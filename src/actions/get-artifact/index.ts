/**
 * get-artifact: reads one artifact of a flow by its fingerprint and gives its compliance state, or many (lines, or a
 * glob) in one table. With `assert-compliant` it is a gate: the step fails unless the artifact is compliant, naming
 * what is missing or non-compliant. `outcome` tells a later step compliant, non-compliant, not-found (the step fails)
 * or error (it could not check: the entry wrapper's path).
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({
  name: 'get-artifact',
  read: readInputs,
  run,
  couldNot,
  describe,
  onError,
});
