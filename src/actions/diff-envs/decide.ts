/**
 * diff-envs' decisions, pure: the service's groups as the result, replacements paired by name without tag or digest
 * (`backend 1.4.0 → 1.5.0`), and each arriving artifact's check, failing closed.
 */
import { firstByKey, lastByKey } from '../../api/pagination.js';
import type { ArtifactState, DiffArtifact, EnvDiff } from '../../api/schemas.js';
import { judgeAnswer, type Judged } from '../../compliance/decide.js';
import { sortFindings, type FailOn, type Grade, type Sorted } from '../../compliance/grades.js';
import { checkKey, type ArtifactLookup } from '../../compliance/lookup.js';
import type { PolicyVerdict } from '../../compliance/policy/evaluate.js';
import type { Judged as PolicyJudged, policyResult } from '../../compliance/policy/report.js';
import { worstVerdict } from '../../compliance/policy/verdict.js';
import { canonicalCommitUrl, commitOfUrl, compareUrl } from '../../context/commit-url.js';
import { splitImageName } from '../../context/artifact-name.js';
import { keptBy } from '../../context/name-filter.js';
import type { StepError } from '../../runtime/step.js';
import type { PromotionFilter } from './inputs.js';

/** One artifact replaced by another of the same repository: `from` only in snapshot 1, `to` only in snapshot 2. */
interface Replacement {
  /** The repository both share, e.g. `ghcr.io/acme/backend`. */
  name: string;
  from: DiffArtifact;
  to: DiffArtifact;
  /** The arriving version's entries in other flows than `to`'s (one image may belong to several); absent if none. */
  otherFlows?: DiffArtifact[];
}

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
type RolloutSide = 'snapshot-1' | 'snapshot-2' | 'both';

/** A snapshot runs two or more versions of one name (a rollout midway): none of it pairs or moves. */
export type Rollout = ReturnType<typeof rolloutsOf>[number];

/** One entry of the `promotions` matrix: an artifact that would move from snapshot 2 to snapshot 1. */
interface Promotion {
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
  /** The target's policy on it, in its worst flow; absent without `policy`. */
  policy?: PolicyVerdict;
}

/** An arriving artifact the `promotions` output leaves out, and why. */
interface LeftOut {
  name: string | null;
  fingerprint: string | null;
  why: 'not-compliant' | 'breaks-policy' | 'filtered' | 'no-name' | 'rollout' | 'not-confirmed';
  state?: ArrivalState | null;
  policy?: PolicyVerdict;
}

export type Promotions = ReturnType<typeof promotionsOf>;

export type DiffEnvsResult = ReturnType<typeof toResult> & {
  /** The arriving artifacts' compliance; absent with `compliance: false`. */
  compliance?: ComplianceReview;
  /** What would move from snapshot 2 to snapshot 1 (the `promotions` output), and what was left out. */
  promotions?: Promotions;
  /** The target's policy on each arriving artifact; absent without `policy`. */
  policy?: ReturnType<typeof policyResult>;
};

/** Pairs by repository where unambiguous: one version only in each snapshot; one without a name never pairs. */
export function pairReplacements(onlyIn1: DiffArtifact[], onlyIn2: DiffArtifact[]) {
  // By name, then by fingerprint: one image under two tags (`backend:1.6` and `backend:latest`) is one version.
  const byRepository = (artifacts: DiffArtifact[]) =>
    new Map(
      [...Map.groupBy(artifacts, (a) => repositoryOf(a) ?? '')]
        .filter(([name]) => name !== '')
        .map(([name, all]) => [name, Map.groupBy(all, (a) => a.fingerprint)]),
    );
  const one = byRepository(onlyIn1);
  const two = byRepository(onlyIn2);
  const replaced: Replacement[] = [];
  const paired = new Set<DiffArtifact>();
  // In snapshot 2's order: the arriving side leads.
  for (const [name, arriving] of two) {
    const leaving = one.get(name);
    if (arriving.size !== 1 || leaving?.size !== 1) continue;
    const [[fromPrint, fromAll]] = [...leaving] as [[string, DiffArtifact[]]];
    const [[toPrint, toAll]] = [...arriving] as [[string, DiffArtifact[]]];
    // The service compares by fingerprint: one on both sides is not a replacement.
    if (fromPrint === toPrint) continue;
    const [to, ...more] = toAll as [DiffArtifact, ...DiffArtifact[]];
    // The same image in another flow is reviewed too: compliant in one flow says nothing of another.
    const otherFlows = lastByKey(more, checkKey).filter((a) => checkKey(a) !== checkKey(to));
    replaced.push({
      name,
      from: fromAll[0] as DiffArtifact,
      to,
      ...(otherFlows.length > 0 && { otherFlows }),
    });
    for (const artifact of [...fromAll, ...toAll]) paired.add(artifact);
  }
  return {
    replaced,
    added: onlyIn2.filter((a) => !paired.has(a)),
    removed: onlyIn1.filter((a) => !paired.has(a)),
  };
}

