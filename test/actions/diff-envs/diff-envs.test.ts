/**
 * diff-envs' decisions and what they show, in-process: reading its inputs, the grouping and outcome of a diff, the
 * drift check's failure, the log, summary and comment; pairing replacements, judging each arriving artifact and its
 * grade, the promotion gate under each fail-on, the promotions matrix and rollouts in progress. Run as a step against
 * the sandbox: steps.test.ts; through the bundle: test/dist/module-load.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  arrivalGrade,
  arrivingOf,
  judge,
  pairReplacements,
  promotionsOf,
  rolloutsOf,
  sortArrivals,
  toResult,
  versions,
  type ArrivalCheck,
  type ArrivalState,
  type DiffEnvsResult,
} from '../../../src/actions/diff-envs/decide.js';
import { action } from '../../../src/actions/diff-envs/index.js';
import { describeCheck, logDiff, summarize } from '../../../src/actions/diff-envs/render.js';
import { readInputs, type PromotionFilter } from '../../../src/actions/diff-envs/inputs.js';
import { toStep } from '../../../src/actions/diff-envs/run.js';
import { Artifact, DiffArtifact } from '../../../src/api/schemas/index.js';
import { GRADES, type FailOn, type Grade } from '../../../src/compliance/grades.js';
import { splitImageName } from '../../../src/context/artifact-name.js';
import { InputError } from '../../../src/errors/errors.js';
import { COMMENT_LIMIT } from '../../../src/github/comment.js';
import { SUMMARY_LIMIT } from '../../../src/summary/writer.js';
import { CONNECTION, printedBy, readerOf } from '../../helpers/inputs.js';
import { artifactAnswer } from '../../helpers/lookups.js';

const fp = (n: number) => `${String(n).padStart(12, '0')}${'e'.repeat(52)}`;
const sha = (n: number) => `${String(n).padStart(7, '0')}${'a'.repeat(33)}`;
const commit = (repo: string, n: number) => `https://github.com/acme/${repo}/commit/${sha(n)}`;
const entry = (name: string | null, n: number, more: Partial<DiffArtifact> = {}): DiffArtifact =>
  DiffArtifact.parse({
    fingerprint: fp(n),
    name,
    flow: 'backend',
    instance_count: 1,
    pods: [`pod-${n}`],
    ...more,
  });

/** A diff of `one` (answered as `id1`) by `two` (`id2`) with these groups: production by staging unless said. */
function diffOf(
  groups: {
    onlyIn1?: DiffArtifact[];
    onlyIn2?: DiffArtifact[];
    scaled?: DiffArtifact[];
    unchanged?: DiffArtifact[];
  },
  [one, two, id1, id2] = ['production', 'staging', 'production#2', 'staging#4'],
): DiffEnvsResult {
  return toResult('https://compliance.example.test/api/v2/env-diff/acme', one, two, {
    snappish1: { snapshot_id: id1, artifacts: groups.onlyIn1 ?? [] },
    snappish2: { snapshot_id: id2, artifacts: groups.onlyIn2 ?? [] },
    changed: { artifacts: groups.scaled ?? [] },
    'not-changed': { artifacts: groups.unchanged ?? [] },
  });
}
/** A drift check's diff: prod~1 (prod#1) by prod (prod#2), unless the expressions are said. */
const resultOf = (groups: Parameters<typeof diffOf>[0], one = 'prod~1', two = 'prod') =>
  diffOf(groups, [one, two, 'prod#1', 'prod#2']);
/** Service `n` of a drift check, built from a commit of acme/shop. */
const artifact = (n: number, more: Partial<DiffArtifact> = {}) =>
  entry(`registry.example.test/service-${n}:1.0`, n, {
    commit_url: `https://github.com/acme/shop/commit/${'c'.repeat(40)}`,
    pods: [`service-${n}-pod`],
    ...more,
  });
const range = (from: number, to: number, more: Partial<DiffArtifact> = {}) =>
  Array.from({ length: to - from }, (_, k) => artifact(from + k, more));

/** The check of an arriving artifact, or of ghcr.io/acme/svc-<n>:2.0 in flow backend. */
const check = (
  of: DiffArtifact | number,
  state: ArrivalCheck['state'],
  more: Partial<ArrivalCheck> = {},
): ArrivalCheck => ({
  ...(typeof of === 'number'
    ? { name: `ghcr.io/acme/svc-${of}:2.0`, fingerprint: fp(of), flow: 'backend' }
    : { name: of.name ?? null, fingerprint: of.fingerprint, flow: of.flow ?? null }),
  state,
  compliant: state === 'COMPLIANT',
  ...more,
});

const ALL: PromotionFilter = { only: [], exclude: [], state: 'compliant' };
/** A review without a gate; GATE with fail-on-non-compliant. */
const INPUTS = {
  showUnchanged: false,
  failOnDiff: false,
  compliance: true,
  failOn: { grades: [], input: undefined } as FailOn,
  failOnRollout: false,
  promotions: ALL,
};
const GATE = { ...INPUTS, failOn: { grades: [...GRADES], input: 'fail-on-non-compliant' } };
const DRIFT = { ...INPUTS, failOnDiff: true, compliance: false };
/** The summary's inputs: unchanged artifacts listed or not, no gate. */
const shown = (showUnchanged: boolean) => ({ showUnchanged, failOn: INPUTS.failOn });
const read = (inputs: Record<string, string>) =>
  readInputs(
    readerOf({ ...CONNECTION, 'snapshot-1': 'production', 'snapshot-2': 'staging', ...inputs }),
    '/',
  );

function first<T>(items: T[]): T {
  expect(items.length).toBeGreaterThan(0);
  return items[0] as T;
}

