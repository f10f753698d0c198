/**
 * The gate's decision, in-process: tables of attestations found and the verdict they must give. Each row would fail
 * on a decision that passes what it must not (or trips on what it must pass).
 */
import { describe, expect, it } from 'vitest';
import { CommitAttestation, type AttestationsByCommit } from '../../../src/api/schemas/index.js';
import { decide } from '../../../src/actions/check-attestations-for-commit/decide.js';
import type { CellState, Decision } from '../../../src/actions/check-attestations-for-commit/inputs.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const FP1 = '1'.repeat(64);
const FP2 = '2'.repeat(64);

/** An attestation of `name`; `verdict` undefined leaves is_compliant out, as a service without a verdict does. */
function at(name: string, verdict: boolean | null | undefined, extra: Partial<CommitAttestation> = {}) {
  // Through the schema, as the client reads an answer: display-only fields absent read null.
  return CommitAttestation.parse({
    attestation_name: name,
    attestation_type: 'generic',
    ...(verdict !== undefined && { is_compliant: verdict }),
    ...extra,
  });
}
/** Made in flow `backend`, trail `t1` (so a newer one there supersedes it), at `time`. */
const placed = (time: number | null, extra: Partial<CommitAttestation> = {}) => ({
  flow_name: 'backend',
  trail_name: 't1',
  created_at: time,
  ...extra,
});

/** The verdict of one commit: its row, and each cell's state. */
function verdictOf(decision: Decision, commit: string) {
  const row = decision.rows.find((r) => r.commit === commit);
  return {
    row: row?.state,
    cells: Object.fromEntries(Object.entries(row?.cells ?? {}).map(([name, cell]) => [name, cell.state])),
  };
}

