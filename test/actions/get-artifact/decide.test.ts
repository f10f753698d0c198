/**
 * get-artifact's decision, in-process: is the artifact compliant, from its state, its evidence (both shapes), the
 * attestations its template requires, supersession, and a verdict that is missing (null), which fails closed.
 */
import { describe, expect, it, test } from 'vitest';
import {
  attestationsOf,
  decide,
  supersede,
  type ArtifactFacts,
  type AttestationCheck,
  type AttestationProblem,
} from '../../../src/compliance/decide.js';

const pass = { status: 'COMPLETE', is_compliant: true };
const fail = { status: 'COMPLETE', is_compliant: false };
const missing = { status: 'MISSING', is_compliant: null };
/** A list-form item: `attestations_statuses: [...]`, the trail's compliance status shape. */
const item = (name: string, fields: Record<string, unknown>) => ({ attestation_name: name, ...fields });

interface Row {
  label: string;
  facts: ArtifactFacts;
  outcome: 'compliant' | 'non-compliant';
  problems: AttestationProblem[];
}

const rows: Row[] = [
  // The state
  {
    label: 'COMPLIANT, every attestation compliant',
    facts: { state: 'COMPLIANT', evidence: { 'unit-tests': pass, 'snyk-scan': pass } },
    outcome: 'compliant',
    problems: [],
  },
  {
    label: 'COMPLIANT, no evidence and no template',
    facts: { state: 'COMPLIANT', evidence: {} },
    outcome: 'compliant',
    problems: [],
  },
  {
    label: 'NON-COMPLIANT: a non-compliant attestation',
    facts: { state: 'NON-COMPLIANT', evidence: { 'unit-tests': pass, 'snyk-scan': fail } },
    outcome: 'non-compliant',
    problems: [{ name: 'snyk-scan', problem: 'non-compliant' }],
  },
  {
    label: 'INCOMPLETE: a missing attestation',
    facts: { state: 'INCOMPLETE', evidence: { 'unit-tests': pass, 'pull-request': missing } },
    outcome: 'non-compliant',
    problems: [{ name: 'pull-request', problem: 'missing' }],
  },
  {
    label: 'NON-COMPLIANT with nothing to blame: the state decides',
    facts: { state: 'NON-COMPLIANT', evidence: { 'unit-tests': pass } },
    outcome: 'non-compliant',
    problems: [],
  },
  {
    label: 'no state (null) fails closed, whatever the evidence',
    facts: { state: null, evidence: { 'unit-tests': pass } },
    outcome: 'non-compliant',
    problems: [],
  },
  {
    label: 'no state (absent) fails closed',
    facts: { evidence: {} },
    outcome: 'non-compliant',
    problems: [],
  },
  // A verdict that is not there
  {
    label: 'COMPLIANT, but a complete attestation with is_compliant null: no verdict fails closed',
    facts: {
      state: 'COMPLIANT',
      evidence: { 'unit-tests': pass, sonar: { status: 'COMPLETE', is_compliant: null } },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'sonar', problem: 'non-compliant' }],
  },
  {
    label: 'COMPLIANT, but a complete attestation without is_compliant',
    facts: { state: 'COMPLIANT', evidence: { sonar: { status: 'COMPLETE' } } },
    outcome: 'non-compliant',
    problems: [{ name: 'sonar', problem: 'non-compliant' }],
  },
  {
    label: 'a verdict without a status counts as given',
    facts: { state: 'COMPLIANT', evidence: { sonar: { is_compliant: true } } },
    outcome: 'compliant',
    problems: [],
  },
  {
    label: 'COMPLIANT, but the evidence shows one missing',
    facts: { state: 'COMPLIANT', evidence: { jira: missing } },
    outcome: 'non-compliant',
    problems: [{ name: 'jira', problem: 'missing' }],
  },
  {
    label: 'MISSING is missing, with a verdict false as without one',
    facts: { state: 'INCOMPLETE', evidence: { jira: { status: 'MISSING', is_compliant: false } } },
    outcome: 'non-compliant',
    problems: [{ name: 'jira', problem: 'missing' }],
  },
  {
    label: 'MISSING with is_compliant true contradicts itself: non-compliant (fails closed)',
    facts: { state: 'INCOMPLETE', evidence: { jira: { status: 'MISSING', is_compliant: true } } },
    outcome: 'non-compliant',
    problems: [{ name: 'jira', problem: 'non-compliant' }],
  },
  // An attestation status spelled otherwise than MISSING or COMPLETE: is_compliant is its verdict
  {
    label: 'a status spelled otherwise, is_compliant true: compliant',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        jira: { status: 'OVERRIDDEN', is_compliant: true },
        sonar: { status: 'complete', is_compliant: true },
      },
    },
    outcome: 'compliant',
    problems: [],
  },
  {
    label: 'a status spelled otherwise, is_compliant false: non-compliant',
    facts: { state: 'COMPLIANT', evidence: { jira: { status: 'Missing', is_compliant: false } } },
    outcome: 'non-compliant',
    problems: [{ name: 'jira', problem: 'non-compliant' }],
  },
  // The artifact's template is not read: what it lists is not documented (spec 2.8: string[])
  {
    label: 'a name only the template lists is no problem',
    facts: {
      state: 'COMPLIANT',
      evidence: { 'unit-tests': pass },
      template: ['unit-tests', 'pull-request'],
    } as ArtifactFacts,
    outcome: 'compliant',
    problems: [],
  },
  // The list form
  {
    label: 'the list form: non-compliant, missing and compliant items',
    facts: {
      state: 'NON-COMPLIANT',
      evidence: {
        attestations_statuses: [item('sonar', fail), item('jira', missing), item('junit', pass)],
      },
    },
    outcome: 'non-compliant',
    problems: [
      { name: 'sonar', problem: 'non-compliant' },
      { name: 'jira', problem: 'missing' },
    ],
  },
  // Supersession
  {
    label: 'a newer pass supersedes an older failure of the same name',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [
          item('unit-tests', { ...fail, created_at: 100 }),
          item('unit-tests', { ...pass, created_at: 200 }),
        ],
      },
    },
    outcome: 'compliant',
    problems: [],
  },
  {
    label: 'a newer failure supersedes an older pass',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [
          item('unit-tests', { ...pass, created_at: 200 }),
          item('unit-tests', { ...fail, created_at: 300 }),
        ],
      },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'unit-tests', problem: 'non-compliant' }],
  },
  {
    label: 'two reports of the same time both count',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [
          item('unit-tests', { ...fail, created_at: 100 }),
          item('unit-tests', { ...pass, created_at: 100 }),
        ],
      },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'unit-tests', problem: 'non-compliant' }],
  },
  {
    label: 'a failure without a time is never superseded by a newer pass',
    facts: {
      state: 'COMPLIANT',
      evidence: { list: [item('unit-tests', fail), item('unit-tests', { ...pass, created_at: 200 })] },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'unit-tests', problem: 'non-compliant' }],
  },
  {
    label: 'a newer pass of another name supersedes nothing',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [item('unit-tests', { ...fail, created_at: 100 }), item('sonar', { ...pass, created_at: 200 })],
      },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'unit-tests', problem: 'non-compliant' }],
  },
  {
    label: 'a report the service says is overridden (overridden_attestation_id) does not count',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [
          item('unit-tests', { ...fail, attestation_id: 'a1' }),
          item('unit-tests', { ...pass, attestation_id: 'a2', overridden_attestation_id: 'a1' }),
        ],
      },
    },
    outcome: 'compliant',
    problems: [],
  },
  {
    label: 'an override names an attestation of its own name only',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [
          item('unit-tests', { ...fail, attestation_id: 'a1' }),
          item('sonar', { ...pass, attestation_id: 'a2', overridden_attestation_id: 'a1' }),
        ],
      },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'unit-tests', problem: 'non-compliant' }],
  },
  // An override (type `override`): a person's verdict on the attestation of its name
  {
    label: 'an override as compliant, linked by id to the failure it overrides: compliant',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [
          item('pr', { ...fail, attestation_id: 'a1', attestation_type: 'pull_request' }),
          item('pr', {
            ...pass,
            attestation_id: 'a2',
            attestation_type: 'override',
            overridden_attestation_id: 'a1',
          }),
        ],
      },
    },
    outcome: 'compliant',
    problems: [],
  },
  {
    label: 'an override decides its name without an id or a time to link it',
    facts: {
      state: 'COMPLIANT',
      evidence: { list: [item('pr', fail), item('pr', { ...pass, attestation_type: 'override' })] },
    },
    outcome: 'compliant',
    problems: [],
  },
  {
    label: 'an override as non-compliant fails its name',
    facts: {
      state: 'NON-COMPLIANT',
      evidence: { list: [item('pr', pass), item('pr', { ...fail, attestation_type: 'override' })] },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'pr', problem: 'non-compliant' }],
  },
  {
    label: 'an override without a verdict fails closed',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [item('pr', pass), item('pr', { status: 'COMPLETE', attestation_type: 'override' })],
      },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'pr', problem: 'non-compliant' }],
  },
  {
    label: 'a report newer than the override is not overridden: its failure counts',
    facts: {
      state: 'COMPLIANT',
      evidence: {
        list: [
          item('pr', { ...pass, attestation_type: 'override', created_at: 100 }),
          item('pr', { ...fail, created_at: 200 }),
        ],
      },
    },
    outcome: 'non-compliant',
    problems: [{ name: 'pr', problem: 'non-compliant' }],
  },
];

