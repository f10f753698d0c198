/**
 * get-deployment: when and in which snapshot an artifact started running in an environment, and what it replaced
 * (GET /deployments/{org}/{env}/{fp}). The fingerprint is given as is or computed the way report-artifact computes
 * it. A 404 that says the artifact was not deployed there fails the step saying so, or, with `fail-if-missing:
 * false`, carries on with `found=false`; a 404 about the org or environment fails either way. `outcome` tells a later
 * step found, not-found or error (could not check).
 */
import { log } from '../../trust/log.js';
import { ApiError, shownField } from '../../api/index.js';
import type { Deployment } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import { formatTime } from '../../context/time.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import { readArtifactSpec, resolveFingerprint } from '../../runtime/artifact.js';
import { readCommon, withClient, type CommonInputs, type RunnerContext } from '../../runtime/context.js';
import { notFoundAbout, recordCouldNotCheck } from '../../runtime/outcome.js';
import { setOutputs, writeResultFile } from '../../runtime/legacy-output.js';
import { commitCell } from '../../summary/cells.js';
import { safeUrl, SummaryWriter, type Cell } from '../../summary/writer.js';
import { redact } from '../../trust/redact.js';

const ACTION = 'get-deployment';

export interface GetDeploymentInputs extends CommonInputs {
  environment: string;
  artifact: ArtifactSpec;
  /** Fail the step when the artifact was not deployed to the environment (default true). */
  failIfMissing: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): GetDeploymentInputs {
  const common = readCommon(inputs, cwd);
  const environment = inputs.requiredMatching('environment', 'envName');
  return {
    ...common,
    environment,
    artifact: readArtifactSpec(inputs, common.runner.workspace),
    failIfMissing: inputs.boolean('fail-if-missing', true),
  };
}

/** `error`: it could not check (unreachable, 5xx, 401, a malformed answer, an org or environment that does not exist). */
export type GetDeploymentOutcome = 'found' | 'not-found' | 'error';

export interface GetDeploymentResult {
  outcome: Exclude<GetDeploymentOutcome, 'error'>;
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
  /** The service's answer; absent when not found. */
  deployment?: Deployment;
}

const COULD_NOT_CHECK = {
  found: '',
  'deployed-at': '',
  'snapshot-index': '',
  'artifact-name': '',
  'replaced-fingerprint': '',
  'diff-url': '',
};

/** Sets the outputs and writes the result file of a step that could not check; the caller fails the step. */
export async function couldNotCheck(
  runner: RunnerContext,
  known: Record<string, unknown>,
  error: unknown,
  heading?: string,
): Promise<void> {
  await recordCouldNotCheck(runner, ACTION, COULD_NOT_CHECK, { found: null, ...known }, error, heading);
}

export async function run(inputs: GetDeploymentInputs): Promise<GetDeploymentResult> {
  // What is known so far, for the result file of a step that could not check.
  const known: Record<string, unknown> = {
    environment: inputs.environment,
    failIfMissing: inputs.failIfMissing,
  };
  try {
    return await check(inputs, known);
  } catch (error) {
    const heading = `Could not check the deployment to ${inputs.environment}`;
    await couldNotCheck(inputs.runner, known, error, inputs.summary ? heading : undefined);
    throw error;
  }
}

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

