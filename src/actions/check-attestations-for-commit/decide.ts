/** The gate's decisions, pure: the verdict per commit and name, and the review's per commit; tested with tables. */
import {
  OVERRIDE_ATTESTATION_TYPE,
  type AttestationsByCommit,
  type AttestedPullRequest,
  type CommitAttestation,
} from '../../api/schemas.js';
import type { Grade } from '../../compliance/grades.js';
import { overrideText, UNKNOWN_MARK } from '../../summary/cells.js';
import type { GATE_GRADES } from './inputs.js';

/**
 * Worst last: a row is as bad as its worst cell. `unknown`: an attestation without a verdict (is_compliant null or
 * absent), and none that failed.
 */
export const CELL_STATES = ['compliant', 'missing', 'unknown', 'non-compliant'] as const;
export type CellState = (typeof CELL_STATES)[number];
export const stateRank = (state: CellState) => CELL_STATES.indexOf(state);

export interface GateCell {
  state: CellState;
  /** The attestations that decided the cell (the newest of each flow, trail and artifact), or their override. */
  attestations: CommitAttestation[];
  /** The override the cell shows (verdict, who and why), where one decided it. */
  override?: CommitAttestation;
}

/** A missing, non-compliant or unknown attestation; `name` is null for a commit without any attestation. */
export interface GradedItem {
  commit: string;
  name: string | null;
  grade: (typeof GATE_GRADES)[number];
}

export type Decision = ReturnType<typeof decide>;

/** Worst last: no verdict is worse than a pass, a failure worse than both. */
const verdictRank = (a: CommitAttestation) => stateRank(cellState([a]));

/**
 * Decides every commit: with `required`, every name; without, at least one attestation. Of one name, the newest per
 * flow, trail and artifact counts (newestByName) and each must be compliant; no verdict is unknown (a gate fails
 * closed); an override decides what it overrides.
 */
export function decide(commits: string[], found: AttestationsByCommit, required: string[]) {
  const names = [...new Set(required)];
  // Each row's cells are keyed by attestation name: every required name, or without `required`, those found on it.
  const rows: { commit: string; state: CellState; cells: Record<string, GateCell> }[] = [];
  const findings: GradedItem[] = [];
  const seen = new Set<string>();
  for (const commit of new Set(commits)) {
    const byName = newestByName(found[commit] ?? []);
    for (const name of byName.keys()) seen.add(name);
    const columns = names.length > 0 ? names : [...byName.keys()].sort();
    // Keyed by names from the service: no prototype, so 'valueOf' or '__proto__' is a name like any other.
    const cells = Object.create(null) as Record<string, GateCell>;
    // The row: its worst cell; with no column at all (no attestation, nothing required), missing.
    let row: CellState = columns.length === 0 ? 'missing' : 'compliant';
    for (const name of columns) {
      const { counted, override } = overridden(byName.get(name) ?? []);
      const state = cellState(counted);
      cells[name] = { state, attestations: counted, ...(override && { override }) };
      if (state !== 'compliant') findings.push({ commit, name, grade: state });
      if (stateRank(state) > stateRank(row)) row = state;
    }
    if (columns.length === 0) findings.push({ commit, name: null, grade: 'missing' });
    rows.push({ commit, state: row, cells });
  }
  const of = (grade: GradedItem['grade']) =>
    findings.filter((f) => f.grade === grade).map(({ commit, name }) => ({ commit, name }));
  return {
    /** True when nothing is missing and nothing is non-compliant. */
    compliant: findings.length === 0,
    /** The columns of the matrix: the required names, or every name found. */
    names: names.length > 0 ? names : [...seen].sort(),
    rows,
    missing: of('missing'),
    /** Found with a verdict false. */
    nonCompliant: of('non-compliant'),
    /** Found without a verdict (and none false): it fails closed unless fail-on leaves unknown out. */
    unknown: of('unknown'),
    /** Every one of the three, graded, in the order of the matrix (commit by commit, column by column). */
    findings,
  };
}

/**
 * An override stands for the attestations of its name reported no later than it, made where it was made as far as
 * both say; the newest override counts. A newer report, or one from elsewhere, is never hidden by it.
 */
