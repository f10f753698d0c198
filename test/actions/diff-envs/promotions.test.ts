/**
 * diff-envs' promotions matrix and rollouts in progress (issue 27), in-process: which artifacts may move and why the
 * others may not, the matrix output's shape, a rollout detected in either snapshot and left out of pairing and of
 * promotions, fail-on-rollout, and what the summary and annotations say. Through the bundle: test/dist/diff-envs.
 */
import { describe, expect, it } from 'vitest';
import { DiffArtifact } from '../../../src/api/schemas/index.js';
import {
  arrivingOf,
  pairReplacements,
  promotionsOf,
  rolloutsOf,
  toResult,
} from '../../../src/actions/diff-envs/decide.js';
import { readInputs } from '../../../src/actions/diff-envs/inputs.js';
import { toStep } from '../../../src/actions/diff-envs/run.js';
import type { ArrivalCheck, DiffEnvsResult, PromotionFilter } from '../../../src/actions/diff-envs/types.js';
import { InputError } from '../../../src/errors/errors.js';
import { readNameFilters } from '../../../src/context/name-filter.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';

const fp = (n: number) => `${String(n).padStart(12, '0')}${'e'.repeat(52)}`;
const sha = (n: number) => `${String(n).padStart(7, '0')}${'a'.repeat(33)}`;
const commit = (repo: string, n: number) => `https://github.com/acme/${repo}/commit/${sha(n)}`;
const entry = (name: string | null, n: number, more: Partial<DiffArtifact> = {}): DiffArtifact =>
  DiffArtifact.parse({ fingerprint: fp(n), name, flow: 'backend', instance_count: 1, ...more });

function diffOf(groups: {
  onlyIn1?: DiffArtifact[];
  onlyIn2?: DiffArtifact[];
  scaled?: DiffArtifact[];
  unchanged?: DiffArtifact[];
}): DiffEnvsResult {
  return toResult('https://compliance.example.test/api/v2/env-diff/acme', 'production', 'staging', {
    snappish1: { snapshot_id: 'production#2', artifacts: groups.onlyIn1 ?? [] },
    snappish2: { snapshot_id: 'staging#4', artifacts: groups.onlyIn2 ?? [] },
    changed: { artifacts: groups.scaled ?? [] },
    'not-changed': { artifacts: groups.unchanged ?? [] },
  });
}

const check = (a: DiffArtifact, state: ArrivalCheck['state']): ArrivalCheck => ({
  name: a.name ?? null,
  fingerprint: a.fingerprint,
  flow: a.flow ?? null,
  state,
  compliant: state === 'COMPLIANT',
});

const ALL: PromotionFilter = { only: [], exclude: [], state: 'compliant' };
const INPUTS = {
  showUnchanged: false,
  failOnDiff: false,
  compliance: true,
  failOnNonCompliant: false,
  failOnRollout: false,
  promotions: ALL,
};

/** Three services arrive: one new (web), one replaced (backend), one replaced but not compliant (worker). */
function threeServices(): DiffEnvsResult {
  const backendOld = entry('ghcr.io/acme/backend:1.4.0', 1, { commit_url: commit('backend', 1) });
  const backendNew = entry('ghcr.io/acme/backend:1.6.0', 2, { commit_url: commit('backend', 2) });
  const web = entry('ghcr.io/acme/web:3.2.0', 3, { flow: 'web', commit_url: commit('web', 3) });
  const workerOld = entry('ghcr.io/acme/worker:2.0.0', 4);
  const workerNew = entry('ghcr.io/acme/worker:2.1.0', 5);
  const result = diffOf({ onlyIn1: [backendOld, workerOld], onlyIn2: [backendNew, web, workerNew] });
  return {
    ...result,
    compliance: {
      checks: [check(backendNew, 'COMPLIANT'), check(web, 'COMPLIANT'), check(workerNew, 'NON-COMPLIANT')],
      leftOut: 0,
    },
  };
}

