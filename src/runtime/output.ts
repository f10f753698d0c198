/**
 * What a step leaves behind: string outputs, the full JSON result under RUNNER_TEMP (`result-file`), and, when a
 * report could not be delivered, its payload (`payload-file`), so nothing is lost.
 */
import { setOutput } from '../trust/commands.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunnerContext } from './context.js';
import { redact } from '../trust/redact.js';

export type OutputValue = string | number | boolean | undefined;

/** Sets each output as a string; an undefined value is set as '' so a later step reads a defined output. */
export function setOutputs(outputs: Record<string, OutputValue>): void {
  for (const [name, value] of Object.entries(outputs))
    // Scrubbed: a value can carry the server's text, and a server may echo the token.
    setOutput(name, value === undefined ? '' : redact(String(value)));
}

/** A new file's path under RUNNER_TEMP/compliance-actions: unique per step, as one job may run an action twice. */
function uniqueFile(runner: RunnerContext, basename: string): string {
  return join(
    runner.temp,
    'compliance-actions',
    `${basename}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}.json`,
  );
}

function writeJsonAt(file: string, value: unknown, indent?: number): string {
  // Synchronous: a few KB, and node:fs/promises (with the readline code it loads) costs more at start than it saves.
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, redact(JSON.stringify(value, null, indent)) + '\n');
  return file;
}

function writeJsonFile(runner: RunnerContext, basename: string, value: unknown, indent?: number): string {
  return writeJsonAt(uniqueFile(runner, basename), value, indent);
}

/** Writes the full result under RUNNER_TEMP and returns its path (the finisher sets `result-file`). */
export function writeResultFile(runner: RunnerContext, action: string, result: unknown): string {
  return writeJsonFile(runner, `${action}-result`, result, 2);
}

/** Keeps a payload that was not sent (dry run, or delivery failed) exactly as it would go on the wire. */
export function keepPayload(runner: RunnerContext, action: string, payload: unknown): string {
  return writeJsonFile(runner, `${action}-payload`, payload);
}

/**
 * Where the payload of one of a step's reports will be kept (report-k8s-env's many environments): chosen before the
 * finisher writes it, so the step's outputs can name it; `name` is an environment name (letters, digits, `.-_`).
 */
export function payloadPathFor(runner: RunnerContext, action: string, name: string): string {
  // Cut: an environment name has no length limit, a file name has 255 bytes (found by review); the rest is unique.
  return uniqueFile(runner, `${action}-payload-${name.slice(0, 64)}`);
}

/** Keeps a payload at the path `payloadPathFor` chose. */
export function keepPayloadAt(file: string, payload: unknown): string {
  return writeJsonAt(file, payload);
}
