// A policy's verdict on one artifact (pure): each rule passes, fails with its reason, is waived by an exception, does
// not apply (its `if` is false), or is unknown where the service's answer lacks what the rule needs: never a pass.
import type { ArtifactState } from '../../api/schemas.js';
import { evaluate, UNKNOWN, type ExpressionContext } from './expression.js';
import type { AttestationRule, BooleanRule, Condition, Policy } from './load.js';
import { statusProblem } from '../state.js';
import { worstVerdict } from './verdict.js';

type Unknown = typeof UNKNOWN;

/** An attestation of the artifact, its own or its trail's, as a trail's compliance status lists it. */
export interface AttestationFact {
  type: string | null;
  name: string | null;
  status: string | null;
  compliant: boolean | null;
  trail: string;
}

/** A trail of the artifact's flow that holds it. */
export interface TrailFact {
  name: string;
  /** Null: the answer gives no state that can be read. */
  state: ArtifactState | null;
  url: string | null;
}

/** What the service says of one artifact, and what it does not (UNKNOWN, with `why`). */
export interface ArtifactFacts {
  name: string | null;
  fingerprint: string;
  /** Null: no provenance (reported to no flow). */
  flow: { name: string; tags: Record<string, string> | Unknown } | null | Unknown;
  /** The trails of its flow that hold it (none: reported to no trail of the flow). */
  trails: TrailFact[] | Unknown;
  attestations: AttestationFact[] | Unknown;
  /** Why what is UNKNOWN could not be read: `the trails could not be read: HTTP 503`. */
  why?: string;
  /** The read failed or was not made (over the cap): never judged, as a lookup that fails. */
  notRead?: boolean;
}

export interface RuleResult {
  rule: string;
  verdict: 'fail' | 'unknown' | 'waived' | 'pass' | 'not-applicable';
  /** Why it failed, or could not be told. */
  reason?: string;
  /** The exception that waived it, as written. */
  exception?: string;
  /** The page of the trail the reason is about, where the answer gives one. */
  url?: string;
}

export type PolicyVerdict = 'pass' | 'fail' | 'unknown';

export interface ArtifactVerdict {
  verdict: PolicyVerdict;
  rules: RuleResult[];
}

/** An attestation rule as people read it: `attestation security-scan (snyk)`. */
function ruleLabel(rule: AttestationRule): string {
  if (rule.name === '*') return `attestation of type ${rule.type}`;
  return `attestation ${rule.name} (${rule.type === '*' ? 'any type' : rule.type})`;
}

export function evaluatePolicy(policy: Policy, facts: ArtifactFacts): ArtifactVerdict {
  const context: ExpressionContext = {
    flow: facts.flow,
    artifact: { name: facts.name, fingerprint: facts.fingerprint },
  };
  const unknown = (what: string): RuleResult['reason'] =>
    `${what}${facts.why === undefined ? '' : `: ${facts.why}`}`;
  const rules: RuleResult[] = [];
  if (policy.provenance.required) {
    rules.push(
      exempted('provenance', policy.provenance, context, facts.why, () => {
        if (facts.flow === UNKNOWN)
          return { verdict: 'unknown', reason: unknown('the answer names no flow') };
        if (facts.flow === null) return { verdict: 'fail', reason: 'reported to no flow' };
        return { verdict: 'pass' };
      }),
    );
  }
  if (policy.trailCompliance.required) {
    rules.push(
      exempted('trail-compliance', policy.trailCompliance, context, facts.why, () => {
        if (facts.flow === null) return { verdict: 'fail', reason: 'reported to no flow, so in no trail' };
        if (facts.trails === UNKNOWN)
          return { verdict: 'unknown', reason: unknown('its trails could not be read') };
        return trailVerdict(facts.trails);
      }),
    );
  }
  for (const rule of policy.attestations) {
    const label = ruleLabel(rule);
    const base = () => attestationVerdict(rule, facts, unknown);
    if (rule.when === undefined) {
      rules.push({ rule: label, ...base() });
      continue;
    }
    const applies = evaluate(rule.when.expr, context);
    if (applies === false) rules.push({ rule: label, verdict: 'not-applicable' });
    else if (applies === true) rules.push({ rule: label, ...base() });
    else
      rules.push({
        rule: label,
        ...unlessPassing(base(), `whether its if (${rule.when.text}) holds`, facts.why),
      });
  }
  return { verdict: worstVerdict(rules.map((r) => r.verdict)), rules };
}

