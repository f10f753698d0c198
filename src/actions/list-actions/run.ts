/**
 * list-actions: the notification actions of the org (GET /actions/{org}) and which of them are failing to send. With
 * `fail-if-failing` it is a scheduled health check: the step fails naming the failing actions. `outcome` tells a later
 * step healthy, failing or error (could not check: the entry wrapper's path, or a gate the service does not answer).
 */
import type { Action } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import { serviceTime } from '../../context/time.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { MAX_ANNOTATIONS, type Annotation, type StepResult } from '../../runtime/step.js';
import { log } from '../../trust/log.js';
import { summarize } from './render.js';

/** How many failing actions a failure message names before "and N more". */
const MAX_NAMED = 20;

export interface ListActionsInputs extends CommonInputs {
  /** Fail the step when any action is failing to send its notifications. */
  failIfFailing: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): ListActionsInputs {
  return {
    ...readCommon(inputs, cwd),
    failIfFailing: inputs.boolean('fail-if-failing', false),
  };
}

/** `error`: it could not check (unreachable, 5xx, 401, a malformed answer, a status the gate is not given). */
export type ListActionsOutcome = 'healthy' | 'failing' | 'error';

/** The result file (besides `outcome`, which the finisher writes first). */
export interface ListActionsResult {
  /** The API URL that was read. */
  url: string;
  count: number;
  /** Names of the actions whose notifications currently fail (`is_failing: true`). */
  failing: string[];
  failIfFailing: boolean;
  /** Why the step failed; absent when it passed. */
  failure?: string;
  /** Why it could not check, as a step that could not finish says it (fail-if-failing without a status). */
  error?: { kind: string; message: string };
  actions: Action[];
}

/** The outputs of a step that could not check: `failing` stays a JSON list, so a later fromJSON() reads it. */
export const ERROR_OUTPUTS = { count: '', failing: [] };

export async function run(inputs: ListActionsInputs): Promise<StepResult> {
  const { url, actions } = await withClient(inputs.connection, async (client) => ({
    url: client.urlFor('listActions'),
    actions: await log.group(`List the actions of ${inputs.connection.org}`, async () => {
      const list = await client.listActions();
      log.info(`${list.length} action(s).`);
      return list;
    }),
  }));
  const failingActions = actions.filter((a) => a.is_failing === true);
  const failing = failingActions.map((a) => a.name);
  let outcome: ListActionsOutcome = failing.length > 0 ? 'failing' : 'healthy';
  const result: ListActionsResult = {
    url,
    count: actions.length,
    failing,
    failIfFailing: inputs.failIfFailing,
    actions,
  };
  // A gate cannot pass on a status the service does not give: "unknown" is could-not-check, not healthy.
  const unknown = actions.filter((a) => typeof a.is_failing !== 'boolean');
  if (inputs.failIfFailing && failing.length === 0 && unknown.length > 0) {
    outcome = 'error';
    result.failure =
      `fail-if-failing: could not check: the service does not say whether ${unknown.length} of ${actions.length} ` +
      `action(s) fail to send notifications: ${nameList(
        unknown.map((a) => `'${a.name}'`),
        '',
      )}.`;
    result.error = { kind: 'unexpected-response', message: result.failure };
  } else if (inputs.failIfFailing && failing.length > 0) {
    result.failure =
      `fail-if-failing: ${failing.length} of ${actions.length} action(s) fail to send notifications: ` +
      nameList(failingActions.map(describeFailure), ' (see the job summary)', '; ') +
      '.';
  }
  return {
    outcome,
    outputs: { count: result.count, failing },
    result: { ...result },
    summary: summarize(result),
    ...(result.failure !== undefined
      ? { failure: result.failure }
      : { annotations: warnings(failingActions) }),
  };
}

/** The first twenty, then how many more. */
function nameList(names: string[], more: string, separator = ', '): string {
  const rest = names.length - MAX_NAMED;
  return `${names.slice(0, MAX_NAMED).join(separator)}${rest > 0 ? ` and ${rest} more${more}` : ''}`;
}

/** One warning per failing action; past GitHub's ten, the last one counts the rest (the summary lists them all). */
function warnings(failingActions: Action[]): Annotation[] {
  const named =
    failingActions.length > MAX_ANNOTATIONS ? failingActions.slice(0, MAX_ANNOTATIONS - 1) : failingActions;
  const out = named.map((a): Annotation => ({
    level: 'warning',
    message: `Action ${describeFailure(a)} fails to send notifications.`,
  }));
  const rest = failingActions.length - named.length;
  if (rest > 0) {
    out.push({ level: 'warning', message: `${rest} more action(s) are failing: see the job summary.` });
  }
  return out;
}

export function describeFailure(action: Action): string {
  const last = action.last_failure_timestamp;
  const when = typeof last === 'number' ? serviceTime(last) : undefined;
  return `'${action.name}'${when !== undefined ? ` (last failure ${when})` : ''}`;
}
