/**
 * Graded failure, in-process: the `fail-on` reader (words, case, commas, none, the shorthand of each gate and a
 * contradiction) and the sorting of findings into fail and warn with would-fail. Each row would fail if the rule it
 * names were dropped.
 */
import { describe, expect, it } from 'vitest';
import {
  countWords,
  failOnSentence,
  gradeWords,
  GRADES,
  parseFailOn,
  readFailOn,
  sortFindings,
  type Grade,
  type Shorthand,
} from '../../src/compliance/grades.js';
import { InputError } from '../../src/errors/errors.js';
import { readerOf, thrownBy } from '../helpers/inputs.js';

/** The InputError `fn` threw. */
function inputError(fn: () => unknown): InputError {
  const error = thrownBy(fn);
  if (!(error instanceof InputError)) throw error;
  return error;
}

describe('parseFailOn', () => {
  const rows: [string, string, Grade[] | undefined][] = [
    ['empty: not given', '', undefined],
    ['blank lines only: not given', '\n \n', undefined],
    ['one grade', 'missing', ['missing']],
    [
      'one per line, in GRADES order whatever the order given',
      'unknown\nnon-compliant',
      ['non-compliant', 'unknown'],
    ],
    ['commas, spaces and blank lines', ' incomplete , missing\n\n', ['missing', 'incomplete']],
    ['any case', 'Non-Compliant\nMISSING', ['non-compliant', 'missing']],
    ['a grade twice is once', 'missing\nmissing', ['missing']],
    ['every grade', 'non-compliant,missing,incomplete,unknown', [...GRADES]],
    ['none alone: nothing fails', 'none', []],
    ['None in capitals', 'NONE', []],
  ];
  it.each(rows)('%s', (_title, raw, grades) => {
    expect(parseFailOn(raw)).toEqual(grades);
  });

  // An unknown word refused: the fail-on rows of each gate's bad-input table in test/actions.
  it("refuses the review's grade where no review is made", () => {
    expect(inputError(() => parseFailOn('self-approved')).problem).toContain('is a grade of the review rule');
  });

  it('refuses none with another grade', () => {
    const error = inputError(() => parseFailOn('none, missing'));
    expect(error.input).toBe('fail-on');
    expect(error.problem).toBe("'none' is given with 'missing': none alone means nothing fails");
  });
});

describe('readFailOn: fail-on and the shorthand of each gate', () => {
  const gate: Shorthand = {
    input: 'fail-on-non-compliant',
    whenTrue: ['non-compliant', 'missing', 'unknown'],
    whenFalse: [],
    fallback: true,
    found: ['non-compliant', 'missing', 'unknown'],
  };
  const reader: Shorthand = {
    input: 'assert-compliant',
    whenTrue: GRADES,
    whenFalse: ['missing'],
    fallback: false,
    found: GRADES,
  };
  const read = (shorthand: Shorthand, inputs: Record<string, string>) =>
    readFailOn(readerOf(inputs), shorthand);

  // The reader's shorthand alone (not given, true, false): get-artifact/decide.test.ts, its inputs.
  const rows: [string, Shorthand, Record<string, string>, Grade[], string | undefined][] = [
    ['neither given: a gate, all it finds', gate, {}, ['non-compliant', 'missing', 'unknown'], undefined],
    ['the shorthand false: its set, not a gate', gate, { 'fail-on-non-compliant': 'false' }, [], undefined],
    ['fail-on alone over the fallback', gate, { 'fail-on': 'non-compliant' }, ['non-compliant'], 'fail-on'],
    ['fail-on none alone', gate, { 'fail-on': 'none' }, [], 'fail-on'],
    [
      'both, agreeing on the grades the action finds (incomplete never found by the gate)',
      gate,
      { 'fail-on': 'non-compliant\nmissing\nunknown\nincomplete', 'fail-on-non-compliant': 'true' },
      [...GRADES],
      'fail-on',
    ],
    ['both, agreeing on none', gate, { 'fail-on': 'none', 'fail-on-non-compliant': 'false' }, [], 'fail-on'],
    [
      'both agree: missing',
      reader,
      { 'fail-on': 'missing', 'assert-compliant': 'false' },
      ['missing'],
      'fail-on',
    ],
  ];
  it.each(rows)('%s', (_title, shorthand, inputs, grades, input) => {
    expect(read(shorthand, inputs)).toEqual({ grades, input });
  });

  it('refuses the two when they disagree, naming both and what each means', () => {
    const error = inputError(() =>
      read(gate, { 'fail-on': 'non-compliant', 'fail-on-non-compliant': 'true' }),
    );
    expect(error.input).toBe('fail-on');
    expect(error.message).toBe(
      "Invalid input 'fail-on': says non-compliant while fail-on-non-compliant is true, which means " +
        'non-compliant, missing, unknown. Expected fail-on alone (fail-on-non-compliant: true is the shorthand of ' +
        'non-compliant, missing, unknown), or the two saying the same.',
    );
    expect(() => read(gate, { 'fail-on': 'none', 'fail-on-non-compliant': 'true' })).toThrow(
      'says none while fail-on-non-compliant is true',
    );
    // A reader's shorthand: the gates' bad-input tables in test/actions.
  });

  it('checks the shorthand as a boolean, and a bad fail-on before it', () => {
    expect(inputError(() => read(gate, { 'fail-on-non-compliant': 'maybe' })).input).toBe(
      'fail-on-non-compliant',
    );
    expect(inputError(() => read(gate, { 'fail-on': 'all', 'fail-on-non-compliant': 'maybe' })).input).toBe(
      'fail-on',
    );
  });
});