describe('promotions', () => {
  it('keeps what is COMPLIANT, each with both sides, its commits and a compare link; leaves out the rest, saying why', () => {
    const { include, leftOut } = promotionsOf(threeServices(), ALL);
    expect(include).toEqual([
      {
        name: 'ghcr.io/acme/backend',
        from: { fingerprint: fp(1), tag: '1.4.0', commit: sha(1), 'commit-url': commit('backend', 1) },
        to: { fingerprint: fp(2), tag: '1.6.0', commit: sha(2), 'commit-url': commit('backend', 2) },
        'compare-url': `https://github.com/acme/backend/compare/${sha(1)}...${sha(2)}`,
        state: 'COMPLIANT',
        flow: 'backend',
      },
      {
        name: 'ghcr.io/acme/web',
        from: null,
        to: { fingerprint: fp(3), tag: '3.2.0', commit: sha(3), 'commit-url': commit('web', 3) },
        'compare-url': null,
        state: 'COMPLIANT',
        flow: 'web',
      },
    ]);
    expect(leftOut).toEqual([
      { name: 'ghcr.io/acme/worker', fingerprint: fp(5), why: 'not-compliant', state: 'NON-COMPLIANT' },
    ]);
  });

  it('with promotions-state any, keeps every arriving artifact whatever its state', () => {
    const { include } = promotionsOf(threeServices(), { ...ALL, state: 'any' });
    expect(include.map((p) => [p.name, p.state])).toEqual([
      // The replacements first, then the new services.
      ['ghcr.io/acme/backend', 'COMPLIANT'],
      ['ghcr.io/acme/worker', 'NON-COMPLIANT'],
      ['ghcr.io/acme/web', 'COMPLIANT'],
    ]);
  });

  it('filters by only and exclude, names or globs, a line without / matching the last part of a name', async () => {
    const read = async (only: string, exclude = '') =>
      (
        await readInputs(
          readerOf({ ...CONNECTION, 'snapshot-1': 'prod', 'snapshot-2': 'staging', only, exclude }),
          '/',
        )
      ).promotions;
    const names = (filter: PromotionFilter) =>
      promotionsOf(threeServices(), { ...filter, state: 'any' }).include.map((p) => p.name);
    expect(names(await read('backend\nweb'))).toEqual(['ghcr.io/acme/backend', 'ghcr.io/acme/web']);
    expect(names(await read('ghcr.io/acme/*', 'w*'))).toEqual(['ghcr.io/acme/backend']);
    expect(names(await read('', 'ghcr.io/**'))).toEqual([]);
    expect(names(await read('back'))).toEqual([]);
    expect(names(await read('ghcr.io/acme/{web,work[e]r}'))).toEqual([
      'ghcr.io/acme/worker',
      'ghcr.io/acme/web',
    ]);
    expect(names(await read('[!bw]*'))).toEqual([]);
    expect(names(await read('?eb'))).toEqual(['ghcr.io/acme/web']);
    const filtered = promotionsOf(threeServices(), await read('web')).leftOut.filter(
      (l) => l.why === 'filtered',
    );
    expect(filtered.map((l) => l.name)).toEqual(['ghcr.io/acme/backend', 'ghcr.io/acme/worker']);
  });

  it('matches in time linear in the name: a hostile name from the service cannot stall the step', async () => {
    const [filter] = await readNameFilters(readerOf({ only: '*a*a*a*a*a*a*b' }), 'only');
    // A backtracking matcher takes time of the name's length to the sixth power here; RE2 takes one pass.
    expect(filter?.matches('a'.repeat(200_000))).toBe(false);
    expect(filter?.matches(`${'a'.repeat(200_000)}b`)).toBe(true);
  });

  it('refuses a bad filter or state before anything is sent, naming the input and the form', async () => {
    const read = (more: Record<string, string>) =>
      readInputs(readerOf({ ...CONNECTION, 'snapshot-1': 'prod', 'snapshot-2': 'staging', ...more }), '/');
    await expect(read({ only: 'backend\n+(a|b)' })).rejects.toThrow(InputError);
    await expect(read({ only: 'backend\n+(a|b)' })).rejects.toThrow(
      /Invalid input 'only': line 2 \('\+\(a\|b\)'\) has an extended glob/,
    );
    await expect(read({ exclude: 'web\n{a,b' })).rejects.toThrow(
      /Invalid input 'exclude': line 2 \('\{a,b'\) the \{ at character 1 has no \}/,
    );
    await expect(read({ exclude: '{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}' })).rejects.toThrow(
      /Invalid input 'exclude': line 1 .* expands to 1024 patterns/,
    );
    // A name is never a folder: a line ending with / would match nothing.
    await expect(read({ only: 'ghcr.io/acme/' })).rejects.toThrow(
      /Invalid input 'only': line 1 \('ghcr.io\/acme\/'\) ends with \/, which only a folder matches/,
    );
    await expect(read({ 'promotions-state': 'most' })).rejects.toThrow(
      /Invalid input 'promotions-state': 'most' is not a promotions state.*compliant .* or any/,
    );
    expect((await read({ 'promotions-state': ' ANY ' })).promotions.state).toBe('any');
  });

  it('makes no compare link across repositories, hosts or from anything not a commit page', () => {
    const a = entry('acme/app:1', 1, { commit_url: commit('app', 1) });
    const pair = (to: string | null) =>
      promotionsOf(
        {
          ...diffOf({ onlyIn1: [a], onlyIn2: [entry('acme/app:2', 2, { commit_url: to })] }),
          compliance: undefined,
        },
        { ...ALL, state: 'any' },
      ).include[0]?.['compare-url'];
    expect(pair(commit('app', 2))).toBe(`https://github.com/acme/app/compare/${sha(1)}...${sha(2)}`);
    expect(pair(commit('other', 2))).toBeNull();
    expect(pair(`https://gitlab.example/acme/app/commit/${sha(2)}`)).toBeNull();
    expect(pair(`https://github.com/acme/app/tree/${sha(2)}`)).toBeNull();
    expect(pair('javascript:alert(1)')).toBeNull();
    expect(pair(null)).toBeNull();
  });

  it('with compliance false nothing is COMPLIANT, so nothing moves; the summary says how to change that', () => {
    const result = diffOf({ onlyIn2: [entry('ghcr.io/acme/web:1', 1)] });
    const step = toStep(result, { ...INPUTS, compliance: false });
    expect(step.outputs.promotions).toEqual({ include: [] });
    expect(step.outputs['promotions-count']).toBeUndefined(); // the finisher writes it, from the output as capped
    expect(step.summary?.toString()).toContain('Left out of promotions: 1 not COMPLIANT');
    expect(step.summary?.toString()).toContain('set compliance to true, or promotions-state to any');
  });

  it('moves nothing from a diff whose answer does not name the snapshots asked (not confirmed)', () => {
    const unconfirmed = {
      ...threeServices(),
      snapshot2: { expression: 'staging', id: null, name: 'staging' },
    };
    const { include, leftOut } = promotionsOf(unconfirmed, { ...ALL, state: 'any' });
    expect(include).toEqual([]);
    expect(leftOut.map((l) => l.why)).toEqual(['not-confirmed', 'not-confirmed', 'not-confirmed']);
    expect(toStep(unconfirmed, INPUTS).summary?.toString()).toContain(
      'Left out of promotions: 3 of a diff not confirmed to be about the snapshots asked',
    );
  });

  it('is a matrix output ({include}) with its count, shown as a table with compare links', () => {
    const step = toStep(threeServices(), INPUTS);
    const promotions = step.outputs.promotions as { include: { name: string }[] };
    expect(promotions.include.map((p) => p.name)).toEqual(['ghcr.io/acme/backend', 'ghcr.io/acme/web']);
    const summary = step.summary?.toString() ?? '';
    expect(summary).toContain('#### Promotions (2)');
    expect(summary).toContain(`[compare](https://github.com/acme/backend/compare/${sha(1)}...${sha(2)})`);
    expect(summary).toContain('Left out of promotions: 1 not COMPLIANT (the result file names them).');
    expect(step.result).toMatchObject({ promotions: { leftOut: [{ why: 'not-compliant' }] } });
  });
});