describe('diff-envs inputs', () => {
  it('reads both snapshots in canonical form, and the comment settings under prComment', async () => {
    const inputs = await read({ 'snapshot-1': ' prod@{2.day.ago} ', 'fail-on-diff': 'true' });
    expect(inputs).toMatchObject({ showUnchanged: false, failOnDiff: true });
    expect(action.describe?.(inputs)).toEqual({
      snapshot1: { expression: 'prod@{2.days.ago}' },
      snapshot2: { expression: 'staging' },
    });
    expect(inputs.prComment).toMatchObject({ commentOnPr: false, githubToken: undefined });
    expect(action.couldNot(inputs)).toBe('Could not compare prod@{2.days.ago} with staging');
    expect(action.couldNot(undefined)).toBe('Could not compare the environments');
  });

  const required = 'is required. Expected <env>, <env>#<N> (N from 1)';
  const lookups = 'the gate needs the compliance lookups. Expected compliance: true (the default) with';
  it.each([
    [{ 'snapshot-1': '' }, `Invalid input 'snapshot-1': ${required}`],
    [{ 'snapshot-2': '  ' }, `Invalid input 'snapshot-2': ${required}`],
    [
      { 'snapshot-2': 'staging#0' },
      "Invalid input 'snapshot-2': 'staging#0': the snapshot number must be at least 1. Expected <env>, <env>#<N> (N from 1)",
    ],
    [{ 'show-unchanged': 'yes' }, "Invalid input 'show-unchanged': 'yes' is not a boolean"],
    [{ 'fail-on-diff': 'on' }, "Invalid input 'fail-on-diff': 'on' is not a boolean"],
    [
      { 'fail-on': 'missing', compliance: 'false' },
      `Invalid input 'fail-on': lists missing while compliance is false: ${lookups} fail-on, or fail-on: none.`,
    ],
    [
      { compliance: 'false', 'fail-on-non-compliant': 'true' },
      "Invalid input 'fail-on-non-compliant': is true while compliance is false: " +
        `${lookups} fail-on-non-compliant: true, or fail-on-non-compliant: false.`,
    ],
    [
      { exclude: '{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}' },
      /Invalid input 'exclude': line 1 .* expands to 1024 patterns/,
    ],
    // A name is never a folder: a line ending with / would match nothing.
    [
      { only: 'ghcr.io/acme/' },
      /Invalid input 'only': line 1 \('ghcr.io\/acme\/'\) ends with \/, which only a folder matches/,
    ],
    [
      { 'promotions-state': 'most' },
      /Invalid input 'promotions-state': 'most' is not a promotions state.*compliant .* or any/,
    ],
  ])('refuses %j, naming the input', async (inputs, message) => {
    await expect(read(inputs)).rejects.toThrow(InputError);
    await expect(read(inputs)).rejects.toThrow(message);
  });
});

describe('diff-envs outcome', () => {
  it('is different when an artifact is only in one snapshot: the counts as outputs, every artifact in the result', () => {
    const removed = range(4, 6);
    const step = toStep(
      resultOf({ onlyIn1: removed, onlyIn2: [artifact(1)], unchanged: range(2, 4) }),
      DRIFT,
    );
    expect(step.outcome).toBe('different');
    expect(step.outputs).toEqual({
      changed: true,
      'only-in-1': 2,
      'only-in-2': 1,
      replaced: 0,
      scaled: 0,
      unchanged: 2,
      // Without compliance nothing is COMPLIANT, so nothing may move; no name runs in two versions.
      promotions: { include: [] },
      rollouts: [],
      'snapshot-1-id': 'prod#1',
      'snapshot-2-id': 'prod#2',
      // fail-on-diff fails it: so would every grade listed.
      'would-fail': true,
    });
    expect(step.failure).toBe(
      'prod#1 and prod#2 differ (fail-on-diff): 0 replaced, 1 added, 2 removed, 0 scaled, 2 unchanged. ' +
        'See the job summary or result-file for the artifacts.',
    );
    // Both sides as asked and as resolved.
    expect(step.result).toMatchObject({
      snapshot1: { expression: 'prod~1', id: 'prod#1' },
      snapshot2: { expression: 'prod', id: 'prod#2' },
      changed: true,
      counts: { onlyIn1: 2, onlyIn2: 1, replaced: 0, added: 1, removed: 2, scaled: 0, unchanged: 2 },
      removed,
    });
  });

  it('counts scaling alone as drift, and fails on a difference only as a drift check', () => {
    const scaled = artifact(1, { s1_instance_count: 1, s2_instance_count: 2 });
    const step = toStep(resultOf({ scaled: [scaled] }), DRIFT);
    expect(step.outcome).toBe('different');
    expect(step.outputs.changed).toBe(true);
    expect(step.failure).toContain(
      'prod#1 and prod#2 differ (fail-on-diff): 0 replaced, 0 added, 0 removed, 1 scaled',
    );
    const review = toStep(resultOf({ onlyIn1: [artifact(1)] }), { ...DRIFT, failOnDiff: false });
    expect(review.outcome).toBe('different');
    expect(review.failure).toBeUndefined();
  });

  it('keeps one comment per pair of snapshots, built with the comment budget', () => {
    const result = resultOf({ onlyIn1: range(0, 800), onlyIn2: range(800, 1600) });
    const step = toStep(result, DRIFT);
    expect(step.comment?.key).toBe('diff-envs/prod~1..prod');
    const body = step.comment?.body() ?? '';
    // Room is left for the comment's marker and footer.
    expect(body.length).toBeLessThan(COMMENT_LIMIT - 1024);
    expect(body.length).toBeGreaterThan(60_000);
    expect(body).toContain('0 replaced, 800 added, 800 removed, 0 scaled, 0 unchanged');
    expect(body).toMatch(
      /This comment was cut to stay under GitHub's 65,536-character limit: \d+ more rows or blocks are not shown\. The full result is in the run's job summary and the `result-file` output\./,
    );
    // The job summary has room for all of it.
    const summary = step.summary?.toString() ?? '';
    expect(summary).not.toContain('was cut');
    expect(summary).toContain('service-1599:1.0');
  });
});