/** A replacement's two tags (`1.4.0 → 1.5.0`), with a fingerprint's start where they are alike or missing. */
export function versions(replacement: Replacement): [string, string] {
  const tagOf = (a: DiffArtifact) => splitImageName(a.name ?? '').tag;
  const same = tagOf(replacement.from) === tagOf(replacement.to);
  const label = (a: DiffArtifact) => {
    const [tag, short] = [tagOf(a), a.fingerprint.slice(0, 12)];
    return tag === undefined ? short : same ? `${tag}@${short}` : tag;
  };
  return [label(replacement.from), label(replacement.to)];
}

/** What a promotion brings: the replaced (per flow), the added, and a rollout's versions only in snapshot 2. */
export function arrivingOf(result: Pick<DiffEnvsResult, 'replaced' | 'added'> & { rollouts?: Rollout[] }) {
  const rolling = (result.rollouts ?? []).flatMap((r) =>
    r.versions.filter((v) => v.in === 'snapshot-2').map((v) => v.artifact),
  );
  return [...result.replaced.flatMap(entriesOf), ...result.added, ...rolling];
}

/** The arriving side of a replacement, one entry per flow it belongs to: `to` first. */
export function entriesOf(r: Replacement): [DiffArtifact, ...DiffArtifact[]] {
  return [r.to, ...(r.otherFlows ?? [])];
}

/**
 * Each state's grade, as get-artifact grades one (none for COMPLIANT), and its rank: how far it is from COMPLIANT,
 * worst last (a known failure the furthest).
 */
const ARRIVAL: Record<ArrivalState, { grade: Grade | undefined; rank: number }> = {
  COMPLIANT: { grade: undefined, rank: 0 },
  INCOMPLETE: { grade: 'incomplete', rank: 1 },
  'NOT-FOUND': { grade: 'missing', rank: 2 },
  'NO-STATE': { grade: 'unknown', rank: 3 },
  'FLOW-UNKNOWN': { grade: 'unknown', rank: 3 },
  'NOT-CHECKED': { grade: 'unknown', rank: 3 },
  'EVIDENCE-NOT-COMPLIANT': { grade: 'non-compliant', rank: 4 },
  'NON-COMPLIANT': { grade: 'non-compliant', rank: 5 },
};

/** Of one version's entries (one per flow), the worst checked: it is no more compliant than in any flow. */
export function worstOf(
  entries: [DiffArtifact, ...DiffArtifact[]],
  checks: ReadonlyMap<string, ArrivalCheck>,
): { entry: DiffArtifact; check: ArrivalCheck } {
  const checked = entries.map((entry) => ({
    entry,
    check: checks.get(checkKey(entry)) ?? notChecked(entry),
  }));
  return checked.reduce((worst, next) =>
    ARRIVAL[next.check.state].rank > ARRIVAL[worst.check.state].rank ? next : worst,
  );
}

/** Of one version's entries (one per flow), the policy's worst verdict: a failure, then one not told, then a pass. */
export function versionVerdict(
  entries: [DiffArtifact, ...DiffArtifact[]],
  judged: ReadonlyMap<string, PolicyJudged>,
): PolicyVerdict {
  return worstVerdict(entries.map((e) => judged.get(checkKey(e))?.verdict ?? 'unknown'));
}

/** The name without tag or digest, for an artifact the answer names; undefined for one it does not. */
export function repositoryOf(a: DiffArtifact): string | undefined {
  const repository = typeof a.name === 'string' ? splitImageName(a.name).repository : '';
  return repository !== '' ? repository : undefined;
}

/**
 * The names a snapshot runs two or more versions of, where something changes (bar one version only in each): a
 * rollout in progress, whose pairing would be a guess. `both`: what is in both snapshots.
 */
