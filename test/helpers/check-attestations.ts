/** What check-attestations-for-commit's tests share. */
import { expect } from 'vitest';
import type { GateResult } from '../../src/actions/check-attestations-for-commit/render.js';
import { escapeText } from '../../src/summary/writer.js';
import { commitUrl } from './promotion-seed.js';
import { outputFile, type RunResult } from './runner.js';
import { demoSeed } from './sandbox.js';
import { expectStep } from './step-result.js';
import { COMPLIANT_COMMIT, type DemoSeed } from '@compliance-actions/sandbox/seeds/index';

/** The result file: the gate's result, its outcome, and why a gate that could not check did not. */
type Result = GateResult & { outcome: string; error?: { kind: string; message: string } };

/** The demo seed plus `attestations`. */
export function seedWith(...attestations: DemoSeed['orgs']['demo']['attestations']): DemoSeed {
  const seed = demoSeed();
  seed.orgs.demo.attestations.push(...attestations);
  return seed;
}
/** The demo seed, with a unit-tests attestation on each of `compliant` and a failing one on each of `failing`. */
export const seedAttesting = (compliant: string[], failing: string[] = []) =>
  seedWith(
    ...[...compliant, ...failing].map((sha, i) => ({
      id: `${sha.slice(0, 8)}-0000-4000-8000-${String(i).padStart(8, '0')}`,
      flow: 'backend',
      trail: COMPLIANT_COMMIT,
      name: 'unit-tests',
      type: 'junit',
      git_commit: sha,
      is_compliant: !failing.includes(sha),
      created_at: 1793700000 + i,
    })),
  );

/**
 * `seed` with an environment `app-prod` whose one snapshot runs `running` (name and the commit of acme/app it was
 * built from, or of another repository), each an artifact of the flow `app`.
 */
export function withDeployed(
  seed: DemoSeed,
  running: { name: string; commit: string; repository?: string }[],
): DemoSeed {
  const org = seed.orgs.demo;
  org.flows.push({ name: 'app' });
  const artifacts = running.map(({ name, commit, repository = 'acme/app' }, i) => {
    const fingerprint = (i + 1).toString(16).padStart(64, 'a');
    org.artifacts.push({
      id: String(900 + i).padStart(24, '0'),
      flow: 'app',
      fingerprint,
      filename: name,
      git_commit: commit,
      commit_url: commitUrl(repository, commit),
      created_at: 1793700000,
      last_modified_at: 1793700000,
    });
    return { fingerprint, name, pods: [`pod-${i}`], most_recent_timestamp: 1793700000 };
  });
  org.environments.push({
    name: 'app-prod',
    type: 'K8S',
    snapshots: [{ index: 1, created_at: 1793700000, artifacts }],
  });
  return seed;
}

export const resultOf = (r: RunResult) => outputFile(r, 'result-file') as Result;
/**
 * A gate that could not check: it fails, never compliant, with outcome error, a result file keeping why, and a job
 * summary that says so and why (`why` as the log shows it).
 */
export function couldNotCheck(
  result: RunResult,
  kind: string,
  why: string,
  heading = 'Compliance gate could not check',
): void {
  expectStep(result, {
    code: 1,
    outputs: {
      compliant: 'false',
      outcome: 'error',
      missing: '[]',
      'non-compliant': '[]',
      'would-fail': 'true',
    },
    saved: { outcome: 'error', compliant: false, error: { kind } },
    stdout: [`::error::${why}`],
    summary: [`### ⚠️ ${heading}`, escapeText(why)],
  });
  expect(resultOf(result).error?.message).toContain(why);
}