async function check(
  inputs: GetDeploymentInputs,
  known: Record<string, unknown>,
): Promise<GetDeploymentResult> {
  const { fingerprint } = await resolveFingerprint(inputs.artifact);
  known.fingerprint = fingerprint;
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('getDeployment', { env_name: inputs.environment, fingerprint });
    known.url = url;
    const answer = await log.group(`Read the deployment to ${inputs.environment}`, async () => {
      try {
        return await client.getDeployment(inputs.environment, fingerprint);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return notDeployed(error);
        throw error;
      }
    });

    const base = { environment: inputs.environment, fingerprint, url, failIfMissing: inputs.failIfMissing };
    let result: GetDeploymentResult;
    if (answer instanceof ApiError) {
      result = {
        ...base,
        outcome: 'not-found',
        found: false,
        deployedAt: null,
        snapshotIndex: null,
        artifactName: null,
        replacedFingerprint: null,
        diffUrl: null,
        message:
          `Artifact ${fingerprint} was not deployed to environment '${inputs.environment}'` +
          ` (org '${inputs.connection.org}'): the service answered HTTP 404` +
          `${answer.serverMessage ? `: ${answer.serverMessage.replace(/\.$/, '')}` : ''}.`,
        ...(answer.serverMessage !== undefined && { serverMessage: answer.serverMessage }),
      };
    } else {
      // deployed_at is the answer; the rest is only passed on: one sent malformed is left empty, not fatal.
      result = {
        ...base,
        outcome: 'found',
        found: true,
        deployedAt: formatTime(answer.deployed_at),
        snapshotIndex: shownField(() => answer.snapshot_index) ?? null,
        artifactName: shownField(() => answer.artifact_name) ?? null,
        replacedFingerprint: shownField(() => answer.replaced_artifact?.fingerprint) ?? null,
        diffUrl: shownField(() => answer.diff_url) ?? null,
        deployment: answer,
      };
      log.info(
        redact(
          `${result.artifactName ?? fingerprint} was deployed to ${inputs.environment} at ${result.deployedAt}` +
            `${result.snapshotIndex !== null ? ` (snapshot #${result.snapshotIndex})` : ''}.`,
        ),
      );
    }

    setOutputs({
      outcome: result.outcome,
      found: result.found,
      'deployed-at': result.deployedAt ?? '',
      'snapshot-index': result.snapshotIndex ?? '',
      'artifact-name': result.artifactName ?? '',
      'replaced-fingerprint': result.replacedFingerprint ?? '',
      'diff-url': result.diffUrl ?? '',
    });
    await writeResultFile(inputs.runner, ACTION, result);
    if (inputs.summary) await summarize(result).write(inputs.runner.summaryFile);
    if (result.message !== undefined) {
      if (inputs.failIfMissing) {
        log.fail(`${result.message} Set fail-if-missing: false to carry on when it is not deployed.`);
      } else {
        // A warning, so the service's words are seen: a 404 read wrongly as "not deployed" would pass silently.
        log.warning(`${result.message} fail-if-missing is false: carrying on with found=false.`);
      }
    }
    return result;
  });
}

/** `_links.<name>.href` when it is an http(s) URL (the spec does not show what `_links` holds). */
function linkOf(deployment: Deployment, name: string): string | undefined {
  const entry = shownField(() => deployment._links?.[name]);
  const href =
    entry && typeof entry === 'object' && 'href' in entry && typeof entry.href === 'string'
      ? entry.href
      : undefined;
  return safeUrl(href) ? href : undefined;
}

function summarize(result: GetDeploymentResult): SummaryWriter {
  const summary = new SummaryWriter();
  const deployment = result.deployment;
  if (!deployment) {
    summary.heading(`Not deployed to ${result.environment}`, 3);
    summary.paragraph(result.message ?? '');
    return summary;
  }
  const name = result.artifactName ?? result.fingerprint;
  summary.heading(`${name} deployed to ${result.environment}`, 3);
  const artifact = shownField(() => deployment.artifact) ?? undefined;
  const replaced = shownField(() => deployment.replaced_artifact) ?? undefined;
  const replacedName = shownField(() => replaced?.artifact_name);
  const rows: [string, Cell][] = [
    ['Environment', { text: result.environment, href: linkOf(deployment, 'environment') }],
    ['Artifact', name],
    ['Fingerprint', { code: result.fingerprint }],
    ['Deployed at', result.deployedAt],
    ['Snapshot', result.snapshotIndex !== null ? `#${result.snapshotIndex}` : undefined],
    ['Flow', shownField(() => artifact?.flow_name)],
    ['Trail', shownField(() => artifact?.trail_name)],
    [
      'Commit',
      commitCell({
        sha: shownField(() => artifact?.git_commit) ?? shownField(() => artifact?.git_commit_info?.sha1),
        message: shownField(() => artifact?.git_commit_info?.message),
        url: shownField(() => artifact?.git_commit_info?.url),
      }),
    ],
    [
      'Replaced',
      result.replacedFingerprint
        ? `${replacedName ? `${replacedName} ` : ''}(${result.replacedFingerprint.slice(0, 12)})`
        : 'nothing',
    ],
    [
      'Diff',
      safeUrl(result.diffUrl)
        ? { text: 'compare with the snapshot before', href: result.diffUrl }
        : undefined,
    ],
  ];
  summary.table(
    ['Field', 'Value'],
    rows.filter(([, value]) => value !== undefined && value !== null && value !== '').map((row) => [...row]),
  );
  return summary;
}
