/** The one step lifecycle: `runStep` reads, runs and owns the error path; `finish` is the one writer (see below). */
import { exportVariable, setOutput } from '../trust/commands.js';
import { ComplianceError, UndeliveredError } from '../errors/errors.js';
import { InputReader, type Env } from '../context/inputs.js';
import { escapeText, SummaryWriter } from '../summary/writer.js';
import { log } from '../trust/log.js';
import { redact } from '../trust/redact.js';
import { readRunner, type RunnerContext } from './context.js';
import {
  keepPayloadAt,
  LIST_OUTPUT_CAP,
  matrixLimit,
  outputLists,
  setOutputs,
  uniqueFile,
  writeResultFile,
  type OutputValue,
} from './output.js';
import { commentOnPullRequest, type PrCommentInputs } from './pr-comment.js';

/** GitHub shows at most ten annotations of each level per step; the failure itself is one of the errors. */
export const MAX_ANNOTATIONS = 10;

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  title?: string;
}

/** A warning for each message; past `room`, the last one counts the rest (`rest(count)`). */
export function cappedWarnings(messages: string[], rest: (count: number) => string, room = MAX_ANNOTATIONS) {
  const shown =
    messages.length > room ? [...messages.slice(0, room - 1), rest(messages.length - room + 1)] : messages;
  return shown.map((message): Annotation => ({ level: 'warning', message }));
}

export interface StepResult {
  outcome: string;
  /** Outputs besides `outcome`, `result-file` and `payload-file`; a list is capped here, in full in the result file. */
  outputs: Record<string, OutputValue>;
  /** Written as JSON to the file named by the `result-file` output (with `outcome`). */
  result: Record<string, unknown>;
  summary?: SummaryWriter;
  /** A sticky pull-request comment: `key` tells two steps of one action in a job apart; the body is built on demand. */
  comment?: { key: string; body: () => string };
  annotations?: Annotation[];
  /** Fails the step with this message, after everything else is written. */
  failure?: string;
  /** A report that was not sent, kept as `payload-file`; several, each at the path the step chose. */
  payload?: unknown;
  payloads?: { file: string; payload: unknown }[];
  /** Environment variables for the job's later steps (setup). */
  exports?: Record<string, string>;
}

export interface FinishInputs {
  runner: RunnerContext;
  summary: boolean;
  prComment?: PrCommentInputs;
  /** About the step's own settings: a warning, and a line atop the summary. */
  warnings?: string[];
  dryRun?: boolean;
}

export interface ActionDefinition<I extends FinishInputs> {
  name: string;
  read(reader: InputReader, cwd: string): I | Promise<I>;
  run(inputs: I): Promise<StepResult>;
  /** For the summary of a failed step: `Could not check the deployment to prod`. */
  couldNot(inputs: I | undefined): string;
  /** What is known from the inputs, kept in the result file of a step that could not finish. */
  describe?(inputs: I): Record<string, unknown>;
  /** False for setup, which has no outcome and no result file. */
  resultFile?: boolean;
  onError?: ErrorExtras<I>;
}

/**
 * What a step that could not finish still says besides `outcome: error`: outputs known without the inputs
 * (`compliant: false`, `[]`) and in the result file; and the key of the pull-request comment to replace.
 */
export interface ErrorExtras<I> {
  outputs?: Record<string, OutputValue>;
  result?: Record<string, unknown>;
  commentKey?(inputs: I): string;
}

/** An action as the entry point holds it: `start` runs it as one step, refusing any undeclared `INPUT_*` variable. */
type Action<I extends FinishInputs> = ActionDefinition<I> & {
  start(env: Env, cwd: string, declared: readonly string[]): Promise<void>;
};

export function defineAction<I extends FinishInputs>(definition: ActionDefinition<I>): Action<I> {
  // A closure, so the entry point can start any action without knowing its inputs type.
  return { ...definition, start: (env, cwd, declared) => runStep(definition, env, cwd, declared) };
}

export type StepError = ReturnType<typeof stepError>;

