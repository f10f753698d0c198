/** What get-artifact's in-process tests (test/actions/get-artifact) share. */
import { expect } from 'vitest';
import { outputFile, type RunResult } from './runner.js';
import { noLeak } from './step-result.js';

/** Demo seed: backend 1.4.0, COMPLIANT. */
export const COMPLIANT_FP = '9e5f20177e2131a174e6d70d947a1244919fcb0ef41d1ce7e975f79d068f647d';

/** The fingerprint of svc.tar, the artifact `answerOf` answers with. */
export const SVC_FP = 'a'.repeat(64);

/** An answer of GET /artifacts/{org}/{flow}/fingerprint/{fingerprint}: svc.tar in flow backend, then `fields`. */
export const answerOf = (fields: Record<string, unknown>) => ({
  id: 'a1',
  fingerprint: SVC_FP,
  filename: 'svc.tar',
  created_at: 1793610200,
  last_modified_at: 1793610200,
  evidence: {},
  flow_name: 'backend',
  commit_lead_times: {},
  build_lead_times: {},
  ...fields,
});

/** The result file, as far as the tests read it. */
export interface Saved {
  found: boolean;
  state: string | null;
  compliant: boolean;
  problems: { name: string; problem: string }[];
  attestations: { name: string; status?: string; compliant?: boolean | null }[];
  failure?: string;
  artifact?: { filename: string; fingerprint: string };
}

/** An item of a list output. */
export interface Listed {
  name: string;
  fingerprint: string | null;
  state: string | null;
}

const lines = (stdout: string, level: string) => stdout.match(new RegExp(`^::${level}.*$`, 'gm')) ?? [];

/** What a run must show; every field given is checked, every run is checked for the token. */
export interface Expected {
  code: number;
  outputs?: Record<string, string>;
  stdout?: string[];
  notStdout?: string[];
  summary?: string[];
  notSummary?: string[];
  /** A subset of the result file; its problems, in full. */
  saved?: Record<string, unknown>;
  problems?: Saved['problems'];
  /** Every `::error` and `::warning` line, in order (a line or a matcher). */
  errors?: unknown[];
  warnings?: unknown[];
  /** The last line printed: the failure. */
  last?: string;
  /** The list outputs, parsed. */
  lists?: Partial<Record<'non-compliant' | 'not-found', Listed[]>>;
  /** Outputs that are not set. */
  unset?: string[];
}

export function check(result: RunResult, e: Expected): void {
  expect(result.code, result.stdout).toBe(e.code);
  if (e.outputs) expect(result.outputs).toMatchObject(e.outputs);
  for (const text of e.stdout ?? []) expect(result.stdout).toContain(text);
  for (const text of e.notStdout ?? []) expect(result.stdout).not.toContain(text);
  for (const text of e.summary ?? []) expect(result.summary).toContain(text);
  for (const text of e.notSummary ?? []) expect(result.summary).not.toContain(text);
  if (e.saved) expect(outputFile(result, 'result-file')).toMatchObject(e.saved);
  if (e.problems) expect((outputFile(result, 'result-file') as Saved).problems).toEqual(e.problems);
  if (e.errors) expect(lines(result.stdout, 'error')).toEqual(e.errors);
  if (e.warnings) expect(lines(result.stdout, 'warning')).toEqual(e.warnings);
  if (e.last !== undefined) expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(e.last);
  for (const [name, list] of Object.entries(e.lists ?? {}))
    expect(JSON.parse(result.outputs[name] ?? '') as Listed[]).toEqual(list);
  for (const name of e.unset ?? []) expect(result.outputs[name]).toBeUndefined();
  noLeak(result.everything);
}