export function rolloutsOf(onlyIn1: DiffArtifact[], onlyIn2: DiffArtifact[], both: DiffArtifact[]) {
  const sides: [DiffArtifact[], RolloutSide][] = [
    [onlyIn1, 'snapshot-1'],
    [onlyIn2, 'snapshot-2'],
    [both, 'both'],
  ];
  const placed = sides.flatMap(([artifacts, side]) => artifacts.map((artifact) => ({ artifact, in: side })));
  // Where a name runs two or more versions, unless nothing of it changes or it is a replacement (one only in each).
  const snapshotsOf = (versions: typeof placed): (1 | 2)[] => {
    const count = (side: RolloutSide) =>
      new Set(versions.filter((v) => v.in === side).map((v) => v.artifact.fingerprint)).size;
    const [a, b, c] = [count('snapshot-1'), count('snapshot-2'), count('both')];
    if (a + b === 0 || (a === 1 && b === 1)) return [];
    return [...(a + c > 1 ? [1 as const] : []), ...(b + c > 1 ? [2 as const] : [])];
  };
  return [...Map.groupBy(placed, (v) => repositoryOf(v.artifact) ?? '')]
    .filter(([name]) => name !== '')
    .map(([name, versions]) => ({ name, snapshots: snapshotsOf(versions), versions }))
    .filter((r) => r.snapshots.length > 0)
    .sort((x, y) => (x.name < y.name ? -1 : 1));
}

/** One side of a promotion, as the diff gives it: each field null where the answer does not. */
type PromotionSide = ReturnType<typeof promotionSide>;

function promotionSide(a: DiffArtifact) {
  return {
    fingerprint: a.fingerprint,
    tag: splitImageName(a.name ?? '').tag ?? null,
    /** The commit its `commit_url` names (a commit page), else null. */
    commit: commitOfUrl(a.commit_url) ?? null,
    'commit-url': canonicalCommitUrl(a.commit_url) ?? null,
  };
}

/**
 * What may move from snapshot 2 to 1 (the matrix): each named version kept by `only`/`exclude` and, with `state:
 * compliant`, COMPLIANT in its worst flow. Rollouts and an unconfirmed diff never move; each is said as left out.
 */
export function promotionsOf(result: DiffEnvsResult, filter: PromotionFilter) {
  const checks = new Map((result.compliance?.checks ?? []).map((c) => [checkKey(c), c]));
  const judged = result.policy && new Map(result.policy.artifacts.map((j) => [checkKey(j), j]));
  const include: Promotion[] = [];
  const leftOut: LeftOut[] = [];
  // One entry per version: an added image in two flows is one candidate, as a replaced one is.
  const added = Map.groupBy(result.added, (a) => `${repositoryOf(a) ?? ''}\u0000${a.fingerprint}`);
  const candidates = [
    ...result.replaced.map((r) => ({ name: r.name, from: r.from, entries: entriesOf(r) })),
    ...[...added.values()].map((all) => {
      const entries = all as [DiffArtifact, ...DiffArtifact[]];
      return { name: repositoryOf(entries[0]), from: null, entries };
    }),
  ];
  // The matrix is a decision to deploy: it rests on the diff being about the snapshots asked.
  const confirmed = result.snapshot1.id !== null && result.snapshot2.id !== null;
  for (const { name, from, entries } of candidates) {
    const to = entries[0];
    // The state of the worst of its flows, and that flow.
    const worst = result.compliance ? worstOf(entries, checks) : undefined;
    const state = worst?.check.state ?? null;
    const policy = judged && versionVerdict(entries, judged);
    const about = {
      name: name ?? null,
      fingerprint: to.fingerprint,
      state,
      ...(policy !== undefined && { policy }),
    };
    // With a policy and no lookups, the policy alone says what may move.
    const stateFails =
      filter.state === 'compliant' && (result.compliance || !judged) && state !== 'COMPLIANT';
    if (!confirmed) leftOut.push({ ...about, why: 'not-confirmed' });
    else if (name === undefined) leftOut.push({ ...about, why: 'no-name' });
    else if (!keptBy(name, filter.only, filter.exclude)) leftOut.push({ ...about, why: 'filtered' });
    else if (stateFails) leftOut.push({ ...about, why: 'not-compliant' });
    else if (filter.state === 'compliant' && policy !== undefined && policy !== 'pass') {
      leftOut.push({ ...about, why: 'breaks-policy' });
    } else {
      include.push({
        name,
        from: from ? promotionSide(from) : null,
        to: promotionSide(to),
        'compare-url': (from && compareUrl(from.commit_url, to.commit_url)) ?? null,
        state,
        flow: worst?.check.flow ?? (hasFlow(to) ? to.flow : null),
        ...(policy !== undefined && { policy }),
      });
    }
  }
  for (const r of result.rollouts) leftOut.push({ name: r.name, fingerprint: null, why: 'rollout' });
  return { include, leftOut };
}

/** Instances in the first and second snapshot: the group's count, else the entry's `instance_count`. */
export function instances(a: DiffArtifact, side: 1 | 2): number | undefined {
  return (side === 1 ? a.s1_instance_count : a.s2_instance_count) ?? a.instance_count ?? undefined;
}

/** The expression as sent (`staging~1`); the snapshot the service resolved it to (`staging#41`), null where the
 * answer does not say (not confirmed); the name the summary and log give it, the id else the expression. */
