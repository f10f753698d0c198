/**
 * check-attestations-for-commit: the pull-request gate. A tripped gate is `outcome: non-compliant`, one that could
 * not check `outcome: error`.
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs, ACTION } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: ACTION, read: readInputs, run, couldNot, describe, onError });
