/**
 * "Could not check" for the reading sub-actions: a step that fails before it has an answer still sets `outcome:
 * error` and writes its result file with the error, so a later step (after `continue-on-error`) can tell "could not
 * check" from "not found" or "non-compliant". And what a 404 is about: the thing looked up, or where it was looked.
 */
import { ApiError, ComplianceError } from '../errors/errors.js';
import { SummaryWriter } from '../summary/writer.js';
import { readRunner, type RunnerContext } from './context.js';
import type { Env } from '../context/inputs.js';
import { setOutputs, writeResultFile, type OutputValue } from './legacy-output.js';
import { redact } from '../trust/redact.js';

/** Why a step could not check, as its result file keeps it (the same shape check-attestations-for-commit writes). */
export interface StepError {
  kind: string;
  message: string;
}

export function stepError(error: unknown): StepError {
  return {
    kind: error instanceof ComplianceError ? error.kind : 'unexpected',
    message: redact(error instanceof Error ? error.message : String(error)),
  };
}

/**
 * Sets the outputs of a step that could not check (`outcome: error` among them), writes its result file with the
 * error and, given a `heading`, a job summary saying so. The caller fails the step after (it rethrows).
 */
export async function recordCouldNotCheck(
  runner: RunnerContext,
  action: string,
  outputs: Record<string, OutputValue>,
  result: Record<string, unknown>,
  error: unknown,
  heading?: string,
): Promise<void> {
  setOutputs({ ...outputs, outcome: 'error' });
  const why = stepError(error);
  try {
    await writeResultFile(runner, action, { ...result, outcome: 'error', error: why });
    if (heading !== undefined) {
      await new SummaryWriter().heading(`⚠️ ${heading}`, 3).paragraph(why.message).write(runner.summaryFile);
    }
  } catch {
    // The step fails with the original error either way; a full disk must not hide it.
  }
}

/**
 * The entry point's read of a step's inputs: bad input could not check either, so its outputs say `outcome: error`
 * and its result file keeps the error (`record`) before the step fails.
 */
export async function readInputsOrRecord<T>(
  env: Env,
  cwd: string,
  read: () => T,
  record: (runner: RunnerContext, error: unknown) => Promise<void>,
): Promise<T> {
  try {
    return read();
  } catch (error) {
    await record(readRunner(env, cwd), error);
    throw error;
  }
}

/** `Organization 'acme' does not exist`, `Flow named 'x' does not exist for organization 'y'`, `Environment ...`. */
const SCOPE_MISSING =
  /\b(organi[sz]ation|org|flow|environment|env)\b(?:\s+named)?\s+(?:'[^']*'|"[^"]*"|\S+)\s+(?:does not|doesn't) exist/i;
/** A path the API does not have at all (the sandbox's wording; a proxy's 404 page gives no message). */
const NO_SUCH_PATH = /^not found: \//i;

/**
 * What a 404 is about. The service answers 404 for the thing looked up and also for the org, flow or environment it
 * was looked up in; only the first is an answer ("not there"), the rest are a misconfiguration.
 * - `subject`: the server's message names the thing (matches `subject`) and no missing org, flow or environment;
 * - `scope`: the message says the org, flow or environment does not exist, or the path is unknown;
 * - `unknown`: no message, or one about something else: not read as "not there".
 */
export function notFoundAbout(error: ApiError, subject: RegExp): 'subject' | 'scope' | 'unknown' {
  const message = error.serverMessage?.trim() ?? '';
  if (SCOPE_MISSING.test(message) || NO_SUCH_PATH.test(message)) return 'scope';
  return subject.test(message) ? 'subject' : 'unknown';
}