type Base = Omit<RuleResult, 'rule'>;

/** A required rule: waived where an exception holds; where one cannot be told, only a pass stands. */
function exempted(
  rule: string,
  policy: BooleanRule,
  context: ExpressionContext,
  why: string | undefined,
  base: () => Base,
): RuleResult {
  let unsure: Condition | undefined;
  for (const exception of policy.exceptions) {
    const holds = evaluate(exception.expr, context);
    if (holds === true) return { rule, verdict: 'waived', exception: exception.text };
    if (holds === UNKNOWN) unsure ??= exception;
  }
  const result = base();
  if (unsure === undefined) return { rule, ...result };
  return { rule, ...unlessPassing(result, `whether the exception ${unsure.text} holds`, why) };
}

/** A verdict that also rests on something not known: a pass stands, anything else cannot be told. */
function unlessPassing(result: Base, what: string, why: string | undefined): Base {
  if (result.verdict === 'pass') return result;
  return {
    verdict: 'unknown',
    reason: `the answer does not say ${what}${why === undefined ? '' : `: ${why}`}`,
  };
}

const pageOf = (trail: TrailFact | undefined) => (trail?.url ? { url: trail.url } : {});

/** Compliant when one of its trails is (an artifact may be reported to several). */
function trailVerdict(trails: TrailFact[]): Base {
  if (trails.length === 0) return { verdict: 'fail', reason: 'no trail of its flow holds it' };
  if (trails.some((t) => t.state === 'COMPLIANT')) return { verdict: 'pass' };
  const stated = trails.filter((t) => t.state !== null);
  if (stated.length < trails.length) {
    const unread = trails.find((t) => t.state === null) as TrailFact;
    return {
      verdict: 'unknown',
      reason: `the answer gives no compliance state of trail ${unread.name}`,
      ...pageOf(unread),
    };
  }
  const [first] = stated as [TrailFact];
  return { verdict: 'fail', reason: `trail ${first.name} is ${first.state ?? ''}`, ...pageOf(first) };
}

function attestationVerdict(
  rule: AttestationRule,
  facts: ArtifactFacts,
  unknown: (what: string) => string | undefined,
): Base {
  if (facts.flow === null) return { verdict: 'fail', reason: 'missing: reported to no flow' };
  if (facts.attestations === UNKNOWN) {
    return { verdict: 'unknown', reason: unknown('its attestations could not be read') };
  }
  const matching = facts.attestations.filter(
    (a) => (rule.type === '*' || a.type === rule.type) && (rule.name === '*' || a.name === rule.name),
  );
  const problems = matching.map((a) => ({ ...a, problem: statusProblem(a.status, a.compliant) }));
  if (problems.some((a) => a.problem === undefined)) return { verdict: 'pass' };
  // One listed without its name or type may be the one the rule asks for.
  if (facts.attestations.some((a) => a.type === null || a.name === null)) {
    return { verdict: 'unknown', reason: 'the answer lists an attestation without its name or type' };
  }
  // MISSING is missing here whatever its is_compliant says: the rule asks for one given.
  const given = problems.filter((a) => a.status !== 'MISSING');
  // The reason links the trail it is about: the one with the failed attestation, else the artifact's first.
  const trails = facts.trails === UNKNOWN ? [] : facts.trails;
  const page = (trail?: string) => pageOf(trails.find((t) => t.name === trail) ?? trails[0]);
  if (given.length === 0) return { verdict: 'fail', reason: 'missing', ...page() };
  const failed = given.find((a) => a.problem === 'non-compliant');
  if (failed) return { verdict: 'fail', reason: 'not compliant', ...page(failed.trail) };
  return { verdict: 'unknown', reason: 'the answer gives no verdict on it' };
}
