/**
 * The setup action: checks the connection once and hands it to the job's later steps as environment variables
 * (the finisher exports them).
 */
import { defineAction } from '../../runtime/step.js';
import { readInputs } from './inputs.js';
import { couldNot } from './render.js';
import { run } from './run.js';

export const action = defineAction({
  name: 'setup',
  read: readInputs,
  run,
  couldNot,
  // No outcome and no result file: setup hands the connection on through the environment.
  resultFile: false,
});
