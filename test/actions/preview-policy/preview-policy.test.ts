/**
 * preview-policy run as a step in-process against the sandbox's eu-production, under both answer profiles: the
 * verdict of a policy on what runs now, what a change would newly fail and pass, the gate, the comment, and the reads.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fleetSeed } from '@compliance-actions/sandbox/seeds/index';
import { useTempDirs } from '../../helpers/git.js';
import { byProfileOf, PROFILES } from '@compliance-actions/sandbox/profile';
import { onPullRequest, useFakeGitHub } from '../../helpers/github-api.js';
import { useInProcessAction } from '../../helpers/in-process.js';
import { BASE_POLICY, EU_ARTIFACTS, NEXT_POLICY, verdictOf, type EuArtifact } from '../../helpers/policy.js';
import { outputFile } from '../../helpers/runner.js';
import { connection, observed, type Running, useSandbox } from '../../helpers/sandbox.js';
import { noLeak } from '../../helpers/step-result.js';

const runAction = useInProcessAction();
const startSandbox = useSandbox();
const github = useFakeGitHub();
const { tempDir } = useTempDirs();

const preview = (sandbox: Running, inputs: Record<string, string> = {}, options = {}) =>
  runAction('preview-policy', {
    ...options,
    inputs: {
      ...connection(sandbox.url),
      environment: 'eu-production',
      policy: NEXT_POLICY,
      ...inputs,
    },
  });

type Listed = { name: string; before: string; after: string }[];
const names = (list: string | undefined) => (JSON.parse(list ?? '[]') as Listed).map((c) => c.name).sort();

describe.each(PROFILES)('preview-policy, the sandbox answering %s', (PROFILE) => {
  const start = () => startSandbox({ profile: PROFILE });
  const byProfile = byProfileOf(PROFILE);
  const verdicts = (policy: 'base' | 'next') => EU_ARTIFACTS.map((name) => verdictOf(name, policy, PROFILE));
  const count = (policy: 'base' | 'next', verdict: string) =>
    verdicts(policy).filter((v) => v === verdict).length;
  const changed = (from: string, to: string) =>
    EU_ARTIFACTS.filter(
      (name) =>
        verdictOf(name, 'next', PROFILE) === to && verdictOf(name, 'base', PROFILE) !== to && from !== to,
    ).sort();

  it('says what the change would newly fail and newly pass, and only reports', async () => {
    const result = await preview(await start(), { 'base-policy': BASE_POLICY });
    expect(result.code, result.stdout).toBe(0);
    const failing = count('next', 'fail');
    expect(result.outputs).toMatchObject({
      outcome: 'fail',
      'policy-verdict': 'fail',
      count: '8',
      failing: String(failing),
      // The minimal answer names no snapshot: shown, but a gate on it could not check.
      'snapshot-id': byProfile('eu-production#2', ''),
      'would-fail': 'true',
    });
    expect(names(result.outputs['newly-failing'])).toEqual(changed('', 'fail'));
    expect(JSON.parse(result.outputs['newly-failing'] ?? '')).toEqual(
      byProfile(
        [expect.objectContaining({ name: 'ghcr.io/acme/invoices:2.1.0', before: 'pass', after: 'fail' })],
        [],
      ),
    );
    expect(names(result.outputs['newly-passing'])).toEqual(changed('', 'pass'));
    const unsure = count('next', 'unknown');
    expect(result.summary).toContain(
      `### ❌ With ${NEXT_POLICY}, ${failing} of 8 artifacts in eu-production would fail` +
        (unsure > 0 ? `; ${unsure} could not be checked` : ''),
    );
    expect(result.summary).toContain(`Compared with ${BASE_POLICY}:`);
    const file = outputFile(result, 'result-file') as {
      policy: { artifacts: { name: EuArtifact; verdict: string }[]; reads: number };
      basePolicy: { artifacts: { name: EuArtifact; verdict: string }[] };
    };
    // Every artifact judged by both policies as the table says, the reads shared: one per artifact with a flow.
    for (const [judged, policy] of [
      [file.policy, 'next'],
      [file.basePolicy, 'base'],
    ] as const) {
      expect(Object.fromEntries(judged.artifacts.map((a) => [a.name, a.verdict]))).toEqual(
        Object.fromEntries(EU_ARTIFACTS.map((name) => [name, verdictOf(name, policy, PROFILE)])),
      );
    }
    expect(file.policy.reads).toBe(6);
    noLeak(result.everything);
  });

  it('fails the step with fail-on, naming what breaks the policy', async () => {
    const result = await preview(await start(), { 'fail-on': 'breaks-policy' });
    expect(result.code).toBe(1);
    expect(result.outputs.outcome).toBe(byProfile('fail', 'error'));
    expect(result.stdout).toContain(
      byProfile(
        `::error::${count('next', 'fail')} of 8 artifacts in eu-production fail the policy ${NEXT_POLICY}: ` +
          'docker.io/library/postgres:16 (breaks it), ',
        '::error::fail-on: could not check. The answer does not name the snapshot of eu-production it lists.',
      ),
    );
    expect(result.stdout).toMatch(
      /::error title=Breaks the policy::docker.io\/library\/postgres:16: provenance: reported to no flow/,
    );
  });

  it('keeps one comment per environment and policy file, updated in place', async () => {
    const sandbox = await start();
    const api = await github();
    const options = onPullRequest(api, 'a'.repeat(40));
    const first = await preview(sandbox, { 'comment-on-pr': 'true', 'base-policy': BASE_POLICY }, options);
    expect(first.code, first.stdout).toBe(0);
    const again = await preview(sandbox, { 'comment-on-pr': 'true' }, options);
    expect(again.code).toBe(0);
    const comments = api.comments.get(7) ?? [];
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain('in eu-production would fail');
    expect(comments[0]?.body).not.toContain('Compared with');
  });
});

it('500 artifacts: one trail read each, at most 8 in flight', async () => {
  const sandbox = await startSandbox({ seed: fleetSeed(500) });
  sandbox.sandbox.faults.latencyMs = 20;
  const asked = observed(sandbox);
  const policy = join(tempDir('fleet-'), 'policy.yml');
  writeFileSync(
    policy,
    '_schema: https://kosli.com/schemas/policy/environment/v1\nartifacts:\n  attestations:\n    - name: security-scan\n      type: snyk\n',
  );
  const result = await preview(sandbox, { environment: 'fleet-production', policy });
  expect(result.code).toBe(0);
  expect(result.outputs).toMatchObject({ count: '500', failing: '50', outcome: 'fail' });
  expect(asked.filter((url) => url.startsWith('/api/v2/trails/'))).toHaveLength(500);
  expect(sandbox.sandbox.load.peak).toBeLessThanOrEqual(8);
  expect(sandbox.sandbox.load.peak).toBeGreaterThan(1);
});

describe('preview-policy refuses before any request', () => {
  it.each([
    [{ policy: '' }, "Invalid input 'policy': is required"],
    [{ policy: 'nope.yml' }, "Invalid input 'policy': "],
    [
      { 'fail-on': 'non-compliant' },
      "Invalid input 'fail-on': 'non-compliant' is not a grade this step finds. Expected any of unknown, breaks-policy (one per line or comma-separated), or none alone.",
    ],
    [
      { 'fail-on': 'breaks-polcy' },
      "Invalid input 'fail-on': 'breaks-polcy' is not a grade. Expected any of unknown, breaks-policy (one per line or comma-separated), or none alone.",
    ],
    [{ environment: 'eu production' }, "Invalid input 'environment'"],
  ])('%j', async (inputs, message) => {
    const sandbox = await startSandbox();
    const result = await preview(sandbox, inputs);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${message}`);
    expect(result.stdout).not.toContain('GET ');
  });
});

describe('preview-policy that could not preview', () => {
  it('says which environment and policy in the result file, as a failed gate would', async () => {
    const result = await preview(await startSandbox(), { environment: 'nowhere' });
    expect(result.code).toBe(1);
    expect(result.outputs).toMatchObject({ outcome: 'error', 'would-fail': 'true' });
    expect(result.summary).toContain('Could not preview the policy of nowhere');
    expect(outputFile(result, 'result-file')).toMatchObject({
      environment: 'nowhere',
      policy: NEXT_POLICY,
      wouldFail: true,
    });
  });
});