describe('an image in two flows', () => {
  // One version listed once per flow it belongs to: compliant in one says nothing of the other.
  const v14 = entry('ghcr.io/acme/backend:1.4.0', 14);
  const inBackend = entry('ghcr.io/acme/backend:1.6.0', 16);
  const inWorker = entry('ghcr.io/acme/backend:1.6.0', 16, { flow: 'worker' });
  const reviewed = (result: DiffEnvsResult, states: [DiffArtifact, ArrivalCheck['state']][]) => ({
    ...result,
    compliance: { checks: states.map(([a, state]) => check(a, state)), leftOut: 0 },
  });

  it('replacing an older version, arrives in each flow: each entry is reviewed, whatever pairing does', () => {
    const paired = pairReplacements(
      [v14],
      [inBackend, inWorker, { ...inBackend, name: 'ghcr.io/acme/backend:latest' }],
    );
    // Another tag in the same flow is the same check: only the other flow is kept beside `to`.
    expect(paired.replaced).toEqual([
      { name: 'ghcr.io/acme/backend', from: v14, to: inBackend, otherFlows: [inWorker] },
    ]);
    expect(arrivingOf(paired)).toEqual([inBackend, inWorker]);
  });

  it('fails the gate on the flow it is not compliant in, and the matrix entry is the worst of its flows', () => {
    const result = reviewed(diffOf({ onlyIn1: [v14], onlyIn2: [inBackend, inWorker] }), [
      [inBackend, 'COMPLIANT'],
      [inWorker, 'NON-COMPLIANT'],
    ]);
    const step = toStep(result, { ...INPUTS, failOnNonCompliant: true });
    expect(step.outputs['non-compliant']).toEqual([
      { name: 'ghcr.io/acme/backend:1.6.0', fingerprint: fp(16), state: 'NON-COMPLIANT' },
    ]);
    expect(step.failure).toContain('1 of 2 arriving artifact(s) not COMPLIANT');
    expect(promotionsOf(result, ALL)).toEqual({
      include: [],
      leftOut: [
        { name: 'ghcr.io/acme/backend', fingerprint: fp(16), why: 'not-compliant', state: 'NON-COMPLIANT' },
      ],
    });
    const [any] = promotionsOf(result, { ...ALL, state: 'any' }).include;
    expect(any).toMatchObject({ name: 'ghcr.io/acme/backend', state: 'NON-COMPLIANT', flow: 'worker' });
    // The summary's row shows the worse flow, not the first.
    expect(step.summary?.toString()).toMatch(
      /\| ghcr\.io\/acme\/backend \| 1\.4\.0 → 1\.6\.0 \| .*NON-COMPLIANT.* \| worker \|/,
    );
  });

  it('new, is one matrix entry per version with the worst state; compliant in every flow, it moves once', () => {
    const fresh = [inBackend, inWorker].map((a) => ({ ...a, name: 'ghcr.io/acme/web:1.0' }));
    const result = diffOf({ onlyIn2: fresh });
    const [backend, worker] = fresh as [DiffArtifact, DiffArtifact];
    const mixed = reviewed(result, [
      [backend, 'COMPLIANT'],
      [worker, 'INCOMPLETE'],
    ]);
    expect(promotionsOf(mixed, ALL)).toEqual({
      include: [],
      leftOut: [{ name: 'ghcr.io/acme/web', fingerprint: fp(16), why: 'not-compliant', state: 'INCOMPLETE' }],
    });
    const both = reviewed(result, [
      [backend, 'COMPLIANT'],
      [worker, 'COMPLIANT'],
    ]);
    expect(promotionsOf(both, ALL).include).toMatchObject([
      { name: 'ghcr.io/acme/web', state: 'COMPLIANT', flow: 'backend' },
    ]);
    // Without the review, no state, and the first flow.
    expect(promotionsOf(result, { ...ALL, state: 'any' }).include).toMatchObject([
      { state: null, flow: 'backend' },
    ]);
  });

  it('is no more compliant than in the worst of its flows: a known failure over one not checked', () => {
    const states: ArrivalCheck['state'][] = ['NOT-CHECKED', 'NON-COMPLIANT', 'COMPLIANT'];
    const flows = states.map((_, i) => ({ ...inBackend, flow: `flow-${i}` }));
    const result = reviewed(
      diffOf({ onlyIn1: [v14], onlyIn2: flows }),
      flows.map((a, i) => [a, states[i] ?? 'COMPLIANT']),
    );
    expect(promotionsOf(result, { ...ALL, state: 'any' }).include).toMatchObject([
      { state: 'NON-COMPLIANT', flow: 'flow-1' },
    ]);
  });
});

