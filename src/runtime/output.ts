/**
 * What a step leaves behind: string outputs, the full JSON result under RUNNER_TEMP (`result-file`), and, when a
 * report could not be delivered, its payload (`payload-file`), so nothing is lost.
 */
import { setOutput } from '../trust/commands.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunnerContext } from './context.js';
import { redact } from '../trust/redact.js';
import { scrubbedWithin } from '../trust/text.js';

/**
 * A list is a list output: the finisher writes it as capped JSON and sets `<name>-truncated` (see `capJsonList`). A
 * matrix output is a list a job fans out on (`strategy.matrix: ${{ fromJSON(...) }}`), written as `{"include":[...]}`
 * and capped the same way.
 */
export type OutputValue = string | number | boolean | undefined | readonly unknown[] | MatrixOutput;

export interface MatrixOutput {
  readonly include: readonly unknown[];
}

/** A matrix output's JSON around its list. */
const MATRIX_WRAPPING = '{"include":[]}';
/** The most jobs GitHub makes of one matrix: a longer one fails the workflow, so the output holds no more. */
export const MAX_MATRIX_JOBS = 256;

/** The list an output holds, whether a list or a matrix's `include`. */
function listOf(value: readonly unknown[] | MatrixOutput): readonly unknown[] {
  return Array.isArray(value) ? value : (value as MatrixOutput).include;
}

/**
 * The most bytes (UTF-8) a list output holds. A later step receives an output through `env:`, and Linux refuses one
 * variable over 128 KiB (MAX_ARG_STRLEN: the step fails with E2BIG); half that leaves room for two lists in one step.
 */
export const LIST_OUTPUT_CAP = 64 * 1024;

export interface CappedList {
  /** A JSON list of the first items that fit, each whole. */
  json: string;
  kept: number;
  /** Some items were left out. */
  truncated: boolean;
}

/**
 * The longest prefix of `items` whose JSON list fits in `cap` bytes. Items are never cut, so the value stays valid
 * JSON of the documented shape; an item over the cap ends the list there (the order is the action's, a prefix keeps
 * it). Each item is scrubbed as it is measured, since scrubbing can lengthen a text (`http://@` → `http://***@`).
 */
export function capJsonList(items: readonly unknown[], cap: number = LIST_OUTPUT_CAP): CappedList {
  const parts: string[] = [];
  let bytes = 2; // [ and ]
  for (const item of items) {
    // As a list writes it (undefined as null, which alone has no JSON); not scrubbed whole when it cannot fit (a UTF-8
    // text has at least as many bytes as UTF-16 units).
    const text = scrubbedWithin(JSON.stringify([item]).slice(1, -1), cap - bytes);
    const size = text === undefined ? Infinity : Buffer.byteLength(text) + (parts.length > 0 ? 1 : 0);
    if (text === undefined || bytes + size > cap) break;
    parts.push(text);
    bytes += size;
  }
  return { json: `[${parts.join(',')}]`, kept: parts.length, truncated: parts.length < items.length };
}

/**
 * A matrix output's list as it is written: at most MAX_MATRIX_JOBS entries that fit the cap with their wrapping. An
 * action that says what the matrix leaves out measures it with this, as the finisher will write it.
 */
export function capMatrix(items: readonly unknown[]): CappedList {
  const list = capJsonList(items.slice(0, MAX_MATRIX_JOBS), LIST_OUTPUT_CAP - MATRIX_WRAPPING.length);
  return { ...list, truncated: list.kept < items.length };
}

/** Why a matrix holds only its first `kept` entries: GitHub's jobs per matrix, else the bytes an output holds. */
export function matrixLimit(kept: number): string {
  return kept >= MAX_MATRIX_JOBS
    ? `GitHub makes at most ${MAX_MATRIX_JOBS} jobs of one matrix`
    : `an output holds at most ${LIST_OUTPUT_CAP / 1024} KiB`;
}

/** A list output the cap cut: its name, and how many items it kept of how many. */
export interface CutList {
  name: string;
  kept: number;
  total: number;
  /** A matrix output: what it left out gets no job. */
  matrix: boolean;
}

/**
 * Sets each output as a string; an undefined value is set as '' so a later step reads a defined output. A list is set
 * as capped JSON with `<name>-truncated` (true or false) beside it; returns the lists the cap cut.
 */
export function setOutputs(outputs: Record<string, OutputValue>): CutList[] {
  const cut: CutList[] = [];
  for (const [name, value] of Object.entries(outputs)) {
    if (typeof value === 'object') {
      const items = listOf(value);
      const matrix = !Array.isArray(value);
      const list = matrix ? capMatrix(items) : capJsonList(items);
      // Scrubbed again whole, for a secret spanning two items: that only shortens the value, so the cap holds.
      setOutput(name, redact(matrix ? MATRIX_WRAPPING.replace('[]', list.json) : list.json));
      setOutput(`${name}-truncated`, String(list.truncated));
      // What the matrix holds, as written: a job guarded by it never fans out on an empty matrix (GitHub refuses one).
      if (matrix) setOutput(`${name}-count`, String(list.kept));
      if (list.truncated) cut.push({ name, kept: list.kept, total: items.length, matrix });
    }
    // Scrubbed: a value can carry the server's text, and a server may echo the token.
    else setOutput(name, value === undefined ? '' : redact(String(value)));
  }
  return cut;
}

/**
 * Every list output in full, by name, for the result file (`outputLists`): the outputs hold them capped. A matrix
 * output is kept as its `include` list.
 */
export function outputLists(
  outputs: Record<string, OutputValue>,
): Record<string, readonly unknown[]> | undefined {
  const lists = Object.entries(outputs).flatMap(([name, value]): [string, readonly unknown[]][] =>
    typeof value === 'object' ? [[name, listOf(value)]] : [],
  );
  return lists.length > 0 ? Object.fromEntries(lists) : undefined;
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
  // Cut: an environment name has no length limit, a file name has 255 bytes; the rest is unique.
  return uniqueFile(runner, `${action}-payload-${name.slice(0, 64)}`);
}

/** Keeps a payload at the path `payloadPathFor` chose. */
export function keepPayloadAt(file: string, payload: unknown): string {
  return writeJsonAt(file, payload);
}
