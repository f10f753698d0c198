/** The shapes report-k8s-env's modules share: what it reported for each environment, and its name. */
import type { ArtifactCount, SkippedPod } from '../../k8s/pods.js';
import type { StepError } from '../../runtime/step.js';

/** The action's name, which the path of each kept payload carries (`payloadPathFor`). */
export const ACTION = 'report-k8s-env';

/**
 * What the service made of a report: whether a new snapshot was made, its id and its page. Only shown, never decided
 * on.
 */
export interface SnapshotMade {
  /** Whether the report made a new snapshot: 201, or 200 (the spec's "processed, no new snapshot"). */
  created: boolean;
  /** `<env>#<N>`: the new snapshot, or the latest one when none was made; where the message names it. */
  id?: string;
  /** The snapshot's page, where the answer gives one (`html_url`). */
  url?: string;
}

export interface ReportK8sEnvResult {
  dryRun: boolean;
  environment: string;
  url: string;
  /** Pods read (after namespace filtering). */
  pods: number;
  /** Pods in the report (Running or Failed, mapped). */
  reported: number;
  /** Pods left out by phase (Pending, Succeeded, Unknown). */
  leftOut: number;
  skipped: SkippedPod[];
  artifacts: ArtifactCount[];
  /** The service's answer (scrubbed); says why there is none in a dry run; absent when it was not delivered. */
  message?: string;
  /** What the service made of the report; absent when it was not delivered. */
  snapshot?: SnapshotMade;
}

/** How one environment of many went. */
export interface EnvironmentOutcome {
  outcome: 'reported' | 'dry-run' | 'error';
  result: ReportK8sEnvResult;
  /** Why it could not be reported. */
  error?: StepError;
  /** Where its payload is kept: a dry run, or a report not delivered. */
  payloadFile?: string;
  payload?: unknown;
}
