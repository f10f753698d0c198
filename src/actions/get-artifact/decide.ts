/** get-artifact, deciding (pure): whether an answer is the trail's, each item's verdict and grade, the outcome. */
import type { Artifact } from '../../api/schemas.js';
import { judgeAnswer, type Verdict } from '../../compliance/decide.js';
import {
  artifactGrade,
  fails,
  sortFindings,
  type FailOn,
  type Grade,
  type Sorted,
} from '../../compliance/grades.js';
import type { ArtifactLookup } from '../../compliance/lookup.js';
import type { NamedSpec } from '../../runtime/artifact.js';
import type { StepError } from '../../runtime/step.js';
import type { GetArtifactInputs, ItemOutcome, ItemResult } from './inputs.js';

/** Said when a trail was asked and the answer names none (2.8 does not require it): not confirmed. */
export function trailNotConfirmed(trail: string | undefined, artifact: Artifact): string | undefined {
  if (trail === undefined || artifact.trail_name) return undefined;
  return `Not confirmed: the answer names no trail, so it cannot be shown to be about trail '${trail}' as asked.`;
}

/** Worst last. */
const RANK: ItemOutcome[] = ['compliant', 'non-compliant', 'not-found', 'error'];

/** The step's outcome with many items: the worst of the items' (error, then not-found, then non-compliant). */
export function worstOutcome(items: ItemResult[]): ItemOutcome {
  return RANK[Math.max(...items.map((item) => RANK.indexOf(item.outcome)))] ?? 'compliant';
}

export function notChecked(item: NamedSpec, fingerprint: string | undefined, error: StepError | undefined) {
  return {
    name: item.name,
    ...(fingerprint !== undefined && { fingerprint }),
    outcome: 'error',
    state: null,
    compliant: false,
    ...(error && { error }),
  } satisfies ItemResult;
}

/** One read's grade: a passing state not confirmed to be the trail's is unknown; a failing one keeps its grade. */
export function gradeOf(
  read: Pick<Verdict, 'found' | 'state' | 'compliant'> & { notConfirmed?: string | undefined },
): Grade | undefined {
  if (!read.found) return 'missing';
  const byState = artifactGrade(read.state, read.compliant);
  return byState ?? (read.notConfirmed !== undefined ? 'unknown' : undefined);
}

/** The grade of one of many items: one that could not be checked is unknown. */
export function itemGrade(item: ItemResult): Grade | undefined {
  if (item.outcome === 'error') return 'unknown';
  return gradeOf({ ...item, found: item.outcome !== 'not-found' });
}

/** Which of many items fail the step and which warn; one that could not be checked fails whatever fail-on says. */
export function sortItems(items: ItemResult[], failOn: Pick<FailOn, 'grades'>): Sorted<ItemResult> {
  const graded = items.filter((item) => itemGrade(item) !== undefined);
  return sortFindings(
    graded,
    (item) => itemGrade(item) ?? 'unknown',
    failOn,
    (item) => item.outcome === 'error',
  );
}

export function judge(
  inputs: Pick<GetArtifactInputs, 'trail' | 'failOn'>,
  item: NamedSpec,
  fingerprint: string,
  found: ArtifactLookup,
): ItemResult {
  if (found.notFound) {
    return { name: item.name, fingerprint, outcome: 'not-found', state: null, compliant: false };
  }
  const { artifact } = found;
  const notConfirmed = trailNotConfirmed(inputs.trail, artifact);
  // As with one item: the gate cannot pass on an artifact not shown to be the trail's.
  if (notConfirmed && fails(inputs.failOn, 'unknown')) {
    return notChecked(item, fingerprint, { kind: 'unexpected-response', message: notConfirmed });
  }
  const judged = judgeAnswer(artifact);
  return {
    // An item given by its fingerprint is named as the service knows it (its fingerprint is beside it anyway).
    name: item.spec.type === 'fingerprint' && artifact.filename ? artifact.filename : item.name,
    fingerprint,
    outcome: judged.compliant ? 'compliant' : 'non-compliant',
    ...judged,
    ...(notConfirmed !== undefined && { notConfirmed }),
  };
}
