// Is an artifact compliant? The one decision of get-artifact and diff-envs, pure, failing closed: a COMPLIANT state
// that no attestation of the evidence contradicts (missing, non-compliant, or without a verdict).
import { isRecord } from '../api/parse.js';
import { OVERRIDE_ATTESTATION_TYPE, type Artifact, type ArtifactState } from '../api/schemas.js';
import { readState, statusProblem } from './state.js';

/** One attestation of the artifact's compliance status (its `evidence`), as far as the service shows it. */
export interface AttestationCheck {
  name: string;
  /** `attestation_type`, where the service gives one: `override` is a person's verdict on the attestation. */
  type?: string;
  /** `MISSING` or `COMPLETE` where the service says. */
  status: string | undefined;
  /** true or false once reported; null or undefined when there is no verdict. */
  compliant: boolean | null | undefined;
  /** `attestation_id`, where the service gives one. */
  id?: string;
  /** `created_at` (Unix seconds), where the service gives one. */
  createdAt?: number;
  /** `overridden_attestation_id`: the earlier report of the same name this one replaces, where the service says. */
  overrides?: string;
  /** Replaced by a later report of the same name: shown, not counted. */
  superseded?: true;
  /** What replaced it is an override: a person's verdict stands in its place. */
  overridden?: true;
}

export type AttestationProblem = { name: string; problem: 'missing' | 'non-compliant' };

export type Decided = 'compliant' | 'non-compliant' | 'not-found';

export interface Verdict {
  outcome: Decided;
  found: boolean;
  state: ArtifactState | null;
  /** Why `state` is not the service's word as given (a spelling read by `is_compliant`, or one it contradicts). */
  stateNote?: string;
  compliant: boolean;
  /** Every attestation read from the evidence (superseded ones marked). */
  attestations: AttestationCheck[];
  /** What keeps the artifact from being compliant: missing and non-compliant attestations that count. */
  problems: AttestationProblem[];
}

/** The parts of the answer the decision reads (`is_compliant` where the service gives one). */
export type ArtifactFacts = Pick<Artifact, 'state' | 'evidence'> & Partial<Pick<Artifact, 'is_compliant'>>;

/** The decision; `artifact` undefined when the service answered 404 for it. */
export function decide(artifact: ArtifactFacts | undefined): Verdict {
  if (artifact === undefined) {
    return {
      outcome: 'not-found',
      found: false,
      state: null,
      compliant: false,
      attestations: [],
      problems: [],
    };
  }
  const { state, note } = readState(artifact.state, artifact.is_compliant);
  // The evidence only: what `template` lists is not documented (spec 2.8 says `string[]`), so it is not guessed at.
  const attestations = supersede(attestationsOf(artifact.evidence));
  const problems = attestations.flatMap((a): AttestationProblem[] => {
    const problem = a.superseded ? undefined : statusProblem(a.status, a.compliant);
    if (problem === undefined) return [];
    // No verdict (null, or none given) is no pass: the gate fails closed.
    return [{ name: a.name, problem: problem === 'missing' ? 'missing' : 'non-compliant' }];
  });
  const compliant = state === 'COMPLIANT' && problems.length === 0;
  return {
    outcome: compliant ? 'compliant' : 'non-compliant',
    found: true,
    state,
    ...(note !== undefined && { stateNote: note }),
    compliant,
    attestations,
    problems,
  };
}

/** The evidence's attestations (shape not in the spec): a name map, or status lists under any key. */
export function attestationsOf(evidence: unknown): AttestationCheck[] {
  if (!isRecord(evidence)) return [];
  const out: AttestationCheck[] = [];
  const add = (value: unknown, fallbackName: string | undefined) => {
    if (!isRecord(value)) return;
    const status = typeof value.status === 'string' ? value.status : undefined;
    const compliant =
      typeof value.is_compliant === 'boolean' || value.is_compliant === null ? value.is_compliant : undefined;
    const name = typeof value.attestation_name === 'string' ? value.attestation_name : fallbackName;
    if (name === undefined || (status === undefined && compliant === undefined)) return;
    out.push({
      name,
      ...(typeof value.attestation_type === 'string' && { type: value.attestation_type }),
      status,
      compliant,
      ...(typeof value.attestation_id === 'string' && { id: value.attestation_id }),
      ...(typeof value.created_at === 'number' && { createdAt: value.created_at }),
      ...(typeof value.overridden_attestation_id === 'string' && {
        overrides: value.overridden_attestation_id,
      }),
    });
  };
  for (const [key, value] of Object.entries(evidence)) {
    if (Array.isArray(value)) for (const item of value) add(item, undefined);
    else add(value, key);
  }
  return out;
}

/** Marks what a later report of its name replaces: by id, by time when both are timed, or by an override. */
export function supersede(checks: AttestationCheck[]): AttestationCheck[] {
  const replacedBy = new Map(
    checks.flatMap((c) => (c.overrides !== undefined ? [[`${c.name}\u0000${c.overrides}`, c] as const] : [])),
  );
  const newest = new Map<string, AttestationCheck>();
  for (const c of checks) {
    const kept = newest.get(c.name);
    if (c.createdAt !== undefined && (kept?.createdAt ?? -Infinity) < c.createdAt) newest.set(c.name, c);
  }
  const isOverride = (c: AttestationCheck | undefined) => c?.type === OVERRIDE_ATTESTATION_TYPE;
  return checks.map((check) => {
    const byId = check.id === undefined ? undefined : replacedBy.get(`${check.name}\u0000${check.id}`);
    const later = newest.get(check.name);
    const byTime =
      check.createdAt !== undefined && later?.createdAt !== undefined && check.createdAt < later.createdAt;
    const byOverride =
      !isOverride(check) &&
      checks.some(
        (o) =>
          isOverride(o) &&
          o.name === check.name &&
          !(check.createdAt !== undefined && o.createdAt !== undefined && check.createdAt > o.createdAt),
      );
    if (!byId && !byTime && !byOverride) return check;
    const overridden = byOverride || isOverride(byId) || (byTime && isOverride(later));
    return { ...check, superseded: true, ...(overridden && { overridden: true }) };
  });
}

/** An answer judged for a list of many artifacts: the verdict, and what the list links and says about it. */
export type Judged = ReturnType<typeof judgeAnswer>;

export function judgeAnswer(artifact: ArtifactFacts & Pick<Artifact, 'html_url' | 'state_info'>) {
  const verdict = decide(artifact);
  return {
    state: verdict.state,
    ...(verdict.stateNote !== undefined && { stateNote: verdict.stateNote }),
    compliant: verdict.compliant,
    ...(artifact.html_url && { htmlUrl: artifact.html_url }),
    ...(verdict.problems.length > 0 && { problems: verdict.problems }),
    ...(artifact.state_info && { stateInfo: artifact.state_info }),
  };
}
