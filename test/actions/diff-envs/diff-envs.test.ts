/**
 * diff-envs in-process: reading its inputs, the grouping and outcome of a diff, the drift check's failure, and what
 * the log, summary and comment show. The bundle run against the service is test/dist/diff-envs.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../../../src/errors/errors.js';
import { DiffArtifact, type EnvDiff } from '../../../src/api/schemas/index.js';
import { COMMENT_LIMIT } from '../../../src/github/comment.js';
import { SUMMARY_LIMIT } from '../../../src/summary/writer.js';
import { action } from '../../../src/actions/diff-envs/index.js';
import { logDiff, summarize } from '../../../src/actions/diff-envs/render.js';
import { toResult } from '../../../src/actions/diff-envs/decide.js';
import { readInputs, type DiffEnvsResult } from '../../../src/actions/diff-envs/inputs.js';
import { toStep } from '../../../src/actions/diff-envs/run.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';

const read = (inputs: Record<string, string>) =>
  readInputs(
    readerOf({ ...CONNECTION, ...{ 'snapshot-1': 'prod~1', 'snapshot-2': 'prod' }, ...inputs }),
    '/tmp',
  );

const artifact = (n: number, more: Partial<DiffArtifact> = {}): DiffArtifact =>
  DiffArtifact.parse({
    fingerprint: `${String(n).padStart(12, '0')}${'f'.repeat(52)}`,
    name: `registry.example.test/service-${n}:1.0`,
    flow: 'backend',
    commit_url: `https://github.com/acme/shop/commit/${'c'.repeat(40)}`,
    instance_count: 1,
    pods: [`service-${n}-pod`],
    ...more,
  });

const range = (from: number, to: number, more: Partial<DiffArtifact> = {}) =>
  Array.from({ length: to - from }, (_, k) => artifact(from + k, more));

/** A diff answer of prod#1 against prod#2 with these groups. */
function diffOf(groups: {
  onlyIn1?: DiffArtifact[];
  onlyIn2?: DiffArtifact[];
  scaled?: DiffArtifact[];
  unchanged?: DiffArtifact[];
}): EnvDiff {
  return {
    snappish1: { snapshot_id: 'prod#1', artifacts: groups.onlyIn1 ?? [] },
    snappish2: { snapshot_id: 'prod#2', artifacts: groups.onlyIn2 ?? [] },
    changed: { snapshot_id: 'prod#2', artifacts: groups.scaled ?? [] },
    'not-changed': { snapshot_id: 'prod#2', artifacts: groups.unchanged ?? [] },
  };
}

const resultOf = (groups: Parameters<typeof diffOf>[0], one = 'prod~1', two = 'prod'): DiffEnvsResult =>
  toResult('https://compliance.example.test/api/v2/env-diff/acme', one, two, diffOf(groups));

const PROMOTE = { only: [], exclude: [], state: 'compliant' as const };
const DRIFT = {
  showUnchanged: false,
  failOnDiff: true,
  compliance: false,
  failOnNonCompliant: false,
  failOnRollout: false,
  promotions: PROMOTE,
};
/** The summary's inputs: unchanged artifacts listed or not, no gate. */
const shown = (showUnchanged: boolean) => ({ showUnchanged, failOnNonCompliant: false });

