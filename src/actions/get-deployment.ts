/**
 * get-deployment: when and in which snapshot an artifact started running in an environment, and what it replaced.
 * Only a 404 that says it was not deployed is not-found (`fail-if-missing` decides); any other could not check.
 */
import { isRecord } from '../api/parse.js';
import { patterns, type Deployment } from '../api/schemas.js';
import { shortName, splitImageName } from '../context/artifact-name.js';
import { compareUrl } from '../context/commit-url.js';
import type { InputReader } from '../context/inputs.js';
import { formatDuration, serviceTime } from '../context/time.js';
import { ApiError } from '../errors/errors.js';
import { readArtifactSpec, resolveFingerprint } from '../runtime/artifact.js';
import { readCommon, withClient } from '../runtime/context.js';
import { notFoundAbout } from '../runtime/not-found.js';
import { defineAction, type StepResult } from '../runtime/step.js';
import { commitCell } from '../summary/cells.js';
import { escapeText, link, safeUrl, SummaryWriter } from '../summary/writer.js';
import { log } from '../trust/log.js';
import { plural } from '../trust/text.js';

// The inputs: the environment, the artifact (a fingerprint, or what to fingerprint) and the gate.

export async function readInputs(inputs: InputReader, cwd: string) {
  const common = readCommon(inputs, cwd);
  return {
    ...common,
    environment: inputs.requiredMatching('environment', 'envName'),
    artifact: await readArtifactSpec(inputs, common.runner.workspace),
    /** Fail the step when the artifact was not deployed to the environment (default true). */
    failIfMissing: inputs.boolean('fail-if-missing', true),
  };
}

type GetDeploymentInputs = Awaited<ReturnType<typeof readInputs>>;

