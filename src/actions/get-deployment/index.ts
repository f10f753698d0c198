/**
 * get-deployment: when and in which snapshot an artifact started running in an environment, and what it replaced
 * (GET /deployments/{org}/{env}/{fp}). The fingerprint is given as is or computed the way report-artifact computes
 * it. A 404 that says the artifact was not deployed there fails the step saying so, or, with `fail-if-missing:
 * false`, carries on with `found=false` and a warning; a 404 about the org or environment could not check either
 * way. `outcome` tells a later step found, not-found or error (could not check: the entry wrapper's path).
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({
  name: 'get-deployment',
  read: readInputs,
  run,
  couldNot,
  describe,
  onError,
});
