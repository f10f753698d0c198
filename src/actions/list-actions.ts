/** list-actions: the org's notification actions and which are failing; with `fail-if-failing` a health check. */
import type { Action } from '../api/schemas.js';
import type { InputReader } from '../context/inputs.js';
import { serviceTime } from '../context/time.js';
import { readCommon, withClient } from '../runtime/context.js';
import { cappedWarnings, defineAction, type Annotation, type StepResult } from '../runtime/step.js';
import { firstOf, timeCell } from '../summary/cells.js';
import { SummaryWriter } from '../summary/writer.js';
import { log } from '../trust/log.js';
import { plural } from '../trust/text.js';

// The inputs: the connection, and whether it is a health check (fail-if-failing).

export function readInputs(inputs: InputReader, cwd: string) {
  return {
    ...readCommon(inputs, cwd),
    /** Fail the step when any action is failing to send its notifications. */
    failIfFailing: inputs.boolean('fail-if-failing', false),
  };
}

type ListActionsInputs = ReturnType<typeof readInputs>;

// The decision (pure: no I/O, no log): healthy or failing, and with fail-if-failing whether the health check fails
// the step, or could not check.

/**
 * The health check's verdict: the failing actions (`is_failing: true`), and with fail-if-failing why it fails the
 * step: the failing, else those without a status (outcome `error`: could not check).
 */
function decide(actions: Action[], failIfFailing: boolean) {
  const failing = actions.filter((a) => a.is_failing === true);
  // A gate cannot pass on a status the service does not give: "unknown" is could-not-check, not healthy.
  const unknown = actions.filter((a) => typeof a.is_failing !== 'boolean');
  const outcome = failing.length > 0 ? 'failing' : unknown.length > 0 && failIfFailing ? 'error' : 'healthy';
  const tripped = failing.length > 0 ? failing : unknown;
  const failure =
    failIfFailing && tripped.length > 0
      ? failureText(tripped, actions.length, outcome === 'error')
      : undefined;
  return { outcome, failing, unknown, failure };
}

// The run: the actions (GET /actions/{org}), the decision, the rendering. A tripped health check says why in the
// result file, and, without a status, that it could not check.

async function run(inputs: ListActionsInputs): Promise<StepResult> {
  const { url, actions } = await withClient(inputs.connection, async (client) => ({
    url: client.urlFor('listActions'),
    actions: await log.group(`List the actions of ${inputs.connection.org}`, async () => {
      const list = await client.listActions();
      log.info(`${list.length} ${plural(list.length, 'action')}.`);
      return list;
    }),
  }));
  const health = decide(actions, inputs.failIfFailing);
  const { outcome, failure } = health;
  const failing = health.failing.map((a) => a.name);
  return {
    outcome,
    outputs: { count: actions.length, failing },
    result: {
      url,
      count: actions.length,
      failing,
      failIfFailing: inputs.failIfFailing,
      actions,
      ...(failure !== undefined && {
        failure,
        ...(outcome === 'error' && { error: { kind: 'unexpected-response', message: failure } }),
      }),
    },
    summary: summarize(actions, health),
    ...(failure !== undefined ? { failure } : { annotations: warnings(health.failing) }),
  };
}

// The rendering: the job summary, one row per action; the failure and warnings; what a step that could not check
// says. Text from the service is escaped by the summary writer; a webhook target shows its host only.

/** How many failing actions a failure message names before "and N more". */
const MAX_NAMED = 20;

/** A target in a few words: a webhook URL may carry a secret in its path, so only its host is shown. */
function describeTarget(target: Record<string, unknown>): string {
  const type = typeof target.type === 'string' ? target.type : 'target';
  const where = ['channel', 'address', 'email', 'name'].map((key) => target[key]).find(isText);
  if (where !== undefined) return `${type} ${where}`;
  const url = isText(target.url) && URL.canParse(target.url) ? new URL(target.url).host : undefined;
  return url ? `${type} (${url})` : type;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function summarize(
  actions: Action[],
  { outcome, failing, unknown, failure }: ReturnType<typeof decide>,
): SummaryWriter {
  const summary = new SummaryWriter();
  // Not given is not "not failing": said in the heading, so healthy never reads as more than was told.
  summary.heading(
    `Notification actions: ${actions.length}, failing: ${failing.length}` +
      `${unknown.length > 0 ? `, status unknown: ${unknown.length}` : ''}${failure ? ' ❌' : ''}`,
    3,
  );
  // A health check that could not check (outcome error) says why in the summary too, not only in the failure.
  if (outcome === 'error' && failure !== undefined) summary.paragraph(failure);
  if (actions.length === 0) return summary.paragraph('The org has no actions.');
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
    actions.map((a) => {
      const scope = Object.entries({ flows: a.flows ?? [], environments: a.environments ?? [] })
        .filter(([, names]) => names.length > 0)
        .map(([what, names]) => `${what}: ${names.join(', ')}`);
      return [
        a.name,
        a.type,
        a.triggers.join(', '),
        a.targets.map(describeTarget).join(', '),
        scope.join('; '),
        a.is_failing === true ? '❌ yes' : a.is_failing === false ? 'no' : 'unknown',
        timeCell(a.last_success_timestamp) ?? '—',
        timeCell(a.last_failure_timestamp) ?? '—',
      ];
    }),
  );
  return summary;
}

/** Why the health check fails the step: the failing actions, or those it has no status for (could not check). */
function failureText(tripped: Action[], total: number, unknown: boolean): string {
  const n = tripped.length;
  const counted = `${n} of ${total} ${plural(total, 'action')} ${plural(n, 'fails', 'fail')} to send notifications`;
  if (unknown) {
    const named = firstOf(
      tripped.map(({ name }) => `'${name}'`),
      MAX_NAMED,
    );
    return `fail-if-failing: could not check: the service does not say whether ${counted}: ${named}.`;
  }
  const named = firstOf(tripped.map(describeFailure), MAX_NAMED, '; ', ' (see the job summary)');
  return `fail-if-failing: ${counted}: ${named}.`;
}

/** One warning per failing action; past GitHub's ten, the last one counts the rest (the summary lists them all). */
function warnings(failingActions: Action[]): Annotation[] {
  return cappedWarnings(
    failingActions.map((a) => `Action ${describeFailure(a)} fails to send notifications.`),
    (count) =>
      `${count} more ${plural(count, 'action')} ${plural(count, 'is', 'are')} failing: see the job summary.`,
  );
}

function describeFailure(action: Action): string {
  const last = action.last_failure_timestamp;
  const when = typeof last === 'number' ? serviceTime(last) : undefined;
  return `'${action.name}'${when !== undefined ? ` (last failure ${when})` : ''}`;
}

export const action = defineAction({
  name: 'list-actions',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not list the actions of ${inputs.connection.org}` : 'Could not list the actions',
  // What the inputs say, for the result file of a step that could not check.
  describe: (inputs) => ({ failIfFailing: inputs.failIfFailing }),
  // The outputs of a step that could not check: `failing` stays a JSON list, so a later fromJSON() reads it.
  onError: { outputs: { count: '', failing: [] } },
});