describe('decide', () => {
  test.for(rows)('$label', ({ facts, outcome, problems }) => {
    const verdict = decide(facts);
    expect(verdict.outcome).toBe(outcome);
    expect(verdict.compliant).toBe(outcome === 'compliant');
    expect(verdict.found).toBe(true);
    expect(verdict.state).toBe(facts.state ?? null);
    expect(verdict.problems).toEqual(problems);
  });

  it('not found (a 404 about the artifact): never compliant, nothing to blame', () => {
    expect(decide(undefined)).toEqual({
      outcome: 'not-found',
      found: false,
      state: null,
      compliant: false,
      attestations: [],
      problems: [],
    });
  });

  it('lists every attestation read, superseded ones marked', () => {
    const verdict = decide({
      state: 'INCOMPLETE',
      evidence: {
        list: [
          item('unit-tests', { ...fail, created_at: 100 }),
          item('unit-tests', { ...pass, created_at: 200 }),
        ],
      },
    });
    expect(verdict.attestations).toEqual<AttestationCheck[]>([
      { name: 'unit-tests', status: 'COMPLETE', compliant: false, createdAt: 100, superseded: true },
      { name: 'unit-tests', status: 'COMPLETE', compliant: true, createdAt: 200 },
    ]);
  });
});

describe('decide: a state and is_compliant read together', () => {
  const evidence = { 'unit-tests': pass };
  const cases: {
    label: string;
    state: string | null | undefined;
    isCompliant?: boolean | null;
    read: string | null;
    note?: string;
  }[] = [
    // A state the spec names decides, as it always did.
    { label: 'COMPLIANT, no is_compliant', state: 'COMPLIANT', read: 'COMPLIANT' },
    { label: 'COMPLIANT, is_compliant true', state: 'COMPLIANT', isCompliant: true, read: 'COMPLIANT' },
    { label: 'COMPLIANT, is_compliant null', state: 'COMPLIANT', isCompliant: null, read: 'COMPLIANT' },
    {
      label: 'NON-COMPLIANT, is_compliant false',
      state: 'NON-COMPLIANT',
      isCompliant: false,
      read: 'NON-COMPLIANT',
    },
    { label: 'INCOMPLETE, is_compliant false', state: 'INCOMPLETE', isCompliant: false, read: 'INCOMPLETE' },
    // is_compliant contradicts it: fails closed.
    {
      label: 'COMPLIANT, is_compliant false',
      state: 'COMPLIANT',
      isCompliant: false,
      read: 'NON-COMPLIANT',
      note: 'given as COMPLIANT, but is_compliant false',
    },
    {
      label: 'NON-COMPLIANT, is_compliant true',
      state: 'NON-COMPLIANT',
      isCompliant: true,
      read: 'NON-COMPLIANT',
      note: 'given as NON-COMPLIANT, but is_compliant true',
    },
    {
      label: 'INCOMPLETE, is_compliant true',
      state: 'INCOMPLETE',
      isCompliant: true,
      read: 'NON-COMPLIANT',
      note: 'given as INCOMPLETE, but is_compliant true',
    },
    // A spelling the spec does not name: is_compliant is the verdict.
    {
      label: '"compliant", is_compliant true',
      state: 'compliant',
      isCompliant: true,
      read: 'COMPLIANT',
      note: 'given as "compliant", is_compliant true',
    },
    {
      label: '"Non-Compliant", is_compliant false',
      state: 'Non-Compliant',
      isCompliant: false,
      read: 'NON-COMPLIANT',
      note: 'given as "Non-Compliant", is_compliant false',
    },
    {
      label: '"OVERRIDDEN", is_compliant true',
      state: 'OVERRIDDEN',
      isCompliant: true,
      read: 'COMPLIANT',
      note: 'given as "OVERRIDDEN", is_compliant true',
    },
    // Without a state, is_compliant alone does not pass an artifact: the spec makes the state the decision.
    { label: 'no state, is_compliant true', state: null, isCompliant: true, read: null },
    { label: 'no state (absent), is_compliant false', state: undefined, isCompliant: false, read: null },
  ];
  test.for(cases)('$label', ({ state, isCompliant, read, note }) => {
    const verdict = decide({
      evidence,
      ...(state !== undefined && { state }),
      ...(isCompliant !== undefined && { is_compliant: isCompliant }),
    });
    expect(verdict.state).toBe(read);
    expect(verdict.stateNote).toBe(note);
    expect(verdict.compliant).toBe(read === 'COMPLIANT');
  });

  it('the evidence still counts when is_compliant reads the state: a failure keeps it from passing', () => {
    const verdict = decide({ state: 'compliant', is_compliant: true, evidence: { sonar: fail } });
    expect(verdict).toMatchObject({ state: 'COMPLIANT', compliant: false, outcome: 'non-compliant' });
  });
});

