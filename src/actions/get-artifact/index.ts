/**
 * get-artifact: the compliance state of one artifact of a flow, or of many in one table; with `assert-compliant` (or
 * `fail-on`) a gate.
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