describe('sortFindings: which fail, which warn, would-fail', () => {
  const findings: { id: number; grade: Grade }[] = [
    { id: 1, grade: 'missing' },
    { id: 2, grade: 'non-compliant' },
    { id: 3, grade: 'unknown' },
    { id: 4, grade: 'missing' },
    { id: 5, grade: 'incomplete' },
  ];
  const rows: [string, Grade[], number[], number[]][] = [
    ['every grade: everything fails', [...GRADES], [1, 2, 3, 4, 5], []],
    ['none: everything warns', [], [], [1, 2, 3, 4, 5]],
    ['missing only', ['missing'], [1, 4], [2, 3, 5]],
    ['non-compliant and unknown', ['non-compliant', 'unknown'], [2, 3], [1, 4, 5]],
    ['incomplete only', ['incomplete'], [5], [1, 2, 3, 4]],
  ];
  it.each(rows)('%s, each keeping its place', (_title, grades, fail, warn) => {
    const sorted = sortFindings(findings, (f) => f.grade, { grades });
    expect(sorted.fail.map((f) => f.id)).toEqual(fail);
    expect(sorted.warn.map((f) => f.id)).toEqual(warn);
    // Whatever fail-on says: the step would fail with every grade listed.
    expect(sorted.wouldFail).toBe(true);
  });

  it('nothing found: nothing fails, nothing warns, would-fail false', () => {
    expect(sortFindings([], (f: { grade: Grade }) => f.grade, { grades: [...GRADES] })).toEqual({
      fail: [],
      warn: [],
      wouldFail: false,
    });
  });

  it('says it in words: counts by grade, what fails and what the step is set to warn of', () => {
    expect(countWords(findings, (f) => f.grade)).toBe(
      '1 non-compliant, 2 missing, 1 incomplete, 1 without a verdict',
    );
    // One grade alone: its word, the count being beside it; a step's own words win over the defaults.
    expect(countWords(findings.slice(0, 1), (f) => f.grade)).toBe('missing');
    expect(countWords(findings.slice(0, 3), (f) => f.grade, { unknown: 'could not be checked' })).toBe(
      '1 non-compliant, 1 missing, 1 could not be checked',
    );
    expect(gradeWords([])).toBe('none');
    expect(gradeWords(['unknown', 'missing'])).toBe('missing, unknown');
    const grade = (f: { grade: Grade }) => f.grade;
    /** The sentence of this fail-on over these findings, each a commit. */
    const sentence = (failOn: { grades: Grade[]; input: string | undefined }, found = findings) =>
      failOnSentence(failOn, sortFindings(found, grade, failOn), grade, { noun: 'commit' });
    expect(sentence({ grades: ['missing'], input: 'fail-on' })).toBe(
      '2 commits fail this step (missing); it is set to warn, not fail, on 3 more (1 non-compliant, 1 incomplete, ' +
        '1 without a verdict).',
    );
    expect(sentence({ grades: ['non-compliant'], input: 'fail-on' }, findings.slice(0, 2))).toBe(
      '1 commit fails this step (non-compliant); it is set to warn, not fail, on 1 more (missing).',
    );
    const none = { grades: [], input: 'fail-on' };
    expect(sentence(none, findings.slice(0, 1))).toBe(
      'This step is set to warn, not fail, on 1 commit (missing).',
    );
    expect(sentence(none, [])).toBe('');
    // Not given, and nothing only warns (a default or a shorthand true): the failure says it all.
    expect(sentence({ grades: [...GRADES], input: undefined })).toBe('');
    expect(sentence({ grades: [...GRADES], input: 'fail-on' })).toBe(
      '5 commits fail this step (1 non-compliant, 2 missing, 1 incomplete, 1 without a verdict).',
    );
    // The shorthand false: everything only warns, and the summary says so; would-fail is left to its output.
    const warned = sentence({ grades: [], input: undefined });
    expect(warned).toBe(
      'This step is set to warn, not fail, on 5 commits (1 non-compliant, 2 missing, 1 incomplete, ' +
        '1 without a verdict).',
    );
    // The step's own words for its grades.
    const review = { grades: [], input: 'fail-on' };
    const reviewed = [{ grade: 'no-pull-request' as const }, { grade: 'unreviewed' as const }];
    expect(
      failOnSentence(review, sortFindings(reviewed, grade, review), grade, {
        noun: 'commit',
        grades: { 'no-pull-request': 'without a pull request', unreviewed: 'approved by no one' },
      }),
    ).toBe(
      'This step is set to warn, not fail, on 2 commits (1 approved by no one, 1 without a pull request).',
    );
  });
});

// The grade of an artifact the service has, by its state and its evidence (artifactGrade): gradeOf's rows in
// test/actions/get-artifact/decide.test.ts, each state and evidence of them.
