/**
 * report-k8s-env: reads the pods of a cluster (a saved `kubectl get pods -o json`, or live through `kubectl`), maps
 * them as the reference says, and reports the environment (PUT /environments/{org}/{env}/report/K8S). A pod that
 * cannot be mapped is skipped, warned about and counted. A dry run sends nothing and keeps the payload; a report
 * that cannot be delivered is kept too (the finisher writes `payload-file`). With a config (`config-file` or
 * `environments`), many environments come from one read, each reported on its own.
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs, ACTION } from './inputs.js';
import { couldNot, onError } from './render.js';
import { run } from './run.js';

export const action = defineAction({
  name: ACTION,
  read: readInputs,
  run,
  couldNot,
  describe,
  onError,
});
