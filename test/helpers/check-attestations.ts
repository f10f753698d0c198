/** What check-attestations-for-commit's tests share, through the bundle (test/dist) and in-process. */
import { expect } from 'vitest';
import { escapeText } from '../../src/summary/writer.js';
import { outputFile, type RunResult } from './runner.js';
import { assertNoSecret, withoutMaskCommands } from './secrets.js';
import { demoSeed, type Running } from './sandbox.js';
import { fastCommits, type Repo } from './git.js';

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

/** The demo seed's backend trail, which the seeded attestations are filed under. */
export const TRAIL = COMPLIANT;

/** The result file of a gate over a range, as far as the tests read it. */
export interface RangeResult {
  outcome: string;
  compliant: boolean;
  from: string;
  commits: { sha: string; title?: string; url?: string }[];
  nonCompliant: { commit: string; name: string | null }[];
  missing: { commit: string; name: string | null }[];
  range?: { shown: string; head: string; bases: string[]; includeMerges: boolean };
  deployed?: {
    environment: string;
    snapshot?: string;
    artifacts: { name: string; commit?: string; why: string }[];
    noBase?: string;
  };
  note?: string;
  error?: { kind: string; message: string; input?: string };
}
export const rangeResultOf = (r: RunResult) => outputFile(r, 'result-file') as RangeResult;

export interface Org {
  flows: { name: string }[];
  attestations: unknown[];
  artifacts: unknown[];
  environments: { name: string; type: string; snapshots: unknown[] }[];
}

export /** The demo seed, with a unit-tests attestation on each of `compliant` and a failing one on each of `failing`. */
function seedAttesting(compliant: string[], failing: string[] = []): { orgs: { demo: Org } } {
  const seed = demoSeed() as { orgs: { demo: Org } };
  [...compliant, ...failing].forEach((sha, i) => {
    seed.orgs.demo.attestations.push({
      id: `${sha.slice(0, 8)}-0000-4000-8000-${String(i).padStart(8, '0')}`,
      flow: 'backend',
      trail: TRAIL,
      name: 'unit-tests',
      type: 'junit',
      git_commit: sha,
      is_compliant: !failing.includes(sha),
      created_at: 1793700000 + i,
    });
  });
  return seed;
}

/** The commits the list endpoint was asked about, request by request. */
export function listRequests(sandbox: Running): () => string[][] {
  const asked: string[][] = [];
  sandbox.sandbox.observe(({ url }) => {
    const parsed = new URL(url, 'http://sandbox');
    if (parsed.pathname.endsWith('/list_attestations_for_criteria'))
      asked.push(parsed.searchParams.getAll('commit_list'));
  });
  return () => asked;
}

/** In the repository `r`, a root commit tagged v1 and `count` commits after it. */
export function release(r: Repo, count: number): { r: Repo; root: string; after: string[] } {
  const [root = ''] = fastCommits(r, 1, { message: () => 'Root' });
  r.git('tag', 'v1', root);
  return { r, root, after: fastCommits(r, count, { start: 1793600100 }) };
}