describe('decide: one commit, names required', () => {
  const cases: {
    title: string;
    required: string[];
    found: CommitAttestation[];
    cells: Record<string, CellState>;
    row: CellState;
  }[] = [
    {
      title: 'every name compliant',
      required: ['unit'],
      found: [at('unit', true)],
      cells: { unit: 'compliant' },
      row: 'compliant',
    },
    {
      title: 'a required name not found is missing',
      required: ['unit', 'sbom'],
      found: [at('unit', true)],
      cells: { unit: 'compliant', sbom: 'missing' },
      row: 'missing',
    },
    {
      title: 'nothing found: every name missing',
      required: ['unit', 'sbom'],
      found: [],
      cells: { unit: 'missing', sbom: 'missing' },
      row: 'missing',
    },
    {
      title: 'is_compliant false',
      required: ['unit'],
      found: [at('unit', false)],
      cells: { unit: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'is_compliant null is unknown (it fails closed unless fail-on leaves unknown out)',
      required: ['unit'],
      found: [at('unit', null)],
      cells: { unit: 'unknown' },
      row: 'unknown',
    },
    {
      title: 'no is_compliant at all is unknown',
      required: ['unit'],
      found: [at('unit', undefined)],
      cells: { unit: 'unknown' },
      row: 'unknown',
    },
    {
      title: 'a false verdict beside one without a verdict: non-compliant',
      required: ['unit'],
      found: [at('unit', null), at('unit', false)],
      cells: { unit: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'the worst cell decides the row: unknown over missing, non-compliant over unknown',
      required: ['unit', 'sbom', 'scan'],
      found: [at('unit', null)],
      cells: { unit: 'unknown', sbom: 'missing', scan: 'missing' },
      row: 'unknown',
    },
    {
      title: 'non-compliant over unknown',
      required: ['unit', 'scan'],
      found: [at('unit', null), at('scan', false)],
      cells: { unit: 'unknown', scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'the worst cell decides the row: non-compliant over missing',
      required: ['unit', 'sbom', 'scan'],
      found: [at('unit', true), at('scan', false)],
      cells: { unit: 'compliant', sbom: 'missing', scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'supersession: a newer pass in the same flow and trail replaces an older failure',
      required: ['scan'],
      found: [at('scan', false, placed(100)), at('scan', true, placed(200))],
      cells: { scan: 'compliant' },
      row: 'compliant',
    },
    {
      title: 'supersession: a newer failure replaces an older pass',
      required: ['scan'],
      found: [at('scan', true, placed(100)), at('scan', false, placed(200))],
      cells: { scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'supersession does not depend on the order of the answer',
      required: ['scan'],
      found: [at('scan', true, placed(200)), at('scan', false, placed(100))],
      cells: { scan: 'compliant' },
      row: 'compliant',
    },
    {
      title: 'supersession: an older null verdict is replaced by a newer pass',
      required: ['scan'],
      found: [at('scan', null, placed(100)), at('scan', true, placed(200))],
      cells: { scan: 'compliant' },
      row: 'compliant',
    },
    {
      title: 'no supersession across artifacts: a pass for another artifact leaves the failure',
      required: ['scan'],
      found: [
        at('scan', false, placed(100, { artifact_fingerprint: FP1 })),
        at('scan', true, placed(200, { artifact_fingerprint: FP2 })),
      ],
      cells: { scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'no supersession across flows',
      required: ['scan'],
      found: [at('scan', false, placed(100)), at('scan', true, placed(200, { flow_name: 'frontend' }))],
      cells: { scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'no supersession across trails',
      required: ['scan'],
      found: [at('scan', false, placed(100)), at('scan', true, placed(200, { trail_name: 't2' }))],
      cells: { scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'live shape (no flow or trail named): a newer pass never hides an older failure',
      required: ['scan'],
      found: [at('scan', false, { created_at: 100 }), at('scan', true, { created_at: 200 })],
      cells: { scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'no time: a pass does not replace a failure',
      required: ['scan'],
      found: [at('scan', false, placed(null)), at('scan', true, placed(200))],
      cells: { scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'the same time: both count',
      required: ['scan'],
      found: [at('scan', false, placed(100)), at('scan', true, placed(100))],
      cells: { scan: 'non-compliant' },
      row: 'non-compliant',
    },
    {
      title: 'narrowing: a name not required does not count, even non-compliant',
      required: ['unit'],
      found: [at('unit', true), at('scan', false)],
      cells: { unit: 'compliant' },
      row: 'compliant',
    },
    {
      title: 'duplicates: the same compliant attestation twice is compliant',
      required: ['unit'],
      found: [at('unit', true, placed(100)), at('unit', true, placed(100))],
      cells: { unit: 'compliant' },
      row: 'compliant',
    },
    {
      title: 'duplicates: one copy without a verdict makes the name unknown',
      required: ['unit'],
      found: [at('unit', true), at('unit', null)],
      cells: { unit: 'unknown' },
      row: 'unknown',
    },
  ];

  it.each(cases)('$title', ({ required, found, cells, row }) => {
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
      found: {
        [A]: [at('scan', false, placed(1))],
        [B]: [at('scan', false, placed(1)), at('scan', true, placed(2))],
      },
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
    const old = at('scan', false, placed(1));
    const newer = at('scan', true, placed(2));
    const unplaced = at('scan', true);
    const decision = decide([A], { [A]: [old, newer, unplaced] }, ['scan']);
    expect(decision.rows[0]?.cells.scan?.attestations).toEqual([newer, unplaced]);
  });
});

describe("decide: overrides (a person's verdict on an attestation of the name)", () => {
  /** An override of `name`; where it says, who made it and why. */
  const override = (name: string, verdict: boolean | null, extra: Partial<CommitAttestation> = {}) =>
    at(name, verdict, {
      attestation_type: 'override',
      reported_by: 'alice',
      description: 'hotfix approved by CAB',
      ...extra,
    });
  const pr = (verdict: boolean | null, extra: Partial<CommitAttestation> = {}) =>
    at('pull-request', verdict, { attestation_type: 'pull_request', ...extra });

  const cases: {
    title: string;
    found: CommitAttestation[];
    state: CellState;
    /** The override the cell shows, by its verdict; undefined: none. */
    shows?: boolean | null;
  }[] = [
    // Live shape: no flow or trail named, each report counts on its own.
    {
      title: 'overridden as compliant: the override decides over the failure it overrides',
      found: [pr(false, { created_at: 100 }), override('pull-request', true, { created_at: 200 })],
      state: 'compliant',
      shows: true,
    },
    {
      title: 'overridden as non-compliant: the override decides over the pass',
      found: [pr(true, { created_at: 100 }), override('pull-request', false, { created_at: 200 })],
      state: 'non-compliant',
      shows: false,
    },
    {
      title: 'an override with no verdict is unknown',
      found: [pr(true, { created_at: 100 }), override('pull-request', null, { created_at: 200 })],
      state: 'unknown',
      shows: null,
    },
    {
      title: 'an override alone decides (a direct push with no pull request, passed by a person)',
      found: [override('pull-request', true, { created_at: 200 })],
      state: 'compliant',
      shows: true,
    },
    {
      title: 'an override decides what has no time',
      found: [pr(false), override('pull-request', true, { created_at: 200 })],
      state: 'compliant',
      shows: true,
    },
    {
      title: 'the newest override decides: a later pass over an earlier failure',
      found: [
        pr(false, { created_at: 100 }),
        override('pull-request', false, { created_at: 150 }),
        override('pull-request', true, { created_at: 200 }),
      ],
      state: 'compliant',
      shows: true,
    },
    {
      title: 'the newest override decides: a later failure over an earlier pass',
      found: [
        override('pull-request', true, { created_at: 150 }),
        pr(true, { created_at: 100 }),
        override('pull-request', false, { created_at: 200 }),
      ],
      state: 'non-compliant',
      shows: false,
    },
    {
      title: 'two overrides as new: the worse decides (fails closed)',
      found: [
        override('pull-request', true, { created_at: 200 }),
        override('pull-request', false, { created_at: 200 }),
      ],
      state: 'non-compliant',
      shows: false,
    },
    {
      title: 'a report newer than the override counts on its own: its failure is not hidden',
      found: [
        pr(false, { created_at: 100 }),
        override('pull-request', true, { created_at: 200 }),
        pr(false, { created_at: 300 }),
      ],
      state: 'non-compliant',
      shows: true,
    },
    {
      title: 'a report newer than the override counts on its own: a pass beside it',
      found: [override('pull-request', true, { created_at: 200 }), pr(true, { created_at: 300 })],
      state: 'compliant',
      shows: true,
    },
    // Where both say where they were made: an override is about its own place.
    {
      title: 'placed: the override of the same trail decides',
      found: [pr(false, placed(100)), override('pull-request', true, placed(200))],
      state: 'compliant',
      shows: true,
    },
    {
      title: 'placed: a failure on another trail is not hidden by an override of this one',
      found: [
        pr(false, placed(100)),
        override('pull-request', true, placed(200)),
        pr(false, placed(50, { trail_name: 't2' })),
      ],
      state: 'non-compliant',
      shows: true,
    },
    {
      title: "placed: a newer report on the override's trail replaces it",
      found: [override('pull-request', true, placed(200)), pr(false, placed(300))],
      state: 'non-compliant',
    },
    {
      title: "placed: an override of the trail (no artifact named) stands for its artifact's attestation",
      found: [
        pr(false, placed(100, { artifact_fingerprint: FP1 })),
        override('pull-request', true, placed(200)),
      ],
      state: 'compliant',
      shows: true,
    },
    {
      title: 'placed: an override of one artifact does not stand for another',
      found: [
        pr(false, placed(100, { artifact_fingerprint: FP1 })),
        override('pull-request', true, placed(200, { artifact_fingerprint: FP2 })),
      ],
      state: 'non-compliant',
      shows: true,
    },
    {
      title: 'an override of another name decides nothing here',
      found: [pr(false, { created_at: 100 }), override('sonar', true, { created_at: 200 })],
      state: 'non-compliant',
    },
  ];

  it.each(cases)('$title', ({ found, state, shows }) => {
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
    const decision = decide(
      [A],
      { [A]: [pr(false, { created_at: 1 }), override('pull-request', true, { created_at: 2 })] },
      [],
    );
    const cell = decision.rows[0]?.cells['pull-request'];
    expect(cell?.attestations).toEqual([cell?.override]);
    expect(cell?.override).toMatchObject({ reported_by: 'alice', description: 'hotfix approved by CAB' });
    expect(decision.names).toEqual(['pull-request']);
  });
});
