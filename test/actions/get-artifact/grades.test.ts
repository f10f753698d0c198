/**
 * get-artifact's graded failure (issue 28), in-process: the grade of what was read (one item and many), which items
 * fail the step and which warn under each fail-on, the step of many items, and the inputs (fail-on with its
 * shorthand assert-compliant). Each row would fail if the mapping it names changed.
 */
import { describe, expect, it } from 'vitest';
import { gradeOf, itemGrade, judge, sortItems } from '../../../src/actions/get-artifact/decide.js';
import { readInputs, type ItemResult } from '../../../src/actions/get-artifact/inputs.js';
import { manyStep } from '../../../src/actions/get-artifact/run.js';
import { Artifact } from '../../../src/api/schemas/index.js';
import { GRADES, type FailOn, type Grade } from '../../../src/compliance/grades.js';
import { InputReader } from '../../../src/context/inputs.js';
import { ApiError, InputError } from '../../../src/errors/errors.js';
import { TEST_TOKEN } from '../../helpers/secrets.js';
import { answerOf, SVC_FP as FP } from '../../helpers/get-artifact.js';

const pass = { status: 'COMPLETE', is_compliant: true };
const fail = { status: 'COMPLETE', is_compliant: false };

const artifactOf = (fields: Partial<Artifact>): Artifact => Artifact.parse(answerOf(fields));