describe('attestationsOf (the evidence, whose shape the spec does not show)', () => {
  const cases: [string, unknown, [string, string | undefined, boolean | null | undefined][]][] = [
    ['not an object', ['x'], []],
    ['null', null, []],
    [
      'the map form, in order',
      { a: pass, b: missing },
      [
        ['a', 'COMPLETE', true],
        ['b', 'MISSING', null],
      ],
    ],
    [
      'attestation_name wins over the key',
      { key: { ...pass, attestation_name: 'real' } },
      [['real', 'COMPLETE', true]],
    ],
    ['an entry with neither status nor verdict tells nothing', { a: { url: 'x' } }, []],
    ['values that are not objects are skipped', { a: 'COMPLETE', b: 3, c: [1, 'x'] }, []],
    ['a list item without a name is skipped', { list: [{ status: 'COMPLETE', is_compliant: true }] }, []],
    [
      'a verdict that is not a boolean or null is no verdict',
      { a: { status: 'COMPLETE', is_compliant: 'yes' } },
      [['a', 'COMPLETE', undefined]],
    ],
  ];
  test.for(cases)('%s', ([, evidence, expected]) => {
    expect(attestationsOf(evidence).map((a) => [a.name, a.status, a.compliant])).toEqual(expected);
  });

  it('keeps the id, time and override the service gives, for supersession and the result file', () => {
    expect(
      attestationsOf({
        list: [
          item('x', { ...pass, attestation_id: 'a2', created_at: 5.5, overridden_attestation_id: 'a1' }),
        ],
      }),
    ).toEqual([
      { name: 'x', status: 'COMPLETE', compliant: true, id: 'a2', createdAt: 5.5, overrides: 'a1' },
    ]);
  });
});

