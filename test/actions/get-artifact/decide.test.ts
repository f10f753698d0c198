/**
 * get-artifact's decision, in-process: is the artifact compliant, from its state, its evidence (both shapes), the
 * attestations its template requires, supersession, and a verdict that is missing (null), which fails closed; then
 * its graded failure: the grade of what was read (one item and many), which items fail the step and which warn under
 * each fail-on, the step of many items, and the inputs (fail-on with its shorthand assert-compliant).
 */
import { describe, expect, it, test } from 'vitest';
import { gradeOf, sortItems } from '../../../src/actions/get-artifact/decide.js';
import { readInputs, type ItemResult } from '../../../src/actions/get-artifact/inputs.js';
import { manyStep } from '../../../src/actions/get-artifact/run.js';
import {
  attestationsOf,
  decide,
  supersede,
  type ArtifactFacts,
  type AttestationCheck,
  type AttestationProblem,
} from '../../../src/compliance/decide.js';
import { GRADES, type FailOn, type Grade } from '../../../src/compliance/grades.js';
import { CONNECTION, readerOf } from '../../helpers/inputs.js';
import { SVC_FP as FP } from '../../helpers/get-artifact.js';

const pass = { status: 'COMPLETE', is_compliant: true };
const fail = { status: 'COMPLETE', is_compliant: false };
const missing = { status: 'MISSING', is_compliant: null };
/** A list-form item: `attestations_statuses: [...]`, the trail's compliance status shape. */
const item = (name: string, fields: Record<string, unknown>, createdAt?: number) => ({
  attestation_name: name,
  ...fields,
  ...(createdAt !== undefined && { created_at: createdAt }),
});
/** Facts of `state` whose evidence is one list of `items`. */
const listed = (state: string, ...items: object[]): ArtifactFacts => ({ state, evidence: { list: items } });

