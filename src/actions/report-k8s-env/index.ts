/** report-k8s-env: reads a cluster's pods (a saved list, or live) and reports one environment, or many. */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs, ACTION } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: ACTION, read: readInputs, run, couldNot, describe, onError });