export function stepError(error: unknown) {
  // ComplianceError messages are scrubbed when made; anything else is scrubbed here.
  const message = redact(error instanceof Error ? error.message : String(error)).trim();
  return {
    kind: error instanceof ComplianceError ? error.kind : 'unexpected',
    // An empty message would fail the step with an empty annotation and a summary that says nothing.
    message: message || `${error instanceof Error ? error.name : typeof error} without a message`,
  };
}

const NEXT_STEP: Record<string, string> = {
  input: 'Fix the input named above; nothing was sent to the service.',
  network: 'The service could not be reached: check `api-url`, the network and any proxy settings.',
  timeout: 'The service did not answer in time: check its status, or raise `timeout-seconds`.',
  api: 'The service refused the request: see its answer above.',
  'unexpected-response':
    'The answer was not in the documented form, so it was not used: nothing was decided from it.',
  source: 'The artifact or cluster could not be read: see the message above.',
  undelivered: 'The report was not delivered: see `payload-file` for what would have been sent.',
  unexpected: 'This is a bug in compliance-actions; the debug log has the stack.',
};

/** The result of a step that could not finish: `outcome=error`, why, what the inputs said and what it gathered. */
export function errorStep<I extends FinishInputs>(
  definition: ActionDefinition<I>,
  inputs: I | undefined,
  error: unknown,
  gathered?: Gathered,
): StepResult {
  const why = stepError(error);
  const extras = definition.onError;
  // Courtesies: a bug in one must not take the error path down. No comment after bad input: nothing was sent.
  const known = courtesy(() => (inputs !== undefined ? definition.describe?.(inputs) : undefined) ?? {}, {});
  const couldNot = courtesy(() => definition.couldNot(inputs), `Could not run ${definition.name}`);
  const commentKey = courtesy(
    () => (inputs !== undefined && why.kind !== 'input' ? extras?.commentKey?.(inputs) : undefined),
    undefined,
  );
  const reason = new SummaryWriter()
    .heading(`⚠️ ${couldNot}`, 3)
    .paragraph(why.message)
    .paragraph(NEXT_STEP[why.kind] ?? NEXT_STEP.unexpected ?? '');
  const summary = gathered?.details?.(reason) ?? reason;
  return {
    outcome: 'error',
    outputs: { ...extras?.outputs },
    result: { ...extras?.result, ...known, ...gathered?.result, error: why },
    summary,
    ...(commentKey !== undefined && { comment: { key: commentKey, body: () => summary.toString() } }),
    failure: why.message,
    ...(gathered && { annotations: gathered.annotations ?? [] }),
    ...(error instanceof UndeliveredError && { payload: error.payload }),
  };
}

/** What a step had gathered when it failed: kept in the result file, shown under the reason, its warnings kept. */
interface Gathered {
  result: object;
  details?: (summary: SummaryWriter) => SummaryWriter;
  annotations?: Annotation[];
}

/** Thrown by a `run` that fails after gathering something, so the error path keeps it; `cause` fails the step. */
export class GatheredFailure extends Error {
  readonly gathered: Gathered;

  constructor(error: unknown, gathered: Gathered) {
    super('failed after gathering', { cause: error });
    this.gathered = gathered;
  }
}

function courtesy<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

function failedStep<I extends FinishInputs>(
  definition: ActionDefinition<I>,
  inputs: I | undefined,
  thrown: unknown,
): StepResult {
  const error = thrown instanceof GatheredFailure ? thrown.cause : thrown;
  if (!(error instanceof ComplianceError) && error instanceof Error && error.stack) log.debug(error.stack);
  const gathered = thrown instanceof GatheredFailure && inputs !== undefined ? thrown.gathered : undefined;
  return errorStep(definition, inputs, error, gathered);
}

/** An action's run: its result, or the result of what it threw. */
export async function settle<I extends FinishInputs>(definition: ActionDefinition<I>, inputs: I) {
  try {
    return await definition.run(inputs);
  } catch (thrown) {
    return failedStep(definition, inputs, thrown);
  }
}

