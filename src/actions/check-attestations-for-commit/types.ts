/**
 * check-attestations-for-commit: the shapes its files share (the commits read, the decision and the result file) and
 * its constants; the inputs are what inputs.ts reads. Types and plain constants only.
 */
import type { AttestationsForCommitsQuery, CommitAttestation } from '../../api/schemas.js';
import type { DeployedArtifact } from '../../compliance/deployed.js';
import type { Grade } from '../../compliance/grades.js';
import type { PullRequestRef } from '../../context/github.js';
import type { NameFilter } from '../../context/name-filter.js';

export const ACTION = 'check-attestations-for-commit';

/** At most this many commits in one step (a range, or a list): more is an InputError that says how many. */
export const MAX_COMMITS = 5000;

/** What `since-deployed-in` does when nothing of this repository runs in the environment. */
export const ON_NO_BASE = ['fail', 'all', 'skip'] as const;
type OnNoBase = (typeof ON_NO_BASE)[number];

/** Where the commits to check come from. */
export type CommitSource =
  | { kind: 'input'; commits: string[] }
  /** `commits: <base>..<head>`, read in the checkout. */
  | { kind: 'range'; base: string; head: string; includeMerges: boolean }
  /** `since-deployed-in`: every commit of `head` since what runs in the environment. */
  | {
      kind: 'since-deployed';
      environment: string;
      /** The `name` input: the artifacts of this repository by name (besides `flow`). */
      names: NameFilter[];
      onNoBase: OnNoBase;
      /** The pull request's head commit on pull_request events, else GITHUB_SHA, else HEAD. */
      head: string;
      includeMerges: boolean;
    }
  | { kind: 'pull-request'; pullRequest: PullRequestRef }
  | { kind: 'github-sha'; sha: string };

/** The service's query, without the commits. */
export type GateQuery = Omit<AttestationsForCommitsQuery, 'commit_list'>;

export interface CheckedCommit {
  sha: string;
  /** The first line of its message, where known. */
  title: string | undefined;
  url: string | undefined;
}

export interface CommitsRead {
  commits: CheckedCommit[];
  /**
   * How they were found: the input, a range of the checkout, since what is deployed, the pull request's list, its
   * head alone, or GITHUB_SHA.
   */
  from: 'input' | 'range' | 'since-deployed' | 'pull-request' | 'pull-request-head' | 'github-sha';
  pullRequest?: number;
  /** Why the pull request's list was not used, or what it left out; what since-deployed-in did without a base. */
  note?: string;
  /** A range (`range`, `since-deployed`): as asked, and as git resolved it. */
  range?: RangeRead;
  /** since-deployed-in: what runs in the environment, of this repository. */
  deployed?: DeployedRead;
}

/** A range as read: the commits are newest first (a commit before its parents), always. */
interface RangeRead {
  /** `v1.2.0..HEAD`, or `production..HEAD` for since-deployed-in. */
  shown: string;
  head: string;
  /** The bases resolved; none when every commit of the head is checked (on-no-base: all). */
  bases: string[];
  includeMerges: boolean;
}

export interface DeployedRead {
  environment: string;
  /** The snapshot read (`production#12`), when the answer names it. */
  snapshot: string | undefined;
  /** How many artifacts run there in all. */
  running: number;
  /** Those of this repository, each with the commit it was built from where found. */
  artifacts: DeployedArtifact[];
  /** No base found: what on-no-base did (`all` checked every commit of the head, `skip` nothing). */
  noBase?: Exclude<OnNoBase, 'fail'>;
}

/** `unknown`: an attestation without a verdict (is_compliant null or absent), and none that failed. */
export type CellState = 'compliant' | 'non-compliant' | 'missing' | 'unknown';

/** The grades this gate finds (never incomplete: an attestation has a verdict or none). */
export const GATE_GRADES = ['non-compliant', 'missing', 'unknown'] as const satisfies readonly Grade[];

/** A missing or non-compliant attestation; `name` is null for a commit without any attestation (no `required`). */
interface GateItem {
  commit: string;
  name: string | null;
}

export interface GateCell {
  state: CellState;
  /**
   * The attestations that decided the cell: the newest of each flow, trail and artifact; where a person overrode
   * them, the override in their place (decide.ts, `overridden`).
   */
  attestations: CommitAttestation[];
  /** The override the cell shows (verdict, who and why), where one decided it. */
  override?: CommitAttestation;
}

export interface GateRow {
  commit: string;
  state: CellState;
  /** By attestation name: every required name, or without `required`, the names found on this commit. */
  cells: Record<string, GateCell>;
}

export interface Decision {
  /** True when nothing is missing and nothing is non-compliant. */
  compliant: boolean;
  /** The columns of the matrix: the required names, or every name found. */
  names: string[];
  rows: GateRow[];
  missing: GateItem[];
  /** Found with a verdict false. */
  nonCompliant: GateItem[];
  /** Found without a verdict (and none false): it fails closed unless fail-on leaves unknown out. */
  unknown: GateItem[];
  /** Every one of the three, graded, in the order of the matrix (commit by commit, column by column). */
  findings: GradedItem[];
}

export interface GradedItem extends GateItem {
  grade: (typeof GATE_GRADES)[number];
}

/** Worst last: a row is as bad as its worst cell. */
export const STATE_RANK: Record<CellState, number> = {
  compliant: 0,
  missing: 1,
  unknown: 2,
  'non-compliant': 3,
};

/** `skipped`: since-deployed-in found no base and on-no-base is skip, so nothing was checked (never a pass). */
export type Outcome = 'compliant' | 'non-compliant' | 'error' | 'skipped';

/** The result file's content (with `outcome`, which the finisher adds). */
export interface GateResult extends Decision {
  failOnNonCompliant: boolean;
  /** The grades that fail the step. */
  failOn: Grade[];
  /** What the step would decide with every grade listed: true when anything is missing, non-compliant or unknown. */
  wouldFail: boolean;
  commits: CommitsRead['commits'];
  from: CommitsRead['from'];
  pullRequest: number | undefined;
  note: string | undefined;
  range: RangeRead | undefined;
  deployed: DeployedRead | undefined;
  query: GateQuery;
  required: string[];
}