function side(expression: string, id: string | null | undefined) {
  return id ? { expression, id, name: id } : { expression, id: null, name: expression };
}

/** The service's four groups as the result, replacements paired: `changed` when anything is only in one, or scaled. */
export function toResult(url: string, one: string, two: string, diff: EnvDiff) {
  const onlyIn1 = diff.snappish1.artifacts;
  const onlyIn2 = diff.snappish2.artifacts;
  const scaled = diff.changed.artifacts;
  const unchanged = diff['not-changed'].artifacts;
  // A name with two versions in one snapshot is a rollout in progress: its artifacts pair with none (no guess).
  const rollouts = rolloutsOf(onlyIn1, onlyIn2, [...scaled, ...unchanged]);
  const rolling = new Set(rollouts.map((r) => r.name));
  const settled = (a: DiffArtifact) => !rolling.has(repositoryOf(a) ?? '\u0000');
  const { replaced, added, removed } = pairReplacements(onlyIn1.filter(settled), onlyIn2.filter(settled));
  return {
    url,
    // The client holds an id that is given to the snapshot asked; one not given is not confirmed (null).
    snapshot1: side(one, diff.snappish1.snapshot_id),
    snapshot2: side(two, diff.snappish2.snapshot_id),
    /** True when anything differs: an artifact only in one snapshot, or a change of instance count. */
    changed: onlyIn1.length + onlyIn2.length + scaled.length > 0,
    counts: {
      onlyIn1: onlyIn1.length,
      onlyIn2: onlyIn2.length,
      replaced: replaced.length,
      added: added.length,
      removed: removed.length,
      scaled: scaled.length,
      unchanged: unchanged.length,
      rollouts: rollouts.length,
    },
    /** Replaced: one only in each snapshot of one repository; added and removed: the rest, bar the rollouts'. */
    replaced,
    added,
    removed,
    rollouts,
    scaled,
    unchanged,
  };
}

/** Whether the diff names the artifact's flow: without one there is nothing to look it up in. */
export function hasFlow(a: DiffArtifact): a is DiffArtifact & { flow: string } {
  return typeof a.flow === 'string' && a.flow !== '';
}

/** The check of an arriving artifact in `state`, with `more` said about it. */
export function check(a: DiffArtifact, state: ArrivalState, more: Partial<ArrivalCheck> = {}): ArrivalCheck {
  return {
    name: a.name ?? null,
    fingerprint: a.fingerprint,
    flow: hasFlow(a) ? a.flow : null,
    state,
    compliant: state === 'COMPLIANT',
    ...more,
  };
}

/** The check of an answer: get-artifact's decision (src/compliance/decide.ts), so both judge an artifact alike. */
export function judge(a: DiffArtifact, found: ArtifactLookup): ArrivalCheck {
  if (found.notFound) return check(a, 'NOT-FOUND');
  const { state, ...judged } = judgeAnswer(found.artifact);
  const shown: ArrivalState =
    state === null
      ? 'NO-STATE'
      : state === 'COMPLIANT' && !judged.compliant
        ? 'EVIDENCE-NOT-COMPLIANT'
        : state;
  return { ...check(a, shown), ...judged };
}

/**
 * The check of each arriving artifact not COMPLIANT, once per flow and fingerprint; one without a check fails closed.
 */
export function notCompliant(arriving: DiffArtifact[], review: ComplianceReview): ArrivalCheck[] {
  const checks = new Map(review.checks.map((c) => [checkKey(c), c]));
  return firstByKey(arriving, checkKey)
    .map((a) => checks.get(checkKey(a)) ?? notChecked(a))
    .filter((c) => !c.compliant);
}

/** The check of an arriving artifact not checked, and why; by default, one that has no check. */
export function notChecked(
  a: DiffArtifact,
  error: StepError = { kind: 'unexpected', message: 'not looked up' },
): ArrivalCheck {
  return check(a, 'NOT-CHECKED', { error });
}

/** The grade of an arriving artifact's state; undefined for COMPLIANT. */
export function arrivalGrade(state: ArrivalState): Grade | undefined {
  return ARRIVAL[state].grade;
}

/** The arrivals not COMPLIANT sorted by fail-on; under any gate a NOT-CHECKED one fails whatever it lists. */
export function sortArrivals(bad: ArrivalCheck[], failOn: Pick<FailOn, 'grades'>): Sorted<ArrivalCheck> {
  const neverJudged = (c: ArrivalCheck) => failOn.grades.length > 0 && c.state === 'NOT-CHECKED';
  return sortFindings(bad, (c) => arrivalGrade(c.state) ?? 'unknown', failOn, neverJudged);
}
