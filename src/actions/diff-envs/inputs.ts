/** diff-envs' inputs: the two snapshots, the drift check, the compliance review and its gate, the PR comment. */
import { formatSnapshotExpression, parseSnapshotExpression, SNAPSHOT_FORMS } from '../../api/snapshot.js';
import { GRADES, gradeWords, readFailOn, type Shorthand } from '../../compliance/grades.js';
import { InputError } from '../../errors/errors.js';
import type { InputReader } from '../../context/inputs.js';
import { readNameFilters, type NameFilter } from '../../context/name-filter.js';
import { readCommon } from '../../runtime/context.js';
import { readPrComment } from '../../runtime/pr-comment.js';
import type { ArtifactState, DiffArtifact } from '../../api/schemas.js';
import type { Judged } from '../../compliance/decide.js';
import type { StepError } from '../../runtime/step.js';

/** `only` and `exclude` by name (without tag or digest), then `promotions-state`. */
export interface PromotionFilter {
  only: NameFilter[];
  exclude: NameFilter[];
  /** `compliant`: only what is COMPLIANT may move; `any`: every arriving artifact, whatever its state. */
  state: 'compliant' | 'any';
}

/** One artifact replaced by another of the same repository: `from` only in snapshot 1, `to` only in snapshot 2. */
export interface Replacement {
  /** The repository both share, e.g. `ghcr.io/acme/backend`. */
  name: string;
  from: DiffArtifact;
  to: DiffArtifact;
  /** The arriving version's entries in other flows than `to`'s (one image may belong to several); absent if none. */
  otherFlows?: DiffArtifact[];
}

export type Paired = Pick<DiffEnvsResult, 'replaced' | 'added' | 'removed'>;

/**
 * The service's state, or what stands in for one (no state, evidence contradicting COMPLIANT, not found, no flow, not
 * checked); only `COMPLIANT` passes.
 */
export type ArrivalState =
  ArtifactState | 'NO-STATE' | 'EVIDENCE-NOT-COMPLIANT' | 'NOT-FOUND' | 'FLOW-UNKNOWN' | 'NOT-CHECKED';

export interface ArrivalCheck extends Omit<Judged, 'state'> {
  name: string | null;
  fingerprint: string;
  flow: string | null;
  state: ArrivalState;
  /** Why it was not checked (`NOT-CHECKED`). */
  error?: StepError;
}

export interface ComplianceReview {
  /** One per distinct arriving fingerprint, in the order they arrive. */
  checks: ArrivalCheck[];
  /** Lookups not made: over MAX_LOOKUPS. */
  leftOut: number;
}

/** Where an artifact of a rollout runs: only in snapshot 1, only in snapshot 2, or in both. */
export type RolloutSide = 'snapshot-1' | 'snapshot-2' | 'both';

/** A snapshot runs two or more versions of one name (a rollout midway): none of it pairs or moves. */
export interface Rollout {
  name: string;
  snapshots: (1 | 2)[];
  /** Every artifact of that name in either snapshot, and where it runs. */
  versions: { artifact: DiffArtifact; in: RolloutSide }[];
}

/** One side of a promotion, as the diff gives it: each field null where the answer does not. */
export interface PromotionSide {
  fingerprint: string;
  tag: string | null;
  /** The commit its `commit_url` names (a commit page), else null. */
  commit: string | null;
  'commit-url': string | null;
}

/** One entry of the `promotions` matrix: an artifact that would move from snapshot 2 to snapshot 1. */
export interface Promotion {
  /** The name without tag or digest: what a matrix job is about. */
  name: string;
  /** What it replaces in snapshot 1; null for a new service. */
  from: PromotionSide | null;
  to: PromotionSide;
  /** A compare link when both commits are pages of one repository; else null. */
  'compare-url': string | null;
  /** The compliance read for the arriving artifact; null with `compliance: false`. */
  state: ArrivalState | null;
  flow: string | null;
}

