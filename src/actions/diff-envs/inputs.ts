/** diff-envs' inputs: the two snapshots, the drift check, the compliance review and its gate, the PR comment. */
import { formatSnapshotExpression, parseSnapshotExpression, SNAPSHOT_FORMS } from '../../api/snapshot.js';
import { GRADES, gradeWords, readFailOn, withPolicy, type Shorthand } from '../../compliance/grades.js';
import { readPolicyInput } from '../../compliance/policy/input.js';
import { InputError } from '../../errors/errors.js';
import type { InputReader } from '../../context/inputs.js';
import { readNameFilters } from '../../context/name-filter.js';
import { readCommon } from '../../runtime/context.js';
import { readPrComment } from '../../runtime/pr-comment.js';

export async function readInputs(inputs: InputReader, cwd: string) {
  // The GitHub token first, masked before any other input can fail with a message.
  const githubToken = inputs.secret('github-token');
  const common = readCommon(inputs, cwd);
  const snapshot = (name: string) => parseSnapshotExpression(inputs.required(name, SNAPSHOT_FORMS), name);
  const snapshot1 = snapshot('snapshot-1');
  const snapshot2 = snapshot('snapshot-2');
  const policy = await readPolicyInput(inputs, common.runner.workspace);
  return {
    ...common,
    snapshot1,
    snapshot2,
    showUnchanged: inputs.boolean('show-unchanged', false),
    failOnDiff: inputs.boolean('fail-on-diff', false),
    /** The target's policy, applied to every arriving artifact. */
    policy,
    ...readComplianceInputs(inputs, policy !== undefined),
    /** Fail the step when a snapshot runs two versions of one name (a rollout in progress). */
    failOnRollout: inputs.boolean('fail-on-rollout', false),
    /** Which artifacts the `promotions` output keeps. */
    promotions: await readPromotionFilter(inputs),
    prComment: readPrComment(inputs, common, githubToken),
  };
}

export type DiffEnvsInputs = Awaited<ReturnType<typeof readInputs>>;

/** What decides the step besides the diff: its inputs without the connection, the snapshots and the comment. */
export type StepInputs = Pick<
  DiffEnvsInputs,
  'showUnchanged' | 'failOnDiff' | 'compliance' | 'failOn' | 'failOnRollout' | 'promotions'
> &
  Partial<Pick<DiffEnvsInputs, 'policy'>>;

/** `only` and `exclude` by name (without tag or digest), then `promotions-state`. */
export type PromotionFilter = Awaited<ReturnType<typeof readPromotionFilter>>;

async function readPromotionFilter(inputs: InputReader) {
  const state = inputs.raw('promotions-state').toLowerCase() || 'compliant';
  if (state !== 'compliant' && state !== 'any') {
    throw new InputError(
      'promotions-state',
      `'${inputs.raw('promotions-state')}' is not a promotions state`,
      'compliant (only what is COMPLIANT may move; the default) or any',
    );
  }
  return {
    only: await readNameFilters(inputs, 'only'),
    exclude: await readNameFilters(inputs, 'exclude'),
    /** `compliant`: only what is COMPLIANT may move; `any`: every arriving artifact, whatever its state. */
    state,
  };
}

/** `fail-on-non-compliant`, the older word: true is every grade (the promotion gate), false (the default) none. */
const SHORTHAND: Shorthand = {
  input: 'fail-on-non-compliant',
  whenTrue: GRADES,
  whenFalse: [],
  fallback: false,
  found: GRADES,
};

/** The grades only the compliance lookups find. */
const LOOKUP_GRADES = GRADES.filter((g) => g !== 'unknown');

/**
 * `compliance` (the lookups), the grades that fail the step (`fail-on`, or `fail-on-non-compliant` as its shorthand)
 * and whether it is a gate, which needs the lookups. With a policy, which reads what it needs, the lookups are on by
 * default only where a grade they find is listed.
 */
function readComplianceInputs(inputs: InputReader, policy: boolean) {
  const failOn = readFailOn(inputs, policy ? withPolicy(SHORTHAND) : SHORTHAND);
  const needsLookups = policy
    ? failOn.grades.some((g) => (LOOKUP_GRADES as readonly string[]).includes(g))
    : failOn.grades.length > 0;
  const compliance = inputs.boolean('compliance', policy ? needsLookups : true);
  if (needsLookups && !compliance) {
    const [input, what, off] =
      failOn.input === 'fail-on'
        ? ['fail-on', `lists ${gradeWords(failOn.grades)}`, 'fail-on, or fail-on: none']
        : [
            'fail-on-non-compliant',
            'is true',
            'fail-on-non-compliant: true, or fail-on-non-compliant: false',
          ];
    const why = 'while compliance is false: the gate needs the compliance lookups';
    throw new InputError(input, `${what} ${why}`, `compliance: true (the default) with ${off}`);
  }
  return { compliance, failOn };
}

/** The two snapshots as asked (canonical form): in the result file, also of a step that could not compare them. */
export function describe(inputs: DiffEnvsInputs) {
  return {
    snapshot1: { expression: formatSnapshotExpression(inputs.snapshot1) },
    snapshot2: { expression: formatSnapshotExpression(inputs.snapshot2) },
  };
}
