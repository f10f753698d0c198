/**
 * get-deployment: when and in which snapshot an artifact started running in an environment, and what it replaced
 * (GET /deployments/{org}/{env}/{fp}). The fingerprint is given as is or computed the way report-artifact computes
 * it. A 404 that says the artifact was not deployed there fails the step saying so, or, with `fail-if-missing:
 * false`, carries on with `found=false` and a warning; a 404 about the org or environment could not check either
 * way. `outcome` tells a later step found, not-found or error (could not check: the entry wrapper's path).
 */
import { ApiError } from '../../errors/errors.js';
import type { Deployment } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import { serviceTime } from '../../context/time.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import { readArtifactSpec, resolveFingerprint } from '../../runtime/artifact.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { notFoundAbout } from '../../runtime/not-found.js';
import type { StepResult } from '../../runtime/step.js';
import { log } from '../../trust/log.js';
import { notConfirmedText, summarize } from './render.js';

export interface GetDeploymentInputs extends CommonInputs {
  environment: string;
  artifact: ArtifactSpec;
  /** Fail the step when the artifact was not deployed to the environment (default true). */
  failIfMissing: boolean;
}

export async function readInputs(inputs: InputReader, cwd: string): Promise<GetDeploymentInputs> {
  const common = readCommon(inputs, cwd);
  return {
    ...common,
    environment: inputs.requiredMatching('environment', 'envName'),
    artifact: await readArtifactSpec(inputs, common.runner.workspace),
    failIfMissing: inputs.boolean('fail-if-missing', true),
  };
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

/** What the inputs say, for the result file of a step that could not check: never "found" nor "not found". */
export function describe(inputs: GetDeploymentInputs): Record<string, unknown> {
  return {
    environment: inputs.environment,
    ...(inputs.artifact.type === 'fingerprint' && { fingerprint: inputs.artifact.fingerprint }),
    failIfMissing: inputs.failIfMissing,
    found: null,
  };
}

/** The outputs of a step that could not check: all empty, so none reads as an answer. */
export const ERROR_OUTPUTS = {
  found: '',
  'deployed-at': '',
  'snapshot-index': '',
  'artifact-name': '',
  'replaced-fingerprint': '',
  'diff-url': '',
};

/** A 404 that names the artifact or its deployment, as opposed to the org or environment. */
const ABOUT_DEPLOYMENT = /\b(artifact|fingerprint|deploy)/i;

/**
 * The 404 of a deployment, or an error for one that does not say the artifact was not deployed: an org or
 * environment that does not exist (a typo) must not read as "not deployed", whatever fail-if-missing says.
 */
function notDeployed(error: ApiError): ApiError {
  const about = notFoundAbout(error, ABOUT_DEPLOYMENT);
  if (about === 'subject') return error;
  throw new ApiError({
    endpoint: error.endpoint,
    status: error.status,
    ...(error.serverMessage !== undefined && { serverMessage: error.serverMessage }),
    attempts: error.attempts,
    note:
      'not read as "not deployed" (found=false): ' +
      (about === 'scope'
        ? 'the answer is about the org or environment, not the artifact'
        : 'the answer does not say the artifact was not deployed'),
  });
}

export async function run(inputs: GetDeploymentInputs): Promise<StepResult> {
  const { fingerprint } = await resolveFingerprint(inputs.artifact);
  const { url, answer } = await withClient(inputs.connection, async (client) => ({
    url: client.urlFor('getDeployment', { env_name: inputs.environment, fingerprint }),
    answer: await log.group(`Read the deployment to ${inputs.environment}`, async () => {
      try {
        return await client.getDeployment(inputs.environment, fingerprint);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return notDeployed(error);
        throw error;
      }
    }),
  }));
  const base = { environment: inputs.environment, fingerprint, url, failIfMissing: inputs.failIfMissing };
  const result: GetDeploymentResult =
    answer instanceof ApiError ? notFound(inputs, base, answer) : found(base, answer);
  const step: StepResult = {
    outcome: result.found ? 'found' : 'not-found',
    outputs: {
      found: result.found,
      'deployed-at': result.deployedAt ?? '',
      'snapshot-index': result.snapshotIndex ?? '',
      'artifact-name': result.artifactName ?? '',
      'replaced-fingerprint': result.replacedFingerprint ?? '',
      'diff-url': result.diffUrl ?? '',
    },
    result: { ...result },
    summary: summarize(result),
  };
  if (result.message === undefined) {
    log.info(
      `${result.artifactName ?? fingerprint} was deployed to ${inputs.environment}` +
        (result.deployedAt !== null ? ` at ${result.deployedAt}` : '') +
        `${result.snapshotIndex !== null ? ` (snapshot #${result.snapshotIndex})` : ''}.`,
    );
    if (result.notConfirmed) log.info(notConfirmedText(result));
    // fail-if-missing is a gate: it cannot pass on an answer not shown to be about what was asked.
    if (result.notConfirmed && inputs.failIfMissing) return unconfirmedGate(step, result);
  } else if (inputs.failIfMissing) {
    step.failure = `${result.message} Set fail-if-missing: false to carry on when it is not deployed.`;
  } else {
    // A warning, so the service's words are seen: a 404 read wrongly as "not deployed" would pass silently.
    step.annotations = [
      {
        level: 'warning',
        message: `${result.message} fail-if-missing is false: carrying on with found=false.`,
      },
    ];
  }
  return step;
}

/** fail-if-missing on a found answer that does not name what it is about: could not check, `found` not set. */
function unconfirmedGate(step: StepResult, result: GetDeploymentResult): StepResult {
  const failure =
    `fail-if-missing: could not check. ${notConfirmedText(result)} ` +
    'Set fail-if-missing: false to read it as found all the same.';
  step.summary?.paragraph(failure);
  return {
    ...step,
    outcome: 'error',
    outputs: { ...step.outputs, found: '' },
    result: { ...step.result, found: null, error: { kind: 'unexpected-response', message: failure } },
    failure,
  };
}

type Base = Pick<GetDeploymentResult, 'environment' | 'fingerprint' | 'url' | 'failIfMissing'>;

function notFound(inputs: GetDeploymentInputs, base: Base, error: ApiError): GetDeploymentResult {
  return {
    ...base,
    found: false,
    deployedAt: null,
    snapshotIndex: null,
    artifactName: null,
    replacedFingerprint: null,
    diffUrl: null,
    message:
      `Artifact ${base.fingerprint} was not deployed to environment '${inputs.environment}'` +
      ` (org '${inputs.connection.org}'): the service answered HTTP 404` +
      `${error.serverMessage ? `: ${error.serverMessage.replace(/\.$/, '')}` : ''}.`,
    ...(error.serverMessage !== undefined && { serverMessage: error.serverMessage }),
  };
}

/** A 200 is the answer; the rest is only passed on or shown: one the service leaves out is left empty. */
function found(base: Base, answer: Deployment): GetDeploymentResult {
  // The client holds a fingerprint or environment that is named to the one asked; one not named is not confirmed.
  const notConfirmed = (['fingerprint', 'env_name'] as const).filter((key) => !answer[key]);
  return {
    ...base,
    found: true,
    ...(notConfirmed.length > 0 && { notConfirmed }),
    deployedAt: answer.deployed_at !== null ? (serviceTime(answer.deployed_at) ?? null) : null,
    snapshotIndex: answer.snapshot_index ?? null,
    artifactName: answer.artifact_name ?? null,
    replacedFingerprint: answer.replaced_artifact?.fingerprint ?? null,
    diffUrl: answer.diff_url ?? null,
    deployment: answer,
  };
}
