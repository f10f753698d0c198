/**
 * list-actions: the notification actions of the org (GET /actions/{org}) and which of them are failing to send. With
 * `fail-if-failing` it is a scheduled health check: the step fails naming the failing actions. `outcome` tells a later
 * step healthy, failing or error (could not check).
 */
import { log } from '../../trust/log.js';
import { shownField } from '../../api/index.js';
import type { Action } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import { formatTime } from '../../context/time.js';
import { readCommon, withClient, type CommonInputs, type RunnerContext } from '../../runtime/context.js';
import { recordCouldNotCheck } from '../../runtime/outcome.js';
import { setOutputs, writeResultFile } from '../../runtime/legacy-output.js';
import { timeCell } from '../../summary/cells.js';
import { SummaryWriter } from '../../summary/writer.js';

const ACTION = 'list-actions';
/** GitHub shows at most ten warnings per step: the rest are counted (and all are in the summary). */
const MAX_WARNINGS = 10;
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

/** `error`: it could not check (unreachable, 5xx, 401, a malformed answer). */
export type ListActionsOutcome = 'healthy' | 'failing' | 'error';

export interface ListActionsResult {
  /**
   * `failing` when any action fails to send, whatever fail-if-failing says; `error` under fail-if-failing when none is
   * known to fail but the service does not say for some.
   */
  outcome: ListActionsOutcome;
  /** The API URL that was read. */
  url: string;
  count: number;
  /** Names of the actions whose notifications currently fail (`is_failing: true`). */
  failing: string[];
  failIfFailing: boolean;
  /** Why the step failed; absent when it passed. */
  failure?: string;
  actions: Action[];
}

/** Sets the outputs and writes the result file of a step that could not check; the caller fails the step. */
export async function couldNotCheck(
  runner: RunnerContext,
  known: Record<string, unknown>,
  error: unknown,
  heading?: string,
): Promise<void> {
  // `failing` stays a JSON list so a later fromJSON() reads it; `outcome` says it is not an answer.
  await recordCouldNotCheck(runner, ACTION, { count: '', failing: '[]' }, known, error, heading);
}

export async function run(inputs: ListActionsInputs): Promise<ListActionsResult> {
  const known: Record<string, unknown> = { failIfFailing: inputs.failIfFailing };
  try {
    return await check(inputs, known);
  } catch (error) {
    const heading = `Could not list the actions of ${inputs.connection.org}`;
    await couldNotCheck(inputs.runner, known, error, inputs.summary ? heading : undefined);
    throw error;
  }
}

async function check(inputs: ListActionsInputs, known: Record<string, unknown>): Promise<ListActionsResult> {
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('listActions');
    known.url = url;
    const actions = await log.group(`List the actions of ${inputs.connection.org}`, async () => {
      const list = await client.listActions();
      log.info(`${list.length} action(s).`);
      return list;
    });
    const failingActions = actions.filter((a) => a.is_failing === true);
    const failing = failingActions.map((a) => a.name);
    const result: ListActionsResult = {
      outcome: failing.length > 0 ? 'failing' : 'healthy',
      url,
      count: actions.length,
      failing,
      failIfFailing: inputs.failIfFailing,
      actions,
    };
    // A gate cannot pass on a status the service does not give: "unknown" is could-not-check, not healthy.
    const unknown = actions.filter((a) => typeof a.is_failing !== 'boolean');
    if (failing.length === 0 && unknown.length > 0 && inputs.failIfFailing) {
      result.outcome = 'error';
      result.failure =
        `fail-if-failing: could not check: the service does not say whether ${unknown.length} of ${actions.length} ` +
        `action(s) fail to send notifications: ` +
        unknown
          .slice(0, MAX_NAMED)
          .map((a) => `'${a.name}'`)
          .join(', ') +
        `${unknown.length > MAX_NAMED ? ` and ${unknown.length - MAX_NAMED} more` : ''}.`;
    }
    if (failing.length > 0 && inputs.failIfFailing) {
      result.failure =
        `fail-if-failing: ${failing.length} of ${actions.length} action(s) fail to send notifications: ` +
        failingActions.slice(0, MAX_NAMED).map(describeFailure).join('; ') +
        `${failing.length > MAX_NAMED ? ` and ${failing.length - MAX_NAMED} more (see the job summary)` : ''}.`;
    }

    setOutputs({ outcome: result.outcome, count: result.count, failing: JSON.stringify(failing) });
    await writeResultFile(inputs.runner, ACTION, result);
    if (inputs.summary) await summarize(result).write(inputs.runner.summaryFile);
    if (result.failure !== undefined) {
      // Action names come from the server: scrubbed like every other message.
      log.fail(result.failure);
    } else {
      for (const action of failingActions.slice(0, MAX_WARNINGS)) {
        log.warning(`Action ${describeFailure(action)} fails to send notifications.`);
      }
      if (failingActions.length > MAX_WARNINGS) {
        log.warning(
          `${failingActions.length - MAX_WARNINGS} more action(s) are failing: see the job summary.`,
        );
      }
    }
    return result;
  });
}

function describeFailure(action: Action): string {
  const last = shownField(() => action.last_failure_timestamp);
  return `'${action.name}'${typeof last === 'number' ? ` (last failure ${formatTime(last)})` : ''}`;
}

/**
 * A target in a few words: its type and where it sends. A webhook URL often carries a secret in its path (a chat
 * webhook does), so only its host is shown; the full targets are in the result file.
 */
export function describeTarget(target: Record<string, unknown>): string {
  const type = typeof target.type === 'string' ? target.type : 'target';
  const where = ['channel', 'address', 'email', 'name'].map((key) => target[key]).find(isText);
  if (where !== undefined) return `${type} ${where}`;
  const url = isText(target.url) && URL.canParse(target.url) ? new URL(target.url).host : undefined;
  return url ? `${type} (${url})` : type;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function summarize(result: ListActionsResult): SummaryWriter {
  const summary = new SummaryWriter();
  summary.heading(
    `Notification actions: ${result.count}, failing: ${result.failing.length}${result.failure ? ' ❌' : ''}`,
    3,
  );
  if (result.count === 0) {
    summary.paragraph('The org has no actions.');
    return summary;
  }
  summary.table(
    [
      'Name',
      'Type',
      'Triggers',
      'Targets',
      'Flows or environments',
      'Failing',
      'Last success',
      'Last failure',
    ],
    result.actions.map((a) => {
      const targets = shownField(() => a.targets) ?? [];
      const flows = shownField(() => a.flows) ?? [];
      const environments = shownField(() => a.environments) ?? [];
      const scope = [
        ...(flows.length > 0 ? [`flows: ${flows.join(', ')}`] : []),
        ...(environments.length > 0 ? [`environments: ${environments.join(', ')}`] : []),
      ];
      const failing = shownField(() => a.is_failing);
      return [
        a.name,
        shownField(() => a.type),
        (shownField(() => a.triggers) ?? []).join(', '),
        targets.map(describeTarget).join(', '),
        scope.join('; '),
        failing === true ? '❌ yes' : failing === false ? 'no' : 'unknown',
        timeCell(shownField(() => a.last_success_timestamp)) ?? '—',
        timeCell(shownField(() => a.last_failure_timestamp)) ?? '—',
      ];
    }),
  );
  return summary;
}
