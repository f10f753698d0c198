/**
 * check-attestations-for-commit: the pull-request gate. Reads the commits and their attestations (run.ts), decides
 * per commit and required attestation name compliant, non-compliant or missing (decide.ts), and renders the verdict
 * (render.ts). A tripped gate fails the step with `outcome: non-compliant`; a gate that could not check fails with
 * `outcome: error` (the lifecycle's error path), so the two are told apart.
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs, ACTION } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: ACTION, read: readInputs, run, couldNot, describe, onError });