describe('diff-envs summary', () => {
  const sample = () =>
    resultOf({
      onlyIn1: [artifact(1)],
      onlyIn2: [artifact(2, { instance_count: 3 })],
      scaled: [artifact(3, { s1_instance_count: 1, s2_instance_count: 2, pods: ['web-1', 'web-2'] })],
      unchanged: [artifact(4, { name: 'docker.io/library/redis:7.4', flow: null, commit_url: null })],
    });

  it('gives the counts first, then one table per group, counting the unchanged ones', () => {
    const s = summarize(sample(), shown(false)).toString();
    // A drift within one environment, its compliance not read: the heading says what changed.
    expect(s).toContain('### Environment diff: prod#1 → prod#2: 1 added, 1 removed, 1 scaled\n');
    expect(s).toContain(
      'prod\\~1 is prod#1, prod is prod#2. 0 replaced, 1 added, 1 removed, 1 scaled, 1 unchanged.',
    );
    expect(s).toContain('#### Removed: only in prod#1 (1)');
    expect(s).toContain('| Name | Fingerprint | Flow | Commit | Instances | Pods |');
    expect(s).toContain(
      `| registry.example.test/service-2:1.0 | <code>${'0'.repeat(11)}2</code> | backend | [ccccccc](https://github.com/acme/shop/commit/${'c'.repeat(40)}) | 3 | <details><summary>1 pod</summary>service-2-pod</details> |`,
    );
    expect(s).toContain('#### Scaled prod#1 → prod#2 (1)');
    expect(s).toContain('| Name | Fingerprint | Flow | Commit | Scaling | Pods |');
    expect(s).toContain('| 1 → 2 | <details><summary>2 pods</summary>web-1<br>web-2</details> |');
    expect(s).not.toContain('#### Unchanged');
    expect(s).toContain('1 unchanged artifact not listed: set show-unchanged to true to list them.');
    expect(s).not.toContain('could not be paired');
  });

  it('lists the unchanged artifacts with show-unchanged', () => {
    const s = summarize(sample(), shown(true)).toString();
    expect(s).toContain('#### Unchanged (1)');
    expect(s).toMatch(
      /\| docker.io\/library\/redis:7.4 \| <code>\w{12}<\/code> \| {2}\| {2}\| 1 \| <details>/,
    );
    expect(s).not.toContain('not listed');
  });

  it('says there is no difference, without repeating expressions that are already ids', () => {
    const s = summarize(resultOf({ unchanged: range(0, 3) }, 'prod#1', 'prod#2'), shown(false)).toString();
    expect(s).toContain(
      '### Environment diff: prod#1 → prod#2: no differences\n\n' +
        'Both snapshots run the same 3 artifacts with the same instance counts.',
    );
    expect(s).not.toContain(' is prod#1');
    expect(s).not.toContain('not listed');
  });

  it('folds at most 20 pods per artifact', () => {
    const pods = Array.from({ length: 45 }, (_, i) => `sidecar-${i}`);
    const s = summarize(resultOf({ onlyIn2: [artifact(1, { pods })] }), shown(false)).toString();
    expect(s).toContain(
      `<details><summary>45 pods</summary>${pods.slice(0, 20).join('<br>')}<br>... and 25 more</details>`,
    );
  });

  it('shows a missing name and count as ?, and a missing flow, commit or pod list as an empty cell', () => {
    const bare = artifact(1, { instance_count: null, pods: null, flow: null, commit_url: null });
    // A name the service sent null: display-only, the honest schema types it string | null.
    const s = summarize(resultOf({ onlyIn1: [{ ...bare, name: null }] }), shown(false)).toString();
    expect(s).toContain(`| ? | <code>${'0'.repeat(11)}1</code> |  |  |  |  |`);
    expect(s).toContain(
      '1 artifact without a name in the answer could not be paired as replacements: they are counted as added or removed.',
    );
  });

  it('keeps a 5,000-artifact summary under 1 MiB with a note, the counts first and markup escaped', () => {
    const evil = artifact(9999, { name: '<img src=x onerror=alert(1)>|evil' });
    const result = resultOf({
      onlyIn1: range(0, 1000),
      onlyIn2: [evil, ...range(5000, 6000)],
      scaled: range(1000, 2000, { s1_instance_count: 1, s2_instance_count: 2 }),
      unchanged: range(2000, 5000),
    });
    const s = summarize(result, shown(true)).toString();
    const bytes = Buffer.byteLength(s);
    expect(bytes).toBeLessThan(1024 * 1024);
    expect(bytes).toBeGreaterThan(SUMMARY_LIMIT - 24 * 1024);
    expect(s).toMatch(
      /This summary was cut to stay under GitHub's 1 MiB limit: \d+ more rows or blocks are not shown\. The full result is in the `result-file` output\./,
    );
    expect(s).toContain('0 replaced, 1001 added, 1000 removed, 1000 scaled, 3000 unchanged.');
    expect(s).not.toContain('<img');
    expect(s).toContain('&lt;img src=x onerror=alert(1)&gt;\\|evil');
  });
});