describe('diff-envs inputs', () => {
  it('reads both snapshots in canonical form, and the comment settings under prComment', async () => {
    const inputs = await read({ 'snapshot-1': ' prod@{2.day.ago} ', 'fail-on-diff': 'true' });
    expect(inputs).toMatchObject({ showUnchanged: false, failOnDiff: true });
    expect(action.describe?.(inputs)).toEqual({
      snapshot1: { expression: 'prod@{2.days.ago}' },
      snapshot2: { expression: 'prod' },
    });
    expect(inputs.prComment).toMatchObject({ commentOnPr: false, githubToken: undefined });
    expect(action.couldNot(inputs)).toBe('Could not compare prod@{2.days.ago} with prod');
    expect(action.couldNot(undefined)).toBe('Could not compare the environments');
  });

  const required = 'is required. Expected <env>, <env>#<N> (N from 1)';
  const lookups = 'the gate needs the compliance lookups. Expected compliance: true (the default) with';
  it.each([
    [{ 'snapshot-1': '' }, `Invalid input 'snapshot-1': ${required}`],
    [{ 'snapshot-2': '  ' }, `Invalid input 'snapshot-2': ${required}`],
    [
      { 'snapshot-2': 'prod#0' },
      "Invalid input 'snapshot-2': 'prod#0': the snapshot number must be at least 1. Expected <env>, <env>#<N> (N from 1)",
    ],
    [{ 'show-unchanged': 'yes' }, "Invalid input 'show-unchanged': 'yes' is not a boolean"],
    [{ 'fail-on-diff': 'on' }, "Invalid input 'fail-on-diff': 'on' is not a boolean"],
    [
      { 'fail-on': 'missing', compliance: 'false' },
      `Invalid input 'fail-on': lists missing while compliance is false: ${lookups} fail-on, or fail-on: none.`,
    ],
    [
      { 'fail-on': 'non-compliant', 'fail-on-non-compliant': 'true' },
      "Invalid input 'fail-on': says non-compliant while fail-on-non-compliant is true",
    ],
    [
      { 'fail-on': 'non-compliant\ndrifted' },
      "Invalid input 'fail-on': 'drifted' is not a grade. Expected any of non-compliant, missing, incomplete, unknown (one per line or comma-separated), or none alone.",
    ],
    [
      { 'fail-on': 'none', 'fail-on-non-compliant': 'true' },
      "Invalid input 'fail-on': says none while fail-on-non-compliant is true",
    ],
    [
      { compliance: 'false', 'fail-on-non-compliant': 'true' },
      "Invalid input 'fail-on-non-compliant': is true while compliance is false: " +
        `${lookups} fail-on-non-compliant: true, or fail-on-non-compliant: false.`,
    ],
    [{ only: 'backend\n+(a|b)' }, /Invalid input 'only': line 2 \('\+\(a\|b\)'\) has an extended glob/],
    [{ exclude: 'web\n{a,b' }, /Invalid input 'exclude': line 2 \('\{a,b'\) the \{ at character 1 has no \}/],
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
  it('is different when an artifact is only in one snapshot, with the counts as outputs', () => {
    const step = toStep(resultOf({ onlyIn2: [artifact(1)], unchanged: [artifact(2), artifact(3)] }), DRIFT);
    expect(step.outcome).toBe('different');
    expect(step.outputs).toEqual({
      changed: true,
      'only-in-1': 0,
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
      'prod#1 and prod#2 differ (fail-on-diff): 0 replaced, 1 added, 0 removed, 0 scaled, 2 unchanged. ' +
        'See the job summary or result-file for the artifacts.',
    );
  });

  it('counts scaling alone as drift', () => {
    const scaled = artifact(1, { s1_instance_count: 1, s2_instance_count: 2 });
    const step = toStep(resultOf({ scaled: [scaled] }), DRIFT);
    expect(step.outcome).toBe('different');
    expect(step.outputs.changed).toBe(true);
    expect(step.failure).toContain(
      'prod#1 and prod#2 differ (fail-on-diff): 0 replaced, 0 added, 0 removed, 1 scaled',
    );
  });

  it('fails on a difference only as a drift check', () => {
    const step = toStep(resultOf({ onlyIn1: [artifact(1)] }), { ...DRIFT, failOnDiff: false });
    expect(step.outcome).toBe('different');
    expect(step.failure).toBeUndefined();
  });

  it('keeps every artifact of each group in the result, and both sides as asked and as resolved', () => {
    const step = toStep(resultOf({ onlyIn1: range(0, 3), unchanged: range(3, 5) }), DRIFT);
    expect(step.result).toMatchObject({
      snapshot1: { expression: 'prod~1', id: 'prod#1' },
      snapshot2: { expression: 'prod', id: 'prod#2' },
      changed: true,
      counts: { onlyIn1: 3, onlyIn2: 0, replaced: 0, added: 0, removed: 3, scaled: 0, unchanged: 2 },
    });
    expect((step.result.removed as DiffArtifact[]).map((a) => a.name)).toEqual(
      range(0, 3).map((a) => a.name),
    );
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
      /This comment was cut to stay under GitHub's 65,536-character limit: \d+ more row\(s\) or block\(s\) are not shown\. The full result is in the run's job summary and the `result-file` output\./,
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

  it('says how many arriving or leaving artifacts had no name to pair by, and says nothing when all had one', () => {
    const unnamed = resultOf({ onlyIn1: [artifact(1, { name: null })], onlyIn2: [artifact(2)] });
    expect(summarize(unnamed, shown(false)).toString()).toContain(
      '1 artifact(s) without a name in the answer could not be paired as replacements: they are counted as added or removed.',
    );
    expect(summarize(sample(), shown(false)).toString()).not.toContain('could not be paired');
  });

  it('gives the counts first, then one table per group, counting the unchanged ones', () => {
    const s = summarize(sample(), shown(false)).toString();
    expect(s).toContain('### Environment diff: prod#1 → prod#2');
    expect(s).toContain(
      'prod\\~1 is prod#1, prod is prod#2. 0 replaced, 1 added, 1 removed, 1 scaled, 1 unchanged.',
    );
    expect(s).toContain('#### Removed: only in prod#1 (1)');
    expect(s).toContain('| Name | Fingerprint | Flow | Commit | Instances | Pods |');
    expect(s).toContain(
      `| registry.example.test/service-2:1.0 | <code>${'0'.repeat(11)}2</code> | backend | [ccccccc](https://github.com/acme/shop/commit/${'c'.repeat(40)}) | 3 | <details><summary>1 pod(s)</summary>service-2-pod</details> |`,
    );
    expect(s).toContain('#### Scaled prod#1 → prod#2 (1)');
    expect(s).toContain('| Name | Fingerprint | Flow | Commit | Scaling | Pods |');
    expect(s).toContain('| 1 → 2 | <details><summary>2 pod(s)</summary>web-1<br>web-2</details> |');
    expect(s).not.toContain('#### Unchanged');
    expect(s).toContain('1 unchanged artifact(s) not listed: set show-unchanged to true to list them.');
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
      'No differences: both snapshots run the same 3 artifact(s) with the same instance counts.',
    );
    expect(s).not.toContain(' is prod#1');
    expect(s).not.toContain('not listed');
  });

  it('folds at most 20 pods per artifact', () => {
    const pods = Array.from({ length: 45 }, (_, i) => `sidecar-${i}`);
    const s = summarize(resultOf({ onlyIn2: [artifact(1, { pods })] }), shown(false)).toString();
    expect(s).toContain(
      `<details><summary>45 pod(s)</summary>${pods.slice(0, 20).join('<br>')}<br>... and 25 more</details>`,
    );
  });

  it('shows a missing name and count as ?, and a missing flow, commit or pod list as an empty cell', () => {
    const bare = artifact(1, { instance_count: null, pods: null, flow: null, commit_url: null });
    // A name the service sent null: display-only, the honest schema types it string | null.
    const s = summarize(resultOf({ onlyIn1: [{ ...bare, name: null }] }), shown(false)).toString();
    expect(s).toContain(`| ? | <code>${'0'.repeat(11)}1</code> |  |  |  |  |`);
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
      /This summary was cut to stay under GitHub's 1 MiB limit: \d+ more row\(s\) or block\(s\) are not shown\. The full result is in the `result-file` output\./,
    );
    expect(s).toContain('0 replaced, 1001 added, 1000 removed, 1000 scaled, 3000 unchanged.');
    expect(s).not.toContain('<img');
    expect(s).toContain('&lt;img src=x onerror=alert(1)&gt;\\|evil');
  });
});

describe('diff-envs log', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the first 50 artifacts of a group and counts the rest', () => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    });
    logDiff(
      resultOf({
        onlyIn1: range(0, 120),
        scaled: [artifact(500, { s1_instance_count: 2, s2_instance_count: 1 })],
      }),
    );
    vi.restoreAllMocks();
    expect(out).toContain('prod~1 is prod#1; prod is prod#2.');
    expect(out).toContain('::group::Only present in prod#1 (120)');
    expect(out).toContain(`registry.example.test/service-49:1.0  ${'0'.repeat(10)}49  1 instance(s)`);
    expect(out).not.toContain('service-50:1.0');
    expect(out).toContain('... and 70 more (see result-file)');
    expect(out).toContain('::group::prod#1 -> prod#2 scaling (1)');
    expect(out).toContain('2 → 1');
    expect(out).not.toContain('Only present in prod#2');
  });
});