describe('the grade of one artifact read', () => {
  const rows: [string, Parameters<typeof gradeOf>[0], Grade | undefined][] = [
    [
      'COMPLIANT by its state and evidence: passes',
      { found: true, state: 'COMPLIANT', compliant: true },
      undefined,
    ],
    ['not found: missing', { found: false, state: null, compliant: false }, 'missing'],
    [
      'NON-COMPLIANT: non-compliant',
      { found: true, state: 'NON-COMPLIANT', compliant: false },
      'non-compliant',
    ],
    [
      'COMPLIANT by its state, not its evidence: non-compliant',
      { found: true, state: 'COMPLIANT', compliant: false },
      'non-compliant',
    ],
    ['INCOMPLETE: incomplete', { found: true, state: 'INCOMPLETE', compliant: false }, 'incomplete'],
    ['no state: unknown', { found: true, state: null, compliant: false }, 'unknown'],
    [
      'COMPLIANT, not confirmed to be the trail asked: unknown',
      { found: true, state: 'COMPLIANT', compliant: true, notConfirmed: 'Not confirmed: ...' },
      'unknown',
    ],
    [
      'NON-COMPLIANT, not confirmed to be the trail asked: still non-compliant (a gate on it must not pass)',
      { found: true, state: 'NON-COMPLIANT', compliant: false, notConfirmed: 'Not confirmed: ...' },
      'non-compliant',
    ],
    [
      'INCOMPLETE, not confirmed to be the trail asked: still incomplete',
      { found: true, state: 'INCOMPLETE', compliant: false, notConfirmed: 'Not confirmed: ...' },
      'incomplete',
    ],
  ];
  it.each(rows)('%s', (_title, read, grade) => {
    expect(gradeOf(read)).toBe(grade);
  });

  it('an item that could not be checked is unknown', () => {
    expect(itemGrade({ name: 'x', outcome: 'error', state: null, compliant: false })).toBe('unknown');
    expect(itemGrade({ name: 'x', outcome: 'not-found', state: null, compliant: false })).toBe('missing');
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

describe('many items: which fail the step and which warn', () => {
  const rows: [string, Grade[], string[], string[]][] = [
    ['every grade (assert-compliant)', [...GRADES], ['bad', 'half', 'stateless', 'gone', 'unread'], []],
    ['missing (the default)', ['missing'], ['gone', 'unread'], ['bad', 'half', 'stateless']],
    ['incomplete', ['incomplete'], ['half', 'unread'], ['bad', 'stateless', 'gone']],
    [
      'non-compliant and unknown',
      ['non-compliant', 'unknown'],
      ['bad', 'stateless', 'unread'],
      ['half', 'gone'],
    ],
    // Could not check is never judged: it fails whatever fail-on says, as one item that could not be checked does.
    ['none', [], ['unread'], ['bad', 'half', 'stateless', 'gone']],
  ];
  it.each(rows)('%s', (_title, grades, fail, warn) => {
    const sorted = sortItems(ITEMS, { grades });
    expect(names(sorted.fail)).toEqual(fail);
    expect(names(sorted.warn)).toEqual(warn);
    expect(sorted.wouldFail).toBe(true);
  });

  it('nothing found: would-fail false', () => {
    expect(sortItems(ITEMS.slice(0, 1), { grades: [] })).toEqual({ fail: [], warn: [], wouldFail: false });
  });
});

describe('the step of many items under fail-on', () => {
  const step = (failOn: FailOn) =>
    manyStep(
      { flow: 'backend', assertCompliant: GRADES.every((g) => failOn.grades.includes(g)), failOn },
      ITEMS,
    );
  const levels = (s: ReturnType<typeof step>) =>
    (s.annotations ?? []).map((a) => `${a.level} ${a.title ?? ''}`);

  it('by default (missing, not a gate): fails on the not found and the not checked, warns of nothing', () => {
    const s = step({ grades: ['missing'], input: undefined });
    expect(s.failure).toBe(
      '2 of 6 artifacts were not found or could not be checked: gone (not found), unread (could not check).',
    );
    expect(levels(s)).toEqual(['error Artifact gone', 'error Artifact unread']);
    expect(s.outputs['would-fail']).toBe(true);
    expect(s.summary?.toString()).not.toContain('would-fail');
  });

  it('assert-compliant: every item not COMPLIANT fails, as before', () => {
    const s = step({ grades: [...GRADES], input: 'assert-compliant' });
    expect(s.failure).toMatch(
      /^assert-compliant: 5 of 6 artifacts are not COMPLIANT: bad \(NON-COMPLIANT\), /,
    );
    expect(levels(s)).toHaveLength(5);
    expect(levels(s).every((l) => l.startsWith('error'))).toBe(true);
  });

  it('fail-on incomplete: the incomplete item fails, the others warn, the summary says both', () => {
    const s = step({ grades: ['incomplete'], input: 'fail-on' });
    expect(s.outcome).toBe('error');
    expect(s.failure).toBe(
      'fail-on (incomplete): 2 of 6 artifacts fail: half (INCOMPLETE), unread (could not check).',
    );
    expect(levels(s)).toEqual([
      'error Artifact half',
      'error Artifact unread',
      'warning Artifact bad',
      'warning Artifact stateless',
      'warning Artifact gone',
    ]);
    expect(s.summary?.toString()).toContain(
      'fail-on: incomplete: 2 finding(s) fail the step (1 incomplete, 1 unknown); 3 only warn (1 non-compliant, ' +
        '1 missing, 1 unknown). would-fail: true',
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

  it('fail-on none, every item read: nothing fails, everything warns; would-fail still true', () => {
    const read = ITEMS.slice(0, 5);
    const s = manyStep(
      { flow: 'backend', assertCompliant: false, failOn: { grades: [], input: 'fail-on' } },
      read,
    );
    expect(s.failure).toBeUndefined();
    expect(s.outcome).toBe('not-found');
    expect(levels(s)).toHaveLength(4);
    expect(levels(s).every((l) => l.startsWith('warning'))).toBe(true);
    expect(s.outputs).toMatchObject({ compliant: false, 'would-fail': true });
  });

  it('all COMPLIANT: would-fail false', () => {
    const s = step({ grades: [...GRADES], input: 'fail-on' });
    expect(s.outputs['would-fail']).toBe(true);
    const clean = manyStep(
      { flow: 'backend', assertCompliant: true, failOn: { grades: [...GRADES], input: 'fail-on' } },
      ITEMS.slice(0, 1),
    );
    expect(clean.outputs['would-fail']).toBe(false);
    expect(clean.failure).toBeUndefined();
    expect(clean.annotations).toBeUndefined();
  });
});

describe('an answer not shown to be the trail asked (many items)', () => {
  const answer = artifactOf({ state: 'COMPLIANT', evidence: { junit: pass }, trail_name: undefined });
  const item = { name: 'svc', spec: { type: 'fingerprint' as const, fingerprint: FP } };
  it('unknown in fail-on: could not check (error), as with assert-compliant', () => {
    const judged = judge(
      { trail: 'release-1', failOn: { grades: ['unknown'], input: 'fail-on' } },
      item,
      FP,
      { artifact: answer },
    );
    expect(judged.outcome).toBe('error');
  });
  it('unknown not in fail-on: judged and said, graded unknown', () => {
    const judged = judge(
      { trail: 'release-1', failOn: { grades: ['non-compliant'], input: 'fail-on' } },
      item,
      FP,
      { artifact: answer },
    );
    expect(judged.outcome).toBe('compliant');
    expect(judged.notConfirmed).toContain('Not confirmed');
    expect(itemGrade(judged)).toBe('unknown');
    const failing = artifactOf({
      state: 'NON-COMPLIANT',
      evidence: { junit: fail },
      trail_name: 'release-1',
    });
    expect(
      itemGrade(
        judge({ trail: 'release-1', failOn: { grades: [], input: 'fail-on' } }, item, FP, {
          artifact: failing,
        }),
      ),
    ).toBe('non-compliant');
  });
  it('not found is missing', () => {
    const notFound = new ApiError({
      endpoint: 'GET /artifacts',
      status: 404,
      serverMessage: 'Artifact not found',
    });
    expect(
      itemGrade(
        judge({ trail: undefined, failOn: { grades: [], input: 'fail-on' } }, item, FP, { notFound }),
      ),
    ).toBe('missing');
  });
});

describe('inputs: fail-on and assert-compliant', () => {
  const read = (inputs: Record<string, string>) =>
    readInputs(
      new InputReader(
        Object.fromEntries(
          Object.entries({
            'api-url': 'https://compliance.example.com',
            'api-token': TEST_TOKEN,
            org: 'acme',
            flow: 'backend',
            fingerprint: FP,
            ...inputs,
          }).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]),
        ),
      ),
      process.cwd(),
    );

  const rows: [string, Record<string, string>, Grade[], string | undefined, boolean][] = [
    ['neither: missing only, only reading', {}, ['missing'], undefined, false],
    [
      'assert-compliant true: every grade',
      { 'assert-compliant': 'true' },
      [...GRADES],
      'assert-compliant',
      true,
    ],
    [
      'assert-compliant false: as the default',
      { 'assert-compliant': 'false' },
      ['missing'],
      undefined,
      false,
    ],
    ['fail-on incomplete', { 'fail-on': 'INCOMPLETE' }, ['incomplete'], 'fail-on', false],
    [
      'fail-on listing every grade is the gate in full',
      { 'fail-on': GRADES.join(',') },
      [...GRADES],
      'fail-on',
      true,
    ],
    [
      'both, saying the same',
      { 'fail-on': GRADES.join('\n'), 'assert-compliant': 'true' },
      [...GRADES],
      'fail-on',
      true,
    ],
  ];
  it.each(rows)('%s', async (_title, inputs, grades, input, assertCompliant) => {
    const read_ = await read(inputs);
    expect(read_.failOn).toEqual({ grades, input });
    expect(read_.assertCompliant).toBe(assertCompliant);
  });

  it('refuses the two saying different things, and an unknown word', async () => {
    await expect(read({ 'fail-on': 'non-compliant', 'assert-compliant': 'true' })).rejects.toThrow(
      "Invalid input 'fail-on': says non-compliant while assert-compliant is true, which means non-compliant, " +
        'missing, incomplete, unknown.',
    );
    await expect(read({ 'fail-on': 'severe' })).rejects.toBeInstanceOf(InputError);
  });
});
