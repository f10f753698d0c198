/**
 * diff-envs: compares two environment snapshots (GET /env-diff/{org}) as a promotion review. Snapshot 2 is the
 * arriving side: what runs only there is added, what runs only in snapshot 1 removed, one of each with the same
 * repository a replacement (decide.ts); then what was scaled, and (on request) what is unchanged. The arriving
 * artifacts' compliance is read from the service (run.ts) and judged (decide.ts). With `fail-on-diff` it is a drift
 * check; with `fail-on-non-compliant`, a promotion gate.
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: 'diff-envs', read: readInputs, run, couldNot, describe, onError });