/** Runs one step: read, run, and write everything, whatever fails; `declared` refuses other `INPUT_*` variables. */
export async function runStep<I extends FinishInputs>(
  definition: ActionDefinition<I>,
  env: Env,
  cwd: string,
  declared: readonly string[],
): Promise<void> {
  // Date.now, not performance.now: the first use of `performance` loads perf_hooks, ~1 ms of every start.
  const started = Date.now();
  let inputs: I | undefined;
  let step: StepResult;
  try {
    const reader = new InputReader(env);
    reader.refuseUndeclared(declared);
    inputs = await definition.read(reader, cwd);
    step = await settle(definition, inputs);
  } catch (thrown) {
    // Only reading can throw here: settle turns whatever the run throws into its result.
    step = failedStep(definition, inputs, thrown);
  }
  // A step whose inputs could not be read still needs a runner and the summary switch to finish.
  const read = inputs ?? {
    runner: readRunner(env, cwd),
    summary: new InputReader(env).raw('summary').toLowerCase() !== 'false',
  };
  try {
    await finish(definition, read, step, Date.now() - started);
  } catch (error) {
    // The last resort: finish guards each write, so this is a bug; the step must still fail, and say so.
    log.fail(`could not finish the step: ${stepError(error).message}`);
  }
}

/** Writes a step's result in the one order; a write that fails never hides the failure. */
export async function finish<I extends FinishInputs>(
  definition: ActionDefinition<I>,
  inputs: FinishInputs,
  given: StepResult,
  elapsedMs?: number,
): Promise<void> {
  const withResult = definition.resultFile !== false;
  // The outage switch: under dry run the step decides as it would, says it, and warns where it would have failed.
  const wouldHaveFailed = forgone(inputs, given);
  const step: StepResult =
    wouldHaveFailed === undefined
      ? given
      : {
          ...given,
          failure: undefined,
          result: { ...given.result, dryRun: { wouldHaveFailed } },
          annotations: [
            { level: 'warning', title: 'Dry run', message: `Not failed (dry run): ${wouldHaveFailed}` },
            ...(given.annotations ?? []).map((a): Annotation =>
              a.level === 'error' ? { ...a, level: 'warning' } : a,
            ),
          ],
        };
  const problems: string[] = [];
  const attempt = async (what: string, work: () => unknown): Promise<void> => {
    try {
      await work();
    } catch (error) {
      problems.push(`could not write the ${what}: ${stepError(error).message}`);
    }
  };

  let payloadFile: string | undefined;
  if (step.payload !== undefined) {
    await attempt('payload file', () => {
      payloadFile = keepPayloadAt(uniqueFile(inputs.runner, `${definition.name}-payload`), step.payload);
    });
  }
  for (const { file, payload } of step.payloads ?? []) {
    await attempt(`payload file ${file}`, () => keepPayloadAt(file, payload));
  }

  await attempt('exported variables', () => {
    for (const [name, value] of Object.entries(step.exports ?? {})) exportVariable(name, value);
  });
  // What a matrix output leaves out gets no job: a warning says how many, where a list's cut is only a log line.
  const matrixCuts: string[] = [];
  await attempt('outputs', () => {
    const cut = setOutputs({
      ...step.outputs,
      ...(withResult && { outcome: step.outcome }),
      ...(payloadFile !== undefined && { 'payload-file': payloadFile }),
    });
    for (const { name, kept, total, matrix } of cut) {
      if (matrix) {
        matrixCuts.push(
          `${total - kept} of ${total} entries of ${name} are left out of the matrix and get no job: it holds the ` +
            `first ${kept} (${matrixLimit(kept)}); ${name}-truncated is true, and result-file has every entry ` +
            'under outputLists.',
        );
      } else {
        log.info(
          `Output ${name} holds the first ${kept} of ${total} items (${LIST_OUTPUT_CAP / 1024} KiB at most, ` +
            `${name}-truncated is true); the full list is in result-file, under outputLists.`,
        );
      }
    }
  });

  if (withResult) {
    await attempt('result file', () => {
      const lists = outputLists(step.outputs);
      const file = writeResultFile(inputs.runner, definition.name, {
        outcome: step.outcome,
        ...step.result,
        ...(payloadFile !== undefined && { payloadFile }),
        ...(lists !== undefined && { outputLists: lists }),
      });
      setOutput('result-file', file);
    });
  }

  const warnings = inputs.warnings ?? [];
  const callout = (w: string) => `> [!WARNING]\n> ${escapeText(w)}\n\n`;
  // The summary and the pull-request comment open alike under dry run: a pass in either may be only the dry run's.
  const dryRunLead = inputs.dryRun === true ? callout(dryRunWarning(wouldHaveFailed)) : '';
  // A step without a summary of its own (setup) still writes one to carry a warning about its settings.
  const summary = step.summary ?? (warnings.length > 0 ? new SummaryWriter() : undefined);
  if (summary && inputs.summary) {
    const lead = dryRunLead + warnings.map(callout).join('');
    await attempt('job summary', () =>
      summary.write(inputs.runner.summaryFile, `${headerLine(step.outcome, elapsedMs)}${lead}`),
    );
  }

  if (step.comment && inputs.prComment) {
    const { key, body } = step.comment;
    const settings = inputs.prComment;
    // A comment never fails a step: github/comment.ts turns GitHub's refusals into warnings.
    await attempt('pull-request comment', () =>
      commentOnPullRequest({ ...settings, runner: inputs.runner }, key, () => `${dryRunLead}${body()}`),
    );
  }

  annotate(step, [...problems, ...warnings, ...matrixCuts]);

  if (step.failure !== undefined) {
    const kept =
      payloadFile !== undefined && step.outcome === 'error'
        ? ` Its payload is kept in ${payloadFile} (output payload-file): upload it with actions/upload-artifact in` +
          ' an `if: failure()` step to keep it.'
        : '';
    log.fail(`${step.failure}${kept}`);
  }
}

