/**
 * The gate's decision, in-process: tables of attestations found and the verdict they must give. Each row would fail
 * on a decision that passes what it must not (or trips on what it must pass).
 */
import { describe, expect, it } from 'vitest';
import type { AttestationsByCommit, CommitAttestation } from '../../../src/api/schemas/index.js';
import { at } from '../../helpers/attestation.js';
import {
  decide,
  type CellState,
  type Decision,
} from '../../../src/actions/check-attestations-for-commit/decide.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const FP1 = '1'.repeat(64);
const FP2 = '2'.repeat(64);

/** Made in flow `backend`, trail `t1` (so a newer one there supersedes it), at `time`. */
const placed = (time: number | null, extra: Partial<CommitAttestation> = {}) => ({
  flow_name: 'backend',
  trail_name: 't1',
  created_at: time,
  ...extra,
});
/** Made at `time`, nowhere named (the live shape). */
const when = (time: number) => ({ created_at: time });
/** A scan at `time` in flow backend, trail t1 (or as `extra` says). */
const scan = (verdict: boolean | null, time: number | null, extra: Partial<CommitAttestation> = {}) =>
  at('scan', verdict, placed(time, extra));

/** The verdict of one commit: its row, and each cell's state. */
function verdictOf(decision: Decision, commit: string) {
  const row = decision.rows.find((r) => r.commit === commit);
  return {
    row: row?.state,
    cells: Object.fromEntries(Object.entries(row?.cells ?? {}).map(([name, cell]) => [name, cell.state])),
  };
}

describe('decide: one commit, names required', () => {
  /** Each: what was found; the cells as `name=state`, the required names in order; the row, if not the one cell's. */
  const cases: [string, CommitAttestation[], string, CellState?][] = [
    ['every name compliant', [at('unit', true)], 'unit=compliant'],
    ['a required name not found is missing', [at('unit', true)], 'unit=compliant sbom=missing', 'missing'],
    ['nothing found: every name missing', [], 'unit=missing sbom=missing', 'missing'],
    ['is_compliant false', [at('unit', false)], 'unit=non-compliant'],
    [
      'is_compliant null is unknown (it fails closed unless fail-on leaves unknown out)',
      [at('unit', null)],
      'unit=unknown',
    ],
    ['no is_compliant at all is unknown', [at('unit', undefined)], 'unit=unknown'],
    [
      'a false verdict beside one without a verdict: non-compliant',
      [at('unit', null), at('unit', false)],
      'unit=non-compliant',
    ],
    [
      'the worst cell decides the row: unknown over missing, non-compliant over unknown',
      [at('unit', null)],
      'unit=unknown sbom=missing scan=missing',
      'unknown',
    ],
    [
      'non-compliant over unknown',
      [at('unit', null), at('scan', false)],
      'unit=unknown scan=non-compliant',
      'non-compliant',
    ],
    [
      'the worst cell decides the row: non-compliant over missing',
      [at('unit', true), at('scan', false)],
      'unit=compliant sbom=missing scan=non-compliant',
      'non-compliant',
    ],
    [
      'supersession: a newer pass in the same flow and trail replaces an older failure',
      [scan(false, 100), scan(true, 200)],
      'scan=compliant',
    ],
    [
      'supersession: a newer failure replaces an older pass',
      [scan(true, 100), scan(false, 200)],
      'scan=non-compliant',
    ],
    [
      'supersession does not depend on the order of the answer',
      [scan(true, 200), scan(false, 100)],
      'scan=compliant',
    ],
    [
      'supersession: an older null verdict is replaced by a newer pass',
      [scan(null, 100), scan(true, 200)],
      'scan=compliant',
    ],
    [
      'no supersession across artifacts: a pass for another artifact leaves the failure',
      [scan(false, 100, { artifact_fingerprint: FP1 }), scan(true, 200, { artifact_fingerprint: FP2 })],
      'scan=non-compliant',
    ],
    [
      'no supersession across flows',
      [scan(false, 100), scan(true, 200, { flow_name: 'frontend' })],
      'scan=non-compliant',
    ],
    [
      'no supersession across trails',
      [scan(false, 100), scan(true, 200, { trail_name: 't2' })],
      'scan=non-compliant',
    ],
    [
      'live shape (no flow or trail named): a newer pass never hides an older failure',
      [at('scan', false, when(100)), at('scan', true, when(200))],
      'scan=non-compliant',
    ],
    [
      'no time: a pass does not replace a failure',
      [scan(false, null), scan(true, 200)],
      'scan=non-compliant',
    ],
    ['the same time: both count', [scan(false, 100), scan(true, 100)], 'scan=non-compliant'],
    [
      'narrowing: a name not required does not count, even non-compliant',
      [at('unit', true), at('scan', false)],
      'unit=compliant',
    ],
    [
      'duplicates: the same compliant attestation twice is compliant',
      [at('unit', true, placed(100)), at('unit', true, placed(100))],
      'unit=compliant',
    ],
    [
      'duplicates: one copy without a verdict makes the name unknown',
      [at('unit', true), at('unit', null)],
      'unit=unknown',
    ],
  ];

  it.each(cases)('%s', (_title, found, spec, given) => {
    const cells = Object.fromEntries(spec.split(' ').map((cell) => cell.split('='))) as Record<
      string,
      CellState
    >;
    const required = Object.keys(cells);
    const row = given ?? Object.values(cells)[0];
    const decision = decide([A], { [A]: found }, required);
    expect(verdictOf(decision, A)).toEqual({ row, cells });
    expect(decision.names).toEqual(required);
    expect(decision.compliant).toBe(row === 'compliant');
    const of = (state: CellState) =>
      Object.entries(cells)
        .filter(([, s]) => s === state)
        .map(([name]) => ({ commit: A, name }));
    expect(decision.missing).toEqual(of('missing'));
    expect(decision.nonCompliant).toEqual(of('non-compliant'));
    expect(decision.unknown).toEqual(of('unknown'));
    expect(decision.findings.map((f) => f.grade)).toEqual(
      Object.values(cells).filter((state) => state !== 'compliant'),
    );
  });
});

