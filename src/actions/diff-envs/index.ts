/**
 * diff-envs: compares two environment snapshots (GET /env-diff/{org}) as a promotion review of what arrives in
 * snapshot 2; with `fail-on-diff` a drift check, with `fail-on-non-compliant` a promotion gate.
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: 'diff-envs', read: readInputs, run, couldNot, describe, onError });
