/**
 * diff-envs as a promotion review, in-process: pairing replacements, judging arriving artifacts, the promotion
 * gate's outcome, outputs, failure and annotations, and what the summary says. Against the sandbox through the bundle:
 * test/dist/diff-envs.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/errors/errors.js';
import { DiffArtifact, type Artifact } from '../../../src/api/schemas/index.js';
import { judge, pairReplacements, toResult, versions } from '../../../src/actions/diff-envs/decide.js';
import { readInputs, type DiffEnvsInputs } from '../../../src/actions/diff-envs/inputs.js';
import { splitImageName } from '../../../src/context/artifact-name.js';
import { toStep } from '../../../src/actions/diff-envs/run.js';
import type { ArrivalCheck } from '../../../src/actions/diff-envs/types.js';
import { ApiError } from '../../../src/errors/errors.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';

const fp = (n: number) => `${String(n).padStart(12, '0')}${'e'.repeat(52)}`;
const entry = (name: string | null, n: number, more: Partial<DiffArtifact> = {}): DiffArtifact =>
  DiffArtifact.parse({
    fingerprint: fp(n),
    name,
    flow: 'backend',
    instance_count: 1,
    pods: [`pod-${n}`],
    ...more,
  });

const diffOf = (onlyIn1: DiffArtifact[], onlyIn2: DiffArtifact[]) =>
  toResult('https://compliance.example.test/api/v2/env-diff/acme', 'production', 'staging', {
    snappish1: { snapshot_id: 'production#2', artifacts: onlyIn1 },
    snappish2: { snapshot_id: 'staging#4', artifacts: onlyIn2 },
    changed: { snapshot_id: 'staging#4', artifacts: [] },
    'not-changed': { snapshot_id: 'staging#4', artifacts: [] },
  });

const GATE = {
  showUnchanged: false,
  failOnDiff: false,
  compliance: true,
  failOnNonCompliant: true,
  failOnRollout: false,
  promotions: { only: [], exclude: [], state: 'compliant' as const },
};
const REVIEW = { ...GATE, failOnNonCompliant: false };

const check = (n: number, state: ArrivalCheck['state'], more: Partial<ArrivalCheck> = {}): ArrivalCheck => ({
  name: `ghcr.io/acme/svc-${n}:2.0`,
  fingerprint: fp(n),
  flow: 'backend',
  state,
  compliant: state === 'COMPLIANT',
  ...more,
});

function first<T>(items: T[]): T {
  expect(items.length).toBeGreaterThan(0);
  return items[0] as T;
}

describe('splitImageName', () => {
  it.each([
    ['ghcr.io/acme/backend:1.4.0', 'ghcr.io/acme/backend', '1.4.0', undefined],
    ['ghcr.io/acme/backend@sha256:abc', 'ghcr.io/acme/backend', undefined, 'sha256:abc'],
    ['ghcr.io/acme/backend:1.4.0@sha256:abc', 'ghcr.io/acme/backend', '1.4.0', 'sha256:abc'],
    // A registry's port is not a tag.
    ['registry:5000/app', 'registry:5000/app', undefined, undefined],
    ['registry:5000/app:2', 'registry:5000/app', '2', undefined],
    ['redis', 'redis', undefined, undefined],
  ])('%s', (name, repository, tag, digest) => {
    expect(splitImageName(name)).toEqual({ repository, tag, digest });
  });
});

describe('pairing replacements', () => {
  it('pairs one artifact on each side with the same repository, and leaves the rest added or removed', () => {
    const old = entry('ghcr.io/acme/backend:1.4.0', 1);
    const next = entry('ghcr.io/acme/backend:1.6.0', 2);
    const gone = entry('ghcr.io/acme/legacy:0.9', 3);
    const fresh = entry('ghcr.io/acme/worker:1.0', 4);
    const paired = pairReplacements([old, gone], [fresh, next]);
    expect(paired.replaced).toEqual([{ name: 'ghcr.io/acme/backend', from: old, to: next }]);
    expect(paired.added).toEqual([fresh]);
    expect(paired.removed).toEqual([gone]);
    expect(versions(first(paired.replaced))).toEqual(['1.4.0', '1.6.0']);
  });

  it('does not guess between two versions on one side, nor pair an artifact without a name', () => {
    const canary = [entry('ghcr.io/acme/backend:1.6.0', 2), entry('ghcr.io/acme/backend:1.7.0-rc1', 3)];
    const paired = pairReplacements(
      [entry('ghcr.io/acme/backend:1.4.0', 1), entry(null, 5)],
      [...canary, entry(null, 6)],
    );
    expect(paired.replaced).toEqual([]);
    expect(paired.added).toHaveLength(3);
    expect(paired.removed).toHaveLength(2);
  });

  it('tells two sides with the same tag apart by fingerprint', () => {
    const paired = pairReplacements([entry('acme/app:latest', 1)], [entry('acme/app:latest', 2)]);
    expect(versions(first(paired.replaced))).toEqual([
      `latest@${fp(1).slice(0, 12)}`,
      `latest@${fp(2).slice(0, 12)}`,
    ]);
    const digests = pairReplacements([entry('acme/app@sha256:1', 1)], [entry('acme/app@sha256:2', 2)]);
    expect(versions(first(digests.replaced))).toEqual([fp(1).slice(0, 12), fp(2).slice(0, 12)]);
  });

  it('never pairs one fingerprint with itself (the service compares by fingerprint)', () => {
    const paired = pairReplacements([entry('acme/app:1', 1)], [entry('acme/app:1', 1)]);
    expect(paired.replaced).toEqual([]);
    expect(paired.added).toHaveLength(1);
    expect(paired.removed).toHaveLength(1);
  });

  it('counts and keeps the pairs in the result; the service counts stay as outputs', () => {
    const result = diffOf([entry('ghcr.io/acme/backend:1.4.0', 1)], [entry('ghcr.io/acme/backend:1.6.0', 2)]);
    expect(result.counts).toEqual({
      onlyIn1: 1,
      onlyIn2: 1,
      replaced: 1,
      added: 0,
      removed: 0,
      scaled: 0,
      unchanged: 0,
      rollouts: 0,
    });
    const step = toStep(result, { ...REVIEW, compliance: false });
    expect(step.outputs).toMatchObject({ 'only-in-1': 1, 'only-in-2': 1, replaced: 1 });
    expect(step.outputs['non-compliant']).toBeUndefined();
    expect(step.summary?.toString()).toContain(
      'Promoting staging#4 over production#2 brings 1 artifact(s) (the replaced and the added); their compliance was not checked (compliance is false).',
    );
  });
});

describe('judging an arriving artifact', () => {
  const answer = (more: Partial<Artifact>) =>
    ({
      state: 'COMPLIANT',
      evidence: { tests: { status: 'COMPLETE', is_compliant: true } },
      html_url: 'https://app.example.test/acme/flows/backend/artifacts/x',
      ...more,
    }) as Artifact;
  const a = entry('ghcr.io/acme/backend:1.6.0', 2);

  it.each([
    [answer({}), 'COMPLIANT', true],
    [
      answer({ state: 'NON-COMPLIANT', evidence: { scan: { status: 'COMPLETE', is_compliant: false } } }),
      'NON-COMPLIANT',
      false,
    ],
    [
      answer({ state: 'INCOMPLETE', evidence: { scan: { status: 'MISSING', is_compliant: null } } }),
      'INCOMPLETE',
      false,
    ],
    [answer({ state: null }), 'NO-STATE', false],
    // COMPLIANT by its state, a missing attestation in its evidence: fails closed, as get-artifact does.
    [
      answer({ evidence: { scan: { status: 'MISSING', is_compliant: null } } }),
      'EVIDENCE-NOT-COMPLIANT',
      false,
    ],
  ])('%#: %s', (artifact, state, compliant) => {
    const c = judge(a, { artifact });
    expect(c).toMatchObject({
      state,
      compliant,
      htmlUrl: 'https://app.example.test/acme/flows/backend/artifacts/x',
    });
  });

  it('a 404 about the artifact is NOT-FOUND, not a pass', () => {
    const notFound = new ApiError({
      endpoint: 'GET /artifacts',
      status: 404,
      serverMessage: 'Artifact not found',
    });
    expect(judge(a, { notFound })).toMatchObject({ state: 'NOT-FOUND', compliant: false });
  });
});

describe('the promotion gate', () => {
  const arriving = () =>
    diffOf(
      [entry('ghcr.io/acme/svc-1:1.0', 9)],
      [entry('ghcr.io/acme/svc-1:2.0', 1), entry('ghcr.io/acme/svc-2:2.0', 2)],
    );

  it('passes when every arriving artifact is COMPLIANT: non-compliant is []', () => {
    const result = {
      ...arriving(),
      compliance: { checks: [check(1, 'COMPLIANT'), check(2, 'COMPLIANT')], leftOut: 0 },
    };
    const step = toStep(result, GATE);
    expect(step.outcome).toBe('different');
    expect(step.outputs['non-compliant']).toEqual([]);
    expect(step.failure).toBeUndefined();
    expect(step.annotations).toBeUndefined();
    expect(step.summary?.toString()).toContain(
      ': ✅ all COMPLIANT. The promotion gate (fail-on-non-compliant) passes.',
    );
  });

  it('fails after everything is written, naming each artifact in an annotation', () => {
    const checks = [
      check(1, 'NON-COMPLIANT', {
        problems: [{ name: 'snyk-scan', problem: 'non-compliant' }],
        htmlUrl: 'https://app.example.test/a/1',
      }),
      check(2, 'FLOW-UNKNOWN', { flow: null }),
    ];
    const noFlow = diffOf(
      [entry('ghcr.io/acme/svc-1:1.0', 9)],
      [entry('ghcr.io/acme/svc-1:2.0', 1), entry('ghcr.io/acme/svc-2:2.0', 2, { flow: null })],
    );
    const step = toStep({ ...noFlow, compliance: { checks, leftOut: 0 } }, GATE);
    expect(step.outcome).toBe('different');
    expect(step.outputs['non-compliant']).toEqual([
      { name: 'ghcr.io/acme/svc-1:2.0', fingerprint: fp(1), state: 'NON-COMPLIANT' },
      { name: 'ghcr.io/acme/svc-2:2.0', fingerprint: fp(2), state: 'FLOW-UNKNOWN' },
    ]);
    expect(step.failure).toBe(
      '2 of 2 arriving artifact(s) not COMPLIANT (fail-on-non-compliant): ghcr.io/acme/svc-1:2.0 (NON-COMPLIANT), ' +
        'ghcr.io/acme/svc-2:2.0 (FLOW-UNKNOWN). See the job summary or the non-compliant output.',
    );
    expect(step.annotations).toEqual([
      {
        level: 'error',
        title: 'Arriving artifact not compliant',
        message: `ghcr.io/acme/svc-1:2.0 (${fp(1).slice(0, 12)}) in flow backend: NON-COMPLIANT: non-compliant: snyk-scan. See https://app.example.test/a/1`,
      },
      {
        level: 'error',
        title: 'Arriving artifact not compliant',
        message: `ghcr.io/acme/svc-2:2.0 (${fp(2).slice(0, 12)}): flow unknown.`,
      },
    ]);
    const s = step.summary?.toString() ?? '';
    expect(s).toContain('#### Replaced production#2 → staging#4 (1)');
    expect(s).toContain('| Name | Version | Fingerprint | Compliance | Flow | Commit | Instances | Pods |');
    expect(s).toContain(
      `| ghcr.io/acme/svc-1 | 1.0 → 2.0 | <code>${fp(1).slice(0, 12)}</code> | [❌ NON-COMPLIANT](https://app.example.test/a/1) — non-compliant: snyk-scan | backend |`,
    );
    expect(s).toContain('#### Added: only in staging#4 (1)');
    expect(s).toContain('| ❔ flow unknown |  |');
    expect(s).toContain('❌ 2 not COMPLIANT. The promotion gate (fail-on-non-compliant) fails the step.');
  });

  it('a lookup that failed is could not check: outcome error with the gate, a warning without it', () => {
    const checks = [
      check(1, 'COMPLIANT'),
      check(2, 'NOT-CHECKED', { error: { kind: 'timeout', message: 'no answer in 30 s' } }),
    ];
    const result = { ...arriving(), compliance: { checks, leftOut: 0 } };
    const gated = toStep(result, GATE);
    expect(gated.outcome).toBe('error');
    expect(gated.failure).toContain(
      '1 of 2 arriving artifact(s) not COMPLIANT (fail-on-non-compliant): ghcr.io/acme/svc-2:2.0 (NOT-CHECKED)',
    );
    const reviewed = toStep(result, REVIEW);
    expect(reviewed.outcome).toBe('different');
    expect(reviewed.failure).toBeUndefined();
    expect(reviewed.annotations).toEqual([
      {
        level: 'warning',
        title: 'Compliance not checked',
        message: `ghcr.io/acme/svc-2:2.0 (${fp(2).slice(0, 12)}) in flow backend: could not check: no answer in 30 s.`,
      },
    ]);
    expect(reviewed.outputs['non-compliant']).toEqual([
      { name: 'ghcr.io/acme/svc-2:2.0', fingerprint: fp(2), state: 'NOT-CHECKED' },
    ]);
    expect(reviewed.summary?.toString()).toContain('❌ 1 not COMPLIANT, 1 of them could not be checked.');
  });

  it('a diff without its review, with compliance asked for, fails closed', () => {
    const step = toStep(arriving(), GATE);
    expect(step.outcome).toBe('error');
    expect(step.outputs['non-compliant']).toHaveLength(2);
  });

  it('an arriving artifact without a check is not checked, in the outputs and the summary', () => {
    const step = toStep({ ...arriving(), compliance: { checks: [check(1, 'COMPLIANT')], leftOut: 0 } }, GATE);
    expect(step.outcome).toBe('error');
    expect(step.outputs['non-compliant']).toEqual([
      { name: 'ghcr.io/acme/svc-2:2.0', fingerprint: fp(2), state: 'NOT-CHECKED' },
    ]);
    expect(step.summary?.toString()).toContain('| ❔ could not check — not looked up |');
  });

  it('says how many lookups were left out over the cap', () => {
    const checks = [
      check(1, 'COMPLIANT'),
      check(2, 'NOT-CHECKED', { error: { kind: 'left-out', message: 'over 200 lookups in one step' } }),
    ];
    const s = toStep({ ...arriving(), compliance: { checks, leftOut: 1 } }, REVIEW).summary?.toString() ?? '';
    expect(s).toContain('1 arriving artifact(s) not checked: at most 200 lookups in one step.');
  });

  it('reads a diff of a snapshot against itself as the same snapshot', () => {
    const same = toResult('https://x.test', 'production', 'production#2', {
      snappish1: { snapshot_id: 'production#2', artifacts: [] },
      snappish2: { snapshot_id: 'production#2', artifacts: [] },
      changed: { snapshot_id: 'production#2', artifacts: [] },
      'not-changed': { snapshot_id: 'production#2', artifacts: [entry('redis:7', 1)] },
    });
    const s = toStep(same, GATE).summary?.toString() ?? '';
    expect(s).toContain(
      'production is production#2, production#2 is production#2. Both name the same snapshot, production#2: it runs 1 artifact(s).',
    );
    expect(s).not.toContain('only in');
  });
});

describe('the same snapshot', () => {
  it('says so only when nothing differs: an answer that still lists differences is shown as it came', () => {
    const odd = toResult('https://x.test', 'prod', 'prod#2', {
      snappish1: { snapshot_id: 'prod#2', artifacts: [] },
      snappish2: { snapshot_id: 'prod#2', artifacts: [entry('acme/x:1', 3)] },
      changed: { snapshot_id: 'prod#2', artifacts: [] },
      'not-changed': { snapshot_id: 'prod#2', artifacts: [] },
    });
    const s = toStep(odd, GATE).summary?.toString() ?? '';
    expect(s).not.toContain('the same snapshot');
    expect(s).toContain('#### Added: only in prod#2 (1)');
    expect(s).toContain('The promotion gate (fail-on-non-compliant) fails the step.');
  });
});

describe('an annotation of a check', () => {
  it('ends in one period whatever the service text ends in', () => {
    const step = toStep(
      {
        ...diffOf([], [entry('acme/x:1', 1)]),
        compliance: {
          checks: [check(1, 'NO-STATE', { name: 'acme/x:1', stateInfo: 'Not evaluated yet.' })],
          leftOut: 0,
        },
      },
      GATE,
    );
    expect(step.annotations?.[0]?.message).toBe(
      `acme/x:1 (${fp(1).slice(0, 12)}) in flow backend: no compliance state: Not evaluated yet.`,
    );
  });
});

describe('diff-envs gate inputs', () => {
  const read = (inputs: Record<string, string>): Promise<DiffEnvsInputs> =>
    readInputs(
      readerOf({ ...CONNECTION, 'snapshot-1': 'production', 'snapshot-2': 'staging', ...inputs }),
      '/tmp',
    );

  it('checks compliance by default, and gates only when asked', async () => {
    expect(await read({})).toMatchObject({ compliance: true, failOnNonCompliant: false });
    expect(await read({ 'fail-on-non-compliant': 'true' })).toMatchObject({
      compliance: true,
      failOnNonCompliant: true,
    });
  });

  it('refuses a gate without the lookups, naming both inputs', async () => {
    const bad = () => read({ compliance: 'false', 'fail-on-non-compliant': 'true' });
    await expect(bad()).rejects.toThrow(InputError);
    await expect(bad()).rejects.toThrow(
      "Invalid input 'fail-on-non-compliant': is true while compliance is false: the gate needs the compliance lookups. Expected compliance: true (the default) with fail-on-non-compliant: true, or fail-on-non-compliant: false.",
    );
  });
});