interface GetDeploymentResult {
  environment: string;
  fingerprint: string;
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

/** The outputs besides `found`, each the result's field of that name (null, where not given, is empty). */
const OUTPUTS = {
  'deployed-at': 'deployedAt',
  'snapshot-index': 'snapshotIndex',
  'artifact-name': 'artifactName',
  'replaced-fingerprint': 'replacedFingerprint',
  'replaced-commit': 'replacedCommit',
  'compare-url': 'compareUrl',
  'lead-time-seconds': 'leadTimeSeconds',
  'diff-url': 'diffUrl',
} as const satisfies Record<string, keyof GetDeploymentResult>;

/** The fields read from an answer, each null where it gives none. */
type Answered = Pick<GetDeploymentResult, (typeof OUTPUTS)[keyof typeof OUTPUTS]>;

/** What the result says whatever the answer: what was asked, and where. */
type ResultBase = Pick<GetDeploymentResult, 'environment' | 'fingerprint' | 'url' | 'failIfMissing'>;

// The decision (pure: no I/O, no log): which 404 says the artifact was not deployed (any other could not check),
// and the result of an answer: found or not, and whether a found one is confirmed to be about what was asked.

/** A 404 that names the artifact or its deployment, as opposed to the org or environment. */
const ABOUT_DEPLOYMENT = /\b(artifact|fingerprint|deploy)/i;

/** The 404 of a deployment, else an error: a typo in the org or environment must not read as "not deployed". */
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

/** The result of a 404 that says the artifact was not deployed there: nothing found, and why, in the service's words. */
function notFound(inputs: GetDeploymentInputs, base: ResultBase, error: ApiError): GetDeploymentResult {
  return {
    ...base,
    found: false,
    ...(Object.fromEntries(Object.values(OUTPUTS).map((key) => [key, null])) as Answered),
    message:
      `Artifact ${base.fingerprint} was not deployed to environment '${inputs.environment}'` +
      ` (org '${inputs.connection.org}'): the service answered HTTP 404` +
      `${error.serverMessage ? `: ${error.serverMessage.replace(/\.$/, '')}` : ''}.`,
    ...(error.serverMessage !== undefined && { serverMessage: error.serverMessage }),
  };
}

/**
 * A 200 is the answer; the rest is only passed on or shown: one the service leaves out is left empty. What shipped
 * comes from the one answer: the replaced commit, the compare link, the lead time (null when negative).
 */
function found(base: ResultBase, answer: Deployment): GetDeploymentResult {
  // The client holds a fingerprint or environment that is named to the one asked; one not named is not confirmed.
  const notConfirmed = (['fingerprint', 'env_name'] as const).filter((key) => !answer[key]);
  const { artifact, deployed_at: deployedAt } = answer;
  const replaced = answer.replaced_artifact?.artifact;
  const committed = artifact?.git_commit_info?.timestamp;
  const lead =
    typeof committed === 'number' && typeof deployedAt === 'number'
      ? Math.floor(deployedAt) - Math.floor(committed)
      : NaN;
  return {
    ...base,
    found: true,
    ...(notConfirmed.length > 0 && { notConfirmed }),
    deployedAt: deployedAt !== null ? (serviceTime(deployedAt) ?? null) : null,
    snapshotIndex: answer.snapshot_index ?? null,
    artifactName: answer.artifact_name ?? null,
    replacedFingerprint: answer.replaced_artifact?.fingerprint ?? null,
    replacedCommit: commitOf(replaced),
    compareUrl: compareUrl(replaced?.git_commit_info?.url, artifact?.git_commit_info?.url) ?? null,
    leadTimeSeconds: Number.isSafeInteger(lead) && lead >= 0 ? lead : null,
    diffUrl: answer.diff_url ?? null,
    deployment: answer,
  };
}

/** A deployment's commit (or the replaced one's): only a SHA, as it reaches command lines; else null. */
function commitOf(artifact?: Deployment['artifact']): string | null {
  const sha = [artifact?.git_commit, artifact?.git_commit_info?.sha1].find(
    (s): s is string => typeof s === 'string' && patterns.commitSha.test(s),
  );
  return sha?.toLowerCase() ?? null;
}

// The run: the fingerprint (given, or computed as report-artifact computes it), the deployment read from the
// service, its result and the step, with the fail-if-missing gate.

async function run(inputs: GetDeploymentInputs): Promise<StepResult> {
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
  const commit = commitOf(result.deployment?.artifact);
  if (result.replacedCommit !== null && commit !== null) {
    // Counted where the checkout has both commits (a full clone); git is loaded only then.
    const { countCommits } = await import('../context/git.js');
    const commits = countCommits(inputs.runner.workspace, result.replacedCommit, commit);
    if (commits !== undefined) result.commits = commits;
  }
  const step: StepResult = {
    outcome: result.found ? 'found' : 'not-found',
    outputs: {
      found: result.found,
      ...Object.fromEntries(Object.entries(OUTPUTS).map(([output, key]) => [output, result[key] ?? ''])),
    },
    result: { ...result },
    summary: summarize(result),
  };
  if (result.message !== undefined) {
    // Else a warning, so the service's words are seen: a 404 read wrongly as "not deployed" would pass silently.
    if (inputs.failIfMissing) {
      step.failure = `${result.message} Set fail-if-missing: false to carry on when it is not deployed.`;
    } else {
      const message = `${result.message} fail-if-missing is false: carrying on with found=false.`;
      step.annotations = [{ level: 'warning', message }];
    }
    return step;
  }
  log.info(
    `${result.artifactName ?? fingerprint} was deployed to ${inputs.environment}` +
      (result.deployedAt !== null ? ` at ${result.deployedAt}` : '') +
      `${result.snapshotIndex !== null ? ` (snapshot #${result.snapshotIndex})` : ''}.`,
  );
  const shipped = shippedLine(result);
  if (shipped !== undefined) log.info(shipped.text);
  if (!result.notConfirmed) return step;
  log.info(notConfirmedText(result));
  if (!inputs.failIfMissing) return step;
  // fail-if-missing is a gate: it cannot pass on an answer not shown to be about what was asked (`found` not set).
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

// The rendering: the job summary. Text from the service is escaped by the summary writer; links are http(s) only.

/** The summary's and log's words for an answer that does not name what it is about. */
function notConfirmedText(result: GetDeploymentResult): string {
  const named = { fingerprint: 'fingerprint', env_name: 'environment' } as const;
  const missing = (result.notConfirmed ?? []).map((key) => named[key]);
  return (
    `Not confirmed: the answer names no ${missing.join(' and no ')}, so it cannot be shown to be about ` +
    `${result.fingerprint} in ${result.environment} as asked.`
  );
}

/** What it replaced: "nothing" only where `replaced_artifact` is null; else by its fingerprint or name. */
function replacedCell(result: GetDeploymentResult, deployment: Deployment): string | undefined {
  const replaced = deployment.replaced_artifact;
  const name = replaced?.artifact_name ?? undefined;
  if (result.replacedFingerprint)
    return `${name ? `${name} ` : ''}(${result.replacedFingerprint.slice(0, 12)})`;
  if (replaced === null) return 'nothing';
  return name;
}

/** What shipped in one line (`backend 1.6.0 replaced 1.4.0 (14 commits, compare) …`), as text or Markdown. */
function shippedLine(result: GetDeploymentResult): { text: string; markdown: string } | undefined {
  const deployment = result.deployment;
  if (!deployment) return undefined;
  const replaced = deployment.replaced_artifact;
  const name = result.artifactName ? shortName(result.artifactName) : result.fingerprint.slice(0, 12);
  const replacedName = replaced?.artifact_name ?? undefined;
  const was = replacedName
    ? (splitImageName(replacedName).tag ?? shortName(replacedName))
    : result.replacedFingerprint?.slice(0, 12);
  const count =
    result.commits !== undefined ? `${result.commits} ${plural(result.commits, 'commit')}` : undefined;
  const compare = safeUrl(result.compareUrl);
  const rest =
    (replaced === null ? ' replaced nothing' : '') +
    (result.leadTimeSeconds !== null ? ` ${formatDuration(result.leadTimeSeconds)} after its commit` : '');
  const plain = (text: string) => ({ text, markdown: escapeText(text) });
  if (was === undefined) return rest === '' ? undefined : plain(`${name}${rest}`);
  const lead = `${name} replaced ${was}`;
  if (compare === undefined) return plain(`${lead}${count !== undefined ? ` (${count})` : ''}${rest}`);
  // The parts around the word `compare`, escaped each on its own so that only that word is a link.
  const before = `${lead} (${count !== undefined ? `${count}, ` : ''}`;
  const after = `)${rest}`;
  return {
    text: `${before}compare${after}`,
    markdown: `${escapeText(before)}${link('compare', compare)}${escapeText(after)}`,
  };
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
  if (result.notConfirmed) summary.paragraph(notConfirmedText(result));
  const shipped = shippedLine(result);
  if (shipped !== undefined) summary.markdown(shipped.markdown);
  const artifact = deployment.artifact ?? undefined;
  // `_links.environment.href`, where it is text (the spec does not show what `_links` holds).
  const environmentLink: unknown = deployment._links?.environment;
  const href =
    isRecord(environmentLink) && typeof environmentLink.href === 'string' ? environmentLink.href : undefined;
  summary.fields([
    ['Environment', { text: result.environment, href }],
    ['Artifact', name],
    ['Fingerprint', { code: result.fingerprint }],
    ['Deployed at', result.deployedAt],
    ['Snapshot', result.snapshotIndex !== null ? `#${result.snapshotIndex}` : undefined],
    ['Flow', artifact?.flow_name],
    ['Trail', artifact?.trail_name],
    [
      'Commit',
      commitCell({
        sha: artifact?.git_commit ?? artifact?.git_commit_info?.sha1,
        message: artifact?.git_commit_info?.message,
        url: artifact?.git_commit_info?.url,
      }),
    ],
    ['Replaced', replacedCell(result, deployment)],
    [
      'Replaced commit',
      result.replacedCommit !== null ? { code: result.replacedCommit.slice(0, 12) } : undefined,
    ],
    [
      'Lead time',
      result.leadTimeSeconds !== null
        ? `${formatDuration(result.leadTimeSeconds)}${result.leadTimeSeconds >= 60 ? ` (${result.leadTimeSeconds} s)` : ''} from its commit`
        : undefined,
    ],
    [
      'Diff',
      safeUrl(result.diffUrl)
        ? { text: 'compare with the snapshot before', href: result.diffUrl }
        : undefined,
    ],
  ]);
  return summary;
}

export const action = defineAction({
  name: 'get-deployment',
  read: readInputs,
  run,
  couldNot: (inputs) =>
    inputs ? `Could not check the deployment to ${inputs.environment}` : 'Could not check the deployment',
  // What the inputs say, for the result file of a step that could not check: never "found" nor "not found".
  describe: (inputs) => ({
    environment: inputs.environment,
    ...(inputs.artifact.type === 'fingerprint' && { fingerprint: inputs.artifact.fingerprint }),
    failIfMissing: inputs.failIfMissing,
    found: null,
  }),
  // The outputs of a step that could not check: all empty, so none reads as an answer.
  onError: { outputs: Object.fromEntries(['found', ...Object.keys(OUTPUTS)].map((output) => [output, ''])) },
});
