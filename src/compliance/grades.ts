// Graded failure, one reading of `fail-on` for every gate: `non-compliant` (failed), `missing`, `incomplete`,
// `unknown` (nothing to judge by); what is not listed warns, and `would-fail` is true for any finding.
import type { ArtifactState } from '../api/schemas.js';
import type { InputReader } from '../context/inputs.js';
import { InputError } from '../errors/errors.js';
import { plural } from '../trust/text.js';

/** In this order everywhere: in messages, in the result file, in the summary. */
export const GRADES = ['non-compliant', 'missing', 'incomplete', 'unknown'] as const;
/** The never-alone review's own grades (check-attestations-for-commit with `review`), after GRADES everywhere. */
export const REVIEW_GRADES = ['self-approved', 'unreviewed', 'no-pull-request'] as const;
/** An environment policy's grade (get-artifact and diff-envs with `policy`); its unknown rules are `unknown`. */
export const POLICY_GRADES = ['breaks-policy'] as const;
const ONLY_WHERE_FOUND: readonly string[] = [...REVIEW_GRADES, ...POLICY_GRADES];
const ALL_GRADES = [...GRADES, ...REVIEW_GRADES, ...POLICY_GRADES];
export type Grade = (typeof ALL_GRADES)[number];

const FAIL_ON_INPUT = 'fail-on';
const formOf = (grades: readonly string[]) =>
  `any of ${grades.join(', ')} (one per line or comma-separated), or none alone`;

/** How an action's older boolean input stands for a set of grades. */
export interface Shorthand {
  input: string;
  /** The grades it means when true, and when false. */
  whenTrue: readonly Grade[];
  whenFalse: readonly Grade[];
  fallback: boolean;
  /** The grades this action finds: `fail-on` takes them, and agrees with the shorthand saying the same of them. */
  found: readonly Grade[];
}

/** A shorthand where a policy is given: the policy's grades too, and by default what breaks it or is unknown fails. */
export function withPolicy(shorthand: Shorthand): Shorthand {
  return {
    ...shorthand,
    whenTrue: [...shorthand.whenTrue, ...POLICY_GRADES],
    whenFalse: [...shorthand.whenFalse, ...POLICY_GRADES, 'unknown'],
    found: [...shorthand.found, ...POLICY_GRADES],
  };
}

/** The `fail-on` input: grades by line or comma, any case, checked before anything is sent. */
export function parseFailOn(
  raw: string,
  found: readonly Grade[] = GRADES,
  only = false,
): Grade[] | undefined {
  const words = raw
    .split(/[\n,]/)
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
  if (words.length === 0) return undefined;
  // `only`: a step whose findings have just these grades (a policy's) takes no other.
  const known: readonly string[] = only
    ? ALL_GRADES.filter((g) => found.includes(g))
    : [...GRADES, ...ALL_GRADES.filter((g) => ONLY_WHERE_FOUND.includes(g) && found.includes(g))];
  const form = formOf(known);
  const bad = words.find((word) => word !== 'none' && !known.includes(word));
  if (bad !== undefined) {
    const why =
      only && (ALL_GRADES as readonly string[]).includes(bad)
        ? 'is not a grade this step finds'
        : (REVIEW_GRADES as readonly string[]).includes(bad)
          ? 'is a grade of the review rule, which only check-attestations-for-commit applies, with review: never-alone'
          : (POLICY_GRADES as readonly string[]).includes(bad)
            ? 'is the grade of an environment policy, which get-artifact and diff-envs apply with policy'
            : 'is not a grade';
    throw new InputError(FAIL_ON_INPUT, `'${bad}' ${why}`, form);
  }
  const others = words.filter((word) => word !== 'none');
  if (others.length === words.length) return inOrder(words as Grade[]);
  if (others.length === 0) return [];
  const problem = `'none' is given with ${others.map((w) => `'${w}'`).join(', ')}: none alone means nothing fails`;
  throw new InputError(FAIL_ON_INPUT, problem, form);
}

/**
 * What fails the step: `fail-on`, else the shorthand (the two contradicting is an input error), and the input that
 * said so: undefined by default, as an action that only reads is quiet.
 */