/** Each row: the facts, then the problems named (compliant when the state is COMPLIANT and there are none). */
const rows: [string, ArtifactFacts, Record<string, AttestationProblem['problem']>][] = [
  [
    'COMPLIANT, every attestation compliant',
    { state: 'COMPLIANT', evidence: { 'unit-tests': pass, 'snyk-scan': pass } },
    {},
  ],
  ['COMPLIANT, no evidence and no template', { state: 'COMPLIANT', evidence: {} }, {}],
  [
    'NON-COMPLIANT: a non-compliant attestation',
    { state: 'NON-COMPLIANT', evidence: { 'unit-tests': pass, 'snyk-scan': fail } },
    { 'snyk-scan': 'non-compliant' },
  ],
  [
    'INCOMPLETE: a missing attestation',
    { state: 'INCOMPLETE', evidence: { 'unit-tests': pass, 'pull-request': missing } },
    { 'pull-request': 'missing' },
  ],
  [
    'NON-COMPLIANT with nothing to blame: the state decides',
    { state: 'NON-COMPLIANT', evidence: { 'unit-tests': pass } },
    {},
  ],
  [
    'no state (null) fails closed, whatever the evidence',
    { state: null, evidence: { 'unit-tests': pass } },
    {},
  ],
  [
    'COMPLIANT, but a complete attestation with is_compliant null: no verdict fails closed',
    {
      state: 'COMPLIANT',
      evidence: { 'unit-tests': pass, sonar: { status: 'COMPLETE', is_compliant: null } },
    },
    { sonar: 'non-compliant' },
  ],
  [
    'COMPLIANT, but a complete attestation without is_compliant',
    { state: 'COMPLIANT', evidence: { sonar: { status: 'COMPLETE' } } },
    { sonar: 'non-compliant' },
  ],
  [
    'a verdict without a status counts as given',
    { state: 'COMPLIANT', evidence: { sonar: { is_compliant: true } } },
    {},
  ],
  [
    'COMPLIANT, but the evidence shows one missing',
    { state: 'COMPLIANT', evidence: { jira: missing } },
    { jira: 'missing' },
  ],
  [
    'MISSING is missing, with a verdict false as without one',
    { state: 'INCOMPLETE', evidence: { jira: { status: 'MISSING', is_compliant: false } } },
    { jira: 'missing' },
  ],
  [
    'MISSING with is_compliant true contradicts itself: non-compliant (fails closed)',
    { state: 'INCOMPLETE', evidence: { jira: { status: 'MISSING', is_compliant: true } } },
    { jira: 'non-compliant' },
  ],
  [
    'a status spelled otherwise, is_compliant true: compliant',
    {
      state: 'COMPLIANT',
      evidence: {
        jira: { status: 'OVERRIDDEN', is_compliant: true },
        sonar: { status: 'complete', is_compliant: true },
      },
    },
    {},
  ],
  [
    'a status spelled otherwise, is_compliant false: non-compliant',
    { state: 'COMPLIANT', evidence: { jira: { status: 'Missing', is_compliant: false } } },
    { jira: 'non-compliant' },
  ],
  // The artifact's template is not read: what it lists is not documented (spec 2.8: string[])
  [
    'a name only the template lists is no problem',
    {
      state: 'COMPLIANT',
      evidence: { 'unit-tests': pass },
      template: ['unit-tests', 'pull-request'],
    } as ArtifactFacts,
    {},
  ],
  [
    'the list form: non-compliant, missing and compliant items',
    {
      state: 'NON-COMPLIANT',
      evidence: { attestations_statuses: [item('sonar', fail), item('jira', missing), item('junit', pass)] },
    },
    { sonar: 'non-compliant', jira: 'missing' },
  ],
  // Supersession
  [
    'a newer pass supersedes an older failure of the same name',
    listed('COMPLIANT', item('unit-tests', fail, 100), item('unit-tests', pass, 200)),
    {},
  ],
  [
    'a newer failure supersedes an older pass',
    listed('COMPLIANT', item('unit-tests', pass, 200), item('unit-tests', fail, 300)),
    { 'unit-tests': 'non-compliant' },
  ],
  [
    'two reports of the same time both count',
    listed('COMPLIANT', item('unit-tests', fail, 100), item('unit-tests', pass, 100)),
    { 'unit-tests': 'non-compliant' },
  ],
  [
    'a failure without a time is never superseded by a newer pass',
    listed('COMPLIANT', item('unit-tests', fail), item('unit-tests', pass, 200)),
    { 'unit-tests': 'non-compliant' },
  ],
  [
    'a newer pass of another name supersedes nothing',
    listed('COMPLIANT', item('unit-tests', fail, 100), item('sonar', pass, 200)),
    { 'unit-tests': 'non-compliant' },
  ],
  [
    'a report the service says is overridden (overridden_attestation_id) does not count',
    listed(
      'COMPLIANT',
      item('unit-tests', { ...fail, attestation_id: 'a1' }),
      item('unit-tests', { ...pass, attestation_id: 'a2', overridden_attestation_id: 'a1' }),
    ),
    {},
  ],
  [
    'an override names an attestation of its own name only',
    listed(
      'COMPLIANT',
      item('unit-tests', { ...fail, attestation_id: 'a1' }),
      item('sonar', { ...pass, attestation_id: 'a2', overridden_attestation_id: 'a1' }),
    ),
    { 'unit-tests': 'non-compliant' },
  ],
  [
    'an override as compliant, linked by id to the failure it overrides: compliant',
    listed(
      'COMPLIANT',
      item('pr', { ...fail, attestation_id: 'a1', attestation_type: 'pull_request' }),
      item('pr', {
        ...pass,
        attestation_id: 'a2',
        attestation_type: 'override',
        overridden_attestation_id: 'a1',
      }),
    ),
    {},
  ],
  [
    'an override decides its name without an id or a time to link it',
    listed('COMPLIANT', item('pr', fail), item('pr', { ...pass, attestation_type: 'override' })),
    {},
  ],
  [
    'an override as non-compliant fails its name',
    listed('NON-COMPLIANT', item('pr', pass), item('pr', { ...fail, attestation_type: 'override' })),
    { pr: 'non-compliant' },
  ],
  [
    'an override without a verdict fails closed',
    listed('COMPLIANT', item('pr', pass), item('pr', { status: 'COMPLETE', attestation_type: 'override' })),
    { pr: 'non-compliant' },
  ],
  [
    'a report newer than the override is not overridden: its failure counts',
    listed(
      'COMPLIANT',
      item('pr', { ...pass, attestation_type: 'override', created_at: 100 }),
      item('pr', fail, 200),
    ),
    { pr: 'non-compliant' },
  ],
];