function overridden(attestations: CommitAttestation[]): {
  counted: CommitAttestation[];
  override?: CommitAttestation;
} {
  const overrides = attestations.filter((a) => a.attestation_type === OVERRIDE_ATTESTATION_TYPE);
  const newer = (a: CommitAttestation, than: CommitAttestation) =>
    a.created_at != null && than.created_at != null && a.created_at > than.created_at;
  const differ = (x: string | null | undefined, y: string | null | undefined) => !!x && !!y && x !== y;
  const elsewhere = (o: CommitAttestation, a: CommitAttestation) =>
    differ(o.flow_name, a.flow_name) ||
    differ(o.trail_name, a.trail_name) ||
    differ(o.artifact_fingerprint, a.artifact_fingerprint);
  const standsFor = (o: CommitAttestation, a: CommitAttestation) => !newer(a, o) && !elsewhere(o, a);
  // An override a newer one stands for is superseded by it.
  const standing = overrides.filter((o) => !overrides.some((n) => newer(n, o) && standsFor(n, o)));
  const counted = attestations.filter((a) =>
    a.attestation_type === OVERRIDE_ATTESTATION_TYPE
      ? standing.includes(a)
      : !standing.some((o) => standsFor(o, a)),
  );
  const newest = Math.max(...standing.map((o) => o.created_at ?? -Infinity));
  const shown = standing
    .filter((o) => (o.created_at ?? -Infinity) === newest || o.created_at == null)
    .sort((a, b) => verdictRank(b) - verdictRank(a))[0];
  return { counted, ...(shown && { override: shown }) };
}

/** One false verdict makes the name non-compliant; else one without a verdict makes it unknown. */
export function cellState(attestations: CommitAttestation[]): CellState {
  if (attestations.length === 0) return 'missing';
  if (attestations.some((a) => a.is_compliant === false)) return 'non-compliant';
  return attestations.every((a) => a.is_compliant === true) ? 'compliant' : 'unknown';
}

/**
 * The attestations that count, by name: a later one supersedes only where both say where they were made and it is
 * strictly newer, so an old failure is never hidden by a newer pass from elsewhere.
 */
function newestByName(attestations: CommitAttestation[]): Map<string, CommitAttestation[]> {
  const groups = new Map<string, Map<string, CommitAttestation[]>>();
  let unplaced = 0;
  for (const a of attestations) {
    const name = a.attestation_name;
    const placed = a.flow_name && a.trail_name;
    const key = placed
      ? [a.flow_name, a.trail_name, a.artifact_fingerprint ?? ''].join('\u0000')
      : `\u0001${unplaced++}`;
    const byKey = groups.get(name) ?? new Map<string, CommitAttestation[]>();
    groups.set(name, byKey);
    const kept = byKey.get(key) ?? [];
    const time = a.created_at;
    if (kept.length === 0) byKey.set(key, [a]);
    else if (time == null || kept.some((k) => k.created_at == null || k.created_at === time)) kept.push(a);
    else if (kept.every((k) => (k.created_at ?? 0) < time)) byKey.set(key, [a]);
    // else: older than what is kept, superseded.
  }
  return new Map([...groups].map(([name, byKey]) => [name, [...byKey.values()].flat()]));
}

// The never-alone review, pure: was each commit approved by someone other than its authors? Every pull-request
// attestation of a commit counts, and a lack of data is `unknown`, never reviewed.

/**
 * Each verdict: the grade it fails with (`fail-on`), none for the three that pass; its mark and its words in a
 * reader's language. In the summary's order.
 */
export const VERDICTS = {
  'overridden-non-compliant': { grade: 'non-compliant', mark: '❌', words: 'rejected by an override' },
  unknown: { grade: 'unknown', mark: UNKNOWN_MARK, words: 'could not be checked' },
  'self-approved': { grade: 'self-approved', mark: '❌', words: 'self-approved' },
  // Not `merged`: on a pull request's own run, its pull request is still open.
  unreviewed: { grade: 'unreviewed', mark: '❌', words: 'approved by no one' },
  'no-pull-request': { grade: 'no-pull-request', mark: '⚠️', words: 'without a pull request' },
  'overridden-compliant': { grade: undefined, mark: '✅', words: 'accepted by an override' },
  exempt: { grade: undefined, mark: '✅', words: 'exempt from review' },
  reviewed: { grade: undefined, mark: '✅', words: 'reviewed by someone else' },
} as const satisfies Record<string, { grade: Grade | undefined; mark: string; words: string }>;
export type Verdict = keyof typeof VERDICTS;

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

/** A username as compared: look-alike forms (fullwidth letters) folded, invisible characters dropped, trimmed. */
const person = (name: string | null | undefined) =>
  (name ?? '')
    .normalize('NFKC')
    .replace(/[\u00AD\u200B-\u200F\u2060-\u2064\uFEFF]/g, '')
    .trim();
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function distinct(names: string[]): string[] {
  return names.filter((name, i) => name !== '' && names.findIndex((n) => same(n, name)) === i);
}

/** Whether the answer names the author of every commit: a pull request has at least one. */
function namesEveryAuthor(pr: AttestedPullRequest): boolean {
  return !!pr.commits?.length && pr.commits.every((c) => person(c.author_username) !== '');
}

