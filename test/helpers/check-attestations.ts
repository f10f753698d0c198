/** What check-attestations-for-commit's tests share, through the bundle (test/dist) and in-process. */
import { expect } from 'vitest';
import { escapeText } from '../../src/summary/writer.js';
import { outputFile, type RunResult } from './runner.js';
import { assertNoSecret, withoutMaskCommands } from './secrets.js';

/** Demo seed: backend trail with pull-request, unit-tests and snyk-scan, all compliant. */
export const COMPLIANT = '3dfdaa9cbad35a60632a382f8653df6ef6539d28';
export const UI = 'https://sandbox.compliance.invalid';

export interface Result {
  outcome: string;
  compliant: boolean;
  from: string;
  commits: { sha: string; title?: string; url?: string }[];
  missing: { commit: string; name: string | null }[];
  nonCompliant: { commit: string; name: string | null }[];
  error?: { kind: string; message: string };
  note?: string;
}

export const resultOf = (r: RunResult) => outputFile(r, 'result-file') as Result;
export const errors = (r: RunResult) => r.stdout.match(/^::error.*$/gm) ?? [];
export const warnings = (r: RunResult) => r.stdout.match(/^::warning.*$/gm) ?? [];

export function clean(result: RunResult): void {
  assertNoSecret(withoutMaskCommands(result.everything), 'the step');
}

/**
 * A gate that could not check: it fails, never compliant, with outcome error, a result file keeping why, and a job
 * summary that says so and why (`why` as the log shows it).
 */
export function couldNotCheck(result: RunResult, kind: string, why: string): void {
  expect(result.code).toBe(1);
  expect(result.outputs).toMatchObject({
    compliant: 'false',
    outcome: 'error',
    missing: '[]',
    'non-compliant': '[]',
    'would-fail': 'true',
  });
  expect(resultOf(result)).toMatchObject({ outcome: 'error', compliant: false, error: { kind } });
  expect(resultOf(result).error?.message).toContain(why);
  expect(result.stdout).toContain(`::error::${why}`);
  expect(result.summary).toContain('### ⚠️ Compliance gate could not check');
  expect(result.summary).toContain(escapeText(why));
  clean(result);
}