export function readFailOn(inputs: InputReader, shorthand: Shorthand) {
  const listed = parseFailOn(inputs.raw(FAIL_ON_INPUT), shorthand.found);
  const given = inputs.optional(shorthand.input) !== undefined;
  const flag = inputs.boolean(shorthand.input, shorthand.fallback);
  const implied = inOrder([...(flag ? shorthand.whenTrue : shorthand.whenFalse)]);
  if (listed === undefined) return { grades: implied, input: given && flag ? shorthand.input : undefined };
  if (given) {
    const relevant = (grades: readonly Grade[]) => grades.filter((g) => shorthand.found.includes(g));
    if (gradeWords(relevant(listed)) !== gradeWords(relevant(implied))) {
      throw new InputError(
        FAIL_ON_INPUT,
        `says ${gradeWords(listed)} while ${shorthand.input} is ${String(flag)}, which means ` +
          gradeWords(implied),
        `fail-on alone (${shorthand.input}: true is the shorthand of ${gradeWords(shorthand.whenTrue)}), ` +
          'or the two saying the same',
      );
    }
  }
  return { grades: listed, input: FAIL_ON_INPUT };
}

/** The grades as words, in GRADES order: `non-compliant, missing`; `none` when empty. */
export function gradeWords(grades: readonly Grade[]): string {
  return grades.length === 0 ? 'none' : inOrder([...grades]).join(', ');
}

function inOrder(grades: Grade[]): Grade[] {
  return ALL_GRADES.filter((g) => grades.includes(g));
}

/** The grades that fail the step, and the input that said so. */
export type FailOn = ReturnType<typeof readFailOn>;

export function fails(failOn: Pick<FailOn, 'grades'>, grade: Grade): boolean {
  return failOn.grades.includes(grade);
}

/**
 * The findings sorted by fail-on, each keeping its place: `fail` (its grade listed, or never judged) and `warn`;
 * `wouldFail`, what the step would decide with every grade listed.
 */
export function sortFindings<T>(
  findings: readonly T[],
  gradeOf: (finding: T) => Grade,
  failOn: Pick<FailOn, 'grades'>,
  neverJudged: (finding: T) => boolean = () => false,
) {
  const fail: T[] = [];
  const warn: T[] = [];
  for (const finding of findings) {
    (fails(failOn, gradeOf(finding)) || neverJudged(finding) ? fail : warn).push(finding);
  }
  return { fail, warn, wouldFail: findings.length > 0 };
}

export type Sorted<T> = ReturnType<typeof sortFindings<T>>;

/** A step's findings as its summary names them: one's noun (`commit`), and its own words for grades, if any. */
export interface FindingWords {
  noun: string;
  grades?: Partial<Record<Grade, string>>;
}

const GRADE_WORDS: Partial<Record<Grade, string>> = { unknown: 'without a verdict' };

/** `1 non-compliant, 2 without a verdict`; one grade alone is its word (`missing`), the count being beside it. */
export function countWords<T>(
  findings: readonly T[],
  gradeOf: (finding: T) => Grade,
  words: FindingWords['grades'] = {},
): string {
  const counts = ALL_GRADES.map((g) => [g, findings.filter((f) => gradeOf(f) === g).length] as const).filter(
    ([, n]) => n > 0,
  );
  const word = (g: Grade) => words[g] ?? GRADE_WORDS[g] ?? g;
  const [only] = counts;
  if (counts.length === 1 && only) return word(only[0]);
  return counts.map(([g, n]) => `${n} ${word(g)}`).join(', ');
}

/** Artifacts as findings (get-artifact, diff-envs): their grades in the default words. */
export const ARTIFACTS: FindingWords = { noun: 'artifact' };

/** The grade of an artifact the service has, by the one decision; undefined when it passes. */
export function artifactGrade(state: ArtifactState | null, compliant: boolean): Grade | undefined {
  if (compliant && state === 'COMPLIANT') return undefined;
  if (state === null) return 'unknown';
  if (state === 'INCOMPLETE') return 'incomplete';
  return 'non-compliant';
}

/**
 * The summary's sentence on what fails the step and what it only warns of: `2 commits fail this step (missing); it is
 * set to warn, not fail, on 1 more (self-approved).` Empty where nothing only warns and fail-on was not given.
 */
export function failOnSentence<T>(
  failOn: FailOn,
  sorted: Sorted<T>,
  gradeOf: (finding: T) => Grade,
  words: FindingWords,
): string {
  if (!sorted.wouldFail) return '';
  if (failOn.input !== FAIL_ON_INPUT && sorted.warn.length === 0) return '';
  const { fail, warn } = sorted;
  const which = (found: readonly T[]) => `(${countWords(found, gradeOf, words.grades)})`;
  const counted = (n: number) => `${n} ${plural(n, words.noun)}`;
  if (fail.length === 0)
    return `This step is set to warn, not fail, on ${counted(warn.length)} ${which(warn)}.`;
  const failing = `${counted(fail.length)} ${plural(fail.length, 'fails', 'fail')} this step ${which(fail)}`;
  if (warn.length === 0) return `${failing}.`;
  return `${failing}; it is set to warn, not fail, on ${warn.length} more ${which(warn)}.`;
}
