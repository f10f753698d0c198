/**
 * get-deployment, rendering: the job summary, and what a step that could not check says. Text from the service is
 * escaped by the summary writer; links are http(s) only.
 */
import type { Deployment } from '../../api/schemas.js';
import { shortName, splitImageName } from '../../context/artifact-name.js';
import { formatDuration } from '../../context/time.js';
import type { ErrorExtras } from '../../runtime/step.js';
import { commitCell } from '../../summary/cells.js';
import { escapeText, link, safeUrl, SummaryWriter, type Cell } from '../../summary/writer.js';
import type { GetDeploymentInputs, GetDeploymentResult } from './types.js';

/** The heading of a step that could not check. */
export function couldNot(inputs: GetDeploymentInputs | undefined): string {
  return inputs
    ? `Could not check the deployment to ${inputs.environment}`
    : 'Could not check the deployment';
}

/** The outputs of a step that could not check: all empty, so none reads as an answer. */
export const ERROR_OUTPUTS = {
  found: '',
  'deployed-at': '',
  'snapshot-index': '',
  'artifact-name': '',
  'replaced-fingerprint': '',
  'replaced-commit': '',
  'compare-url': '',
  'lead-time-seconds': '',
  'diff-url': '',
};

/** What a step that could not check says besides `outcome: error`. */
export const onError: ErrorExtras<GetDeploymentInputs> = { outputs: ERROR_OUTPUTS };

/** `_links.<name>.href` when it is an http(s) URL (the spec does not show what `_links` holds). */
function linkOf(deployment: Deployment, name: string): string | undefined {
  const entry = deployment._links?.[name];
  const href =
    entry && typeof entry === 'object' && 'href' in entry && typeof entry.href === 'string'
      ? entry.href
      : undefined;
  return safeUrl(href) ? href : undefined;
}

/** The summary's and log's words for an answer that does not name what it is about. */
export function notConfirmedText(result: GetDeploymentResult): string {
  const named = { fingerprint: 'fingerprint', env_name: 'environment' } as const;
  const missing = (result.notConfirmed ?? []).map((key) => named[key]);
  return (
    `Not confirmed: the answer names no ${missing.join(' and no ')}, so it cannot be shown to be about ` +
    `${result.fingerprint} in ${result.environment} as asked.`
  );
}

/**
 * What the deployment replaced: "nothing" only where `replaced_artifact` reads as null; one named without a readable
 * fingerprint is not "nothing" (its name alone, else no row).
 */
function replacedCell(result: GetDeploymentResult, deployment: Deployment): string | undefined {
  const replaced = deployment.replaced_artifact;
  const name = replaced?.artifact_name ?? undefined;
  if (result.replacedFingerprint)
    return `${name ? `${name} ` : ''}(${result.replacedFingerprint.slice(0, 12)})`;
  if (replaced === null) return 'nothing';
  return name;
}

/**
 * What shipped, in one line: `backend 1.6.0 replaced 1.4.0 (14 commits, compare) 3 h 12 min after its commit`. Each
 * part only where the answer (or the checkout, for the count) gives it; undefined when there is nothing to say. As
 * text for the log, and as Markdown for the summary, where `compare` links to the compare page.
 */
export function shippedLine(result: GetDeploymentResult): { text: string; markdown: string } | undefined {
  const deployment = result.deployment;
  if (!deployment) return undefined;
  const replaced = deployment.replaced_artifact;
  const name = result.artifactName ? shortName(result.artifactName) : result.fingerprint.slice(0, 12);
  const replacedName = replaced?.artifact_name ?? undefined;
  const was = replacedName
    ? (splitImageName(replacedName).tag ?? shortName(replacedName))
    : result.replacedFingerprint?.slice(0, 12);
  const count =
    result.commits !== undefined ? `${result.commits} commit${result.commits === 1 ? '' : 's'}` : undefined;
  const compare = safeUrl(result.compareUrl);
  const rest =
    (replaced === null ? ' replaced nothing' : '') +
    (result.leadTimeSeconds !== null ? ` ${formatDuration(result.leadTimeSeconds)} after its commit` : '');
  if (was === undefined && rest === '') return undefined;
  if (was === undefined) return { text: `${name}${rest}`, markdown: escapeText(`${name}${rest}`) };
  // The parts around the word `compare`, escaped each on its own so that only that word is a link.
  const lead = `${name} replaced ${was}`;
  if (compare === undefined) {
    const text = `${lead}${count !== undefined ? ` (${count})` : ''}${rest}`;
    return { text, markdown: escapeText(text) };
  }
  const before = `${lead} (${count !== undefined ? `${count}, ` : ''}`;
  const after = `)${rest}`;
  return {
    text: `${before}compare${after}`,
    markdown: `${escapeText(before)}${link('compare', compare)}${escapeText(after)}`,
  };
}

export function summarize(result: GetDeploymentResult): SummaryWriter {
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
  const rows: [string, Cell][] = [
    ['Environment', { text: result.environment, href: linkOf(deployment, 'environment') }],
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
  ];
  summary.table(
    ['Field', 'Value'],
    rows.filter(([, value]) => value !== undefined && value !== null && value !== '').map((row) => [...row]),
  );
  return summary;
}
