/**
 * list-trails: lists the trails of the org (GET /trails/{org}), narrowed by flow, flow tag or artifact fingerprint:
 * one page, or every page up to a cap. Counts the non-compliant ones.
 */
import { defineAction } from '../../runtime/step.js';
import { describe, readInputs } from './inputs.js';
import { couldNot } from './render.js';
import { run } from './run.js';

export const action = defineAction({ name: 'list-trails', read: readInputs, run, couldNot, describe });
