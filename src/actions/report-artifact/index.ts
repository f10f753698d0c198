/**
 * report-artifact: fingerprints an artifact (or takes a given fingerprint), gathers the git and GitHub context the
 * way the official CLI does, and reports it to a flow (POST /artifacts/{org}/{flow}). A dry run sends nothing and
 * keeps the payload; a report that cannot be delivered is kept too (the finisher writes `payload-file`).
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: 'report-artifact', read: readInputs, run, couldNot, describe });
