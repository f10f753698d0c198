/**
 * What a step leaves, as a test reads it: `expectStep`, how one ended, and `expectCouldNotFinish`, what a step that
 * could not finish must leave as the lifecycle promises it (src/runtime/step.ts): `outcome=error`, a `result-file`
 * holding `error.kind` and `error.message`, a job summary that says what could not be done and why, and the failure.
 */
import { expect, type ExpectStatic } from 'vitest';
import { outputFile, type RunResult } from './runner.js';
import { assertNoSecret, withoutMaskCommands } from './secrets.js';

/** Asserts that nothing the step printed or wrote shows a secret (the runner's mask commands aside). */
export const noLeak = (everything: string): void =>
  assertNoSecret(withoutMaskCommands(everything), 'the step');

/** The step's `::error` lines, and its `::warning` lines, whole and in order. */
export const errors = (result: RunResult): string[] => result.stdout.match(/^::error.*$/gm) ?? [];
export const warnings = (result: RunResult): string[] => result.stdout.match(/^::warning.*$/gm) ?? [];

/** How a step ended: each field given is checked, and every run for a secret it shows. */
export interface Expected {
  code: number;
  /** A subset of the outputs. */
  outputs?: Record<string, string>;
  /** Outputs that are not set. */
  unset?: string[];
  /** List outputs, parsed, in full, by output name. */
  lists?: Record<string, unknown[]>;
  /** Texts the log and the job summary hold, and do not. */
  stdout?: string[];
  notStdout?: string[];
  summary?: string[];
  notSummary?: string[];
  /** Every `::error` and `::warning` line, in order (a line or a matcher). */
  errors?: unknown[];
  warnings?: unknown[];
  /** The last line printed: the failure. */
  last?: string;
  /** A subset of the result file (an array in it, in full: same length, each item a subset). */
  saved?: Record<string, unknown>;
}

export function expectStep(result: RunResult, e: Expected): void {
  expect(result.code, result.stdout).toBe(e.code);
  if (e.outputs) expect(result.outputs).toMatchObject(e.outputs);
  for (const name of e.unset ?? []) expect(result.outputs[name]).toBeUndefined();
  for (const [name, list] of Object.entries(e.lists ?? {}))
    expect(JSON.parse(result.outputs[name] ?? '')).toEqual(list);
  for (const text of e.stdout ?? []) expect(result.stdout).toContain(text);
  for (const text of e.notStdout ?? []) expect(result.stdout).not.toContain(text);
  for (const text of e.summary ?? []) expect(result.summary).toContain(text);
  for (const text of e.notSummary ?? []) expect(result.summary).not.toContain(text);
  if (e.errors) expect(errors(result)).toEqual(e.errors);
  if (e.warnings) expect(warnings(result)).toEqual(e.warnings);
  if (e.last !== undefined) expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(e.last);
  if (e.saved) expect(outputFile(result, 'result-file')).toMatchObject(e.saved);
  noLeak(result.everything);
}

/** A job summary as a reader sees it: Markdown escapes, HTML entities and the zero-width spaces that break mentions removed. */
export function summaryText(markdown: string): string {
  return markdown
    .replace(/\\([\\`*_[\]{}()#+!|~.-])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\u200b/g, '');
}

interface CouldNotFinish {
  /** The kinds of error the result file may name (a report that could not be sent is `undelivered`). */
  kinds: readonly string[];
  /** What the summary, the failure and the result file must say. */
  reason: RegExp;
  /** False for setup, which has no outcome and no result file. */
  resultFile?: boolean;
}

/** Asserts what a step that could not finish leaves; `expect` is the test's own (concurrent tests). */
export function expectCouldNotFinish(
  expect: ExpectStatic,
  result: RunResult,
  expected: CouldNotFinish,
): void {
  const why = `stdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
  expect(result.code, why).toBe(1);
  expect(result.stderr, 'nothing on stderr: a crash would print its stack there').toBe('');

  // The failure, last, says why.
  expect(errors(result).at(-1), why).toMatch(expected.reason);

  // The job summary says what could not be done, then why.
  const summary = summaryText(result.summary);
  expect(summary.trim(), 'a job summary').not.toBe('');
  expect(summary, 'the summary says what could not be done').toMatch(/^#+ ⚠️ \S/m);
  expect(summary, 'the summary says why').toMatch(expected.reason);

  if (expected.resultFile === false) {
    expect(result.outputs, 'setup has no outcome').not.toHaveProperty('outcome');
    expect(result.outputs, 'setup has no result file').not.toHaveProperty('result-file');
  } else {
    expect(result.outputs.outcome, why).toBe('error');
    const saved = outputFile(result, 'result-file') as {
      outcome?: unknown;
      error?: { kind?: unknown; message?: unknown };
    };
    expect(saved.outcome).toBe('error');
    expect(expected.kinds).toContain(saved.error?.kind);
    expect(typeof saved.error?.message).toBe('string');
    expect(String(saved.error?.message)).toMatch(expected.reason);
  }
  noLeak(result.everything);
}
