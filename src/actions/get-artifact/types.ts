/** get-artifact, the shapes its inputs, run, decision and rendering share. */
import type { Artifact, ArtifactState } from '../../api/schemas.js';
import type { AttestationCheck, AttestationProblem } from '../../compliance/decide.js';
import type { ApiError } from '../../errors/errors.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import type { NamedSpec } from '../../runtime/artifact.js';
import type { CommonInputs } from '../../runtime/context.js';
import type { StepError } from '../../runtime/step.js';

export interface GetArtifactInputs extends CommonInputs {
  flow: string;
  /** The first (with one item, the only) artifact. */
  artifact: ArtifactSpec;
  /** Every artifact asked about, each once: one or more lines of fingerprint or artifact, globs expanded. */
  items: NamedSpec[];
  /** Several lines or a glob: the outputs of many (count, lists), however many items that gives. */
  many: boolean;
  trail: string | undefined;
  attestationId: string | undefined;
  /** Fail the step unless the artifact is compliant. */
  assertCompliant: boolean;
}

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
  compliant: boolean;
  htmlUrl: string | null;
  stateInfo: string | null;
  attestations: AttestationCheck[];
  /** What keeps the artifact from being compliant: missing and non-compliant attestations. */
  problems: AttestationProblem[];
  assertCompliant: boolean;
  /** Why the step failed (not found, or the gate tripped); absent when it passed. */
  failure?: string;
  /** A trail was asked and the answer names none: what the summary says. */
  notConfirmed?: string;
  /** The service's answer; absent when the artifact was not found. */
  artifact?: Artifact;
}

/** Items in hand at once: hashed, or waiting for the service. */
export const ITEM_CONCURRENCY = 8;

export type ItemOutcome = 'compliant' | 'non-compliant' | 'not-found' | 'error';

export interface ItemResult {
  name: string;
  /** Absent when it could not be fingerprinted. */
  fingerprint?: string;
  outcome: ItemOutcome;
  state: ArtifactState | null;
  compliant: boolean;
  htmlUrl?: string;
  /** What keeps it from being compliant, where the evidence says. */
  problems?: AttestationProblem[];
  stateInfo?: string;
  /** Why it could not be checked. */
  error?: StepError;
  /** A trail was asked and the answer names none (without assert-compliant: judged, and said). */
  notConfirmed?: string;
}
