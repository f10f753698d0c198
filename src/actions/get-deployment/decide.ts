/**
 * get-deployment's decisions, pure (no I/O, no log): which 404 says the artifact was not deployed (any other could
 * not check), and the result of an answer: found or not, and whether a found one is confirmed to be about what was
 * asked.
 */
import { patterns, type Deployment } from '../../api/schemas.js';
import { compareUrl } from '../../context/commit-url.js';
import { serviceTime } from '../../context/time.js';
import { ApiError } from '../../errors/errors.js';
import { notFoundAbout } from '../../runtime/not-found.js';
import type { GetDeploymentInputs, GetDeploymentResult, ResultBase } from './types.js';

/** A 404 that names the artifact or its deployment, as opposed to the org or environment. */
const ABOUT_DEPLOYMENT = /\b(artifact|fingerprint|deploy)/i;

/**
 * The 404 of a deployment, or an error for one that does not say the artifact was not deployed: an org or
 * environment that does not exist (a typo) must not read as "not deployed", whatever fail-if-missing says.
 */
export function notDeployed(error: ApiError): ApiError {
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

/** The result of a 404 that says the artifact was not deployed there: nothing found, and why, in the service's words. */
export function notFound(
  inputs: GetDeploymentInputs,
  base: ResultBase,
  error: ApiError,
): GetDeploymentResult {
  return {
    ...base,
    found: false,
    deployedAt: null,
    snapshotIndex: null,
    artifactName: null,
    replacedFingerprint: null,
    replacedCommit: null,
    compareUrl: null,
    leadTimeSeconds: null,
    diffUrl: null,
    message:
      `Artifact ${base.fingerprint} was not deployed to environment '${inputs.environment}'` +
      ` (org '${inputs.connection.org}'): the service answered HTTP 404` +
      `${error.serverMessage ? `: ${error.serverMessage.replace(/\.$/, '')}` : ''}.`,
    ...(error.serverMessage !== undefined && { serverMessage: error.serverMessage }),
  };
}

/** A 200 is the answer; the rest is only passed on or shown: one the service leaves out is left empty. */
export function found(base: ResultBase, answer: Deployment): GetDeploymentResult {
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
    ...shipped(answer),
    diffUrl: answer.diff_url ?? null,
    deployment: answer,
  };
}

/**
 * The commit of a deployment's artifact, or of the one it replaced: `git_commit`, else its commit info's SHA; only a
 * SHA (7 to 40 hexadecimal characters) is one. It becomes an output a workflow may put in a command line
 * (`git log <it>..`), so anything else the service sends is no commit (null), never passed on.
 */
export function commitOf(artifact: Deployment['artifact'] | undefined): string | null {
  const sha = [artifact?.git_commit, artifact?.git_commit_info?.sha1].find(
    (s): s is string => typeof s === 'string' && patterns.commitSha.test(s),
  );
  return sha?.toLowerCase() ?? null;
}

/**
 * What shipped, from the one answer (no other request): the replaced artifact's commit, a compare link from it to
 * this artifact's commit, and the lead time from this commit to the deployment's start. Each is null where the
 * answer does not give what it rests on; a deployment that starts before its commit is not a lead time (null).
 */
function shipped(
  answer: Deployment,
): Pick<GetDeploymentResult, 'replacedCommit' | 'compareUrl' | 'leadTimeSeconds'> {
  const artifact = answer.artifact ?? undefined;
  const replaced = answer.replaced_artifact?.artifact ?? undefined;
  const committed = artifact?.git_commit_info?.timestamp;
  const lead =
    typeof committed === 'number' && typeof answer.deployed_at === 'number'
      ? Math.floor(answer.deployed_at) - Math.floor(committed)
      : undefined;
  return {
    replacedCommit: commitOf(replaced),
    compareUrl: compareUrl(replaced?.git_commit_info?.url, artifact?.git_commit_info?.url) ?? null,
    leadTimeSeconds: lead !== undefined && Number.isSafeInteger(lead) && lead >= 0 ? lead : null,
  };
}
