/**
 * diff-envs' graded failure (issue 28), in-process: the grade of each arriving artifact's state, the promotion gate
 * under each fail-on (what fails, what warns, the outcome, would-fail, the summary), and the inputs (fail-on with its
 * shorthand fail-on-non-compliant, and compliance). Through the bundle: test/dist/diff-envs.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { arrivalGrade, judge, toResult } from '../../../src/actions/diff-envs/decide.js';
import { describeCheck } from '../../../src/actions/diff-envs/render.js';
import { readInputs } from '../../../src/actions/diff-envs/inputs.js';
import { toStep } from '../../../src/actions/diff-envs/run.js';
import type { ArrivalCheck, ArrivalState } from '../../../src/actions/diff-envs/types.js';
import { Artifact, DiffArtifact } from '../../../src/api/schemas/index.js';
import { GRADES, type FailOn, type Grade } from '../../../src/compliance/grades.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';

const fp = (n: number) => `${String(n).padStart(12, '0')}${'e'.repeat(52)}`;
const entry = (name: string, n: number): DiffArtifact =>
  DiffArtifact.parse({ fingerprint: fp(n), name, flow: 'backend', instance_count: 1, pods: [`pod-${n}`] });

describe('the grade of an arriving artifact', () => {
  const rows: [ArrivalState, Grade | undefined][] = [
    ['COMPLIANT', undefined],
    ['NON-COMPLIANT', 'non-compliant'],
    ['EVIDENCE-NOT-COMPLIANT', 'non-compliant'],
    ['INCOMPLETE', 'incomplete'],
    ['NOT-FOUND', 'missing'],
    ['FLOW-UNKNOWN', 'unknown'],
    ['NOT-CHECKED', 'unknown'],
    ['NO-STATE', 'unknown'],
  ];
  it.each(rows)('%s: %s', (state, grade) => {
    expect(arrivalGrade(state)).toBe(grade);
  });

  it.each([
    ['compliant', true, 'COMPLIANT', undefined],
    ['Non-Compliant', false, 'NON-COMPLIANT', 'non-compliant'],
    ['COMPLIANT', false, 'NON-COMPLIANT', 'non-compliant'],
    ['INCOMPLETE', true, 'NON-COMPLIANT', 'non-compliant'],
  ] as const)('a state given as %j with is_compliant %s: %s', (state, isCompliant, read, grade) => {
    const answer = Artifact.parse({
      id: 'a1',
      fingerprint: fp(1),
      filename: 'svc',
      created_at: 1,
      last_modified_at: 1,
      evidence: {},
      flow_name: 'backend',
      commit_lead_times: {},
      build_lead_times: {},
      state,
      is_compliant: isCompliant,
    });
    const checked = judge(entry('svc', 1), { artifact: answer });
    expect(checked).toMatchObject({ state: read, compliant: read === 'COMPLIANT' });
    expect(checked.stateNote).toContain(`is_compliant ${String(isCompliant)}`);
    expect(arrivalGrade(checked.state)).toBe(grade);
    expect(describeCheck(checked)).toContain(`${read} (given as `);
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
const result = {
  ...toResult('https://compliance.example.test/api/v2/env-diff/acme', 'production', 'staging', {
    snappish1: { snapshot_id: 'production#2', artifacts: [] },
    snappish2: { snapshot_id: 'staging#4', artifacts: STATES.map((_, n) => entry(name(n), n)) },
    changed: { snapshot_id: 'staging#4', artifacts: [] },
    'not-changed': { snapshot_id: 'staging#4', artifacts: [] },
  }),
  compliance: {
    checks: STATES.map((state, n): ArrivalCheck => ({
      name: name(n),
      fingerprint: fp(n),
      flow: 'backend',
      state,
      compliant: state === 'COMPLIANT',
      ...(state === 'NOT-CHECKED' && { error: { kind: 'timeout', message: 'no answer in 30 s' } }),
    })),
    leftOut: 0,
  },
};
const INPUTS = {
  showUnchanged: false,
  failOnDiff: false,
  compliance: true,
  failOnRollout: false,
  promotions: { only: [], exclude: [], state: 'compliant' as const },
};
const step = (failOn: FailOn) =>
  toStep(result, { ...INPUTS, failOnNonCompliant: failOn.grades.length > 0, failOn });
const annotated = (s: ReturnType<typeof step>) =>
  (s.annotations ?? []).map((a) => `${a.level} ${a.message.split(' ')[0] ?? ''}`);

describe('the promotion gate under fail-on', () => {
  it('fail-on-non-compliant true (every grade): every one fails; a NOT-CHECKED makes outcome error', () => {
    const s = step({ grades: [...GRADES], input: 'fail-on-non-compliant' });
    expect(s.outcome).toBe('error');
    expect(s.failure).toMatch(/^5 of 6 arriving artifact\(s\) not COMPLIANT \(fail-on-non-compliant\): /);
    expect(annotated(s).every((a) => a.startsWith('error'))).toBe(true);
    expect(s.outputs['would-fail']).toBe(true);
  });

  it('fail-on incomplete: the INCOMPLETE one fails, the others warn; the NOT-CHECKED fails, never judged', () => {
    const s = step({ grades: ['incomplete'], input: 'fail-on' });
    // Under any gate, an arriving artifact that could not be checked fails and the gate could not check.
    expect(s.outcome).toBe('error');
    expect(s.failure).toBe(
      '2 of 6 arriving artifact(s) fail (fail-on: incomplete): ghcr.io/acme/svc-1:2.0 (INCOMPLETE), ' +
        'ghcr.io/acme/svc-4:2.0 (NOT-CHECKED). See the job summary or the non-compliant output.',
    );
    expect(annotated(s)).toEqual([
      `error ${name(1)}`,
      `error ${name(4)}`,
      `warning ${name(0)}`,
      `warning ${name(2)}`,
      `warning ${name(3)}`,
    ]);
    // The list output is what was found, whatever fail-on says.
    expect(s.outputs['non-compliant']).toHaveLength(5);
    const summary = s.summary?.toString() ?? '';
    expect(summary).toContain('The promotion gate (fail-on: incomplete) fails the step.');
    expect(summary).toContain(
      'fail-on: incomplete: 2 finding(s) fail the step (1 incomplete, 1 unknown); 3 only warn (1 non-compliant, ' +
        '1 missing, 1 unknown). would-fail: true',
    );
  });

  it('fail-on unknown: the NOT-CHECKED one makes outcome error, as the gate always did', () => {
    const s = step({ grades: ['unknown'], input: 'fail-on' });
    expect(s.outcome).toBe('error');
    expect(s.failure).toContain('2 of 6 arriving artifact(s) fail (fail-on: unknown): ');
  });

  it('fail-on missing: the NOT-FOUND one fails, and the NOT-CHECKED one', () => {
    const s = step({ grades: ['missing'], input: 'fail-on' });
    expect(s.outcome).toBe('error');
    expect(s.failure).toContain(
      `2 of 6 arriving artifact(s) fail (fail-on: missing): ${name(2)} (NOT-FOUND), ${name(4)} (NOT-CHECKED)`,
    );
  });

  it('fail-on none: nothing fails, everything warns, the gate only warns; would-fail true', () => {
    const s = step({ grades: [], input: 'fail-on' });
    expect(s.outcome).toBe('different');
    expect(s.failure).toBeUndefined();
    expect(annotated(s)).toHaveLength(5);
    expect(annotated(s).every((a) => a.startsWith('warning'))).toBe(true);
    expect(s.outputs['would-fail']).toBe(true);
    expect(s.summary?.toString()).toContain('The promotion gate (fail-on: none) only warns.');
  });

  it('no gate (the default): as before, only the NOT-CHECKED warns; would-fail still true', () => {
    const s = step({ grades: [], input: undefined });
    expect(s.outcome).toBe('different');
    expect(s.failure).toBeUndefined();
    expect(annotated(s)).toEqual([`warning ${name(4)}`]);
    expect(s.outputs['would-fail']).toBe(true);
    expect(s.summary?.toString()).not.toContain('promotion gate');
  });

  it('would-fail false when every arriving artifact is COMPLIANT and no other gate trips', () => {
    const compliant = {
      ...result,
      compliance: {
        checks: result.compliance.checks.map((c) => ({ ...c, state: 'COMPLIANT' as const, compliant: true })),
        leftOut: 0,
      },
    };
    const s = toStep(compliant, { ...INPUTS, failOnNonCompliant: true });
    expect(s.failure).toBeUndefined();
    expect(s.outputs['would-fail']).toBe(false);
    // fail-on-diff is a gate of its own: with it, the same diff would fail.
    expect(
      toStep(compliant, { ...INPUTS, failOnNonCompliant: false, failOnDiff: true }).outputs['would-fail'],
    ).toBe(true);
  });
});

describe('inputs: fail-on, fail-on-non-compliant and compliance', () => {
  const read = (inputs: Record<string, string>) =>
    readInputs(
      readerOf({ ...CONNECTION, 'snapshot-1': 'production', 'snapshot-2': 'staging', ...inputs }),
      '/',
    );

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
    expect(read_.failOnNonCompliant).toBe(grades.length > 0);
  });

  it('refuses a grade without the lookups, a contradiction, and an unknown word', async () => {
    await expect(read({ 'fail-on': 'missing', compliance: 'false' })).rejects.toThrow(
      "Invalid input 'fail-on': lists missing while compliance is false: the gate needs the compliance lookups. " +
        'Expected compliance: true (the default) with fail-on, or fail-on: none.',
    );
    await expect(read({ 'fail-on': 'non-compliant', 'fail-on-non-compliant': 'true' })).rejects.toThrow(
      "Invalid input 'fail-on': says non-compliant while fail-on-non-compliant is true",
    );
    await expect(read({ 'fail-on': 'drift' })).rejects.toThrow(
      "Invalid input 'fail-on': 'drift' is not a grade.",
    );
  });
});
