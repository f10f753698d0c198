/** The gate's decision, pure: the verdict per commit and name, tested in-process with tables. */
import {
  OVERRIDE_ATTESTATION_TYPE,
  type AttestationsByCommit,
  type CommitAttestation,
} from '../../api/schemas.js';
import { sortFindings, type FailOn, type Sorted } from '../../compliance/grades.js';
import type { GATE_GRADES } from './inputs.js';

/** `unknown`: an attestation without a verdict (is_compliant null or absent), and none that failed. */
export type CellState = 'compliant' | 'non-compliant' | 'missing' | 'unknown';

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

/** Worst last: a row is as bad as its worst cell. */
export const STATE_RANK: Record<CellState, number> = {
  compliant: 0,
  missing: 1,
  unknown: 2,
  'non-compliant': 3,
};

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
    for (const name of columns) {
      const { counted, override } = overridden(byName.get(name) ?? []);
      const state = cellState(counted);
      cells[name] = { state, attestations: counted, ...(override && { override }) };
      if (state !== 'compliant') findings.push({ commit, name, grade: state });
    }
    if (columns.length === 0) findings.push({ commit, name: null, grade: 'missing' });
    rows.push({ commit, state: rowState(Object.values(cells), columns.length), cells });
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
export function overridden(attestations: CommitAttestation[]): {
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

/** Worst last: no verdict is worse than a pass, a failure worse than both. */
function verdictRank(a: CommitAttestation): number {
  return a.is_compliant === true ? 0 : a.is_compliant === false ? 2 : 1;
}

/** One false verdict makes the name non-compliant; else one without a verdict makes it unknown. */
export function cellState(attestations: CommitAttestation[]): CellState {
  if (attestations.length === 0) return 'missing';
  if (attestations.some((a) => a.is_compliant === false)) return 'non-compliant';
  return attestations.every((a) => a.is_compliant === true) ? 'compliant' : 'unknown';
}

/** Which findings fail the step and which warn: those found first, then the missing, in the matrix's order. */
export function sortByFailOn(
  decision: Pick<Decision, 'findings'>,
  failOn: Pick<FailOn, 'grades'>,
): Sorted<GradedItem> {
  const found = decision.findings.filter((f) => f.grade !== 'missing');
  const missing = decision.findings.filter((f) => f.grade === 'missing');
  return sortFindings([...found, ...missing], (f) => f.grade, failOn);
}

/** The worst of the cells; a commit with no column at all (no attestation, nothing required) is missing. */
function rowState(cells: GateCell[], columns: number): CellState {
  if (columns === 0) return 'missing';
  return cells.reduce<CellState>(
    (worst, { state }) => (STATE_RANK[state] > STATE_RANK[worst] ? state : worst),
    'compliant',
  );
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