/** The first line of every job summary: the outcome ("dry run" in words) and how long the step took. */
function headerLine(outcome: string, elapsedMs: number | undefined): string {
  const shown = outcome === 'dry-run' ? 'dry run' : outcome;
  const took =
    elapsedMs === undefined
      ? ''
      : ` · took ${elapsedMs < 1000 ? `${Math.round(elapsedMs)} ms` : `${(elapsedMs / 1000).toFixed(1)} s`}`;
  return `<sub>Outcome: **${escapeText(shown)}**${took}</sub>\n\n`;
}

/** At most ten annotations of a level, the failure counted among the errors; the rest are in the summary. */
function annotate(step: StepResult, problems: string[]): void {
  const annotations: Annotation[] = [
    // First: a write that failed is news the summary may not carry, so the cap must not drop it.
    ...problems.map((message): Annotation => ({ level: 'warning', message })),
    ...(step.annotations ?? []),
  ];
  for (const level of ['error', 'warning', 'notice'] as const) {
    const room = MAX_ANNOTATIONS - (level === 'error' && step.failure !== undefined ? 1 : 0);
    const ofLevel = annotations.filter((a) => a.level === level);
    for (const { message, title } of ofLevel.slice(0, room)) {
      log[level](message, title === undefined ? undefined : { title });
    }
  }
}

// What fails a step even in a dry run: its own inputs, what it was given to read, and a bug; never the service.
const FAILS_EVEN_IN_DRY_RUN = new Set(['input', 'source', 'unexpected']);

/** Under dry run, the failure the step forgoes (undefined when it has none, or one a dry run does not forgive). */
function forgone(
  inputs: { dryRun?: boolean },
  step: { failure?: string | undefined; result: object },
): string | undefined {
  if (inputs.dryRun !== true || step.failure === undefined) return undefined;
  const error = (step.result as { error?: { kind?: unknown } }).error;
  return typeof error?.kind === 'string' && FAILS_EVEN_IN_DRY_RUN.has(error.kind) ? undefined : step.failure;
}

/** What the summary and the pull-request comment say first under dry run. */
function dryRunWarning(wouldHaveFailed: string | undefined): string {
  return (
    'Dry run is on (dry-run or COMPLIANCE_DRY_RUN): nothing that changes the service is sent, and nothing is gated: ' +
    'this step fails only on its own inputs. ' +
    (wouldHaveFailed === undefined
      ? 'Without it, this step would not have failed for anything the service said.'
      : `Without it, this step would have failed: ${wouldHaveFailed}`)
  );
}
