/** What a step leaves behind: its outputs, the result file and the payload of a report not sent, under RUNNER_TEMP. */
import { setOutput } from '../trust/commands.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RunnerContext } from './context.js';
import { redact } from '../trust/redact.js';
import { scrubbedWithin } from '../trust/text.js';

/** A list output is written as capped JSON with `<name>-truncated`; a matrix as `{"include":[...]}`, capped too. */
export type OutputValue =
  string | number | boolean | undefined | readonly unknown[] | { readonly include: readonly unknown[] };

const MATRIX_WRAPPING = '{"include":[]}';
/** The most jobs GitHub makes of one matrix: a longer one fails the workflow, so the output holds no more. */
export const MAX_MATRIX_JOBS = 256;

/** The list an output holds, whether a list or a matrix's `include`. */
const listOf = (value: object & OutputValue) => ('include' in value ? value.include : value);

/** A later step reads an output through `env:`, and Linux refuses a variable over 128 KiB: half leaves room for two. */
export const LIST_OUTPUT_CAP = 64 * 1024;

/** The longest prefix of `items` whose JSON list fits in `cap` bytes, each item whole and scrubbed as measured. */
export function capJsonList(items: readonly unknown[], cap: number = LIST_OUTPUT_CAP) {
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

/** A matrix output's list as written: at most MAX_MATRIX_JOBS entries that fit the cap with their wrapping. */
export function capMatrix(items: readonly unknown[]) {
  const list = capJsonList(items.slice(0, MAX_MATRIX_JOBS), LIST_OUTPUT_CAP - MATRIX_WRAPPING.length);
  return { ...list, truncated: list.kept < items.length };
}

/** Why a matrix holds only its first `kept` entries: GitHub's jobs per matrix, else the bytes an output holds. */
export function matrixLimit(kept: number): string {
  return kept >= MAX_MATRIX_JOBS
    ? `GitHub makes at most ${MAX_MATRIX_JOBS} jobs of one matrix`
    : `an output holds at most ${LIST_OUTPUT_CAP / 1024} KiB`;
}

/** Sets each output as a string ('' for undefined); a list as capped JSON with `<name>-truncated`; returns the cuts. */
export function setOutputs(outputs: Record<string, OutputValue>) {
  // Each list output the cap cut; `matrix`: what it left out gets no job.
  const cut: { name: string; kept: number; total: number; matrix: boolean }[] = [];
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

/** Every list output in full, by name, for the result file (`outputLists`); a matrix as its `include`. */
export function outputLists(outputs: Record<string, OutputValue>) {
  const lists = Object.entries(outputs).flatMap(([name, value]): [string, readonly unknown[]][] =>
    typeof value === 'object' ? [[name, listOf(value)]] : [],
  );
  return lists.length > 0 ? Object.fromEntries(lists) : undefined;
}

/** A new file's path under RUNNER_TEMP/compliance-actions: unique per step, as one job may run an action twice. */
export function uniqueFile(runner: RunnerContext, basename: string): string {
  return join(
    runner.temp,
    'compliance-actions',
    `${basename}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}.json`,
  );
}

/** Writes JSON, scrubbed; keeps a payload at the path `payloadPathFor` chose. */
export function keepPayloadAt(file: string, value: unknown, indent?: number): string {
  // Synchronous: a few KB, and node:fs/promises (with the readline code it loads) costs more at start than it saves.
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, redact(JSON.stringify(value, null, indent)) + '\n');
  return file;
}

/** Writes the full result under RUNNER_TEMP and returns its path (the finisher sets `result-file`). */
export function writeResultFile(runner: RunnerContext, action: string, result: unknown): string {
  return keepPayloadAt(uniqueFile(runner, `${action}-result`), result, 2);
}

/** Where the payload of one of a step's many reports will be kept, chosen before the finisher writes it. */
export function payloadPathFor(runner: RunnerContext, action: string, name: string): string {
  // Cut: an environment name has no length limit, a file name has 255 bytes; the rest is unique.
  return uniqueFile(runner, `${action}-payload-${name.slice(0, 64)}`);
}
