/** get-deployment: the shapes its files share (the inputs and the result file). Types only. */
import type { Deployment } from '../../api/schemas.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import type { CommonInputs } from '../../runtime/context.js';

export interface GetDeploymentInputs extends CommonInputs {
  environment: string;
  artifact: ArtifactSpec;
  /** Fail the step when the artifact was not deployed to the environment (default true). */
  failIfMissing: boolean;
}

/** The result file (besides `outcome`, which the finisher writes first). */
export interface GetDeploymentResult {
  environment: string;
  fingerprint: string;
  /** The API URL that was read. */
  url: string;
  found: boolean;
  /** ISO 8601 UTC. */
  deployedAt: string | null;
  snapshotIndex: number | null;
  artifactName: string | null;
  replacedFingerprint: string | null;
  /** The commit of the artifact it replaced, where the answer gives it. */
  replacedCommit: string | null;
  /** The replaced artifact's commit compared with this one's, when both are commit pages of one repository. */
  compareUrl: string | null;
  /** From this artifact's commit to the deployment's start, in whole seconds, where the answer gives both times. */
  leadTimeSeconds: number | null;
  /** How many commits it brings over the replaced one, counted in the checked-out repository when it has both. */
  commits?: number;
  diffUrl: string | null;
  failIfMissing: boolean;
  /** Why nothing was found (the artifact was not deployed there), with the service's words. */
  message?: string;
  /** The service's own words for the 404. */
  serverMessage?: string;
  /** What the answer does not name of what was asked (`fingerprint`, `env_name`): not confirmed to be about it. */
  notConfirmed?: ('fingerprint' | 'env_name')[];
  /** The service's answer; absent when not found. */
  deployment?: Deployment;
}

/** What the result says whatever the answer: what was asked, and where. */
export type ResultBase = Pick<GetDeploymentResult, 'environment' | 'fingerprint' | 'url' | 'failIfMissing'>;