describe('a rollout in progress', () => {
  const v15 = entry('ghcr.io/acme/backend:1.5.0', 15);
  const v16 = entry('ghcr.io/acme/backend:1.6.0', 16);
  const v14 = entry('ghcr.io/acme/backend:1.4.0', 14);
  const v17 = entry('ghcr.io/acme/backend:1.7.0', 17);

  it('is found where one snapshot runs two versions of a name, in either snapshot, with where each runs', () => {
    // Staging runs 1.5.0 (also in production) and 1.6.0 (arriving): midway through a rolling deployment.
    expect(rolloutsOf([], [v16], [v15])).toEqual([
      {
        name: 'ghcr.io/acme/backend',
        snapshots: [2],
        versions: [
          { artifact: v16, in: 'snapshot-2' },
          { artifact: v15, in: 'both' },
        ],
      },
    ]);
    // Production is midway (1.4.0 and 1.5.0); staging runs 1.5.0 alone.
    expect(rolloutsOf([v14], [], [v15])[0]?.snapshots).toEqual([1]);
    expect(rolloutsOf([v14], [v16, v17], [v15])[0]?.snapshots).toEqual([1, 2]);
    // Two versions arriving, none leaving: a canary beside the new version.
    expect(rolloutsOf([], [v16, v17], [])[0]?.snapshots).toEqual([2]);
    // One version on each side is a replacement, not a rollout; an unnamed artifact is no name's version.
    expect(rolloutsOf([v14], [v16], [])).toEqual([]);
    expect(rolloutsOf([], [entry(null, 1), entry(null, 2)], [])).toEqual([]);
    expect(rolloutsOf([], [entry('@sha256:1', 1), entry('@sha256:2', 2)], [])).toEqual([]);
  });

  it('is not what runs steadily: two versions in both snapshots, or one image under two tags', () => {
    // Two deployments of one image at different tags, one of them replaced: the replacement pairs, as before.
    const web = entry('ghcr.io/acme/app:web-1.0', 1);
    const [worker20, worker21] = [
      entry('ghcr.io/acme/app:worker-2.0', 2),
      entry('ghcr.io/acme/app:worker-2.1', 3),
    ];
    const paired = diffOf({ onlyIn1: [worker20], onlyIn2: [worker21], unchanged: [web] });
    expect(paired.rollouts).toEqual([]);
    expect(paired.replaced).toEqual([{ name: 'ghcr.io/acme/app', from: worker20, to: worker21 }]);
    // Two architectures (two fingerprints) of one tag, in both snapshots: nothing changes.
    const arm = entry('ghcr.io/acme/app:1.0', 4, { pods: ['arm'] });
    const amd = entry('ghcr.io/acme/app:1.0', 5, { pods: ['amd'] });
    expect(diffOf({ unchanged: [arm, amd] }).rollouts).toEqual([]);
    // One image under two tags, replacing 1.4: one version, one replacement, one promotion.
    const tagged = entry('ghcr.io/acme/backend:1.6', 16);
    const latest = entry('ghcr.io/acme/backend:latest', 16);
    const result = diffOf({ onlyIn1: [v14], onlyIn2: [tagged, latest] });
    expect(result.rollouts).toEqual([]);
    expect(result.replaced).toEqual([{ name: 'ghcr.io/acme/backend', from: v14, to: tagged }]);
    expect(result.added).toEqual([]);
    expect(promotionsOf(result, { ...ALL, state: 'any' }).include).toHaveLength(1);
  });

  it('is not paired, not added nor removed, and not promoted, but its arriving version is checked', () => {
    const result = diffOf({
      onlyIn1: [v14],
      onlyIn2: [v16, v17, entry('ghcr.io/acme/web:2', 2)],
      unchanged: [v15],
    });
    expect(result.replaced).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(result.added.map((a) => a.name)).toEqual(['ghcr.io/acme/web:2']);
    expect(result.counts).toMatchObject({ replaced: 0, added: 1, removed: 0, rollouts: 1 });
    const step = toStep(result, { ...INPUTS, failOnNonCompliant: true });
    // The gate covers the rollout's arriving version: with no review of it, it is not checked, never a pass.
    expect(step.outputs['non-compliant']).toEqual([
      { name: 'ghcr.io/acme/web:2', fingerprint: fp(2), state: 'NOT-CHECKED' },
      { name: 'ghcr.io/acme/backend:1.6.0', fingerprint: fp(16), state: 'NOT-CHECKED' },
      { name: 'ghcr.io/acme/backend:1.7.0', fingerprint: fp(17), state: 'NOT-CHECKED' },
    ]);
    expect(step.outputs.rollouts).toEqual(['ghcr.io/acme/backend']);
    expect(step.result).toMatchObject({
      promotions: { leftOut: [{ why: 'not-compliant' }, { why: 'rollout' }] },
    });
  });

  it('is said in the summary, as a warning, and fails the step with fail-on-rollout', () => {
    const result = diffOf({ onlyIn1: [v14], onlyIn2: [v16, v17], unchanged: [v15] });
    const warned = toStep(result, INPUTS);
    expect(warned.failure).toBeUndefined();
    expect(warned.annotations).toContainEqual({
      level: 'warning',
      title: 'Rollout in progress',
      message:
        'ghcr.io/acme/backend: a rollout in progress (production#2 runs 1.4.0 and 1.5.0; staging#4 runs 1.6.0, ' +
        '1.7.0 and 1.5.0). Not paired, and left out of promotions.',
    });
    const summary = warned.summary?.toString() ?? '';
    expect(summary).toContain('#### Rollout in progress (1)');
    expect(summary).toContain('| ghcr.io/acme/backend | 1.6.0 |');
    expect(summary).toContain('1 rollout(s) in progress');
    const failed = toStep(result, { ...INPUTS, failOnRollout: true });
    expect(failed.failure).toBe(
      '1 rollout(s) in progress (fail-on-rollout): ghcr.io/acme/backend (1.4.0, 1.6.0, 1.7.0 and 1.5.0). ' +
        'See the job summary or the rollouts output.',
    );
    expect(failed.annotations?.find((a) => a.title === 'Rollout in progress')?.level).toBe('error');
    expect(
      toStep(diffOf({ onlyIn1: [v14], onlyIn2: [v16] }), { ...INPUTS, failOnRollout: true }).failure,
    ).toBe(undefined);
  });

  it("shows the compliance of a rollout's arriving versions, which the gate checks", () => {
    const result = diffOf({ onlyIn2: [v16, v17], unchanged: [v15] });
    const reviewed = {
      ...result,
      compliance: { checks: [check(v16, 'COMPLIANT'), check(v17, 'NON-COMPLIANT')], leftOut: 0 },
    };
    const summary = toStep(reviewed, INPUTS).summary?.toString() ?? '';
    expect(summary).toContain('| Name | Version | Fingerprint | Compliance | Runs in | Instances | Commit |');
    expect(summary).toContain(
      '| ghcr.io/acme/backend | 1.7.0 | <code>000000000017</code> | ❌ NON-COMPLIANT | staging#4 | 1 |  |',
    );
    expect(summary).toContain(
      '| ghcr.io/acme/backend | 1.5.0 | <code>000000000015</code> |  | both | 1 → 1 |  |',
    );
  });

  it('fail-on-rollout on snapshots the answer does not name: could not check', () => {
    const result = diffOf({ onlyIn2: [v16] });
    const step = toStep(
      { ...result, snapshot1: { expression: 'production', id: null, name: 'production' } },
      { ...INPUTS, failOnRollout: true },
    );
    expect(step.outcome).toBe('error');
    expect(step.failure).toMatch(/^fail-on-rollout: could not check\. Not confirmed/);
  });
});