describe('decide', () => {
  test.for(rows)('%s', ([, facts, problems]) => {
    const verdict = decide(facts);
    const compliant = facts.state === 'COMPLIANT' && Object.keys(problems).length === 0;
    expect(verdict.outcome).toBe(compliant ? 'compliant' : 'non-compliant');
    expect(verdict.compliant).toBe(compliant);
    expect(verdict.found).toBe(true);
    expect(verdict.state).toBe(facts.state ?? null);
    expect(verdict.problems).toEqual(Object.entries(problems).map(([name, problem]) => ({ name, problem })));
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
  /** Each row: the state and is_compliant given (undefined: absent), the state read, and the note on it. */
  const cases: [string | null | undefined, boolean | null | undefined, string | null, string?][] = [
    // A state the spec names decides (is_compliant null reads as absent, in one check).
    ['COMPLIANT', undefined, 'COMPLIANT'],
    ['COMPLIANT', true, 'COMPLIANT'],
    ['NON-COMPLIANT', false, 'NON-COMPLIANT'],
    ['INCOMPLETE', false, 'INCOMPLETE'],
    // is_compliant contradicts it: fails closed.
    ['COMPLIANT', false, 'NON-COMPLIANT', 'given as COMPLIANT, but is_compliant false'],
    ['NON-COMPLIANT', true, 'NON-COMPLIANT', 'given as NON-COMPLIANT, but is_compliant true'],
    ['INCOMPLETE', true, 'NON-COMPLIANT', 'given as INCOMPLETE, but is_compliant true'],
    // A spelling the spec does not name: is_compliant is the verdict.
    ['compliant', true, 'COMPLIANT', 'given as "compliant", is_compliant true'],
    ['Non-Compliant', false, 'NON-COMPLIANT', 'given as "Non-Compliant", is_compliant false'],
    ['OVERRIDDEN', true, 'COMPLIANT', 'given as "OVERRIDDEN", is_compliant true'],
    // Without a state (null or absent, one check), is_compliant alone does not pass: the spec makes the state decide.
    [null, true, null],
    // A spelling the spec does not name, without is_compliant: no state.
    ['compliant', undefined, null],
  ];
  test.for(cases)('state %j, is_compliant %j', ([state, isCompliant, read, note]) => {
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

// What an override replaces is marked overridden, a plain re-run superseded only: render.test.ts's attestation table.
describe('supersede', () => {
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

describe('the grade of one artifact read', () => {
  /** Found, with `state`, compliant as `compliant` says, and not confirmed to be the trail asked when `unsure`. */
  const read = (state: Parameters<typeof gradeOf>[0]['state'], compliant: boolean, unsure = false) => ({
    found: true,
    state,
    compliant,
    ...(unsure && { notConfirmed: 'Not confirmed: ...' }),
  });
  // The grade of each state and evidence (artifactGrade), then of not found and not confirmed.
  const rows: [string, Parameters<typeof gradeOf>[0], Grade | undefined][] = [
    ['COMPLIANT by its state and evidence: passes', read('COMPLIANT', true), undefined],
    ['COMPLIANT by its state, not its evidence: non-compliant', read('COMPLIANT', false), 'non-compliant'],
    ['NON-COMPLIANT', read('NON-COMPLIANT', false), 'non-compliant'],
    ['INCOMPLETE', read('INCOMPLETE', false), 'incomplete'],
    ['no state: unknown', read(null, false), 'unknown'],
    ['not found: missing', { found: false, state: null, compliant: false }, 'missing'],
    ['COMPLIANT, not confirmed to be the trail asked: unknown', read('COMPLIANT', true, true), 'unknown'],
    [
      'NON-COMPLIANT, not confirmed to be the trail asked: still non-compliant (a gate on it must not pass)',
      read('NON-COMPLIANT', false, true),
      'non-compliant',
    ],
  ];
  it.each(rows)('%s', (_title, facts, grade) => {
    expect(gradeOf(facts)).toBe(grade);
  });
});

/** One item of each kind: compliant, non-compliant, incomplete, no state, not found, and one not checked. */
const ITEMS: ItemResult[] = [
  { name: 'ok', fingerprint: FP, outcome: 'compliant', state: 'COMPLIANT', compliant: true },
  { name: 'bad', fingerprint: FP, outcome: 'non-compliant', state: 'NON-COMPLIANT', compliant: false },
  { name: 'half', fingerprint: FP, outcome: 'non-compliant', state: 'INCOMPLETE', compliant: false },
  { name: 'stateless', fingerprint: FP, outcome: 'non-compliant', state: null, compliant: false },
  { name: 'gone', fingerprint: FP, outcome: 'not-found', state: null, compliant: false },
  {
    name: 'unread',
    outcome: 'error',
    state: null,
    compliant: false,
    error: { kind: 'io', message: 'no such file' },
  },
];
const names = (items: ItemResult[]) => items.map((i) => i.name);

// Every grade, incomplete, and nothing found: the step of many items below, whose annotations are this split.
describe('many items: which fail the step and which warn', () => {
  const rows: [string, Grade[], string[], string[]][] = [
    // Could not check is never judged: it fails whatever fail-on says, as one item that could not be checked does.
    ['missing (the default)', ['missing'], ['gone', 'unread'], ['bad', 'half', 'stateless']],
    [
      'non-compliant and unknown',
      ['non-compliant', 'unknown'],
      ['bad', 'stateless', 'unread'],
      ['half', 'gone'],
    ],
  ];
  it.each(rows)('%s', (_title, grades, fail, warn) => {
    const sorted = sortItems(ITEMS, { grades });
    expect(names(sorted.fail)).toEqual(fail);
    expect(names(sorted.warn)).toEqual(warn);
    expect(sorted.wouldFail).toBe(true);
  });
});

describe('the step of many items under fail-on', () => {
  const step = (failOn: FailOn, items = ITEMS) =>
    manyStep(
      { flow: 'backend', assertCompliant: GRADES.every((g) => failOn.grades.includes(g)), failOn },
      items,
    );
  const levels = (s: ReturnType<typeof step>) =>
    (s.annotations ?? []).map((a) => `${a.level} ${a.title ?? ''}`);
  const errors = (...names: string[]) => names.map((name) => `error Artifact ${name}`);
  const warnings = (...names: string[]) => names.map((name) => `warning Artifact ${name}`);

  /** Each row: fail-on, the items, the outcome, the failure, the annotations, and would-fail. */
  const rows: [string, FailOn, ItemResult[], string, string | RegExp | undefined, string[], boolean][] = [
    [
      'by default (missing, not a gate): fails on the not found and the not checked, warns of nothing',
      { grades: ['missing'], input: undefined },
      ITEMS,
      'error',
      '2 of 6 artifacts were not found or could not be checked: gone (not found), unread (could not check).',
      errors('gone', 'unread'),
      true,
    ],
    [
      'assert-compliant: every item not COMPLIANT fails',
      { grades: [...GRADES], input: 'assert-compliant' },
      ITEMS,
      'error',
      /^assert-compliant: 5 of 6 artifacts are not COMPLIANT: bad \(NON-COMPLIANT\), /,
      errors('bad', 'half', 'stateless', 'gone', 'unread'),
      true,
    ],
    [
      'assert-compliant, one item (a glob that matched one file): counted in the singular',
      { grades: [...GRADES], input: 'assert-compliant' },
      ITEMS.slice(1, 2),
      'non-compliant',
      'assert-compliant: 1 of 1 artifact is not COMPLIANT: bad (NON-COMPLIANT).',
      errors('bad'),
      true,
    ],
    [
      'fail-on none, every item read: nothing fails, everything warns; would-fail still true',
      { grades: [], input: 'fail-on' },
      ITEMS.slice(0, 5),
      'not-found',
      undefined,
      warnings('bad', 'half', 'stateless', 'gone'),
      true,
    ],
    [
      'all COMPLIANT: would-fail false',
      { grades: [...GRADES], input: 'fail-on' },
      ITEMS.slice(0, 1),
      'compliant',
      undefined,
      [],
      false,
    ],
  ];
  it.each(rows)('%s', (_title, failOn, items, outcome, failure, annotations, wouldFail) => {
    const s = step(failOn, items);
    expect(s.outcome).toBe(outcome);
    if (typeof failure === 'string' || failure === undefined) expect(s.failure).toBe(failure);
    else expect(s.failure).toMatch(failure);
    expect(levels(s)).toEqual(annotations);
    expect(s.outputs).toMatchObject({ compliant: !wouldFail, 'would-fail': wouldFail });
    // Not a gate: nothing said of what fails the step or what it is set to warn of.
    if (failOn.input === undefined) expect(s.summary?.toString()).not.toMatch(/fails? this step|set to warn/);
  });

  it('fail-on incomplete: the incomplete item fails, the others warn, the summary says both', () => {
    const s = step({ grades: ['incomplete'], input: 'fail-on' });
    expect(s.outcome).toBe('error');
    expect(s.failure).toBe(
      'fail-on (incomplete): 2 of 6 artifacts fail: half (INCOMPLETE), unread (could not check).',
    );
    expect(levels(s)).toEqual([...errors('half', 'unread'), ...warnings('bad', 'stateless', 'gone')]);
    // The unread one fails whatever fail-on says: it was never judged.
    expect(s.summary?.toString()).toContain(
      '2 artifacts fail this step (1 incomplete, 1 without a verdict); it is set to warn, not fail, on 3 more ' +
        '(1 non-compliant, 1 missing, 1 without a verdict).',
    );
    expect(s.result).toMatchObject({ failOn: ['incomplete'], wouldFail: true });
    expect((s.result.items as ItemResult[]).map((i) => i.grade)).toEqual([
      undefined,
      'non-compliant',
      'incomplete',
      'unknown',
      'missing',
      'unknown',
    ]);
  });
});

describe('inputs: fail-on and assert-compliant', () => {
  const read = (inputs: Record<string, string>) =>
    readInputs(readerOf({ ...CONNECTION, flow: 'backend', fingerprint: FP, ...inputs }), process.cwd());

  /** Each row: the inputs, the grades read and the input that set them; assert-compliant reads as every grade. */
  const rows: [Record<string, string>, Grade[], string | undefined][] = [
    [{}, ['missing'], undefined],
    [{ 'assert-compliant': 'true' }, [...GRADES], 'assert-compliant'],
    [{ 'assert-compliant': 'false' }, ['missing'], undefined],
    [{ 'fail-on': 'INCOMPLETE' }, ['incomplete'], 'fail-on'],
    [{ 'fail-on': GRADES.join(',') }, [...GRADES], 'fail-on'],
    [{ 'fail-on': GRADES.join('\n'), 'assert-compliant': 'true' }, [...GRADES], 'fail-on'],
  ];
  it.each(rows)('%j', async (inputs, grades, input) => {
    const given = await read(inputs);
    expect(given.failOn).toEqual({ grades, input });
    expect(given.assertCompliant).toBe(grades.length === GRADES.length);
  });
});