describe('decide: no names required (at least one attestation, all compliant)', () => {
  const cases: {
    title: string;
    found: AttestationsByCommit;
    names: string[];
    rows: Record<string, ReturnType<typeof verdictOf>>;
    missing: { commit: string; name: string | null }[];
    nonCompliant: { commit: string; name: string | null }[];
  }[] = [
    {
      title: 'a commit without any attestation is missing, with no name',
      found: { [A]: [at('unit', true)], [B]: [] },
      names: ['unit'],
      rows: { [A]: { row: 'compliant', cells: { unit: 'compliant' } }, [B]: { row: 'missing', cells: {} } },
      missing: [{ commit: B, name: null }],
      nonCompliant: [],
    },
    {
      title: 'a commit left out of the answer is missing too',
      found: { [A]: [at('unit', true)] },
      names: ['unit'],
      rows: { [A]: { row: 'compliant', cells: { unit: 'compliant' } }, [B]: { row: 'missing', cells: {} } },
      missing: [{ commit: B, name: null }],
      nonCompliant: [],
    },
    {
      title: 'every name found counts: one without a verdict trips it; columns are every name, sorted',
      found: { [A]: [at('unit', true), at('scan', null)], [B]: [at('sbom', true)] },
      names: ['sbom', 'scan', 'unit'],
      rows: {
        [A]: { row: 'unknown', cells: { scan: 'unknown', unit: 'compliant' } },
        [B]: { row: 'compliant', cells: { sbom: 'compliant' } },
      },
      missing: [],
      nonCompliant: [],
    },
    {
      title: 'supersession applies here too',
      found: { [A]: [scan(false, 1)], [B]: [scan(false, 1), scan(true, 2)] },
      names: ['scan'],
      rows: {
        [A]: { row: 'non-compliant', cells: { scan: 'non-compliant' } },
        [B]: { row: 'compliant', cells: { scan: 'compliant' } },
      },
      missing: [],
      nonCompliant: [{ commit: A, name: 'scan' }],
    },
  ];

  it.each(cases)('$title', ({ found, names, rows, missing, nonCompliant }) => {
    const decision = decide([A, B], found, []);
    expect(decision.names).toEqual(names);
    expect({ [A]: verdictOf(decision, A), [B]: verdictOf(decision, B) }).toEqual(rows);
    expect(decision.missing).toEqual(missing);
    expect(decision.nonCompliant).toEqual(nonCompliant);
    expect(decision.compliant).toBe(false);
  });

  it('every commit with compliant attestations is compliant', () => {
    const decision = decide([A, B], { [A]: [at('unit', true)], [B]: [at('scan', true)] }, []);
    expect(decision.compliant).toBe(true);
    expect(decision.rows.map((r) => r.state)).toEqual(['compliant', 'compliant']);
  });
});

describe('decide: order and duplicates', () => {
  it('lists problems commit by commit, in the order of the commits and of the required names', () => {
    const decision = decide([B, A], { [A]: [at('y', false)], [B]: [at('x', false)] }, ['x', 'y']);
    expect(decision.rows.map((r) => r.commit)).toEqual([B, A]);
    expect(decision.nonCompliant).toEqual([
      { commit: B, name: 'x' },
      { commit: A, name: 'y' },
    ]);
    expect(decision.missing).toEqual([
      { commit: B, name: 'y' },
      { commit: A, name: 'x' },
    ]);
  });

  it('decides a commit or a required name given twice once', () => {
    const decision = decide([A, B, A], { [A]: [at('x', true)], [B]: [] }, ['x', 'x']);
    expect(decision.names).toEqual(['x']);
    expect(decision.rows.map((r) => r.commit)).toEqual([A, B]);
    expect(decision.missing).toEqual([{ commit: B, name: 'x' }]);
  });

  it('keeps the attestations that decided a cell: the newest of each place, every unplaced one', () => {
    const [old, newer, unplaced] = [scan(false, 1), scan(true, 2), at('scan', true)];
    const decision = decide([A], { [A]: [old, newer, unplaced] }, ['scan']);
    expect(decision.rows[0]?.cells.scan?.attestations).toEqual([newer, unplaced]);
  });
});

