// TEMPORARY (issue 13 transition): the old writers, until every action returns a StepResult. Deleted at the end.
/**
 * What a step leaves behind: string outputs, the full JSON result under RUNNER_TEMP (`result-file`), and, when a
 * report could not be delivered, its payload (`payload-file`), so nothing is lost.
 */
import { setOutput } from '@actions/core';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, UndeliveredError } from '../errors/errors.js';
import type { RunnerContext } from './context.js';
import { redact } from '../trust/redact.js';

export type OutputValue = string | number | boolean | undefined;

/** Sets each output as a string; an undefined value is set as '' so a later step reads a defined output. */
export function setOutputs(outputs: Record<string, OutputValue>): void {
  for (const [name, value] of Object.entries(outputs))
    // Scrubbed: a value can carry the server's text, and a server may echo the token.
    setOutput(name, value === undefined ? '' : redact(String(value)));
}

/**
 * A copy JSON can write. A response element the service sent malformed is a getter that throws when read (see
 * api/parse.ts): on an object it is not enumerable and JSON skips it, but JSON reads every element of an array, so
 * such an element is written as null instead of failing the step.
 */
function writable(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  // JSON calls toJSON itself (errors, dates).
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (Array.isArray(value)) {
    const list: unknown[] = value;
    return Array.from({ length: list.length }, (_, i) => {
      try {
        return writable(list[i]);
      } catch {
        return null;
      }
    });
  }
  // No prototype: a key `__proto__` from the server stays a key.
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) out[key] = writable((value as Record<string, unknown>)[key]);
  return out;
}

async function writeJsonFile(
  runner: RunnerContext,
  basename: string,
  value: unknown,
  indent?: number,
): Promise<string> {
  const dir = join(runner.temp, 'compliance-actions');
  await mkdir(dir, { recursive: true });
  // Unique per step: one job may run the same action several times.
  const file = join(dir, `${basename}-${Date.now()}-${randomBytes(3).toString('hex')}.json`);
  await writeFile(file, redact(JSON.stringify(writable(value), null, indent)) + '\n');
  return file;
}

/** Writes the full result and sets `result-file` to its path. */
export async function writeResultFile(
  runner: RunnerContext,
  action: string,
  result: unknown,
): Promise<string> {
  const file = await writeJsonFile(runner, `${action}-result`, result, 2);
  setOutput('result-file', file);
  return file;
}

/**
 * Keeps a payload that was not sent (dry run, or delivery failed) exactly as it would go on the wire, and sets
 * `payload-file` to its path.
 */
export async function keepPayload(runner: RunnerContext, action: string, payload: unknown): Promise<string> {
  const file = await writeJsonFile(runner, `${action}-payload`, payload);
  setOutput('payload-file', file);
  return file;
}

/**
 * Sends a report; if it cannot be delivered (after the client's retries), keeps the payload in a file and fails
 * saying where. An input error means nothing was sent and nothing needs keeping.
 */
export async function deliver<T>(
  runner: RunnerContext,
  action: string,
  payload: unknown,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof InputError) throw error;
    await keepPayload(runner, action, payload);

    throw new UndeliveredError(error instanceof Error ? error : new Error(String(error)), payload);
  }
}
