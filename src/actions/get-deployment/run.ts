/**
 * get-deployment, running the check: the fingerprint (given, or computed as report-artifact computes it), the
 * deployment read from the service, its result (decide.ts) and the step, with the fail-if-missing gate.
 */
import { ApiError } from '../../errors/errors.js';
import { resolveFingerprint } from '../../runtime/artifact.js';
import { withClient } from '../../runtime/context.js';
import type { StepResult } from '../../runtime/step.js';
import { log } from '../../trust/log.js';
import { commitOf, found, notDeployed, notFound } from './decide.js';
import { notConfirmedText, shippedLine, summarize } from './render.js';
import type { GetDeploymentInputs, GetDeploymentResult } from './types.js';

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
  const commit = commitOf(result.deployment?.artifact ?? undefined);
  if (result.replacedCommit !== null && commit !== null) {
    // Counted where the checkout has both commits (a full clone); git is loaded only then.
    const { countCommits } = await import('../../context/git.js');
    const commits = countCommits(inputs.runner.workspace, result.replacedCommit, commit);
    if (commits !== undefined) result.commits = commits;
  }
  const step: StepResult = {
    outcome: result.found ? 'found' : 'not-found',
    outputs: {
      found: result.found,
      'deployed-at': result.deployedAt ?? '',
      'snapshot-index': result.snapshotIndex ?? '',
      'artifact-name': result.artifactName ?? '',
      'replaced-fingerprint': result.replacedFingerprint ?? '',
      'replaced-commit': result.replacedCommit ?? '',
      'compare-url': result.compareUrl ?? '',
      'lead-time-seconds': result.leadTimeSeconds ?? '',
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
    const shipped = shippedLine(result);
    if (shipped !== undefined) log.info(shipped.text);
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
