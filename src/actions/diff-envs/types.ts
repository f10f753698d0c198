/**
 * diff-envs: the shapes its files share (the inputs, the pairing of replacements, the arriving artifacts' compliance
 * and the result file) and its shared constants. Types and plain constants only.
 */
import type { ArtifactState, DiffArtifact } from '../../api/schemas.js';
import type { SnapshotExpression } from '../../api/snapshot.js';
import type { AttestationProblem } from '../../compliance/decide.js';
import type { CommonInputs } from '../../runtime/context.js';
import type { PrCommentInputs } from '../../runtime/pr-comment.js';
import type { StepError } from '../../runtime/step.js';

/** Compliance lookups in one step: the arriving artifacts past it are `NOT-CHECKED`, counted in the summary. */
export const MAX_LOOKUPS = 200;
/** Compliance lookups in flight at once. */
export const LOOKUP_CONCURRENCY = 8;

export interface DiffEnvsInputs extends CommonInputs {
  snapshot1: SnapshotExpression;
  snapshot2: SnapshotExpression;
  showUnchanged: boolean;
  failOnDiff: boolean;
  /** Read the arriving artifacts' compliance from the service. */
  compliance: boolean;
  /** Fail the step when an arriving artifact is not COMPLIANT (needs `compliance`). */
  failOnNonCompliant: boolean;
  prComment: PrCommentInputs;
}

/** An image name taken apart: `ghcr.io/acme/backend:1.4.0@sha256:…` is `ghcr.io/acme/backend`, `1.4.0`, `sha256:…`. */
export interface ImageName {
  repository: string;
  tag: string | undefined;
  digest: string | undefined;
}

/** One artifact replaced by another of the same repository: `from` only in snapshot 1, `to` only in snapshot 2. */
export interface Replacement {
  /** The repository both share, e.g. `ghcr.io/acme/backend`. */
  name: string;
  from: DiffArtifact;
  to: DiffArtifact;
}

export interface Paired {
  replaced: Replacement[];
  /** Only in snapshot 2, not paired. */
  added: DiffArtifact[];
  /** Only in snapshot 1, not paired. */
  removed: DiffArtifact[];
}

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

export interface DiffSide {
  /** The expression as sent, e.g. `staging~1`. */
  expression: string;
  /** The snapshot the service resolved it to, e.g. `staging#41`; null when the answer does not say (not confirmed). */
  id: string | null;
  /** How the summary and log name it: the id, else the expression as asked. */
  name: string;
}

export interface DiffEnvsResult {
  url: string;
  snapshot1: DiffSide;
  snapshot2: DiffSide;
  /** True when anything differs: an artifact only in one snapshot, or a change of instance count. */
  changed: boolean;
  counts: {
    onlyIn1: number;
    onlyIn2: number;
    replaced: number;
    added: number;
    removed: number;
    scaled: number;
    unchanged: number;
  };
  /** One only in snapshot 1 and one only in snapshot 2 of the same repository. */
  replaced: Replacement[];
  /** Only in snapshot 2, not a replacement. */
  added: DiffArtifact[];
  /** Only in snapshot 1, not replaced. */
  removed: DiffArtifact[];
  scaled: DiffArtifact[];
  unchanged: DiffArtifact[];
  /** The arriving artifacts' compliance; absent with `compliance: false`. */
  compliance?: ComplianceReview;
}