describe('supersede', () => {
  it('marks what an override replaces as overridden, and a plain re-run as superseded only', () => {
    const marks = supersede([
      { name: 'pr', status: 'COMPLETE', compliant: false, id: 'a1' },
      { name: 'pr', type: 'override', status: 'COMPLETE', compliant: true, id: 'a2', overrides: 'a1' },
      { name: 'unit', status: 'COMPLETE', compliant: false, createdAt: 1 },
      { name: 'unit', status: 'COMPLETE', compliant: true, createdAt: 2 },
    ]).map((c) => [c.superseded ?? false, c.overridden ?? false]);
    expect(marks).toEqual([
      [true, true],
      [false, false],
      [true, false],
      [false, false],
    ]);
  });

  it('marks only what a later report of the same name replaces, and leaves the rest as it was', () => {
    const checks: AttestationCheck[] = [
      { name: 'a', status: 'COMPLETE', compliant: false, createdAt: 1 },
      { name: 'a', status: 'COMPLETE', compliant: true, createdAt: 2 },
      { name: 'b', status: 'COMPLETE', compliant: false, createdAt: 1 },
    ];
    expect(supersede(checks).map((c) => c.superseded ?? false)).toEqual([true, false, false]);
    expect(checks[0]?.superseded).toBeUndefined();
  });
});
