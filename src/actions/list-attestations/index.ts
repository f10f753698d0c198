/**
 * list-attestations: lists the attestations of a flow (GET /attestations/{org}/{flow}), optionally between two
 * times: one page, or every page up to a cap. Counts the non-compliant ones.
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: 'list-attestations', read: readInputs, run, couldNot, describe });
