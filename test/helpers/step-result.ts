/**
 * What a step that could not finish must leave, as the lifecycle promises it (src/runtime/step.ts): `outcome=error`,
 * a `result-file` that exists and holds `error.kind` and `error.message`, a job summary that says what could not be
 * done and why, and the failure. For the dist tests, which see the step as the runner does.
 */
import type { ExpectStatic } from 'vitest';
import { outputFile, type RunResult } from './runner.js';
import { assertNoSecret, withoutMaskCommands } from './secrets.js';

/** Asserts that nothing the step printed or wrote shows a secret (the runner's mask commands aside). */
export const noLeak = (everything: string): void =>
  assertNoSecret(withoutMaskCommands(everything), 'the step');

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

/** The messages of the step's `::error` lines (annotations and the failure), in order. */
export function errorLines(result: RunResult): string[] {
  return result.stdout
    .split('\n')
    .filter((line) => line.startsWith('::error'))
    .map((line) => line.replace(/^::error[^:]*::/, ''));
}

export interface CouldNotFinish {
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
  const errors = errorLines(result);
  expect(errors.at(-1), why).toMatch(expected.reason);

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
