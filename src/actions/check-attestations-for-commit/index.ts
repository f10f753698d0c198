/** check-attestations-for-commit: the pull-request gate (`non-compliant` tripped, `error` could not check). */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs, ACTION } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: ACTION, read: readInputs, run, couldNot, describe, onError });
