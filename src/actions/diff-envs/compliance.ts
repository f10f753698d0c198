/**
 * diff-envs, compliance: the state of each arriving artifact (only in snapshot 2, the new side of each replacement)
 * as the service has it, read with GET /artifacts/{org}/{flow}/fingerprint/{fp} in the flow the diff names. One
 * lookup per distinct fingerprint, at most 8 at a time, at most 200 per step. Every check fails closed: only an answer
 * about the artifact asked, COMPLIANT by its state and its evidence, is compliant.
 */
import type { ComplianceClient } from '../../api/client.js';
import { mapBounded } from '../../api/pagination.js';
import type { ArtifactState, DiffArtifact } from '../../api/schemas.js';
import { judgeAnswer, type AttestationProblem } from '../../compliance/decide.js';
import { lookUpArtifact } from '../../compliance/lookup.js';
import { stepError, type StepError } from '../../runtime/step.js';
import { patterns } from '../../api/schemas/common.js';
import { quoteText } from '../../trust/text.js';
import { log } from '../../trust/log.js';

export const MAX_LOOKUPS = 200;
export const LOOKUP_CONCURRENCY = 8;

/**
 * The service's state, or what stands in for one: `NO-STATE` (the service gave none), `EVIDENCE-NOT-COMPLIANT`
 * (COMPLIANT, but the evidence shows an attestation missing or failing), `NOT-FOUND` (not in that flow),
 * `FLOW-UNKNOWN` (the diff names no flow: nothing to look it up in), `NOT-CHECKED` (the lookup failed, or was over
 * the cap). Only `COMPLIANT` passes.
 */
export type ArrivalState =
  ArtifactState | 'NO-STATE' | 'EVIDENCE-NOT-COMPLIANT' | 'NOT-FOUND' | 'FLOW-UNKNOWN' | 'NOT-CHECKED';

export interface ArrivalCheck {
  name: string | null;
  fingerprint: string;
  flow: string | null;
  state: ArrivalState;
  compliant: boolean;
  /** The artifact's page in the service, where the answer gives one. */
  htmlUrl?: string;
  /** What keeps it from being compliant, where the evidence says. */
  problems?: AttestationProblem[];
  stateInfo?: string;
  /** Why it was not checked (`NOT-CHECKED`). */
  error?: StepError;
}

export interface ComplianceReview {
  /** One per distinct arriving fingerprint, in the order they arrive. */
  checks: ArrivalCheck[];
  /** Lookups not made: over MAX_LOOKUPS. */
  leftOut: number;
}

/**
 * The arriving artifacts' checks; a lookup that fails is `NOT-CHECKED`, never a pass, and never stops the others.
 * One check per flow and fingerprint: one image may belong to two flows, and compliant in one says nothing of the
 * other (found by review: keyed by fingerprint alone, a second flow's non-compliant entry took the first's pass).
 */
export async function reviewArriving(
  client: ComplianceClient,
  arriving: DiffArtifact[],
): Promise<ComplianceReview> {
  const distinct = [...new Map(arriving.map((a) => [checkKey(a), a])).values()];
  const lookups = distinct.filter(hasFlow);
  const allowed = new Set(lookups.slice(0, MAX_LOOKUPS));
  const checks = await mapBounded(distinct, LOOKUP_CONCURRENCY, async (a): Promise<ArrivalCheck> => {
    if (!hasFlow(a)) return check(a, 'FLOW-UNKNOWN');
    if (!allowed.has(a)) {
      return check(a, 'NOT-CHECKED', {
        error: { kind: 'left-out', message: `over ${MAX_LOOKUPS} lookups in one step` },
      });
    }
    // The flow and fingerprint come from the service: one that is not a flow name or a fingerprint is its answer's
    // fault, not the user's input.
    const malformed = !patterns.flowName.test(a.flow)
      ? `flow ${quoteText(a.flow)}, not a flow name`
      : !patterns.fingerprint.test(a.fingerprint)
        ? `fingerprint ${quoteText(a.fingerprint)}, not 64 lowercase hexadecimal characters`
        : undefined;
    if (malformed !== undefined) {
      return check(a, 'NOT-CHECKED', {
        error: { kind: 'unexpected-response', message: `the diff names ${malformed}` },
      });
    }
    try {
      return judge(a, await lookUpArtifact(client, a.flow, a.fingerprint));
    } catch (error) {
      return check(a, 'NOT-CHECKED', { error: stepError(error) });
    }
  });
  for (const c of checks) {
    log.info(
      `${c.name ?? '?'}  ${c.fingerprint.slice(0, 12)}  ${c.state}${c.error ? `: ${c.error.message}` : ''}`,
    );
  }
  return { checks, leftOut: Math.max(0, lookups.length - MAX_LOOKUPS) };
}

/** What one check is about: the flow the diff names (none is its own key) and the fingerprint. */
export function checkKey(a: { flow?: string | null; fingerprint: string }): string {
  return `${a.flow ?? ''}\u0000${a.fingerprint}`;
}

function hasFlow(a: DiffArtifact): a is DiffArtifact & { flow: string } {
  return typeof a.flow === 'string' && a.flow !== '';
}

function check(a: DiffArtifact, state: ArrivalState, more: Partial<ArrivalCheck> = {}): ArrivalCheck {
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
export function judge(a: DiffArtifact, found: Awaited<ReturnType<typeof lookUpArtifact>>): ArrivalCheck {
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
 * The check of each arriving artifact that is not COMPLIANT (the `non-compliant` output), each flow and fingerprint
 * once. One without a check (a caller's bug) is not checked: the gate fails closed.
 */
export function notCompliant(arriving: DiffArtifact[], review: ComplianceReview): ArrivalCheck[] {
  const checks = new Map(review.checks.map((c) => [checkKey(c), c]));
  const seen = new Set<string>();
  const bad: ArrivalCheck[] = [];
  for (const a of arriving) {
    const key = checkKey(a);
    if (seen.has(key)) continue;
    seen.add(key);
    const c = checks.get(key) ?? notLookedUp(a);
    if (!c.compliant) bad.push(c);
  }
  return bad;
}

/** The check of an arriving artifact that has none. */
export function notLookedUp(a: DiffArtifact): ArrivalCheck {
  return {
    name: a.name ?? null,
    fingerprint: a.fingerprint,
    flow: typeof a.flow === 'string' && a.flow !== '' ? a.flow : null,
    state: 'NOT-CHECKED',
    compliant: false,
    error: { kind: 'unexpected', message: 'not looked up' },
  };
}
