/**
 * check-attestations-for-commit: the shapes its files share (the inputs, the commits read, the decision and the result
 * file) and its constants. Types and plain constants only.
 */
import type { AttestationsForCommitsQuery, CommitAttestation } from '../../api/schemas.js';
import type { PullRequestRef } from '../../context/github.js';
import type { CommonInputs } from '../../runtime/context.js';
import type { PrCommentInputs } from '../../runtime/pr-comment.js';

export const ACTION = 'check-attestations-for-commit';

/** Where the commits to check come from. */
export type CommitSource =
  | { kind: 'input'; commits: string[] }
  | { kind: 'pull-request'; pullRequest: PullRequestRef }
  | { kind: 'github-sha'; sha: string };

/** The service's query, without the commits. */
export type GateQuery = Omit<AttestationsForCommitsQuery, 'commit_list'>;

export interface GateInputs extends CommonInputs {
  source: CommitSource;
  query: GateQuery;
  /** Attestation names every commit needs; empty: at least one attestation, all compliant. */
  required: string[];
  failOnNonCompliant: boolean;
  /** Reads the pull request's commits. */
  githubToken: string | undefined;
  prComment: PrCommentInputs;
}

export interface CheckedCommit {
  sha: string;
  /** The first line of its message, where known. */
  title: string | undefined;
  url: string | undefined;
}

export interface CommitsRead {
  commits: CheckedCommit[];
  /** How they were found: the input, the pull request's list, its head alone, or GITHUB_SHA. */
  from: 'input' | 'pull-request' | 'pull-request-head' | 'github-sha';
  pullRequest?: number;
  /** Why the pull request's list was not used, or what it left out: a warning. */
  note?: string;
}

export type CellState = 'compliant' | 'non-compliant' | 'missing';

/** A missing or non-compliant attestation; `name` is null for a commit without any attestation (no `required`). */
export interface GateItem {
  commit: string;
  name: string | null;
}

export interface GateCell {
  state: CellState;
  /** The attestations that decided the cell: the newest of each flow, trail and artifact. */
  attestations: CommitAttestation[];
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
  nonCompliant: GateItem[];
}

/** Worst last: a row is as bad as its worst cell. */
export const STATE_RANK: Record<CellState, number> = { compliant: 0, missing: 1, 'non-compliant': 2 };

export type Outcome = 'compliant' | 'non-compliant' | 'error';

/** The result file's content (with `outcome`, which the finisher adds). */
export interface GateResult extends Decision {
  failOnNonCompliant: boolean;
  commits: CommitsRead['commits'];
  from: CommitsRead['from'];
  pullRequest: number | undefined;
  note: string | undefined;
  query: GateQuery;
  required: string[];
}
