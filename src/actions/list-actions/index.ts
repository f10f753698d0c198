/**
 * list-actions: the notification actions of the org (GET /actions/{org}) and which of them are failing to send. With
 * `fail-if-failing` it is a scheduled health check: the step fails naming the failing actions. `outcome` tells a later
 * step healthy, failing or error (could not check: the entry wrapper's path, or a gate the service does not answer).
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({
  name: 'list-actions',
  read: readInputs,
  run,
  couldNot,
  describe,
  onError,
});