/** One pull request judged: its verdict and the people, trimmed, each once (compared case-insensitively). */
function judge(pr: AttestedPullRequest) {
  const approvers = distinct((pr.approvers ?? []).map((a) => person(a.username)));
  const authors = distinct((pr.commits ?? []).map((c) => person(c.author_username)));
  const of = (verdict: 'reviewed' | 'self-approved' | 'unreviewed' | 'unknown', reason: string) => {
    return { verdict, reason, pr, authors, approvers };
  };
  if (approvers.length >= 2) return of('reviewed', `approved by ${approvers.join(', ')}`);
  if (pr.approvers == null) return of('unknown', 'the answer does not list its approvers');
  if (pr.approvers.some((a) => person(a.username) === ''))
    return of('unknown', 'the answer lists an approver without a username');
  const [approver] = approvers;
  if (approver === undefined) return of('unreviewed', 'no approver');
  if (!namesEveryAuthor(pr))
    return of('unknown', `approved by ${approver} alone; the answer does not name every author`);
  if (authors.some((a) => same(a, approver)))
    return of('self-approved', `approved only by its author ${approver}`);
  return of('reviewed', `approved by ${approver}, who authored none of its commits`);
}

type Judged = ReturnType<typeof judge>;

/** Worst first among those that fail: a lack of data before a finding, as either may hide a review. */
const FAILING_ORDER: Judged['verdict'][] = ['unknown', 'self-approved', 'unreviewed'];

export function reviewCommit(
  commit: string,
  attestations: CommitAttestation[],
  isExempt: (username: string) => boolean,
): ReviewVerdict {
  // An override stands for the attestations of its name it covers (`overridden`, above), which then do not count.
  const byName = Map.groupBy(attestations, (a) => a.attestation_name);
  const counted: CommitAttestation[] = [];
  // Each standing override that stands for a report (or is all its name has), with the reports it hides and those of
  // its name it leaves standing (newer, or from elsewhere).
  const overrides: { override: CommitAttestation; hides: CommitAttestation[]; rest: CommitAttestation[] }[] =
    [];
  const reports = (list: CommitAttestation[]) =>
    list.filter((a) => a.attestation_type !== OVERRIDE_ATTESTATION_TYPE);
  for (const group of byName.values()) {
    const { counted: kept } = overridden(group);
    counted.push(...reports(kept));
    const all = reports(group);
    for (const o of kept.filter((a) => a.attestation_type === OVERRIDE_ATTESTATION_TYPE)) {
      // It decides only what it stands for: one older than every report of its trail, or of another, hides none.
      const left = overridden([o, ...all]).counted;
      const hides = all.filter((a) => !left.includes(a));
      if (hides.length > 0 || all.length === 0) overrides.push({ override: o, hides, rest: reports(kept) });
    }
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

  // Of several standing (of other trails or names), a rejection decides: a gate fails closed. An acceptance decides
  // only where no report of its name stands beside it (a newer one, or one from elsewhere, is judged as it is).
  const decider = [...overrides].sort((a, b) => verdictRank(b.override) - verdictRank(a.override))[0];
  if (decider && (decider.override.is_compliant !== true || decider.rest.length === 0)) {
    const { override } = decider;
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
      ...people(decider.hides.flatMap((a) => a.pull_requests ?? []).map(judge)[0]),
      override: {
        is_compliant: override.is_compliant ?? null,
        reported_by: override.reported_by ?? null,
        description: override.description ?? null,
        html_url: override.html_url ?? null,
      },
    };
  }

  // The commit's own authors where a pull request lists it, else every author of its pull requests, all named.
  const own = judged.flatMap((j) => (j.pr.commits ?? []).filter((c) => c.sha1 === commit));
  const known = own.length > 0 || (!unread && judged.every((j) => namesEveryAuthor(j.pr)));
  const named = (own.length > 0 ? own : judged.flatMap((j) => j.pr.commits ?? [])).map((c) =>
    person(c.author_username),
  );
  const authors = distinct(named);
  if (known && authors.length > 0 && !named.includes('') && authors.every(isExempt)) {
    const reason = `authored by ${authors.join(', ')}, exempt from review`;
    return { commit, verdict: 'exempt', reason, ...people(judged[0]), authors };
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
    Object.keys(VERDICTS).map((v) => [v, verdicts.filter((r) => r.verdict === v).length]),
  ) as Record<Verdict, number>;
  const failing = verdicts.filter((r) => VERDICTS[r.verdict].grade !== undefined);
  return { verdicts, counts, failing, compliant: failing.length === 0 };
}

export type Review = ReturnType<typeof decideReview>;

/** The grade a verdict fails with; never undefined for the verdicts in `failing`. */
export function gradeOf(r: ReviewVerdict): Grade {
  return VERDICTS[r.verdict].grade ?? 'unknown';
}
