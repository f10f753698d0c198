/** The shapes report-artifact's modules share: its inputs, and what it reported (or would have). */
import type { ArtifactState, ReportArtifactBody } from '../../api/schemas.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import type { CommonInputs } from '../../runtime/context.js';
import type { Annotation } from '../../runtime/step.js';

export interface ReportArtifactInputs extends CommonInputs {
  flow: string;
  artifact: ArtifactSpec;
  name: string | undefined;
  trail: string | undefined;
  templateReferenceName: string | undefined;
  /** A commit SHA, or a revision for `git` to resolve; default GITHUB_SHA, else HEAD. */
  gitCommit: string | undefined;
  buildUrl: string | undefined;
  commitUrl: string | undefined;
  repoUrl: string | undefined;
  description: string | undefined;
  annotations: Record<string, string>;
  externalUrls: Record<string, string>;
  userData: unknown;
  compliant: boolean | undefined;
  dryRun: boolean;
}

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
