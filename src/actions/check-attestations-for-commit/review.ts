/**
 * The never-alone review, pure: was each commit approved by someone other than its authors? Every pull-request
 * attestation of a commit counts, and a lack of data is `unknown`, never reviewed.
 */
import {
  OVERRIDE_ATTESTATION_TYPE,
  type AttestationsByCommit,
  type AttestedPullRequest,
  type CommitAttestation,
} from '../../api/schemas.js';
import { sortFindings, type FailOn, type Grade } from '../../compliance/grades.js';
import { overrideText } from '../../summary/cells.js';
import { overridden } from './decide.js';

/** Each verdict and the grade it fails with (`fail-on`), none for the three that pass; in the summary's order. */
export const VERDICT_GRADES = {
  'overridden-non-compliant': 'non-compliant',
  unknown: 'unknown',
  'self-approved': 'self-approved',
  unreviewed: 'unreviewed',
  'no-pull-request': 'no-pull-request',
  'overridden-compliant': undefined,
  exempt: undefined,
  reviewed: undefined,
} as const satisfies Record<string, Grade | undefined>;
export type Verdict = keyof typeof VERDICT_GRADES;

export interface ReviewVerdict {
  commit: string;
  verdict: Verdict;
  /** Why, in a reader's words: who approved, or what is lacking. */
  reason: string;
  /** The pull request that decided: the one that proved the review, else the first one read. */
  pullRequest?: string;
  /** Of that pull request (for exempt, the commit's own), as the service spells them. */
  authors: string[];
  approvers: string[];
  /** The override that decided, with who and why where the answer says. */
  override?: Pick<CommitAttestation, 'is_compliant' | 'reported_by' | 'description' | 'html_url'>;
}

/** One pull request judged: its verdict and the people, trimmed, each once (compared case-insensitively). */
interface Judged {
  verdict: 'reviewed' | 'self-approved' | 'unreviewed' | 'unknown';
  reason: string;
  pr: AttestedPullRequest;
  authors: string[];
  approvers: string[];
}

/** `username` trimmed; '' when absent. */
const person = (name: string | null | undefined) => (name ?? '').trim();
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function distinct(names: string[]): string[] {
  return names.filter((name, i) => name !== '' && names.findIndex((n) => same(n, name)) === i);
}

function judge(pr: AttestedPullRequest): Judged {
  const approvers = distinct((pr.approvers ?? []).map((a) => person(a.username)));
  const authors = distinct((pr.commits ?? []).map((c) => person(c.author_username)));
  const of = (verdict: Judged['verdict'], reason: string): Judged => ({
    verdict,
    reason,
    pr,
    authors,
    approvers,
  });
  if (approvers.length >= 2) return of('reviewed', `approved by ${approvers.join(', ')}`);
  if (pr.approvers == null) return of('unknown', 'the answer does not list its approvers');
  if (pr.approvers.some((a) => person(a.username) === ''))
    return of('unknown', 'the answer lists an approver without a username');
  const [approver] = approvers;
  if (approver === undefined) return of('unreviewed', 'no approver');
  if (pr.commits == null || pr.commits.some((c) => person(c.author_username) === ''))
    return of('unknown', `approved by ${approver} alone; the answer does not name every author`);
  if (authors.some((a) => same(a, approver)))
    return of('self-approved', `approved only by its author ${approver}`);
  return of('reviewed', `approved by ${approver}, who authored none of its commits`);
}

/** Worst first among those that fail: a lack of data before a finding, as either may hide a review. */
const FAILING_ORDER: Judged['verdict'][] = ['unknown', 'self-approved', 'unreviewed'];

