/** The shapes report-artifact's modules share: what it reported (or would have); the inputs are inputs.ts's. */
import type { ArtifactState, ReportArtifactBody } from '../../api/schemas.js';
import type { Annotation } from '../../runtime/step.js';

/** The artifact as read back after the report: its page and state, or why they could not be read. */
export interface ArtifactPage {
  htmlUrl: string | null;
  state: ArtifactState | null;
  /** Why `state` is not the service's word as given (src/compliance/state.ts). */
  stateNote?: string;
  /** Why it could not be read back. */
  unread?: string;
}

export interface ReportArtifactResult {
  dryRun: boolean;
  flow: string;
  url: string;
  fingerprint: string;
  filename: string;
  trail: string;
  gitCommit: string;
  payload: ReportArtifactBody;
  /** The service's answer; absent in a dry run and when the report was not delivered. */
  response?: unknown;
  /** Read back after the report. */
  page?: ArtifactPage;
}

/** The report body gathered from the inputs and the git context, and what it lacks, to warn about. */
export interface GatheredPayload {
  body: ReportArtifactBody;
  annotations: Annotation[];
}
