/**
 * get-deployment: when and in which snapshot an artifact started running in an environment, and what it replaced
 * (GET /deployments/{org}/{env}/{fp}). The fingerprint is given as is or computed the way report-artifact computes
 * it. A 404 means the artifact was not deployed there: the step fails saying so, or, with `fail-if-missing: false`,
 * carries on with `found=false`.
 */
import * as core from '@actions/core';
import { ApiError, InputError, redact, shownField } from '../../api/index.js';
import { expectedForms, type Deployment } from '../../api/schemas.js';
import type { InputReader } from '../../context/inputs.js';
import { formatTime } from '../../context/time.js';
import type { ArtifactSpec } from '../../fingerprint/artifact.js';
import { readArtifactSpec, resolveFingerprint } from '../../runtime/artifact.js';
import { readCommon, withClient, type CommonInputs } from '../../runtime/context.js';
import { setOutputs, writeResultFile } from '../../runtime/output.js';
import { safeUrl, SummaryWriter, type Cell } from '../../summary/writer.js';

const ACTION = 'get-deployment';

export interface GetDeploymentInputs extends CommonInputs {
  environment: string;
  artifact: ArtifactSpec;
  /** Fail the step when the artifact was not deployed to the environment (default true). */
  failIfMissing: boolean;
}

export function readInputs(inputs: InputReader, cwd: string): GetDeploymentInputs {
  const common = readCommon(inputs, cwd);
  const environment = inputs.matching('environment', 'envName');
  if (environment === undefined) throw new InputError('environment', 'is required', expectedForms.envName);
  return {
    ...common,
    environment,
    artifact: readArtifactSpec(inputs, common.runner.workspace),
    failIfMissing: inputs.boolean('fail-if-missing', true),
  };
}

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
  /** The service's answer; absent when not found. */
  deployment?: Deployment;
}

export async function run(inputs: GetDeploymentInputs): Promise<GetDeploymentResult> {
  const { fingerprint } = await resolveFingerprint(inputs.artifact);
  return withClient(inputs.connection, async (client) => {
    const url = client.urlFor('getDeployment', { env_name: inputs.environment, fingerprint });
    const answer = await core.group(`Read the deployment to ${inputs.environment}`, async () => {
      try {
        return await client.getDeployment(inputs.environment, fingerprint);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return error;
        throw error;
      }
    });

    const base = { environment: inputs.environment, fingerprint, url, failIfMissing: inputs.failIfMissing };
    let result: GetDeploymentResult;
    if (answer instanceof ApiError) {
      result = {
        ...base,
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
      };
    } else {
      result = {
        ...base,
        found: true,
        deployedAt: formatTime(answer.deployed_at),
        snapshotIndex: answer.snapshot_index ?? null,
        artifactName: answer.artifact_name ?? null,
        replacedFingerprint: answer.replaced_artifact?.fingerprint ?? null,
        diffUrl: answer.diff_url ?? null,
        deployment: answer,
      };
      core.info(
        redact(
          `${result.artifactName ?? fingerprint} was deployed to ${inputs.environment} at ${result.deployedAt}` +
            `${result.snapshotIndex !== null ? ` (snapshot #${result.snapshotIndex})` : ''}.`,
        ),
      );
    }

    setOutputs({
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
        core.setFailed(
          redact(`${result.message} Set fail-if-missing: false to carry on when it is not deployed.`),
        );
      } else {
        core.info(redact(`${result.message} fail-if-missing is false: carrying on with found=false.`));
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
  const commit =
    shownField(() => artifact?.git_commit) ?? shownField(() => artifact?.git_commit_info?.sha1) ?? undefined;
  const message = shownField(() => artifact?.git_commit_info?.message)?.split('\n')[0];
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
      commit
        ? {
            text: `${commit.slice(0, 7)}${message ? ` ${message}` : ''}`,
            href: shownField(() => artifact?.git_commit_info?.url),
          }
        : undefined,
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
