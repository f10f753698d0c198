/** get-artifact, the shapes its run, decision and rendering share; the inputs are what inputs.ts reads. */
import type { Artifact, ArtifactState } from '../../api/schemas.js';
import type { AttestationCheck, AttestationProblem } from '../../compliance/decide.js';
import type { Grade } from '../../compliance/grades.js';
import type { ApiError } from '../../errors/errors.js';
import type { StepError } from '../../runtime/step.js';

export interface ArtifactRead {
  fingerprint: string;
  /** The API URL that was read. */
  url: string;
  /** The service's answer; undefined when it answered 404 about the artifact. */
  artifact: Artifact | undefined;
  /** That 404, for the message that says what was looked for. */
  notFound: ApiError | undefined;
}

/** The result file (besides `outcome`, which the finisher writes first). */
export interface GetArtifactResult {
  flow: string;
  fingerprint: string;
  trail?: string;
  attestationId?: string;
  /** The API URL that was read. */
  url: string;
  found: boolean;
  state: ArtifactState | null;
  /** Why `state` is not the service's word as given (a spelling read by `is_compliant`, or one it contradicts). */
  stateNote?: string;
  compliant: boolean;
  htmlUrl: string | null;
  stateInfo: string | null;
  attestations: AttestationCheck[];
  /** What keeps the artifact from being compliant: missing and non-compliant attestations. */
  problems: AttestationProblem[];
  assertCompliant: boolean;
  /** The grades that fail the step. */
  failOn: Grade[];
  /** The input that made the step a gate (fail-on, or assert-compliant true); absent when it only reads. */
  gate?: string;
  /** The grade of what was found (see decide.ts); null when it passes. */
  grade: Grade | null;
  /** What the step would decide with every grade listed: true when the artifact has a grade. */
  wouldFail: boolean;
  /** Why the step failed (not found, or the gate tripped); absent when it passed. */
  failure?: string;
  /** What a gate found whose grade is not in fail-on: a warning, not a failure. */
  warning?: string;
  /** A trail was asked and the answer names none: what the summary says. */
  notConfirmed?: string;
  /** The service's answer; absent when the artifact was not found. */
  artifact?: Artifact;
}

export type ItemOutcome = 'compliant' | 'non-compliant' | 'not-found' | 'error';

export interface ItemResult {
  name: string;
  /** Absent when it could not be fingerprinted. */
  fingerprint?: string;
  outcome: ItemOutcome;
  state: ArtifactState | null;
  /** Why `state` is not the service's word as given. */
  stateNote?: string;
  compliant: boolean;
  htmlUrl?: string;
  /** What keeps it from being compliant, where the evidence says. */
  problems?: AttestationProblem[];
  stateInfo?: string;
  /** Why it could not be checked. */
  error?: StepError;
  /** A trail was asked and the answer names none (unknown not in fail-on: judged, and said). */
  notConfirmed?: string;
  /** Its grade (in the result file), where it has one. */
  grade?: Grade;
}