describe('diff-envs log', () => {
  it('lists the first 50 artifacts of a group and counts the rest', () => {
    const { out } = printedBy(() =>
      logDiff(
        resultOf({
          onlyIn1: range(0, 120),
          scaled: [artifact(500, { s1_instance_count: 2, s2_instance_count: 1 })],
        }),
      ),
    );
    expect(out).toContain('prod~1 is prod#1; prod is prod#2.');
    expect(out).toContain('::group::Only present in prod#1 (120)');
    expect(out).toContain(`registry.example.test/service-49:1.0  ${'0'.repeat(10)}49  1 instance`);
    expect(out).not.toContain('service-50:1.0');
    expect(out).toContain('... and 70 more (see result-file)');
    expect(out).toContain('::group::prod#1 -> prod#2 scaling (1)');
    expect(out).toContain('2 → 1');
    expect(out).not.toContain('Only present in prod#2');
  });
});

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

  it.each([
    [
      'between two versions on one side, nor an artifact without a name',
      [entry('ghcr.io/acme/backend:1.4.0', 1), entry(null, 5)],
      [entry('ghcr.io/acme/backend:1.6.0', 2), entry('ghcr.io/acme/backend:1.7.0-rc1', 3), entry(null, 6)],
    ],
    // The service compares by fingerprint.
    ['one fingerprint with itself', [entry('acme/app:1', 1)], [entry('acme/app:1', 1)]],
  ])('does not pair %s', (_title, one, two) => {
    const paired = pairReplacements(one, two);
    expect(paired).toEqual({ replaced: [], removed: one, added: two });
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

  it('counts and keeps the pairs in the result; the service counts stay as outputs', () => {
    const result = diffOf({
      onlyIn1: [entry('ghcr.io/acme/backend:1.4.0', 1)],
      onlyIn2: [entry('ghcr.io/acme/backend:1.6.0', 2)],
    });
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
    const step = toStep(result, { ...INPUTS, compliance: false });
    expect(step.outputs).toMatchObject({ 'only-in-1': 1, 'only-in-2': 1, replaced: 1 });
    expect(step.outputs['non-compliant']).toBeUndefined();
    // Unread, the compliance is no verdict: the heading says what changed.
    expect(step.summary?.toString()).toContain(
      '### Environment diff: production#2 → staging#4: 1 replaced\n\n' +
        'production is production#2, staging is staging#4. 1 replaced, 0 added, 0 removed, 0 scaled, 0 unchanged.\n\n' +
        'staging#4 brings 1 artifact (the replaced and the added); their compliance was not checked (compliance is false).',
    );
  });
});

describe('judging an arriving artifact, as get-artifact judges one, and its grade', () => {
  const page = 'https://app.example.test/acme/flows/backend/artifacts/x';
  const evidence = (status: string, isCompliant: boolean | null) => ({
    evidence: { scan: { status, is_compliant: isCompliant } },
  });
  it.each<[string | null, object, ArrivalState, Grade | undefined]>([
    ['COMPLIANT', evidence('COMPLETE', true), 'COMPLIANT', undefined],
    ['NON-COMPLIANT', evidence('COMPLETE', false), 'NON-COMPLIANT', 'non-compliant'],
    ['INCOMPLETE', evidence('MISSING', null), 'INCOMPLETE', 'incomplete'],
    [null, {}, 'NO-STATE', 'unknown'],
    // COMPLIANT by its state, a missing attestation in its evidence: fails closed.
    ['COMPLIANT', evidence('MISSING', null), 'EVIDENCE-NOT-COMPLIANT', 'non-compliant'],
    // A state spelled otherwise is read by is_compliant, which may also contradict it: its note says so.
    ['compliant', { is_compliant: true }, 'COMPLIANT', undefined],
    ['Non-Compliant', { is_compliant: false }, 'NON-COMPLIANT', 'non-compliant'],
    ['COMPLIANT', { is_compliant: false }, 'NON-COMPLIANT', 'non-compliant'],
    ['INCOMPLETE', { is_compliant: true }, 'NON-COMPLIANT', 'non-compliant'],
  ])('%j with %j: %s', (state, more, judged, grade) => {
    const answer = artifactAnswer(fp(1), 'backend', state as string, { html_url: page, ...more });
    const checked = judge(entry('svc', 1), { artifact: Artifact.parse(answer) });
    expect(checked).toMatchObject({ state: judged, compliant: judged === 'COMPLIANT', htmlUrl: page });
    expect(arrivalGrade(checked.state)).toBe(grade);
    if ('is_compliant' in more) {
      expect(checked.stateNote).toContain(`is_compliant ${String(more.is_compliant)}`);
      expect(describeCheck(checked)).toContain(`${judged} (given as `);
    }
  });

  it('grades the states only the review gives as get-artifact grades a missing or unknown artifact', () => {
    const states: ArrivalState[] = ['NOT-FOUND', 'FLOW-UNKNOWN', 'NOT-CHECKED'];
    expect(states.map(arrivalGrade)).toEqual(['missing', 'unknown', 'unknown']);
  });
});