export function reviewCommit(
  commit: string,
  attestations: CommitAttestation[],
  isExempt: (username: string) => boolean,
): ReviewVerdict {
  // An override stands for the attestations of its name it covers (decide.ts), which then do not count.
  const byName = Map.groupBy(attestations, (a) => a.attestation_name);
  const counted: CommitAttestation[] = [];
  const overrides: CommitAttestation[] = [];
  const reports = (list: CommitAttestation[]) =>
    list.filter((a) => a.attestation_type !== OVERRIDE_ATTESTATION_TYPE);
  for (const group of byName.values()) {
    const { counted: kept, override } = overridden(group);
    counted.push(...reports(kept));
    // It decides only what it stands for: an override older than every report of its name hides none.
    const hidden = reports(group).length - reports(kept).length;
    if (override && (hidden > 0 || reports(group).length === 0)) overrides.push(override);
  }
  const judged: Judged[] = [];
  let unread = false;
  for (const a of counted) {
    if (a.pull_requests == null) unread = true;
    else judged.push(...a.pull_requests.map(judge));
  }
  const proof = judged.find((j) => j.verdict === 'reviewed');
  const people = (j: Judged | undefined) => ({
    ...(j?.pr.url && { pullRequest: j.pr.url }),
    authors: j?.authors ?? [],
    approvers: j?.approvers ?? [],
  });
  if (proof) return { commit, verdict: 'reviewed', reason: proof.reason, ...people(proof) };

  const override = [...overrides].sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0))[0];
  if (override) {
    const verdict =
      override.is_compliant === true
        ? 'overridden-compliant'
        : override.is_compliant === false
          ? 'overridden-non-compliant'
          : 'unknown';
    return {
      commit,
      verdict,
      reason: overrideText(override),
      // The pull request it overrode, though the override hid it from the count.
      ...people(
        reports(attestations)
          .flatMap((a) => a.pull_requests ?? [])
          .map(judge)[0],
      ),
      override: {
        is_compliant: override.is_compliant ?? null,
        reported_by: override.reported_by ?? null,
        description: override.description ?? null,
        html_url: override.html_url ?? null,
      },
    };
  }

  // The commit's own authors where a pull request lists it, else every author of its pull requests.
  const own = judged.flatMap((j) =>
    (j.pr.commits ?? []).filter((c) => c.sha1 === commit).map((c) => person(c.author_username)),
  );
  const authors = distinct(own.length > 0 ? own : judged.flatMap((j) => j.authors));
  if (authors.length > 0 && authors.every(isExempt)) {
    const shown = judged[0];
    return {
      commit,
      verdict: 'exempt',
      reason: `authored by ${authors.join(', ')}, exempt from review`,
      ...people(shown),
      authors,
    };
  }

  if (unread) {
    const reason = 'the answer does not say which pull requests it has';
    return { commit, verdict: 'unknown', reason, ...people(judged[0]) };
  }
  for (const verdict of FAILING_ORDER) {
    const found = judged.find((j) => j.verdict === verdict);
    if (found) return { commit, verdict, reason: found.reason, ...people(found) };
  }
  const reason = counted.length === 0 ? 'no pull-request attestation' : 'pushed without a pull request';
  return { commit, verdict: 'no-pull-request', reason, authors: [], approvers: [] };
}

/** The review of every commit, in order, and how many of each verdict. */
export function decideReview(
  commits: string[],
  found: AttestationsByCommit,
  isExempt: (username: string) => boolean,
) {
  const verdicts = [...new Set(commits)].map((commit) => reviewCommit(commit, found[commit] ?? [], isExempt));
  const counts = Object.fromEntries(
    Object.keys(VERDICT_GRADES).map((v) => [v, verdicts.filter((r) => r.verdict === v).length]),
  ) as Record<Verdict, number>;
  const failing = verdicts.filter((r) => VERDICT_GRADES[r.verdict] !== undefined);
  return { verdicts, counts, failing, compliant: failing.length === 0 };
}

export type Review = ReturnType<typeof decideReview>;

/** The grade a verdict fails with; never undefined for the verdicts in `failing`. */
export function gradeOf(r: ReviewVerdict): Grade {
  return VERDICT_GRADES[r.verdict] ?? 'unknown';
}

/** Which failing commits fail the step and which only warn, by fail-on. */
export function sortReview(review: Pick<Review, 'failing'>, failOn: Pick<FailOn, 'grades'>) {
  return sortFindings(review.failing, gradeOf, failOn);
}