/** An arriving artifact the `promotions` output leaves out, and why. */
export interface LeftOut {
  name: string | null;
  fingerprint: string | null;
  why: 'not-compliant' | 'filtered' | 'no-name' | 'rollout' | 'not-confirmed';
  state?: ArrivalState | null;
}

export interface Promotions {
  include: Promotion[];
  leftOut: LeftOut[];
}

export interface DiffSide {
  /** The expression as sent, e.g. `staging~1`. */
  expression: string;
  /** The snapshot the service resolved it to, e.g. `staging#41`; null when the answer does not say (not confirmed). */
  id: string | null;
  /** How the summary and log name it: the id, else the expression as asked. */
  name: string;
}

export interface DiffEnvsResult {
  url: string;
  snapshot1: DiffSide;
  snapshot2: DiffSide;
  /** True when anything differs: an artifact only in one snapshot, or a change of instance count. */
  changed: boolean;
  counts: {
    onlyIn1: number;
    onlyIn2: number;
    replaced: number;
    added: number;
    removed: number;
    scaled: number;
    unchanged: number;
    rollouts: number;
  };
  /** One only in snapshot 1 and one only in snapshot 2 of the same repository. */
  replaced: Replacement[];
  /** Only in snapshot 2, not a replacement, not of a rollout. */
  added: DiffArtifact[];
  /** Only in snapshot 1, not replaced, not of a rollout. */
  removed: DiffArtifact[];
  /** Names a snapshot runs two or more versions of: their artifacts only in one snapshot are in no other group. */
  rollouts: Rollout[];
  scaled: DiffArtifact[];
  unchanged: DiffArtifact[];
  /** The arriving artifacts' compliance; absent with `compliance: false`. */
  compliance?: ComplianceReview;
  /** What would move from snapshot 2 to snapshot 1 (the `promotions` output), and what was left out. */
  promotions?: Promotions;
}

export async function readInputs(inputs: InputReader, cwd: string) {
  // The GitHub token first, masked before any other input can fail with a message.
  const githubToken = inputs.secret('github-token');
  const common = readCommon(inputs, cwd);
  const snapshot = (name: string) => parseSnapshotExpression(inputs.required(name, SNAPSHOT_FORMS), name);
  return {
    ...common,
    snapshot1: snapshot('snapshot-1'),
    snapshot2: snapshot('snapshot-2'),
    showUnchanged: inputs.boolean('show-unchanged', false),
    failOnDiff: inputs.boolean('fail-on-diff', false),
    ...readComplianceInputs(inputs),
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
  'showUnchanged' | 'failOnDiff' | 'compliance' | 'failOnNonCompliant' | 'failOnRollout' | 'promotions'
> &
  // Without failOn, fail-on-non-compliant says it all, as its shorthand (decide.ts, failOnOf).
  Partial<Pick<DiffEnvsInputs, 'failOn'>>;

async function readPromotionFilter(inputs: InputReader): Promise<PromotionFilter> {
  const state = inputs.raw('promotions-state').trim().toLowerCase() || 'compliant';
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

/**
 * `compliance` (the lookups), the grades that fail the step (`fail-on`, or `fail-on-non-compliant` as its shorthand)
 * and whether it is a gate, which needs the lookups.
 */
function readComplianceInputs(inputs: InputReader) {
  const compliance = inputs.boolean('compliance', true);
  const failOn = readFailOn(inputs, SHORTHAND);
  const failOnNonCompliant = failOn.grades.length > 0;
  if (failOnNonCompliant && !compliance) {
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
  return { compliance, failOnNonCompliant, failOn };
}

/** The two snapshots as asked (canonical form): in the result file, also of a step that could not compare them. */
export function describe(inputs: DiffEnvsInputs) {
  return {
    snapshot1: { expression: formatSnapshotExpression(inputs.snapshot1) },
    snapshot2: { expression: formatSnapshotExpression(inputs.snapshot2) },
  };
}