describe('the promotion gate', () => {
  /** svc-1 replaced, and svc-2 new, of flow `flow`. */
  const arriving = (flow: string | null = 'backend') =>
    diffOf({
      onlyIn1: [entry('ghcr.io/acme/svc-1:1.0', 9)],
      onlyIn2: [entry('ghcr.io/acme/svc-1:2.0', 1), entry('ghcr.io/acme/svc-2:2.0', 2, { flow })],
    });

  const notChecked = (n: number) => ({
    name: `ghcr.io/acme/svc-${n}:2.0`,
    fingerprint: fp(n),
    state: 'NOT-CHECKED',
  });
  const LEFT_OUT = { error: { kind: 'left-out', message: 'over 200 lookups in one step' } };
  it.each([
    [
      'passes when every arriving artifact is COMPLIANT: non-compliant is []',
      [check(1, 'COMPLIANT'), check(2, 'COMPLIANT')],
      GATE,
      { outcome: 'different', outputs: { 'non-compliant': [] }, failure: undefined, annotations: undefined },
      '### ✅ Promoting staging#4 to production#2: all 2 arriving artifacts are compliant\n',
    ],
    [
      'a diff without its review, with compliance asked for, fails closed',
      undefined,
      GATE,
      { outcome: 'error', outputs: { 'non-compliant': [notChecked(1), notChecked(2)] } },
      'The promotion gate fails this step.',
    ],
    [
      'an arriving artifact without a check is not checked, in the outputs and the summary',
      [check(1, 'COMPLIANT')],
      GATE,
      { outcome: 'error', outputs: { 'non-compliant': [notChecked(2)] } },
      '| ❔ could not check — not looked up |',
    ],
    [
      'says how many lookups were left out over the cap',
      [check(1, 'COMPLIANT'), check(2, 'NOT-CHECKED', LEFT_OUT)],
      INPUTS,
      { outcome: 'different' },
      '1 arriving artifact not checked: at most 200 lookups in one step.',
    ],
  ])('%s', (_title, checks, inputs, expected, summary) => {
    const leftOut = checks?.filter((c) => c.error?.kind === 'left-out').length ?? 0;
    const step = toStep({ ...arriving(), ...(checks && { compliance: { checks, leftOut } }) }, inputs);
    // Picked, so that a key expected undefined must be undefined.
    const picked = Object.fromEntries(Object.keys(expected).map((k) => [k, step[k as keyof typeof step]]));
    expect(picked).toMatchObject(expected);
    expect(step.summary?.toString()).toContain(summary);
  });

  it('fails after everything is written, naming each artifact in an annotation', () => {
    const checks = [
      check(1, 'NON-COMPLIANT', {
        problems: [{ name: 'snyk-scan', problem: 'non-compliant' }],
        htmlUrl: 'https://app.example.test/a/1',
      }),
      check(2, 'FLOW-UNKNOWN', { flow: null }),
    ];
    const step = toStep({ ...arriving(null), compliance: { checks, leftOut: 0 } }, GATE);
    expect(step.outcome).toBe('different');
    expect(step.outputs['non-compliant']).toEqual([
      { name: 'ghcr.io/acme/svc-1:2.0', fingerprint: fp(1), state: 'NON-COMPLIANT' },
      { name: 'ghcr.io/acme/svc-2:2.0', fingerprint: fp(2), state: 'FLOW-UNKNOWN' },
    ]);
    expect(step.failure).toBe(
      '2 of 2 arriving artifacts not COMPLIANT (fail-on-non-compliant): ghcr.io/acme/svc-1:2.0 (NON-COMPLIANT), ' +
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
    expect(s).toMatch(
      /^### ❌ Promoting staging#4 to production#2: 1 of 2 arriving artifacts is not compliant; 1 more not known to be$/m,
    );
    // Each arriving artifact once: its state, marked as its state is everywhere, and why it does not move.
    expect(s).toContain('#### Replaced production#2 → staging#4 (1)');
    expect(s).toContain(
      '| Name | Version | Compliance | Promotion | Fingerprint | Flow | Commit | Instances | Pods |',
    );
    expect(s).toContain(
      `| ghcr.io/acme/svc-1 | 1.0 → 2.0 | [❌ NON-COMPLIANT](https://app.example.test/a/1) — non-compliant: snyk-scan | left out: not COMPLIANT | <code>${fp(1).slice(0, 12)}</code> | backend |`,
    );
    expect(s).toContain('#### Added: only in staging#4 (1)');
    expect(s).toContain(
      `| ❔ flow unknown | left out: not COMPLIANT | <code>${fp(2).slice(0, 12)}</code> |  |`,
    );
    expect(s.match(/ghcr\.io\/acme\/svc-1 /g)).toHaveLength(1);
    expect(s).toContain('Promotions: 0 may move; left out: 2 not COMPLIANT.');
  });

  it('says the same snapshot only when nothing differs: an answer that still lists differences is shown as it came', () => {
    const odd = diffOf({ onlyIn2: [entry('acme/x:1', 3)] }, ['prod', 'prod#2', 'prod#2', 'prod#2']);
    const s = toStep(odd, GATE).summary?.toString() ?? '';
    expect(s).not.toContain('the same snapshot');
    expect(s).toContain('#### Added: only in prod#2 (1)');
    expect(s).toContain('The promotion gate fails this step.');
  });

  it('ends an annotation in one period whatever the service text ends in', () => {
    const step = toStep(
      {
        ...diffOf({ onlyIn2: [entry('acme/x:1', 1)] }),
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

/** Five services arrive: one of each state that has a grade, plus one NOT-CHECKED. */
const STATES: ArrivalState[] = [
  'NON-COMPLIANT',
  'INCOMPLETE',
  'NOT-FOUND',
  'NO-STATE',
  'NOT-CHECKED',
  'COMPLIANT',
];
const name = (n: number) => `ghcr.io/acme/svc-${n}:2.0`;
const sixArrive = {
  ...diffOf({ onlyIn2: STATES.map((_, n) => entry(name(n), n)) }),
  compliance: {
    checks: STATES.map((state, n) =>
      check(
        n,
        state,
        state === 'NOT-CHECKED' ? { error: { kind: 'timeout', message: 'no answer in 30 s' } } : {},
      ),
    ),
    leftOut: 0,
  },
};
const underFailOn = (failOn: FailOn) => toStep(sixArrive, { ...INPUTS, failOn });
const annotated = (s: ReturnType<typeof underFailOn>) =>
  (s.annotations ?? []).map((a) => `${a.level} ${a.message.split(' ')[0] ?? ''}`);

describe('the promotion gate under fail-on', () => {
  const fails = (failOn: string, findings: string) =>
    `2 of 6 arriving artifacts fail (fail-on: ${failOn}): ${findings}`;
  const levels = (level: string, ...n: number[]) => n.map((i) => `${level} ${name(i)}`);
  // Under any gate, an arriving artifact that could not be checked (NOT-CHECKED) fails, and the gate could not check.
  it.each<[string, FailOn, unknown, string[], string[]]>([
    [
      'fail-on-non-compliant true (every grade): every one fails',
      { grades: [...GRADES], input: 'fail-on-non-compliant' },
      expect.stringMatching(/^5 of 6 arriving artifacts not COMPLIANT \(fail-on-non-compliant\): /),
      levels('error', 0, 1, 2, 3, 4),
      ['The promotion gate fails this step.'],
    ],
    [
      'fail-on incomplete: the INCOMPLETE one fails, the others warn; the NOT-CHECKED fails, never judged',
      { grades: ['incomplete'], input: 'fail-on' },
      fails('incomplete', `${name(1)} (INCOMPLETE), ${name(4)} (NOT-CHECKED)`) +
        '. See the job summary or the non-compliant output.',
      [...levels('error', 1, 4), ...levels('warning', 0, 2, 3)],
      [
        '2 artifacts fail this step (1 incomplete, 1 without a verdict); it is set to warn, not fail, on 3 more ' +
          '(1 non-compliant, 1 missing, 1 without a verdict).',
      ],
    ],
    [
      'fail-on unknown: the NOT-CHECKED one makes outcome error',
      { grades: ['unknown'], input: 'fail-on' },
      expect.stringContaining(fails('unknown', '')),
      [...levels('error', 3, 4), ...levels('warning', 0, 1, 2)],
      [
        '2 artifacts fail this step (without a verdict); it is set to warn, not fail, on 3 more ' +
          '(1 non-compliant, 1 missing, 1 incomplete).',
      ],
    ],
    [
      'fail-on missing: the NOT-FOUND one fails, and the NOT-CHECKED one',
      { grades: ['missing'], input: 'fail-on' },
      expect.stringContaining(fails('missing', `${name(2)} (NOT-FOUND), ${name(4)} (NOT-CHECKED)`)),
      [...levels('error', 2, 4), ...levels('warning', 0, 1, 3)],
      [
        '2 artifacts fail this step (1 missing, 1 without a verdict); it is set to warn, not fail, on 3 more ' +
          '(1 non-compliant, 1 incomplete, 1 without a verdict).',
      ],
    ],
    [
      'fail-on none: nothing fails, everything warns, and the summary says the step is set to warn',
      { grades: [], input: 'fail-on' },
      undefined,
      levels('warning', 0, 1, 2, 3, 4),
      [
        'This step is set to warn, not fail, on 5 artifacts (1 non-compliant, 1 missing, 1 incomplete, ' +
          '2 without a verdict).',
      ],
    ],
    [
      'no gate (the default): only the NOT-CHECKED warns',
      { grades: [], input: undefined },
      undefined,
      levels('warning', 4),
      [],
    ],
  ])('%s; would-fail true', (_title, failOn, failure, annotations, summary) => {
    const s = underFailOn(failOn);
    expect(s.outcome).toBe(failure === undefined ? 'different' : 'error');
    expect(s.failure).toEqual(failure);
    expect(annotated(s)).toEqual(annotations);
    // The list output is what was found, whatever fail-on says.
    expect(s.outputs['non-compliant']).toHaveLength(5);
    expect(s.outputs['would-fail']).toBe(true);
    const text = s.summary?.toString() ?? '';
    for (const line of summary) expect(text).toContain(line);
    if (summary.length === 0) expect(text).not.toContain('promotion gate');
  });

  it('a NOT-CHECKED arrival fails in its place among the others, as every finding never judged does', () => {
    const [notChecked, incomplete] = [check(0, 'NOT-CHECKED'), check(1, 'INCOMPLETE')];
    const sorted = sortArrivals([notChecked, incomplete], { grades: ['incomplete'] });
    expect(sorted).toEqual({ fail: [notChecked, incomplete], warn: [], wouldFail: true });
  });

  it('one finding fails when its grade is listed, and only warns when it is not', () => {
    const incomplete = {
      ...diffOf({ onlyIn2: [entry(name(1), 1)] }),
      compliance: { checks: [check(1, 'INCOMPLETE')], leftOut: 0 },
    };
    const graded = (...grades: Grade[]) =>
      toStep(incomplete, { ...GATE, failOn: { grades, input: 'fail-on' } });
    const failing = graded('incomplete');
    expect(failing.failure).toBe(
      `1 of 1 arriving artifact fails (fail-on: incomplete): ${name(1)} (INCOMPLETE). ` +
        'See the job summary or the non-compliant output.',
    );
    expect(failing.summary?.toString()).toContain('1 artifact fails this step (incomplete).');
    expect(failing.summary?.toString()).not.toContain('set to warn');
    const s = graded('non-compliant', 'missing', 'unknown');
    expect(s.outcome).toBe('different');
    expect(s.failure).toBeUndefined();
    expect(s.annotations).toEqual([
      {
        level: 'warning',
        title: 'Arriving artifact not compliant',
        message: `${name(1)} (${fp(1).slice(0, 12)}) in flow backend: INCOMPLETE.`,
      },
    ]);
    const summary = s.summary?.toString() ?? '';
    expect(summary).toContain('This step is set to warn, not fail, on 1 artifact (incomplete).');
    expect(summary).not.toMatch(/fails? this step/);
  });

  it('would-fail false when every arriving artifact is COMPLIANT and no other gate trips', () => {
    const compliant = {
      ...sixArrive,
      compliance: {
        checks: sixArrive.compliance.checks.map((c) => ({
          ...c,
          state: 'COMPLIANT' as const,
          compliant: true,
        })),
        leftOut: 0,
      },
    };
    const s = toStep(compliant, GATE);
    expect(s.failure).toBeUndefined();
    expect(s.outputs['would-fail']).toBe(false);
    // fail-on-diff is a gate of its own: with it, the same diff would fail.
    expect(toStep(compliant, { ...INPUTS, failOnDiff: true }).outputs['would-fail']).toBe(true);
  });
});

describe('inputs: fail-on, fail-on-non-compliant and compliance', () => {
  const rows: [string, Record<string, string>, Grade[], string | undefined][] = [
    ['neither: no gate', {}, [], undefined],
    [
      'fail-on-non-compliant true: every grade',
      { 'fail-on-non-compliant': 'true' },
      [...GRADES],
      'fail-on-non-compliant',
    ],
    ['fail-on incomplete', { 'fail-on': 'incomplete' }, ['incomplete'], 'fail-on'],
    ['fail-on none with compliance false', { 'fail-on': 'none', compliance: 'false' }, [], 'fail-on'],
  ];
  it.each(rows)('%s', async (_title, inputs, grades, input) => {
    const read_ = await read(inputs);
    expect(read_.failOn).toEqual({ grades, input });
    // Compliance is checked by default, gated on only when asked.
    expect(read_.compliance).toBe(inputs.compliance !== 'false');
  });

  it('reads promotions-state in any case', async () => {
    expect((await read({ 'promotions-state': ' ANY ' })).promotions.state).toBe('any');
  });
});

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
  it('filters by only and exclude, names or globs, a line without / matching the last part of a name', async () => {
    const filter = async (only: string, exclude = '') => (await read({ only, exclude })).promotions;
    const names = (only: PromotionFilter) =>
      promotionsOf(threeServices(), { ...only, state: 'any' }).include.map((p) => p.name);
    expect(names(await filter('backend\nweb'))).toEqual(['ghcr.io/acme/backend', 'ghcr.io/acme/web']);
    expect(names(await filter('ghcr.io/acme/*', 'w*'))).toEqual(['ghcr.io/acme/backend']);
    expect(names(await filter('', 'ghcr.io/**'))).toEqual([]);
    expect(names(await filter('back'))).toEqual([]);
    expect(names(await filter('ghcr.io/acme/{web,work[e]r}'))).toEqual([
      'ghcr.io/acme/worker',
      'ghcr.io/acme/web',
    ]);
    expect(names(await filter('[!bw]*'))).toEqual([]);
    expect(names(await filter('?eb'))).toEqual(['ghcr.io/acme/web']);
    const filtered = promotionsOf(threeServices(), await filter('web')).leftOut.filter(
      (l) => l.why === 'filtered',
    );
    expect(filtered.map((l) => l.name)).toEqual(['ghcr.io/acme/backend', 'ghcr.io/acme/worker']);
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
    expect(step.summary?.toString()).toContain('Promotions: 0 may move; left out: 1 not COMPLIANT.');
    expect(step.summary?.toString()).toContain('| left out: not COMPLIANT |');
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
    const s = toStep(unconfirmed, INPUTS).summary?.toString() ?? '';
    expect(s).toContain('Promotions: 0 may move; left out: 3 from a diff not confirmed.');
    expect(s.match(/\| left out: from a diff not confirmed \|/g)).toHaveLength(3);
  });
});

describe('the summary of a review: its verdict as the heading, each arriving artifact in one row', () => {
  const summaryOf = (result: DiffEnvsResult, inputs: Partial<typeof INPUTS> = {}) =>
    toStep(result, { ...INPUTS, ...inputs }).summary?.toString() ?? '';
  const headingOf = (summary: string) => summary.split('\n').find((line) => line.startsWith('### '));
  const { compliance: _read, ...unread } = threeServices();
  const reviewedAs = (states: ArrivalCheck['state'][]) => ({
    ...threeServices(),
    compliance: {
      checks: arrivingOf(threeServices()).map((a, n) => check(a, states[n] ?? 'COMPLIANT')),
      leftOut: 0,
    },
  });

  it.each<[string, DiffEnvsResult, string, Partial<typeof INPUTS>?]>([
    [
      'a promotion: how many arriving are not compliant',
      threeServices(),
      '### ❌ Promoting staging#4 to production#2: 1 of 3 arriving artifacts is not compliant',
    ],
    [
      'a promotion whose every arriving artifact is compliant',
      reviewedAs([]),
      '### ✅ Promoting staging#4 to production#2: all 3 arriving artifacts are compliant',
    ],
    [
      'one arriving, compliant',
      {
        ...diffOf({ onlyIn2: [entry('acme/x:1', 1)] }),
        compliance: { checks: [check(1, 'COMPLIANT')], leftOut: 0 },
      },
      '### ✅ Promoting staging#4 to production#2: the arriving artifact is compliant',
    ],
    [
      'lookups that failed and nothing known to fail: not known, marked as a row that could not check',
      reviewedAs(['NOT-CHECKED']),
      '### ❔ Promoting staging#4 to production#2: 1 of 3 arriving artifacts is not known to be compliant',
    ],
    [
      'a known failure beside one that could not be checked',
      reviewedAs(['NOT-CHECKED', 'INCOMPLETE']),
      '### ❌ Promoting staging#4 to production#2: 1 of 3 arriving artifacts is not compliant; 1 more not known to be',
    ],
    [
      'a drift within one environment: what changed, then the compliance of what arrived',
      {
        ...resultOf({ onlyIn1: [artifact(1)], onlyIn2: [artifact(2)], scaled: [artifact(3)] }),
        compliance: { checks: [check(artifact(2), 'NON-COMPLIANT')], leftOut: 0 },
      },
      '### ❌ Environment diff: prod#1 → prod#2: 1 added, 1 removed, 1 scaled; 1 of 1 arriving artifact is not compliant',
    ],
    [
      'a drift the step fails on: every arrival compliant, yet no ✅ on a failing step',
      {
        ...resultOf({ onlyIn1: [artifact(1)], onlyIn2: [artifact(2)], scaled: [artifact(3)] }),
        compliance: { checks: [check(artifact(2), 'COMPLIANT')], leftOut: 0 },
      },
      '### ❌ Environment diff: prod#1 → prod#2: 1 added, 1 removed, 1 scaled; the arriving artifact is compliant',
      { failOnDiff: true },
    ],
    [
      'a diff not confirmed to be about the snapshots asked: compliant arrivals, not known to pass',
      { ...reviewedAs([]), snapshot2: { expression: 'staging', id: null, name: 'staging' } },
      '### ❔ Promoting staging to production#2: all 3 arriving artifacts are compliant',
    ],
    [
      'compliance not read: what changed, no verdict',
      unread,
      '### Environment diff: production#2 → staging#4: 2 replaced, 1 added',
      { compliance: false },
    ],
    [
      'nothing arriving: what changed, no verdict',
      diffOf({ onlyIn1: [entry('acme/x:1', 1)] }),
      '### Environment diff: production#2 → staging#4: 1 removed',
    ],
  ])('%s', (_title, result, heading, inputs = {}) => {
    expect(headingOf(summaryOf(result, inputs))).toBe(heading);
  });

  it('gives each arriving artifact one row: its versions linked to the compare page, its state, whether it may move', async () => {
    const s = summaryOf(threeServices());
    expect(s).not.toContain('#### Promotions');
    expect(s).toContain('Promotions: 2 may move; left out: 1 not COMPLIANT.');
    expect(s).toContain(
      `| ghcr.io/acme/backend | [1.4.0 → 1.6.0](https://github.com/acme/backend/compare/${sha(1)}...${sha(2)}) | ` +
        `✅ COMPLIANT | may move | <code>${fp(2).slice(0, 12)}</code> | backend | [0000002](${commit('backend', 2)}) | 1 → 1 |`,
    );
    // No commit page on either side: the versions as text.
    expect(s).toContain(
      `| ghcr.io/acme/worker | 2.0.0 → 2.1.0 | ❌ NON-COMPLIANT | left out: not COMPLIANT | <code>${fp(5).slice(0, 12)}</code> | backend |`,
    );
    expect(s).toContain(
      `| ghcr.io/acme/web:3.2.0 | ✅ COMPLIANT | may move | <code>${fp(3).slice(0, 12)}</code> | web |`,
    );
    for (const name of ['backend', 'worker', 'web']) {
      expect(s.match(new RegExp(`^\\| ghcr\\.io/acme/${name}[ :]`, 'gm'))).toHaveLength(1);
    }
    // What only or exclude leaves out says so in its row.
    const filtered = summaryOf(threeServices(), { promotions: (await read({ exclude: 'web' })).promotions });
    expect(filtered).toContain(`| left out: by only or exclude | <code>${fp(3).slice(0, 12)}</code> | web |`);
    expect(filtered).toContain('Promotions: 1 may move; left out: 1 not COMPLIANT, 1 by only or exclude.');
  });

  it('marks a state alike wherever it is shown, and never shows one bare', () => {
    // Every arriving artifact moves (promotions-state any), whatever its state.
    const s =
      toStep(sixArrive, { ...INPUTS, promotions: { ...ALL, state: 'any' } }).summary?.toString() ?? '';
    expect(s).toContain('Promotions: 6 may move.');
    const cells = [...s.matchAll(/^\| ghcr\.io\/acme\/svc-\d:2\.0 \| ([^|]+) \| may move \|/gm)].map(
      (m) => m[1],
    );
    expect(cells).toEqual([
      '❌ NON-COMPLIANT',
      '⚠️ INCOMPLETE',
      '❌ not found in flow backend',
      '❔ no compliance state',
      '❔ could not check — no answer in 30 s',
      '✅ COMPLIANT',
    ]);
    expect(s).not.toMatch(/\| (?:NON-COMPLIANT|INCOMPLETE|COMPLIANT|NOT-FOUND|NO-STATE|NOT-CHECKED) \|/);
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
    // Its row shows the worst of its flows.
    const result = reviewed(diffOf({ onlyIn1: [v14], onlyIn2: [inBackend, inWorker] }), [
      [inBackend, 'COMPLIANT'],
      [inWorker, 'NON-COMPLIANT'],
    ]);
    expect(toStep(result, INPUTS).summary?.toString()).toMatch(
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
    // Several names, each its own rollout, by name.
    const web = [entry('ghcr.io/acme/web:1', 1), entry('ghcr.io/acme/web:2', 2)];
    expect(rolloutsOf([], [...web, v16, v17], []).map((r) => r.name)).toEqual([
      'ghcr.io/acme/backend',
      'ghcr.io/acme/web',
    ]);
    // One version on each side is a replacement, not a rollout; an unnamed artifact is no name's version.
    expect(rolloutsOf([v14], [v16], [])).toEqual([]);
    expect(rolloutsOf([], [entry(null, 1), entry(null, 2)], [])).toEqual([]);
    expect(rolloutsOf([], [entry('@sha256:1', 1), entry('@sha256:2', 2)], [])).toEqual([]);
  });

  it('is not what runs steadily: two versions in both snapshots, or one image under two tags', () => {
    // Two deployments of one image at different tags, one of them replaced: the replacement pairs.
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
    const step = toStep(result, GATE);
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
    expect(summary).toContain('1 rollout in progress');
    const failed = toStep(result, { ...INPUTS, failOnRollout: true });
    expect(failed.failure).toBe(
      '1 rollout in progress (fail-on-rollout): ghcr.io/acme/backend (1.4.0, 1.6.0, 1.7.0 and 1.5.0). ' +
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
});
