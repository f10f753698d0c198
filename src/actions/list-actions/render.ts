/**
 * list-actions, rendering: the job summary, one row per action; the failure and warnings; what a step that could not
 * check says. Text from the service is escaped by the summary writer; a webhook target shows its host only.
 */
import type { Action } from '../../api/schemas.js';
import { serviceTime } from '../../context/time.js';
import { MAX_ANNOTATIONS, type Annotation, type ErrorExtras } from '../../runtime/step.js';
import { timeCell } from '../../summary/cells.js';
import { SummaryWriter } from '../../summary/writer.js';
import type { ListActionsInputs, ListActionsResult, Tripped } from './types.js';

/** How many failing actions a failure message names before "and N more". */
const MAX_NAMED = 20;

/** The heading of a step that could not check. */
export function couldNot(inputs: ListActionsInputs | undefined): string {
  return inputs ? `Could not list the actions of ${inputs.connection.org}` : 'Could not list the actions';
}

/** The outputs of a step that could not check: `failing` stays a JSON list, so a later fromJSON() reads it. */
export const ERROR_OUTPUTS = { count: '', failing: [] };

/** What a step that could not check says besides `outcome: error`. */
export const onError: ErrorExtras<ListActionsInputs> = { outputs: ERROR_OUTPUTS };

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

export function summarize(result: ListActionsResult): SummaryWriter {
  const summary = new SummaryWriter();
  // Not given is not "not failing": said in the heading, so healthy never reads as more than was told.
  const unknown = result.actions.filter((a) => typeof a.is_failing !== 'boolean').length;
  summary.heading(
    `Notification actions: ${result.count}, failing: ${result.failing.length}` +
      `${unknown > 0 ? `, status unknown: ${unknown}` : ''}${result.failure ? ' ❌' : ''}`,
    3,
  );
  // A health check that could not check (outcome error) says why in the summary too, not only in the failure.
  if (result.error !== undefined) summary.paragraph(result.error.message);
  if (result.count === 0) return summary.paragraph('The org has no actions.');
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
      const flows = a.flows ?? [];
      const environments = a.environments ?? [];
      const scope = [
        ...(flows.length > 0 ? [`flows: ${flows.join(', ')}`] : []),
        ...(environments.length > 0 ? [`environments: ${environments.join(', ')}`] : []),
      ];
      const failing = a.is_failing;
      return [
        a.name,
        a.type,
        a.triggers.join(', '),
        a.targets.map(describeTarget).join(', '),
        scope.join('; '),
        failing === true ? '❌ yes' : failing === false ? 'no' : 'unknown',
        timeCell(a.last_success_timestamp) ?? '—',
        timeCell(a.last_failure_timestamp) ?? '—',
      ];
    }),
  );
  return summary;
}

/** Why the health check fails the step: the failing actions, or those it has no status for (could not check). */
export function failureText(tripped: Tripped, total: number): string {
  if (tripped.by === 'unknown') {
    return (
      `fail-if-failing: could not check: the service does not say whether ${tripped.actions.length} of ${total} ` +
      `action(s) fail to send notifications: ${nameList(
        tripped.actions.map((a) => `'${a.name}'`),
        '',
      )}.`
    );
  }
  return (
    `fail-if-failing: ${tripped.actions.length} of ${total} action(s) fail to send notifications: ` +
    nameList(tripped.actions.map(describeFailure), ' (see the job summary)', '; ') +
    '.'
  );
}

/** The first twenty, then how many more. */
function nameList(names: string[], more: string, separator = ', '): string {
  const rest = names.length - MAX_NAMED;
  return `${names.slice(0, MAX_NAMED).join(separator)}${rest > 0 ? ` and ${rest} more${more}` : ''}`;
}

/** One warning per failing action; past GitHub's ten, the last one counts the rest (the summary lists them all). */
export function warnings(failingActions: Action[]): Annotation[] {
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