describe("decide: overrides (a person's verdict on an attestation of the name)", () => {
  /** An override of pull-request (or `name`); where it says, who made it and why. */
  const override = (verdict: boolean | null, extra: Partial<CommitAttestation> = {}, name = 'pull-request') =>
    at(name, verdict, {
      attestation_type: 'override',
      reported_by: 'alice',
      description: 'hotfix approved by CAB',
      ...extra,
    });
  const pr = (verdict: boolean | null, extra: Partial<CommitAttestation> = {}) =>
    at('pull-request', verdict, { attestation_type: 'pull_request', ...extra });

  /** Each: what was found, the cell's state, and the verdict of the override the cell shows (undefined: none). */
  const cases: [string, CommitAttestation[], CellState, (boolean | null)?][] = [
    // Live shape: no flow or trail named, each report counts on its own.
    [
      'overridden as compliant: the override decides over the failure it overrides',
      [pr(false, when(100)), override(true, when(200))],
      'compliant',
      true,
    ],
    [
      'overridden as non-compliant: the override decides over the pass',
      [pr(true, when(100)), override(false, when(200))],
      'non-compliant',
      false,
    ],
    [
      'an override with no verdict is unknown',
      [pr(true, when(100)), override(null, when(200))],
      'unknown',
      null,
    ],
    [
      'an override alone decides (a direct push with no pull request, passed by a person)',
      [override(true, when(200))],
      'compliant',
      true,
    ],
    ['an override decides what has no time', [pr(false), override(true, when(200))], 'compliant', true],
    [
      'the newest override decides: a later pass over an earlier failure',
      [pr(false, when(100)), override(false, when(150)), override(true, when(200))],
      'compliant',
      true,
    ],
    [
      'the newest override decides: a later failure over an earlier pass',
      [override(true, when(150)), pr(true, when(100)), override(false, when(200))],
      'non-compliant',
      false,
    ],
    [
      'two overrides as new: the worse decides (fails closed)',
      [override(true, when(200)), override(false, when(200))],
      'non-compliant',
      false,
    ],
    [
      'a report newer than the override counts on its own: its failure is not hidden',
      [pr(false, when(100)), override(true, when(200)), pr(false, when(300))],
      'non-compliant',
      true,
    ],
    [
      'a report newer than the override counts on its own: a pass beside it',
      [override(true, when(200)), pr(true, when(300))],
      'compliant',
      true,
    ],
    // Where both say where they were made: an override is about its own place.
    [
      'placed: the override of the same trail decides',
      [pr(false, placed(100)), override(true, placed(200))],
      'compliant',
      true,
    ],
    [
      'placed: a failure on another trail is not hidden by an override of this one',
      [pr(false, placed(100)), override(true, placed(200)), pr(false, placed(50, { trail_name: 't2' }))],
      'non-compliant',
      true,
    ],
    [
      "placed: a newer report on the override's trail replaces it",
      [override(true, placed(200)), pr(false, placed(300))],
      'non-compliant',
    ],
    [
      "placed: an override of the trail (no artifact named) stands for its artifact's attestation",
      [pr(false, placed(100, { artifact_fingerprint: FP1 })), override(true, placed(200))],
      'compliant',
      true,
    ],
    [
      'placed: an override of one artifact does not stand for another',
      [
        pr(false, placed(100, { artifact_fingerprint: FP1 })),
        override(true, placed(200, { artifact_fingerprint: FP2 })),
      ],
      'non-compliant',
      true,
    ],
    [
      'an override of another name decides nothing here',
      [pr(false, when(100)), override(true, when(200), 'sonar')],
      'non-compliant',
    ],
  ];

  it.each(cases)('%s', (_title, found, state, shows) => {
    const decision = decide([A], { [A]: found }, ['pull-request']);
    const cell = decision.rows[0]?.cells['pull-request'];
    expect(cell?.state).toBe(state);
    expect(decision.compliant).toBe(state === 'compliant');
    if (shows === undefined) expect(cell?.override).toBeUndefined();
    else expect(cell?.override).toMatchObject({ attestation_type: 'override', is_compliant: shows });
    // What decided the cell: the override in place of what it stands for.
    if (cell?.override) expect(cell.attestations).toContain(cell.override);
  });

  it('keeps who overrode and why, for the summary', () => {
    const decision = decide([A], { [A]: [pr(false, when(1)), override(true, when(2))] }, []);
    const cell = decision.rows[0]?.cells['pull-request'];
    expect(cell?.attestations).toEqual([cell?.override]);
    expect(cell?.override).toMatchObject({ reported_by: 'alice', description: 'hotfix approved by CAB' });
    expect(decision.names).toEqual(['pull-request']);
  });
});
